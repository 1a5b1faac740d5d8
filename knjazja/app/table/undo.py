"""Undo at the table: whose move may be taken back, and when.

A move may be taken back by the player who made it, while it is still his decision, or on
his own hand-over screen before the next player has looked (``Seating.claimed``); never once
another player has seen or answered it (the session's ``seal`` and its undo steps).  Alone
against bots, the time before a bot answers counts as the hand-over screen.  Taking it back
is the controller's (``TableController.undo``): the log and the centre's "Last played"
forget the move.
"""
from __future__ import annotations

from knjazja.app.session import TableSession
from knjazja.app.table.seating import Seating


def may_undo(session: TableSession, seating: Seating) -> bool:
    """Whether Undo is offered now (see the module's rule)."""
    owner = session.undo_owner()
    if owner is None:
        return False
    if seating.handing_over_from is not None:
        return owner == seating.handing_over_from
    if owner != seating.viewer or seating.handover_pending or session.over:
        return False
    # alone against bots, the bot's pause is the hand-over screen: until a bot answers
    # (which seals the move) the player may still take it back
    return session.deciding == owner or seating.policy != "hotseat"


def back_to_mover(seating: Seating, owner: int) -> None:
    """After an undo on a hand-over screen the device goes back to the one who moved."""
    if seating.handing_over_from is None:
        return
    seating.handing_over_from, seating.handover_pending = None, False
    if seating.viewer != owner and seating.policy == "hotseat":
        seating.look_through(owner)
