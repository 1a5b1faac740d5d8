"""Hard-classic: single-observer information-set MCTS (SO-ISMCTS) over determinizations.

Each iteration deals one world consistent with the bot's observation
(`knjazja.engine.determinize`), walks the tree (UCB with availability counts below
the root), plays the rest with the fast rule policy (`fast.fast_choose`) for a few
rounds and scores the cut-off position with the leaf evaluation turned into win
chances (a terminal position scores its exact win shares).  Every node keeps the reward
of the seat that moved into it, so opponents pick their own best replies in the tree.

The root's candidates are Normal's best `top_k` actions (Normal's scores also give a
fading progressive bias), so the search spends its budget where a sensible player
would look.  The answer is the most visited candidate.

Budget: `iterations` (deterministic given the rng) or `budget` seconds (default 0.4 s;
timing-dependent).  `workers=2` runs a root-parallel search in two processes and adds
their root statistics.
"""
from __future__ import annotations

import math
import random
import time
from typing import cast

from knjazja.bots.sense import Sense
from knjazja.engine import Action, Observation, apply, determinize, legal_actions
from knjazja.engine.scoring import final_scores, win_shares

from knjazja.bots.rules_of_thumb import fast_choose
from knjazja.bots.view import View

from ..tree import Root, back_up, descend
from .evaluator import Evaluator
from .leaf import leaf_values, win_probs
from .normal import score_actions

DEFAULT_BUDGET = 0.4


def _rewards(s, rounds_left: float, me: int, leaf: str, params: dict | None) -> list[float]:
    if s.over:
        return win_shares(final_scores(s))
    if leaf == "normal":
        ev = Evaluator(View.from_state(s, me), params)
        return win_probs(ev.U0, rounds_left)
    return win_probs(leaf_values(s), rounds_left)


def search(obs: Observation, legal: list[Action], rng: random.Random, budget: float | None = None,
           iterations: int | None = None, top_k: int = 6, horizon_rounds: float = 1.5,
           max_depth: int = 2, c_uct: float = 0.5, bias: float = 0.3,
           leaf: str = "fast", margin: float = 3.0, mode: str = "ucb",
           endgame_rounds: float = 3.0, params: dict | None = None) -> dict:
    """Run the search; returns {"iterations", "candidates": [(action, visits, mean)], ...}."""
    if budget is None and iterations is None:
        budget = DEFAULT_BUDGET
    t0 = time.perf_counter()
    scores, order, cands, prior = _root_candidates(obs, legal, top_k, margin, params)
    horizon = max(1, int(round(horizon_rounds * obs.n)))
    if endgame_rounds > 0 and _obs_rounds_left(obs) <= endgame_rounds:
        horizon = 10_000                     # near the end: play the game out
    deadline = None if budget is None else t0 + budget
    if len(cands) > 1 and mode == "crn":
        return _crn(obs, legal, rng, cands, scores, order, t0, deadline, iterations, horizon,
                    leaf, params)
    root = Root(len(cands))
    it = 0
    if len(cands) > 1:
        stop_at = cast(float, deadline)      # None only beside an iteration count, unread then
        while (it < iterations) if iterations is not None else (time.perf_counter() < stop_at):
            it += 1
            det = determinize(obs, rng)
            i = root.select(it, prior, c_uct, bias)
            apply(det, cands[i])
            path = descend(det, root.children[i], max_depth, c_uct, rng)
            limit = obs.turn_no + horizon
            while not det.over and det.turn_no < limit:
                la = legal_actions(det)
                apply(det, fast_choose(det, la, rng))
            back_up(root, i, path, _rewards(det, _rounds_left(det), obs.seat, leaf, params), obs.seat)
    return {
        "iterations": it,
        "seconds": time.perf_counter() - t0,
        "candidates": [(cands[i], root.n[i], root.w[i] / root.n[i] if root.n[i] else 0.0)
                       for i in range(len(cands))],
        "sq": root.w2,
        "normal_scores": [(legal[i], scores[i]) for i in order],
    }


