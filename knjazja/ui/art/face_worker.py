"""The card-face worker process's side (``prefetch`` is the UI's): render the faces of the
latest plan, most-needed first, and keep the process small.

It imports pygame and the card drawing (``ui.art.card``) only: no widgets, no bots, no
table.  Past ``WORKER_MB`` it forgets what the drawing keeps between faces (``_keep_small``).
"""
from __future__ import annotations

import os
import sys
from collections import deque

Key = tuple[str, str, tuple[int, int]]      # (card id, language, (width, height))

WORKER_NICE = 5         # the worker yields the CPU to the frame loop and the bots
WORKER_MB = 34.0        # past this (PSS where the OS tells it) the worker forgets its drawing caches
TRIM_EVERY = 6          # faces between two looks at the worker's size (and at the end of each plan)
# A zoomed face (``card_parts.ZOOM_MIN_WIDTH`` wide or wider: text, and parts drawn big) needs
# ~12 MB more while it is drawn: the worker forgets its drawing caches before it past
# BEFORE_BIG_MB, so that the peak is ~WORKER_MB, and looks at its size after it.  Its caches
# rise ~1 MB a face otherwise; looking every 6 faces (~0.1 ms to read) keeps it under
# WORKER_MB + a few MB.
BEFORE_BIG_MB = 24.0


def worker_main(conn, nice: int = WORKER_NICE) -> None:
    """The worker: render the faces of the latest plan, one by one, most-needed first.

    Messages in: ("plan", [key, ...]) replaces what is still to do; ("stop",) or the pipe
    closing ends the process.  Messages out: ("hello", pid), then ("face", key, rgba bytes)
    or ("error", key, text) per face."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import signal
        signal.signal(signal.SIGINT, signal.SIG_IGN)    # Ctrl+C is the UI's to handle
    except (ImportError, OSError, ValueError):
        pass
    if nice:
        try:
            os.nice(nice)
        except (AttributeError, OSError):   # Windows; or not allowed
            pass
    try:
        import pygame

        from knjazja.ui import caches
        from knjazja.ui.art.card import render_card_uncached
        from knjazja.ui.art.card_parts import ZOOM_MIN_WIDTH
        caches.tune_malloc()                    # its faces are big allocations too
        pygame.font.init()
        conn.send(("hello", os.getpid()))
    except (EOFError, OSError):
        return
    todo: deque[Key] = deque()
    made = 0
    try:
        while True:
            wait = None if not todo else 0      # idle: sleep until the next plan
            while conn.poll(wait):
                msg = conn.recv()
                if not msg or msg[0] == "stop":
                    return
                if msg[0] == "modules":         # what this process imported (benches, tests)
                    conn.send(("modules", sorted(sys.modules)))
                elif msg[0] == "plan":
                    todo = deque(msg[1])
                wait = 0
            if not todo:
                continue
            key = todo.popleft()
            card_id, lang, (w, h) = key
            if w >= ZOOM_MIN_WIDTH:
                _keep_small(BEFORE_BIG_MB)
            try:
                data = pygame.image.tobytes(render_card_uncached(card_id, lang, (w, h)), "RGBA")
            except Exception as exc:            # a bad key must not stop the others
                conn.send(("error", key, repr(exc)))
                continue
            conn.send(("face", key, data))
            made += 1
            if not todo or made % TRIM_EVERY == 0 or w >= ZOOM_MIN_WIDTH:
                _keep_small()
    except (EOFError, OSError, KeyboardInterrupt):   # the UI went away
        return


def _keep_small(limit_mb: float | None = None) -> None:
    """In the worker: past ``limit_mb`` (``WORKER_MB`` unless told; or where its size cannot be
    read), forget what the drawing keeps (textures, fonts, masks: drawn again when needed) and
    hand the memory back."""
    import gc

    from knjazja.ui import caches
    from knjazja.ui.processes import memory_mb

    mb, _kind = memory_mb(os.getpid())
    if mb is None or mb > (WORKER_MB if limit_mb is None else limit_mb):
        caches.clear_all()
        gc.collect()
        caches.give_back_memory()
