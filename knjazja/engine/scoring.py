"""Scoring (docs/RULES.md §6): the Glory of each seat with a breakdown per city and chronicle."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .cards import CARD_ID, GLORY, SCORES_TROOP, STRENGTH
from .public import PublicTable, PublicView
from .state import City


@dataclass
class CityScore:
    city: str              # card id
    base: int              # printed Glory
    quarter: int           # 2 with a Craftsmen's Quarter, else 1
    buildings: int         # Σ Church/Monastery/Cathedral Glory
    golden_gate: int       # wall Strength added by the Golden Gate (0 without it)
    throne: int            # 3 with the Prince's Throne, else 1
    total: int


@dataclass
class ChronicleScore:
    chronicle: str         # card id
    glory: int
    troop: str = ""        # Byzantine Aid: the troop under it


@dataclass
class SeatScore:
    seat: int
    cities: list[CityScore] = field(default_factory=list)
    chronicles: list[ChronicleScore] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(c.total for c in self.cities) + sum(c.glory for c in self.chronicles)

    def to_json(self) -> dict:
        return {"seat": self.seat, "total": self.total,
                "cities": [vars(c) for c in self.cities],
                "chronicles": [vars(c) for c in self.chronicles]}


def city_score(city: City) -> CityScore:
    """The city's Glory with its parts (`City.glory_parts`, the one reckoning of §3)."""
    base, quarter, buildings, gate, throne = city.glory_parts()
    return CityScore(CARD_ID[city.card], base, quarter, buildings, gate, throne,
                     city.glory())


def chronicle_glory(chronicle: int, under: Mapping[int, int]) -> int:
    """What a chronicle in play scores its holder (docs/RULES.md §5.3, §6): its printed Glory,
    or for Byzantine Aid (`CardSpec.scores_troop`) the Strength of the troop ``under`` it."""
    if SCORES_TROOP[chronicle]:
        troop = under.get(chronicle, -1)
        return STRENGTH[troop] if troop >= 0 else 0
    return GLORY[chronicle]


def seat_glory(t: PublicTable, seat: int) -> int:
    """The Glory ``seat`` scores if the game ends now (docs/RULES.md §6): its cities' Glory
    and its chronicles'.  Everything it reads lies face up."""
    total = 0
    for c in t.cities.values():
        if c.owner == seat:
            total += c.glory()
    under = t.under
    for ch in t.chronicles[seat]:
        total += chronicle_glory(ch, under)
    return total


def seat_score(t: PublicTable, seat: int) -> SeatScore:
    """``seat``'s Glory now with its breakdown, from what lies face up (a state or the table's view)."""
    sc = SeatScore(seat)
    sc.cities = [city_score(c) for c in t.cities.values() if c.owner == seat]
    for ch in t.chronicles[seat]:
        troop = t.under.get(ch, -1) if SCORES_TROOP[ch] else -1
        sc.chronicles.append(ChronicleScore(CARD_ID[ch], chronicle_glory(ch, t.under),
                                            CARD_ID[troop] if troop >= 0 else ""))
    return sc


def score(s: PublicView) -> list[SeatScore]:
    """The Glory of every seat now, with its breakdown (all of it lies face up: a state or any
    seat's observation)."""
    return [seat_score(s, i) for i in range(s.n)]


def final_scores(s: PublicView) -> list[int]:
    """Every seat's Glory now (`seat_glory`; at the end, the final score)."""
    return [seat_glory(s, i) for i in range(s.n)]


def top_seats(totals: Sequence[float]) -> list[int]:
    """The seats with the highest total: the winners of a game or a series (equal totals
    share the win; the rule book's one rule of who wins, used by every screen)."""
    if not totals:
        return []
    best = max(totals)
    return [i for i, t in enumerate(totals) if t == best]


def win_shares(totals: Sequence[float]) -> list[float]:
    """Each seat's share of the win: 1 / (number of winners) for a winner, else 0."""
    won = top_seats(totals)
    return [1.0 / len(won) if i in won else 0.0 for i in range(len(totals))]


def winners(s: PublicView) -> list[int]:
    """Seats with the most Glory (equal Glory shares the win)."""
    return top_seats(final_scores(s))
