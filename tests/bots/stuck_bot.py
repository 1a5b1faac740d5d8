"""A bot that never answers inside a worker process (so a test can kill it mid-thought) and
answers at once anywhere else (the thread the Thinker falls back to)."""
from __future__ import annotations

import multiprocessing
import threading
from pathlib import Path


class StuckInWorkerBot:
    name = "hard"
    needs_process = True     # the Thinker sends it to a worker process, as Hard

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def choose(self, obs, legal, rng):
        if multiprocessing.parent_process() is not None:   # in the worker
            Path(self.marker).write_text("thinking", encoding="utf-8")
            threading.Event().wait()                        # until killed
        return legal[-1]
