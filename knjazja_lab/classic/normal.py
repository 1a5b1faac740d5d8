"""Normal-classic: the one-ply heuristic player (before the learned evaluation).

Every legal action is scored by the evaluation it leads to (`evaluator.Evaluator`),
computed directly from the action's effect rather than by simulating it:

* turn actions (`turn.py`): the new U-vector after the card lands (a City Watch /
  Outpost that may cancel it is weighed by the chance the target holds one);
* wars (`war.py`): an attack plan — attacks in the order that pays best, each with the
  chance that the defender holds no answer (hypergeometric over the cards this seat
  cannot see), the troops spent either way;
* answers out of turn (`war.py`, `answers.py`: defence, reactions, Dowry bids,
  Congress) by the Glory they save against the card they spend.

The scores are in Glory units of  J = own U − softmax(others' U).
"""
from __future__ import annotations

import random

from knjazja.engine import Action, Observation
from knjazja.engine.actions import (CONGRESS, DOWRY_BID, RAID_LAY, REACTION, TURN, WAR_ATTACK,
                                    WAR_COUNTER, WAR_DEFEND)

from knjazja.bots.view import View
from .answers import score_congress, score_dowry, score_reaction
from .evaluator import PARAMS, Evaluator
from .turn import score_turn
from .war import score_counter, score_raid_lay, score_war_attack, score_war_defend


class NormalClassicBot:
    name = "normal-classic"

    def __init__(self, params: dict | None = None) -> None:
        self.params = dict(PARAMS, **(params or {}))

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        return decide(View.from_obs(obs), legal, self.params)


def decide(view: View, legal: list[Action], params: dict | None = None) -> Action:
    scores = score_actions(view, legal, params)
    best = 0
    for i in range(1, len(scores)):
        if scores[i] > scores[best]:
            best = i
    return legal[best]


def score_actions(view: View, legal: list[Action], params: dict | None = None) -> list[float]:
    """One score per legal action (higher is better), in the seat's J units."""
    ev = Evaluator(view, params)
    kind = view.decision.kind
    fn = _SCORERS.get(kind)
    if fn is None:
        return [0.0] * len(legal)
    return fn(ev, legal)


_SCORERS = {
    TURN: score_turn,
    WAR_ATTACK: score_war_attack,
    WAR_DEFEND: score_war_defend,
    WAR_COUNTER: score_counter,
    RAID_LAY: score_raid_lay,
    REACTION: score_reaction,
    DOWRY_BID: score_dowry,
    CONGRESS: score_congress,
}
