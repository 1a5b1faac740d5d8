"""Which part of the rules answers the decision at hand (the table's "?" button and F1).

A topic is a section of the rules document (its key, ``{#key}`` in ``data/rules.<lang>.md``)
and, where one card is the question (a reaction, a Dowry bid, the Congress, Raid on the City,
the card held), that card: the rules page scrolls to the paragraph that names it.
"""
from __future__ import annotations

from dataclasses import dataclass

from knjazja.app.wording.i18n import card_name, tr
from knjazja.app.table.interaction import Holding, Mode, PickingIgorSeat, PickingWarCity, base
from knjazja.engine import PublicView
from knjazja.engine.actions import (CONGRESS, DOWRY_BID, OVER, RAID_LAY, REACTION, TURN, WAR_ATTACK, WAR_COUNTER,
                                    WAR_DEFEND)
from knjazja.engine.cards import INSTANCES, KIND
from knjazja.engine.kinds import CardKind
from knjazja.engine.targets import passable_chronicle

_BY_KIND = {CardKind.CITY: "cities", CardKind.BUILDING: "cities", CardKind.TROOP: "war", CardKind.EVENT: "events",
            CardKind.CHRONICLE: "chronicles"}
_WAR_TERMS = {WAR_ATTACK: "help.term.attack", WAR_DEFEND: "help.term.defend", WAR_COUNTER: "help.term.counter"}


@dataclass(frozen=True)
class Topic:
    section: str            # a rules section key: "turn", "cities", "war", "events", "chronicles", "end"
    card: int = -1          # a card the section's paragraph names, or -1
    term: str = ""          # or a string key whose words the paragraph holds ("help.term.attack")


def topic(s: PublicView, viewer: int | None, mode: Mode) -> Topic:
    """The rules for what ``viewer`` has to decide now (or is doing with the mouse)."""
    seat, kind = s.decision
    if kind == OVER:
        return Topic("end")
    m = base(mode)
    if isinstance(m, Holding):
        return Topic(_BY_KIND[KIND[m.card]], m.card if KIND[m.card] in (CardKind.EVENT, CardKind.CHRONICLE) else -1)
    if isinstance(m, PickingWarCity):
        return Topic("war")
    if isinstance(m, PickingIgorSeat) and viewer is not None:
        return Topic("chronicles", passable_chronicle(s, viewer))
    if kind in _WAR_TERMS:
        return Topic("war", term=_WAR_TERMS[kind])
    if kind == RAID_LAY:
        return Topic("events", INSTANCES["ev.raid_city"][0])
    pend = s.pending
    if kind == REACTION and pend is not None:
        return Topic("events", INSTANCES[pend.reaction][0] if pend.reaction in INSTANCES else pend.card)
    if kind in (DOWRY_BID, CONGRESS) and pend is not None:
        return Topic("events" if kind == DOWRY_BID else "chronicles", pend.card)
    return Topic("turn" if kind == TURN and seat == viewer else "war" if s.war is not None else "turn")


def rules_focus(s: PublicView, viewer: int | None, mode: Mode, lang: str) -> tuple[str, str | None]:
    """(section, phrase to find in it) for the rules page the "?" button and F1 open."""
    t = topic(s, viewer, mode)
    return t.section, card_name(t.card, lang) if t.card >= 0 else (tr(t.term, lang=lang) if t.term else None)
