"""`knjazja bench evening`: a scripted long evening at the table, and what memory it keeps.

A player's evening, sped up: bots-only games at 2–8 seats in both languages, the main menu,
the five lessons at several of their steps, the window dragged to a new size every ``resize_every``
frames (960×540 up to 1920×1080 and odd sizes between), full screen on and off.  It reports
the resident memory's peak and its size at the end, the largest and last resident size seen
between the games, each UI cache's entries and megabytes (``knjazja.ui.caches``) and the
frame times of the 1920×1080 8-seat stretch, and every process the game started (the main
one, the workers: ``ui.processes``) with their total, peak and at the end, and what each
worker imported.  One whole game with Hints and the review: `knjazja bench game`.

Data written on the way (lesson progress) goes to a temporary ``KNJAZJA_HOME``.
"""
from __future__ import annotations

import gc
import os
import sys
import time
from collections.abc import Callable

from knjazja.tools.bench_ui import peak_rss_mb, percentile, scratch_home

SIZES = [(1920, 1080), (960, 540), (1280, 720), (1600, 900), (1366, 768), (1024, 600),
         (1440, 900), (1111, 677), (1777, 999), (1536, 864)]


def current_rss_mb() -> float:
    """The resident size now (Linux: /proc; elsewhere the peak is all we know)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / (1024 * 1024)
    except (OSError, ValueError, AttributeError, IndexError):
        return peak_rss_mb()


class _Evening:
    def __init__(self, resize_every: int) -> None:
        from knjazja.app.store.settings import Settings
        from knjazja.ui.app import App
        from knjazja.ui.processes import ProcessMeter

        self.settings = Settings()
        self.settings.window_size = (1920, 1080)
        self.settings.animation_speed = 4.0
        self.app = App(self.settings, persist=False)
        self.resize_every = resize_every
        self.frames = self.resizes = self.fullscreens = self.games = self.lessons = 0
        self.rss: list[float] = []
        self.cache_peaks: dict[str, dict[str, float]] = {}
        self.peak_rss_seen = 0.0
        self.timed: list[float] = []          # ms, 1920×1080 with 8 seats, no resize in between
        self.meter = ProcessMeter()           # every process of the game: main, workers

    def step(self, n: int, *, resize: bool = True, timed: bool = False) -> None:
        for i in range(n):
            t0 = time.perf_counter()
            self.app.step([], 1 / 60)
            dt = time.perf_counter() - t0
            if timed:
                if i >= 30:
                    self.timed.append(dt * 1000)
                time.sleep(max(0.0, 1 / 60 - dt))     # a real 60 fps loop: the bots get their share
            self.frames += 1
            if self.frames % 100 == 0:
                self._note_caches()
            if resize and self.frames % self.resize_every == 0:
                self.app.resize(SIZES[self.resizes % len(SIZES)])
                self.resizes += 1
            top = self.app.stack.top
            session = getattr(top, "session", None)
            if session is not None and session.over and not getattr(top, "lesson", None):
                self.games += 1
                self.app.stack.clear()
                return

    def _note_caches(self) -> None:
        """The largest each cache has been so far (tables empty theirs when they close)."""
        from knjazja.ui import caches

        self.peak_rss_seen = max(self.peak_rss_seen, current_rss_mb())
        self.meter.sample()
        for name, now in caches.report().items():
            most = self.cache_peaks.setdefault(name, dict(now))
            for k, v in now.items():
                most[k] = max(most.get(k, 0), v)

    def table(self, seats: int, seed: int, frames: int, *, timed: bool = False) -> None:
        from knjazja.app.session import GameSession, Seat
        from knjazja.ui.table.scene import TableScene

        session = GameSession([Seat(f"Bot {i + 1}", "easy" if not timed else "normal") for i in range(seats)],
                              seed=seed)
        self.app.stack.clear()
        self.app.stack.push(TableScene(session, on_game_over=lambda s: None, on_menu=lambda: None,
                                       settings=self.settings))
        self.step(frames, resize=not timed, timed=timed)
        self.app.stack.clear()
        self.rss.append(current_rss_mb())

    def lesson(self, index: int, frames: int) -> None:
        from knjazja.app.tutorial.lessons import all_lessons
        from knjazja.ui.table.lesson import LessonScene

        lesson = all_lessons()[index % len(all_lessons())]
        for start in (0, len(lesson.steps) // 2, max(0, len(lesson.steps) - 1)):
            self.app.stack.clear()
            self.app.stack.push(LessonScene(lesson, start_at=start, settings=self.settings))
            self.step(frames)
        self.lessons += 1
        self.app.stack.clear()

    def menu(self, frames: int) -> None:
        from knjazja.ui.scenes.menu import MenuScene

        self.app.stack.clear()
        self.app.stack.push(MenuScene(has_saves=lambda: True))
        self.step(frames)
        self.app.stack.clear()

    def fullscreen(self) -> None:
        self.app.set_fullscreen(True)
        self.step(10, resize=False)
        self.app.set_fullscreen(False)
        self.fullscreens += 1


def bench_evening(games: int = 6, frames: int = 900, resize_every: int = 12,
                  progress: Callable[[str], None] | None = None) -> dict:
    """Play the scripted evening; ``games`` tables of ``frames`` frames each (plus lessons)."""
    from knjazja.ui import caches
    from knjazja.ui.app import THEME_CACHE_LIMIT
    from knjazja.ui.processes import format_report, worker_imports

    with scratch_home("knjazja-evening-"):
        ev = _Evening(resize_every)
        start_rss = current_rss_mb()
        # the frame-time stretch first: 1920×1080, 8 Normal bots, no resizing
        ev.table(8, 1, 600, timed=True)
        for g in range(games):
            lang = ("ru", "en")[g % 2]
            ev.app.set_language(lang)
            ev.table(2 + (g * 3) % 7, 100 + g, frames)
            ev.menu(frames // 10)
            ev.lesson(g, frames // 6)
            ev.fullscreen()
            if progress is not None:
                progress(f"{lang} table {g + 1}/{games}: {ev.frames} frames, {ev.resizes} resizes, "
                         f"{current_rss_mb():.0f} MB")
        gc.collect()                    # tables left behind are freed by now in a real evening
        final_rss = current_rss_mb()
        report = caches.report()
        report["app.themes"] = {"entries": len(ev.app._theme_cache), "limit": THEME_CACHE_LIMIT}
        ev.meter.sample()
        processes = ev.meter.report()
        imported = worker_imports()
        ev.app.shutdown()
    return {
        "frames": ev.frames, "resizes": ev.resizes, "fullscreen_toggles": ev.fullscreens,
        "tables": games + 1, "games_finished": ev.games, "lessons_opened": ev.lessons,
        "start_rss_mb": round(start_rss, 1), "peak_rss_mb": round(peak_rss_mb(), 1),
        "final_rss_mb": round(final_rss, 1),
        "rss_between_tables_mb": [round(r) for r in ev.rss],
        "frame_ms_p50_1920x1080_8_seats": round(percentile(ev.timed, 50), 2),
        "frame_ms_p99_1920x1080_8_seats": round(percentile(ev.timed, 99), 2),
        "processes": processes, "processes_summary": format_report(processes),
        "worker_imports": imported,
        "caches_at_end": {k: v for k, v in report.items() if v["entries"]},
        "caches_largest": ev.cache_peaks,
        "python": sys.version.split()[0],
    }
