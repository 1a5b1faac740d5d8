"""The bot interface, the Random bot and the factory.

A bot sees only its seat's `Observation` and the legal actions; it never receives the
`GameState`.  `choose` must be deterministic given the observation, the legal list and
the `rng` it is handed (time-budgeted search is the documented exception).
"""
from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from knjazja.engine import Action, Observation

KINDS = ("random", "easy", "normal", "hard")


@runtime_checkable
class Bot(Protocol):
    name: str

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        ...


class RandomBot:
    """Uniform among the legal actions."""
    name = "random"

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def make_bot(kind: str, **kw) -> Bot:
    """A bot of one level: "random", "easy", "normal" or "hard".

    Keyword arguments go to the bot: Normal takes `params` (heuristic weights); Hard takes
    `budget` (seconds, float), `iterations` (int; deterministic), `workers` (1 or 2)."""
    k = kind.strip().lower()
    if k == "random":
        return RandomBot(**kw)
    if k == "easy":
        from .easy import EasyBot
        return EasyBot(**kw)
    if k == "normal":
        from .normal import NormalBot
        return NormalBot(**kw)
    if k == "hard":
        from .hard import HardBot
        return HardBot(**kw)
    raise ValueError(f"unknown bot kind {kind!r} (use {', '.join(KINDS)})")
