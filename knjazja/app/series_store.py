"""The current series (``engine.Series`` plus who sits where), kept in ``data_dir()/series.json``.

The file survives closing the app; every write is atomic.  ``load_series()`` never raises:
no file gives ``(None, None)``; a damaged or foreign file is set aside as
``series.json.corrupt`` and gives ``(None, message)``, the message fit to show the player.
No pygame here.

File format::

    {"format": "knjazja-series", "version": 1, "updated": "2025-01-01T12:00:00+00:00",
     "seats": [{"name": "Ярослав", "kind": "human"}, ...],
     "series": {"n": 4, "totals": [...], "games": [[...], ...], "starters": [...], "target": 100}}
"""
from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from knjazja.app import storage
from knjazja.app.i18n import tr
from knjazja.engine import Series

log = logging.getLogger(__name__)

SERIES_FILE = "series.json"
FORMAT = "knjazja-series"
VERSION = 1
KINDS = ("human", "easy", "normal", "hard")


@dataclass
class StoredSeries:
    series: Series
    seats: list[dict] = field(default_factory=list)   # [{"name", "kind"}], one per seat
    updated: str | None = None

    @property
    def over(self) -> bool:
        return self.series.over

    def names(self) -> list[str]:
        return [s["name"] for s in self.seats]


def series_path() -> Path:
    return storage.data_dir() / SERIES_FILE


def _seat(seat, i: int) -> dict:
    if isinstance(seat, Mapping):
        name, kind = seat.get("name"), seat.get("kind")
    else:
        name, kind = getattr(seat, "name", None), getattr(seat, "kind", None)
    if not isinstance(name, str) or not name.strip():
        name = f"{i + 1}"
    if kind not in KINDS:
        raise ValueError(f"seat {i}: bad kind {kind!r}")
    return {"name": name, "kind": kind}


def to_json(series: Series, seats: Sequence) -> dict:
    if len(seats) != series.n:
        raise ValueError("one seat per player of the series expected")
    return {"format": FORMAT, "version": VERSION,
            "updated": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "seats": [_seat(s, i) for i, s in enumerate(seats)], "series": series.to_json()}


def from_json(data: object) -> StoredSeries:
    """Raises ValueError with a short reason when ``data`` is not a valid series."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a Knjaz'ja series file")
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise ValueError("no valid version")
    if version > VERSION:
        raise ValueError(f"written by a newer version of the game (format {version})")
    raw = data.get("series")
    if not isinstance(raw, dict):
        raise ValueError("no series data")
    series = Series.from_json(raw)
    if len(series.starters) != len(series.games):
        raise ValueError("invalid series data: starters do not match games")
    if any(not 0 <= s < series.n for s in series.starters):
        raise ValueError("invalid series data: bad starter")
    if [sum(col) for col in zip(*series.games)] != series.totals and series.games:
        raise ValueError("invalid series data: totals do not add up")
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != series.n:
        raise ValueError("one seat per player expected")
    updated = data.get("updated")
    return StoredSeries(series, [_seat(s, i) for i, s in enumerate(seats)],
                        updated if isinstance(updated, str) else None)


def save_series(series: Series, seats: Sequence) -> Path:
    """Write the series atomically; returns the path.  Raises OSError if the disk refuses."""
    path = series_path()
    storage.write_json(path, to_json(series, seats))
    return path


def load_series() -> tuple[StoredSeries | None, str | None]:
    """``(stored, None)``, ``(None, None)`` when there is none, ``(None, message)`` when the
    file was unreadable (it is then set aside so the message shows once)."""
    path = series_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, None
    except (OSError, UnicodeDecodeError) as exc:
        return None, _set_aside(path, str(exc))
    try:
        return from_json(json.loads(text)), None
    except ValueError as exc:  # JSONDecodeError is a ValueError
        return None, _set_aside(path, str(exc).splitlines()[0])


def _set_aside(path: Path, reason: str) -> str:
    log.warning("series: ignoring %s (%s)", path, reason)
    try:
        os.replace(path, path.with_name(SERIES_FILE + ".corrupt"))
    except OSError:
        pass
    return tr("series.store.corrupt", error=reason)


def clear_series() -> None:
    """Forget the current series (after it is won, or when a new one starts)."""
    try:
        series_path().unlink(missing_ok=True)
    except OSError as exc:
        log.warning("series: cannot remove %s (%s)", series_path(), exc)


def has_series() -> bool:
    stored, _ = _peek()
    return stored is not None and not stored.over


def _peek() -> tuple[StoredSeries | None, str | None]:
    """Like load_series but never moves a bad file (for menu checks)."""
    try:
        return from_json(json.loads(series_path().read_text(encoding="utf-8"))), None
    except FileNotFoundError:
        return None, None
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return None, str(exc)