def _root_candidates(obs, legal, top_k, margin, params):
    """Normal-classic's best `top_k` actions (within `margin`) and their softmax priors."""
    scores = score_actions(View.from_obs(obs), legal, params)
    order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
    best_score = scores[order[0]]
    cand_idx = [i for i in order[:max(1, top_k)] if scores[i] >= best_score - margin]
    top = scores[cand_idx[0]]
    prior = [math.exp(max(-20.0, min(0.0, scores[i] - top))) for i in cand_idx]
    z = sum(prior)
    return scores, order, [legal[i] for i in cand_idx], [p / z for p in prior]


def _obs_rounds_left(obs: Observation) -> float:
    if obs.end_turn is not None:
        return max(0, obs.end_turn - obs.turn_no) / obs.n
    return (obs.deck_size / 0.55 + obs.n) / obs.n


def phase(obs: Observation) -> float:
    """0 at the deal .. 1 once the deck is nearly gone or the end is set."""
    if obs.end_turn is not None:
        return 1.0
    full = 100 - 4 * obs.n
    return max(0.0, min(1.0, 1.0 - obs.deck_size / full))


def _rollout(det, rng: random.Random, limit: int) -> None:
    while not det.over and det.turn_no < limit:
        la = legal_actions(det)
        apply(det, fast_choose(det, la, rng))


def _rounds_left(det) -> float:
    n = det.n
    return (max(0, det.end_turn - det.turn_no) if det.end_turn is not None
            else len(det.deck) / 0.55 + n) / n


def _crn(obs, legal, rng, cands, scores, order, t0, deadline, iterations, horizon, leaf,
         params) -> dict:
    """Common-random-numbers evaluation: every surviving candidate is played out in the
    same dealt world with the same rollout seed, and compared with Normal's choice
    (candidate 0) by paired differences; clearly worse candidates are dropped."""
    me = obs.seat
    k = len(cands)
    root_n = [0] * k
    root_w = [0.0] * k
    root_w2 = [0.0] * k
    pd = [[0.0, 0.0] for _ in range(k)]
    alive = list(range(k))
    limit = obs.turn_no + horizon
    it = worlds = 0
    while True:
        if worlds > 0:
            if iterations is not None:
                if it + len(alive) > iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
        world = determinize(obs, rng)
        seed = rng.getrandbits(64)
        rs = {}
        for i in alive:
            det = world.clone()
            apply(det, cands[i])
            _rollout(det, random.Random(seed), limit)
            r = _rewards(det, _rounds_left(det), me, leaf, params)[me]
            rs[i] = r
            root_n[i] += 1
            root_w[i] += r
            root_w2[i] += r * r
            it += 1
        worlds += 1
        for i in alive:
            d = rs[i] - rs[0]
            pd[i][0] += d
            pd[i][1] += d * d
        if worlds >= 8 and worlds % 4 == 0 and len(alive) > 2:
            means = {i: pd[i][0] / worlds for i in alive}
            top = max(means.values())
            keep = []
            for i in alive:
                var = max(1e-6, pd[i][1] / worlds - means[i] ** 2)
                se = math.sqrt(var / worlds)
                if i == 0 or means[i] + 2.5 * se >= top:
                    keep.append(i)
            alive = keep
    return {
        "iterations": it,
        "worlds": worlds,
        "seconds": time.perf_counter() - t0,
        "candidates": [(cands[i], root_n[i], root_w[i] / root_n[i] if root_n[i] else 0.0)
                       for i in range(k)],
        "sq": root_w2,
        "paired": [(pd[i][0], pd[i][1], root_n[i] if i else worlds) for i in range(k)],
        "normal_scores": [(legal[i], scores[i]) for i in order],
    }


