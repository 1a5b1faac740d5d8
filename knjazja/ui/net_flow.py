"""Play across computers from the window: host a table from the setup, or join one.

``NetFlow`` is ``GameFlow``'s helper for network tables (as ``LessonFlow`` is for lessons):

* ``host(setup)``: a setup with "a player on another computer" opens the table on this
  computer (``net.hosting.HostedTable``) and seats this window at it over loopback;
* ``show_join()``: the Join screen (tables found on the local network, or an address and a
  code); once the host has seated the player, his table opens.

Either way the table is a ``RemoteTableScene``: the host's engine is the only truth, and
this window sees what its seat may see.  Leaving the table closes the connection (and, at
the host, the server: the table's autosave stays, and its players can rejoin when it is
opened again) — at the host, during a game, only after a question that names the friends
who will be dropped.
"""
from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from knjazja.app.wording.i18n import get_language, tr
from knjazja.app.wording.words import join_names

# the network (websockets, asyncio) and the rules load when a network table is set up or
# joined, not with the menu

if TYPE_CHECKING:
    from knjazja.net.remote import RemoteSession

log = logging.getLogger(__name__)


def is_network_setup(setup: Mapping[str, Any]) -> bool:
    from knjazja.net.seats import REMOTE
    return any(s["kind"] == REMOTE for s in setup["seats"])


