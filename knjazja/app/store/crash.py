"""Crash reports: what the window leaves behind when a bug stops it.

``write_report(exc, recent_input, sections)`` writes ``crash-<date>.txt`` into
``data_dir()/crash-reports`` (the traceback, the game's version, Python and the OS, the last
input events and what the app adds: the game in play, its last actions and a save that
replays it) and marks it pending.  The autosave is left alone, so at the next start
``take_pending()`` names the report once and the menu offers to continue.  No pygame here.
"""
from __future__ import annotations

import json
import logging
import platform
import sys
import traceback
from collections.abc import Iterable
from datetime import datetime
from pathlib import Path

from knjazja import __version__
from knjazja.app.store import storage
from knjazja.app.store.files import write_atomic

log = logging.getLogger(__name__)

REPORTS_DIR = "crash-reports"
PENDING_FILE = "crash-pending.json"
KEEP_REPORTS = 20                    # the oldest go when there are more


def reports_dir() -> Path:
    return storage.data_dir() / REPORTS_DIR


def pending_path() -> Path:
    return storage.data_dir() / PENDING_FILE


def report_text(exc: BaseException, recent_input: Iterable[str] = (),
                sections: Iterable[tuple[str, str]] = ()) -> str:
    lines = [f"Knjaz'ja {__version__} crash report, {datetime.now().isoformat(timespec='seconds')}",
             f"Python {sys.version.split()[0]} on {platform.platform()} ({platform.machine()})",
             "", "== Traceback",
             "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip()]
    recent = list(recent_input)
    if recent:
        lines += ["", "== Last input events (oldest first)", *recent]
    for title, body in sections:
        lines += ["", f"== {title}", body.rstrip()]
    return "\n".join(lines) + "\n"


def write_report(exc: BaseException, recent_input: Iterable[str] = (),
                 sections: Iterable[tuple[str, str]] = ()) -> Path | None:
    """Write the report and mark it for the next start; None if the disk refused."""
    folder = reports_dir()
    path = folder / f"crash-{datetime.now():%Y-%m-%d_%H-%M-%S}.txt"
    try:
        write_atomic(path, report_text(exc, recent_input, sections))
        write_atomic(pending_path(), json.dumps({"report": str(path)}, ensure_ascii=False))
    except OSError as err:
        log.error("could not write the crash report %s: %s", path, err)
        return None
    _prune(folder)
    return path


def _prune(folder: Path) -> None:
    reports = sorted(folder.glob("crash-*.txt"))
    for old in reports[:-KEEP_REPORTS]:
        try:
            old.unlink()
        except OSError:
            continue


def take_pending() -> Path | None:
    """The report of the last run's crash, once: the mark is removed.  None if there was
    none (or the mark is damaged: it is only a pointer, so it is simply dropped)."""
    path = pending_path()
    try:
        data = storage.read_document(path)
    except storage.DamagedFile:
        data = None
    if data is storage.MISSING:
        return None
    try:
        path.unlink()
    except OSError as err:
        log.warning("could not remove %s: %s", path, err)
    report = data.get("report") if isinstance(data, dict) else None
    return Path(report) if isinstance(report, str) and report else None
