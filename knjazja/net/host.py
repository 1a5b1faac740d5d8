"""The host: its tables, who sits where, and what each connection may do.

No sockets here: a connection is a :class:`Link` with a ``send`` and a ``close``, and
``Host.receive(link, raw)`` handles one raw message; the websocket server feeds it, tests
and benchmarks drive it directly.  Joins are ``joining``'s (codes never reused, passwords
limited); what happens with time is ``clockwork``'s (stand-ins, idle tables, connections
without a seat).

What a seat is sent: the events of its table's feed redacted for it, its observation with
its legal actions when it decides, and the seats (names, kinds, which a bot plays now) —
not the seed, the deck or the generator.  Bots move no sooner than ``bot_floor`` after their
decision came, so a bot's speed tells nothing of its hand.  A refusal changes nothing, is
one ``refused`` message and is logged as a counted summary (``guard.RefusalLog``).

**Undo** (docs/RULINGS.md, N1): a remote seat's last move, while the session holds it for
that seat, no other human has been sent a decision since (the host seals the session) and
no bot has answered it (bots wait ``bot_pause``); anything else is refused ``no_undo``.

**Limits against many addresses**: a token bucket per connection and one per address; a
connection without a seat may only join; per address ``max_connections_per_ip``
connections, ``max_unjoined_per_ip`` of them without a seat, ``max_unjoined`` such overall
(past it the busiest address's oldest goes, never the newcomer); whole logs (a join, a
resync) charged by their size to the address and the host: a resync beyond is ``slow_down``.
"""
from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from knjazja.app.store import autosave as autosaver
from knjazja.bots.hard import HARD_TIME_CAP
from knjazja.engine import GameOptions, IllegalAction, SaveError, legal_actions, observation

from . import clockwork, codec, joining, leaks
from .guard import Backoff, CostBook, CostBucket, RefusalLog
from .links import Bucket, Limits, Link, peer_ip
from .protocol import Refused, decode_client, encode
from .seats import CODE, LOCAL, REMOTE
from .table import Table, resume_table

log = logging.getLogger("knjazja.net")

EVENTS_PER_MESSAGE = 200       # a whole game's log goes in a few messages, each well under the limit
EVENT_BYTES = 64               # about what one event costs in a message (a whole log's cost, before sending)
STATE_BYTES = 4096             # ... and a state


Tap = Callable[[Link, str], None]


