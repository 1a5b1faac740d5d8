"""The turn, cards' effects and the decision loop: `apply` (and `legal_actions`, `legal.py`).

Card effects are small functions registered per card id (EVENT_EFFECTS /
CHRONICLE_EFFECTS; their targets: `legal.EVENT_TARGETS` / `legal.CHRONICLE_TARGETS`),
never name chains.
"""
from __future__ import annotations

from operator import gt
from typing import Callable

from . import moves as M
from . import notes, ops, war
from . import zones as Z
from .actions import (BID, BUILD, CHRONICLE, CONGRESS, DECLARE_WAR, DECLINE, DOWRY_BID, DRAW,
                      EVENT, GIVE_CITY, PASS, PASS_IGOR, PLAY_CITY, RAID_LAY, REACTION,
                      TURN, WAR_ATTACK, WAR_COUNTER, WAR_DEFEND, Action, Event,
                      IllegalAction)
from .cards import CARD_ID, SPECS, STRENGTH, card_ids
from .kinds import CardKind, EventKind
from .legal import CHRONICLE_TARGETS, EVENT_TARGETS, _register, legal_actions
from .ops import finish_turn
from .state import City, GameState, Pending
from .targets import draw_count
from .validation import check_action, illegal_reason

__all__ = ["apply", "apply_legal", "explain_illegal", "legal_actions", "finish_turn",
           "EVENT_TARGETS", "CHRONICLE_TARGETS", "EVENT_EFFECTS", "CHRONICLE_EFFECTS", "REACTABLE"]

EffectFn = Callable[[GameState, int, Action, list], bool]

EVENT_EFFECTS: dict[str, EffectFn] = {}
CHRONICLE_EFFECTS: dict[str, Callable[[GameState, int, Action, list], None]] = {}
# Which reaction may cancel an event (its target is asked): the reactions' `CardSpec.stops`.
REACTABLE: dict[str, str] = {cid: sp.id for sp in SPECS for cid in sp.stops}

# The kinds named at every step, read once: in Python 3.11 an enum's class attribute goes
# through its metaclass's __getattr__ hook, ten times the cost of reading a module's name.
_EV_BID, _EV_BIDS_REVEALED = EventKind.BID, EventKind.BIDS_REVEALED
_EV_CANCELLED, _EV_DECLINE = EventKind.CANCELLED, EventKind.DECLINE
_EV_END_CANCELLED, _EV_KEEP, _EV_MOVE = EventKind.END_CANCELLED, EventKind.KEEP, EventKind.MOVE
_EV_NO_BID, _EV_PASS, _EV_PLAY_EVENT = EventKind.NO_BID, EventKind.PASS, EventKind.PLAY_EVENT
_EV_REVEAL = EventKind.REVEAL


# ===================================================================================
# apply
# ===================================================================================
def apply(s: GameState, action: Action) -> list[Event]:
    """Apply one legal action for the seat that must decide; return the events that happened.

    Raises IllegalAction (and changes nothing) when the action is malformed or not legal now."""
    check_action(s, action)
    legal = legal_actions(s)
    if action not in legal:
        raise IllegalAction(illegal_reason(s, action, legal))
    if s.noting and s.notes is not None:      # the table's notes (engine/notes.py), as decided
        s.notes += (notes.note_of(s, action),)
    return apply_legal(s, action)


def apply_legal(s: GameState, action: Action) -> list[Event]:
    """`apply` for an action taken as it is from `legal_actions(s)`, unchecked: the random
    playouts and the bots' look-aheads, which only ever pick from that list.  Anything
    else (a player's move, a file, the network) goes through `apply`.  It adds no note to
    the table's notes (`engine/notes.py`): only `apply` notes, in a game that notes."""
    ev: list[Event] = []
    seat, kind = s.decision
    if kind == TURN:
        hand = s.hands[seat]
        if action[0] == DRAW:                   # (its kind) nothing leaves the hand: all is kept
            kept = len(hand)
            _apply_turn(s, action, ev)
        else:
            held = set(hand)
            _apply_turn(s, action, ev)
            # Only the turn's own play leaves the hand here, and it is public.
            kept = len(held.intersection(s.hands[seat]))
        s.kept[seat] = kept
    elif kind == WAR_ATTACK:
        war.apply_attacker(s, action, ev, _play_event)
    elif kind == WAR_DEFEND:
        war.apply_defender(s, action, ev)
    elif kind == WAR_COUNTER:
        war.apply_counter(s, action, ev)
    elif kind == RAID_LAY:
        war.apply_raid_lay(s, action, ev)
    elif kind == REACTION:
        _apply_reaction(s, action, ev)
    elif kind == DOWRY_BID:
        _apply_bid(s, action, ev)
    elif kind == CONGRESS:
        _apply_congress(s, action, ev)
    s.history.append(action)
    s._legal = None
    if any(map(gt, s.kept, map(len, s.hands))):        # a hand left shorter than its count
        s.clamp_kept()
    if s.war is not None:
        war.keep_record(s, ev)
    return ev


