"""The host: its tables, who sits where, and what each connection may do.

No sockets here: a connection is a :class:`Link` with a ``send`` and a ``close``, and
``Host.receive(link, raw)`` handles one raw message.  The websocket server
(``knjazja.net.server``) feeds it; tests and the leak benchmark drive it directly, so the
rules of the table are tested without a network and the bytes checked are the same.

What a seat is sent: the events of its table's feed redacted for it (``Event.for_seat``),
read through its own ``FeedReader``, and its observation with its legal actions when it is
its decision — nothing else.  Every refusal is one line in the log and one ``refused``
message; it changes nothing at the table.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from knjazja.app.feed import FeedReader
from knjazja.app.store import autosave as autosaver
from knjazja.app.wording.names import clean_name
from knjazja.engine import IllegalAction, SaveError, legal_actions, observation

from . import codec, leaks
from .protocol import Refused, check_versions, decode_client, encode
from .seats import CODE, REMOTE
from .table import Table, resume_table

log = logging.getLogger("knjazja.net")

EVENTS_PER_MESSAGE = 200       # a whole game's log goes in a few messages, each well under the limit


@dataclass
class Limits:
    max_tables: int = 500
    max_connections: int = 2000
    rate: float = 30.0              # messages per second a connection may send, on average
    burst: int = 90                 # ... and at once
    flood_disconnect: int = 2000    # refusals for flooding before the connection is closed
    max_queue: int = 1024           # messages waiting for a slow client before it is dropped
    join_timeout: float = 30.0      # seconds a connection may stay without a seat
    ping_interval: float = 20.0     # websocket heartbeats; a peer silent for ping_timeout is dropped
    ping_timeout: float = 20.0
    stand_in_after: float | None = 120.0   # seconds a table waits for an absent player's decision
    stand_in_kind: str = "normal"          # ... before this bot plays his seat (until he is back)


class Bucket:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst, self.level, self.at = rate, burst, float(burst), now

    def take(self, now: float) -> bool:
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


class Link:
    """One connection as the host sees it."""

    def __init__(self, send: Callable[[str], None], close: Callable[[str], None], peer: str,
                 bucket: Bucket) -> None:
        self.send_text, self.close_with, self.peer, self.bucket = send, close, peer, bucket
        self.table: Table | None = None
        self.seat = -1
        self.reader: FeedReader | None = None
        self.generation = 0
        self.last_action = -1            # the number of the last action accepted from it
        self.floods = 0
        self.closed = False


Tap = Callable[[Link, str], None]


class Host:
    def __init__(self, folder: Path | None = None, limits: Limits | None = None,
                 new_table_kinds: list[str] | None = None, writer: autosaver.AutosaveWriter | None = None,
                 tap: Tap | None = None, clock: Callable[[], float] = time.monotonic,
                 background_bots: bool = False) -> None:
        """``folder``: where the tables' autosaves go (None: no autosave); ``new_table_kinds``:
        the seats of a table the first player opens with a new code (None: codes must exist);
        ``tap``: sees every message as it is sent (the leak check); ``background_bots``: the
        bots think off the host's thread (the server: a slow bot must not hold up every
        table) and ``poll_bots`` applies their moves; else they move at once (tests)."""
        self.folder, self.limits, self.new_table_kinds = folder, limits or Limits(), new_table_kinds
        self.writer = writer or autosaver.AutosaveWriter()
        self.tap, self.clock, self.background_bots = tap, clock, background_bots
        self.tables: dict[str, Table] = {}
        self.links: set[Link] = set()
        self.seated: dict[tuple[str, int], Link] = {}
        self.away: dict[tuple[str, int], float] = {}       # claimed seats without a connection: since when
        self.refusals = 0

    # --- tables ---------------------------------------------------------------------------
    def create_table(self, code: str, kinds: list[str], seed: int | None = None, password: str = "") -> Table:
        if not CODE.match(code):
            raise Refused("bad_field", "a table code is 1-16 letters, digits, - or _")
        if len(self.tables) >= self.limits.max_tables:
            raise Refused("too_many_tables", f"this host keeps at most {self.limits.max_tables}")
        table = Table(code, kinds, seed=seed, password=password, folder=self.folder, writer=self.writer)
        self.tables[code] = table
        table.run_bots(self.background_bots)
        table.session.save_autosave()
        log.info("table %s opened: %s, seed %d", code, ",".join(kinds), table.state.seed)
        return table

    def resume(self) -> int:
        """Reopen every unfinished table autosaved in ``folder``; the number reopened."""
        if self.folder is None or not self.folder.is_dir():
            return 0
        opened = 0
        for path in sorted(self.folder.glob("table-*.json")):
            try:
                table = resume_table(path, self.writer)
            except SaveError as e:
                log.warning("not resumed: %s", e)
                continue
            if table.state.over or table.code in self.tables:
                continue
            self.tables[table.code] = table
            now = self.clock()                 # every player is away until he rejoins
            self.away.update({(table.code, i): now for i, t in enumerate(table.tokens) if t})
            table.run_bots(self.background_bots)
            opened += 1
            log.info("table %s resumed at action %d", table.code, len(table.state.history))
        return opened

    def tick(self) -> None:
        """Called about once a second: a player away longer than ``stand_in_after`` whose
        decision holds up his table has a bot play his seat until he rejoins."""
        wait = self.limits.stand_in_after
        if wait is None:
            return
        now = self.clock()
        for (code, seat), since in list(self.away.items()):
            table = self.tables.get(code)
            if table is None or table.state.over:
                del self.away[(code, seat)]
            elif now - since >= wait and table.session.deciding == seat and seat not in table.stand_ins:
                table.stand_in(seat, self.limits.stand_in_kind)
                log.info("table %s seat %d: away %.0f s, a %s bot plays it until he is back",
                         code, seat, now - since, self.limits.stand_in_kind)
                table.run_bots(self.background_bots)
                self.changed(table)

    def poll_bots(self) -> None:
        """Apply the moves of bots that have finished thinking (background bots only)."""
        for table in list(self.tables.values()):
            if table.session.bot_thinking() and table.run_bots(True):
                self.changed(table)

    def close(self) -> None:
        """Every autosave on disk (at shutdown)."""
        self.writer.flush()

    # --- connections ----------------------------------------------------------------------
    def connect(self, send: Callable[[str], None], close: Callable[[str], None], peer: str) -> Link | None:
        """A new connection, or None (refused and logged) when the host is full."""
        if len(self.links) >= self.limits.max_connections:
            log.info("refused connection from %s: %d connections already", peer, len(self.links))
            return None
        link = Link(send, close, peer, Bucket(self.limits.rate, self.limits.burst, self.clock()))
        self.links.add(link)
        log.info("connection from %s", peer)
        return link

    def disconnect(self, link: Link, why: str = "closed") -> None:
        if link not in self.links:
            return
        self.links.discard(link)
        link.closed = True
        if link.table is not None and self.seated.get((link.table.code, link.seat)) is link:
            del self.seated[(link.table.code, link.seat)]
            self.away[(link.table.code, link.seat)] = self.clock()
        where = f" (table {link.table.code} seat {link.seat})" if link.table else ""
        log.info("disconnected %s%s: %s", link.peer, where, why)
        table = link.table
        if (table is not None and table.state.over and self.tables.get(table.code) is table
                and not any(code == table.code for code, _ in self.seated)):
            del self.tables[table.code]            # finished and left: its autosave stays on disk
            log.info("table %s closed: the game is over", table.code)

    def send(self, link: Link, text: str) -> None:
        if link.closed:
            return
        if self.tap is not None:
            self.tap(link, text)
        link.send_text(text)

    # --- what arrives ---------------------------------------------------------------------
    def receive(self, link: Link, raw: str | bytes) -> None:
        """Handle one message from ``link``; refusals are answered and logged, never raised."""
        number = -1
        try:
            if not link.bucket.take(self.clock()):
                link.floods += 1
                raise Refused("flood", f"over {self.limits.rate:g} messages a second")
            msg = decode_client(raw)
            number = msg.get("n", -1)
            getattr(self, "_on_" + msg["t"])(link, msg)
        except Refused as r:
            self._refuse(link, r, number)

    def _refuse(self, link: Link, r: Refused, number: int) -> None:
        self.refusals += 1
        where = f"table {link.table.code} seat {link.seat}" if link.table else "no seat"
        log.info("refused %s from %s (%s): %s", r.reason, link.peer, where, r.detail)
        self.send(link, encode("refused", reason=r.reason, detail=r.detail, n=number))
        if link.floods >= self.limits.flood_disconnect:
            link.close_with("flooding")

    def _on_ping(self, link: Link, msg: dict) -> None:
        self.send(link, encode("pong", n=msg["n"]))

    def _on_pong(self, link: Link, msg: dict) -> None:
        pass

    def _on_bye(self, link: Link, msg: dict) -> None:
        link.close_with("bye")

    def _on_resync(self, link: Link, msg: dict) -> None:
        if link.reader is None:
            raise Refused("not_joined", "join a table first")
        link.reader.position = 0          # the whole log again: the client starts afresh
        self._flush(link)

    def _on_join(self, link: Link, msg: dict) -> None:
        if link.table is not None:
            raise Refused("already_joined", f"already at table {link.table.code}")
        check_versions(msg)
        table = self._table_for(msg)
        seat, token = self._seat_for(table, msg)
        old = self.seated.get((table.code, seat))
        if old is not None and old is not link:      # the same player again: the old line is dead
            self.disconnect(old, "replaced by a reconnection")
            old.close_with("replaced")
        link.table, link.seat = table, seat
        link.reader, link.generation = table.session.feed.reader(at_end=False), table.session.feed.generation
        self.seated[(table.code, seat)] = link
        self.away.pop((table.code, seat), None)
        if seat in table.stand_ins:
            table.welcome_back(seat)
            log.info("table %s seat %d: its player is back, the stand-in bot leaves", table.code, seat)
        log.info("%s took table %s seat %d (%s)", link.peer, table.code, seat, table.session.seats[seat].name)
        self.send(link, encode("welcome", table=table.code, seat=seat, token=token,
                               seats=[{"name": s.name, "kind": k} for s, k in zip(table.session.seats, table.kinds)]))
        self._flush(link)

    def _table_for(self, msg: dict) -> Table:
        code = msg["table"]
        if not CODE.match(code):
            raise Refused("bad_field", "a table code is 1-16 letters, digits, - or _")
        table = self.tables.get(code)
        if table is not None:
            return table
        if msg["token"] or self.new_table_kinds is None:
            raise Refused("no_table", f"no table {code} here")
        return self.create_table(code, list(self.new_table_kinds), password=msg["password"])

    def _seat_for(self, table: Table, msg: dict) -> tuple[int, str]:
        if msg["token"]:
            seat = table.seat_of_token(msg["token"])
            if seat < 0 or msg["seat"] not in (-1, seat):
                raise Refused("bad_token", "this token holds no seat at this table")
            return seat, msg["token"]
        if not table.password_ok(msg["password"]):
            raise Refused("bad_password", f"table {table.code} needs its password")
        free = table.free_remote_seats()
        seat = msg["seat"] if msg["seat"] >= 0 else (free[0] if free else -1)
        if seat not in free:
            if 0 <= seat < table.n and table.kinds[seat] == REMOTE:
                raise Refused("seat_taken", f"seat {seat} is someone's (reconnect with its token)")
            raise Refused("table_full" if not free else "no_seat", "no free seat for a remote player")
        return seat, table.claim(seat, clean_name(msg["name"]))

    def _on_action(self, link: Link, msg: dict) -> None:
        table = link.table
        if table is None:
            raise Refused("not_joined", "join a table first")
        if table.state.over:
            raise Refused("game_over", "the game is over")
        if table.session.deciding != link.seat:
            raise Refused("not_your_turn", f"seat {table.session.deciding} decides now")
        if msg["at"] != len(table.state.history):
            raise Refused("stale", f"the game is at action {len(table.state.history)}, not {msg['at']}")
        try:
            action = codec.action_from_json(msg["action"])
            table.play(link.seat, action)
        except IllegalAction as e:            # before ValueError: it is one
            raise Refused("illegal", self._safe_reason(str(e), table, link.seat)) from None
        except ValueError as e:
            raise Refused("bad_field", self._safe_reason(str(e), table, link.seat)) from None
        link.last_action = msg["n"]
        table.run_bots(self.background_bots)
        self.changed(table)

    @staticmethod
    def _safe_reason(reason: str, table: Table, seat: int) -> str:
        """The engine's reason, unless it names a card this seat may not place (then a plain one)."""
        named = leaks.cards_sent({"t": "refused", "detail": reason}, leaks.hidden_cards(table.state, seat))[0]
        return "not a legal move now" if named else reason

    # --- what goes out --------------------------------------------------------------------
    def changed(self, table: Table) -> None:
        """The table's game moved on: every seat connected to it reads its share."""
        for seat in range(table.n):
            link = self.seated.get((table.code, seat))
            if link is not None:
                self._flush(link)

    def _flush(self, link: Link) -> None:
        table, reader = link.table, link.reader
        assert table is not None and reader is not None
        feed = table.session.feed
        if feed.generation != link.generation:          # an undo at the host cut the feed
            link.generation, reader.position = feed.generation, 0
        start = reader.position
        events = reader.take()
        acts = [a for a, _ in feed.entries()[start:start + len(events)]]   # the action each event followed
        for at in range(0, len(events), EVENTS_PER_MESSAGE):
            chunk = events[at:at + EVENTS_PER_MESSAGE]
            self.send(link, encode("events", seq=start + at, acts=acts[at:at + EVENTS_PER_MESSAGE],
                                   events=[codec.event_to_json(e.for_seat(link.seat)) for e in chunk]))
        s = table.state
        mine = not s.over and s.decision.seat == link.seat
        self.send(link, encode("state", seq=len(feed), at=len(s.history), n=link.last_action,
                               obs=codec.observation_to_json(observation(s, link.seat)),
                               legal=[a.to_json() for a in legal_actions(s)] if mine else []))
