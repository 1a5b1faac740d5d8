"""A remote seat's session: the network in its own thread, polled by the frame.

The websocket runs on an asyncio loop in a background thread; the frame talks to it only
through thread-safe queues, so drawing never waits on the network:

* ``send_action(action)`` queues an action (returns at once with its number);
  ``send_undo()`` asks to take this seat's last move back, offered while ``can_undo``
  (the host's last ``state`` said so; it refuses ``no_undo`` otherwise);
* ``poll()`` takes what arrived since the last call and applies it to this session's view
  of the table — the seat's observation, its legal actions, its redacted event log — in
  the caller's thread, so the view a frame draws changes only when the frame polls;
* ``status`` is ``connecting`` / ``connected`` / ``reconnecting`` / ``closed``; a dropped
  connection is retried with the seat's token until the host answers or refuses for good.

Legal actions come from the host, not from the observation: the engine's ``legal_actions``
needs a whole state, and a state dealt from an observation (``determinize``) may hold
different hidden cards, so it could offer a move the host refuses or hide one it allows.
The host computes them for the seat that decides, from the real state, and sends them in
that seat's ``state`` message (they name only cards that seat may see: the leak test
checks them too).
"""
from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from knjazja.app.wording.names import clean_name
from knjazja.engine import Action, Event, Observation

from . import codec
from .ws_client import ClientConnection, NoTLS, connect
from .protocol import MAX_HOST_DEPTH, MAX_HOST_MESSAGE, Refused, encode, join_message, parse

log = logging.getLogger("knjazja.net.client")

CONNECTING, CONNECTED, RECONNECTING, CLOSED = "connecting", "connected", "reconnecting", "closed"
# refusals of a join that another try would only repeat
FATAL = frozenset({"version", "game_version", "ruleset", "no_table", "table_full", "no_seat",
                   "seat_taken", "bad_token", "bad_password", "too_many_tables", "bad_field", "code_taken",
                   "slow_down"})
MAX_STOOD_IN = 500                              # a stand-in's moves told at once (the host sends its last ones)
MAX_BAD_MESSAGES = 3                            # malformed messages in a row before giving up
REPLACED = "replaced"                           # the host's close reason when the seat was taken again
RETRY_DELAYS = (0.2, 0.5, 1.0, 2.0, 3.0)        # seconds between reconnection tries (the last repeats)


class _Inbox:
    """What the network thread hands the frame: a thread-safe queue that may ring a bell."""

    def __init__(self, on_arrival: Callable[[], None] | None) -> None:
        self._queue: queue.SimpleQueue[tuple] = queue.SimpleQueue()
        self._bell = on_arrival

    def put(self, item: tuple) -> None:
        self._queue.put(item)
        if self._bell is not None:
            self._bell()

    def get(self, block: bool, timeout: float | None) -> tuple:
        return self._queue.get(block, timeout)


@dataclass
class Update:
    """One thing that arrived, as ``poll`` returns it."""
    kind: str                               # "events" | "state" | "refused" | "welcome" | "seats" | "status"
    events: list[Event] = field(default_factory=list)     # | "stood_in"
    reason: str = ""                        # refused: the code; status: the new status
    detail: str = ""
    number: int = -1                        # refused: the action refused; events: the first one's place


