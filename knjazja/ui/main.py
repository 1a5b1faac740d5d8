"""Start the desktop game and move between its screens: menu → table → results.

`GameFlow` is the glue: it creates a GameSession from the new-game setup (or the
autosave), opens the table, hands the device over between hot-seat humans, and shows the
results. Everything it does is reachable from tests through its methods.
"""
from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from knjazja.app.store import storage
from knjazja.app.wording.i18n import get_language, tr
from knjazja.app.wording.save_errors import os_error_text, save_error_text
from knjazja.app.wording.words import seat_word
from knjazja.engine.kinds import DecisionKind
from knjazja.engine.save_error import SaveError

# the sessions, the rules and the bots load with the first game started or loaded: the menu
# opens without them (tests/ui/test_shipped_imports.py)
if TYPE_CHECKING:
    from knjazja.app.session import GameSession, Seat, TableSession
    from knjazja.engine import Series
    from knjazja.ui.table.scene import TableScene

log = logging.getLogger(__name__)


class GameFlow:
    def __init__(self, app, *, sync_bots: bool = False) -> None:
        """``sync_bots``: bots decide in the frame, not in the background (tests)."""
        from knjazja.ui.lesson_flow import LessonFlow
        from knjazja.ui.net_flow import NetFlow
        from knjazja.ui.scenes.menu import MenuScene
        self.app = app
        self.lessons = LessonFlow(self)
        self.net = NetFlow(self)
        self.menu = MenuScene(on_start=self.start_game, has_saves=storage.has_autosave,
                              on_continue=self.continue_game, on_rules=self.show_rules,
                              on_load=self.show_load, on_stats=self.show_stats,
                              on_learn=self.lessons.show_list, banner=self.lessons.banner,
                              on_join=self.net.show_join)
        self.session: TableSession | None = None     # a local game, or a network table (NetFlow)
        self.table: TableScene | None = None
        self.last_setup: dict[str, Any] | None = None
        self.series: Series | None = None  # while a series runs
        self.series_lines: list[str] = []  # the series standings after the last game
        self.sync_bots = sync_bots
        app.crash_context.append(self.crash_section)

    # --- starting ---------------------------------------------------------------------
    def start_game(self, setup: Mapping[str, Any], seed: int | None = None, *,
                   continue_series: bool = False) -> TableSession | None:
        """A new game from the setup screen; with setup["series"] the first game of a series,
        with ``continue_series`` the next game of the current one.  A seat on another
        computer makes it a network table (``NetFlow.host``; None if it could not open)."""
        from knjazja.app.session import GameSession, Seat
        from knjazja.app.store import series_store
        from knjazja.engine import GameOptions, Series
        from knjazja.ui.net_flow import is_network_setup
        if is_network_setup(setup):
            self.last_setup, self.series = dict(setup), None
            return self.net.host(setup, seed)
        self.last_setup = {k: v for k, v in setup.items() if k != "series"}
        seats = [Seat(s["name"] or f"{i + 1}", s["kind"]) for i, s in enumerate(setup["seats"])]
        problems = []
        if setup.get("series"):
            self.series = Series(len(seats))
            problems += _write_or_report("storage.series_failed", series_store.save_series,
                                         self.series, self.session_seats_json(seats))
        elif not continue_series:
            self.series = None            # a game of its own, whatever series was played before
        first = setup.get("first_player", "random")
        if self.series is not None and self.series.games:
            first = self.series.next_starter()
        session = GameSession(seats, seed=seed, options=GameOptions(**setup.get("options", {})),
                              first_player=None if first == "random" else int(first),
                              autosave=storage.autosave_path(),
                              reaction_prompting=self.app.settings.reaction_prompting)
        session.series = self.series is not None
        session.save_autosave()           # in the background; a failure shows on the table
        self.open_table(session)
        self._report(problems)
        return session

    @staticmethod
    def session_seats_json(seats: list[Seat]) -> list[dict]:
        return [{"name": s.name, "kind": s.kind} for s in seats]

    def load_session(self, state, meta: dict, *, from_autosave: bool = False) -> GameSession:
        """Resume a loaded game (autosave or a named save)."""
        from knjazja.app.session import GameSession
        seats = GameSession.seats_from_meta(meta, state.n)
        session = GameSession(seats, state=state, autosave=storage.autosave_path(),
                              reaction_prompting=self.app.settings.reaction_prompting)
        self.series = None
        if isinstance(meta, dict) and meta.get("series"):
            self._restore_series(session)
        session.series = self.series is not None
        self.open_table(session, resumed=True)
        return session

    def _restore_series(self, session: GameSession) -> None:
        """The stored series, if this game is one of it: a save from an older series, or
        with other players, is played as a game of its own."""
        from knjazja.app.store import series_store
        stored = series_store.load_series()       # a damaged file: the player is told
        if (stored is not None and not stored.over
                and stored.seats == self.session_seats_json(session.seats)):
            self.series = stored.series

    def continue_game(self) -> GameSession | None:
        try:
            state, meta = storage.load_game(storage.autosave_path())
        except SaveError as e:                 # one line in the player's language
            if storage.set_aside_damaged_autosave(e):   # told once; Continue goes grey
                self.menu.refresh()
            else:
                self.show_message(tr("load.failed_title"), save_error_text(e, get_language()))
            return None
        return self.load_session(state, meta, from_autosave=True)

    def greet(self) -> None:
        """At start, over the menu: a crash last time is named once, and the game it kept
        (the autosave) is offered."""
        from knjazja.app.store import crash
        if storage.set_aside_damaged_autosave():    # Continue must not offer a damaged game
            self.menu.refresh()
        report = crash.take_pending()
        if report is None:
            return
        if storage.autosave_path().is_file():
            from knjazja.ui.scenes.saveload import ConfirmScene
            self.app.stack.push(ConfirmScene(tr("crash.title"), tr("crash.text_game", path=report),
                                             self.continue_game, yes_label=tr("crash.continue"),
                                             no_label=tr("crash.not_now"), danger=False))
        else:
            self.show_message(tr("crash.title"), tr("crash.text", path=report))

    def crash_section(self) -> tuple[str, str]:
        """For a crash report: the game in play, its last actions and a save that replays it."""
        from knjazja.app.session import GameSession
        from knjazja.engine import dumps
        session = self.session
        if session is None:
            return "Game", "no game in play"
        if not isinstance(session, GameSession):       # a network table: the host keeps the game
            return "Game", f"a network table, seat {getattr(session, 'seat', '?')}, {len(session.feed)} events shown"
        s = session.state
        first = max(0, len(s.history) - 20)
        lines = [f"seats: {[(seat.name, seat.kind) for seat in session.seats]}",
                 f"seed {s.seed}, first player {s.first_player}, options {s.options.to_json()}",
                 f"decision: {s.decision}", f"{len(s.history)} actions; the last ones:"]
        lines += [f"  {i + 1}: {a.to_json()}" for i, a in enumerate(s.history[first:], start=first)]
        lines += ["", "The game as a save (load it to replay):", dumps(s, session.meta())]
        return "Game in play", "\n".join(lines)

    # --- other screens from the menu ----------------------------------------------------
    def show_rules(self) -> None:
        from knjazja.ui.scenes.rules import RulesScene
        self.app.stack.push(RulesScene(on_lesson=self.lessons.start))

    def show_stats(self) -> None:
        from knjazja.ui.scenes.stats import StatsScene
        self.app.stack.push(StatsScene())

    def show_load(self) -> None:
        from knjazja.ui.scenes.saveload import SaveLoadScene
        self.app.stack.push(SaveLoadScene("load", on_load=self.ask_load))

    def game_running(self) -> bool:
        """A game is on the table and not finished (loading another would end it)."""
        return (self.session is not None and not self.session.over and self.table is not None
                and self.table in self.app.stack)

    def ask_load(self, state, meta: dict) -> None:
        """Load a save; over a running game, ask first (its autosave would be replaced)."""
        if not self.game_running():
            self.load_session(state, meta)
            return
        from knjazja.ui.scenes.saveload import ConfirmScene
        self.app.stack.push(ConfirmScene(tr("load.confirm_title"), tr("load.confirm_text"),
                                         lambda: self.load_session(state, meta),
                                         yes_label=tr("load.confirm_yes")))

    def show_save(self) -> None:
        from knjazja.ui.scenes.saveload import SaveLoadScene
        if self.session is not None:
            self.app.stack.push(SaveLoadScene("save", session=self.session))

    def open_table(self, session: GameSession, resumed: bool = False) -> None:
        from knjazja.ui.table.scene import TableScene
        self.session = session
        self.app.stack.pop_to(self.menu)
        self.table = TableScene(session, on_game_over=self.game_over, on_menu=self.pause,
                                settings=self.app.settings, on_results=self.show_results,
                                sync_bots=self.sync_bots)
        self.table.on_handover = self.handover
        # with several humans the table hands the device to the first of them before any
        # hand shows, a new game or a resumed one (TableController)
        self.app.stack.push(self.table)

    # --- hot-seat -----------------------------------------------------------------------
    def handover(self, seat: int) -> None:
        from knjazja.ui.scenes.pass_device import PassDeviceScene
        session = self.session
        assert session is not None, "the device passes at a table"
        name = session.seats[seat].name
        # (a bot may open)
        kind = session.seen_by(seat).decision.kind if session.deciding == seat else DecisionKind.TURN
        who = seat_word(name, get_language())
        reason = tr("handover.reason.turn", name=who) if kind == DecisionKind.TURN else \
            tr("handover.reason.decide", name=who, what=tr(f"decision.{kind}"))
        # the previous player may still take his move back before handing over
        on_undo = self.table.undo if self.table is not None and self.table.controller.can_undo() else None
        self.app.stack.push(PassDeviceScene(name, reason, on_ready=lambda: None, on_undo=on_undo))

    # --- ending -------------------------------------------------------------------------
    def game_over(self, session: TableSession) -> None:
        """The game has ended on the table: record it (the final board stays, with a Results
        button that calls ``show_results``)."""
        from knjazja.app.session import GameSession
        assert isinstance(session, GameSession), "a local table's (NetFlow.game_over: a network one's)"
        from knjazja.app.store import series_store, stats
        from knjazja.engine import final_scores, winners
        try:
            storage.remove_autosave()        # a finished game is not continued
        except OSError:
            pass
        glory = final_scores(session.state)
        problems = _write_or_report("storage.stats_failed", stats.record_game,
                                    session.meta()["seats"], glory, winners(session.state))
        self.series_lines = []
        if self.series is not None and getattr(session, "series", False) and not self.series.over:
            self.series.add_game(glory, session.state.first_player)
            problems += _write_or_report("storage.series_failed", series_store.save_series,
                                         self.series, self.session_seats_json(session.seats))
            self.series_lines = [tr("results.series", line=" · ".join(
                f"{s.name} {t}" for s, t in zip(session.seats, self.series.totals)))]
        self._report(problems)

    def show_results(self) -> None:
        """The score breakdown over the final board."""
        from knjazja.ui.scenes.results import ResultsScene
        session = self.session
        if session is None or not session.over:
            return
        self.app.stack.push(ResultsScene(session, on_play_again=self.play_again, on_menu=self.to_menu,
                                         series_lines=self.series_lines,
                                         on_review=lambda: self.show_review(session)))

    def show_review(self, session: TableSession) -> None:
        from knjazja.ui.scenes.review import ReviewScene
        self.app.stack.push(ReviewScene(session))

    def play_again(self) -> None:
        """Play again, or in a series show the standings first."""
        if self.series is not None and self.session is not None and getattr(self.session, "series", False):
            from knjazja.app.store import series_store
            from knjazja.ui.scenes.series import SeriesScene
            seats = self.session_seats_json(self.session.seats)
            on_next = None if self.series.over else self.next_series_game
            if self.series.over:
                series_store.clear_series()
            self.app.stack.push(SeriesScene(self.series, seats, on_next=on_next, on_menu=self.to_menu))
            return
        setup = self.last_setup or self.app.settings.last_setup
        self.start_game(setup)

    def next_series_game(self) -> None:
        """The series goes on with the same princes and house rules (whoever starts is the
        series' to say)."""
        from knjazja.app.session import GameSession
        session = self.session
        assert isinstance(session, GameSession), "a series is played at one screen"
        setup = {"seats": self.session_seats_json(session.seats), "options": session.state.options.to_json()}
        self.start_game(setup, continue_series=True)

    def to_menu(self) -> None:
        local = None
        if self.session is not None:
            from knjazja.app.session import local_game
            local = local_game(self.session)
        if local is not None:
            local.cancel_bot()
            local.flush_autosave()            # Continue offers the game as it was left
        self.app.stack.pop_to(self.menu)
        self.menu.refresh()

    def pause(self) -> None:
        """The table's Menu button: the in-game menu (the game is autosaved after every action)."""
        from knjazja.ui.scenes.pause import PauseScene
        from knjazja.ui.scenes.settings_scene import SettingsScene
        self.app.stack.push(PauseScene([
            ("resume", lambda: None),
            ("save", self.show_save),
            ("load", self.show_load),
            ("rules", self.show_rules),
            ("settings", lambda: self.app.stack.push(SettingsScene())),
            ("menu", self.to_menu),
        ]))

    def _report(self, problems: list[str]) -> None:
        if problems:
            self.show_message(tr("storage.write_failed_title"), "\n".join(problems))

    def show_message(self, title: str, text: str) -> None:
        from knjazja.ui.scenes.message import MessageScene
        self.app.stack.push(MessageScene(title, text))


def _write_or_report(what: str, write, *args) -> list[str]:
    """Run one write of statistics or a series; a disk that refuses (a file locked on
    Windows, a full disk) gives a line for the player instead of a crash."""
    try:
        write(*args)
    except OSError as exc:
        log.warning("%s: %s", what, exc)
        return [tr(what, error=os_error_text(exc, get_language()))]
    return []


def run(lang: str | None = None) -> int:
    """The `knjazja` command without arguments: open the window at the main menu."""
    from knjazja.ui.app import App
    storage.clean_temporary_files()      # what writes cut short by a crash left behind
    app = App()
    if lang:
        app.set_language(lang)
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    flow.greet()
    app.run()
    return 0


if __name__ == "__main__":
    raise SystemExit(run())
