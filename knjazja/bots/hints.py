"""Hints and move review from the Hard level's judgement.

`rank_actions` judges the legal actions as the Hard level decides (`hard.hard_level`,
`rounds.judge_by_rounds`): Normal's one-ply values pick the candidates among the actions
Hard's `sense` leaves open, each candidate is played on for a round in the same dealt
worlds, and the candidates come first, best first — so the first is the move Hard would
make with the same generator and budget.  The other actions follow by Normal's value,
each valued at most just below the worst candidate (the look-ahead judged them not worth
a round); a card played for nothing (`idle`: Plunder with nothing to plunder, ...) comes
last of all, below the same move without it, whatever a noisy look-ahead made of it.
`compare=True` plays every given action on for a round: the review measures a loss again
that way, the best and the chosen move alone on the same worlds.

The Hint used to come from the tree search (`hard.search`, as `hard-learned` plays),
whose first move was Hard's at about a third of the turns of four-Normal games; the
Hard level is the stronger player (docs/BOTS_LOG.md, "The Hint and the review").
"""
from __future__ import annotations

import random

from knjazja.engine import Action, Observation

from .hard import hard_level
from .idle import idle_play
from .lookahead import action_values
from .net import default_net
from .sense import edges, focus

FLOOR_STEP = 0.001     # how far below the worst candidate each unjudged action is listed


def rank_actions(obs: Observation, legal: list[Action], budget: float | int | None = None,
                 rng: random.Random | None = None, compare: bool = False
                 ) -> list[tuple[Action, float]]:
    """[(action, estimated win chance 0..1)], best first, one entry per legal action.

    `budget`: None for the Hard level's own (worlds by the game's phase, with its time
    cap), an int for that many worlds (deterministic), a float for as many worlds as that
    many seconds allow."""
    rng = rng if rng is not None else random.Random(0)
    if len(legal) == 1:
        return [(legal[0], 1.0)]
    idle = [a for a in legal if idle_play(obs, a)]
    if idle and len(idle) < len(legal):
        worth = [a for a in legal if a not in idle]
        ranked = rank_actions(obs, worth, budget, rng, compare) if len(worth) > 1 \
            else list(zip(worth, map(_chance, _normal_values(obs, worth, rng))))
        floor = min(v for _, v in ranked)
        return ranked + [(a, _chance(floor - FLOOR_STEP * k)) for k, a in enumerate(idle, 1)]
    if budget is None:
        bot = hard_level()
    elif isinstance(budget, int) and not isinstance(budget, bool):
        bot = hard_level(iterations=max(1, budget), scale=(1.0, 1.0))
    else:
        bot = hard_level(budget=float(budget), scale=(1.0, 1.0))
    if compare:
        bot.search_kw.update(top_k=len(legal), margin=float("inf"))
        open_ = list(legal)
    else:
        open_ = [legal[i] for i in focus(obs, legal, sense=bot.sense)] \
            if bot.sense is not None else list(legal)
    if len(open_) == 1:               # Hard's sense leaves one move: Normal's value of it
        values = _normal_values(obs, open_, rng)
        idx, score = [0], values
    else:
        values, idx, score = bot.judge(obs, open_, rng)
    # Hard orders by its judgement, the sense's leans included; the chance a player is
    # told is the look-ahead's own, without them
    edge = edges(obs, open_, bot.sense)
    order = sorted(range(len(idx)), key=lambda k: (-score[k], k))
    out = [(open_[idx[k]], _chance(score[k] - edge[idx[k]])) for k in order]
    floor = min(v for _, v in out)
    judged = {open_[i] for i in idx}
    rest = sorted((i for i in range(len(open_)) if open_[i] not in judged),
                  key=lambda i: (-values[i], i))
    ranked = [(open_[i], values[i] - edge[i]) for i in rest]
    kept = set(open_)
    struck = [a for a in legal if a not in kept]
    if struck:                        # the moves Hard's sense rules out, by Normal's value
        extra = _normal_values(obs, struck, rng)
        ranked += sorted(zip(struck, extra), key=lambda t: -t[1])
    for step, (a, v) in enumerate(ranked, 1):
        out.append((a, _chance(min(v, floor - FLOOR_STEP * step))))
    return out


def _normal_values(obs: Observation, actions: list[Action], rng: random.Random) -> list[float]:
    """Normal's one-ply values of `actions`, with the worlds Hard picks its candidates in."""
    return action_values(obs, actions, default_net(), rng, 3, read=True)


def _chance(v: float) -> float:
    return round(max(0.0, min(1.0, v)), 4)
