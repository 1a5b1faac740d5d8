"""Hints and move review from Hard's search statistics.

`rank_actions` runs the Hard search over (up to) `max_candidates` actions — Normal's
best by the learned evaluation — and returns every legal action with an estimated win
chance, best first.
Actions outside the searched set (only in crowded turns: e.g. handing a city to an
opponent) are listed after them, each valued just below the worst searched action
(an upper estimate: the search judged them not worth a look).
"""
from __future__ import annotations

import random

from knjazja.engine import Action, Observation

from .hard import DEFAULT_BUDGET, search

SHRINK = 2.0      # pseudo-visits pulling thin estimates towards the overall mean


def rank_actions(obs: Observation, legal: list[Action], budget: float | int | None = None,
                 rng: random.Random | None = None, max_candidates: int = 16) -> list[tuple[Action, float]]:
    """[(action, estimated win chance 0..1)], best first, one entry per legal action.

    `budget`: seconds (float) or iterations (int, deterministic); default Hard's budget."""
    rng = rng if rng is not None else random.Random(0)
    if len(legal) == 1:
        return [(legal[0], 1.0)]
    if budget is None:
        budget = DEFAULT_BUDGET
    kw = {"iterations": budget} if isinstance(budget, int) and not isinstance(budget, bool) \
        else {"budget": float(budget)}
    st = search(obs, legal, rng, top_k=min(len(legal), max_candidates), bias=0.1,
                margin=float("inf"), **kw)
    cands = st["candidates"]
    tot_n = sum(nv for _, nv, _ in cands)
    tot_w = sum(nv * m for _, nv, m in cands)
    m0 = tot_w / tot_n if tot_n else 0.5
    ranked = []
    for a, nv, mean in cands:
        val = (mean * nv + m0 * SHRINK) / (nv + SHRINK)
        ranked.append((a, val, nv))
    ranked.sort(key=lambda t: (-t[1], -t[2]))
    out = [(a, round(v, 4)) for a, v, _ in ranked]
    searched = {a for a, _, _ in cands}
    floor = min((v for _, v in out), default=0.0)
    rest = [a for a, _ in st["scores"] if a not in searched]
    for i, a in enumerate(rest):
        out.append((a, round(max(0.0, floor - 0.001 * (i + 1)), 4)))
    return out
