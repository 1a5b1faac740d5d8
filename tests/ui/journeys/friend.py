"""A friend's window on "another computer": a second process (pygame has one window per
process) running the game as ``knjazja`` does and driven the same way as the journey's own
window (``driver.Window``), by commands on its standard input, one JSON object a line; each
is answered with one JSON line on standard output.

    {"do": "join_list"}                          Join a game, the table found on the network
    {"do": "join_address", "address": .., "code": ..}   Join a game by address and code
    {"do": "play", "frames": N}                  up to N frames; makes one move if it is his
    {"do": "drop"}                               the connection breaks; it reconnects by itself
    {"do": "leave"}                              the table's menu, back to the main menu
    {"do": "end"}                                the verdict (faults, crash, errors); the window closes

Started by ``Friend`` (``network.py``) with its size, language, data folder and the port the
host announces its tables on.
"""
from __future__ import annotations

import json
import logging
import os
import random
import sys
import traceback
from pathlib import Path

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE), str(HERE.parent)]
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("KNJAZJA_PREFETCH", "0")


class Remembered(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def main(argv: list[str]) -> int:
    size = tuple(int(v) for v in argv[1].split("x"))
    lang, discovery_port, name = argv[2], int(argv[3]), argv[4]
    from knjazja.ui import drawn
    drawn.start()
    from knjazja.net import discovery
    discovery.DISCOVERY_PORT = discovery_port           # where this test's host announces
    import drawsweep
    from driver import Window
    log = Remembered()
    logging.getLogger().addHandler(log)
    with drawsweep.quick_thinking(easy_bots=False):
        w = Window("friend", size, lang, paced=True)
        w.frames(2)
        steps = Steps(w, name)
        for line in sys.stdin:
            command = json.loads(line)
            try:
                answer = steps.run(command)
            except Exception as exc:            # told to the journey, which fails with it
                answer = {"error": f"{type(exc).__name__}: {exc}", "trace": traceback.format_exc()}
            if command["do"] == "end":
                answer.update(verdict(w, log.records))
            print(json.dumps(answer), flush=True)
            if command["do"] == "end":
                break
    return 0


def verdict(w, records) -> dict:
    from driver import JourneyFailed
    problem = ""
    try:
        w.verdict(records)
    except JourneyFailed as exc:
        problem = str(exc)
    w.close()
    return {"steps": w.steps, "shots": len(w.shots), "frames": w.frames_run, "problem": problem}


class Steps:
    """What the friend does, as a person at his own computer."""

    def __init__(self, w, name: str) -> None:
        from play import Player
        self.w, self.name = w, name
        self.player = Player(w, random.Random(11))

    def run(self, command: dict) -> dict:
        return getattr(self, command["do"])(command)

    def join_list(self, command: dict) -> dict:
        from knjazja.app.wording.i18n import tr
        w = self.w
        w.press("#menu_join", tr("menu.join"))
        w.field("#join_name", self.name)
        w.see("the join screen", scene="JoinScene", words=[tr("join.title")])
        self._find_on_the_network(tries=5)
        w.see("the table found", scene="JoinScene", words=[command["code"]])
        w.press("#join_found")
        return self._seated()

    def _find_on_the_network(self, tries: int) -> None:
        """Wait for each search to end (a busy machine answers late) and, as a player would,
        press "Search again" when it found nothing."""
        from driver import JourneyFailed
        w = self.w
        for attempt in range(tries):
            browser = w.top.browser
            if browser is not None:
                browser.wait()                  # (pytest-timeout stops a search that hangs)
            w.frames(2)
            if w.has_widget("#join_found"):
                return
            if attempt + 1 < tries:
                w.press("#join_again")
        raise JourneyFailed(f"{w.where()}: never found the table on the network ({tries} searches)")

    def join_address(self, command: dict) -> dict:
        from knjazja.app.wording.i18n import tr
        w = self.w
        w.press("#menu_join", tr("menu.join"))
        w.field("#join_name", self.name)
        w.field("#join_address", command["address"])
        w.field("#join_code", command["code"])
        w.see("address and code typed", scene="JoinScene", words=[tr("join.go")])
        w.press("#join_go", tr("join.go"))
        return self._seated()

    def _seated(self) -> dict:
        w = self.w
        w.until(lambda: w.top_is("RemoteTableScene"), "was seated at the table", 400,
                between=lambda: self._refused())
        w.frames(2)
        table = w.flow.table
        w.see("at the friend's table", scene="RemoteTableScene", words=[self.name])
        return {"seat": table.controller.viewer, "names": list(table.controller.names)}

    def _refused(self) -> None:
        from driver import JourneyFailed
        status = getattr(self.w.top, "status", "")
        if self.w.top_is("JoinScene") and status and self.w.top.session is None:
            raise JourneyFailed(f"{self.w.where()}: the join was refused: {status}")

    def play(self, command: dict) -> dict:
        w = self.w
        for _ in range(command.get("frames", 30)):
            if self.player.my_move():
                a = self.player.take_turn()
                return {"moved": a.kind, "history": w.flow.table.session.moves}
            w.frame()
        return {"moved": None}

    def drop(self, command: dict) -> dict:
        from knjazja.net.client import CONNECTED
        w = self.w
        remote = w.flow.table.remote
        drops = remote.client.drops
        remote.client.drop_connection()              # the network fails under the game
        w.until(lambda: remote.client.drops > drops and remote.status == CONNECTED, "reconnected", 600)
        w.frames(2)
        w.see("reconnected", scene="RemoteTableScene", words=[self.name])
        return {"drops": remote.client.drops, "seat": w.flow.table.controller.viewer}

    def leave(self, command: dict) -> dict:
        from knjazja.app.wording.i18n import tr
        w = self.w
        w.press("#table_menu")
        w.press("#pause_menu")
        w.see("the menu, the table left", scene="MenuScene", words=[tr("menu.join")])
        return {}

    def end(self, command: dict) -> dict:
        return {}


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
