"""Deciding off the UI thread.

    t = Thinker(bot)
    t.start(obs, legal, rng)      # returns at once
    ...                           # each frame:
    action = t.poll()             # None until the bot has decided
    t.cancel()                    # forget the decision (undo, quit, new game)

Thread mode (default for Random/Easy/Normal) runs `bot.choose` in a daemon thread.
Process mode (default for a bot with `needs_process = True`: Hard, the Hint's advisor,
the review's end cost — a search that would otherwise hold the interpreter lock
for its whole budget and starve the frame loop) runs it in a worker process that is
kept alive between decisions and shared by all Thinkers (one process decision at a
time); `cancel` during a decision stops that worker (a new one starts on the next
`start`).  The worker starts with the first decision that needs it and ends when it had
none to make for `IDLE_SECONDS`, or when a table closes (`release_worker`).  Workers are
spawned, so a script using process mode needs the usual
``if __name__ == "__main__"`` guard, and a frozen build needs
``multiprocessing.freeze_support()`` plus ``knjazja.frozen.WORKERS_OK = True`` (build/packaging/entry.py
sets both; otherwise a frozen build stays in thread mode).

When a worker cannot start (no multiprocessing, an antivirus blocking the executable) or
dies mid-thought (killed), the same decision is made again in a thread, with the same
seed, so the caller sees no difference; the fallback is logged once and the rest of the
session thinks in threads (`fallback_reason()` says why).  Callers need no change.

The bot gets a fresh `random.Random` seeded from one draw of the caller's `rng`, so the
caller's generator advances by the same step in both modes and the decision is the
same in both.
"""
from __future__ import annotations

import logging
import os
import pickle
import random
import sys
import threading
import time
from typing import Optional, cast

from knjazja import frozen, spawn
from knjazja.engine import Action, Observation


log = logging.getLogger(__name__)

# A worker with no decision to make for this long ends (the next decision starts one).
IDLE_SECONDS = 60.0

# What made process mode fall back to threads, once it has (None: processes work).
_FALLBACK_REASON: Optional[str] = None
# A worker that cannot start or is lost raises one of these in the parent.
_WORKER_FAILURES = (OSError, EOFError, RuntimeError, pickle.PicklingError)


def fallback_reason() -> Optional[str]:
    """Why decisions run in threads instead of a worker process, or None while they don't."""
    return _FALLBACK_REASON


def _fall_back(reason: str) -> None:
    global _FALLBACK_REASON
    if _FALLBACK_REASON is None:
        _FALLBACK_REASON = reason
        log.warning("bot worker process %s; bots think in a thread from now on", reason)


def reset_fallback() -> None:
    """Try worker processes again (tests; a new session may)."""
    global _FALLBACK_REASON
    _FALLBACK_REASON = None


def _decide(bot, obs, legal, seed) -> Action:
    return bot.choose(obs, legal, random.Random(seed))


# --- thread mode -----------------------------------------------------------------------
class _ThreadJob:
    def __init__(self, bot, obs, legal, seed) -> None:
        self.result: Optional[Action] = None
        self.error: Optional[BaseException] = None
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(bot, obs, legal, seed),
                                       name=f"bot-{getattr(bot, 'name', '?')}", daemon=True)
        self.thread.start()

    def _run(self, bot, obs, legal, seed) -> None:
        try:
            self.result = _decide(bot, obs, legal, seed)
        except BaseException as e:          # reported by poll()
            self.error = e
        finally:
            self.done.set()

    def ready(self) -> bool:
        return self.done.is_set()

    def wait(self, timeout) -> bool:
        return self.done.wait(timeout)

    def stop(self) -> None:
        pass                                # the thread finishes on its own; result ignored


# --- process mode ----------------------------------------------------------------------
def _worker_main(conn) -> None:
    while True:
        try:
            msg = conn.recv()
        except EOFError:
            return
        if msg is None:
            return
        if msg[0] == "modules":                 # what this process imported (benches, tests)
            conn.send((0, sorted(sys.modules), None, os.getpid()))
            continue
        job_id, bot, obs, legal, seed = msg
        try:
            conn.send((job_id, _decide(bot, obs, legal, seed), None, os.getpid()))
        except BaseException as e:
            conn.send((job_id, None, repr(e), os.getpid()))


