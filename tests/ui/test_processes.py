"""Every process of the game counted (``ui.processes``): the memory of each, peak and end,
and what each worker imported — the bots' worker no pygame, the face worker no pygame-gui."""
import os
import random

import pytest

from knjazja.bots import make_bot
from knjazja.bots.thinker import Thinker, shutdown_worker
from knjazja.engine import legal_actions, new_game, observation
from knjazja.ui import processes
from knjazja.ui.art import prefetch
from knjazja.ui.processes import ProcessMeter, format_report, game_processes, memory_mb, worker_imports


def test_this_process_memory_is_read():
    mb, kind = memory_mb(os.getpid())
    assert kind in ("PSS", "RSS", "peak RSS")
    assert mb is not None and mb > 5


def test_the_meter_keeps_each_peak_and_the_last_sample(monkeypatch):
    samples = iter([{"main": 1, "bots": 2}, {"main": 3, "bots": 4}, {"main": 5}])
    sizes = {1: 100.0, 2: 50.0, 3: 120.0, 4: 40.0, 5: 90.0}
    monkeypatch.setattr(processes, "game_processes", lambda: next(samples))
    monkeypatch.setattr(processes, "memory_mb", lambda pid: (sizes[pid], "PSS"))
    meter = ProcessMeter()
    assert [meter.sample() for _ in range(3)] == [150.0, 160.0, 90.0]
    report = meter.report()
    assert report["peak_mb"] == {"main": 120.0, "bots": 50.0, "total": 160.0}
    assert report["end_mb"] == {"main": 90.0, "bots": 0.0, "total": 90.0}       # the worker ended
    assert format_report(report) == "PSS peak main 120 + bots 50 = 160 MB; end main 90 + bots 0 = 90 MB"


def test_the_bots_worker_is_counted_while_it_runs_and_imports_no_pygame():
    shutdown_worker()
    assert "bots" not in game_processes()
    s = new_game(4, 5)
    t = Thinker(make_bot("hard", iterations=1), use_process=True)
    try:
        t.start(observation(s, s.decision.seat), legal_actions(s), random.Random(1))
        assert t.wait(120) is not None
        assert game_processes()["bots"] == t.last_pid != os.getpid()
        told = worker_imports()["bots"]
        assert told["knjazja.bots"] and not told["pygame"] and not told["knjazja.ui"], told
        assert not told["knjazja.app"], told
    finally:
        shutdown_worker()
    assert "bots" not in game_processes()


@pytest.fixture
def pf(monkeypatch):
    monkeypatch.delenv("KNJAZJA_PREFETCH", raising=False)
    p = prefetch.FacePrefetcher()
    monkeypatch.setattr(prefetch, "_SHARED", p)
    yield p
    p.shutdown()


def test_the_face_worker_is_counted_and_imports_no_widgets(pf):
    assert pf.request([("city.kiev", "ru", (90, 126))])
    names = pf.worker_modules(60)
    assert names is not None and pf.pid in game_processes().values()
    assert "pygame" in names and "pygame_gui" not in names and "knjazja.bots" not in names
    assert "faces" in worker_imports()


WORKER_WITHOUT_TRACKER = """
import os
from multiprocessing import resource_tracker
from knjazja import spawn
from knjazja.bots import thinker
if __name__ == "__main__":
    ctx = spawn.context()
    conn, child = ctx.Pipe()
    proc = spawn.start(ctx.Process(target=thinker._worker_main, args=(child,), daemon=True))
    conn.send(("modules",))
    _job, names, _error, pid = conn.recv()
    conn.send(None)
    proc.join(60)
    print(resource_tracker._resource_tracker._pid, pid != os.getpid(), "knjazja.bots" in names, proc.exitcode)
"""


@pytest.mark.skipif(os.name == "nt", reason="Windows has no resource tracker")
def test_a_worker_starts_and_answers_without_a_resource_tracker_beside_it(tmp_path):
    """multiprocessing would start its resource tracker (one more interpreter, ~8 MB, for the
    whole game) with the first worker; ours make no semaphore, so ``knjazja.spawn`` starts none."""
    import subprocess
    import sys

    script = tmp_path / "start_worker.py"
    script.write_text(WORKER_WITHOUT_TRACKER)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["None", "True", "True", "0"], done.stdout
