"""Where cards lie: typed zones for the events' ``src``/``dst``, and who learns what when a
card moves.

A zone is a small immutable value: its kind and, for the zones that belong to someone, the
seat or card it belongs to::

    Zone("hand", 2)      seat 2's hand                     hand(2)
    Zone("cities", 1)    a city placed before seat 1       cities(1)
    Zone("city", 17)     the buildings of city card 17     city(17)
    Zone("under", 93)    under Byzantine Aid card 93       under(93)
    DECK, DISCARD, WAR, TABLE                               (nobody's)

``str(zone)`` reads ``hand:2`` (logs, debugging); nothing parses it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .cards import N_CARDS
from .kinds import EventKind

if TYPE_CHECKING:
    from .actions import Event

# zone kinds
HAND = "hand"              # key: seat
CITIES = "cities"          # key: seat (a city founded before him)
CITY = "city"              # key: city card (its buildings, walls, Moat)
CHRONICLES = "chronicles"  # key: seat
UNDER = "under"            # key: chronicle card (Byzantine Aid's troop)
BEFORE = "before"          # key: seat (Tatar Invasion / Silence laid before him)
BID = "bid"                # key: seat (a Dowry bid, face down)
DECK_KIND, DISCARD_KIND, WAR_KIND, TABLE_KIND = "deck", "discard", "war", "table"
ZONE_KINDS = (HAND, CITIES, CITY, CHRONICLES, UNDER, BEFORE, BID, DECK_KIND, DISCARD_KIND,
              WAR_KIND, TABLE_KIND)


class Zone(NamedTuple):
    kind: str
    key: int = -1          # the seat or card the zone belongs to; -1 for nobody's

    def __str__(self) -> str:
        return self.kind if self.key < 0 else f"{self.kind}:{self.key}"


DECK = Zone(DECK_KIND)
DISCARD = Zone(DISCARD_KIND)
WAR = Zone(WAR_KIND)        # the war's troops on the table
TABLE = Zone(TABLE_KIND)    # an event card while it resolves


# The zones the rules name after every action, made once (equal to those made afresh).
_SEATS, _CARDS = 8, N_CARDS        # state.MAX_PLAYERS (state.py holds them equal)
HANDS: tuple[Zone, ...] = tuple(Zone(HAND, seat) for seat in range(_SEATS))
CITY_ZONES: tuple[Zone, ...] = tuple(Zone(CITY, card) for card in range(_CARDS))


def hand(seat: int) -> Zone:
    return HANDS[seat] if 0 <= seat < _SEATS else Zone(HAND, seat)


def cities(seat: int) -> Zone:
    return Zone(CITIES, seat)


def city(card: int) -> Zone:
    return CITY_ZONES[card] if 0 <= card < _CARDS else Zone(CITY, card)


def chronicles(seat: int) -> Zone:
    return Zone(CHRONICLES, seat)


def under(chronicle: int) -> Zone:
    return Zone(UNDER, chronicle)


def before(seat: int) -> Zone:
    return Zone(BEFORE, seat)


def bid(seat: int) -> Zone:
    return Zone(BID, seat)


def learned_by(e: Event, n_players: int) -> frozenset[int]:
    """The seats that learned hidden information from event ``e``: a card that only its
    holder (or nobody, in the deck) could see before, now shown to them.

    A card leaving the deck is learned by whoever may see the event (the drawer); a card
    leaving a hand or a face-down bid, by everyone who may see it except its holder (a
    Principality Raid's thief, everybody for a card played or randomly discarded);
    Reconnaissance by the looker; revealed Dowry bids by everyone.  Undo uses it: a move is
    not taken back once it showed its player something hidden."""
    seeing = frozenset(e.private) if e.private else frozenset(range(n_players))
    if e.kind == EventKind.REVEAL:
        return seeing - {e.other}
    if e.kind == EventKind.BIDS_REVEALED:
        return seeing
    src = e.src
    if src is None or src.kind == BID:
        return frozenset()
    if src == DECK:
        return seeing if e.dst is not None and e.dst != DECK else frozenset()
    if src.kind == HAND:
        return seeing - {src.key}
    return frozenset()
