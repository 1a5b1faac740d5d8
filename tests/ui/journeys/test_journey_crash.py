"""A journey that meets a bug fails with the crash report the window writes, as ``App.run``
would have left it for the player (so a crash anywhere on a path is a failed journey)."""
from __future__ import annotations

import pytest

from driver import JourneyFailed
from knjazja.ui.scene_stack import Scene


class Broken(Scene):
    def update(self, dt: float) -> None:
        raise ZeroDivisionError("a bug in the frame")


def test_a_crash_in_the_loop_fails_the_journey_with_its_report(window, caplog):
    w = window("crash", (960, 540), "en")
    w.frames(1)
    w.app.stack.push(Broken())
    with pytest.raises(JourneyFailed) as failed:
        w.frame()
    text = str(failed.value)
    assert "the window crashed; its report" in text and "ZeroDivisionError: a bug in the frame" in text
    assert "MenuScene" in text or "Broken" in text or "Traceback" in text
    from knjazja.app.store import crash
    assert any(crash.reports_dir().glob("*")), "no crash report was written"
    w.app.stack.pop()
    for report in crash.reports_dir().glob("*"):        # the journey's verdict would fail on it
        report.unlink()
    assert any("stopped on an error" in r.getMessage() for r in caplog.records)
    caplog.clear()