class Host:
    def __init__(self, folder: Path | None = None, limits: Limits | None = None,
                 new_table_kinds: list[str] | None = None, writer: autosaver.AutosaveWriter | None = None,
                 tap: Tap | None = None, clock: Callable[[], float] = time.monotonic,
                 background_bots: bool = False) -> None:
        """``folder``: where the tables' autosaves go (None: no autosave); ``new_table_kinds``:
        the seats of a table the first player opens with a new code (None: codes must exist);
        ``tap``: sees every message as it is sent (the leak check); ``clock``: the host's
        time in seconds (every limit; tests inject one, and ``tick``/``poll_bots`` act on
        it); ``background_bots``: the bots think off the host's thread (the server: a slow
        bot must not hold up every table) and ``poll_bots`` applies their moves; else they
        move at once (tests)."""
        self.folder, self.limits, self.new_table_kinds = folder, limits or Limits(), new_table_kinds
        self.writer = writer or autosaver.AutosaveWriter()
        self.tap, self.clock, self.background_bots = tap, clock, background_bots
        self.tables: dict[str, Table] = {}
        self.links: set[Link] = set()
        self.unjoined: dict[Link, None] = {}                # connections without a seat, oldest first
        self.seated: dict[tuple[str, int], Link] = {}
        self.away: dict[tuple[str, int], float] = {}       # claimed seats without a connection: since when
        self.deciding: dict[str, tuple[tuple[int, int], float]] = {}   # per table: (action, seat), since when
        self.refusals = 0
        self.per_ip: Counter[str] = Counter()               # connections per address
        self.unjoined_per_ip: Counter[str] = Counter()
        self.opened_by: dict[str, str] = {}                 # tables opened by a new code: by which address
        self.active: dict[str, float] = {}                  # per table: its last human activity
        self.bot_due: dict[str, float] = {}                 # tables whose bot waits (bot_pause): until when
        self.last_refusal = ""                              # why ``connect`` last returned None
        lim, now = self.limits, clock()
        self.refused_log = RefusalLog(log, lim.summary_every)
        self.password_ip = Backoff(lim.password_free_tries, lim.password_delay, lim.password_max_delay)
        self.password_table = Backoff(lim.table_free_tries, lim.password_delay, lim.table_max_delay)
        self.costs = CostBook(lim.cost_rate, lim.cost_burst)
        self.connect_rates = CostBook(lim.connect_rate, lim.connect_burst)
        self.ip_rates = CostBook(2 * lim.rate if lim.ip_rate is None else lim.ip_rate,
                                 2 * lim.burst if lim.ip_burst is None else lim.ip_burst)
        self.total_cost = CostBucket(lim.total_cost_rate, lim.total_cost_burst, now)

    # --- tables ---------------------------------------------------------------------------
    def autosave_of(self, code: str) -> Path | None:
        return self.folder / f"table-{code}.json" if self.folder is not None else None

    def create_table(self, code: str, kinds: list[str], seed: int | None = None, password: str = "",
                     by_join: bool = False, options: GameOptions | None = None,
                     first_player: int | None = None) -> Table:
        """Open a table; ``by_join``: opened by a player's new code (closed when idle);
        ``options`` the house rules, ``first_player`` who starts (None: the deal decides).
        Refused ``code_taken`` when the code has a table or an autosave behind it."""
        if not CODE.match(code):
            raise Refused("bad_field", "a table code is 1-16 letters, digits, - or _")
        saved = self.autosave_of(code)
        if code in self.tables or (saved is not None and saved.exists()):
            raise Refused("code_taken", f"the code {code} belongs to another game")
        if len(self.tables) >= self.limits.max_tables:
            raise Refused("too_many_tables", f"this host keeps at most {self.limits.max_tables}")
        table = Table(code, kinds, seed=seed, password=password, folder=self.folder, writer=self.writer,
                      options=options, first_player=first_player)
        table.opened_by_join = by_join
        self.tables[code] = table
        self.active[code] = self.clock()
        self.run_bots(table)
        table.session.save_autosave()
        log.info("table %s opened: %s", code, ",".join(kinds))      # (never its seed: the deal is secret)
        return table

    def drop_table(self, code: str) -> None:
        """Forget a table (its autosave is the caller's business)."""
        table = self.tables.pop(code, None)
        if table is not None:
            table.session.cancel_bot()
        for book in (self.opened_by, self.active, self.bot_due, self.deciding):
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
            self.open_resumed(table)
            opened += 1
            log.info("table %s resumed at action %d", table.code, len(table.state.history))
        return opened

    def open_resumed(self, table: Table, remote_only: bool = False) -> None:
        """A table from its autosave in play again: every player is away until he rejoins
        (``remote_only``: the seats of the host's own window are not)."""
        self.tables[table.code] = table
        now = self.clock()
        self.away.update({(table.code, i): now for i, t in enumerate(table.tokens)
                          if t and (table.kinds[i] == REMOTE or not remote_only)})
        self.active[table.code] = now
        self.run_bots(table)

    def tick(self) -> None:
        """Called about once a second: stand-ins, connections without a seat, idle tables,
        bots whose pause is over, the refusals' summary (``clockwork``)."""
        clockwork.tick(self)

    def bot_floor(self, kind: str) -> float:
        """How long a bot's move is held at least: its thinking time must not tell its hand."""
        floor = self.limits.bot_floor
        return max(floor, HARD_TIME_CAP) if floor > 0 and kind == "hard" else floor

    def run_bots(self, table: Table) -> int:
        return table.run_bots(self.background_bots, self.clock(), self.bot_floor)

    def poll_bots(self) -> None:
        """Start the bots whose pause is over; apply the moves of bots that have finished
        thinking (background bots) once their floor has passed."""
        self.bots_due(self.clock())
        for table in list(self.tables.values()):
            if table.session.bot_thinking() and self.run_bots(table):
                self.changed(table)

    def bots_due(self, now: float) -> None:
        for code, due in list(self.bot_due.items()):
            table = self.tables.get(code)
            if table is None:
                del self.bot_due[code]
            elif now >= due:
                del self.bot_due[code]
                if self.run_bots(table):
                    self.changed(table)

    def _after_human_move(self, table: Table, seat: int) -> None:
        """The host's bots answer a human's move: at once, or after ``bot_pause`` when the
        move may still be taken back (a bot's answer would seal it)."""
        session = table.session
        if (self.limits.bot_pause > 0 and session.undo_owner() == seat and not session.over
                and not session.human_to_decide()):
            self.bot_due[table.code] = self.clock() + self.limits.bot_pause
        else:
            self.run_bots(table)

    def close(self) -> None:
        """Every autosave on disk and the refusals' last summary (at shutdown)."""
        self.refused_log.flush(self.clock(), force=True)
        self.writer.flush()

    # --- connections ----------------------------------------------------------------------
    def admit(self, peer: str) -> str:
        """Why a connection from ``peer`` is refused before its handshake, or "": its address
        opens new connections too fast, or holds too many (the server answers HTTP 503, far
        cheaper than a websocket opened and closed)."""
        ip, now = peer_ip(peer), self.clock()
        rate = self.connect_rates.bucket(ip, now)
        why = ""
        if self.per_ip[ip] >= self.limits.max_connections_per_ip:
            why = "too many connections from your address"
        elif self.unjoined_per_ip[ip] >= self.limits.max_unjoined_per_ip:
            why = "too many connections without a seat from your address"
        elif not rate.can(1, now):
            why = "too many new connections from your address: wait a moment"
        if why:
            self.refused_log.note("connection", ip, f"refused connection from {peer}: {why}", now)
        else:
            rate.charge(1, now)
        return why

    def connect(self, send: Callable[[str], None], close: Callable[[str], None], peer: str) -> Link | None:
        """A new connection, or None (refused; ``last_refusal`` says why) when its address
        holds too many connections, or the host is full with no connection without a seat
        to close for it.  Past ``max_unjoined`` the oldest one of the busiest address goes."""
        ip, now = peer_ip(peer), self.clock()
        why = ""
        if self.per_ip[ip] >= self.limits.max_connections_per_ip:
            why = "too many connections from your address"
        elif self.unjoined_per_ip[ip] >= self.limits.max_unjoined_per_ip:
            why = "too many connections without a seat from your address"
        elif len(self.links) >= self.limits.max_connections and not self.unjoined:
            why = "the host is full"
        if why:
            self.last_refusal = why
            self.refused_log.note("connection", ip, f"refused connection from {peer}: {why}", now)
            return None
        if len(self.unjoined) >= self.limits.max_unjoined or len(self.links) >= self.limits.max_connections:
            busiest = self.unjoined_per_ip.most_common(1)[0][0]
            self.evict(next(k for k in self.unjoined if k.ip == busiest), "closed for a newcomer: no seat taken")
        link = Link(send, close, peer, Bucket(self.limits.rate, self.limits.burst, now))
        self.links.add(link)
        self.unjoined[link] = None
        self.per_ip[ip] += 1
        self.unjoined_per_ip[ip] += 1
        log.debug("connection from %s", peer)
        return link

    def evict(self, link: Link, why: str) -> None:
        """Close a connection at the host's word."""
        self.disconnect(link, why)
        link.close_with(why)

    def _unjoined_gone(self, link: Link) -> None:
        if self.unjoined.pop(link, False) is None:
            self.unjoined_per_ip[link.ip] -= 1
            if self.unjoined_per_ip[link.ip] <= 0:
                del self.unjoined_per_ip[link.ip]

    def disconnect(self, link: Link, why: str = "closed") -> None:
        if link not in self.links:
            return
        self.links.discard(link)
        self._unjoined_gone(link)
        link.closed = True
        self.per_ip[link.ip] -= 1
        if self.per_ip[link.ip] <= 0:
            del self.per_ip[link.ip]
        table = link.table
        if table is None:
            self.refused_log.note("closed without a seat", link.ip, f"{link.peer} closed without a seat: {why}",
                                  self.clock())
            return
        if self.seated.get((table.code, link.seat)) is link:
            del self.seated[(table.code, link.seat)]
            self.away[(table.code, link.seat)] = self.clock()
            if table.code in self.active:
                self.active[table.code] = self.clock()      # the idle time counts from here
        log.info("disconnected %s (table %s seat %d): %s", link.peer, table.code, link.seat, why)
        if (table.state.over and self.tables.get(table.code) is table
                and not any(code == table.code for code, _ in self.seated)):
            self.drop_table(table.code)            # finished and left: its autosave stays on disk
            log.info("table %s closed: the game is over", table.code)

    def seat_link(self, link: Link, table: Table, seat: int) -> None:
        """``link`` now plays ``seat``: it reads the table's feed from the start."""
        self._unjoined_gone(link)
        link.table, link.seat = table, seat
        link.reader, link.generation = table.session.feed.reader(at_end=False), table.session.feed.generation
        self.seated[(table.code, seat)] = link
        self.away.pop((table.code, seat), None)
        self.active[table.code] = self.clock()
        self.deciding.pop(table.code, None)        # a decision waiting for him counts from now

    def send(self, link: Link, text: str) -> None:
        if link.closed:
            return
        if self.tap is not None:
            self.tap(link, text)
        link.send_text(text)

    # --- what arrives ---------------------------------------------------------------------
    def receive(self, link: Link, raw: str | bytes) -> None:
        """Handle one message from ``link``; refusals are answered and logged, never raised.
        A connection without a seat may only join (or say goodbye): anything else, or a
        flood, closes it at once — it costs the host no more than its handshake did."""
        if link.closed:
            return
        number = -1
        try:
            now = self.clock()
            mine = self.ip_rates.bucket(link.ip, now)
            if not link.bucket.take(now) or not mine.can(1, now):
                link.floods += 1
                raise Refused("flood", f"over {self.limits.rate:g} messages a second")
            mine.charge(1, now)
            msg = decode_client(raw)
            number = msg.get("n", -1)
            if link.table is None and msg["t"] not in ("join", "bye"):
                raise Refused("not_joined", "join a table first")
            getattr(self, "_on_" + msg["t"])(link, msg)
        except Refused as r:
            self._refuse(link, r, number)
            if link.table is None and r.reason in ("flood", "not_joined"):
                self.evict(link, r.reason)

    def _refuse(self, link: Link, r: Refused, number: int) -> None:
        self.refusals += 1
        where = f"table {link.table.code} seat {link.seat}" if link.table else "no seat"
        self.refused_log.note(r.reason, link.ip, f"refused {r.reason} from {link.peer} ({where}): {r.detail}",
                              self.clock())
        self.send(link, encode("refused", reason=r.reason, detail=r.detail, n=number))
        if link.floods >= self.limits.flood_disconnect:
            self.evict(link, "flooding")

    def _on_ping(self, link: Link, msg: dict) -> None:
        self.send(link, encode("pong", n=msg["n"]))

    def _on_pong(self, link: Link, msg: dict) -> None:
        pass

    def _on_bye(self, link: Link, msg: dict) -> None:
        link.close_with("bye")

    def _on_join(self, link: Link, msg: dict) -> None:
        joining.on_join(self, link, msg)

    def log_cost(self, table: Table) -> float:
        """What sending a whole log costs (bytes, about), known before it is built."""
        return len(table.session.feed) * EVENT_BYTES + STATE_BYTES

    def charge_log(self, link: Link, table: Table) -> None:
        """A join's whole log: never refused, but charged (a resync after it waits the longer)."""
        now, cost = self.clock(), self.log_cost(table)
        self.costs.bucket(link.ip, now).charge(cost, now)
        self.total_cost.charge(cost, now)

    def _on_resync(self, link: Link, msg: dict) -> None:
        table = link.table
        if table is None or link.reader is None:
            raise Refused("not_joined", "join a table first")
        now, cost = self.clock(), self.log_cost(table)
        mine = self.costs.bucket(link.ip, now)
        if not mine.can(cost, now) or not self.total_cost.can(cost, now):
            raise Refused("slow_down", "the whole log is sent again only so often: ask later")
        mine.charge(cost, now)
        self.total_cost.charge(cost, now)
        self.flush(link, restart=True)   # the whole log again: the client starts afresh

    def _on_back(self, link: Link, msg: dict) -> None:
        """A player at the table takes his seat back from the bot that stood in for him."""
        table = link.table
        if table is None:
            raise Refused("not_joined", "join a table first")
        moves = table.welcome_back(link.seat)
        if moves is None:
            raise Refused("no_stand_in", "no bot plays this seat")
        log.info("table %s seat %d: its player plays again, the stand-in bot leaves", table.code, link.seat)
        self.deciding.pop(table.code, None)
        self.tell_seats(table)
        self.changed(table)
        self.send(link, encode("stood_in", acts=moves[-500:]))

    def _on_action(self, link: Link, msg: dict) -> None:
        table = link.table
        if table is None:
            raise Refused("not_joined", "join a table first")
        if table.state.over:
            raise Refused("game_over", "the game is over")
        if table.session.deciding != link.seat or link.seat in table.stand_ins:
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

    def seal_if_seen(self, table: Table) -> bool:
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
    def seat_list(self, table: Table) -> list[dict]:
        """The seats as every player is told them: name, kind, and whether a bot plays it now."""
        return [{"name": s.name, "kind": k, "bot": i in table.stand_ins}
                for i, (s, k) in enumerate(zip(table.session.seats, table.kinds))]

    def tell_seats(self, table: Table, but: int = -1) -> None:
        """Every seat connected to ``table`` (but ``but``) is sent the seats as they are now."""
        text = encode("seats", seats=self.seat_list(table))
        for seat in range(table.n):
            if seat != but and (link := self.seated.get((table.code, seat))) is not None:
                self.send(link, text)

    def changed(self, table: Table) -> None:
        """The table's game moved on: every seat connected to it reads its share."""
        self.seal_if_seen(table)
        for seat in range(table.n):
            link = self.seated.get((table.code, seat))
            if link is not None:
                self.flush(link)

    def flush(self, link: Link, restart: bool = False) -> None:
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
        mine = not s.over and s.decision.seat == link.seat and link.seat not in table.stand_ins
        self.send(link, encode("state", seq=len(feed), at=len(s.history), n=link.last_action,
                               obs=codec.observation_to_json(observation(s, link.seat)),
                               legal=[a.to_json() for a in legal_actions(s)] if mine else [],
                               undo=self.may_undo(table, link.seat)))
