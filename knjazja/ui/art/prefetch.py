"""Card faces rendered ahead of need, in a worker process.

    pf = shared()                                   # the one prefetcher of this process
    pf.request([("city.kiev", "ru", (90, 126)), ...])   # most-needed first; replaces the last list
    for (card_id, lang, size), data in pf.take(4):  # each frame: faces that arrived
        face = pygame.image.frombuffer(data, size, "RGBA").convert_alpha()
    shutdown_shared()                               # at exit (App.shutdown)

A first-time ``render_card`` costs milliseconds (tens of them when the bots think beside
it), which is a dropped frame whenever a card first flies or lands somewhere.  The worker
renders the faces a table will need before they are needed and sends them back as raw
RGBA bytes; turning those into a surface is a fraction of a millisecond.  Faces are
pixel-identical to ``render_card`` in this process: the same code draws them, from the
same fonts and seeds.

The worker is one long-lived process (multiprocessing "spawn" context, so it is safe beside
the UI's threads and works in a frozen build that calls ``multiprocessing.freeze_support()``),
started on the first request, shared by every table and run at a lower priority than the
UI; it ends when the table that asked closes (``rest``) or when it had nothing to do for
``IDLE_SECONDS``, and the next request starts a new one.  A thread of this process reads
its answers as they come, so the frame loop never waits on the pipe.  If the worker cannot
start (no multiprocessing, a frozen build without ``freeze_support``, ``KNJAZJA_PREFETCH=0``)
or dies, ``request`` returns False and callers render faces themselves as before.

As with any "spawn" worker, a script (not ``python -m knjazja``) that opens a table must
keep its top level under ``if __name__ == "__main__":``: the worker imports the main module
while it starts.
"""
from __future__ import annotations

import atexit
import importlib
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING

from knjazja import spawn
from knjazja.ui.art.face_worker import WORKER_NICE, Key
from knjazja.ui.art.face_worker import worker_main as _worker_main

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

log = logging.getLogger(__name__)

HELLO_TIMEOUT = 30.0    # seconds a new worker may take to report in before it is given up
IDLE_SECONDS = 45.0     # a worker with nothing to do this long ends (the next request starts one)
MAX_STARTS = 3          # a worker that keeps dying is not restarted for ever

__all__ = ["FacePrefetcher", "shared", "shutdown_shared", "Key"]