def explain_illegal(s: GameState, action: object) -> str:
    """A one-line reason why `action` is not legal now (malformed or not)."""
    try:
        check_action(s, action)
    except IllegalAction as e:
        return str(e)
    assert isinstance(action, Action)            # check_action passed: it is one
    return illegal_reason(s, action, legal_actions(s))


def _apply_turn(s: GameState, a: Action, ev: list) -> None:
    p = s.current
    k = a[0]                                    # its kind (unpacked: the quicker read)
    if k == DRAW:
        for _ in range(draw_count(s, p)):
            ops.draw_one(s, p, ev)
        finish_turn(s, ev)
    elif k == PASS:
        ev.append(Event(_EV_PASS, seat=p))
        finish_turn(s, ev)
    elif k == PLAY_CITY:
        ops.take_from_hand(s, p, a.card)
        s.cities[a.card] = City(a.card, a.seat)
        s.owned_ever[a.seat].add(a.card)
        ev.append(Event(_EV_MOVE, seat=p, card=a.card, src=Z.hand(p), dst=Z.cities(a.seat),
                        city=a.card, other=a.seat))
        finish_turn(s, ev)
    elif k == BUILD:
        ops.take_from_hand(s, p, a.card)
        ops.place_building(s, p, a.card, s.cities[a.city], ev)
        finish_turn(s, ev)
    elif k == CHRONICLE:
        ops.take_from_hand(s, p, a.card)
        s.chronicles[a.seat].append(a.card)
        ev.append(Event(_EV_MOVE, seat=p, card=a.card, src=Z.hand(p), dst=Z.chronicles(a.seat),
                        other=a.seat))
        effect = CHRONICLE_EFFECTS.get(CARD_ID[a.card])
        if effect:
            effect(s, p, a, ev)
        if s.decision.kind == TURN:
            finish_turn(s, ev)
    elif k == EVENT:
        _play_event(s, p, a, ev)
    elif k == DECLARE_WAR:
        war.declare(s, p, a.city, ev)
    elif k == PASS_IGOR:
        troop = a.cards[0]
        ops.discard_from_hand(s, p, troop, ev)
        igor = next(c for c in s.chronicles[p] if CARD_ID[c] == "chr.igor")
        s.chronicles[p].remove(igor)
        s.chronicles[a.seat].append(igor)
        ev.append(Event(_EV_MOVE, seat=p, card=igor, src=Z.chronicles(p), dst=Z.chronicles(a.seat),
                        other=a.seat))
        finish_turn(s, ev)


# --- events and reactions --------------------------------------------------------------
def _event_target_seat(s: GameState, a: Action) -> int:
    if a.city >= 0:
        return s.cities[a.city].owner
    return a.seat


def _play_event(s: GameState, p: int, a: Action, ev: list) -> None:
    ops.take_from_hand(s, p, a.card)
    cid = CARD_ID[a.card]
    ev.append(Event(_EV_PLAY_EVENT, seat=p, card=a.card, src=Z.hand(p), dst=Z.TABLE,
                    other=a.seat, city=a.city, cards=(a.target,) if a.target >= 0 else ()))
    s.pending = Pending(p, a.card, a)
    reaction = REACTABLE.get(cid)
    target = _event_target_seat(s, a)
    if reaction and target >= 0 and target != p:
        # The target is always asked, whether or not he holds the reaction: asking only
        # holders would tell everyone who holds one.
        s.pending.target_seat = target
        s.pending.reaction = reaction
        s.decision = M.DECISIONS[REACTION][target]
        return
    _resolve_event(s, ev)


