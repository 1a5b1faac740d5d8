"""The classic bots' card worths and their what-if cities (the laboratory's alone; the
shipped bots' rules of thumb keep `ATTACKABLE` and `CHR_GLORY`, read here too).

A what-if city is an engine `City` copied and changed as the engine's moves change it, so
its Glory, wall Strength and closed walls are the engine's own (`City.glory_parts`,
`wall_strength`, `blocked`): no second reckoning to drift.  (The copy this replaced, a
`CityStat` of cached parts, set the Quarter's and the Throne's factors to False when it
stripped a city or took its Throne, so every city stripped by Fire scored 0 and the
evaluator took the first city in play for the Throne's: issue 61.)
"""
from __future__ import annotations

import math

from knjazja.bots.rules_of_thumb import ATTACKABLE, CHR_GLORY
from knjazja.engine.cards import CARD_ID, CITY_TIMES, IS_TROOP
from knjazja.engine.state import City

__all__ = ["ATTACKABLE", "CHR_GLORY", "CHR_HELP", "REACT_EVENT", "EVENT_BASE", "CHR_HAND", "INVASION",
           "is_reactive", "lse", "with_building", "stripped", "without_throne"]

# Worth of helper chronicles per round of game left (capped at 4 rounds).
CHR_HELP = {"chr.anna": 0.25, "chr.bogatyrs": 0.3, "chr.voivode": 0.3, "chr.hermit": 0.45}

# Worth of reactive cards in hand (full time left).
REACT_EVENT = {"ev.ambush": 2.2, "ev.condemnation": 1.6, "ev.bribe": 1.3, "ev.city_watch": 1.1,
               "ev.outpost": 0.8, "ev.plunder": 0.4, "ev.raid_city": 0.6, "ev.false_match": 0.7}
# Rough worth of active events in hand (refined for the ones that matter).
EVENT_BASE = {"ev.treachery": 3.0, "ev.dowry": 1.2, "ev.fire": 1.2, "ev.polovtsian_raid": 1.0,
              "ev.principality_raid": 1.6, "ev.tatar_invasion": 1.0, "ev.silence": 0.6,
              "ev.judgement": 0.3, "ev.recon": 0.3, "ev.poisoner": 1.2}
# Chronicles as hand cards (played on the right seat).
CHR_HAND = {"chr.polovtsian_campaign": 3.0, "chr.vasilko": 2.5, "chr.congress": 2.2,
            "chr.igor": 2.0, "chr.sviatopolk": 1.5, "chr.anna": 0.8, "chr.bogatyrs": 0.9,
            "chr.voivode": 0.9, "chr.hermit": 1.2, "chr.byzantium": 2.5}

REACTIVE_IDS = frozenset(REACT_EVENT)
INVASION = CARD_ID.index("ev.tatar_invasion")


def is_reactive(card: int) -> bool:
    return IS_TROOP[card] or CARD_ID[card] in REACTIVE_IDS


# --- what-if cities: engine `City` copies changed as the engine's own moves change them -------
def with_building(city: City, card: int) -> City:
    """``city`` with ``card`` built in it (walls replace walls, a Throne the one here; a
    Throne elsewhere is the caller's to take away: `without_throne`)."""
    c = without_throne(city) if CITY_TIMES[card] > 1 else city.copy()
    c.put(card)
    return c


def stripped(city: City, walls_only: bool = False) -> City:
    """``city`` after Fire or Plunder (everything built burnt) or False Matchmaking
    (``walls_only``: its walls and Moat gone): `City.razed`, as the engine discards them."""
    c = city.copy()
    for b in c.razed(walls_only):
        c.remove(b)
    return c


def without_throne(city: City) -> City:
    """``city`` after a Throne is built elsewhere (only one stands in play)."""
    c = city.copy()
    if c.throne() >= 0:
        c.remove(c.throne())
    return c


def lse(xs: list[float], tau: float) -> float:
    if len(xs) == 1:
        return xs[0]
    m = max(xs)
    return m + tau * math.log(sum(math.exp((x - m) / tau) for x in xs))


