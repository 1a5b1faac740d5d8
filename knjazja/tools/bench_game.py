"""`knjazja bench game`: one whole game in the window, every process's memory counted.

A player's game, headless and sped up: the window at 1920×1080 (``size``), the game in
Russian (``lang``), the player against seven Normal (``seats``), a Hint asked at the first
decision of each of the player's turns and waited for (the player's moves are Normal's, so
every run plays the same game), then the review of the game to its end (``review``), then back to the main menu.
Every process the game started is sampled as it goes (``ui.processes``: the main one, the
card-face worker, the bots' worker, a resource tracker if one ran): per process and in
total, the peak and the figures at the end, in PSS where the OS tells it.  It also reports
what each worker imported, the Hint's time to its answer and the review's time.

Data written on the way goes to a temporary ``KNJAZJA_HOME``.
"""
from __future__ import annotations

import gc
import os
import random
import sys
import time
from collections.abc import Callable

from knjazja.tools.bench_ui import percentile, scratch_home

SAMPLE_EVERY = 20       # frames between two memory samples
MAX_FRAMES = 200_000    # a game that does not end is a failure, not a hang


class _Game:
    def __init__(self, size: tuple[int, int], lang: str, seats: int, seed: int) -> None:
        from knjazja.app.session import GameSession, Seat
        from knjazja.app.store.settings import Settings
        from knjazja.bots import make_bot
        from knjazja.ui.app import App
        from knjazja.ui.processes import ProcessMeter
        from knjazja.ui.scenes.menu import MenuScene

        self.settings = Settings()
        self.settings.window_size = size
        self.settings.animation_speed = 4.0
        self.settings.language = lang
        self.app = App(self.settings, persist=False)
        self.app.set_language(lang)
        self.app.stack.push(MenuScene(has_saves=lambda: False))
        self.meter = ProcessMeter()
        self.frames = 0
        self.step(30)
        self.at_menu = self.meter.sample()
        self.session = GameSession([Seat("Вы" if lang == "ru" else "You", "human")]
                                   + [Seat(f"Bot {i}", "normal") for i in range(1, seats)], seed=seed)
        self.player = make_bot("normal")            # the player's moves (the Hint is asked, not followed)
        self.rng = random.Random(seed)
        self.hint_s: list[float] = []
        self.review_s = 0.0

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            self.app.step([], 1 / 60)
            self.frames += 1
            if self.frames % SAMPLE_EVERY == 0:
                self.meter.sample()
            if self.frames > MAX_FRAMES:
                raise RuntimeError(f"no end after {MAX_FRAMES} frames")
            time.sleep(0.001)                       # the bots' threads get the interpreter

    def play(self, hints: bool) -> None:
        from knjazja.ui.table.scene import TableScene

        scene = TableScene(self.session, on_game_over=lambda s: None, on_menu=lambda: None,
                           settings=self.settings)
        self.app.stack.push(scene)
        c, s = scene.controller, self.session
        hinted_turn = -1
        while not s.over:
            self.step()
            if not (s.human_to_decide() and c.can_act()):
                continue
            if hints and s.state.turn_no != hinted_turn and len(s.legal()) > 1:
                hinted_turn = s.state.turn_no
                self._hint(c)
            # Normal's move, whatever the Hint said: the same game on every run (the Hint's
            # own budget is capped in time)
            c.play(self.player.choose(s.seen_by(c.me), s.legal(), self.rng))
        self.step(60)                               # the last move lands, the final board shows

    def _hint(self, c) -> None:
        t0 = time.perf_counter()
        c.ask_hint()
        while c.hints.thinking:
            self.step()
            if c.hints.poll(self.session) is not None:
                break
        self.hint_s.append(time.perf_counter() - t0)
        self.meter.sample()

    def review(self) -> int:
        from knjazja.ui.scenes.review import ReviewScene

        scene = ReviewScene(self.session)
        self.app.stack.push(scene)
        t0 = time.perf_counter()
        self.step()
        assert scene.analysis is not None, "the review starts its analysis on entering"
        while not scene.analysis.done:
            self.step()
        self.review_s = time.perf_counter() - t0
        self.meter.sample()
        return scene.analysis.total


def bench_game(seats: int = 8, size: tuple[int, int] = (1920, 1080), lang: str = "ru", seed: int = 1,
               hints: bool = True, review: bool = True,
               progress: Callable[[str], None] | None = None) -> dict:
    """Play the game (see the module doc); the figures as a dict."""
    from knjazja.ui.processes import format_report, worker_imports

    say = progress or (lambda line: None)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")       # headless unless a display is asked for
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with scratch_home("knjazja-game-"):
        g = _Game(size, lang, seats, seed)
        t0 = time.perf_counter()
        g.play(hints)
        say(f"game over: {g.frames} frames, {len(g.hint_s)} Hints, {time.perf_counter() - t0:.0f} s; "
            + format_report(g.meter.report()))
        imported = worker_imports()             # the workers of the game, while they run
        points = g.review() if review else 0
        if review:
            say(f"review of {points} moves: {g.review_s:.0f} s; " + format_report(g.meter.report()))
        imported = {**imported, **worker_imports()}
        g.app.stack.clear()                     # back at the menu
        g.step(30)
        gc.collect()
        g.meter.sample()
        report = g.meter.report()
        g.app.shutdown()
    return {
        "seats": seats, "size": f"{size[0]}x{size[1]}", "language": lang, "frames": g.frames,
        "turns": g.session.state.turn_no + 1, "hints": len(g.hint_s),
        "hint_s_first": round(g.hint_s[0], 2) if g.hint_s else None,
        "hint_s_p50": round(percentile(g.hint_s, 50), 2), "hint_s_max": round(max(g.hint_s, default=0.0), 2),
        "hint_s_each": [round(t, 2) for t in g.hint_s], "review_moves": points, "review_s": round(g.review_s, 1),
        "at_menu_total_mb": round(g.at_menu, 1), **report, "summary": format_report(report),
        "worker_imports": imported, "python": sys.version.split()[0],
    }
