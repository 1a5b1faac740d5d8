"""The current series (``engine.Series`` plus who sits where), kept in ``data_dir()/series.json``.

The file survives closing the app; every write is atomic.  ``load_series()`` never raises:
no file gives None; so does a damaged or foreign file, which is moved aside under a dated
name (``series.damaged-<date>.json``) with a message for the player, told once.
No pygame here.

File format::

    {"format": "knjazja-series", "version": 1, "updated": "2025-01-01T12:00:00+00:00",
     "seats": [{"name": "Ярослав", "kind": "human"}, ...],
     "series": {"n": 4, "totals": [...], "games": [[...], ...], "starters": [...], "target": 100}}
"""
from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from knjazja.app.store import storage
from knjazja.app.wording.names import clean_name
from knjazja.engine import Series
from knjazja.engine.state import MAX_PLAYERS, MIN_PLAYERS

log = logging.getLogger(__name__)

SERIES_FILE = "series.json"
FORMAT = "knjazja-series"
VERSION = 1
KINDS = ("human", "easy", "normal", "hard")
MAX_GLORY = 10_000          # per game; a real game gives a few dozen
MAX_GAMES = 10_000


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
    name = clean_name(name) if isinstance(name, str) else ""
    if not name:
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
    n = raw.get("n")
    if type(n) is not int or not MIN_PLAYERS <= n <= MAX_PLAYERS:     # before any list of n
        raise ValueError("invalid series data: bad number of players")
    series = Series.from_json(raw)
    if len(series.starters) != len(series.games):
        raise ValueError("invalid series data: starters do not match games")
    if any(not 0 <= s < series.n for s in series.starters):
        raise ValueError("invalid series data: bad starter")
    if [sum(col) for col in zip(*series.games)] != series.totals and series.games:
        raise ValueError("invalid series data: totals do not add up")
    if any(abs(g) > MAX_GLORY for game in series.games for g in game) or len(series.games) > MAX_GAMES:
        raise ValueError("invalid series data: more Glory or games than any series holds")
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


def load_series() -> StoredSeries | None:
    """The stored series, or None when there is none.  Never raises: a damaged or foreign
    file is moved aside under a dated name and the player told once (``storage.load_document``)."""
    stored, _ = storage.load_document(series_path(), from_json, "series")
    return stored


def clear_series() -> None:
    """Forget the current series (after it is won, or when a new one starts)."""
    try:
        series_path().unlink(missing_ok=True)
    except OSError as exc:
        log.warning("series: cannot remove %s (%s)", series_path(), exc)


def has_series() -> bool:
    stored = load_series()
    return stored is not None and not stored.over