# ----------------------------------------------------------------------- the UI side
class _Worker:
    """One worker process, its pipe and the thread that starts it and then reads the pipe
    (starting a process takes tens of milliseconds: not in a frame)."""

    def __init__(self) -> None:
        self.conn: Connection | None = None
        self.proc: BaseProcess | None = None
        self.inbox: deque = deque()         # filled by the reader thread
        self.wanted: frozenset | None = None  # faces of the latest plan (None: any); others are dropped
        self.waiting: set = set()           # keys of the faces in the inbox (each at most once)
        self.hello = False
        self.modules: list[str] | None = None   # the worker's sys.modules, once asked
        self.modules_told = threading.Event()
        self.error: BaseException | None = None
        self.started = threading.Event()    # the process was started (or could not be)
        self.started_at = time.monotonic()
        self.busy_at = self.started_at      # when it was last sent work or last answered
        self.resting = False                # asked to end for want of work: not a death
        self.idle_seconds = IDLE_SECONDS
        self._lock = threading.Lock()
        self._unsent = None                 # the latest message posted before the pipe existed
        self.reader = threading.Thread(target=self._run, name="knjazja-faces", daemon=True)
        self.reader.start()

    def _run(self) -> None:
        conn = child = None
        try:
            ctx = spawn.context()
            conn, child = ctx.Pipe(duplex=True)
            proc = spawn.start(ctx.Process(target=_worker_main, args=(child, WORKER_NICE),
                                           name="knjazja-faces", daemon=True))
            with self._lock:
                stopped = self.error is not None    # stop() gave up waiting for the start
                if not stopped:
                    self.conn, self.proc = conn, proc
                    if self._unsent is not None:
                        conn.send(self._unsent)
                        self._unsent = None
            if stopped:
                conn.close()                        # EOF: the worker ends
                proc.join(5)
                return
        except BaseException as exc:            # no multiprocessing, no processes allowed, ...
            self.error = exc
            log.info("face prefetcher unavailable (%r): faces are rendered in the UI", exc)
            if conn is not None and self.conn is None:
                conn.close()
            return
        finally:
            if child is not None:
                child.close()
            self.started.set()
        self._read()

    def send(self, msg) -> None:
        """Send ``msg`` to the worker (kept until the pipe exists, if it does not yet)."""
        with self._lock:
            if self.resting:
                raise OSError("the worker is ending (it had nothing to do)")
            self.busy_at = time.monotonic()
            if self.conn is None:
                if self.error is not None:
                    raise OSError("the worker did not start")
                self._unsent = msg
                return
        self.conn.send(msg)

    def _read(self) -> None:
        """Move every message of the worker into the inbox as it comes; end the worker once
        it had nothing to do for ``idle_seconds``."""
        conn = self.conn
        assert conn is not None, "_run() opened the pipe"
        try:
            while True:
                if not conn.poll(min(self.idle_seconds, 5.0)):
                    self.rest_if_idle()
                    continue
                msg = conn.recv()
                self.busy_at = time.monotonic()
                if msg[0] == "hello":
                    self.hello = True
                elif msg[0] == "modules":
                    self.modules = msg[1]
                    self.modules_told.set()
                elif msg[0] != "face":
                    self.inbox.append(msg)
                elif (self.wanted is None or msg[1] in self.wanted) and msg[1] not in self.waiting:
                    self.waiting.add(msg[1])    # (a face of a replaced plan, or again, is not kept)
                    self.inbox.append(msg)
        except (EOFError, OSError, TypeError, ValueError):
            pass                                # the worker ended (or the pipe was closed)

    def rest_if_idle(self, now: float | None = None) -> bool:
        """Ask the worker to end if it had nothing to do for ``idle_seconds`` and nothing it
        sent waits (True when it was asked); a later request starts a new one."""
        now = time.monotonic() if now is None else now
        with self._lock:
            if self.resting or self.inbox or self.conn is None or now - self.busy_at < self.idle_seconds:
                return self.resting
            self.resting = True
            try:
                self.conn.send(("stop",))
            except (OSError, ValueError):
                pass
            return True

    def alive(self) -> bool:
        """Still able to deliver: starting, or running with its pipe open, or faces wait."""
        if self.inbox:
            return True
        if not self.started.is_set():
            return True
        return (self.error is None and self.reader.is_alive()       # (no error: _run() started proc)
                and self.proc is not None and self.proc.is_alive())

    def stop(self, timeout: float = 2.0) -> None:
        """Ask the worker to end, make sure it did and reap it (no zombie is left)."""
        self.started.wait(timeout)
        with self._lock:
            proc, conn = self.proc, self.conn
            self.error = self.error or OSError("stopped")   # a late start gives up at once
        try:
            if proc is not None and conn is not None and proc.is_alive():     # (set together)
                try:
                    conn.send(("stop",))
                except (OSError, ValueError):
                    pass
                proc.join(timeout)
                if proc.is_alive():
                    proc.terminate()
                    proc.join(timeout)
                if proc.is_alive():
                    proc.kill()
                    proc.join(timeout)
        except Exception:                       # never let shutting down fail
            log.exception("face prefetcher: stopping the worker failed")
        finally:
            self.reader.join(timeout)           # the worker's end is closed: EOF ends the reader
            if conn is not None:
                conn.close()
            self.inbox.clear()
            self.waiting.clear()
            if proc is not None and proc.exitcode is not None:
                proc.close()


