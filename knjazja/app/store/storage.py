"""Where the game keeps what the player made: autosave, named saves, series, statistics.

``platformdirs.user_data_dir("knjazja")`` unless ``KNJAZJA_HOME`` names another folder.
Every write is atomic (``knjazja.app.store.files.write_atomic``); the autosave is written in the
background (``knjazja.app.store.autosave``), so whatever lists, loads or removes saves here waits
for it first.  The small documents (statistics,
series, settings) are read with ``load_document``: a damaged one is moved aside under a
dated name and the player is told once, never overwritten silently.  No pygame here.
"""
from __future__ import annotations

import json
import logging
import os
import stat
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from knjazja.app.store import autosave, files, notices
from knjazja.app.store.files import clean_stale_temps, write_atomic
from knjazja.app.wording.save_errors import LeftAsIs
from knjazja.engine.save_error import SaveError

if TYPE_CHECKING:
    from knjazja.engine import GameState

log = logging.getLogger(__name__)

ENV_HOME = "KNJAZJA_HOME"
AUTOSAVE = "autosave.json"


def data_dir() -> Path:
    home = os.environ.get(ENV_HOME)
    if home:
        return Path(home)
    import platformdirs
    return Path(platformdirs.user_data_dir("knjazja", appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE


def load_game(path: str | os.PathLike) -> tuple[GameState, dict]:
    """The save at ``path`` once the autosaves handed over are written; raises SaveError."""
    autosave.flush()
    return files.load_game(path)


def remove_autosave() -> None:
    """A finished game is not continued: no autosave of it, written now or still queued."""
    autosave.flush()
    autosave_path().unlink(missing_ok=True)


def list_saves() -> list[Path]:
    """Named saves (files, not folders), newest first; the folder being unreadable or a
    file vanishing meanwhile gives a shorter list, never an error."""
    autosave.flush()
    found = []
    try:
        for p in saves_dir().glob("*.json"):
            try:
                st = p.stat()
            except OSError:             # a dangling link, or deleted since the listing
                continue
            if stat.S_ISREG(st.st_mode):
                found.append((st.st_mtime, p))
    except OSError:
        return []
    return [p for _, p in sorted(found, key=lambda t: t[0], reverse=True)]


def clean_temporary_files() -> list[Path]:
    """At start: remove what writes interrupted by a crash or power cut left behind."""
    from knjazja.app.store.settings import config_dir
    removed = []
    for folder in {data_dir(), saves_dir(), config_dir()}:
        removed += clean_stale_temps(folder)
    return removed


def has_saves() -> bool:
    autosave.flush()
    try:
        return autosave_path().is_file() or bool(list_saves())
    except OSError:
        return False


def has_autosave() -> bool:
    """A game to continue: the autosave is there (and not a damaged file left in place)."""
    autosave.flush()
    try:
        path = autosave_path()
        return path.is_file() and not must_not_write(path)
    except OSError:
        return False


# what in an autosave that cannot be loaded makes it damaged (-> storage.reason.*); a save of
# another version ("newer", "old", "ruleset") is not damaged: Continue says why it cannot load
DAMAGED_SAVE = {"unreadable": "unreadable", "too_large": "too_large", "not_save": "content",
                "edited": "content", "invalid": "content"}


def set_aside_damaged_autosave(error: SaveError | None = None) -> bool:
    """Check the autosave (or take ``error``, why it just failed to load): a damaged one is
    moved aside like the other damaged files and the player is told once.  True if it was
    damaged (Continue has nothing to offer then)."""
    autosave.flush()
    path = autosave_path()
    try:
        if error is None:
            if path.is_dir():
                report_damaged(path, "autosave", "folder", notices.Key("save_error.unreadable"))
                return True
            if not path.is_file():
                return False
            load_game(path)
            return False
    except SaveError as exc:
        error = exc
    except OSError:
        return False
    code = DAMAGED_SAVE.get(error.kind) if error is not None else None
    if code is None:
        return False
    from knjazja.app.wording.save_errors import save_error_phrase
    log.warning("autosave: %s is damaged (%s)", path, error)
    key, params = save_error_phrase(error)
    report_damaged(path, "autosave", code, notices.Phrase(key, params))     # names the move that fails
    return True


# Names Windows keeps for devices, whatever the extension ("CON.json" is the console).
WINDOWS_DEVICE_NAMES = frozenset(
    ["CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"]
    + [f"{port}{n}" for port in ("COM", "LPT") for n in [*"123456789", "¹", "²", "³"]])


def safe_name(name: str) -> str:
    """A file name (without extension) made from a save's name, valid on every OS."""
    keep = "".join(ch if ch.isalnum() or ch in " -_" else "_" for ch in name.strip())
    keep = keep[:60].strip() or "save"
    if keep.upper() in WINDOWS_DEVICE_NAMES:
        keep += "_"
    return keep


def save_display_name(name: str) -> str:
    """A save's name as the player typed it: any printable characters, spaces collapsed."""
    return " ".join("".join(ch for ch in name if ch.isprintable()).split())


def save_file_for(name: str, name_in: Callable[[Path], str]) -> Path:
    """The file for the save called ``name``: its safe name, or — when that file holds a
    save of another name (``name_in(path)``; "#1" and "_1" make the same file name) — the
    same with a number."""
    base = safe_name(name)
    for i in range(1, 1000):
        path = saves_dir() / (f"{base}.json" if i == 1 else f"{base} ({i}).json")
        if not path.exists() or name_in(path) == name:
            return path
    raise OSError(f"too many saves named like {name!r}")


class DamagedFile(ValueError):
    """A file of ours that cannot be used; ``code`` names why (``storage.reason.<code>``)."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code


MAX_DOCUMENT_BYTES = 1024 * 1024     # statistics, series, settings: a few kilobytes at most
MISSING = object()


def read_document(path: Path) -> object:
    """A small JSON document (statistics, series, settings), parsed; ``MISSING`` if there is
    no file.  Raises ``DamagedFile`` for anything else that is not JSON we could read: a
    folder in its place, an unreadable or huge file, bytes that are not UTF-8 JSON."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_DOCUMENT_BYTES + 1)       # never more: the file may be huge
    except (FileNotFoundError, NotADirectoryError):    # no file (or no folder to hold one)
        return MISSING
    except IsADirectoryError:
        raise DamagedFile("folder") from None
    except OSError as exc:          # no permission, a lock; on Windows also a folder in its place
        if os.path.isdir(path):     # Windows says "permission denied" when opening a folder
            raise DamagedFile("folder") from None
        raise DamagedFile("unreadable", exc.strerror or str(exc)) from None
    if len(raw) > MAX_DOCUMENT_BYTES:
        raise DamagedFile("too_large")
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise DamagedFile("not_text") from None
    except (ValueError, RecursionError) as exc:    # JSONDecodeError, NaN, 5000 digits, deep nesting
        raise DamagedFile("not_json", str(exc).splitlines()[0][:80]) from None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def set_aside(path: Path) -> Path:
    """Move a damaged file (or folder) out of the way under a dated name beside it, e.g.
    ``stats.damaged-2025-03-01_14-05-09.json``; returns the new path.  Raises OSError."""
    stamp = datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
    stem, suffix = path.stem, path.suffix
    target = path.with_name(f"{stem}.damaged-{stamp}{suffix}")
    n = 2
    while target.exists():
        target = path.with_name(f"{stem}.damaged-{stamp}-{n}{suffix}")
        n += 1
    os.replace(path, target)
    return target


T = TypeVar("T")
_stuck: set[Path] = set()      # damaged files that could not be moved aside (never written over)


def load_document(path: Path, parse: Callable[[object], T], what: str) -> tuple[T | None, bool]:
    """Read and ``parse`` one of our small documents (``what``: "stats", "series", "settings").

    ``(value, False)`` when it is fine, ``(None, False)`` when there is none.  A damaged file
    (``parse`` raises ValueError when the content is not ours) is reported (``report_damaged``)
    and gives ``(None, stuck)``."""
    try:
        raw = read_document(path)
        value = None if raw is MISSING else parse(raw)
        _stuck.discard(Path(path))            # mended or removed by the player meanwhile
        return value, False
    except DamagedFile as exc:
        code, detail = exc.code, str(exc)
    except ValueError as exc:
        code, detail = "content", str(exc)
    log.warning("%s: %s is damaged (%s)", what, path, detail.splitlines()[0] if detail else code)
    return None, report_damaged(path, what, code)


def report_damaged(path: Path, what: str, code: str, reason_text: notices.Key | notices.Phrase | None = None) -> bool:
    """Move a damaged document aside under a dated name and tell the player once; returns
    False then (a new file may be written).  If it cannot be moved, it is left alone, the
    player is told so, and True says it must not be written over (``must_not_write``).
    ``reason_text``: what is wrong, a phrase said when the player is told (else the ``storage.reason`` of ``code``)."""
    reason = notices.Key("storage.reason." + code) if reason_text is None else reason_text
    try:
        kept = set_aside(path)
    except OSError as exc:
        _stuck.add(Path(path))
        notices.tell_once(str(path), "storage.damaged_title", f"storage.stuck.{what}", reason=reason,
                          error=exc.strerror or str(exc))
        return True
    _stuck.discard(Path(path))
    notices.tell_once(str(kept), "storage.damaged_title", f"storage.damaged.{what}", reason=reason,
                      name=kept.name, folder=str(kept.parent))
    return False


def must_not_write(path: Path) -> bool:
    """Whether ``path`` is a damaged file that could not be moved aside (keep it as it is)."""
    return Path(path) in _stuck


def write_json(path: Path, data) -> None:
    """Write atomically; a damaged file that could not be moved aside is not written over."""
    if must_not_write(path):
        raise LeftAsIs(Path(path).name)
    write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1))


__all__ = ["data_dir", "saves_dir", "autosave_path", "remove_autosave", "list_saves", "has_saves", "has_autosave",
           "set_aside_damaged_autosave", "safe_name",
           "save_display_name", "save_file_for",
           "DamagedFile", "read_document", "load_document", "report_damaged", "set_aside",
           "must_not_write", "write_json", "SaveError", "load_game"]
