"""Why a move cannot be made: a refusal code with parameters, for a UI to translate.

A table lets a player point a card at something (a city, a prince, a chronicle, a troop on
the war stack, or just the middle of the table); when no legal action matches, these
functions say why, as ``Refusal(code, params)``.  The codes are stable names
(``"blocked"``, ``"walls_hold"``, ``"war_only"`` …; see ``CODES``); a parameter is a card
(``CardArg``), a seat (``SeatArg``) or a number.  The rule knowledge behind the reasons
(which cards only answer an attack) lives here, beside the rules, so a UI never repeats it;
the rules of war and of what a card finds in a city are the public table's (`public.py`),
asked here as the legal actions ask them.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .actions import (AMBUSH, BID, CONDEMN, CONGRESS, DOWRY_BID, LAY, RAID_LAY, REACT, REACTION, TURN, WAR_ATTACK,
                      WAR_COUNTER, WAR_DEFEND, YIELD_PLUNDER, Action)
from .cards import CARD_ID, CARDS, IS_MILITIA, IS_TROOP, SPECS, card_ids
from .kinds import CardKind, TargetKind
from .observation import Observation
from .rules import legal_actions
from .state import GameState
from .public import (PublicView, attack_sum, attack_value, built_on, cities_of, defence_value, forms_squads,
                     fortified, holds, strongest_attack)


# The cards' facts, from the catalogue (`CardSpec`): events played only in a war, reactions
# (only when targeted), cards never pointed at one's own city, cards allowed only sometimes
# (the refusal code says when), and what a card played in one's turn is pointed at.
_WAR_ONLY = card_ids(war_only=True)
_REACTIONS = frozenset(sp.id for sp in SPECS if sp.reaction)
_ON_OTHERS_CITY = card_ids(aim=TargetKind.CITY, others_only=True)
_WHEN = {sp.id: sp.only_when for sp in SPECS if sp.only_when}
_AT_CITY = card_ids(aim=TargetKind.CITY)
_AT_PRINCE = card_ids(aim=TargetKind.SEAT)
_AT_CHRONICLE = card_ids(aim=TargetKind.CHRONICLE)
# the events aimed at a prince act on his hand: they need one with cards in it
_ON_OTHERS_HAND = card_ids(CardKind.EVENT, aim=TargetKind.SEAT)

CODES = (
    "over", "not_yours", "blocked", "own_city", "bribe_foreign", "build_on_city", "not_on_self",
    "troops_in_war", "militia_defends", "anna", "walls_hold", "too_weak", "war_only",
    "reaction_only", "invasion", "silence", "no_city_to_build", "no_target", "wrong_target",
    "in_your_war", "answer_only", "counter_only", "lay_troop", "reaction_now", "bid_troop",
    "congress_now", "cannot_now", "own_city_war", "war_city", "pick_city", "igor_seat",
    "war_elsewhere", "drop_on_war", "war_city_squad", "no_troops", "anna_war", "war_not_now",
    "no_buildings", "no_walls", "never_owned", "no_cities", "empty_hand",
    "on_city", "on_prince", "on_chronicle", "before_prince", "to_middle", "on_self", "needs_troop",
    "on_troop", "drop_in_middle",
)


class Target(NamedTuple):
    """Something on the table a card may be pointed at: a city (its card), a seat, a
    chronicle (its card), a troop on the war stack, or the middle of the table."""
    kind: TargetKind
    key: int = -1


class CardArg(NamedTuple):
    card: int


class SeatArg(NamedTuple):
    seat: int


Param = CardArg | SeatArg | int


@dataclass(frozen=True)
class Refusal:
    code: str                                   # one of CODES
    params: Mapping[str, Param] = field(default_factory=dict)


def _r(code: str, **params: Param) -> Refusal:
    return Refusal(code, params)


def uses(legal: list[Action], card: int) -> list[Action]:
    """The legal actions that play ``card`` (or an identical copy)."""
    cid = CARD_ID[card]
    return [a for a in legal if (a.card >= 0 and CARD_ID[a.card] == cid)
            or any(c >= 0 and CARD_ID[c] == cid for c in a.cards)]


class _Mine(NamedTuple):
    """What the refusals read beside the table: the asking seat's hand and legal actions."""
    hand: Sequence[int]
    legal: list[Action]


def _mine(s: PublicView, seat: int, legal: list[Action] | None) -> _Mine:
    """``seat``'s hand and his legal actions now: a state's own, or with ``seat``'s observation
    (a table's: it cannot work out legal actions) the ``legal`` actions its table was given."""
    if isinstance(s, GameState):
        return _Mine(s.hands[seat], legal_actions(s) if legal is None else legal)
    assert isinstance(s, Observation) and s.seat == seat, "a seat's refusals read its own view"
    assert legal is not None, "an observation does not know the legal actions: pass them"
    return _Mine(s.hand, legal)


