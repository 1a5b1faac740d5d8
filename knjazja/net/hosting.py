"""A table hosted by the game's own window: the host's engine in a thread, the window a client.

The window that opens a network table does not play on the host's session directly: it
joins its own seat over loopback with a token, exactly as a friend joins from elsewhere.
So there is one driver of the bots (the host's), one engine touched by one thread (the
server's), and what the host's player sees passes the same redaction as everyone's.

``HostedTable.open`` starts the server on ``port`` (another free one when that is taken),
opens the table, gives the window a token for its seat, and announces the table on the
local network (``discovery``).  ``addresses()`` is what to tell friends; ``free_seats``
how many remote seats wait for a player (refreshed off the frame, never waited for).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import secrets
from pathlib import Path

from knjazja.engine import GameOptions

from .client import ClientSession
from .discovery import DISCOVERY_PORT, Announcer, local_addresses, table_entry
from .host import Host, Limits
from .seats import LOCAL, REMOTE
from .serve import BOT_FLOOR, DEFAULT_PORT, MOVE_LIMIT
from .server import ServerThread
from .table import Table, resume_table

log = logging.getLogger("knjazja.net")
BOT_PAUSE = 1.0                 # seconds (as `knjazja serve --bot-pause`)
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"     # no 0/O, 1/I: read aloud and typed without doubt


def new_code(length: int = 5) -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


def free_code(folder: Path) -> str:
    """A new code with no table's autosave behind it (a code is never given to two games)."""
    while (folder / f"table-{(code := new_code())}.json").exists():
        pass
    return code


class HostedTable:
    def __init__(self, server: ServerThread, table: Table, tokens: dict[int, str], host_name: str = "") -> None:
        """``tokens``: the seats played at this window (one, or several in hot seat), each its token."""
        self.server, self.table, self.tokens = server, table, tokens
        self.local_seats = sorted(tokens)
        self.code, self.port = table.code, server.server.port
        self.host_name = host_name
        self.free_seats = len(table.free_remote_seats())
        self.names = [s.name for s in table.session.seats]
        self.connected: list[int] = []          # the remote seats whose players are at the table now
        self._asked: concurrent.futures.Future | None = None
        self._announcer: Announcer | None = None
        self._addresses: list[str] | None = None

    # --- opening ----------------------------------------------------------------------------
    @classmethod
    def open(cls, kinds: list[str], names: list[str], *, password: str = "", seed: int | None = None,
             options: GameOptions | None = None, first_player: int | None = None,
             port: int = DEFAULT_PORT, folder: Path | None = None, bind: str = "0.0.0.0",
             announce: bool = True, announce_port: int | None = None,
             bot_pause: float = BOT_PAUSE, bot_floor: float = BOT_FLOOR) -> "HostedTable":
        """A new table with these seats (the ``human`` ones: this window's).  OSError when no
        port at all can be opened."""
        assert LOCAL in kinds and REMOTE in kinds
        server = _start_server(folder, bind, port, bot_pause, bot_floor)
        code = free_code(server.server.host.folder or hosted_folder())
        table = server.call(lambda: _create(server, code, kinds, names, seed, password, options, first_player))
        tokens = server.call(lambda: _claim_local(table))
        hosted = cls(server, table, tokens, names[min(tokens)])
        if announce:
            hosted._announce(announce_port)
        log.info("hosting table %s on port %d", code, hosted.port)
        return hosted

    @classmethod
    def resume(cls, path: Path, *, port: int = DEFAULT_PORT, bind: str = "0.0.0.0",
               announce: bool = True, announce_port: int | None = None,
               bot_pause: float = BOT_PAUSE, bot_floor: float = BOT_FLOOR) -> "HostedTable":
        """A table this window hosted before, from its autosave (SaveError if it is not one,
        or has no seat for this window); its players rejoin with their tokens."""
        from knjazja.engine import SaveError
        table = resume_table(path)
        if LOCAL not in table.kinds:
            raise SaveError(f"{path.name} has no seat for this window", "invalid")
        server = _start_server(path.parent, bind, port, bot_pause, bot_floor)
        host = server.server.host

        def reopen() -> Table:
            host.open_resumed(table, remote_only=True)
            return table
        server.call(reopen)
        tokens = server.call(lambda: _claim_local(table))
        hosted = cls(server, table, tokens, table.session.seats[min(tokens)].name)
        if announce:
            hosted._announce(announce_port)
        return hosted

    def _announce(self, port: int | None) -> None:
        announcer = Announcer(self.describe, DISCOVERY_PORT if port is None else port)
        if announcer.start():
            self._announcer = announcer

    # --- what the window shows --------------------------------------------------------------
    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def join(self, seat: int, on_arrival=None) -> ClientSession:
        """One of the window's own seats, over loopback."""
        return ClientSession(self.url, self.code, seat=seat, token=self.tokens[seat],
                             on_arrival=on_arrival).start()

    def addresses(self) -> list[str]:
        """Where friends on this network can reach the table ("address:port"); looked up
        once (the computer's name may take a resolver a moment)."""
        if self._addresses is None:
            self._addresses = [f"{ip}:{self.port}" for ip in local_addresses()] or [f"127.0.0.1:{self.port}"]
        return self._addresses

    def refresh(self) -> None:
        """Ask the host (off the frame) how many seats are free, who sits where and who is
        connected; the answer is taken by a later call."""
        if self._asked is not None and self._asked.done():
            try:
                self.free_seats, self.names, self.connected = self._asked.result()
            except Exception:                       # the host is stopping: keep what we knew
                log.debug("seat count not read", exc_info=True)
            self._asked = None
        if self._asked is None and self.server.loop.is_running():
            table, host = self.table, self.server.server.host

            async def ask() -> tuple[int, list[str], list[int]]:
                here = sorted(seat for code, seat in host.seated if code == table.code and table.kinds[seat] == REMOTE)
                return len(table.free_remote_seats()), [s.name for s in table.session.seats], here
            self._asked = asyncio.run_coroutine_threadsafe(ask(), self.server.loop)

    def friends_here(self) -> list[str]:
        """The names of the friends connected to this table now (as last heard)."""
        return [self.names[seat] for seat in self.connected if seat < len(self.names)]

    def describe(self) -> list[dict]:
        """This table as the local network's discovery lists it (from what the window last
        heard: the announcer's thread touches nothing of the host's)."""
        return [table_entry(self.code, self.port, self.host_name, len(self.names), self.free_seats,
                            bool(self.table.password))]

    def close(self) -> None:
        """Stop announcing and serving; every autosave is written first."""
        if self._announcer is not None:
            self._announcer.stop()
            self._announcer = None
        self.server.stop()


