"""Tables on the local network: a UDP broadcast probe and its answer (no zeroconf).

Why not zeroconf: it brings compiled extensions and ``ifaddr`` into an executable kept small;
a LAN game needs only "who hosts here?".  The joining side broadcasts a tiny probe
``{"t": "knjazja?", "v": PROTOCOL_VERSION}`` to :data:`DISCOVERY_PORT`; every host's
:class:`Announcer` answers it with one datagram listing its open tables.

Both sides are strict, like the table's own protocol: a datagram is size-checked before it
is parsed, must be UTF-8 JSON with exactly the expected fields, and anything else is
dropped silently (never answered, never an exception out of a thread).  An answer is
bounded (:data:`MAX_TABLES`, :data:`MAX_ANSWER` bytes), rate-limited per source address and
overall, and only sent to non-global (LAN, loopback, link-local) addresses, so a host on a
public address is no reflector for a spoofed probe.
"""
from __future__ import annotations

import ipaddress
import json
import logging
import socket
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from knjazja import __version__

from .links import Bucket
from .protocol import MAX_NAME, PROTOCOL_VERSION
from .seats import CODE

log = logging.getLogger("knjazja.net")

DISCOVERY_PORT = 7655              # the game's own port is serve.DEFAULT_PORT, 7654
WSAEMSGSIZE = 10040                 # Windows: recvfrom on a datagram larger than the buffer (dropped)
BROADCAST = "255.255.255.255"
PROBE, ANSWER = "knjazja?", "knjazja!"
MAX_PROBE = 512                    # bytes: a probe is ~30; anything larger is not one
MAX_ANSWER = 1400                  # bytes: one datagram under a common MTU, never fragmented
MAX_TABLES = 20                    # tables in one answer (fewer if they do not fit MAX_ANSWER)
MAX_VERSION = 32                   # characters of a game version
ADDRESS_RATE = 5.0                 # answers a second to one address (and at once)
TOTAL_RATE = 50.0                  # answers a second to everybody together
MAX_TRACKED = 1024                 # source addresses remembered for their rate
TABLE_FIELDS = frozenset({"code", "port", "name", "seats", "free", "password", "game_version"})

Describe = Callable[[], list[dict[str, Any]]]


@dataclass(frozen=True)
class Found:
    """One table a host on the network announced; ``address`` is where its answer came from."""
    address: str
    port: int
    code: str
    name: str
    seats: int
    free: int
    password: bool
    game_version: str


