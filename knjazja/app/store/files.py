"""The game's files on disk: atomic writes (fsync, Windows lock retries), the temporary
files a crash leaves, and saves read and written through the engine's JSON.

The engine only turns a game into text and text back into a checked game
(``knjazja.engine.saves``); everything that touches the disk is here.  No pygame.
"""
from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

# the rules load with the first game saved or loaded, not with the menu
from knjazja.engine.save_error import MAX_SAVE_BYTES, SaveError

if TYPE_CHECKING:
    from knjazja.engine import GameState

# Windows: while an indexer, an antivirus or a second copy of the game holds the target open,
# os.replace raises PermissionError; such holds last milliseconds, so try a few times.
REPLACE_RETRY_DELAYS = (0.02, 0.05, 0.1, 0.2, 0.4)     # seconds between tries (~0.8 s in all)
_sleep = time.sleep                                     # tests count the waits instead


class LockedFileError(PermissionError):
    """The target stayed locked by another program through every retry; one-line message."""


def _replace_retrying(tmp: str, path: Path) -> None:
    for delay in (*REPLACE_RETRY_DELAYS, None):
        try:
            os.replace(tmp, path)
            return
        except PermissionError as e:
            if delay is None:
                raise LockedFileError(
                    e.errno, f"{path.name} is locked by another program "
                    f"(tried {len(REPLACE_RETRY_DELAYS) + 1} times); the previous copy is kept",
                    str(path)) from None
            _sleep(delay)


TEMP_SUFFIX = ".tmp"
STALE_TEMP_SECONDS = 60     # younger ones may belong to a second copy of the game writing now


def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Write to a temporary file beside `path`, flush and fsync, then rename over it:
    a crash mid-write leaves the previous file intact. A target locked by another program
    is retried for about a second, then :class:`LockedFileError` (an OSError) is raised."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        _replace_retrying(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    """POSIX: make the rename itself durable (the new name is an entry of the folder), so a
    power cut right after a save cannot bring the old file back.  Windows has no such call;
    some file systems refuse it (EINVAL): the file is written either way."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def clean_stale_temps(folder: str | os.PathLike, now: float | None = None) -> list[Path]:
    """Remove the temporary files ``write_atomic`` leaves when the program dies mid-write
    (``<name>.json.<random>.tmp`` beside the file); returns those removed.  Never raises."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        candidates = list(Path(folder).glob(f"*.json.*{TEMP_SUFFIX}"))
    except OSError:
        return removed
    for p in candidates:
        try:
            if p.is_file() and now - p.stat().st_mtime >= STALE_TEMP_SECONDS:
                p.unlink()
                removed.append(p)
        except OSError:          # gone meanwhile, or not ours to remove: leave it
            continue
    return removed


def save_game(s: GameState, path: str | os.PathLike, meta: dict | None = None) -> None:
    """Write the save of ``s`` atomically (the engine's ``dumps``); raises OSError."""
    from knjazja.engine.saves import dumps

    write_atomic(path, dumps(s, meta))


def load_game(path: str | os.PathLike) -> tuple[GameState, dict]:
    """Read and check the save at ``path``; raises SaveError (``missing``, ``unreadable``
    or whatever the engine finds wrong with its content)."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_SAVE_BYTES + 1)       # never more: the file may be huge
    except FileNotFoundError:
        raise SaveError(f"no save at {path}", "missing") from None
    except OSError as e:
        raise SaveError(f"cannot read save {path}: {e}", "unreadable") from None
    from knjazja.engine.saves import from_bytes

    return from_bytes(raw, f"save {path}")


__all__ = ["LockedFileError", "REPLACE_RETRY_DELAYS", "write_atomic", "clean_stale_temps",
           "save_game", "load_game"]
