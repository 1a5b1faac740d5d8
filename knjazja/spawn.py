"""Starting the game's worker processes (the card faces, the bots' searches) without a third.

    ctx = context()                         # multiprocessing's "spawn" context
    conn, child = ctx.Pipe(duplex=True)
    proc = start(ctx.Process(target=main, args=(child,), daemon=True))

On POSIX, every process multiprocessing spawns first starts its *resource tracker*, one more
Python interpreter (~8 MB) that stays until the game ends, only to unlink named semaphores
and shared memory a crashed child might leave behind.  Our workers talk over a pipe
(a socket pair) and create neither, so there is nothing for it to track: ``start`` hands the
child a descriptor on the null device where the tracker's would be, and no tracker is
started.  Were a worker ever to make a semaphore, its registration would be written to the
null device and the name left to the OS at reboot — the worst case, and not ours today.

Elsewhere (Windows has no resource tracker) ``start`` is ``process.start()``.
"""
from __future__ import annotations

import os
import sys
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from multiprocessing.context import SpawnContext
    from multiprocessing.process import BaseProcess

_LOCK = threading.Lock()      # one start at a time: the swap below is process-wide


def context() -> SpawnContext:
    """multiprocessing's "spawn" context: safe beside the UI's threads, and what a frozen
    build with ``freeze_support`` can start."""
    import multiprocessing
    return multiprocessing.get_context("spawn")


def start(process: BaseProcess) -> BaseProcess:
    """Start ``process`` (of ``context()``), on POSIX without a resource tracker."""
    if sys.platform == "win32":
        process.start()
        return process
    from multiprocessing import resource_tracker

    with _LOCK:
        null = os.open(os.devnull, os.O_WRONLY)
        real = resource_tracker.getfd
        resource_tracker.getfd = lambda: null
        try:
            process.start()
        finally:
            resource_tracker.getfd = real
            os.close(null)                          # the child has its own copy
    return process