def why_not_play(s: PublicView, seat: int, card: int, target: Target | None = None, *,
                 legal: list[Action] | None = None) -> Refusal:
    """Why ``seat`` cannot play ``card`` (on ``target``, if given) now.  ``s`` is the game's
    state, or ``seat``'s observation with his ``legal`` actions (what a table sees)."""
    dseat, kind = s.decision
    if s.over:
        return _r("over")
    if dseat != seat:
        return _r("not_yours", name=SeatArg(dseat))
    mine = _mine(s, seat, legal)
    specific = _target_reason(s, mine, seat, card, target) if target is not None else None
    if specific is not None:
        return specific
    if not uses(mine.legal, card):
        return _no_use(s, mine, card)
    return _r("no_target" if target is None else "wrong_target", card=CardArg(card))


def why_not_declare(s: PublicView, seat: int, target: Target | None, *,
                    legal: list[Action] | None = None) -> Refusal:
    """Why ``seat`` cannot start a war on ``target``: the first obstacle that is really there."""
    if target is None or target.kind != TargetKind.CITY or target.key not in s.cities:
        return _r("pick_city")
    if s.over:
        return _r("over")
    city = s.cities[target.key]
    if city.owner == seat:
        return _r("own_city_war")
    if s.decision.seat != seat:
        return _r("not_yours", name=SeatArg(s.decision.seat))
    if s.decision.kind != TURN:
        return _r("war_not_now")
    hand = _mine(s, seat, legal).hand
    troops = [t for t in hand if IS_TROOP[t] and not IS_MILITIA[t]]
    if not troops:
        has_militia = any(IS_MILITIA[t] for t in hand)
        return _r("militia_defends") if has_militia else _r("no_troops")
    best = strongest_attack(s, troops, seat, city.owner)
    if not best:                                        # Anna Yaroslavna leaves none
        return _r("anna_war", seat=SeatArg(city.owner))
    code = "war_city_squad" if len(troops) > 1 and forms_squads(s, seat) else "war_city"
    return _r(code, city=CardArg(target.key), walls=city.wall_strength, n=best)


def why_not_pass_igor(s: PublicView, seat: int, target: Target | None) -> Refusal:
    """Why Igor's Campaign cannot go to ``target``: only another prince may take it."""
    return _r("igor_seat")


def _target_reason(s: PublicView, mine: _Mine, seat: int, card: int, target: Target) -> Refusal | None:
    """A reason tied to the place the card was pointed at, if there is a telling one."""
    spec, cid, kind = CARDS[card], CARD_ID[card], s.decision.kind
    in_war = kind in (WAR_ATTACK, WAR_DEFEND)
    if kind == TURN:
        if IS_TROOP[card]:        # a troop has no place in a turn but under a chronicle or with Igor
            return _r("militia_defends") if IS_MILITIA[card] else _r("troops_in_war")
        if cid in _WHEN and not (target.kind == TargetKind.SEAT and target.key == seat) \
                and uses(mine.legal, card):
            return _r("on_self", card=CardArg(card))
        wrong_kind = _wrong_kind_of_target(spec.kind, cid, target.kind, card)
        if wrong_kind is not None:
            return wrong_kind
    if target.kind != TargetKind.CENTRE and (not IS_TROOP[card] or kind in (DOWRY_BID, RAID_LAY)) \
            and _only_in_the_middle(mine, card):
        return _r("to_middle", card=CardArg(card))
    if kind in (WAR_ATTACK, WAR_DEFEND, WAR_COUNTER) and not IS_TROOP[card] and uses(mine.legal, card):
        if cid == "ev.bribe" and target.kind != TargetKind.TROOP:
            return _r("on_troop", card=CardArg(card))
        if cid != "ev.bribe" and target.kind != TargetKind.CENTRE:
            return _r("drop_in_middle", card=CardArg(card))
    if target.kind == TargetKind.CITY:
        city = s.cities.get(target.key)
        if city is None:
            return None
        if spec.kind == CardKind.BUILDING and city.blocked and kind == TURN:
            return _r("blocked", card=CardArg(card), city=CardArg(city.card), walls=CardArg(city.walls))
        if in_war and IS_TROOP[card]:
            if s.war is not None and target.key != s.war.city:
                return _r("war_elsewhere", city=CardArg(s.war.city), other=CardArg(target.key))
            return _troop_reason(s, mine, card)
        if cid in _ON_OTHERS_CITY and city.owner == seat and kind == TURN:
            return _r("own_city", card=CardArg(card))
        if kind == TURN:
            return _city_event_reason(s, seat, card, city.card)
        return None
    if target.kind != TargetKind.CITY and IS_TROOP[card] and in_war:
        return _troop_reason(s, mine, card)

    if target.kind == TargetKind.TROOP and cid == "ev.bribe":
        return _r("bribe_foreign")
    if target.kind == TargetKind.SEAT and kind == TURN:
        if spec.kind == CardKind.BUILDING:
            return _r("build_on_city", card=CardArg(card))
        if target.key == seat and cid in _AT_PRINCE and spec.others_only:
            return _r("not_on_self", card=CardArg(card))
        if 0 <= target.key < s.n and target.key != seat:
            if cid in _ON_OTHERS_HAND and not s.hand_sizes[target.key]:
                return _r("empty_hand", card=CardArg(card), seat=SeatArg(target.key))
            if cid == "chr.congress" and not cities_of(s, target.key):
                return _r("no_cities", card=CardArg(card), seat=SeatArg(target.key))
    return None


