"""Where the game keeps what the player made: autosave, named saves, series, statistics.

``platformdirs.user_data_dir("knjazja")`` unless ``KNJAZJA_HOME`` names another folder.
Every write is atomic (``knjazja.engine.write_atomic``). No pygame here.
"""
from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from knjazja.engine import SaveError, load_game, write_atomic

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


def list_saves() -> list[Path]:
    """Named saves, newest first."""
    d = saves_dir()
    if not d.is_dir():
        return []
    return sorted(d.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)


def has_saves() -> bool:
    return autosave_path().is_file() or bool(list_saves())


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


def read_json(path: Path, default):
    """A small JSON document (series, statistics); `default` if missing or unreadable."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return default


def write_json(path: Path, data) -> None:
    write_atomic(path, json.dumps(data, ensure_ascii=False, indent=1))


__all__ = ["data_dir", "saves_dir", "autosave_path", "list_saves", "has_saves", "safe_name",
           "save_display_name", "save_file_for",
           "read_json", "write_json", "SaveError", "load_game"]
