"""The table's Hint: Hard's first-ranked move for the viewer, computed in the background."""
from __future__ import annotations

import random

from knjazja.app.session import TableSession
from knjazja.bots.advisor import HintAdvisor, as_ranking
from knjazja.bots.thinker import Thinker
from knjazja.engine import Action


class HintRequest:
    """One hint at a time for the position at `key` (the history length when asked)."""

    def __init__(self) -> None:
        self._thinker: Thinker | None = None
        self.key: int | None = None
        self.best: tuple[Action, float] | None = None

    @property
    def thinking(self) -> bool:
        return self._thinker is not None

    def start(self, session: TableSession, seat: int) -> None:
        self.cancel()
        self.key = session.moves
        self.best = None
        self._thinker = Thinker(HintAdvisor(), use_process=True)
        # the hint's own generator: asking for a hint must not change the bots' decisions
        self._thinker.start(session.seen_by(seat), session.legal(), random.Random(self.key))

    def poll(self, session: TableSession) -> tuple[Action, float] | None:
        """The hint once it is ready (and still about the current position)."""
        if self._thinker is None:
            return None
        if session.moves != self.key:
            self.cancel()
            return None
        result = self._thinker.poll()
        if result is None:
            return None
        self._thinker = None
        ranking = as_ranking(result)
        self.best = ranking[0] if ranking else None
        return self.best

    def current(self, session: TableSession) -> tuple[Action, float] | None:
        """The last hint, if the position has not changed since."""
        if self.best is not None and session.moves == self.key:
            return self.best
        return None

    def cancel(self) -> None:
        if self._thinker is not None:
            self._thinker.cancel()
        self._thinker = None
