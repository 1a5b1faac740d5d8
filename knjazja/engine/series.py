"""A series of games to 100 Glory (docs/RULES.md §6)."""
from __future__ import annotations

from dataclasses import dataclass, field

from .scoring import top_seats

TARGET = 100


@dataclass
class Series:
    n: int
    totals: list[int] = field(default_factory=list)
    games: list[list[int]] = field(default_factory=list)   # Glory per seat, per game
    starters: list[int] = field(default_factory=list)       # who started each game
    target: int = TARGET

    def __post_init__(self) -> None:
        if not self.totals:
            self.totals = [0] * self.n

    def add_game(self, glory: list[int], starter: int) -> None:
        if len(glory) != self.n:
            raise ValueError("one Glory value per seat expected")
        if self.over:
            raise ValueError("the series is already over")
        self.games.append(list(glory))
        self.starters.append(starter)
        self.totals = [t + g for t, g in zip(self.totals, glory)]

    @property
    def over(self) -> bool:
        return any(t >= self.target for t in self.totals)

    def winners(self) -> list[int]:
        """Seats that won the series (highest total among those at the target; ties share)."""
        if not self.over:
            return []
        return top_seats(self.totals)

    def next_starter(self) -> int:
        """The last game's winner starts; after a shared win, the tied winner first
        clockwise from the previous starter (the previous starter included)."""
        if not self.games:
            return 0
        last, prev = self.games[-1], self.starters[-1]
        won = top_seats(last)
        for i in range(self.n):
            seat = (prev + i) % self.n
            if seat in won:
                return seat
        return prev

    def to_json(self) -> dict:
        return {"n": self.n, "totals": self.totals, "games": self.games,
                "starters": self.starters, "target": self.target}

    @staticmethod
    def from_json(data: dict) -> "Series":
        try:
            s = Series(int(data["n"]), [int(x) for x in data["totals"]],
                       [[int(x) for x in g] for g in data["games"]],
                       [int(x) for x in data["starters"]], int(data.get("target", TARGET)))
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"invalid series data: {e}") from None
        if len(s.totals) != s.n or any(len(g) != s.n for g in s.games):
            raise ValueError("invalid series data: wrong number of seats")
        return s
