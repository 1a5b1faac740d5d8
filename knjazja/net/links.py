"""What the host keeps per connection and its limits: ``Limits`` (every number an operator
may set), a token ``Bucket`` per connection, and the ``Link`` — one connection as the host
sees it, with its peer's address (``ip``, the key of the per-address limits)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from knjazja.app.feed import FeedReader

if TYPE_CHECKING:
    from .table import Table


@dataclass
class Limits:
    max_tables: int = 500
    max_connections: int = 2000
    rate: float = 30.0              # messages per second a connection may send, on average
    burst: int = 90                 # ... and at once
    ip_rate: float | None = None    # messages a second one address may send over all its connections
    ip_burst: int | None = None     # ... and at once (None: twice a connection's)
    flood_disconnect: int = 500     # messages refused for flooding before the connection is closed
    max_queue: int = 1024           # messages waiting for a slow client before it is dropped
    join_timeout: float = 5.0       # seconds a connection may stay without a seat (the client joins at once)
    max_unjoined: int = 512         # connections without a seat at once (past it the oldest of the busiest
    max_unjoined_per_ip: int = 8    # address goes); ... from one address (past it a new one is refused)
    connect_rate: float = 2.0       # new connections an address may open a second, on average (the rest are
    connect_burst: int = 10         # refused before their handshake) ... and at once
    ping_interval: float = 20.0     # websocket heartbeats; a peer silent for ping_timeout is dropped
    ping_timeout: float = 20.0
    stand_in_after: float | None = 120.0   # seconds a table waits for an absent player's decision
    stand_in_kind: str = "normal"          # ... before this bot plays his seat (until he is back)
    move_limit: float | None = None        # seconds a connected player's decision may wait: then the bot too
    max_connections_per_ip: int = 16       # connections from one address at once
    max_new_tables_per_ip: int = 4         # tables one address opened with new codes, open at once
    bot_pause: float = 0.0                 # seconds a bot waits before answering a human's undoable move
    bot_floor: float = 0.0                 # a bot's move goes out no sooner than this after its decision came
    idle_table_after: float | None = 600.0  # seconds before an idle table opened by a new code is closed
    password_free_tries: int = 5           # wrong passwords from one address before the delays begin
    table_free_tries: int = 20             # ... at one table from every address together
    password_delay: float = 1.0            # the first delay, doubling with each wrong password after
    password_max_delay: float = 600.0      # ... at most, for one address
    table_max_delay: float = 60.0          # ... and for one table (its friends can still join soon)
    cost_rate: float = 64 * 1024           # bytes of whole logs (joins, resyncs) an address is sent a second
    cost_burst: float = 128 * 1024         # ... at once (a long game's log is about 25 KiB)
    total_cost_rate: float = 512 * 1024    # ... every address together (a resync beyond it is refused)
    total_cost_burst: float = 128 * 1024
    summary_every: float = 10.0            # seconds: refusals are logged as one counted line per address


class Bucket:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate, self.burst, self.level, self.at = rate, burst, float(burst), now

    def take(self, now: float) -> bool:
        self.level = min(self.burst, self.level + max(0.0, now - self.at) * self.rate)   # (a clock set back)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True


def peer_ip(peer: str) -> str:
    """``ip:port`` (IPv6 too, bracketed or not) -> the address without its port."""
    host = peer.rsplit(":", 1)[0] if ":" in peer else peer
    return host[1:-1] if host.startswith("[") and host.endswith("]") else host


class Link:
    """One connection as the host sees it."""

    def __init__(self, send: Callable[[str], None], close: Callable[[str], None], peer: str,
                 bucket: Bucket) -> None:
        self.send_text, self.close_with, self.peer, self.bucket = send, close, peer, bucket
        self.ip = peer_ip(peer)          # the key of the per-address limits
        self.table: Table | None = None
        self.seat = -1
        self.reader: FeedReader | None = None
        self.generation = 0
        self.last_action = -1            # the number of the last action accepted from it
        self.floods = 0
        self.closed = False
        self.since = bucket.at           # when it connected (the host's clock)
