"""The journeys' fixtures: every journey at 960×540, 1280×720 and 1920×1080 in Russian and
English, in its own data folder (``tests/ui/conftest.py``), with the drawing check's recorder
on, seeded games, quick hints and a quick review.  ``window(journey)`` opens the game; at the
end the journey fails on a crash report, an error in the log or a drawing fault, and its
figures go to ``summary.tsv`` beside the screenshots."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from driver import Window, shots_folder  # noqa: E402

SIZES = [(960, 540), (1280, 720), (1920, 1080)]
LANGS = ["ru", "en"]
VARIANTS = [pytest.param(size, lang, id=f"{size[0]}x{size[1]}-{lang}") for size in SIZES for lang in LANGS]
SEED = 58          # a 2-seat deal with the Tatar Invasion in the first player's hand


@pytest.fixture(scope="module")
def recorder():
    """The drawing check's recorder, on for a module of journeys (and off after it: the tests
    after them draw as the game does)."""
    from knjazja.ui import drawn
    rec = drawn.start()
    yield rec
    drawn.stop()


@pytest.fixture
def seeded(monkeypatch):
    """Games dealt from a fixed seed (a new game's seed is otherwise the system's)."""
    from knjazja.app.session import GameSession
    real = GameSession.__init__

    def init(self, seats, seed=None, *args, **kw):
        real(self, seats, SEED if seed is None and kw.get("state") is None else seed, *args, **kw)
    monkeypatch.setattr(GameSession, "__init__", init)


@pytest.fixture
def window(recorder, seeded, caplog, request):
    """``window(name, size, lang)`` opens the game; its verdict is given at the test's end."""
    import drawsweep
    opened: list[Window] = []
    started, cpu = time.perf_counter(), time.process_time()
    with drawsweep.quick_thinking(easy_bots=False):
        def open_window(name: str, size: tuple[int, int], lang: str, paced: bool = False) -> Window:
            w = Window(name, size, lang, paced=paced)
            opened.append(w)
            return w
        yield open_window
        for w in opened:
            if w.app.running or w.app.stack:
                w.close()
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    for w in opened:
        with (shots_folder() / "summary.tsv").open("a", encoding="utf-8") as f:
            f.write(f"{request.node.name}\t{w.steps}\t{len(w.shots)}\t{w.frames_run}\t{seconds:.1f}\t{cpu:.1f}\n")
        folder = w.shots[0].parent if w.shots else "-"
        print(f"{request.node.name}: {w.steps} steps seen, {len(w.shots)} screenshots in {folder}, "
              f"{w.frames_run} frames, {seconds:.1f} s ({cpu:.1f} s CPU)")
    if request.node.rep_call.passed if hasattr(request.node, "rep_call") else True:
        for w in opened:
            w.verdict(caplog.records)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)
