"""The searches over Normal's best moves: the Hard level and `hard-learned`.

`hard_level` builds the Hard level: `HardBot` in the "round" mode, whose look-ahead is
`bots/rounds.py`; `judge` gives its judgement of every candidate (the Hint button's
ranking, `bots/hints.py`).  `search` (the "tree" mode, below) is `hard-learned`; the
"paired", "shrink" and "look" modes are experiments.

`search` is information-set MCTS over dealt worlds, the learned evaluation at the leaves.
Root candidates and their priors come from Normal's look-ahead (`lookahead.action_values`,
P(win) after each action).  Each iteration deals one world consistent with the bot's
observation (`knjazja.engine.determinize`), picks a candidate by UCB, walks the tree
below it (`tree.descend`), plays on with the rule-of-thumb policy for a short horizon,
and scores the position reached with the network from the bot's own view — every
seat's win chance at once; a finished game scores its exact win shares.

Budget: `iterations` per decision (scaled up late in the game, where the search pays
most) with a `time_cap` in seconds that keeps a busy machine from slowing the game:
on a quiet machine the cap is not reached and the play is the same on every machine.
`iterations` with `time_cap=None` is fully deterministic given the rng; `budget`
(seconds, no iteration limit) is the old time-only budget.
"""
from __future__ import annotations

import math
import random
import time

from knjazja.engine import Action, Observation, apply, determinize
from knjazja.engine.scoring import final_scores, win_shares

from .features import extract
from .lookahead import action_values, pointless
from .net import EvalNet, default_net, softmax
from .paired import paired_search, play_out
from .sense import Sense, edges, focus, preset
from .tree import Root, descend
from .view import View

HARD_WORLDS = 8                        # the Hard level: worlds per decision (scaled by phase)
HARD_TIME_CAP = 0.7                    # ... and its time cap in seconds
DEFAULT_ITERATIONS = 160
DEFAULT_TIME_CAP = 0.8
SHRINK_VISITS = 12                     # "hard:shrink": Normal's value counts as this many visits
LOOK_WORLDS, LOOK_REFINE, LOOK_CAP = 8, 6, 160    # "hard:look": a careful one-ply


def leaf_rewards(s, me: int, net: EvalNet) -> list[float]:
    """Every seat's win chance in state `s` (absolute seat order), from `me`'s view."""
    n = s.n
    if s.over:
        return win_shares(final_scores(s))
    us, _ = net.heads(extract(View.from_state(s, me)))
    rel = softmax(us)
    return [rel[(t - me) % n] for t in range(n)]


def root_candidates(obs: Observation, legal: list[Action], net: EvalNet, rng: random.Random,
                    top_k: int, margin: float, worlds: int, tau: float, read: bool = False,
                    edge: list[float] | None = None):
    """Normal's values of every action (plus `edge`, the sense's leans: `sense.edges`);
    the best `top_k` within `margin` and priors."""
    values = action_values(obs, legal, net, rng, worlds, read=read)
    if edge is not None:
        values = [v + e for v, e in zip(values, edge)]
    order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
    # a move no prince would weigh (a gift, a blow to oneself) is never a candidate: its
    # floor value could still lie within the margin when the moves are few
    worth = [i for i in order if not pointless(obs, legal[i])] or order
    best = values[worth[0]]
    idx = [i for i in worth[:max(1, top_k)] if values[i] >= best - margin]
    prior = [math.exp((values[i] - best) / tau) for i in idx]
    z = sum(prior)
    return values, order, idx, [p / z for p in prior]


def search(obs: Observation, legal: list[Action], rng: random.Random,
           iterations: int | None = None, budget: float | None = None,
           time_cap: float | None = None, net: EvalNet | None = None, top_k: int = 6,
           margin: float = 0.2, horizon_rounds: float = 1.0, max_depth: int = 2,
           c_uct: float = 0.35, bias: float = 0.3, worlds: int = 3, tau: float = 0.03,
           mode: str = "tree") -> dict:
    """Run the search; returns {"iterations", "candidates": [(action, visits, mean)],
    "scores": [(action, Normal's value)] best first, ...}."""
    net = net if net is not None else default_net()
    if iterations is None and budget is None:
        iterations, time_cap = DEFAULT_ITERATIONS, DEFAULT_TIME_CAP
    t0 = time.perf_counter()
    deadline = None
    if budget is not None:
        deadline = t0 + budget
    elif time_cap is not None:
        deadline = t0 + time_cap
    values, order, idx, prior = root_candidates(obs, legal, net, rng, top_k, margin, worlds, tau)
    cands = [legal[i] for i in idx]
    me = obs.seat
    horizon = max(0, int(round(horizon_rounds * obs.n)))
    if mode == "paired" and len(cands) > 1:
        st = paired_search(obs, cands, rng, net, leaf_rewards, iterations, deadline, horizon)
        st["seconds"] = time.perf_counter() - t0
        st["scores"] = [(legal[i], values[i]) for i in order]
        return st
    root = Root(len(cands))
    it = 0
    while len(cands) > 1:
        if iterations is not None and it >= iterations:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            break
        it += 1
        det = determinize(obs, rng)
        i = root.select(it, prior, c_uct, bias)
        apply(det, cands[i])
        path = descend(det, root.children[i], max_depth, c_uct, rng)
        play_out(det, horizon, rng)
        r = leaf_rewards(det, me, net)
        root.update(i, r[me])
        for nd, seat in path:
            nd.visits += 1
            nd.total += r[seat]
    return {
        "iterations": it,
        "seconds": time.perf_counter() - t0,
        "candidates": [(cands[k], root.n[k], root.w[k] / root.n[k] if root.n[k] else values[idx[k]])
                       for k in range(len(cands))],
        "sq": root.w2,
        "scores": [(legal[i], values[i]) for i in order],
        "prior_values": [values[i] for i in idx],
        "shrink": SHRINK_VISITS if mode == "shrink" else 0,
    }


