"""The monkey test: random mouse and keys on every screen; no exception, never an empty stack.

Each screen of ``monkey_scenes.SCENES`` gets an equal share of ``KNJAZJA_MONKEY_EVENTS``
events (5,000 in all by default), from its own seed.  The monkey wanders: a click on Load
in the pause menu opens the saves, Escape goes back, and so on.  Bots are Easy and decide in
the frame, hints and the review's analysis use a tiny search in a thread, so that a failing
run replays from its seed (``KNJAZJA_MONKEY_SEED`` shifts every seed for longer hunts).
"""
from __future__ import annotations

import logging
import os

import pytest

from monkey import Monkey
from monkey_scenes import SCENES, World, furnish_data_folder

TOTAL_EVENTS = int(os.environ.get("KNJAZJA_MONKEY_EVENTS", "5000"))
SEED_SHIFT = int(os.environ.get("KNJAZJA_MONKEY_SEED", "0"))
TINY = 1           # worlds per hint or review ranking: the monkey tests the screens


@pytest.fixture
def quick_thinking(monkeypatch):
    """Easy bots everywhere, and hints and analysis that think briefly in a thread."""
    from knjazja.app.advice import analysis
    from knjazja.app.table import hints
    from knjazja.app import session
    from knjazja.bots import make_bot
    from knjazja.bots.advisor import HintAdvisor
    from knjazja.bots.thinker import Thinker
    from knjazja.ui.scenes import review
    monkeypatch.setenv("KNJAZJA_PREFETCH", "0")
    monkeypatch.setattr(session, "make_bot", lambda kind: make_bot("easy"))
    monkeypatch.setattr(hints, "HintAdvisor", lambda: HintAdvisor(budget=TINY))
    monkeypatch.setattr(hints, "Thinker", lambda bot, use_process=None: Thinker(bot, use_process=False))
    monkeypatch.setattr(review, "Analysis", lambda states, points, worlds, use_process, lost=None, **given:
                        analysis.Analysis(states, points, TINY, use_process=False, lost=lost, playouts=2, **given))


@pytest.mark.parametrize("name", list(SCENES))
def test_the_monkey_breaks_nothing(name, make_app, quick_thinking, caplog):
    from knjazja.ui.main import GameFlow
    furnish_data_folder()
    app = make_app((1280, 720), persist=False)
    flow = GameFlow(app, sync_bots=True)
    app.stack.push(flow.menu)
    app.step([])
    world = World(app, flow)
    expected = SCENES[name](world)
    app.step([])
    assert type(app.stack.top).__name__ == expected
    seed = SEED_SHIFT * 1000 + sorted(SCENES).index(name)
    monkey = Monkey(app, seed)
    try:
        monkey.run(max(50, TOTAL_EVENTS // len(SCENES)))
    except BaseException:
        print(f"monkey seed {seed} on {name}; its last gestures:")
        print("\n".join(monkey.trail))
        raise
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]    # caught, but a fault
    assert not errors, errors[0].getMessage()
    print(f"{name}: {monkey.events} events, {monkey.frames} frames, seen {sorted(monkey.scenes_seen)}, "
          f"quits {monkey.quits}, moves {len(flow.session.state.history) if flow.session else '-'}")
