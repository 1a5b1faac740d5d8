"""When the game moves on by itself: the end of the game, hand-overs in hot seat, automatic
answers, and the bots, each after a pause so a person can follow the moves."""
from __future__ import annotations

import logging
from collections.abc import Callable

from knjazja.app.session import GameSession, TableSession, local_game
from knjazja.app.table.news import GameOver, NewsQueue
from knjazja.app.table.seating import Seating

log = logging.getLogger(__name__)

BOT_PAUSE = 0.35        # a bot waits this long (÷ speed) before deciding, so moves can be followed
LAST_ROUND_PAUSE = 1.0  # … and this long once the end is set: the last moves are followed calmly


class Pacer:
    def __init__(self, session: TableSession, seating: Seating, news: NewsQueue, *,
                 sync_bots: bool, speed: Callable[[], float],
                 hand_over: Callable[[int, bool], None], on_stop: Callable[[], None]) -> None:
        self.session = session
        self.local = local_game(session)    # the game runs here: its bots and automatic answers
        self.seating = seating
        self.news = news
        self.sync_bots = sync_bots          # bots decide in the frame, without pauses (tests, benches)
        self.speed = speed
        self._hand_over = hand_over         # (seat, first): the controller turns the table
        self._on_stop = on_stop             # the game is over: put down whatever is in hand
        self.finished = False               # the game is over and shown: the final board stays
        self._bot_key: tuple | None = None
        self._bot_wait = 0.0

    def advance(self, dt: float) -> None:
        """One step of the game's own motion (called only while nothing animates)."""
        session, seating = self.session, self.seating
        if session.over:
            if not self.finished:
                self.finished = True
                self._on_stop()
                self.news.post(GameOver())
            return
        if seating.paused:
            return
        if seating.greet:
            seating.greet = False
            assert seating.viewer is not None
            return self._hand_over(seating.viewer, True)
        local = self.local
        if session.human_to_decide():
            seat = session.deciding
            if seating.policy == "hotseat" and local is not None and local.answer_from_public_facts():
                return
            if seating.policy == "hotseat" and seat != seating.viewer:
                return self._hand_over(seat, False)
            if local is not None:
                local.auto_answer()
            return
        if local is not None:           # (else the host's bots decide)
            self._bot(local, dt)

    def _bot(self, local: GameSession, dt: float) -> None:
        s = local.state
        key = (len(s.history), s.decision)
        if key != self._bot_key:
            self._bot_key = key
            pause = LAST_ROUND_PAUSE if s.end_turn is not None else BOT_PAUSE
            self._bot_wait = 0.0 if self.sync_bots else pause / self.speed()
        if self._bot_wait > 0:
            self._bot_wait -= dt
            return
        if self.sync_bots:
            local.bot_step(background=False)
            return
        try:
            local.bot_step(background=True)
        except RuntimeError:     # the background worker died (Thinker.poll): decide here
            log.exception("background bot failed; deciding in the frame")
            local.cancel_bot()
            local.bot_step(background=False)