def _resolve_event(s: GameState, ev: list) -> None:
    pend = s.current_pending()
    a = pend.action
    keeps = EVENT_EFFECTS[CARD_ID[pend.card]](s, pend.player, a, ev)
    if not keeps:
        ops.discard(s, pend.card, Z.TABLE, ev, pend.player)
    _after_event(s, ev)


def _after_event(s: GameState, ev: list) -> None:
    """Continue after an event resolved or was cancelled, unless it opened a new decision."""
    if s.decision.kind == DOWRY_BID:
        return
    s.pending = None
    if s.decision.kind == RAID_LAY:
        return
    if s.war is not None:
        s.decision = M.DECISIONS[WAR_ATTACK][s.war.attacker]
    else:
        finish_turn(s, ev)


def _apply_reaction(s: GameState, a: Action, ev: list) -> None:
    pend = s.current_pending()
    if a.kind == DECLINE:
        ev.append(Event(_EV_DECLINE, seat=pend.target_seat))
        _resolve_event(s, ev)
        return
    # told first, then both cards go to the discard pile (a log never discards a card unplayed)
    ev.append(Event(_EV_CANCELLED, seat=pend.target_seat, card=a.card, other=pend.player,
                    value=pend.card))
    ops.discard_from_hand(s, pend.target_seat, a.card, ev)
    ops.discard(s, pend.card, Z.TABLE, ev, pend.player)
    if s.war is not None and CARD_ID[pend.card] == "ev.raid_city":
        s.war.raid_played = True               # Outpost cancels the Raid; the war goes on
    _after_event(s, ev)


# --- Dowry and Congress ------------------------------------------------------------------
def _apply_bid(s: GameState, a: Action, ev: list) -> None:
    pend = s.current_pending()
    seat = pend.bidders.pop(0)
    if a.kind == BID:
        ops.take_from_hand(s, seat, a.card)
        pend.bids.append((seat, a.card))
        ev.append(Event(_EV_BID, seat=seat, card=a.card, src=Z.hand(seat), dst=Z.bid(seat), private=(seat,)))
    else:
        ev.append(Event(_EV_NO_BID, seat=seat))
    if pend.bidders:
        s.decision = M.DECISIONS[DOWRY_BID][pend.bidders[0]]
        return
    # Reveal: the highest printed Strength wins, ties go to the earlier bid.
    city = s.cities[pend.action.city]
    best_seat = -1
    if pend.bids:
        best_seat, best = pend.bids[0]
        for seat_, t in pend.bids[1:]:
            if STRENGTH[t] > STRENGTH[best]:
                best_seat, best = seat_, t
    ev.append(Event(_EV_BIDS_REVEALED, seat=best_seat, other=city.owner, cards=tuple(t for _, t in pend.bids),
                    value=len(pend.bids), city=city.card))
    if pend.bids:
        if best_seat != city.owner:
            ops.give_city(s, city, best_seat, ev, "dowry")
        for seat_, t in pend.bids:
            ops.discard(s, t, Z.bid(seat_), ev, seat_)
    pend.bids = []
    ops.discard(s, pend.card, Z.TABLE, ev, pend.player)
    s.decision = M.DECISIONS[TURN][pend.player]
    finish_turn(s, ev)


def _apply_congress(s: GameState, a: Action, ev: list) -> None:
    pend = s.current_pending()
    target = pend.target_seat
    if a.kind == GIVE_CITY:
        ops.give_city(s, s.cities[a.city], pend.player, ev, "congress")
        s.chronicles[target].remove(pend.card)
        ops.discard(s, pend.card, Z.chronicles(target), ev, target)
    else:
        ev.append(Event(_EV_KEEP, seat=target, card=pend.card))
    finish_turn(s, ev)


# ===================================================================================
# the cards
# ===================================================================================
@_register(EVENT_EFFECTS, "ev.treachery", "ev.judgement")
def _e_take_city(s, p, a, ev):
    ops.give_city(s, s.cities[a.city], p, ev, CARD_ID[a.card])
    return False


@_register(EVENT_EFFECTS, "ev.dowry")
def _e_dowry(s, p, a, ev):
    s.pending.bidders = [(p + i) % s.n for i in range(1, s.n + 1)]   # left of you, you last
    s.decision = M.DECISIONS[DOWRY_BID][s.pending.bidders[0]]
    return True            # the Dowry card is discarded after the bidding