class _Worker:
    """One long-lived decision process (spawned, so safe beside the UI's threads)."""

    def __init__(self) -> None:
        ctx = spawn.context()
        self.conn, child = ctx.Pipe()
        self.proc = spawn.start(ctx.Process(target=_worker_main, args=(child,), name="knjazja-bot",
                                            daemon=True))
        child.close()
        self.busy_with: Optional[int] = None
        self.idle_since = time.monotonic()
        self.ended = threading.Event()
        threading.Thread(target=self._watch, name="knjazja-bot-idle", daemon=True).start()

    def _watch(self) -> None:
        """End this worker once it had nothing to do for ``IDLE_SECONDS``."""
        while not self.ended.wait(min(IDLE_SECONDS, 5.0)):
            end_if_idle()

    def alive(self) -> bool:
        return self.proc.is_alive()

    def kill(self) -> None:
        self.ended.set()
        try:
            self.proc.terminate()
            self.proc.join(5)
        finally:
            self.conn.close()


_WORKER: Optional[_Worker] = None
_WORKER_LOCK = threading.RLock()
_job_counter = 0


def _get_worker() -> _Worker:
    global _WORKER
    with _WORKER_LOCK:
        if _WORKER is None or not _WORKER.alive():
            _WORKER = _Worker()
        return _WORKER


def end_if_idle(idle_for: float | None = None) -> bool:
    """End the shared decision process if it has had no decision to make for ``idle_for``
    seconds (default ``IDLE_SECONDS``; 0: now, unless it is deciding).  True if it ended.
    The next decision in process mode starts a new one."""
    global _WORKER
    idle_for = IDLE_SECONDS if idle_for is None else idle_for
    with _WORKER_LOCK:
        w = _WORKER
        if w is None or w.busy_with is not None or time.monotonic() - w.idle_since < idle_for:
            return False
        _WORKER = None
        w.kill()
        return True


def release_worker() -> bool:
    """A table closed: end the decision process unless it is deciding (the review's or
    another table's next decision starts a new one)."""
    return end_if_idle(0.0)


def shutdown_worker() -> None:
    """Stop the shared decision process (at exit; also used by tests)."""
    global _WORKER
    with _WORKER_LOCK:
        if _WORKER is not None:
            _WORKER.kill()
            _WORKER = None


def worker_pid() -> Optional[int]:
    """The shared decision process's id while it runs, else None."""
    w = _WORKER
    return w.proc.pid if w is not None and w.alive() else None


def worker_modules(timeout: float = 10.0) -> Optional[list[str]]:
    """The names of the modules the shared decision process has imported (None when there
    is none, or it is deciding)."""
    with _WORKER_LOCK:
        w = _WORKER
        if w is None or w.busy_with is not None or not w.alive():
            return None
        try:
            w.conn.send(("modules",))
            if w.conn.poll(timeout):
                job_id, names, _err, _pid = w.conn.recv()
                return names if job_id == 0 else None
        except (EOFError, OSError):
            pass
        return None


class _ProcessJob:
    """A decision in the shared worker process; made again in a thread if the worker cannot
    start or dies before answering."""

    def __init__(self, bot, obs, legal, seed) -> None:
        global _job_counter
        _job_counter += 1
        self.id = _job_counter
        self.args = (bot, obs, legal, seed)
        self.result: Optional[Action] = None
        self.error: Optional[BaseException] = None
        self.pid: Optional[int] = None          # the worker process that answered
        self._done = False
        self._thread: Optional[_ThreadJob] = None
        self.worker: Optional[_Worker] = None
        try:
            with _WORKER_LOCK:              # (claimed at once: an idle worker is not ended meanwhile)
                self.worker = _get_worker()
                if self.worker.busy_with is not None:
                    # a cancelled job may still be running there: start afresh
                    shutdown_worker()
                    self.worker = _get_worker()
                self.worker.busy_with = self.id
            self.worker.conn.send((self.id, bot, obs, legal, seed))
        except _WORKER_FAILURES as e:
            self._in_thread(f"could not start ({e!r})")

    @property
    def in_thread(self) -> bool:
        return self._thread is not None

    def _in_thread(self, reason: str) -> None:
        _fall_back(reason)
        shutdown_worker()
        self._thread = _ThreadJob(*self.args)

    def _collect(self, timeout) -> bool:
        if self._thread is not None:
            if not self._thread.wait(timeout):
                return False
            self.result, self.error = self._thread.result, self._thread.error
            return True
        if self._done:
            return True
        worker = cast(_Worker, self.worker)     # set whenever no thread took the decision over
        conn = worker.conn
        try:
            while conn.poll(timeout):
                job_id, action, err, pid = conn.recv()
                if job_id == self.id:
                    worker.busy_with = None
                    worker.idle_since = time.monotonic()
                    self.result, self.pid = action, pid
                    self.error = RuntimeError(err) if err else None
                    self._done = True
                    return True
        except (EOFError, OSError) as e:        # the worker died (killed, crashed)
            self._in_thread(f"died ({e!r})")
            return self._collect(timeout)
        return False

    def ready(self) -> bool:
        return self._collect(0)

    def wait(self, timeout) -> bool:
        return self._collect(timeout)

    def stop(self) -> None:
        if not self._done and self._thread is None:
            shutdown_worker()
        self._done = True


