"""Reading the others' hands from how they played: the cards a prince kept.

The engine counts, per seat, the cards its owner held at one of his own turns and kept
(`Observation.kept`: draws and plays are public, so the count is too).  A kept card is
one its owner chose not to play, and princes play some kinds at once — a city is
founded at the first chance in about two turns of three — and keep others, the answers
to a war above all.  So a kept place is dealt with these odds: how often a card of each
kind stayed in the hand through its owner's turn, measured in four-Normal games (40
games, seed 77: city 0.35, chronicle 0.66, event 0.87, building 0.89, walls 0.93, troop
0.97).  The new cards, drawn since, are dealt uniformly.

Hard reads (`hard:uniform` does not): its round look-ahead plays the others' hands for a
whole round, and a hand dealt a city its owner would have founded already plays a round no
prince would.  Normal, which looks one move ahead, gained little from it and does not
(`normal:read` does); docs/BOTS_LOG.md ("Reading the hands") has the figures.
"""
from __future__ import annotations

import random

from knjazja.engine import GameState, Observation, determinize
from knjazja.engine.cards import CARD_ID, KIND

KEEP_RATE = {"city": 0.35, "chronicle": 0.66, "event": 0.87, "building": 0.89,
             "walls": 0.93, "troop": 0.97}


def kind_of(card: int) -> str:
    """The kind `KEEP_RATE` is counted by: the card's kind, walls apart from the other
    buildings."""
    return "walls" if CARD_ID[card].startswith("wall.") else KIND[card]


HOLD_ODDS: tuple[float, ...] = tuple(KEEP_RATE[kind_of(c)] for c in range(len(KIND)))


def deal(obs: Observation, rng: random.Random, read: object = False) -> GameState:
    """A world dealt from `obs`: uniformly (`read` false), the kept places with `HOLD_ODDS`
    (`read` true), or with a reading of the table's notes (`read` a
    `knjazja_lab.belief.belief.Belief` of this observation: `hard:notes`'s own decision)."""
    if hasattr(read, "deal"):
        return read.deal(obs, rng)
    return determinize(obs, rng, HOLD_ODDS if read else None)
