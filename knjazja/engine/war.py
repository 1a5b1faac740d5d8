"""War (docs/RULES.md §4): declare, attack, answer, bribe, fall — one decision at a time."""
from __future__ import annotations

from . import moves as M
from . import ops
from . import records as R
from . import zones as Z
from .actions import (ACCEPT, AMBUSH, ATTACK, BRIBE, CONDEMN, DEFEND, END_WAR, EVENT, RAID_LAY,
                      WAR_ATTACK, WAR_COUNTER, WAR_DEFEND, YIELD, YIELD_PLUNDER, Action, Event)
from .cards import CARD_ID, FOREIGN, IS_TROOP
from .kinds import AnswerKind, EventKind, WarEnd
from .state import GameState, War
from .public import attack_sum, defence_sum, fortified, holds
from .targets import attack_options, defence_options, distinct

# The kinds named at every step, read once: in Python 3.11 an enum's class attribute goes
# through its metaclass's __getattr__ hook, ten times the cost of reading a module's name.
_EV_ANSWER, _EV_ATTACK, _EV_BRIBED = EventKind.ANSWER, EventKind.ATTACK, EventKind.BRIBED
_EV_CITY_FALLS, _EV_PLUNDER = EventKind.CITY_FALLS, EventKind.PLUNDER
_EV_RAID_LAY, _EV_REPELLED, _EV_WAR_END = EventKind.RAID_LAY, EventKind.REPELLED, EventKind.WAR_END
_EV_WAR_START = EventKind.WAR_START
_ANS_ACCEPT, _ANS_AMBUSH, _ANS_BRIBE = AnswerKind.ACCEPT, AnswerKind.AMBUSH, AnswerKind.BRIBE
_ANS_CONDEMN, _ANS_COUNTER_BRIBE = AnswerKind.CONDEMN, AnswerKind.COUNTER_BRIBE
_ANS_DEFEND, _ANS_RAID_TROOP = AnswerKind.DEFEND, AnswerKind.RAID_TROOP
_ANS_YIELD, _ANS_YIELD_PLUNDER = AnswerKind.YIELD, AnswerKind.YIELD_PLUNDER
_END_CAPTURED, _END_CONDEMNED, _END_ENDED = WarEnd.CAPTURED, WarEnd.CONDEMNED, WarEnd.ENDED
_new = tuple.__new__        # a war's events made at once from their fields (the keywords in comments)


# --- declaring (whether one may: `public.may_declare`) ---------------------------------------
def declare(s: GameState, attacker: int, city_card: int, ev: list) -> None:
    defender = s.cities[city_card].owner
    s.war = War(attacker, defender, city_card)
    # Event(WAR_START, seat=attacker, other=defender, city=city_card, value=s.turn_no)
    ev.append(_new(Event, (_EV_WAR_START, attacker, -1, (), None, None, city_card, defender, s.turn_no, (), "")))
    s.decision = M.DECISIONS[WAR_ATTACK][attacker]


def current_attack(s: GameState) -> int:
    w = s.current_war()
    return attack_sum(s, w.attack, w.defender)


# --- legal actions per decision ---------------------------------------------------------
def _attack(troops: tuple[int, ...]) -> Action:
    return M.ATTACK_WITH[troops[0]] if len(troops) == 1 else Action(ATTACK, cards=troops)


def _defend(troops: tuple[int, ...]) -> Action:
    return M.DEFEND_WITH[troops[0]] if len(troops) == 1 else Action(DEFEND, cards=troops)


def legal_attacker(s: GameState) -> list[Action]:
    w = s.current_war()
    a = w.attacker
    city = s.cities[w.city]
    out = [_attack(c) for c in attack_options(s, a, w.defender, city.wall_strength)]
    hand = s.hands[a]
    for card in distinct(hand):
        cid = CARD_ID[card]
        if cid == "ev.raid_city" and w.attacks_made == 0 and not w.raid_played:
            out.append(Action(EVENT, card=card, seat=w.defender, city=w.city))
        elif cid == "ev.false_match" and fortified(city):
            out.append(Action(EVENT, card=card, city=w.city))
        elif cid == "ev.recon":
            out.append(Action(EVENT, card=card, seat=w.defender))
        elif cid == "ev.bribe" and w.raid_troop >= 0 and FOREIGN[w.raid_troop]:
            out.append(Action(BRIBE, card=card, target=w.raid_troop))
    out.append(M.END_WAR_MOVE)
    return out


def legal_defender(s: GameState) -> list[Action]:
    w = s.current_war()
    d = w.defender
    strength = current_attack(s)
    out = [_defend(c) for c in defence_options(s, d, w.city, strength)]
    for card in distinct(s.hands[d]):
        cid = CARD_ID[card]
        if cid == "ev.ambush":
            out.append(M.AMBUSH_WITH[card])
        elif cid == "ev.bribe":
            out += [Action(BRIBE, card=card, target=t) for t in w.attack if FOREIGN[t]]
        elif cid == "ev.condemnation":
            out.append(M.CONDEMN_WITH[card])
    out.append(M.YIELD_MOVE)
    plunder = s.first_in_hand(d, "ev.plunder")
    if plunder >= 0:
        out.append(M.PLUNDER_WITH[plunder])
    return out


