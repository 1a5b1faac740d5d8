"""What the lesson's guide points at now: a card in hand, a city, a button… as a ``Pointer``.

A step may name what to show (``"show"`` in its data); otherwise the pointer follows the
expected action and what the player holds: the card to pick up first, then the target it
goes to (the controller's named targets, ``clicks.targets_of``); the War button, then the
city; the troops of a squad, then its button; a button of the choice panel.  The table turns
a pointer into a place on the screen.
"""
from __future__ import annotations

from dataclasses import dataclass

from knjazja.app.table import clicks as C
from knjazja.app.table.controller import TableController
from knjazja.app.table.interaction import PickingIgorSeat, PickingWarCity, base
from knjazja.app.tutorial.lesson_session import LessonSession
from knjazja.engine import Action
from knjazja.engine.actions import (AMBUSH, ATTACK, BRIBE, CONDEMN, DECLARE_WAR, DEFEND, DRAW, END_WAR, PASS,
                                    PASS_IGOR)
from knjazja.engine.cards import CARD_ID, INSTANCES
from knjazja.engine.refusals import Target
from knjazja.engine.kinds import TargetKind
from knjazja.engine.targets import forms_squads, passable_chronicle

# pointer kinds
HAND, HAND_ALL, BUTTON, CHOICE, DECK, GLORY, LOG = "hand", "hand_all", "button", "choice", "deck", "glory", "log"
_BUTTONS: dict[str, str] = {DRAW: "draw", PASS: "pass", END_WAR: "end_war"}


@dataclass(frozen=True)
class Pointer:
    """``kind`` is a target kind (city, seat, chronicle, troop, centre: ``key`` its card or
    seat) or one of hand (a card instance in the viewer's hand), hand_all, button (a name),
    choice (an Action of the choice panel), deck, glory (a seat), log."""
    kind: str
    key: object = None


def pointer(session: LessonSession, c: TableController) -> Pointer | None:
    """Where the guide points now, or None (nothing to show, or the others are moving)."""
    step = session.run.step
    if step is None or session.run.replying or c.busy:
        return None
    if step.show is not None:
        return shown(session, *step.show)
    a = session.expected_action()
    return None if a is None else for_action(session, c, a)


def shown(session: LessonSession, kind: str, value: object) -> Pointer | None:
    """A step's explicit ``show`` (card ids from the lesson data) as a pointer."""
    s = session.state
    if kind == "card":
        return _in_hand(session, str(value))
    if kind == "city":
        card = INSTANCES[str(value)][0]
        return Pointer(TargetKind.CITY, card) if card in s.cities else None
    if kind == "chronicle":
        laid = next((c for seat in s.chronicles for c in seat if CARD_ID[c] == value), None)
        return None if laid is None else Pointer(TargetKind.CHRONICLE, laid)
    if kind in ("seat", "glory"):
        return Pointer(TargetKind.SEAT if kind == "seat" else GLORY, int(value))  # type: ignore[call-overload]
    if kind == "button":
        return Pointer(BUTTON, str(value))
    if kind == "centre":
        return Pointer(TargetKind.CENTRE)
    return Pointer({"deck": DECK, "hand": HAND_ALL, "log": LOG}[kind])


def _in_hand(session: LessonSession, card_id: str) -> Pointer | None:
    hand = session.state.hands[session.HUMAN]
    card = next((c for c in sorted(hand) if CARD_ID[c] == card_id), None)
    return None if card is None else Pointer(HAND, card)


def for_action(session: LessonSession, c: TableController, a: Action) -> Pointer | None:
    """The next thing to click to take ``a``, given what the player holds."""
    s, k, mode = session.state, a.kind, base(c.pointer.mode)
    if k in _BUTTONS:
        return Pointer(BUTTON, _BUTTONS[k])
    if k in C.BUTTON_KINDS:
        return Pointer(CHOICE, a)
    if k == DECLARE_WAR:
        return Pointer(TargetKind.CITY, a.city) if isinstance(mode, PickingWarCity) else Pointer(BUTTON, "start_war")
    if k in (ATTACK, DEFEND):
        if forms_squads(s, s.decision.seat):
            missing = [t for t in a.cards if not any(C.same_card(t, x) for x in c.pointer.selected)]
            return _in_hand(session, CARD_ID[missing[0]]) if missing else Pointer(CHOICE, a)
        return _in_hand(session, CARD_ID[a.cards[0]])
    if k == PASS_IGOR:
        if isinstance(mode, PickingIgorSeat):
            return Pointer(TargetKind.SEAT, a.seat)
        igor = passable_chronicle(s, session.HUMAN)
        return Pointer(TargetKind.CHRONICLE, igor) if igor >= 0 else None
    if k in (AMBUSH, CONDEMN):
        return _in_hand(session, CARD_ID[a.card])
    if a.card >= 0 and C.same_card(c.pointer.held, a.card):
        return _target(C.targets_of(a, s), k)
    return _in_hand(session, CARD_ID[a.card]) if a.card >= 0 else None


def _target(targets: set[Target], kind: str) -> Pointer | None:
    """The most telling of the places a held card may go: a troop, a city, a prince, the middle."""
    order = (TargetKind.TROOP, TargetKind.CHRONICLE, TargetKind.CITY, TargetKind.SEAT, TargetKind.CENTRE) \
        if kind != BRIBE else (TargetKind.TROOP,)
    for want in order:
        hit = next((t for t in sorted(targets) if t.kind == want), None)
        if hit is not None:
            return Pointer(hit.kind, hit.key)
    return None