# --- the datagrams -----------------------------------------------------------------------------
def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("a key twice")
    return dict(pairs)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def _load(data: bytes, limit: int) -> dict[str, Any] | None:
    """The datagram as a JSON object, or None: size first, then strict UTF-8 and JSON."""
    if len(data) > limit:
        return None
    try:
        value = json.loads(data.decode("utf-8"), object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except (ValueError, RecursionError):        # bad UTF-8, bad JSON, a key twice, NaN, deep nesting
        return None
    return value if isinstance(value, dict) else None


def _is_int(v: Any, low: int, high: int) -> bool:
    return type(v) is int and low <= v <= high          # not bool, not float


def _is_text(v: Any, low: int, high: int) -> bool:
    return type(v) is str and low <= len(v) <= high and v.isprintable()


def probe_bytes() -> bytes:
    return json.dumps({"t": PROBE, "v": PROTOCOL_VERSION}, separators=(",", ":")).encode("ascii")


def is_probe(data: bytes) -> bool:
    """A probe of this protocol, exactly: anything else gets no answer."""
    msg = _load(data, MAX_PROBE)
    return (msg is not None and msg.keys() == {"t", "v"} and msg["t"] == PROBE
            and _is_int(msg["v"], PROTOCOL_VERSION, PROTOCOL_VERSION))


def valid_table(v: Any) -> bool:
    """One table of an answer, field by field (the announcer checks its own too)."""
    return (isinstance(v, dict) and v.keys() == TABLE_FIELDS and type(v["code"]) is str
            and CODE.match(v["code"]) is not None and _is_int(v["port"], 1, 65535)
            and _is_text(v["name"], 0, MAX_NAME) and _is_int(v["seats"], 2, 8)
            and _is_int(v["free"], 0, v["seats"]) and type(v["password"]) is bool
            and _is_text(v["game_version"], 1, MAX_VERSION))


def table_entry(code: str, port: int, name: str, seats: int, free: int, password: bool) -> dict[str, Any]:
    """What ``describe()`` returns for one open table (this program's version filled in)."""
    return {"code": code, "port": port, "name": name, "seats": seats, "free": free, "password": password,
            "game_version": __version__}


def _encode_answer(tables: list[dict[str, Any]]) -> bytes:
    text = json.dumps({"t": ANSWER, "v": PROTOCOL_VERSION, "tables": tables}, ensure_ascii=False,
                      separators=(",", ":"))
    return text.encode("utf-8")


def answer_bytes(tables: Iterable[Any]) -> bytes:
    """The answer to a probe: the valid tables, at most MAX_TABLES, as many as fit MAX_ANSWER."""
    chosen = [t for t in tables if valid_table(t)][:MAX_TABLES]
    data = _encode_answer(chosen)
    while len(data) > MAX_ANSWER and chosen:      # the tables that do not fit are left out
        chosen.pop()
        data = _encode_answer(chosen)
    return data


def read_answer(data: bytes) -> list[dict[str, Any]] | None:
    """An answer's tables, or None when anything in it is wrong (the whole answer is dropped)."""
    msg = _load(data, MAX_ANSWER)
    if (msg is None or msg.keys() != {"t", "v", "tables"} or msg["t"] != ANSWER
            or not _is_int(msg["v"], PROTOCOL_VERSION, PROTOCOL_VERSION)):
        return None
    tables = msg["tables"]
    if not isinstance(tables, list) or len(tables) > MAX_TABLES or not all(valid_table(t) for t in tables):
        return None
    return tables


# --- the host's side ---------------------------------------------------------------------------
def _nearby(address: str) -> bool:
    """A source worth answering: on a LAN, this computer or link-local — never the internet."""
    try:
        return not ipaddress.ip_address(address).is_global
    except ValueError:
        return False


class Announcer:
    """Answers probes with ``describe()``'s tables, on its own daemon thread.

    ``describe`` is called on that thread, once per answered probe: it must be safe to call
    there (e.g. read a snapshot the host keeps).  ``port=0`` binds a free port (tests): read
    :attr:`port` after :meth:`start`.  Counters (``answered``, ``ignored``, ``limited``,
    ``failures``) are for tests and the log."""

    POLL = 0.2          # seconds the socket waits before the thread looks at the stop flag

    def __init__(self, describe: Describe, port: int = DISCOVERY_PORT, address: str = "0.0.0.0",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.describe, self.port, self.address, self.clock = describe, port, address, clock
        self.answered = self.ignored = self.limited = self.failures = 0
        self._sock: socket.socket | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._buckets: dict[str, Bucket] = {}
        self._total: Bucket | None = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> bool:
        """Bind and answer from now on; False (logged) when the port cannot be had."""
        if self.running:
            return True
        try:
            sock = self._bind()
        except OSError as e:
            log.warning("discovery: cannot listen on %s:%d (%s); the table is still reachable by its address",
                        self.address, self.port, e)
            return False
        self._sock, self.port = sock, sock.getsockname()[1]
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="knjazja-announcer", daemon=True)
        self._thread.start()
        log.info("discovery: answering on %s:%d", self.address, self.port)
        return True

    def _bind(self) -> socket.socket:
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            if hasattr(socket, "SO_EXCLUSIVEADDRUSE"):       # Windows: nobody may steal the port
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
            sock.bind((self.address, self.port))
            sock.settimeout(self.POLL)
        except OSError:
            sock.close()
            raise
        return sock

    def stop(self, timeout: float = 2.0) -> None:
        """Stop answering and free the port (returns within about POLL seconds)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        if self._sock is not None:
            self._sock.close()
            self._sock = None

    def _run(self) -> None:
        sock = self._sock
        assert sock is not None
        while not self._stop.is_set():
            try:
                data, source = sock.recvfrom(MAX_PROBE + 1)
            except TimeoutError:
                continue
            except OSError as e:        # Windows: a datagram too large, an earlier answer's ICMP error
                if sock.fileno() == -1:
                    return
                if getattr(e, "winerror", None) == WSAEMSGSIZE:
                    self.ignored += 1       # an oversized probe, refused by the system: ignored as elsewhere
                continue
            try:
                self.handle(data, source, sock.sendto)
            except Exception:           # never out of the thread: the next probe is answered
                self.failures += 1
                log.exception("discovery: a probe from %s", source[0])

    def handle(self, data: bytes, source: tuple[str, int], send: Callable[[bytes, tuple[str, int]], int]) -> None:
        """One datagram: answered with ``send`` if it is a good probe from a nearby address within its rate."""
        if not is_probe(data) or not _nearby(source[0]):
            self.ignored += 1
            return
        if not self._allowed(source[0]):
            self.limited += 1
            return
        try:
            tables = list(self.describe())
        except Exception as e:          # the host's trouble: no answer this time
            log.warning("discovery: describing the tables failed (%s)", e)
            return
        data = answer_bytes(tables)
        self.answered += 1              # before sending: a test that got the answer reads the count
        try:
            send(data, source)
        except OSError:                 # the prober is gone (Windows: its ICMP comes back later)
            self.answered -= 1

    def _allowed(self, address: str) -> bool:
        now = self.clock()
        if self._total is None:
            self._total = Bucket(TOTAL_RATE, int(TOTAL_RATE), now)
        if len(self._buckets) >= MAX_TRACKED and address not in self._buckets:
            self._buckets.clear()           # the overall rate still holds
        bucket = self._buckets.setdefault(address, Bucket(ADDRESS_RATE, int(ADDRESS_RATE), now))
        return bucket.take(now) and self._total.take(now)


# --- the joining side --------------------------------------------------------------------------
def _send_probes(sock: socket.socket, targets: Iterable[str], port: int) -> None:
    """The probe to the broadcast address and each target; a failure (no network) is skipped."""
    data = probe_bytes()
    for target in [BROADCAST, *targets]:
        try:
            sock.sendto(data, (target, port))
        except (OSError, UnicodeError) as e:         # no route, a sandbox, an unknown name
            log.debug("discovery: no probe to %s (%s)", target, e)


def _found(address: str, tables: list[dict[str, Any]]) -> list[Found]:
    return [Found(address, t["port"], t["code"], t["name"], t["seats"], t["free"], t["password"],
                  t["game_version"]) for t in tables]


def _collect(sock: socket.socket, timeout: float, port: int) -> dict[tuple[str, int, str], Found]:
    found: dict[tuple[str, int, str], Found] = {}
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        try:
            sock.settimeout(left)
            data, source = sock.recvfrom(MAX_ANSWER + 1)
        except TimeoutError:
            break
        except OSError:             # Windows: too large, or a target's port unreachable
            continue
        tables = read_answer(data) if source[1] == port else None
        for f in _found(source[0], tables or []):
            found.setdefault((f.address, f.port, f.code), f)
    return found


def browse(timeout: float = 1.0, targets: list[str] | None = None, port: int = DISCOVERY_PORT) -> list[Found]:
    """Tables announced on the local network (and by ``targets``), gathered for ``timeout``
    seconds; bad answers dropped, each table once, ordered by host name and code.  Blocks:
    a frame uses :class:`Browser`.  Never raises for want of a network."""
    try:
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    except OSError as e:
        log.warning("discovery: no socket (%s)", e)
        return []
    with sock:
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        except OSError:
            pass                    # then only the targets are asked
        _send_probes(sock, targets or [], port)
        found = _collect(sock, timeout, port)
    return sorted(found.values(), key=lambda f: (f.name.casefold(), f.code, f.address, f.port))


class Browser:
    """:func:`browse` on a daemon thread: the frame starts it and reads ``done`` and ``results``
    (empty until done) each frame, never waiting."""

    def __init__(self, timeout: float = 1.0, targets: list[str] | None = None, port: int = DISCOVERY_PORT) -> None:
        self.timeout, self.targets, self.port = timeout, list(targets or []), port
        self.results: list[Found] = []
        self._done = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> Browser:
        self._thread = threading.Thread(target=self._run, name="knjazja-browser", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        try:
            self.results = browse(self.timeout, self.targets, self.port)
        except Exception:
            log.exception("discovery: browsing failed")
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Tests only: block until done (True) or the timeout (False)."""
        return self._done.wait(timeout)


# --- this computer's addresses -----------------------------------------------------------------
def _routed_address() -> list[str]:
    """The address the default route would use: a UDP connect sends nothing."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.254.254.254", 1))
            return [s.getsockname()[0]]
    except OSError:
        return []


def _named_addresses() -> list[str]:
    """The addresses this computer's name resolves to (may wait on a slow resolver)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except (OSError, UnicodeError):
        return []
    return [str(info[4][0]) for info in infos]


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses a friend on the LAN could type: the routed one first,
    loopback only when there is nothing else.  Never raises."""
    seen: list[str] = []
    for a in _routed_address() + _named_addresses():
        try:
            ip = ipaddress.IPv4Address(a)
        except ValueError:
            continue
        if not ip.is_unspecified and a not in seen:
            seen.append(a)
    outside = [a for a in seen if not ipaddress.IPv4Address(a).is_loopback]
    return outside or seen or ["127.0.0.1"]
