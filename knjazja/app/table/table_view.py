"""The view model the table draws: the public table as the animations have shown it so far.

The engine applies an action at once; the table shows its consequences one event at a
time.  ``TableView`` is a light copy of the table as one seat sees it — the public table and
that seat's own hand (drawn face up only while he looks); every other hand is its size in
backs (``HIDDEN``), also while events move cards in and out of them — synced from the seat's
observation (``TableSession.seen_by``; nobody's
hand for a table that shows no one's eyes) whenever no animation is waiting, and advanced
event by event while they run: a flying card leaves its
source when its flight starts (``begin``) and lands in its destination when the flight
ends (``land``).  The war on the table is the engine's own record, folded event by event
with the engine's ``war_after``: nothing here guesses what an event meant.
"""
from __future__ import annotations

from dataclasses import dataclass

from knjazja.engine import NOBODY, Event, Observation
from knjazja.engine import zones as Z
from knjazja.engine.actions import Decision
from knjazja.engine.cards import CARD_ID, KIND
from knjazja.engine.kinds import CardKind, EventKind
from knjazja.engine.ops import PLAYED
from knjazja.engine.records import WarRecord, war_after
from knjazja.engine.state import City
from knjazja.engine.zones import Zone


@dataclass
class TableCard:
    """An event card lying on the table while it resolves (or Dowry's bidding)."""
    card: int
    seat: int
    target_seat: int = -1
    target_city: int = -1
    target_card: int = -1


HIDDEN = -1     # a card of a hand the view's seat cannot see: drawn as its back


class TableView:
    def __init__(self, state: Observation) -> None:
        self.n = state.n
        self.version = 0
        self.war: WarRecord | None = None
        self.table: TableCard | None = None
        self.bids: list[tuple[int, int]] = []
        self.bids_open = False
        self.recent: tuple[int, int] | None = None   # (seat, card) the last card played
        self.flying_cities: set[int] = set()
        self.seat = NOBODY
        self.hands: list[list[int]] = []
        self.sync(state)

    # -- from what the seat sees ------------------------------------------------------------
    def sync(self, s: Observation) -> None:
        kept = self.hands[s.seat] if self.seat == s.seat != NOBODY else []
        self.seat = s.seat                # whose hand is known (engine.NOBODY: nobody's)
        self.hands = [_in_order(kept, s.hand) if t == s.seat else [HIDDEN] * size
                      for t, size in enumerate(s.hand_sizes)]
        self.deck = s.deck_size
        self.discard = list(s.discard)
        self.cities: dict[int, City] = {k: c.copy() for k, c in s.cities.items()}
        self.chronicles = [list(c) for c in s.chronicles]
        self.under = dict(s.under)
        self.options = s.options          # (with cities, chronicles and under: an engine.public.PublicTable)
        self.before = [list(b) for b in s.before]
        self.current = s.current
        self.decision: Decision = s.decision
        self.turn_no = s.turn_no
        self.end_turn = s.end_turn
        self.over = s.over
        self.flying_cities = set()
        self.war = s.war.record if s.war is not None else None
        pend = s.pending
        if pend is not None and pend.in_limbo and KIND[pend.card] == CardKind.EVENT:
            a = pend.action
            self.table = TableCard(pend.card, pend.player, a.seat, a.city, a.target)
            self.bids = list(pend.bids)
        else:
            self.table = None
            self.bids = []
            self.bids_open = False
        self.touch()

    def touch(self) -> None:
        self.version += 1

    # -- queries the drawing needs (a PublicTable, like a state, for engine scoring) ----------
    def cities_of(self, seat: int) -> list[City]:
        return [c for c in self.cities.values() if c.owner == seat]

    def holds_chronicle(self, seat: int, cid: str) -> bool:
        return any(CARD_ID[c] == cid for c in self.chronicles[seat])

    # -- zones ------------------------------------------------------------------------------
    def take(self, zone: Zone | None, card: int) -> None:
        """Remove ``card`` from ``zone`` (a flight leaves it)."""
        kind, key = zone if zone is not None else ("", -1)
        if zone == Z.DECK:
            self.deck = max(0, self.deck - 1)
        elif zone == Z.DISCARD:
            _drop(self.discard, card)
        elif kind == Z.HAND:
            hand = self.hands[key]
            if key == self.seat and card in hand:
                hand.remove(card)
            elif hand:                  # a card this view cannot see: one of its backs leaves
                hand.pop()
        elif kind == Z.CITY and key in self.cities:
            self.cities[key].remove(card)
        elif kind == Z.CHRONICLES:
            _drop(self.chronicles[key], card)
        elif kind == Z.UNDER:
            self.under.pop(key, None)
        elif kind == Z.BEFORE:
            _drop(self.before[key], card)
        elif zone == Z.TABLE and self.table is not None and self.table.card == card:
            self.table, self.bids, self.bids_open = None, [], False
        elif kind == Z.BID:
            self.bids = [(b, t) for b, t in self.bids if t != card]
        self.touch()

    def put(self, zone: Zone | None, card: int) -> None:
        """Add ``card`` to ``zone`` (a flight lands)."""
        kind, key = zone if zone is not None else ("", -1)
        if zone == Z.DECK:
            self.deck += 1
        elif zone == Z.DISCARD:
            self.discard.append(card)
        elif kind == Z.HAND:            # into another's hand: a back, whatever the event says
            self.hands[key].append(card if key == self.seat else HIDDEN)
        elif kind == Z.CITIES:
            self.cities[card] = City(card, key)
        elif kind == Z.CITY and key in self.cities:
            self.cities[key].put(card)
        elif kind == Z.CHRONICLES:
            self.chronicles[key].append(card)
        elif kind == Z.UNDER:
            self.under[key] = card
        elif kind == Z.BEFORE:
            self.before[key].append(card)
        elif kind == Z.BID:             # another's bid lies face down until the bids turn up
            self.bids.append((key, card if key == self.seat else HIDDEN))
        self.touch()

    # -- event-level changes ----------------------------------------------------------------
    def begin(self, e: Event) -> None:
        """An event's animation starts: cards leave their places."""
        k = e.kind
        if k in (EventKind.MOVE, EventKind.RAID_LAY, EventKind.PLAY_EVENT, EventKind.BID):
            self.take(e.src, e.card)
        elif k in (EventKind.ATTACK, EventKind.ANSWER) and e.src is not None and e.src.kind == Z.HAND:
            for c in e.cards:
                self.take(e.src, c)
        elif k == EventKind.CITY_OWNER:
            self.flying_cities.add(e.city)
        if _leaves_war(e):
            self.war = war_after(self.war, e)
        self.touch()

    def land(self, e: Event) -> None:
        """An event's animation ends: cards arrive, numbers change."""
        k = e.kind
        if (card := played_card(e)) >= 0:
            self.recent = (e.seat, card)
        if k in (EventKind.MOVE, EventKind.BRIBED, EventKind.BID):
            self.put(e.dst, e.card)
        elif k == EventKind.PLAY_EVENT:
            self.table = TableCard(e.card, e.seat, e.other, e.city, e.cards[0] if e.cards else -1)
        elif k == EventKind.CITY_OWNER:
            self.flying_cities.discard(e.city)
            c = self.cities.pop(e.city, None)
            if c is not None:          # a city that changes hands joins the end of the new owner's row
                c.owner = e.other
                self.cities[e.city] = c
        elif k == EventKind.TURN:
            self.current, self.turn_no = e.seat, e.value
        elif k == EventKind.BIDS_REVEALED:
            self.bids_open = True
            if len(e.cards) == len(self.bids):      # the faces, in the order of the bids
                self.bids = [(b, t) for (b, _), t in zip(self.bids, e.cards)]
        elif k == EventKind.END_SET:
            self.end_turn = e.value
        elif k == EventKind.END_CANCELLED:
            self.end_turn = None
        elif k == EventKind.GAME_OVER:
            self.over = True
        if not _leaves_war(e):
            self.war = war_after(self.war, e)
        self.touch()

    def end_war(self) -> None:
        self.war = None
        self.touch()