def hosted_folder() -> Path:
    """Where the window's tables autosave (not `knjazja serve`'s ``tables/``: a headless host
    must not reopen a table whose seat belongs to a window)."""
    from knjazja.app.store.storage import data_dir
    return data_dir() / "hosted"


def unfinished_tables(folder: Path | None = None, newest: int = 5) -> list[tuple[Path, str, int]]:
    """The window's tables that can be opened again: (autosave, code, actions played), the
    newest first.  Damaged or finished ones are left out (and stay on disk as they are)."""
    from knjazja.engine import SaveError
    folder = folder or hosted_folder()
    try:
        paths = sorted(folder.glob("table-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    out = []
    for path in paths[:4 * newest]:
        try:
            table = resume_table(path)
        except (SaveError, OSError) as e:
            log.info("not offered again: %s", e)
            continue
        if not table.state.over and LOCAL in table.kinds:
            out.append((path, table.code, len(table.state.history)))
        if len(out) == newest:
            break
    return out


def _start_server(folder: Path | None, bind: str, port: int, bot_pause: float = BOT_PAUSE,
                  bot_floor: float = BOT_FLOOR) -> ServerThread:
    """The host's server on ``port``, or on any free port when that one is taken."""
    folder = folder or hosted_folder()
    # bots wait a moment after a person's move: it can be followed, and taken back meanwhile
    host = Host(folder, Limits(bot_pause=bot_pause, bot_floor=bot_floor, move_limit=MOVE_LIMIT), None,
                background_bots=True)
    for p in dict.fromkeys((port, 0)):
        server = ServerThread(host, bind, p)
        try:
            server.start()
            return server
        except (OSError, RuntimeError) as e:       # its thread has ended (or ends) by itself
            log.info("cannot listen on %s port %d: %s", bind, p, e)
    raise OSError(f"cannot open a port on {bind} for the table")


def _claim_local(table: Table) -> dict[int, str]:
    """A new token for each seat of the window (on the host's thread)."""
    return {seat: table.claim_local(seat) for seat, kind in enumerate(table.kinds) if kind == LOCAL}


def _create(server: ServerThread, code: str, kinds: list[str], names: list[str], seed: int | None,
            password: str, options: GameOptions | None, first_player: int | None) -> Table:
    table = server.server.host.create_table(code, kinds, seed=seed, password=password, options=options,
                                            first_player=first_player)
    for seat, name in enumerate(names):
        if name:                                    # (a remote seat's is replaced by its player's)
            table.session.seats[seat].name = name
    table.session.save_autosave()
    return table
