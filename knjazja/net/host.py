"""The host: its tables, who sits where, and what each connection may do.

No sockets here: a connection is a :class:`Link` with a ``send`` and a ``close``, and
``Host.receive(link, raw)`` handles one raw message.  The websocket server
(``knjazja.net.server``) feeds it; tests and the leak benchmark drive it directly, so the
rules of the table are tested without a network and the bytes checked are the same.

What a seat is sent: the events of its table's feed redacted for it (``Event.for_seat``),
read through its own ``FeedReader``, and its observation with its legal actions when it is
its decision — nothing else.  Every refusal is one line in the log and one ``refused``
message; it changes nothing at the table.

**Undo over the network** (docs/RULINGS.md, N1).  A remote seat may take its last move
back (``{"t":"undo","n":...}``) while the session still holds that move as undoable for it
(``GameSession.undo_owner() == seat``: its own move, which showed it nothing hidden, and no
other seat's move since) *and* no other human seat — remote or local — has been sent a
decision since that move, and no bot has answered it.  The host enforces the second part by
sealing the session (``GameSession.seal``) the moment a decision goes to another human: a
connected remote seat's ``state`` with its legal actions, or a local hot-seat human's turn
at the host.  A bot's answer clears the session's undo steps itself; so that a remote player
has a moment to take a move back, the host's bots wait ``Limits.bot_pause`` seconds (on
``Host.clock``; ``tick``/``poll_bots`` apply the move when due) before answering a human's
move that may still be taken back.  Every ``state`` says whether its seat may undo now
(``undo``); an undo cuts the feed back (its generation grows) and every seated link is sent
its whole redacted log again from the start, then its state.  Anything else is refused
``no_undo``, the table unchanged.

**Per address.**  A peer's address without its port (``Link.ip``) may hold at most
``max_connections_per_ip`` connections (more are refused in ``connect``: the server closes
with 1013) and have at most ``max_new_tables_per_ip`` tables it opened with new codes open
at once (refused ``too_many_tables``).

**Idle tables.**  A table opened by a new code (not one the host was told to open) with
nobody connected and no human activity — an action, an undo, a join or a leaving — for
``idle_table_after`` seconds is closed at ``tick``: its autosave is kept when a seat was
ever claimed and the game has begun (a player rejoining with his token reopens it), else
removed.  A finished table is closed when its last player leaves.
"""
from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from knjazja.app.store import autosave as autosaver
from knjazja.app.wording.names import clean_name
from knjazja.engine import GameOptions, IllegalAction, SaveError, legal_actions, observation

from . import codec, leaks
from .links import Bucket, Limits, Link, peer_ip
from .protocol import Refused, check_versions, decode_client, encode
from .seats import CODE, LOCAL, REMOTE
from .table import Table, resume_table

log = logging.getLogger("knjazja.net")

EVENTS_PER_MESSAGE = 200       # a whole game's log goes in a few messages, each well under the limit


Tap = Callable[[Link, str], None]


