"""Thinker: background decisions, polled without sleeping (events and joins only)."""
import random
import threading

import pytest

from knjazja.bots import make_bot
from knjazja.bots.thinker import Thinker, shutdown_worker
from knjazja.engine import legal_actions, observation

from bot_states import playout_states


class GateBot:
    """Blocks inside choose until the test opens the gate."""
    name = "gate"

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.gate = threading.Event()

    def choose(self, obs, legal, rng):
        self.entered.set()
        self.gate.wait()
        return legal[-1]


@pytest.fixture(scope="module")
def position():
    s = playout_states(4, 31, 1, policy="normal")[0]
    return observation(s, s.decision.seat), legal_actions(s)


def test_poll_is_none_until_the_bot_decides(position):
    obs, legal = position
    bot = GateBot()
    t = Thinker(bot)
    t.start(obs, legal, random.Random(1))
    bot.entered.wait()
    assert t.busy
    assert t.poll() is None
    bot.gate.set()
    a = t.wait()
    assert a == legal[-1]
    assert not t.busy
    assert t.poll() is None            # delivered once


def test_cancel_forgets_the_decision(position):
    obs, legal = position
    bot = GateBot()
    t = Thinker(bot)
    t.start(obs, legal, random.Random(1))
    bot.entered.wait()
    t.cancel()
    assert not t.busy
    bot.gate.set()
    assert t.poll() is None
    # a new decision after a cancel works
    bot2 = GateBot()
    bot2.gate.set()
    t2 = Thinker(bot2)
    t2.start(obs, legal, random.Random(1))
    assert t2.wait() == legal[-1]


def test_thread_result_equals_direct_call(position):
    obs, legal = position
    bot = make_bot("normal")
    r1, r2 = random.Random(5), random.Random(5)
    t = Thinker(bot)
    t.start(obs, legal, r1)
    a = t.wait()
    seed = r2.getrandbits(64)
    assert a == bot.choose(obs, legal, random.Random(seed))


def test_process_mode_for_hard_matches_thread_mode(position):
    obs, legal = position
    bot = make_bot("hard", iterations=30)
    tp = Thinker(bot)
    assert tp.use_process
    tt = Thinker(bot, use_process=False)
    try:
        tp.start(obs, legal, random.Random(9))
        tt.start(obs, legal, random.Random(9))
        a_thread = tt.wait()
        a_proc = tp.wait()
        assert a_proc is not None and a_proc == a_thread
        # cancel while running in the process, then decide again
        tp.start(obs, legal, random.Random(9))
        tp.cancel()
        assert tp.poll() is None and not tp.busy
        tp.start(obs, legal, random.Random(9))
        assert tp.wait() == a_thread
    finally:
        shutdown_worker()


def test_single_legal_action_needs_no_thread(position):
    obs, legal = position
    t = Thinker(GateBot())
    t.start(obs, legal[:1], random.Random(0))
    assert not t.busy
    assert t.poll() == legal[0]


def test_the_worker_starts_with_the_first_decision_that_needs_it_and_ends_when_idle(position):
    """No process before a decision needs one (a lone legal action needs none); an idle
    worker ends when asked (a table closed) or after IDLE_SECONDS, never while deciding; the
    next decision starts a new one and decides the same."""
    from knjazja.bots import thinker
    obs, legal = position
    shutdown_worker()
    t = Thinker(make_bot("hard", iterations=2))
    assert t.use_process and thinker.worker_pid() is None
    t.start(obs, legal[:1], random.Random(0))
    assert t.wait() == legal[0] and thinker.worker_pid() is None
    try:
        t.start(obs, legal, random.Random(4))
        assert not thinker.release_worker()         # deciding: it stays
        first = t.wait(120)
        pid = thinker.worker_pid()
        assert first is not None and pid == t.last_pid
        assert not thinker.end_if_idle()            # idle for less than IDLE_SECONDS
        assert thinker.worker_pid() == pid
        assert thinker.release_worker()             # the table closed
        assert thinker.worker_pid() is None
        t.start(obs, legal, random.Random(4))
        assert t.wait(120) == first
        assert t.last_pid not in (None, pid) and thinker.fallback_reason() is None
    finally:
        shutdown_worker()
