"""Open every screen of ``drawn_scenes`` at one size and language, capture what it draws and
check it (``drawcheck``); the drawing check's test and the contact sheet both walk this.

``quick_thinking`` makes the Hint and the review think briefly in a thread (as the monkey
test does) so a screen that waits for them opens fast and the same every run.
"""
from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pygame

import drawcheck
from drawn_scenes import SCENES, World, furnish_data_folder

SIZES = [(960, 540), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440)]
LANGS = ["ru", "en"]
TINY = 1


@dataclass
class Seen:
    name: str
    top: str
    violations: list[drawcheck.Violation]
    elements: int
    shot: Path | None = None
    inks: list = field(default_factory=list)
    seconds: float = 0.0


@contextlib.contextmanager
def quick_thinking(easy_bots: bool = True) -> Iterator[None]:
    """Hints and the review's analysis think with a tiny search in a thread; bots are Easy
    (unless ``easy_bots`` is False: then each plays its level)."""
    from knjazja.app import session
    from knjazja.app.advice import analysis
    from knjazja.app.table import hints
    from knjazja.bots import make_bot
    from knjazja.bots.advisor import HintAdvisor
    from knjazja.bots.thinker import Thinker
    from knjazja.ui.scenes import review
    saved = [(session, "make_bot", session.make_bot), (hints, "HintAdvisor", hints.HintAdvisor),
             (hints, "Thinker", hints.Thinker), (review, "Analysis", review.Analysis)]
    if easy_bots:
        session.make_bot = lambda kind: make_bot("easy")
    hints.HintAdvisor = lambda: HintAdvisor(budget=TINY)
    hints.Thinker = lambda bot, use_process=None: Thinker(bot, use_process=False)
    review.Analysis = lambda states, points, worlds, use_process, lost=None, **given: analysis.Analysis(
        states, points, TINY, use_process=False, lost=lost, playouts=2, **given)
    prefetch_was = os.environ.get("KNJAZJA_PREFETCH")
    os.environ["KNJAZJA_PREFETCH"] = "0"         # (in this process only while it lasts)
    try:
        yield
    finally:
        for module, name, value in saved:
            setattr(module, name, value)
        if prefetch_was is None:
            os.environ.pop("KNJAZJA_PREFETCH", None)
        else:
            os.environ["KNJAZJA_PREFETCH"] = prefetch_was


def new_window(size: tuple[int, int], lang: str):
    from knjazja.app.store.settings import Settings
    from knjazja.ui.app import App
    from knjazja.ui.main import GameFlow
    settings = Settings()
    settings.window_size, settings.language = size, lang
    app = App(settings, persist=False)
    app._sweep_garbage = lambda: None       # (a full collection a screen: memory, not drawing)
    flow = GameFlow(app, sync_bots=True)
    app.stack.push(flow.menu)
    app.step([])
    return app, flow


def sweep(size: tuple[int, int], lang: str, names: list[str] | None = None,
          shots: Path | None = None) -> list[Seen]:
    """Each screen at ``size`` in ``lang``: what it drew and what the check says of it.
    The recorder must be on (``drawn.start()``) and the data folder a fresh one."""
    from knjazja.ui import drawn
    furnish_data_folder()
    app, flow = new_window(size, lang)
    out = []
    import time
    try:
        for name in names or list(SCENES):
            t0 = time.perf_counter()
            app.stack.pop_to(flow.menu)
            flow.menu.refresh()
            app.settings.animation_speed = 1.0
            app.step([])
            world = World(app, flow)
            expected = SCENES[name](world)
            app.step([])
            top = type(app.stack.top).__name__
            inks = drawn.capture(app)
            for undo in world.undo:
                undo()
            shot = None
            if shots is not None:
                shot = shots / f"{name}-{size[0]}x{size[1]}-{lang}.png"
                pygame.image.save(app.screen, str(shot))
            seen = Seen(name, top, drawcheck.check(inks, size), len(inks), shot, inks)
            assert top == expected, f"{name}: {top} on top, not {expected}"
            seen.seconds = time.perf_counter() - t0
            out.append(seen)
    finally:
        app.stack.clear()
    return out
