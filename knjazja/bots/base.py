"""The bot interface, the Random bot and the factory.

A bot sees only its seat's `Observation` and the legal actions; it never receives the
`GameState`.  `choose` must be deterministic given the observation, the legal list and
the `rng` it is handed (time-budgeted search is the documented exception).
"""
from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from knjazja.engine import Action, Observation

KINDS = ("random", "easy", "normal", "hard")    # the levels a player picks (and Random)


@runtime_checkable
class Bot(Protocol):
    """`name` says which bot it is; a bot whose decisions take long and hold the interpreter
    lock sets a class attribute `needs_process = True` and `thinker.Thinker` runs it in a
    worker process (absent: a thread)."""
    name: str

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        ...


class RandomBot:
    """Uniform among the legal actions."""
    name = "random"

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def make_bot(kind: str, **kw) -> Bot:
    """A bot of one level: "random", "easy", "normal" (the learned look-ahead with
    `bots.sense`'s rules) or "hard" (the round look-ahead over Normal's best moves,
    `bots/hard.py`).  Keyword arguments go to the bot: Normal takes `worlds`, `sense` and
    `read`; Hard takes `iterations` (deterministic alone), `time_cap` and `budget`
    (seconds), `read`.  The arena's variants ("normal:light", "hard@FILE", the classic and
    human-like bots) are the laboratory's (`knjazja_lab.factory`, in a checkout)."""
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
    raise ValueError(f"unknown bot kind {kind!r} (use {', '.join(KINDS)}; the arena's "
                     "variants and other bots are the laboratory's, knjazja_lab.factory)")
