"""`knjazja bench ui`: an 8-seat bots-only game in a real window, frame times and memory."""
from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager


def peak_rss_mb() -> float:
    try:
        import resource
    except ImportError:          # Windows: no resource module
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


@contextmanager
def scratch_home(prefix: str) -> Iterator[str]:
    """A bench's own temporary ``KNJAZJA_HOME`` (nothing it writes touches the player's files);
    the variable and the language are as they were afterwards."""
    from knjazja.app.wording import i18n
    with tempfile.TemporaryDirectory(prefix=prefix) as home:
        old_home = os.environ.get("KNJAZJA_HOME")
        os.environ["KNJAZJA_HOME"] = home
        try:
            yield home
        finally:
            i18n.set_language("en")
            if old_home is None:
                os.environ.pop("KNJAZJA_HOME", None)
            else:
                os.environ["KNJAZJA_HOME"] = old_home


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def bench_ui(frames: int = 600, size: tuple[int, int] = (1920, 1080), seed: int = 1,
             warmup: int = 30) -> dict:
    """Draw `frames` frames of an 8-bot game (Normal bots thinking in the background).

    Frame time is the work of one `App.step` (events, update, draw, flip), not the wait
    for the next vsync: it says how much of the 16.7 ms budget of 60 fps is used."""
    from knjazja.app.session import GameSession, Seat
    from knjazja.app.store.settings import Settings
    from knjazja.ui.app import App
    from knjazja.ui.table.scene import TableScene

    settings = Settings()
    settings.window_size = size
    app = App(settings, persist=False)
    games = 0

    def new_table(n: int) -> None:
        session = GameSession([Seat(f"Bot {i + 1}", "normal") for i in range(8)], seed=seed + n)
        app.stack.clear()
        app.stack.push(TableScene(session, on_game_over=lambda s: None, on_menu=lambda: None,
                                  settings=settings))

    new_table(0)
    times: list[float] = []
    for i in range(frames + warmup):
        t0 = time.perf_counter()
        app.step([], 1 / 60)
        dt = time.perf_counter() - t0
        if i >= warmup:
            times.append(dt * 1000)
        table = app.stack.top
        if isinstance(table, TableScene) and table.session.over:
            games += 1
            new_table(games)
        # pace like a real 60 fps loop so background bots get their share of the CPU
        spare = 1 / 60 - dt
        if spare > 0:
            time.sleep(spare)
    app.shutdown()
    return {"frames": len(times), "size": f"{size[0]}x{size[1]}",
            "frame_ms_p50": round(percentile(times, 50), 2),
            "frame_ms_p99": round(percentile(times, 99), 2),
            "frame_ms_max": round(max(times), 2), "peak_rss_mb": round(peak_rss_mb(), 1),
            "games_finished": games}