def played_card(e: Event) -> int:
    """The card a player put into play with ``e`` — what the centre names as "last played" —
    or -1.  Wars and reactions count: troops sent to attack or defend (the first named), an
    answer's card (Ambush, Bribe, Condemnation, Plunder), a reaction that cancels a card, a
    troop laid against a Raid, a Bribe played on it."""
    k, src, dst = e.kind, e.src, e.dst
    if k in (EventKind.PLAY_EVENT, EventKind.CANCELLED, EventKind.RAID_LAY):
        card = e.card
    elif k in (EventKind.ATTACK, EventKind.ANSWER):
        card = e.card if e.card >= 0 else (e.cards[0] if e.cards and src is not None
                                           and src.kind == Z.HAND else -1)
    elif k == EventKind.MOVE and src is not None and src.kind == Z.HAND and dst is not None:
        played_out = dst.kind in (Z.CITY, Z.CITIES, Z.CHRONICLES, Z.UNDER)
        card = e.card if played_out or (dst == Z.DISCARD and e.how == PLAYED) else -1
    else:
        card = -1
    return card if card >= 0 and e.seat >= 0 else -1


def played(e: Event) -> bool:
    return played_card(e) >= 0


def last_played(events: list[Event]) -> tuple[int, int] | None:
    """(seat, card) of the last card played in ``events`` (after an undo or a load)."""
    e = next((e for e in reversed(events) if played(e)), None)
    return (e.seat, played_card(e)) if e is not None else None


def _leaves_war(e: Event) -> bool:
    """A war begins, or a card leaves the war stack: the record changes as the animation
    starts (the card flies from where it lay); every other change when it ends."""
    return e.kind == EventKind.WAR_START or e.src == Z.WAR


def _in_order(shown: list[int], hand: list[int]) -> list[int]:
    """``hand`` (an observation's, sorted) in the order its cards are shown (``shown``), the new
    ones at the end, as they came: a sync never shuffles the hand on the table."""
    have = set(hand)
    kept = [c for c in shown if c in have]
    old = set(kept)
    return kept + [c for c in hand if c not in old]


def _drop(cards: list[int], card: int) -> None:
    if card in cards:
        cards.remove(card)
