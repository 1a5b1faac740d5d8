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
# The hand-written levels before the learned evaluation, kept for side-by-side arenas, and
# the learned tree search, which measured weaker than the learned Normal.
CLASSIC_KINDS = ("normal-classic", "hard-classic", "hard-learned")
ALL_KINDS = KINDS + CLASSIC_KINDS


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
    """A bot of one level: "random", "easy", "normal", "hard", "normal-classic", "hard-classic",
    "hard-learned".  "hard" is the classic search, unchanged (with `bots.sense`'s rules it
    lost its mirror match: 16.6 % against three of itself); "normal" the learned look-ahead
    with `bots.sense`'s city and Invasion rules ("normal:full" keeps all
    of them, "normal:none" none); "hard-learned" the search with the learned evaluation.

    "normal@FILE" and "hard@FILE" use the network weights in FILE instead of the shipped
    ones (to compare trained networks in an arena).  Keyword arguments go to the bot:
    Normal takes `worlds` and `sense`; Hard-learned takes `iterations` (deterministic alone),
    `time_cap` and `budget` (seconds); Hard and the classic bots take `params`, `budget`,
    `iterations`, `workers`."""
    k, _, weights = kind.strip().partition("@")
    k, _, variant = k.lower().partition(":")
    from .sense import PRESETS
    if variant in PRESETS:            # "normal:full": which bots.sense rules
        kw = dict(kw, sense=variant)
    elif variant:                     # "hard:paired", "hard:tree:0" (search variants)
        mode, _, horizon = variant.partition(":")
        kw = dict(kw, mode=mode, **({"horizon_rounds": float(horizon)} if horizon else {}))
    if weights:                       # "normal@path/to/eval.json": another network
        if k not in ("normal", "hard-learned"):
            raise ValueError(f"only normal and hard-learned take weights, not {k!r}")
        from .net import load
        kw = dict(kw, net=load(weights))
    if k == "random":
        return RandomBot(**kw)
    if k == "easy":
        from .easy import EasyBot
        return EasyBot(**kw)
    if k == "normal":
        from .normal import NormalBot
        return NormalBot(**kw)
    if k == "hard":                   # the round look-ahead with the learned evaluation
        from .hard import hard_level
        return hard_level(**kw)
    if k == "hard-learned":
        from .hard import HardBot
        return HardBot(**kw)
    if k == "normal-classic":
        from .classic.normal import NormalClassicBot
        return NormalClassicBot(**kw)
    if k == "hard-classic":
        from .classic.hard import HardClassicBot
        return HardClassicBot(**kw)
    raise ValueError(f"unknown bot kind {kind!r} (use {', '.join(ALL_KINDS)})")
