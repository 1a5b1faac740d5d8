"""Saves as JSON: format, version, ruleset, options, seed, first player and the action list.

Loading replays the actions through `apply`, so a save can never hold a state the
rules could not reach. A checksum over the content catches truncation and edits.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from pathlib import Path

from knjazja import __version__

from .actions import Action, IllegalAction
from .cards import RULESET_VERSION
from .game import new_game
from .rules import apply
from .state import GameOptions, GameState

FORMAT = "knjazja-save"
VERSION = 1


class SaveError(ValueError):
    """A save that cannot be loaded; the message is one line, fit for the user."""


def _checksum(body: dict) -> str:
    canon = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canon.encode("utf-8")).hexdigest()


def to_json(s: GameState, meta: dict | None = None) -> dict:
    body = {
        "format": FORMAT, "version": VERSION, "ruleset": RULESET_VERSION,
        "players": s.n, "seed": s.seed, "first_player": s.first_player,
        "options": s.options.to_json(), "actions": [a.to_json() for a in s.history],
        "meta": meta or {}, "game_version": __version__,   # informative: what wrote it
    }
    return dict(body, checksum=_checksum(body))


def dumps(s: GameState, meta: dict | None = None) -> str:
    return json.dumps(to_json(s, meta), ensure_ascii=False, separators=(",", ":"))


def from_json(data: object) -> tuple[GameState, dict]:
    """Validate and replay a save; returns (state, meta). Raises SaveError."""
    if not isinstance(data, dict):
        raise SaveError("not a Knjaz'ja save (expected a JSON object)")
    if data.get("format") != FORMAT:
        raise SaveError("not a Knjaz'ja save (unknown format)")
    version = data.get("version")
    if not isinstance(version, int):
        raise SaveError("save has no valid version")
    if version > VERSION:
        raise SaveError(f"save is from a newer version of the game (format {version}, "
                        f"this game reads up to {VERSION})")
    if version < 1:
        raise SaveError(f"unsupported save version {version}")
    body = {k: v for k, v in data.items() if k != "checksum"}
    if data.get("checksum") != _checksum(body):
        raise SaveError("save is damaged or was edited (checksum mismatch)")
    if data.get("ruleset") != RULESET_VERSION:
        raise SaveError(f"save uses ruleset {data.get('ruleset')!r}, this game has {RULESET_VERSION}")
    try:
        options = GameOptions.from_json(data.get("options"))
        players, seed, first = data.get("players"), data.get("seed"), data.get("first_player")
        if not all(type(x) is int for x in (players, seed, first)):
            raise ValueError("players, seed and first_player must be integers")
        s = new_game(players, seed, options, first)
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise ValueError("actions must be a list")
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise ValueError("meta must be an object")
    except ValueError as e:
        raise SaveError(f"save is invalid: {e}") from None
    for i, raw in enumerate(actions):
        try:
            apply(s, Action.from_json(raw))
        except (IllegalAction, ValueError) as e:
            raise SaveError(f"save is invalid at action {i + 1}: {e}") from None
    return s, meta


def loads(text: str) -> tuple[GameState, dict]:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise SaveError(f"save is not valid JSON ({e.msg} at line {e.lineno})") from None
    return from_json(data)


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


def write_atomic(path: str | os.PathLike, text: str) -> None:
    """Write to a temporary file beside `path`, flush and fsync, then rename over it:
    a crash mid-write leaves the previous file intact. A target locked by another program
    is retried for about a second, then :class:`LockedFileError` (an OSError) is raised."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
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


def save_game(s: GameState, path: str | os.PathLike, meta: dict | None = None) -> None:
    write_atomic(path, dumps(s, meta))


def load_game(path: str | os.PathLike) -> tuple[GameState, dict]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"no save at {path}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(f"cannot read save {path}: {e}") from None
    return loads(text)
