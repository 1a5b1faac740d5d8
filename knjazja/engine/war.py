"""War (docs/RULES.md §4): declare, attack, answer, bribe, fall — one decision at a time."""
from __future__ import annotations

from . import moves as M
from . import ops
from . import records as R
from . import zones as Z
from .actions import (ACCEPT, AMBUSH, ATTACK, BRIBE, CONDEMN, DEFEND, END_WAR, EVENT, RAID_LAY,
                      WAR_ATTACK, WAR_COUNTER, WAR_DEFEND, YIELD, YIELD_PLUNDER, Action, Decision, Event)
from .cards import CARD_ID, FOREIGN, IS_TROOP
from .kinds import AnswerKind, EventKind, WarEnd
from .state import GameState, War
from .public import attack_sum, defence_sum, fortified, holds
from .targets import attack_options, defence_options, distinct


# --- declaring (whether one may: `public.may_declare`) ---------------------------------------
def declare(s: GameState, attacker: int, city_card: int, ev: list) -> None:
    defender = s.cities[city_card].owner
    s.war = War(attacker, defender, city_card)
    ev.append(Event(EventKind.WAR_START, seat=attacker, other=defender, city=city_card, value=s.turn_no))
    s.decision = Decision(attacker, WAR_ATTACK)


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
    ev.append(Event(EventKind.ANSWER, seat=seat, card=card, cards=cards, value=value, city=w.city, how=how,
                    src=src, dst=Z.WAR if cards and how in (AnswerKind.DEFEND, AnswerKind.RAID_TROOP) else None))


def apply_attacker(s: GameState, a: Action, ev: list, play_event) -> None:
    w = s.current_war()
    if a.kind == ATTACK:
        for c in a.cards:
            ops.take_from_hand(s, w.attacker, c)
        w.attack = list(a.cards)
        w.attacks_made += 1
        strength = current_attack(s)
        ev.append(Event(EventKind.ATTACK, seat=w.attacker, other=w.defender, city=w.city, cards=a.cards,
                        value=strength, src=Z.hand(w.attacker), dst=Z.WAR))
        if w.raid_troop >= 0:                    # the troop laid by the Raid answers first
            t, w.raid_troop = w.raid_troop, -1
            w.defence = [t]
            d = defence_sum(s, w.defence, w.defender, w.city)
            _answer(s, AnswerKind.RAID_TROOP, ev, w.defender, cards=(t,), value=d, src=Z.WAR)
            if holds(s, d, strength):
                _defence_holds(s, ev)
                return
            ops.discard(s, t, Z.WAR, ev, w.defender)
            w.defence = []
        s.decision = Decision(w.defender, WAR_DEFEND)
    elif a.kind == EVENT:
        play_event(s, w.attacker, a, ev)
    elif a.kind == BRIBE:                         # bribing the Raid's laid troop
        ops.discard_from_hand(s, w.attacker, a.card, ev, ops.PLAYED)
        w.raid_troop = -1
        _bribed(s, w.attacker, a.target, ev)
    elif a.kind == END_WAR:
        end_war(s, ev, WarEnd.ENDED)


def _bribed(s: GameState, new_owner: int, troop: int, ev: list) -> None:
    ops.add_to_hand(s, new_owner, troop, known_by=tuple(range(s.n)))
    ev.append(Event(EventKind.BRIBED, seat=new_owner, card=troop, src=Z.WAR, dst=Z.hand(new_owner)))


