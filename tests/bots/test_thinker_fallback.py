"""A worker process that cannot start or dies mid-thought: the decision is made in a thread,
the fallback is told once (a log warning), and the game goes on."""
from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

import knjazja.frozen
from knjazja.bots import thinker
from knjazja.bots.thinker import Thinker
from knjazja.engine import legal_actions, observation

from bot_states import playout_states
from stuck_bot import StuckInWorkerBot

WAIT = 120.0      # seconds a spawned worker may take to import the game on a loaded machine


@pytest.fixture(autouse=True)
def fresh_fallback():
    thinker.reset_fallback()
    yield
    thinker.shutdown_worker()
    thinker.reset_fallback()


@pytest.fixture(scope="module")
def position():
    s = playout_states(4, 31, 1, policy="normal")[0]
    return observation(s, s.decision.seat), legal_actions(s)


def _wait_until_thinking(t: Thinker, marker: Path) -> None:
    """Block (on the worker's pipe, not a sleep) until the worker is inside choose()."""
    for _ in range(int(WAIT / 0.05)):
        if marker.exists():
            return
        assert t.wait(0.05) is None and t.busy
    pytest.fail("the worker never started thinking")


def _warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == thinker.__name__ and r.levelno == logging.WARNING]


def test_a_worker_killed_mid_thought_is_replaced_by_a_thread(position, tmp_path, caplog):
    obs, legal = position
    marker = tmp_path / "thinking"
    t = Thinker(StuckInWorkerBot(str(marker)))
    assert t.use_process
    caplog.set_level(logging.WARNING, logger=thinker.__name__)
    t.start(obs, legal, random.Random(4))
    _wait_until_thinking(t, marker)
    thinker._WORKER.proc.kill()                 # what an antivirus or the task manager does
    assert t.wait() == legal[-1]            # decided again, in this process
    assert t.last_pid is None
    assert "died" in thinker.fallback_reason()
    assert len(_warnings(caplog)) == 1
    # from now on a thread at once, and nothing more is said
    t.start(obs, legal, random.Random(5))
    assert t.wait() == legal[-1]
    assert len(_warnings(caplog)) == 1


def test_a_worker_that_cannot_start_falls_back_to_a_thread(position, monkeypatch, caplog):
    obs, legal = position

    def no_processes():
        raise OSError("CreateProcess failed: access denied")

    monkeypatch.setattr(thinker, "_Worker", no_processes)
    caplog.set_level(logging.WARNING, logger=thinker.__name__)
    from knjazja.bots import make_bot
    bot = make_bot("hard", iterations=20)
    t = Thinker(bot)
    t.start(obs, legal, random.Random(9))
    in_thread = t.wait()
    expected = Thinker(bot, use_process=False)
    expected.start(obs, legal, random.Random(9))
    assert in_thread == expected.wait()     # the same decision as thread mode
    assert "could not start" in thinker.fallback_reason()
    assert len(_warnings(caplog)) == 1


def test_the_game_goes_on_when_hards_worker_is_killed(tmp_path):
    from knjazja.app.session import GameSession, Seat
    session = GameSession([Seat("A", "hard"), Seat("B", "easy"), Seat("C", "easy")], seed=11)
    seat = session.state.decision.seat
    marker = tmp_path / "thinking"
    session._bots[seat] = StuckInWorkerBot(str(marker))   # Hard's seat, stuck in its worker
    for _ in range(200):                         # bots play until Hard's seat decides with choice
        s = session.state
        if s.decision.seat == seat and len(legal_actions(s)) > 1:
            break
        session.bot_step(background=False)
    before = len(session.state.history)
    assert session.bot_step(background=True) is None          # thinking in the worker
    thinker_ = session._thinker
    _wait_until_thinking(thinker_, marker)
    thinker._WORKER.proc.kill()
    for _ in range(int(WAIT / 0.05)):
        thinker_._job.wait(0.05)                 # blocks on the pipe / fallback thread, no sleep
        if session.bot_step(background=True) is not None:
            break
    assert len(session.state.history) == before + 1
    for _ in range(30):                          # and the game carries on
        session.bot_step(background=False)
    assert len(session.state.history) > before + 1


def test_frozen_builds_think_in_a_process_only_once_allowed(monkeypatch):
    from knjazja.bots import make_bot
    monkeypatch.setattr("sys.frozen", True, raising=False)
    monkeypatch.setattr(knjazja.frozen, "WORKERS_OK", False)
    assert not Thinker(make_bot("hard")).use_process
    monkeypatch.setattr(knjazja.frozen, "WORKERS_OK", True)       # what build/packaging/entry.py does
    assert Thinker(make_bot("hard")).use_process
    assert not Thinker(make_bot("easy")).use_process


def test_check_worker_reports_the_process_that_decided():
    import os
    pid, seconds = thinker.check_worker()
    assert pid != os.getpid() and seconds >= 0
