"""Scoring (docs/RULES.md §6): the Glory of each seat with a breakdown per city and chronicle."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import CARD_ID, CARDS, STRENGTH
from .state import City, GameState


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
    ids = [CARD_ID[b] for b in city.buildings]
    quarter = 2 if "bld.sloboda" in ids else 1
    throne = 3 if "bld.throne" in ids else 1
    gate = city.wall_strength if "bld.golden_gate" in ids else 0
    bsum = sum(CARDS[b].glory for b in city.buildings)
    total = city.glory()
    return CityScore(CARD_ID[city.card], CARDS[city.card].glory, quarter, bsum, gate, throne, total)


def seat_score(s: GameState, seat: int) -> SeatScore:
    sc = SeatScore(seat)
    sc.cities = [city_score(c) for c in s.cities_of(seat)]
    for ch in s.chronicles[seat]:
        cid = CARD_ID[ch]
        if cid == "chr.byzantium":
            troop = s.under.get(ch, -1)
            sc.chronicles.append(ChronicleScore(cid, STRENGTH[troop] if troop >= 0 else 0,
                                                CARD_ID[troop] if troop >= 0 else ""))
        else:
            sc.chronicles.append(ChronicleScore(cid, CARDS[ch].glory))
    return sc


def score(s: GameState) -> list[SeatScore]:
    """The Glory of every seat now, with its breakdown."""
    return [seat_score(s, i) for i in range(s.n)]


def final_scores(s: GameState) -> list[int]:
    return [seat_score(s, i).total for i in range(s.n)]


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


def winners(s: GameState) -> list[int]:
    """Seats with the most Glory (equal Glory shares the win)."""
    return top_seats(final_scores(s))