_TARGETLESS = frozenset({AMBUSH, CONDEMN, YIELD_PLUNDER, REACT, LAY, BID})


def _only_in_the_middle(mine: _Mine, card: int) -> bool:
    """The card's every use needs no target: it is clicked, or dropped in the middle."""
    used = uses(mine.legal, card)
    return bool(used) and all(a.kind in _TARGETLESS for a in used)


def _wrong_kind_of_target(card_kind: str, cid: str, target_kind: str, card: int) -> Refusal | None:
    """A card dropped on a kind of thing it never goes on (a city card on a city, Fire on a
    prince …): say what it goes on."""
    name = CardArg(card)
    if card_kind == CardKind.BUILDING and target_kind != TargetKind.CITY:
        return _r("build_on_city", card=name)
    if cid in _AT_CITY:
        return _r("on_city", card=name) if target_kind != TargetKind.CITY else None
    if cid in _AT_PRINCE:
        return _r("on_prince", card=name) if target_kind != TargetKind.SEAT else None
    if cid in _AT_CHRONICLE:
        return _r("on_chronicle", card=name) if target_kind != TargetKind.CHRONICLE else None
    if card_kind in (CardKind.CITY, CardKind.CHRONICLE) and target_kind != TargetKind.SEAT:
        return _r("before_prince", card=name)
    return None


def _city_event_reason(s: PublicView, seat: int, card: int, city_card: int) -> Refusal | None:
    """An event (or Sviatopolk) pointed at a city it cannot act on, in the player's turn."""
    cid, city = CARD_ID[card], s.cities[city_card]
    name, where = CardArg(card), CardArg(city_card)
    if cid == "ev.fire" and not built_on(city):
        return _r("no_buildings", card=name, city=where)
    if cid == "ev.false_match" and not fortified(city):
        return _r("no_walls", card=name, city=where)
    if cid == "ev.judgement":
        if city.owner == seat:
            return _r("own_city", card=name)
        if city_card not in s.owned_ever[seat]:
            return _r("never_owned", card=name, city=where)
    if cid == "chr.sviatopolk" and city.owner == seat:
        return _r("own_city", card=name)
    return None


def _troop_reason(s: PublicView, mine: _Mine, troop: int) -> Refusal:
    """Why a troop cannot go into the war as it stands: too weak, when it is; else where it
    should have been dropped (it could fight, just not there)."""
    w = s.war
    if w is None:
        return _r("troops_in_war")
    name = CardArg(troop)
    if s.decision.kind == WAR_ATTACK:
        if IS_MILITIA[troop]:
            return _r("militia_defends")
        n = attack_value(s, troop, w.defender)
        if n <= 0:                                  # Anna Yaroslavna brought it to nothing
            return _r("anna", card=name)
        walls = s.cities[w.city].wall_strength
        if n <= walls:
            return _r("walls_hold", card=name, n=n, city=CardArg(w.city), walls=walls)
    else:
        n = defence_value(s, troop, w.defender, w.city)
        attack = attack_sum(s, w.attack, w.defender)
        if not holds(s, n, attack):
            return _r("too_weak", card=name, n=n, attack=attack)
    if uses(mine.legal, troop):
        return _r("drop_on_war", card=name, city=CardArg(w.city))
    return _r("cannot_now", card=name)


_ANSWER_CODES = {WAR_COUNTER: "counter_only", RAID_LAY: "lay_troop", REACTION: "reaction_now",
                 DOWRY_BID: "bid_troop", CONGRESS: "congress_now"}


def _no_use(s: PublicView, mine: _Mine, card: int) -> Refusal:
    """Why ``card`` has no use at all in the decision now."""
    spec, cid, kind = CARDS[card], CARD_ID[card], s.decision.kind
    name = CardArg(card)
    if kind == TURN:
        if IS_TROOP[card]:
            return _r("militia_defends") if IS_MILITIA[card] else _r("troops_in_war")
        if cid in _WAR_ONLY:
            return _r("war_only", card=name)
        if cid in _REACTIONS:
            return _r("reaction_only", card=name)
        if cid in _WHEN:
            return _r(_WHEN[cid], card=name)
        if cid == "chr.byzantium" and not any(IS_TROOP[t] and not IS_MILITIA[t] for t in mine.hand):
            return _r("needs_troop", card=name)
        if spec.kind == CardKind.BUILDING:
            return _r("no_city_to_build", card=name)
        return _r("no_target", card=name)
    if kind in (WAR_ATTACK, WAR_DEFEND):
        if IS_TROOP[card]:
            return _troop_reason(s, mine, card)
        return _r("in_your_war" if kind == WAR_ATTACK else "answer_only", card=name)
    if kind in _ANSWER_CODES:
        return _r(_ANSWER_CODES[kind])
    return _r("cannot_now", card=name)