class Host:
    def __init__(self, folder: Path | None = None, limits: Limits | None = None,
                 new_table_kinds: list[str] | None = None, writer: autosaver.AutosaveWriter | None = None,
                 tap: Tap | None = None, clock: Callable[[], float] = time.monotonic,
                 background_bots: bool = False) -> None:
        """``folder``: where the tables' autosaves go (None: no autosave); ``new_table_kinds``:
        the seats of a table the first player opens with a new code (None: codes must exist);
        ``tap``: sees every message as it is sent (the leak check); ``clock``: the host's
        time in seconds (floods, stand-ins, bot pauses, idle tables; tests inject one, and
        ``tick``/``poll_bots`` act on it); ``background_bots``: the
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
        self.per_ip: Counter[str] = Counter()               # connections per address
        self.opened_by: dict[str, str] = {}                 # tables opened by a new code: by which address
        self.active: dict[str, float] = {}                  # per table: its last human activity
        self.bot_due: dict[str, float] = {}                 # tables whose bot waits (bot_pause): until when
        self.last_refusal = ""                              # why ``connect`` last returned None

    # --- tables ---------------------------------------------------------------------------
    def create_table(self, code: str, kinds: list[str], seed: int | None = None, password: str = "",
                     by_join: bool = False, options: GameOptions | None = None,
                     first_player: int | None = None) -> Table:
        """Open a table; ``by_join``: opened by a player's new code (closed when idle);
        ``options`` the house rules, ``first_player`` who starts (None: the deal decides)."""
        if not CODE.match(code):
            raise Refused("bad_field", "a table code is 1-16 letters, digits, - or _")
        if len(self.tables) >= self.limits.max_tables:
            raise Refused("too_many_tables", f"this host keeps at most {self.limits.max_tables}")
        table = Table(code, kinds, seed=seed, password=password, folder=self.folder, writer=self.writer,
                      options=options, first_player=first_player)
        table.opened_by_join = by_join
        self.tables[code] = table
        self.active[code] = self.clock()
        table.run_bots(self.background_bots)
        table.session.save_autosave()
        log.info("table %s opened: %s, seed %d", code, ",".join(kinds), table.state.seed)
        return table

    def _drop_table(self, code: str) -> None:
        """Forget a table (its autosave is the caller's business)."""
        table = self.tables.pop(code, None)
        if table is not None:
            table.session.cancel_bot()
        for book in (self.opened_by, self.active, self.bot_due):
            book.pop(code, None)
        for key in [k for k in self.away if k[0] == code]:
            del self.away[key]

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
            self._open_resumed(table)
            opened += 1
            log.info("table %s resumed at action %d", table.code, len(table.state.history))
        return opened

    def _open_resumed(self, table: Table) -> None:
        self.tables[table.code] = table
        now = self.clock()                 # every player is away until he rejoins
        self.away.update({(table.code, i): now for i, t in enumerate(table.tokens) if t})
        self.active[table.code] = now
        table.run_bots(self.background_bots)

    def tick(self) -> None:
        """Called about once a second: a player away longer than ``stand_in_after`` whose
        decision holds up his table has a bot play his seat until he rejoins; bots whose
        pause is over move; idle tables opened by new codes are closed."""
        now = self.clock()
        self._bots_due(now)
        self._reap(now)
        wait = self.limits.stand_in_after
        if wait is None:
            return
        for (code, seat), since in list(self.away.items()):
            table = self.tables.get(code)
            if table is None or table.state.over:
                del self.away[(code, seat)]
            elif (now - since >= wait and table.session.deciding == seat and seat not in table.stand_ins
                  and table.kinds[seat] == REMOTE):     # (a seat of the host's own window waits for it)
                table.stand_in(seat, self.limits.stand_in_kind)
                log.info("table %s seat %d: away %.0f s, a %s bot plays it until he is back",
                         code, seat, now - since, self.limits.stand_in_kind)
                table.run_bots(self.background_bots)
                self.changed(table)

    def poll_bots(self) -> None:
        """Start the bots whose pause is over; apply the moves of bots that have finished
        thinking (background bots)."""
        self._bots_due(self.clock())
        for table in list(self.tables.values()):
            if table.session.bot_thinking() and table.run_bots(True):
                self.changed(table)

    def _bots_due(self, now: float) -> None:
        for code, due in list(self.bot_due.items()):
            table = self.tables.get(code)
            if table is None:
                del self.bot_due[code]
            elif now >= due:
                del self.bot_due[code]
                if table.run_bots(self.background_bots):
                    self.changed(table)

    def _after_human_move(self, table: Table, seat: int) -> None:
        """The host's bots answer a human's move: at once, or after ``bot_pause`` when the
        move may still be taken back (a bot's answer would seal it)."""
        session = table.session
        if (self.limits.bot_pause > 0 and session.undo_owner() == seat and not session.over
                and not session.human_to_decide()):
            self.bot_due[table.code] = self.clock() + self.limits.bot_pause
        else:
            table.run_bots(self.background_bots)

    def _reap(self, now: float) -> None:
        after = self.limits.idle_table_after
        if after is None:
            return
        busy = {code for code, _ in self.seated}
        for code, table in list(self.tables.items()):
            idle = now - self.active.setdefault(code, now)
            if not table.opened_by_join or code in busy or idle < after:
                continue
            keep = any(table.tokens) and bool(table.state.history)
            self._drop_table(code)
            if keep:
                table.flush()
            else:
                table.remove_autosave()
            log.info("table %s closed: idle %.0f s with nobody connected (autosave %s)",
                     code, idle, "kept" if keep else "removed")

    def close(self) -> None:
        """Every autosave on disk (at shutdown)."""
        self.writer.flush()

    # --- connections ----------------------------------------------------------------------
    def connect(self, send: Callable[[str], None], close: Callable[[str], None], peer: str) -> Link | None:
        """A new connection, or None (refused and logged; ``last_refusal`` says why) when the
        host is full or its address has ``max_connections_per_ip`` already."""
        if len(self.links) >= self.limits.max_connections:
            log.info("refused connection from %s: %d connections already", peer, len(self.links))
            self.last_refusal = "the host is full"
            return None
        ip = peer_ip(peer)
        if self.per_ip[ip] >= self.limits.max_connections_per_ip:
            log.info("refused connection from %s: too_many_connections (%d from %s already)",
                     peer, self.per_ip[ip], ip)
            self.last_refusal = "too many connections from your address"
            return None
        link = Link(send, close, peer, Bucket(self.limits.rate, self.limits.burst, self.clock()))
        self.links.add(link)
        self.per_ip[link.ip] += 1
        log.info("connection from %s", peer)
        return link

    def disconnect(self, link: Link, why: str = "closed") -> None:
        if link not in self.links:
            return
        self.links.discard(link)
        link.closed = True
        self.per_ip[link.ip] -= 1
        if self.per_ip[link.ip] <= 0:
            del self.per_ip[link.ip]
        if link.table is not None and self.seated.get((link.table.code, link.seat)) is link:
            del self.seated[(link.table.code, link.seat)]
            self.away[(link.table.code, link.seat)] = self.clock()
            if link.table.code in self.active:
                self.active[link.table.code] = self.clock()      # the idle time counts from here
        where = f" (table {link.table.code} seat {link.seat})" if link.table else ""
        log.info("disconnected %s%s: %s", link.peer, where, why)
        table = link.table
        if (table is not None and table.state.over and self.tables.get(table.code) is table
                and not any(code == table.code for code, _ in self.seated)):
            self._drop_table(table.code)            # finished and left: its autosave stays on disk
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
        self._flush(link, restart=True)   # the whole log again: the client starts afresh

    def _on_join(self, link: Link, msg: dict) -> None:
        if link.table is not None:
            raise Refused("already_joined", f"already at table {link.table.code}")
        check_versions(msg)
        table = self._table_for(link, msg)
        seat, token = self._seat_for(table, msg)
        old = self.seated.get((table.code, seat))
        if old is not None and old is not link:      # the same player again: the old line is dead
            self.disconnect(old, "replaced by a reconnection")
            old.close_with("replaced")
        link.table, link.seat = table, seat
        link.reader, link.generation = table.session.feed.reader(at_end=False), table.session.feed.generation
        self.seated[(table.code, seat)] = link
        self.away.pop((table.code, seat), None)
        self.active[table.code] = self.clock()
        if seat in table.stand_ins:
            table.welcome_back(seat)
            log.info("table %s seat %d: its player is back, the stand-in bot leaves", table.code, seat)
        log.info("%s took table %s seat %d (%s)", link.peer, table.code, seat, table.session.seats[seat].name)
        seats = [{"name": s.name, "kind": k} for s, k in zip(table.session.seats, table.kinds)]
        self.send(link, encode("welcome", table=table.code, seat=seat, token=token, seats=seats))
        for other in range(table.n):                # the others learn who sat down
            if other != seat and (peer := self.seated.get((table.code, other))) is not None:
                self.send(peer, encode("seats", seats=seats))
        if self._seal_if_seen(table):           # his decision now: the mover before him may no longer undo
            self.changed(table)
        else:
            self._flush(link)

    def _table_for(self, link: Link, msg: dict) -> Table:
        code = msg["table"]
        if not CODE.match(code):
            raise Refused("bad_field", "a table code is 1-16 letters, digits, - or _")
        table = self.tables.get(code)
        if table is not None:
            return table
        if msg["token"]:
            table = self._reopen(link, code, msg["token"])
            if table is None:
                raise Refused("no_table", f"no table {code} here")
            return table
        if self.new_table_kinds is None:
            raise Refused("no_table", f"no table {code} here")
        self._check_new_table(link)
        table = self.create_table(code, list(self.new_table_kinds), password=msg["password"], by_join=True)
        self.opened_by[code] = link.ip
        return table

    def _check_new_table(self, link: Link) -> None:
        mine = sum(1 for code, ip in self.opened_by.items() if ip == link.ip and code in self.tables)
        if mine >= self.limits.max_new_tables_per_ip:
            raise Refused("too_many_tables", f"{mine} tables opened from your address are open already")
        if len(self.tables) >= self.limits.max_tables:
            raise Refused("too_many_tables", f"this host keeps at most {self.limits.max_tables}")

    def _reopen(self, link: Link, code: str, token: str) -> Table | None:
        """A table closed while idle, its autosave on disk: back when one of its players
        rejoins with his token (anyone else learns nothing: ``no_table``)."""
        path = self.folder / f"table-{code}.json" if self.folder is not None else None
        if path is None or not path.is_file():
            return None
        try:
            table = resume_table(path, self.writer)
        except SaveError as e:
            log.warning("not reopened: %s", e)
            return None
        if table.state.over or table.code != code or not table.opened_by_join or table.seat_of_token(token) < 0:
            return None
        self._check_new_table(link)
        self._open_resumed(table)
        self.opened_by[code] = link.ip
        log.info("table %s reopened for a returning player at action %d", code, len(table.state.history))
        return table

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
        self.active[table.code] = self.clock()
        self._after_human_move(table, link.seat)
        self.changed(table)

    def may_undo(self, table: Table, seat: int) -> bool:
        """Whether ``seat`` (a remote player's) may take its last move back now (the module's rule)."""
        return (0 <= seat < table.n and table.kinds[seat] == REMOTE and seat not in table.stand_ins
                and table.session.undo_owner() == seat)

    def _on_undo(self, link: Link, msg: dict) -> None:
        table = link.table
        if table is None:
            raise Refused("not_joined", "join a table first")
        if not self.may_undo(table, link.seat):
            raise Refused("no_undo", "this seat has no move it may take back now")
        taken = table.session.undo(link.seat)
        assert taken
        self.bot_due.pop(table.code, None)
        link.last_action = msg["n"]
        self.active[table.code] = self.clock()
        log.info("table %s seat %d took a move back: at action %d", table.code, link.seat,
                 len(table.state.history))
        self.changed(table)

    def _seal_if_seen(self, table: Table) -> bool:
        """When a human other than the one whose move may be taken back now has the decision
        in front of him (a connected remote seat, or a local one at the host), that move
        stands: the session forgets its undo steps.  True if it did."""
        session = table.session
        owner, seat = session.undo_owner(), session.deciding
        if owner is None or seat < 0 or seat == owner or not session.seats[seat].is_human:
            return False
        if table.kinds[seat] != LOCAL and (table.code, seat) not in self.seated:
            return False
        session.seal()
        return True

    @staticmethod
    def _safe_reason(reason: str, table: Table, seat: int) -> str:
        """The engine's reason, unless it names a card this seat may not place (then a plain one)."""
        named = leaks.cards_sent({"t": "refused", "detail": reason}, leaks.hidden_cards(table.state, seat))[0]
        return "not a legal move now" if named else reason

    # --- what goes out --------------------------------------------------------------------
    def changed(self, table: Table) -> None:
        """The table's game moved on: every seat connected to it reads its share."""
        self._seal_if_seen(table)
        for seat in range(table.n):
            link = self.seated.get((table.code, seat))
            if link is not None:
                self._flush(link)

    def _flush(self, link: Link, restart: bool = False) -> None:
        """Send ``link`` its unread events and its state; ``restart``: its whole log again."""
        table, reader = link.table, link.reader
        assert table is not None and reader is not None
        feed = table.session.feed
        if feed.generation != link.generation:          # an undo cut the feed: the whole log again
            link.generation, restart = feed.generation, True
        if restart:
            reader.position = 0
        start = reader.position
        events = reader.take()
        acts = [a for a, _ in feed.entries()[start:start + len(events)]]   # the action each event followed
        for at in range(0, len(events), EVENTS_PER_MESSAGE):
            chunk = events[at:at + EVENTS_PER_MESSAGE]
            self.send(link, encode("events", seq=start + at, acts=acts[at:at + EVENTS_PER_MESSAGE],
                                   events=[codec.event_to_json(e.for_seat(link.seat)) for e in chunk]))
        if restart and not events:          # an empty log: the client must still drop the one it has
            self.send(link, encode("events", seq=0, acts=[], events=[]))
        s = table.state
        mine = not s.over and s.decision.seat == link.seat
        self.send(link, encode("state", seq=len(feed), at=len(s.history), n=link.last_action,
                               obs=codec.observation_to_json(observation(s, link.seat)),
                               legal=[a.to_json() for a in legal_actions(s)] if mine else [],
                               undo=self.may_undo(table, link.seat)))