def legal_counter(s: GameState) -> list[Action]:
    w = s.current_war()
    bribe = s.first_in_hand(w.attacker, "ev.bribe")
    out = []
    if bribe >= 0:
        out = [Action(BRIBE, card=bribe, target=t) for t in w.defence if FOREIGN[t]]
    out.append(M.ACCEPT_MOVE)
    return out


def legal_raid_lay(s: GameState) -> list[Action]:
    d = s.current_war().defender
    return [M.LAY_DOWN[t] for t in distinct(s.hands[d]) if IS_TROOP[t]]


# --- applying ---------------------------------------------------------------------------
def keep_record(s: GameState, ev: list) -> None:
    """Fold an action's events into the war's record (see records.py)."""
    w = s.war
    if w is not None:
        record = w.record
        for e in ev:
            record = R.war_after(record, e)
        w.record = record


def _answer(s: GameState, how: str, ev: list, seat: int, card: int = -1, cards: tuple = (),
            value: int = 0, src: Z.Zone | None = None) -> None:
    """Every answer to an attack is an event (its kind in ``how``)."""
    w = s.current_war()
    dst = Z.WAR if cards and how in (_ANS_DEFEND, _ANS_RAID_TROOP) else None
    # Event(ANSWER, seat=seat, card=card, cards=cards, src=src, dst=dst, city=w.city, value=value, how=how)
    ev.append(_new(Event, (_EV_ANSWER, seat, card, cards, src, dst, w.city, -1, value, (), how)))


def apply_attacker(s: GameState, a: Action, ev: list, play_event) -> None:
    w = s.current_war()
    if a.kind == ATTACK:
        for c in a.cards:
            ops.take_from_hand(s, w.attacker, c)
        w.attack = list(a.cards)
        w.attacks_made += 1
        strength = current_attack(s)
        # Event(ATTACK, seat=w.attacker, cards=a.cards, src=Z.hand(w.attacker), dst=Z.WAR,
        #       city=w.city, other=w.defender, value=strength)
        ev.append(_new(Event, (_EV_ATTACK, w.attacker, -1, a.cards, Z.HANDS[w.attacker], Z.WAR, w.city,
                               w.defender, strength, (), "")))
        if w.raid_troop >= 0:                    # the troop laid by the Raid answers first
            t, w.raid_troop = w.raid_troop, -1
            w.defence = [t]
            d = defence_sum(s, w.defence, w.defender, w.city)
            _answer(s, _ANS_RAID_TROOP, ev, w.defender, cards=(t,), value=d, src=Z.WAR)
            if holds(s, d, strength):
                _defence_holds(s, ev)
                return
            ops.discard(s, t, Z.WAR, ev, w.defender)
            w.defence = []
        s.decision = M.DECISIONS[WAR_DEFEND][w.defender]
    elif a.kind == EVENT:
        play_event(s, w.attacker, a, ev)
    elif a.kind == BRIBE:                         # bribing the Raid's laid troop
        ops.discard_from_hand(s, w.attacker, a.card, ev, ops.PLAYED)
        w.raid_troop = -1
        _bribed(s, w.attacker, a.target, ev)
    elif a.kind == END_WAR:
        end_war(s, ev, _END_ENDED)


def _bribed(s: GameState, new_owner: int, troop: int, ev: list) -> None:
    ops.add_to_hand(s, new_owner, troop, known_by=tuple(range(s.n)))
    ev.append(Event(_EV_BRIBED, seat=new_owner, card=troop, src=Z.WAR, dst=Z.hand(new_owner)))


