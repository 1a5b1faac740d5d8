"""What one seat knows, in one shape for both callers.

Bots decide from an `Observation` (the only thing a real bot is given).  The search
bot's rollouts run the same policy code on the determinized `GameState`s it builds
itself; `View.from_state` reads such a state *as seen from one seat*: its own hand,
public cards and hand sizes, and the pool of cards it cannot place (deck and the
others' hands) — never which hand holds which hidden card.
"""
from __future__ import annotations

from typing import cast

from knjazja.engine import City, Decision, GameOptions, GameState, Observation, War
from knjazja.engine.cards import CARD_ID
from knjazja.engine.state import Pending


class View:
    __slots__ = ("seat", "n", "options", "decision", "hand", "hand_sizes", "known", "deck_size",
                 "cities", "chronicles", "under", "turn_no", "current", "end_turn",
                 "invasion_active", "owned_ever", "war", "pending", "_pool", "_state")
    # The slots' types (annotations only: no class attributes, so no clash with __slots__).
    seat: int
    n: int
    options: GameOptions
    decision: Decision
    hand: list[int]
    hand_sizes: list[int]
    known: dict[int, list[int]]
    deck_size: int
    cities: dict[int, City]
    chronicles: list[list[int]]
    under: dict[int, int]
    turn_no: int
    current: int
    end_turn: int | None
    invasion_active: bool
    owned_ever: list[set[int]]
    war: War | None
    pending: Pending | None
    _pool: list[int] | None
    _state: GameState | None   # from_state only; a view of an observation has its pool

    @classmethod
    def from_obs(cls, obs: Observation) -> "View":
        v = cls.__new__(cls)
        v.seat, v.n, v.options, v.decision = obs.seat, obs.n, obs.options, obs.decision
        v.hand = obs.hand
        v.hand_sizes = obs.hand_sizes
        v.known = obs.known
        v.deck_size = obs.deck_size
        v.cities = obs.cities
        v.chronicles = obs.chronicles
        v.under = obs.under
        v.turn_no, v.current, v.end_turn = obs.turn_no, obs.current, obs.end_turn
        v.invasion_active = obs.invasion_active
        v.owned_ever = obs.owned_ever
        v.war, v.pending = obs.war, obs.pending
        v._pool = obs.unseen
        v._state = None
        return v

    @classmethod
    def from_state(cls, s: GameState, seat: int) -> "View":
        """A seat's view of a (determinized) state, for rollouts. Read-only references."""
        v = cls.__new__(cls)
        v.seat, v.n, v.options, v.decision = seat, s.n, s.options, s.decision
        v.hand = s.hands[seat]
        v.hand_sizes = [len(h) for h in s.hands]
        seen = s.seen[seat]
        v.known = ({t: sorted(c for c in h if c in seen) for t, h in enumerate(s.hands) if t != seat}
                   if seen else {})
        v.deck_size = len(s.deck)
        v.cities = s.cities
        v.chronicles = s.chronicles
        v.under = s.under
        v.turn_no, v.current, v.end_turn = s.turn_no, s.current, s.end_turn
        v.invasion_active = s.invasion_active
        v.owned_ever = s.owned_ever
        v.war, v.pending = s.war, s.pending
        v._pool = None
        v._state = s
        return v

    @property
    def pool(self) -> list[int]:
        """Cards whose place this seat cannot know (deck + others' unknown hand cards and
        bids); the same cards as `Observation.unseen`, in another order."""
        if self._pool is None:
            s = cast(GameState, self._state)    # from_state set it (once per view, no loop)
            pool = s.deck[:]
            seen = s.seen[self.seat]
            for t, h in enumerate(s.hands):
                if t != self.seat:
                    pool += [c for c in h if c not in seen] if seen else h
            if s.pending is not None:
                pool += [c for b, c in s.pending.bids if b != self.seat]
            self._pool = pool
        return self._pool

    def holds_chronicle(self, seat: int, cid: str) -> bool:
        for c in self.chronicles[seat]:
            if CARD_ID[c] == cid:
                return True
        return False

    def first_round(self) -> bool:
        return self.turn_no < self.n
