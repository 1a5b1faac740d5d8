"""Start the desktop game and move between its screens: menu → table → results.

`GameFlow` is the glue: it creates a GameSession from the new-game setup (or the
autosave), opens the table, hands the device over between hot-seat humans, and shows the
results. Everything it does is reachable from tests through its methods.
"""
from __future__ import annotations

import logging
from typing import Any

from knjazja.engine import GameOptions, SaveError
from knjazja.ui import storage
from knjazja.ui.i18n import tr
from knjazja.ui.session import GameSession, Seat

log = logging.getLogger(__name__)


class GameFlow:
    def __init__(self, app) -> None:
        from knjazja.ui.scenes.menu import MenuScene
        self.app = app
        self.menu = MenuScene(on_start=self.start_game, has_saves=storage.has_saves,
                              on_continue=self.continue_game)
        self.session: GameSession | None = None
        self.table = None
        self.last_setup: dict[str, Any] | None = None

    # --- starting ---------------------------------------------------------------------
    def start_game(self, setup: dict[str, Any], seed: int | None = None) -> GameSession:
        self.last_setup = setup
        seats = [Seat(s["name"] or f"{i + 1}", s["kind"]) for i, s in enumerate(setup["seats"])]
        first = setup.get("first_player", "random")
        session = GameSession(seats, seed=seed, options=GameOptions(**setup.get("options", {})),
                              first_player=None if first == "random" else int(first),
                              autosave=storage.autosave_path(),
                              reaction_prompting=self.app.settings.reaction_prompting)
        session.save_autosave()
        self.open_table(session)
        return session

    def continue_game(self) -> GameSession | None:
        try:
            state, meta = storage.load_game(storage.autosave_path())
        except SaveError as e:
            self.show_message(tr("load.failed_title"), str(e))
            return None
        seats = GameSession.seats_from_meta(meta, state.n)
        session = GameSession(seats, state=state, autosave=storage.autosave_path(),
                              reaction_prompting=self.app.settings.reaction_prompting)
        self.open_table(session, resumed=True)
        return session

    def open_table(self, session: GameSession, resumed: bool = False) -> None:
        from knjazja.ui.scenes.table import TableScene
        self.session = session
        self.app.stack.pop_to(self.menu)
        self.table = TableScene(session, on_game_over=self.game_over, on_menu=self.to_menu,
                                settings=self.app.settings)
        self.table.on_handover = self.handover
        self.app.stack.push(self.table)
        # A save holds hidden cards: with several humans, nobody sees a hand until claimed.
        if resumed and len(session.humans()) > 1 and session.human_to_decide():
            self.handover(session.deciding)

    # --- hot-seat -----------------------------------------------------------------------
    def handover(self, seat: int) -> None:
        from knjazja.ui.scenes.pass_device import PassDeviceScene
        session = self.session
        name = session.seats[seat].name
        kind = session.state.decision.kind
        reason = tr("handover.reason.turn", name=name) if kind == "turn" else \
            tr("handover.reason.decide", name=name, what=tr(f"decision.{kind}"))
        self.app.stack.push(PassDeviceScene(name, reason, on_ready=lambda: None))

    # --- ending -------------------------------------------------------------------------
    def game_over(self, session: GameSession) -> None:
        from knjazja.ui.scenes.results import ResultsScene
        try:
            storage.autosave_path().unlink(missing_ok=True)   # a finished game is not continued
        except OSError:
            pass
        self.app.stack.push(ResultsScene(session, on_play_again=self.play_again, on_menu=self.to_menu))

    def play_again(self) -> None:
        setup = self.last_setup or self.app.settings.last_setup
        self.start_game(setup)

    def to_menu(self) -> None:
        if self.session is not None:
            self.session.cancel_bot()
        self.app.stack.pop_to(self.menu)
        self.menu.refresh()

    def show_message(self, title: str, text: str) -> None:
        from knjazja.ui.scenes.message import MessageScene
        self.app.stack.push(MessageScene(title, text))


def run(lang: str | None = None) -> int:
    """The `knjazja` command without arguments: open the window at the main menu."""
    from knjazja.ui.app import App
    app = App()
    if lang:
        app.set_language(lang)
    flow = GameFlow(app)
    app.run(flow.menu)
    return 0


if __name__ == "__main__":
    raise SystemExit(run())
