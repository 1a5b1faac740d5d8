"""The autosave written off the frame: one writer thread, the newest text wins, flush waits,
errors reach the session.  No sleeping: a test double of the write blocks on an event."""
import threading
from pathlib import Path

from knjazja.app.store.autosave import AutosaveWriter
from knjazja.app.session import GameSession, Seat
from knjazja.engine import dumps

WAIT = 10      # seconds: a bound for a hung test, never waited out when all goes well


class GatedWrite:
    """Records each write; while ``gate`` is clear the writer is held inside a write."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.started = threading.Event()
        self.written: list[tuple[Path, str]] = []
        self.threads: set[str] = set()
        self.inside = 0
        self.most_inside = 0

    def __call__(self, path: Path, text: str) -> None:
        self.inside += 1
        self.most_inside = max(self.most_inside, self.inside)
        self.started.set()
        assert self.gate.wait(WAIT)
        self.threads.add(threading.current_thread().name)
        self.written.append((path, text))
        self.inside -= 1


def test_queued_autosaves_coalesce_to_the_newest(tmp_path):
    write = GatedWrite()
    writer = AutosaveWriter(write)
    path = tmp_path / "autosave.json"
    writer.submit(path, "first")
    assert write.started.wait(WAIT)             # the writer is inside "first", held there
    for text in ("second", "third", "fourth"):
        writer.submit(path, text)
    assert not writer.flush(timeout=0)          # still busy: flush would have to wait
    write.gate.set()
    assert writer.flush(WAIT)
    assert write.written == [(path, "first"), (path, "fourth")]      # the middle two skipped
    assert write.most_inside == 1 and write.threads == {"autosave"}   # one writer, off the caller
    assert threading.current_thread().name not in write.threads


def test_each_file_gets_its_newest_text(tmp_path):
    write = GatedWrite()
    writer = AutosaveWriter(write)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    writer.submit(a, "a1")
    assert write.started.wait(WAIT)
    writer.submit(b, "b1")
    writer.submit(a, "a2")
    write.gate.set()
    assert writer.flush(WAIT)
    assert sorted(write.written) == [(a, "a1"), (a, "a2"), (b, "b1")]


def test_errors_are_reported_and_cleared_by_the_next_good_write(tmp_path):
    outcomes: list[str | None] = []
    fail = {"now": True}

    def write(path: Path, text: str) -> None:
        if fail["now"]:
            raise OSError(28, "No space left on device")
        path.write_text(text, "utf-8")

    writer = AutosaveWriter(write)
    path = tmp_path / "autosave.json"
    writer.submit(path, "x", outcomes.append)
    assert writer.flush(WAIT) and outcomes == ["[Errno 28] No space left on device"]
    fail["now"] = False
    writer.submit(path, "y", outcomes.append)
    assert writer.flush(WAIT) and outcomes[-1] is None and path.read_text("utf-8") == "y"


def test_a_bug_in_the_write_is_reported_and_the_writer_lives_on(tmp_path):
    outcomes: list[str | None] = []
    calls = []

    def write(path: Path, text: str) -> None:
        calls.append(text)
        if text == "bad":
            raise KeyError("oops")

    writer = AutosaveWriter(write)
    writer.submit(tmp_path / "a.json", "bad", outcomes.append)
    assert writer.flush(WAIT)
    writer.submit(tmp_path / "a.json", "good", outcomes.append)
    assert writer.flush(WAIT)
    assert calls == ["bad", "good"] and "KeyError" in outcomes[0] and outcomes[1] is None


def test_a_session_autosaves_in_the_background_and_shows_the_error(tmp_path):
    write = GatedWrite()
    writer = AutosaveWriter(write)
    path = tmp_path / "autosave.json"
    session = GameSession([Seat("A", "human"), Seat("B", "human")], seed=5, autosave=path,
                          writer=writer)
    session.save_autosave()
    assert write.started.wait(WAIT)             # held in the write: the moves go on meanwhile
    session.play(session.legal()[0])
    session.play(session.legal()[0])
    write.gate.set()
    session.flush_autosave()
    assert write.written[-1] == (path, dumps(session.state, session.meta()))
    assert len(write.written) == 2 and session.autosave_error is None

    def full(path: Path, text: str) -> None:
        raise OSError("disk full")
    session.writer = AutosaveWriter(full)
    session.play(session.legal()[0])
    session.flush_autosave()
    assert session.autosave_error == "disk full"


def test_a_failing_report_does_not_stop_the_writer(tmp_path):
    written = []

    def report(error: str | None) -> None:
        raise RuntimeError("a bug in the listener")

    writer = AutosaveWriter(lambda path, text: written.append(text))
    writer.submit(tmp_path / "a.json", "one", report)
    assert writer.flush(WAIT)
    writer.submit(tmp_path / "a.json", "two")
    assert writer.flush(WAIT) and written == ["one", "two"]
