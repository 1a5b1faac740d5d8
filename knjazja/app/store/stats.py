"""Statistics of finished games, kept in ``storage.data_dir()/stats.json`` (atomic writes).

What is counted (only games with at least one human seat count towards the levels):

* ``games`` — every finished game recorded; ``watched`` — those without a human;
* ``levels[level]`` for level in easy / normal / hard / hotseat — ``games`` (games at that
  level), ``seats`` (human seats in them) and ``wins`` (human seats that won, shared wins
  included).  The *level of a game* is the hardest bot level at the table, or ``"hotseat"``
  when no bot plays;
* human Glory: ``glory_best`` (or None), ``glory_sum`` and ``glory_count`` (mean = sum/count).

No pygame here.  A missing file gives empty statistics; a damaged one too (it is moved aside
under a dated name and the player told once), so statistics never stop a game and a damaged
file is never written over.
"""
from __future__ import annotations

import copy
import logging
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from pathlib import Path

from knjazja.app.store import storage

log = logging.getLogger(__name__)

STATS_FILE = "stats.json"
STATS_VERSION = 1
LEVELS = ("easy", "normal", "hard", "hotseat")
BOT_LEVELS = ("easy", "normal", "hard")   # easiest first


def stats_path() -> Path:
    return storage.data_dir() / STATS_FILE


def empty_stats() -> dict:
    return {"version": STATS_VERSION, "games": 0, "watched": 0,
            "levels": {lvl: {"games": 0, "seats": 0, "wins": 0} for lvl in LEVELS},
            "glory_best": None, "glory_sum": 0, "glory_count": 0, "last_played": None}


def game_level(seats: Sequence[Mapping]) -> str:
    """The hardest bot level at the table, or "hotseat" when every seat is human."""
    kinds = {_kind(s) for s in seats}
    for level in reversed(BOT_LEVELS):
        if level in kinds:
            return level
    return "hotseat"


def _kind(seat) -> str:
    kind = seat.get("kind") if isinstance(seat, Mapping) else getattr(seat, "kind", "human")
    return str(kind)


MAX_COUNT = 10**9          # more games than anyone plays: a larger count is damage
MAX_GLORY = 10**12


def _count(value: object) -> int:
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise ValueError("expected a count")
    return value


def _glory(value: object) -> int:
    if type(value) is not int or abs(value) > MAX_GLORY:
        raise ValueError("expected Glory")
    return value


def _normalise(data: object) -> dict:
    """Statistics from parsed JSON; raises ValueError when it is not ours."""
    if not isinstance(data, dict) or not isinstance(data.get("levels"), dict):
        raise ValueError("not a statistics file")
    out = empty_stats()
    out["games"] = _count(data.get("games", 0))
    out["watched"] = _count(data.get("watched", 0))
    for lvl in LEVELS:
        raw = data["levels"].get(lvl, {})
        if not isinstance(raw, dict):
            raise ValueError(f"bad level {lvl}")
        for key in ("games", "seats", "wins"):
            out["levels"][lvl][key] = _count(raw.get(key, 0))
    best = data.get("glory_best")
    out["glory_best"] = None if best is None else _glory(best)
    out["glory_sum"] = _glory(data.get("glory_sum", 0))
    out["glory_count"] = _count(data.get("glory_count", 0))
    out["last_played"] = _moment(data.get("last_played"))
    return out


def _moment(value: object) -> str | None:
    """A stored time we can show in any time zone, else None (it is only informative)."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return value if 1971 <= moment.year <= 9000 else None


def read_stats() -> tuple[dict, bool]:
    """(statistics, whether a damaged file is still in place).  A damaged file is moved aside
    under a dated name and the player told once (``storage.load_document``); only when it
    cannot be moved does it stay, and then it is never written over.  Never raises."""
    stats, stuck = storage.load_document(stats_path(), _normalise, "stats")
    return (stats if stats is not None else empty_stats()), stuck


def load_stats() -> dict:
    """The statistics; empty ones if the file is missing or damaged.  Never raises."""
    return read_stats()[0]


def stats_damaged() -> bool:
    """Whether a damaged statistics file could not be moved aside (the screen says so)."""
    return read_stats()[1]


def record_game(seats: Sequence[Mapping], glory: Sequence[int], winners: Sequence[int]) -> dict:
    """Add one finished game and save atomically; returns the new statistics.

    ``seats`` are ``{"name", "kind"}`` (or objects with ``.kind``), ``glory`` one total per
    seat, ``winners`` the winning seat indices.  Raises ``OSError`` if the disk refuses.
    """
    if len(glory) != len(seats):
        raise ValueError("one Glory value per seat expected")
    stats = copy.deepcopy(load_stats())
    stats["games"] += 1
    humans = [i for i, s in enumerate(seats) if _kind(s) == "human"]
    if not humans:
        stats["watched"] += 1
    else:
        level = stats["levels"][game_level(seats)]
        level["games"] += 1
        level["seats"] += len(humans)
        level["wins"] += sum(1 for i in humans if i in set(winners))
        for i in humans:
            g = int(glory[i])
            stats["glory_sum"] += g
            stats["glory_count"] += 1
            if stats["glory_best"] is None or g > stats["glory_best"]:
                stats["glory_best"] = g
    stats["last_played"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
    storage.write_json(stats_path(), stats)
    return stats


def reset_stats() -> None:
    """Forget every recorded game (the file is replaced by empty statistics)."""
    storage.write_json(stats_path(), empty_stats())


# -- derived figures (for the screen) ----------------------------------------------------------
def mean_glory(stats: Mapping) -> float | None:
    return stats["glory_sum"] / stats["glory_count"] if stats.get("glory_count") else None


def human_games(stats: Mapping) -> int:
    return sum(stats["levels"][lvl]["games"] for lvl in LEVELS)


def human_wins(stats: Mapping, levels: Sequence[str] = BOT_LEVELS) -> int:
    """Human seat wins at the given levels (against bots by default)."""
    return sum(stats["levels"][lvl]["wins"] for lvl in levels)


def win_rate(level: Mapping) -> float | None:
    return level["wins"] / level["seats"] if level.get("seats") else None
