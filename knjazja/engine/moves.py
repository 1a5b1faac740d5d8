"""Every action and decision the rules may offer, built once.

The legal lists are rebuilt after every action (the random playouts and the bots'
look-aheads do little else), and an `Action` made afresh costs a Python call with
keywords.  The values are immutable, so the lists are assembled from these tables
instead: the same values, equal to the ones made by hand (`Action(BUILD, card=c,
city=k)`), in the same order.  Rows indexed by a seat run over every seat a table may
have; rows indexed by a city are dicts keyed by the city's card.
"""
from __future__ import annotations

from .actions import (DECISION_KINDS, OVER, ACCEPT, AMBUSH, ATTACK, BID, BUILD, CHRONICLE, CONDEMN, DECLARE_WAR,
                      DECLINE, DEFEND, DRAW, END_WAR, EVENT, GIVE_CITY, KEEP, LAY, NO_BID, PASS,
                      PLAY_CITY, REACT, TURN, YIELD, YIELD_PLUNDER, Action, Decision)
from .cards import KIND, N_CARDS
from .kinds import CardKind
from .state import MAX_PLAYERS

SEATS = range(MAX_PLAYERS)
CITY_CARDS = tuple(c for c in range(N_CARDS) if KIND[c] == CardKind.CITY)

DRAW_MOVE = Action(DRAW)
PASS_MOVE = Action(PASS)
END_WAR_MOVE = Action(END_WAR)
YIELD_MOVE = Action(YIELD)
ACCEPT_MOVE = Action(ACCEPT)
DECLINE_MOVE = Action(DECLINE)
NO_BID_MOVE = Action(NO_BID)
KEEP_MOVE = Action(KEEP)

# every decision but the game's end, by its kind and the seat that makes it
DECISIONS: dict[str, tuple[Decision, ...]] = {
    kind: tuple(Decision(seat, kind) for seat in SEATS) for kind in DECISION_KINDS if kind != OVER}
TURN_OF: tuple[Decision, ...] = DECISIONS[TURN]      # whose turn it is


def _by_card(kind: CardKind, make) -> tuple:
    """One entry per card instance: ``make(card)`` for the cards of ``kind``, else ()."""
    return tuple(make(c) if KIND[c] == kind else () for c in range(N_CARDS))


# turn actions: a card and the seat or city it goes to
PLAY_CITY_BEFORE: tuple[tuple[Action, ...], ...] = _by_card(
    CardKind.CITY, lambda c: tuple(Action(PLAY_CITY, card=c, seat=t) for t in SEATS))
BUILD_IN: tuple[dict[int, Action], ...] = _by_card(
    CardKind.BUILDING, lambda c: {k: Action(BUILD, card=c, city=k) for k in CITY_CARDS})
CHRONICLE_BEFORE: tuple[tuple[Action, ...], ...] = _by_card(
    CardKind.CHRONICLE, lambda c: tuple(Action(CHRONICLE, card=c, seat=t) for t in SEATS))
EVENT_ON_CITY: tuple[dict[int, Action], ...] = _by_card(
    CardKind.EVENT, lambda c: {k: Action(EVENT, card=c, city=k) for k in CITY_CARDS})
EVENT_AT_SEAT: tuple[tuple[Action, ...], ...] = _by_card(
    CardKind.EVENT, lambda c: tuple(Action(EVENT, card=c, seat=t) for t in SEATS))
DECLARE_ON: dict[int, Action] = {k: Action(DECLARE_WAR, city=k) for k in CITY_CARDS}
GIVE_AWAY: dict[int, Action] = {k: Action(GIVE_CITY, city=k) for k in CITY_CARDS}

# answers with one card (a troop, or an event played in a war or a Dowry)
ATTACK_WITH: tuple[Action, ...] = tuple(Action(ATTACK, cards=(c,)) for c in range(N_CARDS))
DEFEND_WITH: tuple[Action, ...] = tuple(Action(DEFEND, cards=(c,)) for c in range(N_CARDS))
LAY_DOWN: tuple[Action, ...] = tuple(Action(LAY, card=c) for c in range(N_CARDS))
BID_WITH: tuple[Action, ...] = tuple(Action(BID, card=c) for c in range(N_CARDS))
REACT_WITH: tuple[Action, ...] = tuple(Action(REACT, card=c) for c in range(N_CARDS))
AMBUSH_WITH: tuple[Action, ...] = tuple(Action(AMBUSH, card=c) for c in range(N_CARDS))
CONDEMN_WITH: tuple[Action, ...] = tuple(Action(CONDEMN, card=c) for c in range(N_CARDS))
PLUNDER_WITH: tuple[Action, ...] = tuple(Action(YIELD_PLUNDER, card=c) for c in range(N_CARDS))