def best_of(stats: dict, z: float = 1.0, min_gain: float = 0.005) -> Action:
    """Normal's choice (the first candidate) unless another candidate's mean reward beats
    it by more than `z` standard errors: early in the game the rewards of sensible moves
    differ by less than the noise, and Normal's judgement is then the better guide."""
    cands = stats["candidates"]
    paired = stats.get("paired")
    if paired is not None:
        best, best_d = cands[0][0], 0.0
        for i in range(1, len(cands)):
            sd, sd2, m = paired[i]
            if m < 4:
                continue
            mean = sd / m
            var_d = max(1e-6, (sd2 / m - mean * mean) * m / (m - 1))
            if mean > max(min_gain, z * math.sqrt(var_d / m)) and mean > best_d:
                best, best_d = cands[i][0], mean
        return best
    sq = stats.get("sq")
    if sq is None:
        return max(cands, key=lambda c: (c[1], c[2]))[0]

    def var(i):
        a, nv, m = cands[i]
        if nv < 2:
            return 0.25
        return max(1e-4, (sq[i] / nv - m * m) * nv / (nv - 1))

    a0, n0, m0 = cands[0]
    if n0 == 0:
        return a0
    v0 = var(0)
    best, best_m = a0, m0
    for i in range(1, len(cands)):
        a, nv, m = cands[i]
        if nv < 4:
            continue
        se = math.sqrt(var(i) / nv + v0 / n0)
        if m - m0 > max(min_gain, z * se) and m > best_m:
            best, best_m = a, m
    return best


def _search_worker(args: tuple) -> dict:
    obs, legal, seed, kw = args
    st = search(obs, legal, random.Random(seed), **kw)
    st.pop("normal_scores", None)
    return st


_POOL = None


def _pool():
    global _POOL
    if _POOL is None:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor
        _POOL = ProcessPoolExecutor(2, mp_context=mp.get_context("spawn"))
        import atexit
        atexit.register(_POOL.shutdown, wait=False, cancel_futures=True)   # quiet exit
    return _POOL


def parallel_search(obs: Observation, legal: list[Action], rng: random.Random, workers: int = 2,
                    **kw) -> dict:
    """Root-parallel search in `workers` processes; root statistics are added up."""
    seeds = [rng.getrandbits(64) for _ in range(workers)]
    if kw.get("iterations") is not None:
        per = kw["iterations"]
        kw = dict(kw, iterations=max(1, per // workers))
    results = list(_pool().map(_search_worker, [(obs, legal, sd, kw) for sd in seeds]))
    merged: dict[Action, list] = {}
    order: list[Action] = []
    for st in results:
        for (a, nv, mean), sq in zip(st["candidates"], st["sq"]):
            if a not in merged:
                merged[a] = [0, 0.0, 0.0]
                order.append(a)
            merged[a][0] += nv
            merged[a][1] += mean * nv
            merged[a][2] += sq
    return {
        "iterations": sum(st["iterations"] for st in results),
        "seconds": max(st["seconds"] for st in results),
        "candidates": [(a, merged[a][0], merged[a][1] / merged[a][0] if merged[a][0] else 0.0)
                       for a in order],
        "sq": [merged[a][2] for a in order],
    }


class HardClassicBot:
    name = "hard-classic"
    needs_process = True              # its search holds the interpreter lock: `Thinker`

    def __init__(self, budget: float | None = None, iterations: int | None = None,
                 workers: int = 1, z: float = 1.0, scale: tuple = (0.5, 2.0),
                 sense: bool | str | Sense | None = False, **search_kw) -> None:
        from knjazja_lab.factory import sense_preset
        self.sense = sense_preset(sense)  # `bots.sense` rules, if any (off: the classic search)
        self.budget = budget
        self.iterations = iterations
        self.workers = workers
        self.z = z
        self.scale = scale
        self.search_kw = search_kw

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        if self.sense is not None:
            from knjazja.bots.sense import focus
            legal = [legal[i] for i in focus(obs, legal, sense=self.sense)]
        if len(legal) == 1:
            return legal[0]
        # spend little where the search can hardly tell sensible moves apart (early),
        # more where rollouts reach the end of the game
        lo, hi = self.scale
        f = lo + (hi - lo) * phase(obs)
        budget = (DEFAULT_BUDGET if self.budget is None else self.budget) * f
        iters = None if self.iterations is None else max(1, int(round(self.iterations * f)))
        kw = dict(self.search_kw, budget=budget, iterations=iters)
        if self.workers > 1:
            st = parallel_search(obs, legal, rng, self.workers, **kw)
        else:
            st = search(obs, legal, rng, **kw)
        return best_of(st, self.z)