class NetFlow:
    def __init__(self, flow) -> None:
        self.flow = flow
        self.app = flow.app

    # --- hosting ------------------------------------------------------------------------
    def host(self, setup: Mapping[str, Any], seed: int | None = None) -> RemoteSession | None:
        from knjazja.engine import GameOptions
        from knjazja.net.hosting import HostedTable
        from knjazja.net.seats import LOCAL, REMOTE
        seats = setup["seats"]
        kinds = [LOCAL if s["kind"] == "human" else s["kind"] for s in seats]
        # a remote seat is called by its number until its player comes with his name
        names = [s["name"] if s["kind"] != REMOTE else tr("net.seat_name", n=i + 1) for i, s in enumerate(seats)]
        try:
            first = setup.get("first_player", "random")
            hosted = HostedTable.open(kinds, names, password=setup.get("password", ""), seed=seed,
                                      options=GameOptions(**setup.get("options", {})),
                                      first_player=None if first == "random" else int(first))
        except OSError as e:
            log.warning("cannot host: %s", e)
            self.flow.show_message(tr("menu.new_game"), tr("net.host_failed", error=e.strerror or e))
            return None
        session = seated(hosted)
        self.open(session, hosted)
        return session

    # --- joining ------------------------------------------------------------------------
    def show_join(self) -> None:
        from knjazja.ui.scenes.join import JoinScene
        self.app.stack.push(JoinScene(on_joined=self.open, name=self._player_name(), on_reopen=self.reopen))

    def reopen(self, path) -> None:
        """A table this window hosted, from its autosave: its players rejoin their seats
        with their tokens (a friend's program reconnects by itself)."""
        from knjazja.app.wording.save_errors import save_error_text
        from knjazja.engine import SaveError
        from knjazja.net.hosting import HostedTable
        try:
            hosted = HostedTable.resume(path)
        except SaveError as e:
            self.flow.show_message(tr("load.failed_title"), save_error_text(e, get_language()))
            return
        except OSError as e:
            self.flow.show_message(tr("menu.join"), tr("net.host_failed", error=e.strerror or e))
            return
        self.open(seated(hosted), hosted)

    def _player_name(self) -> str:
        setup = getattr(self.app.settings, "last_setup", None) or {}
        humans = [s.get("name", "") for s in setup.get("seats", []) if s.get("kind") == "human"]
        return humans[0] if humans else ""

    # --- the table ----------------------------------------------------------------------
    def open(self, session: RemoteSession, hosted=None) -> None:
        """The table over ``session``: shown at once; until the host has seated the player
        it waits (the scene is built when the first view arrives)."""
        from knjazja.ui.scenes.join import WaitForSeatScene
        if session.ready:
            self._table(session, hosted)
        else:
            self.app.stack.push(WaitForSeatScene(session, on_ready=lambda: self._table(session, hosted),
                                                 on_cancel=lambda: _close(session, hosted)))

    def _table(self, session: RemoteSession, hosted) -> None:
        from knjazja.ui.table.remote_scene import RemoteTableScene
        flow = self.flow
        flow.session = session
        self.app.stack.pop_to(flow.menu)
        flow.table = RemoteTableScene(session, hosted=hosted, settings=self.app.settings,
                                      on_menu=self.pause, on_game_over=self.game_over,
                                      on_results=self.show_results)
        if session.viewer_policy == "hotseat":
            flow.table.on_handover = flow.handover      # the pass-the-device screen, as at one screen
        flow.table.on_told = flow.show_message           # what a stand-in bot did for a returning player
        self.app.stack.push(flow.table)

    def pause(self) -> None:
        """The table's Menu: no saving or loading here (the host keeps the game)."""
        from knjazja.ui.scenes.pause import PauseScene
        from knjazja.ui.scenes.settings_scene import SettingsScene
        flow = self.flow
        self.app.stack.push(PauseScene([
            ("resume", lambda: None),
            ("rules", flow.show_rules),
            ("settings", lambda: self.app.stack.push(SettingsScene())),
            ("menu", self.ask_leave),
        ]))

    def ask_leave(self) -> None:
        """At the host, during a game, leaving closes the table for everyone: asked first,
        naming the friends at the table who will be dropped."""
        from knjazja.ui.scenes.saveload import ConfirmScene
        hosted = getattr(self.flow.table, "hosted", None)
        session = self.flow.session
        if hosted is None or session is None or session.over:
            self.leave()
            return
        friends = hosted.friends_here()
        text = (tr("net.leave.friends", n=len(friends), names=join_names(friends, get_language())) if friends
                else tr("net.leave.alone"))
        self.app.stack.push(ConfirmScene(tr("net.leave.title"), text, self.leave, yes_label=tr("net.leave.yes")))

    def leave(self) -> None:
        flow = self.flow
        flow.session = None
        self.app.stack.pop_to(flow.menu)     # the table's exit closes the connection (and the server)
        flow.table = None
        flow.menu.refresh()

    def game_over(self, session) -> None:
        """Statistics are kept as after any game; the host keeps the game itself."""
        from knjazja.app.store import stats
        from knjazja.engine import final_scores, winners
        here = getattr(session, "here", None) or [i == session.seat for i in range(len(session.seats))]
        # the statistics are this computer's players': a person playing elsewhere counts as "remote"
        seats = [{"name": s.name, "kind": "remote" if s.kind == "human" and not here[i] else s.kind}
                 for i, s in enumerate(session.seats)]
        try:
            end = session.seen_by(None)          # the cities and chronicles lie face up: the scores
            stats.record_game(seats, final_scores(end), winners(end))
        except OSError as e:
            log.warning("statistics not written: %s", e)

    def show_results(self) -> None:
        from knjazja.ui.scenes.results import ResultsScene
        session = self.flow.session
        if session is None or not session.over:
            return
        self.app.stack.push(ResultsScene(session, on_play_again=self.again, on_menu=self.leave,
                                         on_review=lambda: self.show_review(session),
                                         again_label=tr("menu.new_game") if self._hosting()
                                         else tr("menu.join")))

    def show_review(self, session) -> None:
        """The review of this screen's own moves, each judged from the view its player had."""
        from knjazja.ui.scenes.review import ReviewScene
        self.app.stack.push(ReviewScene(session, record=session.review_record()))

    def _hosting(self) -> bool:
        return getattr(self.flow.table, "hosted", None) is not None

    def again(self) -> None:
        """After a network game: the host sets up another; a guest looks for another table."""
        hosting = self._hosting()
        self.leave()
        if hosting:
            self.flow.menu.activate("new_game")
        else:
            self.show_join()


def seated(hosted):
    """The window's seats at its own table: one remote session, or a hot seat of several."""
    from knjazja.net.hotseat import HotSeatSession
    from knjazja.net.remote import RemoteSession
    parts = [RemoteSession(hosted.join(seat)) for seat in hosted.local_seats]
    return parts[0] if len(parts) == 1 else HotSeatSession(parts)


def _close(session, hosted) -> None:
    session.close()
    if hosted is not None:
        hosted.close()