class FacePrefetcher:
    """The UI's handle on the worker (see the module doc).  Use it from the frame loop only."""

    def __init__(self) -> None:
        self._worker: _Worker | None = None
        self._disabled = False              # given up for good: faces are rendered in the UI
        self._starts = 0
        self._owner: object = None          # who asked for the current plan
        self._wanted: set[Key] = set()      # the current plan: faces of older plans are dropped
        self._ending: list[threading.Thread] = []   # stopping workers that ended for want of work

    # -- state -----------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """A worker is up (or starting): asked-for faces will arrive."""
        self._check()
        return self._worker is not None

    @property
    def available(self) -> bool:
        """Faces asked for will be rendered by a worker: one runs, or one will start on
        the next request (not given up for good)."""
        return self.running or not (self._disabled or self._starts >= MAX_STARTS
                                    or os.environ.get("KNJAZJA_PREFETCH", "1") == "0")

    @property
    def ready(self) -> bool:
        """The worker has started and reported in."""
        return self.running and self._worker is not None and self._worker.hello

    @property
    def pid(self) -> int | None:
        """The worker's process id (None before it was started)."""
        w = self._worker
        return w.proc.pid if w is not None and w.proc is not None else None

    def _check(self) -> None:
        """Notice a worker that died or never reported in."""
        w = self._worker
        if w is None:
            return
        if w.resting:                           # it ended for want of work: not a failure
            self._worker = None
            self._starts = 0
            ending = threading.Thread(target=w.stop, name="knjazja-faces-end", daemon=True)
            ending.start()
            self._ending = [t for t in self._ending if t.is_alive()] + [ending]
            return
        if not w.hello and time.monotonic() - w.started_at > HELLO_TIMEOUT:
            log.warning("face prefetcher: the worker did not start; faces are rendered in the UI")
            self._disabled = True
        elif w.alive():
            return
        elif not w.hello:
            log.info("face prefetcher: the worker could not start; faces are rendered in the UI")
            self._disabled = True               # it cannot start here: do not try again
        else:
            log.warning("face prefetcher: the worker died")
        self._worker = None
        w.stop(0.5)

    # -- starting and stopping ---------------------------------------------------------------
    def start(self) -> bool:
        """Start the worker unless it runs; False if it cannot (then callers render faces)."""
        if self.running:
            return True
        if self._disabled or os.environ.get("KNJAZJA_PREFETCH", "1") == "0":
            return False
        if self._starts >= MAX_STARTS:          # it keeps dying
            self._disabled = True
            return False
        self._starts += 1
        try:
            _register_atexit()
            self._worker = _Worker()
        except Exception as exc:                # no multiprocessing, no threads, ...
            log.info("face prefetcher unavailable (%r): faces are rendered in the UI", exc)
            self._disabled = True
            return False
        return True

    def rest(self) -> None:
        """End the worker now unless someone's plan is under way (the table closed and
        cancelled its own), without waiting for it; a later request starts a new one."""
        w = self._worker
        if w is not None and self._owner is None and w.rest_if_idle(now=w.busy_at + w.idle_seconds):
            self._check()

    def shutdown(self, timeout: float = 2.0) -> None:
        """Stop the worker and wait for it (no zombie is left); a later request starts a new one."""
        w, self._worker = self._worker, None
        self._owner = None
        self._wanted = set()
        self._starts = 0
        if w is not None:
            w.stop(timeout)
        for ending in self._ending:             # (a rested worker is reaped too)
            ending.join(timeout)
        self._ending = []

    def worker_modules(self, timeout: float = 10.0) -> list[str] | None:
        """The names of the modules the running worker has imported (None without one)."""
        w = self._worker
        if w is None or not self.running:
            return None
        w.modules_told.clear()
        try:
            w.send(("modules",))
        except (OSError, ValueError):
            return None
        return w.modules if w.modules_told.wait(timeout) else None

    # -- work ------------------------------------------------------------------------------
    def request(self, keys: Iterable[Key], owner: object = None) -> bool:
        """Render ``keys`` (most-needed first) instead of what was asked for before.

        ``owner`` (any object) may later ``cancel`` it.  Returns False when there is no
        worker: render the faces yourself."""
        plan = [(str(c), str(lang), (int(size[0]), int(size[1]))) for c, lang, size in keys]
        if not self.start():
            return False
        worker = self._worker
        assert worker is not None, "start() made it"
        waiting = worker.waiting
        try:                                    # (faces that arrived and wait are not made again)
            worker.send(("plan", [k for k in plan if k not in waiting]))
        except (OSError, ValueError):           # the worker is gone
            self._check()
            return False
        self._owner = owner
        self._wanted = set(plan)
        worker.wanted = frozenset(self._wanted)
        self._drop_unwanted()
        return True

    def _drop_unwanted(self) -> None:
        """Forget faces that arrived for an older plan (a size the window no longer has):
        kept, they would pile up with every resize and nobody would take them."""
        w = self._worker
        if w is None:
            return
        inbox = w.inbox
        for _ in range(len(inbox)):             # the reader thread may append meanwhile
            msg = inbox.popleft()
            if msg[0] != "face" or msg[1] in self._wanted:
                inbox.append(msg)
            else:
                w.waiting.discard(msg[1])

    @property
    def waiting(self) -> int:
        """Faces (and errors) that arrived and were not taken yet."""
        return len(self._worker.inbox) if self._worker is not None else 0

    def cancel(self, owner: object = None) -> None:
        """Forget what ``owner`` asked for (unless someone asked since); faces already under
        way are still delivered."""
        if self._worker is not None and self._owner is owner:
            try:
                self._worker.send(("plan", []))
            except (OSError, ValueError):
                pass
            self._owner = None
            self._wanted = set()
            self._worker.wanted = frozenset()
            self._drop_unwanted()

    def take(self, limit: int = 8) -> list[tuple[Key, bytes]]:
        """Up to ``limit`` faces that arrived, as (key, RGBA bytes), oldest first; never blocks."""
        w = self._worker
        if w is None:
            return []
        out: list[tuple[Key, bytes]] = []
        while w.inbox and len(out) < limit:
            msg = w.inbox.popleft()
            if msg[0] == "face":
                w.waiting.discard(msg[1])
                if msg[1] in self._wanted:      # else: asked for by a plan since replaced
                    out.append((msg[1], msg[2]))
            elif msg[0] == "error":
                log.warning("face prefetcher: %s failed: %s", msg[1], msg[2])
        if not out:
            self._check()
        return out

    def take_key(self, key: Key) -> bytes | None:
        """The RGBA bytes of face ``key`` if it arrived and was not taken yet, else None."""
        w = self._worker
        if w is None:
            return None
        inbox = w.inbox
        for i, msg in enumerate(list(inbox)):   # a snapshot: the reader thread only appends
            if msg[0] == "face" and msg[1] == key:
                del inbox[i]                    # only this thread removes: i is still right
                w.waiting.discard(key)
                return msg[2]
        return None


# ----------------------------------------------------------------------- the shared one
_SHARED: FacePrefetcher | None = None
_ATEXIT = False


def shared() -> FacePrefetcher:
    """The prefetcher of this process (its worker starts on the first request)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = FacePrefetcher()
    return _SHARED


def shutdown_shared() -> None:
    """Stop the shared worker if one runs (App.shutdown, atexit)."""
    if _SHARED is not None:
        _SHARED.shutdown()


def _register_atexit() -> None:
    """Stop the worker at exit, before multiprocessing's own exit handler (registered when
    multiprocessing.util is imported; atexit runs the last registered first), which would
    wait without a timeout for a worker that ignored SIGTERM."""
    global _ATEXIT
    if not _ATEXIT:
        importlib.import_module("multiprocessing.util")     # registers its handler (once)
        _ATEXIT = True
        atexit.register(shutdown_shared)