@_register(EVENT_EFFECTS, "ev.false_match")
def _e_false_match(s, p, a, ev):
    ops.destroy_buildings(s, s.cities[a.city], ev, walls_only=True)
    return False


@_register(EVENT_EFFECTS, "ev.fire")
def _e_fire(s, p, a, ev):
    ops.destroy_buildings(s, s.cities[a.city], ev)
    return False


@_register(EVENT_EFFECTS, "ev.polovtsian_raid")
def _e_polovtsian_raid(s, p, a, ev):
    hand = s.hands[a.seat]
    for c in s.rng.sample(hand, min(2, len(hand))):
        ops.discard_from_hand(s, a.seat, c, ev)
    return False


@_register(EVENT_EFFECTS, "ev.principality_raid")
def _e_principality_raid(s, p, a, ev):
    hand = s.hands[a.seat]
    for c in s.rng.sample(hand, min(2, len(hand))):
        ops.take_from_hand(s, a.seat, c)
        ops.add_to_hand(s, p, c, known_by=(a.seat,))
        ev.append(Event(_EV_MOVE, seat=p, card=c, src=Z.hand(a.seat), dst=Z.hand(p),
                        other=a.seat, private=(p, a.seat)))
    return False


@_register(EVENT_EFFECTS, "ev.recon")
def _e_recon(s, p, a, ev):
    hand = tuple(sorted(s.hands[a.seat]))
    s.seen[p].update(hand)
    ev.append(Event(_EV_REVEAL, seat=p, other=a.seat, cards=hand, private=(p, a.seat)))
    return False


@_register(EVENT_EFFECTS, "ev.poisoner")
def _e_poisoner(s, p, a, ev):
    s.chronicles[a.seat].remove(a.target)
    ops.discard(s, a.target, Z.chronicles(a.seat), ev, a.seat)
    troop = s.under.pop(a.target, -1)
    if troop >= 0:
        ops.discard(s, troop, Z.under(a.target), ev, a.seat)
    return False


@_register(EVENT_EFFECTS, "ev.tatar_invasion")
def _e_invasion(s, p, a, ev):
    s.before[p].append(a.card)
    ev.append(Event(_EV_MOVE, seat=p, card=a.card, src=Z.TABLE, dst=Z.before(p)))
    s.invasion_active = True
    ops.set_end(s, s.turn_no + s.n, "invasion", ev)
    return True


@_register(EVENT_EFFECTS, "ev.silence")
def _e_silence(s, p, a, ev):
    s.before[p].append(a.card)
    ev.append(Event(_EV_MOVE, seat=p, card=a.card, src=Z.TABLE, dst=Z.before(p)))
    if s.invasion_active and s.deck:
        s.invasion_active = False           # the game goes on until the deck runs out
        s.end_turn, s.end_cause = None, ""
        ev.append(Event(_EV_END_CANCELLED, seat=p))
    else:
        s.invasion_active = False
        ops.set_end(s, s.turn_no + s.n, "silence", ev)
    return True


@_register(EVENT_EFFECTS, "ev.raid_city")
def _e_raid_city(s, p, a, ev):
    war.after_raid(s)
    return False


@_register(CHRONICLE_EFFECTS, "chr.sviatopolk")
def _c_sviatopolk(s, p, a, ev):
    ops.give_city(s, s.cities[a.city], p, ev, "chr.sviatopolk")


@_register(CHRONICLE_EFFECTS, "chr.congress")
def _c_congress(s, p, a, ev):
    s.pending = Pending(p, a.card, a, target_seat=a.seat, in_limbo=False)
    s.decision = M.DECISIONS[CONGRESS][a.seat]


@_register(CHRONICLE_EFFECTS, "chr.byzantium")
def _c_byzantium(s, p, a, ev):
    troop = a.cards[0]
    ops.take_from_hand(s, p, troop)
    s.under[a.card] = troop
    ev.append(Event(_EV_MOVE, seat=p, card=troop, src=Z.hand(p), dst=Z.under(a.card), other=a.seat))


# every event has an effect here, but the war cards (`war.py`) and the reactions (`_apply_reaction`)
assert set(EVENT_EFFECTS) | card_ids(CardKind.EVENT, war_only=True) | {sp.id for sp in SPECS if sp.reaction} \
    == card_ids(CardKind.EVENT)
