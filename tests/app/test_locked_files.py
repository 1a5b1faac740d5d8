"""A target held open by another program (Windows: os.replace raises PermissionError): the
write is retried, and if it stays locked it is reported in one line with the old file kept."""
import os

import pytest

from knjazja.app.store import files
from knjazja.app.store.files import LockedFileError, write_atomic


@pytest.fixture
def waits(monkeypatch):
    slept = []
    monkeypatch.setattr(files, "_sleep", slept.append)      # no real waiting in tests
    return slept


def _locked_for(monkeypatch, times: int) -> list:
    calls = []
    real = os.replace

    def replace(src, dst):
        calls.append(dst)
        if len(calls) <= times:
            raise PermissionError(13, "The process cannot access the file because it is being "
                                      "used by another process", str(dst))
        real(src, dst)

    monkeypatch.setattr(files.os, "replace", replace)
    return calls


def test_a_briefly_locked_file_is_written_after_retries(tmp_path, monkeypatch, waits):
    target = tmp_path / "stats.json"
    target.write_text("old", encoding="utf-8")
    calls = _locked_for(monkeypatch, 2)
    write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "new"
    assert len(calls) == 3 and len(waits) == 2
    assert list(tmp_path.iterdir()) == [target]               # no temporary file left


def test_a_file_that_stays_locked_is_reported_and_the_old_one_kept(tmp_path, monkeypatch, waits):
    target = tmp_path / "series.json"
    target.write_text("old", encoding="utf-8")
    calls = _locked_for(monkeypatch, 1000)
    with pytest.raises(LockedFileError) as info:
        write_atomic(target, "new")
    assert isinstance(info.value, OSError)                   # callers catching OSError see it
    assert "series.json is locked by another program" in info.value.strerror
    assert "\n" not in str(info.value)
    assert len(calls) == len(files.REPLACE_RETRY_DELAYS) + 1
    assert 0.5 <= sum(waits) <= 2.0                           # about a second of patience
    assert target.read_text(encoding="utf-8") == "old"
    assert list(tmp_path.iterdir()) == [target]


def test_other_errors_are_not_retried(tmp_path, monkeypatch, waits):
    def replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", replace)
    with pytest.raises(OSError):
        write_atomic(tmp_path / "x.json", "x")
    assert waits == []