def best_of(stats: dict) -> Action:
    """The most visited candidate (ties: the better mean, then Normal's order); in the
    paired search, the best mean among the candidates that survived."""
    cands = stats["candidates"]
    if "alive" in stats:
        best = max(stats["alive"], key=lambda k: (cands[k][2], -k))
        return cands[best][0]
    m = stats.get("shrink", 0)
    if m:                         # the search's means, shrunk towards Normal's values
        pv = stats["prior_values"]
        best = max(range(len(cands)),
                   key=lambda k: ((cands[k][1] * cands[k][2] + m * pv[k]) / (cands[k][1] + m), -k))
        return cands[best][0]
    best = max(range(len(cands)), key=lambda k: (cands[k][1], cands[k][2], -k))
    return cands[best][0]


def phase(obs: Observation) -> float:
    """0 at the deal .. 1 once the deck is nearly gone or the end is set."""
    if obs.end_turn is not None:
        return 1.0
    full = 100 - 4 * obs.n
    return max(0.0, min(1.0, 1.0 - obs.deck_size / full))


class HardBot:
    name = "hard-learned"

    def __init__(self, iterations: int | None = None, time_cap: float | None = None,
                 budget: float | None = None, scale: tuple = (0.6, 1.6),
                 net: EvalNet | None = None, sense: bool | str | Sense | None = True,
                 model_net: EvalNet | None = None, **search_kw) -> None:
        """No arguments: the default budget (iterations with a time cap).  `iterations`
        alone is deterministic; `budget` is seconds without an iteration limit."""
        if iterations is None and time_cap is None and budget is None:
            iterations, time_cap = DEFAULT_ITERATIONS, DEFAULT_TIME_CAP
        self.iterations = iterations
        self.time_cap = time_cap
        self.budget = budget
        self.scale = scale
        self.search_kw = search_kw
        self.sense = preset(sense)        # which `bots.sense` rules narrow the choice
        self._net = net                   # None: the shipped network, loaded where it runs
        self._model_net = model_net       # the round's model of every seat (None: `net`)

    def _budget(self, obs: Observation) -> tuple[int | None, float | None, float | None]:
        """Iterations, seconds and time cap for this decision, scaled by the game's phase."""
        lo, hi = self.scale
        f = lo + (hi - lo) * phase(obs)
        iters = None if self.iterations is None else max(1, int(round(self.iterations * f)))
        budget = None if self.budget is None else self.budget * f
        cap = None if self.time_cap is None else self.time_cap * min(1.0, f)
        if iters is None and budget is None:
            budget = cap
            cap = None
        return iters, budget, cap

    def _round_args(self, obs: Observation) -> tuple[int, float | None, dict]:
        """The round look-ahead's worlds, deadline and keywords for this decision."""
        iters, budget, cap = self._budget(obs)
        limit = cap if cap is not None else budget
        deadline = None if limit is None else time.perf_counter() + limit
        kw = {k: v for k, v in self.search_kw.items() if k not in ("mode", "horizon_rounds")}
        return iters or 64, deadline, dict(kw, model_net=self._model_net)

    def judge(self, obs: Observation, legal: list[Action], rng: random.Random
              ) -> tuple[list[float], list[int], list[float]]:
        """The round look-ahead's judgement of `legal` as this bot's `choose` makes it (the
        sense's leans, `sense.edges`, included; its rules not: the caller narrows `legal`),
        for hints: `rounds.judge_by_rounds`."""
        from .rounds import judge_by_rounds
        worlds, deadline, kw = self._round_args(obs)
        net = self._net if self._net is not None else default_net()
        edge = edges(obs, legal, self.sense)
        return judge_by_rounds(obs, legal, net, rng, worlds, deadline,
                               edge=edge if any(edge) else None, **kw)

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        if self.sense is not None:
            legal = [legal[i] for i in focus(obs, legal, sense=self.sense)]
        if len(legal) == 1:
            return legal[0]
        net = self._net if self._net is not None else default_net()
        if self.search_kw.get("mode") == "round":     # the round look-ahead (bots/rounds.py)
            from . import rounds
            worlds, deadline, kw = self._round_args(obs)
            edge = edges(obs, legal, self.sense)
            return rounds.choose_by_rounds(obs, legal, net, rng, worlds, deadline,
                                           edge=edge if any(edge) else None, **kw)
        iters, budget, cap = self._budget(obs)
        if self.search_kw.get("mode") == "look":      # experiment: a careful one-ply
            vals = action_values(obs, legal, net, rng, LOOK_WORLDS, LOOK_REFINE, LOOK_CAP)
            return legal[max(range(len(legal)), key=vals.__getitem__)]
        st = search(obs, legal, rng, iterations=iters, budget=budget, time_cap=cap,
                    net=net, **self.search_kw)
        return best_of(st)


def hard_level(**kw) -> HardBot:
    """The Hard level: the round look-ahead (`bots/rounds.py`) over Normal's best moves,
    with Normal's sense (`pressing`; the full hand's lean is Normal's own), its worlds dealt with the
    others' kept cards read (`bots/reading.py`; `read=False` deals them uniformly);
    `iterations` alone (worlds per decision) is deterministic."""
    if not any(k in kw for k in ("iterations", "time_cap", "budget")):
        kw = dict(kw, iterations=HARD_WORLDS, time_cap=HARD_TIME_CAP)
    kw.setdefault("sense", "pressing")
    kw.setdefault("mode", "round")
    kw.setdefault("read", True)
    bot = HardBot(**kw)
    bot.name = "hard"
    return bot
