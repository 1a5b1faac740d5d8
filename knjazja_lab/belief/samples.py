"""What the reading is fitted and judged on: from kept games, the places a seat could not
see and what truly lay there.

At a decision of a seat (its `Observation`), each other prince's unknown places fall into
groups by how long they have been held (`knjazja_lab.belief.belief.Layout`); the true cards of his hand
that the seat cannot see are put into those groups by how long each truly has been there,
the oldest into the oldest group.  A `Sample` is one group: its size, its age, the pool of
cards the seat cannot place, each pool card's features (`knjazja_lab.belief.belief.seat_features`), and
which of them truly fill the group.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from knjazja_lab.belief.belief import Layout, seat_features
from knjazja.engine import GameState, Observation, observation
from knjazja.engine.actions import TURN

from .corpus import entry_seat, replay


@dataclass
class Sample:
    seat: int                       # whose places
    size: int
    age: int                        # turns held through (0: drawn since his last turn)
    pool: list[int]                 # the cards the viewer cannot place
    features: dict[int, list[int]]  # pool card -> feature indices
    truth: list[int]                # the cards truly in these places


class Ages:
    """How many turns of its holder every card in a hand has been held through."""

    def __init__(self, s: GameState) -> None:
        self.turns = [0] * s.n                       # turns each seat has begun
        self.since: dict[int, tuple[int, int]] = {}  # card -> (holder, his turns before it came)
        self.update(s)

    def update(self, s: GameState) -> None:
        held = {c: t for t, hand in enumerate(s.hands) for c in hand}
        self.since = {c: self.since[c] if c in self.since and self.since[c][0] == t
                      else (t, self.turns[t]) for c, t in held.items()}

    def turn_begins(self, seat: int) -> None:
        self.turns[seat] += 1

    def age(self, card: int) -> int:
        holder, start = self.since[card]
        return self.turns[holder] - start


def game_samples(game: dict, viewers: list[int] | None = None, every: int = 1
                 ) -> Iterator[tuple[Observation, list[Sample]]]:
    """For a kept game: at every `every`-th turn of a viewing seat (the list entries
    `viewers`, all by default), the observation and the samples of every other hand."""
    n = len(game["kinds"])
    seats = set(range(n)) if viewers is None else {entry_seat(game, e) for e in viewers}
    ages: Ages | None = None
    count = 0
    for s, _ in replay(game):
        if ages is None:
            ages = Ages(s)
        ages.update(s)
        if s.decision.kind != TURN:
            continue
        seat = s.decision.seat
        if seat in seats:
            count += 1
            if count % every == 0:
                obs = observation(s, seat)
                yield obs, [x for t in range(n) if t != seat for x in seat_samples(s, obs, t, ages)]
        ages.turn_begins(seat)


def seat_samples(s: GameState, obs: Observation, seat: int, ages: Ages) -> list[Sample]:
    """The groups of `seat`'s unknown places seen from `obs`, with their true cards."""
    groups = seat_features(Layout(obs, seat), obs.unseen, obs.options.strict_defence)
    known = set(obs.known.get(seat, ()))
    hidden = sorted((c for c in s.hands[seat] if c not in known), key=ages.age, reverse=True)
    out: list[Sample] = []
    at = 0
    for size, age, feats in sorted(groups, key=lambda g: -g[1]):     # the oldest first
        out.append(Sample(seat, size, age, obs.unseen, feats, hidden[at:at + size]))
        at += size
    return out
