"""The Hint button's advisor: the Hard level's ranking of the legal actions, run like a bot
decision.

`HintAdvisor.choose` returns the whole ranking instead of one action, so the UI's
background `Thinker` (process mode, as for Hard) can compute a hint without blocking
the window.
"""
from __future__ import annotations

import random

from knjazja.engine import Action, Observation

from .hints import rank_actions


class HintAdvisor:
    name = "hint"
    needs_process = True   # Hard's search, so in the decision process like Hard (`Thinker`)

    def __init__(self, budget: float | int | None = None, compare: bool = False) -> None:
        self.budget = budget
        self.compare = compare        # every given action played on (the review's second look)

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> list[tuple[Action, float]]:
        return rank_actions(obs, legal, self.budget, rng, compare=self.compare)


def as_ranking(result) -> list[tuple[Action, float]]:
    """A Thinker result as a ranking (a lone legal action comes back bare)."""
    if isinstance(result, Action):
        return [(result, 1.0)]
    return list(result)