class Thinker:
    """Runs one bot decision at a time in the background."""

    def __init__(self, bot, use_process: bool | None = None) -> None:
        self.bot = bot
        if use_process is None:
            # A frozen (PyInstaller) build can only spawn workers if its entry point calls
            # multiprocessing.freeze_support(); without that, stay in a thread.
            # A bot says it needs a worker process (`needs_process`); its name does not matter.
            use_process = bool(getattr(bot, "needs_process", False)) and (
                not getattr(sys, "frozen", False) or frozen.WORKERS_OK)
        self.use_process = use_process
        self._job: _ThreadJob | _ProcessJob | _Done | None = None
        self._taken = True
        self.last_pid: Optional[int] = None     # the worker process of the last decision, if any

    def start(self, obs: Observation, legal: list[Action], rng: random.Random) -> None:
        """Begin deciding (cancels a decision still running)."""
        self.cancel()
        seed = rng.getrandbits(64)
        if len(legal) == 1:                    # nothing to think about
            self._job = _Done(legal[0])
        elif self.use_process and _FALLBACK_REASON is None:
            self._job = _ProcessJob(self.bot, obs, legal, seed)
        else:
            self._job = _ThreadJob(self.bot, obs, legal, seed)
        self._taken = False

    @property
    def busy(self) -> bool:
        """True while a decision is being computed."""
        return self._job is not None and not self._job.ready()

    def poll(self) -> Optional[Action]:
        """The decided action once (then None again until the next start), else None."""
        job = self._job
        if job is None or self._taken or not job.ready():
            return None
        self._taken = True
        self._job = None
        self.last_pid = getattr(job, "pid", None)
        if job.error is not None:
            raise job.error
        return job.result

    def wait(self, timeout: float | None = None) -> Optional[Action]:
        """Block until decided (for tests and headless use); then like poll()."""
        if self._job is not None:
            self._job.wait(timeout)
        return self.poll()

    def cancel(self) -> None:
        """Forget the current decision; a running process decision is stopped."""
        if self._job is not None:
            self._job.stop()
        self._job = None
        self._taken = True


class _Done:
    def __init__(self, action: Action) -> None:
        self.result, self.error = action, None

    def ready(self) -> bool:
        return True

    def wait(self, timeout) -> bool:
        return True

    def stop(self) -> None:
        pass


def check_worker(timeout: float = 120.0, keep: bool = False) -> tuple[int, float]:
    """Prove that Hard thinks in a worker process here (the self-test of a build).

    Starts a worker, has Hard decide one position there, and returns (worker pid, seconds).
    Raises RuntimeError when this build would keep Hard in a thread, or when the decision
    did not come back from a worker process.  ``keep``: the worker is left running (the
    caller asks it what it imported, then ends it)."""
    from knjazja.bots import make_bot
    from knjazja.engine import legal_actions, new_game, observation

    if not Thinker(make_bot("hard")).use_process:
        raise RuntimeError("Hard would think in a thread in this build (knjazja.frozen.WORKERS_OK unset)")
    state = new_game(4, 20240611)
    legal = legal_actions(state)
    thinker = Thinker(make_bot("hard", iterations=4), use_process=True)
    t0 = time.perf_counter()
    try:
        thinker.start(observation(state, state.decision.seat), legal, random.Random(1))
        action = thinker.wait(timeout)
    finally:
        thinker.cancel()
        if not keep:
            shutdown_worker()       # the check leaves no process behind
    seconds = time.perf_counter() - t0
    if action is None:
        raise RuntimeError(f"Hard's worker process gave no decision in {timeout:.0f} s")
    if thinker.last_pid is None or thinker.last_pid == os.getpid():
        raise RuntimeError(f"Hard's worker process {fallback_reason() or 'did not start'}")
    if action not in legal:
        raise RuntimeError(f"Hard's worker process answered an illegal action {action!r}")
    return thinker.last_pid, seconds
