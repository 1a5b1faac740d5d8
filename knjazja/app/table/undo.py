"""Undo at the table: whose move may be taken back, and when (a part of TableController).

A move may be taken back by the player who made it, while it is still his decision, or on
his own hand-over screen before the next player has looked (``claimed``); never once
another player has seen or answered it (the session's ``seal`` and its undo steps).  Alone
against bots, the time before a bot answers counts as the hand-over screen.  The
log and the centre's "Last played" forget an undone move.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from knjazja.app.table.hints import HintRequest
from knjazja.app.wording.i18n import tr
from knjazja.app.session import GameSession
from knjazja.app.table.table_view import TableView, last_played
from knjazja.engine import Event


class UndoHandover:
    """Mixed into ``TableController``: hand-over claims and undo."""

    session: GameSession
    view: TableView
    hints: HintRequest
    viewer: int | None
    policy: str | int
    handover_pending: bool
    handing_over_from: int | None
    notices: deque[str]
    on_viewer_change: Callable[[], None] | None

    if TYPE_CHECKING:
        def skip(self) -> list[Event]: ...
        @property
        def logged(self) -> list[Event]: ...
        def reset(self) -> None: ...

    def claimed(self) -> None:
        """The next player has taken the device and sees the table: the moves before
        can no longer be taken back."""
        self.handover_pending = False
        if self.handing_over_from is not None:
            self.handing_over_from = None
            self.session.seal()

    def can_undo(self) -> bool:
        """Whether Undo is offered: to the player whose move it was, while it is still his
        decision, or on his own hand-over screen before the next player has looked."""
        owner = self.session.undo_owner()
        if owner is None:
            return False
        if self.handing_over_from is not None:
            return owner == self.handing_over_from
        if owner != self.viewer or self.handover_pending or self.session.over:
            return False
        # alone against bots, the bot's pause is the hand-over screen: until a bot answers
        # (which seals the move) the player may still take it back
        return self.session.deciding == owner or self.policy != "hotseat"

    def undo(self) -> bool:
        """Take the viewer's last move back (see ``can_undo``).  The table finishes its
        animations first; the log and the centre forget the move."""
        if not self.can_undo():
            return False
        owner = self.session.undo_owner()
        assert owner is not None
        self.skip()
        self.session.undo(owner)           # the undone move leaves the feed, so the log
        self.view.sync(self.session.state)
        self.view.recent = last_played(self.logged)
        self.reset()
        self.hints.cancel()
        if self.handing_over_from is not None:          # back to the one who made the move
            self.handing_over_from, self.handover_pending = None, False
            if self.viewer != owner and self.policy == "hotseat":
                self.viewer = owner
                if self.on_viewer_change is not None:
                    self.on_viewer_change()
        self.notices.append(tr("table.undone"))
        return True
