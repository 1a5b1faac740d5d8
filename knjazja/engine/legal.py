"""Legal actions: what whoever must decide now may do, in a stable order.

`legal_actions` is asked after every action, by the table, the bots' look-aheads and the
random playouts, so the lists are assembled from the prebuilt values of `moves.py`, and
whom war may be declared on is reckoned once per defender (`public.declarable`).  Card
targets are small functions registered per card id (EVENT_TARGETS / CHRONICLE_TARGETS).
"""
from __future__ import annotations

from typing import Callable, Iterable

from . import moves as M
from . import war
from .actions import (CHRONICLE, CONGRESS, DOWRY_BID, EVENT, PASS_IGOR, RAID_LAY, REACTION, TURN,
                      WAR_ATTACK, WAR_COUNTER, WAR_DEFEND, Action)
from .cards import CARDS, INSTANCES, SPECS, card_ids
from .kinds import CardKind, TargetKind
from .public import built_on, declarable, fortified
from .state import GameState
from .targets import other_cities, others_with_cards, troops_for_sending

TargetFn = Callable[[GameState, int, int], Iterable[Action]]

EVENT_TARGETS: dict[str, TargetFn] = {}
CHRONICLE_TARGETS: dict[str, TargetFn] = {}
_IGOR, = INSTANCES["chr.igor"]
_CITY, _BUILDING, _CHRONICLE, _EVENT = CardKind.CITY, CardKind.BUILDING, CardKind.CHRONICLE, CardKind.EVENT


def _register(table: dict, *ids: str):
    """A decorator filing ``fn`` under each card id in ``table`` (targets here, effects in rules)."""
    def deco(fn):
        for i in ids:
            table[i] = fn
        return fn
    return deco


def legal_actions(s: GameState) -> list[Action]:
    """The legal actions of whoever must decide now (`s.decision.seat`), in a stable order."""
    legal = s._legal
    if legal is None:
        kind = s.decision.kind
        legal = s._legal = _legal_turn(s, s.current) if kind == TURN else _legal_other(s, kind)
    return legal


def _legal_other(s: GameState, kind: str) -> list[Action]:
    if kind == WAR_ATTACK:
        return war.legal_attacker(s)
    if kind == WAR_DEFEND:
        return war.legal_defender(s)
    if kind == WAR_COUNTER:
        return war.legal_counter(s)
    if kind == RAID_LAY:
        return war.legal_raid_lay(s)
    if kind == REACTION:
        p = s.current_pending()
        card = s.first_in_hand(p.target_seat, p.reaction)
        return [M.REACT_WITH[card], M.DECLINE_MOVE] if card >= 0 else [M.DECLINE_MOVE]
    if kind == DOWRY_BID:
        seat = s.decision.seat
        return [M.BID_WITH[t] for t in troops_for_sending(s, seat)] + [M.NO_BID_MOVE]
    if kind == CONGRESS:
        seat = s.decision.seat
        return [M.GIVE_AWAY[c.card] for c in s.cities.values() if c.owner == seat] + [M.KEEP_MOVE]
    return []


def _legal_turn(s: GameState, p: int) -> list[Action]:
    out = [M.DRAW_MOVE] if s.deck else [M.PASS_MOVE]
    n = s.n
    hand = s.hands[p]
    open_cities: list[int] | None = None          # where a building may go (once per turn)
    last = None
    for card in sorted(hand):
        spec = CARDS[card]
        if spec is last:            # identical copies are one choice (`targets.distinct`)
            continue
        last = spec
        kind = spec.kind
        if kind is _CITY:
            out += M.PLAY_CITY_BEFORE[card][:n]
        elif kind is _BUILDING:
            if open_cities is None:
                open_cities = [c.card for c in s.cities.values() if not c.blocked]
            row = M.BUILD_IN[card]
            out += [row[c] for c in open_cities]
        elif kind is _CHRONICLE:
            fn = CHRONICLE_TARGETS.get(spec.id)
            out += fn(s, p, card) if fn else M.CHRONICLE_BEFORE[card][:n]
        elif kind is _EVENT:
            fn = EVENT_TARGETS.get(spec.id)
            if fn:
                out += fn(s, p, card)
    out += [M.DECLARE_ON[c] for c in declarable(s, hand, p)]
    if _IGOR in s.chronicles[p]:
        troops = troops_for_sending(s, p)
        out += [Action(PASS_IGOR, seat=t, cards=(tr,)) for t in range(n) if t != p for tr in troops]
    return out


# ===================================================================================
# the cards' targets
# ===================================================================================
@_register(EVENT_TARGETS, "ev.treachery", "ev.dowry")
def _t_other_city(s, p, card):
    row = M.EVENT_ON_CITY[card]
    return [row[c] for c in other_cities(s, p)]


@_register(EVENT_TARGETS, "ev.false_match")
def _t_walled(s, p, card):
    row = M.EVENT_ON_CITY[card]
    return [row[c.card] for c in s.cities.values() if fortified(c)]


@_register(EVENT_TARGETS, "ev.fire")
def _t_built(s, p, card):
    row = M.EVENT_ON_CITY[card]
    return [row[c.card] for c in s.cities.values() if built_on(c)]


# the events aimed at a prince (the raids, Reconnaissance: all at another, for his hand)
@_register(EVENT_TARGETS, *sorted(card_ids(CardKind.EVENT, aim=TargetKind.SEAT)))
def _t_other_with_cards(s, p, card):
    row = M.EVENT_AT_SEAT[card]
    return [row[t] for t in others_with_cards(s, p)]


@_register(EVENT_TARGETS, "ev.tatar_invasion")
def _t_invasion(s, p, card):
    if s.end_turn is not None or (s.first_round and not s.options.invasion_first_round):
        return []
    return [M.EVENT_AT_SEAT[card][p]]


@_register(EVENT_TARGETS, "ev.silence")
def _t_silence(s, p, card):
    return [M.EVENT_AT_SEAT[card][p]] if s.end_turn is not None else []


@_register(EVENT_TARGETS, "ev.judgement")
def _t_judgement(s, p, card):
    row = M.EVENT_ON_CITY[card]
    return [row[c.card] for c in s.cities.values() if c.owner != p and c.card in s.owned_ever[p]]


@_register(EVENT_TARGETS, *sorted(card_ids(CardKind.EVENT, aim=TargetKind.CHRONICLE)))
def _t_poisoner(s, p, card):
    return [Action(EVENT, card=card, seat=t, target=c) for t in range(s.n) for c in s.chronicles[t]]


@_register(CHRONICLE_TARGETS, "chr.sviatopolk")
def _t_sviatopolk(s, p, card):
    return [Action(CHRONICLE, card=card, seat=p, city=c) for c in other_cities(s, p)]


@_register(CHRONICLE_TARGETS, "chr.congress")
def _t_congress(s, p, card):
    row = M.CHRONICLE_BEFORE[card]
    return [row[t] for t in range(s.n) if t != p and s.cities_of(t)]


@_register(CHRONICLE_TARGETS, "chr.byzantium")
def _t_byzantium(s, p, card):
    troops = troops_for_sending(s, p)
    return [Action(CHRONICLE, card=card, seat=t, cards=(tr,)) for t in range(s.n) for tr in troops]


# every card aimed at something in its player's turn has its targets here (docs/RULES.md §2)
assert {sp.id for sp in SPECS if sp.aim is not None} <= set(EVENT_TARGETS) | set(CHRONICLE_TARGETS)
