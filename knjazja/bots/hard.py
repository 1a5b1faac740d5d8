"""The Hard level: the round look-ahead (`bots/rounds.py`) over Normal's best moves.

`HardBot` takes Normal's candidates (`root_candidates`: Normal's values, the best few
within a margin), plays each on for a round in worlds dealt from its observation, with
Normal's sense (`pressing`) and the others' kept cards read (`bots/reading.py`), and
takes the best; `judge` gives its judgement of every candidate (the Hint button's
ranking, `bots/hints.py`).  The tree searches that were measured against it live in the
laboratory (`knjazja_lab/learned.py`: `hard-learned` and Hard's other modes).

Budget: `iterations` (worlds per decision, scaled up late in the game) with a `time_cap`
in seconds that keeps a busy machine from slowing the game: on a quiet machine the cap is
not reached and the play is the same on every machine.  `iterations` alone is fully
deterministic given the rng; `budget` is seconds without an iteration limit.
"""
from __future__ import annotations

import math
import random
import time

from knjazja.engine import Action, Observation

from .idle import without_idle
from .lookahead import action_values, pointless
from .net import EvalNet, search_net
from .sense import Sense, edges, focus, preset

HARD_WORLDS = 8                        # the Hard level: worlds per decision (scaled by phase)
HARD_TIME_CAP = 0.7                    # ... and its time cap in seconds


def root_candidates(obs: Observation, legal: list[Action], net: EvalNet, rng: random.Random,
                    top_k: int, margin: float, worlds: int, tau: float, read: object = False,
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


def phase(obs: Observation) -> float:
    """0 at the deal .. 1 once the deck is nearly gone or the end is set."""
    if obs.end_turn is not None:
        return 1.0
    full = 100 - 4 * obs.n
    return max(0.0, min(1.0, 1.0 - obs.deck_size / full))


class HardBot:
    """The Hard level.  No budget given: `HARD_WORLDS` worlds a decision with a
    `HARD_TIME_CAP` cap; `read=False` deals the others' kept cards uniformly; the other
    keywords go to the round look-ahead (`rounds.choose_by_rounds`)."""
    name = "hard"
    needs_process = True      # its search would hold the interpreter lock: `thinker.Thinker`

    def __init__(self, iterations: int | None = None, time_cap: float | None = None,
                 budget: float | None = None, scale: tuple = (0.6, 1.6),
                 net: EvalNet | None = None, sense: str | Sense | None = "pressing",
                 model_net: EvalNet | None = None, read: bool = True, **round_kw) -> None:
        if iterations is None and time_cap is None and budget is None:
            iterations, time_cap = HARD_WORLDS, HARD_TIME_CAP
        self.iterations = iterations
        self.time_cap = time_cap
        self.budget = budget
        self.scale = scale
        self.search_kw = dict(round_kw, mode="round", read=read)
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
        net = self._net if self._net is not None else search_net()
        edge = edges(obs, legal, self.sense)
        return judge_by_rounds(obs, legal, net, rng, worlds, deadline,
                               edge=edge if any(edge) else None, **kw)

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        legal = without_idle(obs, legal)          # no card played for nothing
        if self.sense is not None:
            legal = [legal[i] for i in focus(obs, legal, sense=self.sense)]
        if len(legal) == 1:
            return legal[0]
        from . import rounds
        net = self._net if self._net is not None else search_net()
        worlds, deadline, kw = self._round_args(obs)
        edge = edges(obs, legal, self.sense)
        chosen = rounds.choose_by_rounds(obs, legal, net, rng, worlds, deadline,
                                         edge=edge if any(edge) else None, **kw)
        if self.sense is not None and self.sense.probe:      # an idle turn: a rival's open city
            from .press import probe
            war = probe(obs, legal, legal.index(chosen), rng, odds=self.sense.probe)
            if war >= 0:
                return legal[war]
        return chosen


def hard_level(**kw) -> HardBot:
    """The Hard level (`HardBot`); kept as the name the hints and tests call it by."""
    return HardBot(**kw)
