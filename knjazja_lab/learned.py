"""`hard-learned` and Hard's other search modes: the tree searches measured against the
shipped Hard (`knjazja.bots.hard`), which plays the "round" mode only.

`search` (the "tree" mode) is information-set MCTS over dealt worlds, the learned
evaluation at the leaves.  Root candidates and their priors come from Normal's
look-ahead (`hard.root_candidates`).  Each iteration deals one world consistent with
the bot's observation (`knjazja.engine.determinize`), picks a candidate by UCB, walks the
tree below it (`tree.descend`), plays on with the rules of thumb for a short horizon, and
scores the position reached with the network from the bot's own view — every seat's win
chance at once; a finished game scores its exact win shares.  "paired" (`paired.py`),
"shrink" and "look" are further experiments.

Budget: `iterations` per decision (scaled by the game's phase) with a `time_cap`;
`iterations` with `time_cap=None` is deterministic given the rng.
"""
from __future__ import annotations

import random
import time

from knjazja.engine import Action, Observation, apply, determinize
from knjazja.engine.scoring import final_scores, win_shares

from knjazja.bots.features import extract
from knjazja.bots.hard import HardBot, root_candidates
from knjazja.bots.lookahead import action_values
from knjazja.bots.net import EvalNet, default_net, softmax
from knjazja.bots.sense import Sense, focus
from knjazja.bots.view import View

from .paired import paired_search, play_out
from .tree import Root, back_up, descend

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
        back_up(root, i, path, leaf_rewards(det, me, net), me)
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


class LearnedHardBot(HardBot):
    """`hard-learned` (the "tree" mode) and Hard's experimental modes; the "round" mode is
    the shipped Hard's own choice."""
    name = "hard-learned"
    needs_process = True

    def __init__(self, iterations: int | None = None, time_cap: float | None = None,
                 budget: float | None = None, scale: tuple = (0.6, 1.6),
                 net: EvalNet | None = None, sense: bool | str | Sense | None = True,
                 model_net: EvalNet | None = None, **search_kw) -> None:
        """No arguments: the default budget (iterations with a time cap).  `iterations`
        alone is deterministic; `budget` is seconds without an iteration limit."""
        if iterations is None and time_cap is None and budget is None:
            iterations, time_cap = DEFAULT_ITERATIONS, DEFAULT_TIME_CAP
        from .factory import sense_preset
        super().__init__(iterations, time_cap, budget, scale, net, sense_preset(sense), model_net)
        self.search_kw = search_kw        # the mode and the search's settings, as given

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        if self.search_kw.get("mode") == "round":     # the shipped Hard's look-ahead
            return super().choose(obs, legal, rng)
        if self.sense is not None:
            legal = [legal[i] for i in focus(obs, legal, sense=self.sense)]
        if len(legal) == 1:
            return legal[0]
        net = self._net if self._net is not None else default_net()
        iters, budget, cap = self._budget(obs)
        if self.search_kw.get("mode") == "look":      # experiment: a careful one-ply
            vals = action_values(obs, legal, net, rng, LOOK_WORLDS, LOOK_REFINE, LOOK_CAP)
            return legal[max(range(len(legal)), key=vals.__getitem__)]
        st = search(obs, legal, rng, iterations=iters, budget=budget, time_cap=cap,
                    net=net, **self.search_kw)
        return best_of(st)