class ClientSession:
    def __init__(self, url: str, table: str, seat: int = -1, name: str = "", password: str = "",
                 token: str = "", reconnect: bool = True, on_arrival: Callable[[], None] | None = None) -> None:
        """``on_arrival``: called from the network thread whenever something arrives (a GUI
        posts itself a wake-up event; a headless player sets a threading.Event)."""
        self.url, self.table, self.name, self.password = url, table, name, password
        self.seat, self.token, self.reconnect = seat, token, reconnect
        self.status = CONNECTING
        self.drops = 0                            # connections lost (and retried) so far
        self.error = ""                           # why it closed, when it did
        self.seats: list[dict] = []               # [{"name", "kind", "bot"}] as the host has them
        self.observation: Observation | None = None
        self.legal: list[Action] = []
        self.can_undo = False                     # the host's last state: this seat may take its move back
        self.log: list[Event] = []                # every event of the game, redacted for this seat
        self.acts: list[int] = []                 # for each, the number of actions applied by then
        self.at = 0                               # actions applied at the host when last told
        self.acknowledged = -1                    # the number of this seat's last action accepted
        self.stood_in: list[int] = []             # the last stand-in's moves for this seat (action counts)
        self._inbox = _Inbox(on_arrival)
        self._loop = asyncio.new_event_loop()
        self._outbox: asyncio.Queue[str] | None = None
        self._stop: asyncio.Event | None = None
        self._ws: ClientConnection | None = None
        self._number = 0
        self._waiting: tuple[int, int, list[Action], bool] | None = None   # the move sent, not yet answered
        self._welcomed = False                    # this connection's join was answered (network thread)
        self._thread = threading.Thread(target=self._run, name="knjazja-client", daemon=True)

    # --- the frame's side -------------------------------------------------------------------
    def start(self) -> "ClientSession":
        self._thread.start()
        return self

    def send_action(self, action: Action) -> int:
        """Queue ``action`` for the host; its number (a refusal names it).  The legal actions
        are cleared: the next ``state`` from the host brings the new ones."""
        self._number += 1
        # kept until the host answers: a refusal (a flood, a stale move) gives the choice back
        self._waiting = (self._number, self.at, self.legal, self.can_undo)
        self.legal, self.can_undo = [], False
        self._post(encode("action", n=self._number, at=self.at, action=action.to_json()))
        return self._number

    def send_undo(self) -> int:
        """Ask the host to take this seat's last move back; its number (a refusal, ``no_undo``,
        names it).  The host then sends the log again from the start and the new state."""
        self._number += 1
        self.can_undo = False
        self._post(encode("undo", n=self._number))
        return self._number

    def send_back(self) -> int:
        """Take this seat back from the bot standing in for it (the host then says what it did)."""
        self._number += 1
        self._post(encode("back", n=self._number))
        return self._number

    def my_decision(self) -> bool:
        return bool(self.legal) and self.observation is not None and not self.observation.over

    def poll(self, block_for: float = 0.0) -> list[Update]:
        """What arrived since the last call, applied to this session's view of the table.
        ``block_for``: with nothing there yet, wait up to so many seconds for the first
        thing (headless players; a frame polls with 0 and never waits)."""
        out: list[Update] = []
        block = block_for > 0
        while True:
            try:
                item = self._inbox.get(block, block_for if block else None)
            except queue.Empty:
                return out
            block = False
            update = self._apply(item)
            if update is not None:
                out.append(update)

    def close(self, timeout: float = 5.0) -> None:
        """Say goodbye and stop the thread."""
        if self._thread.is_alive() and self._stop is not None:
            self._post(encode("bye"))
            try:
                self._loop.call_soon_threadsafe(self._stop.set)
            except RuntimeError:          # the line ended meanwhile (replaced, refused): nothing to stop
                pass
        self._thread.join(timeout)

    def drop_connection(self) -> None:
        """Cut the connection without a goodbye, as a network fault would (tests): the
        session reconnects with its token."""
        ws = self._ws
        if ws is not None:
            try:
                self._loop.call_soon_threadsafe(ws.transport.abort)
            except RuntimeError:          # already ended
                pass

    def _post(self, text: str) -> None:
        if self._outbox is not None and not self._loop.is_closed():
            outbox = self._outbox
            try:
                self._loop.call_soon_threadsafe(outbox.put_nowait, text)
            except RuntimeError:          # the loop just closed: nothing to send through
                pass

    # --- applying what arrived (the frame's thread) ---------------------------------------
    def _apply(self, item: tuple) -> Update | None:
        kind = item[0]
        if kind == "status":
            self.drops += item[1] == RECONNECTING and self.status != RECONNECTING
            self.status, self.error = item[1], item[2]
            return Update("status", reason=item[1], detail=item[2])
        if kind == "welcome":
            self.seat, self.token, self.seats = item[1], item[2], item[3]
            return Update("welcome")
        if kind == "seats":
            self.seats = item[1]
            return Update("seats")
        if kind == "stood_in":
            self.stood_in = item[1]
            return Update("stood_in", number=self.seat)
        if kind == "events":
            _, seq, events, acts = item
            if seq == 0:
                self.log, self.acts = [], []  # the whole log again (a join, a resync)
            if seq != len(self.log):
                self._post(encode("resync"))  # a gap: ask for everything again
                return None
            self.log += events
            self.acts += acts
            return Update("events", events=events, number=seq)
        if kind == "state":
            _, self.at, self.acknowledged, self.observation, self.legal, self.can_undo = item
            self._waiting = None
            return Update("state")
        _, reason, detail, number = item
        waiting = self._waiting
        # a refusal of the move just sent (a flood is refused before its number is read)
        if waiting is not None and number in (waiting[0], -1) and self.at == waiting[1]:
            self.legal, self.can_undo, self._waiting = waiting[2], waiting[3], None
        return Update("refused", reason=reason, detail=detail, number=number)

    # --- the network thread ------------------------------------------------------------------
    def _run(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_until_complete(self._main())
        finally:
            self._loop.close()

    def _say(self, status: str, error: str = "") -> None:
        self._inbox.put(("status", status, error))

    async def _main(self) -> None:
        self._stop, self._outbox = asyncio.Event(), asyncio.Queue()
        tries = 0
        while not self._stop.is_set():
            fatal = await self._connect_once()
            if fatal is not None or not self.reconnect or self._stop.is_set():
                self._say(CLOSED, fatal or "closed")
                return
            self._say(RECONNECTING)
            delay = RETRY_DELAYS[min(tries, len(RETRY_DELAYS) - 1)]
            tries += 1
            try:
                await asyncio.wait_for(self._stop.wait(), delay)
            except TimeoutError:
                pass
        self._say(CLOSED, "closed")

    async def _connect_once(self) -> str | None:
        """One connection, until it drops; a reason when it must not be retried."""
        try:
            async with connect(self.url, max_size=MAX_HOST_MESSAGE, compression=None, open_timeout=10) as ws:
                self._ws, self._welcomed = ws, False
                await ws.send(join_message(self.table, self.seat, self.name, self.password, self.token))
                sender = asyncio.create_task(self._send_loop(ws))
                stopper = asyncio.create_task(self._stop_wait(ws))
                try:
                    return await self._receive_loop(ws)
                finally:
                    sender.cancel()
                    stopper.cancel()
                    self._ws = None
        except (InvalidURI, ValueError, NoTLS) as e:
            return f"bad address: {e}"
        except (OSError, InvalidHandshake, ConnectionClosed, TimeoutError) as e:
            log.info("connection to %s lost: %s", self.url, e)
            return None

    async def _stop_wait(self, ws: ClientConnection) -> None:
        assert self._stop is not None
        await self._stop.wait()
        while self._outbox is not None and not self._outbox.empty():   # the goodbye first
            await ws.send(self._outbox.get_nowait())
        await ws.close()

    async def _send_loop(self, ws: ClientConnection) -> None:
        assert self._outbox is not None
        while True:
            text = await self._outbox.get()
            await ws.send(text)

    async def _receive_loop(self, ws: ClientConnection) -> str | None:
        bad = 0
        async for raw in ws:
            try:
                fatal = self._receive(raw)
                bad = 0
            except (Refused, ValueError, KeyError, TypeError) as e:    # the host sent nonsense
                bad += 1
                log.warning("a message from the host was malformed (%s); asking for all again", e)
                if bad > MAX_BAD_MESSAGES:
                    return "the host sends messages this game cannot read"
                await ws.send(encode("resync"))
                continue
            if fatal is not None:
                return fatal
        if ws.close_reason == REPLACED:       # the seat was taken with its token elsewhere: no tug of war
            return "replaced: this seat was taken from another connection with its token"
        return None

    def _receive(self, raw: str | bytes) -> str | None:
        msg = parse(raw, MAX_HOST_MESSAGE, MAX_HOST_DEPTH)
        kind = msg["t"]
        if kind == "welcome":
            self._say(CONNECTED)
            self._welcomed = True
            self.token = msg["token"]          # read by this thread's next reconnection
            self._inbox.put(("welcome", int(msg["seat"]), str(msg["token"]), seat_list(msg["seats"])))
        elif kind == "seats":                  # someone took a seat: his name
            self._inbox.put(("seats", seat_list(msg["seats"])))
        elif kind == "events":
            events = [codec.event_from_json(e) for e in msg["events"]]
            acts = [codec.count(a) for a in msg["acts"]]
            if len(acts) != len(events):
                raise ValueError("events and their action counts differ in number")
            self._inbox.put(("events", int(msg["seq"]), events, acts))
        elif kind == "state":
            legal = [codec.action_from_json(a) for a in msg["legal"]]
            self._inbox.put(("state", int(msg["at"]), int(msg["n"]), codec.observation_from_json(msg["obs"]),
                             legal, msg.get("undo") is True))
        elif kind == "refused":
            reason, detail = str(msg["reason"]), str(msg["detail"])
            self._inbox.put(("refused", reason, detail, int(msg["n"])))
            if reason in FATAL and not self._welcomed:      # the join itself was refused
                return f"{reason}: {detail}"
        elif kind == "stood_in":               # back at the seat: what the bot did for him
            acts = [codec.count(a) for a in msg["acts"][:MAX_STOOD_IN]]
            self._inbox.put(("stood_in", acts))
        elif kind == "ping":
            self._post(encode("pong", n=msg["n"]))
        return None


def seat_list(value: object) -> list[dict]:
    """The host's seats as [{"name", "kind", "bot"}], checked (ValueError: the host sent
    nonsense); a name is made fit to draw here too (another host may not have)."""
    if not isinstance(value, list) or not 2 <= len(value) <= 8 or not all(
            isinstance(s, dict) and set(s) == {"name", "kind", "bot"} and isinstance(s["name"], str)
            and isinstance(s["kind"], str) and type(s["bot"]) is bool
            and len(s["name"]) <= 64 and len(s["kind"]) <= 16 for s in value):
        raise ValueError("the seats are malformed")
    return [{"name": clean_name(s["name"]) or f"{i + 1}", "kind": s["kind"], "bot": s["bot"]}
            for i, s in enumerate(value)]
