"""The host over websockets, on asyncio.

Why websockets: it frames messages (no partial reads to reassemble), refuses a frame over
``max_size`` before reading it whole, keeps heartbeats itself (ping/pong, a silent peer is
dropped after ``ping_timeout``), is pure Python with optional C speed-ups and has wheels for
Windows, macOS and Linux; its asyncio API runs every connection in one thread, so the host's
tables are touched by one thread only and need no locks.

Each connection has a reader (this handler: one message at a time into ``Host.receive``)
and a writer task draining a bounded queue: a client too slow to take what it is sent is
dropped rather than let the host's memory grow.
"""
from __future__ import annotations

import asyncio
import logging
import signal
import sys
import threading
from collections.abc import Callable
from typing import TypeVar

from http import HTTPStatus

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from .host import Host
from .protocol import MAX_CLIENT_MESSAGE

log = logging.getLogger("knjazja.net")
T = TypeVar("T")
TICK_SECONDS = 1.0
BOT_POLL_SECONDS = 0.02


class NetServer:
    def __init__(self, host: Host, address: str = "127.0.0.1", port: int = 0) -> None:
        self.host, self.address, self.port = host, address, port
        self._server: Server | None = None
        self._ticker: asyncio.Task | None = None
        self._bots: asyncio.Task | None = None

    async def start(self) -> int:
        """Listen; returns the port (a free one when asked for port 0)."""
        limits = self.host.limits
        # frames up to twice the protocol's limit reach the host, which refuses them politely;
        # larger ones the library refuses itself by closing the connection (1009)
        self._server = await serve(self._handle, self.address, self.port, max_size=2 * MAX_CLIENT_MESSAGE,
                                   ping_interval=limits.ping_interval, ping_timeout=limits.ping_timeout,
                                   compression=None, max_queue=16, open_timeout=limits.join_timeout,
                                   process_request=self._admit, logger=logging.getLogger("knjazja.net.ws"))
        self.port = self._server.sockets[0].getsockname()[1]
        self._ticker = asyncio.create_task(self._tick())
        polled = self.host.background_bots or limits.bot_pause > 0
        self._bots = asyncio.create_task(self._poll_bots()) if polled else None
        log.info("listening on %s port %d", self.address, self.port)
        return self.port

    async def _tick(self) -> None:
        """The host's clock work (stand-in bots for absent players), once a second."""
        while True:
            await asyncio.sleep(TICK_SECONDS)
            self.host.tick()

    async def _poll_bots(self) -> None:
        """Background bots: their decisions applied as they come (a Thinker is polled, as the
        table's frame polls it); bots whose pause (``Limits.bot_pause``) is over start."""
        while True:
            await asyncio.sleep(BOT_POLL_SECONDS)
            self.host.poll_bots()

    async def stop(self) -> None:
        for task in (self._ticker, self._bots):
            if task is not None:
                task.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self.host.close()
        log.info("stopped")

    def _admit(self, ws: ServerConnection, request: Request) -> Response | None:
        """Before the handshake: an address over its limits is answered 503 and no more."""
        why = self.host.admit(_peer(ws))
        return ws.respond(HTTPStatus.SERVICE_UNAVAILABLE, why + "\n") if why else None

    async def _handle(self, ws: ServerConnection) -> None:
        queue: asyncio.Queue[str | None] = asyncio.Queue()
        closing: list[str] = []
        limit = self.host.limits.max_queue

        def send(text: str) -> None:
            if closing:
                return
            if queue.qsize() >= limit:
                close("too slow: its messages piled up")
                return
            queue.put_nowait(text)

        def close(why: str) -> None:
            if not closing:
                closing.append(why)
                queue.put_nowait(None)

        link = self.host.connect(send, close, _peer(ws))
        if link is None:
            await ws.close(1013, self.host.last_refusal or "the host is full")
            return
        writer = asyncio.create_task(self._write(ws, queue, closing))
        why = "closed"
        try:
            while not closing:
                wait = self.host.limits.join_timeout + 1 if link.table is None else None   # (the host's tick first)
                raw = await asyncio.wait_for(ws.recv(), wait)
                self.host.receive(link, raw)
        except TimeoutError:
            why = "took no seat in time"
        except ConnectionClosed as e:
            why = f"connection closed ({e.rcvd.code if e.rcvd else 'no close frame'})"
        finally:
            why = closing[0] if closing else why
            self.host.disconnect(link, why)
            close(why)
            await writer

    @staticmethod
    async def _write(ws: ServerConnection, queue: asyncio.Queue[str | None], closing: list[str]) -> None:
        """Send what is queued; at the end (the None the host's ``close`` puts last) close the
        connection, which also wakes the reader waiting on it."""
        try:
            while (text := await queue.get()) is not None:
                await ws.send(text)
        except ConnectionClosed:
            return
        await ws.close(1000, (closing[0] if closing else "closed")[:100])


def _peer(ws: ServerConnection) -> str:
    return "%s:%s" % tuple(ws.remote_address[:2]) if ws.remote_address else "?"


async def serve_until_stopped(server: NetServer, stop: asyncio.Event,
                              started: Callable[[int], None] | None = None) -> None:
    await server.start()
    if started is not None:
        started(server.port)
    try:
        await stop.wait()
    finally:
        await server.stop()


def run_until_signal(server: NetServer) -> None:
    """Serve until SIGINT or SIGTERM (Ctrl+C or Ctrl+Break on Windows), then stop cleanly:
    connections closed, every table's autosave on disk."""
    async def main() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, stop.set)
            except (NotImplementedError, RuntimeError):      # Windows: no loop signal handlers
                signal.signal(sig, lambda *_: loop.call_soon_threadsafe(stop.set))
        if sys.platform == "win32" and hasattr(signal, "SIGBREAK"):
            signal.signal(signal.SIGBREAK, lambda *_: loop.call_soon_threadsafe(stop.set))
        await serve_until_stopped(server, stop)
    asyncio.run(main())


class ServerThread:
    """A server on its own loop in a thread (tests, the benchmark, a GUI host later)."""

    def __init__(self, host: Host, address: str = "127.0.0.1", port: int = 0) -> None:
        self.server = NetServer(host, address, port)
        self.loop = asyncio.new_event_loop()
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._failed: OSError | None = None
        self._thread = threading.Thread(target=self._run, name="knjazja-host", daemon=True)

    def start(self, timeout: float = 10.0) -> int:
        """Listen; the port.  OSError at once when the address or port cannot be had."""
        self._thread.start()
        if not self._ready.wait(timeout):
            raise RuntimeError("the host did not start")
        if self._failed is not None:
            raise self._failed
        return self.server.port

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self._stop = asyncio.Event()
        try:
            self.loop.run_until_complete(serve_until_stopped(self.server, self._stop, lambda _: self._ready.set()))
        except OSError as e:          # the port is taken: the caller is told, not left waiting
            self._failed = e
            self._ready.set()
        finally:
            self.loop.close()

    def call(self, fn: Callable[[], T], timeout: float = 10.0) -> T:
        """Run ``fn`` on the host's thread (the tables are that thread's alone) and return its result."""
        async def run() -> T:
            return fn()
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout)

    def stop(self, timeout: float = 10.0) -> None:
        if self._stop is not None and self._thread.is_alive():
            try:
                self.loop.call_soon_threadsafe(self._stop.set)
            except RuntimeError:          # the loop has just closed (a start that failed): nothing to stop
                pass
        if self._thread.is_alive() or self._thread.ident is not None:
            self._thread.join(timeout)
