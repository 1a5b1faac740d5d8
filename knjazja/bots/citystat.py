"""City arithmetic and card tables, shared by the rules of thumb and the classic bots."""
from __future__ import annotations

import math

from knjazja.engine.cards import BASE_TIMES, CARD_ID, CARDS, CITY_TIMES, GLORY_ROLE, IS_TROOP, STRENGTH
from knjazja.engine.state import glory_of

# Share of the 17 attacking troops (not Militia) that beat walls of each Strength.
ATTACKABLE = (1.0, 1.0, 13 / 17, 11 / 17, 9 / 17, 7 / 17, 5 / 17, 3 / 17, 2 / 17, 1 / 17, 0.0)

# Glory of chronicles at the end (Byzantine Aid adds its troop's Strength).
CHR_GLORY = {"chr.polovtsian_campaign": 3.0, "chr.vasilko": -4.0, "chr.congress": -4.0,
             "chr.igor": -3.5, "chr.sviatopolk": -4.0}
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


# --- city arithmetic -----------------------------------------------------------------------
class CityStat:
    """A city's Glory-relevant parts, cheap to modify hypothetically."""
    __slots__ = ("card", "owner", "base", "quarter", "sumb", "gate", "throne", "wall", "moat",
                 "nbuild")

    def __init__(self, city) -> None:
        self.card = city.card
        self.owner = city.owner
        self.base = CARDS[city.card].glory
        self.quarter = self.throne = 1          # the factors of the Quarter and the Throne
        self.gate = False
        self.sumb = 0
        for b in city.buildings:
            self._add(b)
        self.wall = STRENGTH[city.walls] if city.walls >= 0 else 0
        self.moat = city.moat >= 0
        self.nbuild = len(city.buildings)

    def copy(self) -> "CityStat":
        c = CityStat.__new__(CityStat)
        c.card, c.owner, c.base, c.quarter, c.sumb = self.card, self.owner, self.base, self.quarter, self.sumb
        c.gate, c.throne, c.wall, c.moat, c.nbuild = self.gate, self.throne, self.wall, self.moat, self.nbuild
        return c

    @property
    def ws(self) -> int:
        return self.wall + (1 if self.moat and self.wall else 0)

    @property
    def blocked(self) -> bool:
        return self.wall >= 4

    def glory(self) -> int:
        return glory_of(self.base, self.quarter, self.sumb, self.ws if self.gate else 0, self.throne)

    def _add(self, card: int) -> None:
        """A building that is no wall (the catalogue's facts: its factor or its Glory)."""
        role = GLORY_ROLE[card]
        if role == 1:
            self.quarter = BASE_TIMES[card]
        elif role == 2:
            self.throne = CITY_TIMES[card]
        elif role == 3:
            self.gate = True
        else:
            self.sumb += CARDS[card].glory

    def with_building(self, card: int) -> "CityStat":
        c = self.copy()
        cid = CARD_ID[card]
        sp = CARDS[card]
        if sp.is_wall:
            c.wall = sp.strength
        elif cid == "wall.moat":
            c.moat = True
        else:
            c.nbuild += 1
            c._add(card)
        return c

    def stripped(self, walls_only: bool = False) -> "CityStat":
        c = self.copy()
        c.wall, c.moat = 0, False
        if not walls_only:
            c.quarter = c.gate = c.throne = False
            c.sumb = c.nbuild = 0
        return c

    def without_throne(self) -> "CityStat":
        c = self.copy()
        c.throne = False
        return c


def lse(xs: list[float], tau: float) -> float:
    if len(xs) == 1:
        return xs[0]
    m = max(xs)
    return m + tau * math.log(sum(math.exp((x - m) / tau) for x in xs))