def apply_defender(s: GameState, a: Action, ev: list) -> None:
    w = s.current_war()
    d = w.defender
    if a.kind == DEFEND:
        for c in a.cards:
            ops.take_from_hand(s, d, c)
        w.defence = list(a.cards)
        value = defence_sum(s, w.defence, d, w.city)
        _answer(s, AnswerKind.DEFEND, ev, d, cards=a.cards, value=value, src=Z.hand(d))
        _defence_holds(s, ev)
    elif a.kind == AMBUSH:
        _answer(s, AnswerKind.AMBUSH, ev, d, card=a.card)
        ops.discard_from_hand(s, d, a.card, ev)
        _repelled(s, ev, AnswerKind.AMBUSH)
    elif a.kind == BRIBE:
        before = current_attack(s)
        w.attack.remove(a.target)
        goes_on = bool(w.attack) and current_attack(s) > s.cities[w.city].wall_strength
        # the attack's Strength from now on; one the Bribe repels keeps the Strength it had
        _answer(s, AnswerKind.BRIBE, ev, d, card=a.card, cards=(a.target,),
                value=current_attack(s) if goes_on else before)
        ops.discard_from_hand(s, d, a.card, ev)
        _bribed(s, d, a.target, ev)
        if goes_on:
            s.decision = Decision(d, WAR_DEFEND)
        else:
            _repelled(s, ev, AnswerKind.BRIBE)
    elif a.kind == CONDEMN:
        _answer(s, AnswerKind.CONDEMN, ev, d, card=a.card)
        ops.discard_from_hand(s, d, a.card, ev)
        end_war(s, ev, WarEnd.CONDEMNED)
    elif a.kind in (YIELD, YIELD_PLUNDER):
        _answer(s, AnswerKind.YIELD if a.kind == YIELD else AnswerKind.YIELD_PLUNDER, ev, d, card=a.card)
        city = s.cities[w.city]
        if a.kind == YIELD_PLUNDER:
            ops.discard_from_hand(s, d, a.card, ev)
            ev.append(Event(EventKind.PLUNDER, seat=d, card=a.card, city=w.city))
            ops.destroy_buildings(s, city, ev)
        ev.append(Event(EventKind.CITY_FALLS, seat=w.attacker, other=d, city=w.city))
        ops.give_city(s, city, w.attacker, ev, "war")
        end_war(s, ev, WarEnd.CAPTURED)


def apply_counter(s: GameState, a: Action, ev: list) -> None:
    w = s.current_war()
    if a.kind == ACCEPT:
        _answer(s, AnswerKind.ACCEPT, ev, w.attacker)
        _repelled(s, ev, "defence")
        return
    w.defence.remove(a.target)
    _answer(s, AnswerKind.COUNTER_BRIBE, ev, w.attacker, card=a.card, cards=(a.target,),
            value=defence_sum(s, w.defence, w.defender, w.city))
    ops.discard_from_hand(s, w.attacker, a.card, ev)
    _bribed(s, w.attacker, a.target, ev)
    if w.defence and holds(s, defence_sum(s, w.defence, w.defender, w.city), current_attack(s)):
        _defence_holds(s, ev)
        return
    for t in w.defence:                       # what is left no longer holds: spent
        ops.discard(s, t, Z.WAR, ev, w.defender)
    w.defence = []
    s.decision = Decision(w.defender, WAR_DEFEND)


def apply_raid_lay(s: GameState, a: Action, ev: list) -> None:
    w = s.current_war()
    ops.take_from_hand(s, w.defender, a.card)
    w.raid_troop = a.card
    ev.append(Event(EventKind.RAID_LAY, seat=w.defender, card=a.card, src=Z.hand(w.defender), dst=Z.WAR,
                    city=w.city))
    s.decision = Decision(w.attacker, WAR_ATTACK)


def after_raid(s: GameState) -> None:
    """Raid on the City took effect: the defender must lay a troop if he holds any."""
    w = s.current_war()
    w.raid_played = True
    if any(IS_TROOP[c] for c in s.hands[w.defender]):
        s.decision = Decision(w.defender, RAID_LAY)
    else:
        s.decision = Decision(w.attacker, WAR_ATTACK)


def _defence_holds(s: GameState, ev: list) -> None:
    # With a foreign troop defending, the attacker is always asked (bribe or accept), so
    # nobody learns from the question whether he holds a Bribe.
    w = s.current_war()
    if any(FOREIGN[t] for t in w.defence):
        s.decision = Decision(w.attacker, WAR_COUNTER)
    else:
        _repelled(s, ev, "defence")


def _repelled(s: GameState, ev: list, how: str) -> None:
    w = s.current_war()
    for t in w.attack:
        ops.discard(s, t, Z.WAR, ev, w.attacker)
    for t in w.defence:
        ops.discard(s, t, Z.WAR, ev, w.defender)
    w.attack, w.defence = [], []
    ev.append(Event(EventKind.REPELLED, seat=w.defender, other=w.attacker, city=w.city, how=how))
    s.decision = Decision(w.attacker, WAR_ATTACK)


def end_war(s: GameState, ev: list, outcome: str) -> None:
    """All troops that took part are discarded whatever the outcome; the turn ends."""
    w = s.current_war()
    for t in w.attack:
        ops.discard(s, t, Z.WAR, ev, w.attacker)
    for t in w.defence:
        ops.discard(s, t, Z.WAR, ev, w.defender)
    if w.raid_troop >= 0:
        ops.discard(s, w.raid_troop, Z.WAR, ev, w.defender)
    ev.append(Event(EventKind.WAR_END, seat=w.attacker, other=w.defender, city=w.city, how=outcome))
    s.war = None
    ops.finish_turn(s, ev)                # war ends the attacker's turn
