"""The autosave, written off the frame.

Every move autosaves; an atomic write with fsync can take tens of milliseconds (far more on
a busy disk), too long for a frame.  The session turns its state into text in the frame (the
text is a snapshot: the game may go on meanwhile) and hands it to one background thread:

* latest wins: a text still waiting for its file is replaced by a newer one, so a slow disk
  writes the newest game and skips the ones in between;
* one writer: a single thread writes every file it is given, so two writes never race on one
  file (and each write is ``files.write_atomic``: a crash mid-write keeps the previous file);
* nothing lost: ``flush()`` waits until everything handed over is on disk.  The app calls it
  before the saves are listed or loaded, before the autosave is removed, when the table
  closes and at quit;
* errors are reported, not swallowed: each text comes with a ``done(error)`` callback, called
  from the writer's thread with None or why the write failed (the session keeps it for the
  table to show, as it did when the write was in the frame).

No pygame.
"""
from __future__ import annotations

import atexit
import logging
import threading
from collections.abc import Callable
from pathlib import Path

from knjazja.app.store import files

log = logging.getLogger(__name__)

EXIT_FLUSH_SECONDS = 5.0      # at interpreter exit: long enough for a slow disk, never a hang
Done = Callable[[str | None], None]


class AutosaveWriter:
    """One background thread writing the newest text handed over for each file."""

    def __init__(self, write: Callable[[Path, str], None] | None = None) -> None:
        # looked up at each write when not given, so a test patching files.os sees it
        self._write = write
        self._cond = threading.Condition()
        self._pending: dict[Path, tuple[str, Done | None]] = {}
        self._busy = False                     # a write is under way outside the lock
        self._thread: threading.Thread | None = None
        self.written = 0                       # finished writes, failed ones included

    def submit(self, path: Path, text: str, done: Done | None = None) -> None:
        """Write ``text`` to ``path`` soon, then call ``done(None or the error)`` in the
        writer's thread; an older text still waiting for ``path`` is dropped with its
        ``done``."""
        with self._cond:
            self._pending[Path(path)] = (text, done)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything submitted is written (or failed); False if ``timeout``
        seconds passed first."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    wait_idle = flush

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._pending))
                path = next(iter(self._pending))
                text, done = self._pending.pop(path)
                self._busy = True
            error = self._write_one(path, text)
            try:
                if done is not None:
                    done(error)
            except Exception:          # the thread must live on, or flush() would wait forever
                log.exception("autosave: reporting the write of %s failed", path)
            with self._cond:
                self._busy = False
                self.written += 1
                self._cond.notify_all()

    def _write_one(self, path: Path, text: str) -> str | None:
        try:
            (self._write or files.write_atomic)(path, text)
            return None
        except OSError as exc:          # a full or locked disk: the last good file stays
            return str(exc)
        except Exception as exc:        # a bug: logged, and the writer lives on (flush returns)
            log.exception("autosave of %s failed", path)
            return f"{type(exc).__name__}: {exc}"


_shared = AutosaveWriter()


def shared() -> AutosaveWriter:
    """The writer the game's sessions use."""
    return _shared


def flush(timeout: float | None = None) -> bool:
    """Wait for the shared writer (see ``AutosaveWriter.flush``)."""
    return _shared.flush(timeout)


# A script or a test that ends right after a move still gets its autosave on disk.
atexit.register(flush, EXIT_FLUSH_SECONDS)