def apply_defender(s: GameState, a: Action, ev: list) -> None:
    w = s.current_war()
    d = w.defender
    if a.kind == DEFEND:
        for c in a.cards:
            ops.take_from_hand(s, d, c)
        w.defence = list(a.cards)
        value = defence_sum(s, w.defence, d, w.city)
        _answer(s, _ANS_DEFEND, ev, d, cards=a.cards, value=value, src=Z.hand(d))
        _defence_holds(s, ev)
    elif a.kind == AMBUSH:
        _answer(s, _ANS_AMBUSH, ev, d, card=a.card)
        ops.discard_from_hand(s, d, a.card, ev)
        _repelled(s, ev, _ANS_AMBUSH)
    elif a.kind == BRIBE:
        before = current_attack(s)
        w.attack.remove(a.target)
        goes_on = bool(w.attack) and current_attack(s) > s.cities[w.city].wall_strength
        # the attack's Strength from now on; one the Bribe repels keeps the Strength it had
        _answer(s, _ANS_BRIBE, ev, d, card=a.card, cards=(a.target,),
                value=current_attack(s) if goes_on else before)
        ops.discard_from_hand(s, d, a.card, ev)
        _bribed(s, d, a.target, ev)
        if goes_on:
            s.decision = M.DECISIONS[WAR_DEFEND][d]
        else:
            _repelled(s, ev, _ANS_BRIBE)
    elif a.kind == CONDEMN:
        _answer(s, _ANS_CONDEMN, ev, d, card=a.card)
        ops.discard_from_hand(s, d, a.card, ev)
        end_war(s, ev, _END_CONDEMNED)
    elif a.kind in (YIELD, YIELD_PLUNDER):
        _answer(s, _ANS_YIELD if a.kind == YIELD else _ANS_YIELD_PLUNDER, ev, d, card=a.card)
        city = s.cities[w.city]
        if a.kind == YIELD_PLUNDER:
            ops.discard_from_hand(s, d, a.card, ev)
            ev.append(Event(_EV_PLUNDER, seat=d, card=a.card, city=w.city))
            ops.destroy_buildings(s, city, ev)
        # Event(CITY_FALLS, seat=w.attacker, other=d, city=w.city)
        ev.append(_new(Event, (_EV_CITY_FALLS, w.attacker, -1, (), None, None, w.city, d, 0, (), "")))
        ops.give_city(s, city, w.attacker, ev, "war")
        end_war(s, ev, _END_CAPTURED)


def apply_counter(s: GameState, a: Action, ev: list) -> None:
    w = s.current_war()
    if a.kind == ACCEPT:
        _answer(s, _ANS_ACCEPT, ev, w.attacker)
        _repelled(s, ev, "defence")
        return
    w.defence.remove(a.target)
    _answer(s, _ANS_COUNTER_BRIBE, ev, w.attacker, card=a.card, cards=(a.target,),
            value=defence_sum(s, w.defence, w.defender, w.city))
    ops.discard_from_hand(s, w.attacker, a.card, ev)
    _bribed(s, w.attacker, a.target, ev)
    if w.defence and holds(s, defence_sum(s, w.defence, w.defender, w.city), current_attack(s)):
        _defence_holds(s, ev)
        return
    for t in w.defence:                       # what is left no longer holds: spent
        ops.discard(s, t, Z.WAR, ev, w.defender)
    w.defence = []
    s.decision = M.DECISIONS[WAR_DEFEND][w.defender]


def apply_raid_lay(s: GameState, a: Action, ev: list) -> None:
    w = s.current_war()
    ops.take_from_hand(s, w.defender, a.card)
    w.raid_troop = a.card
    ev.append(Event(_EV_RAID_LAY, seat=w.defender, card=a.card, src=Z.hand(w.defender), dst=Z.WAR,
                    city=w.city))
    s.decision = M.DECISIONS[WAR_ATTACK][w.attacker]


def after_raid(s: GameState) -> None:
    """Raid on the City took effect: the defender must lay a troop if he holds any."""
    w = s.current_war()
    w.raid_played = True
    if any(IS_TROOP[c] for c in s.hands[w.defender]):
        s.decision = M.DECISIONS[RAID_LAY][w.defender]
    else:
        s.decision = M.DECISIONS[WAR_ATTACK][w.attacker]


def _defence_holds(s: GameState, ev: list) -> None:
    # With a foreign troop defending, the attacker is always asked (bribe or accept), so
    # nobody learns from the question whether he holds a Bribe.
    w = s.current_war()
    if any(FOREIGN[t] for t in w.defence):
        s.decision = M.DECISIONS[WAR_COUNTER][w.attacker]
    else:
        _repelled(s, ev, "defence")


def _repelled(s: GameState, ev: list, how: str) -> None:
    w = s.current_war()
    for t in w.attack:
        ops.discard(s, t, Z.WAR, ev, w.attacker)
    for t in w.defence:
        ops.discard(s, t, Z.WAR, ev, w.defender)
    w.attack, w.defence = [], []
    # Event(REPELLED, seat=w.defender, other=w.attacker, city=w.city, how=how)
    ev.append(_new(Event, (_EV_REPELLED, w.defender, -1, (), None, None, w.city, w.attacker, 0, (), how)))
    s.decision = M.DECISIONS[WAR_ATTACK][w.attacker]


def end_war(s: GameState, ev: list, outcome: str) -> None:
    """All troops that took part are discarded whatever the outcome; the turn ends."""
    w = s.current_war()
    for t in w.attack:
        ops.discard(s, t, Z.WAR, ev, w.attacker)
    for t in w.defence:
        ops.discard(s, t, Z.WAR, ev, w.defender)
    if w.raid_troop >= 0:
        ops.discard(s, w.raid_troop, Z.WAR, ev, w.defender)
    # Event(WAR_END, seat=w.attacker, other=w.defender, city=w.city, how=outcome)
    ev.append(_new(Event, (_EV_WAR_END, w.attacker, -1, (), None, None, w.city, w.defender, 0, (), outcome)))
    s.war = None
    ops.finish_turn(s, ev)                # war ends the attacker's turn
