"""Saves as JSON: format, version, ruleset, options, seed, first player and the action list.

Loading replays the actions through `apply`, so a save can never hold a state the
rules could not reach. A checksum over the content catches truncation and edits.
Only text and bytes here: reading and writing the files is the application's
(``knjazja.app.store.files``).
"""
from __future__ import annotations

import hashlib
import json
from typing import cast

from knjazja import __version__

from .actions import Action
from .brief import short
from .cards import RULESET_VERSION
from .game import new_game
from .rules import apply, legal_actions
from .save_error import MAX_SAVE_BYTES, SaveError
from .save_error import SAVE_ERROR_KINDS as SAVE_ERROR_KINDS  # (where it was before)
from .state import MAX_PLAYERS, MIN_PLAYERS, GameOptions, GameState

FORMAT = "knjazja-save"
VERSION = 1
# Limits that keep a hostile file from hanging the loader. A real game is a few hundred
# actions and a few kilobytes; wars declared and ended at once can stretch a game
# without bound, hence the generous margins.
MAX_ACTIONS = 20_000
# Replaying costs about one microsecond per legal choice the rules list on the way; the
# Wise Voivode's squads alone can list 2^17 of them. A random game lists under 2,000.
MAX_REPLAY_CHOICES = 3_000_000
MAX_DEPTH = 32          # JSON nesting (a save itself is 4 deep; meta may add some)
KEYS = frozenset({"format", "version", "ruleset", "players", "seed", "first_player",
                  "options", "actions", "meta", "checksum",
                  "game_version"})      # optional, informative: the game that wrote it
MAX_GAME_VERSION_LENGTH = 40
OPTION_KEYS = frozenset(GameOptions().to_json())


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
    _check_envelope(data)
    envelope = cast(dict, data)                # _check_envelope refused anything else
    try:
        s = _new_game_of(envelope)
    except ValueError as e:
        raise SaveError(f"save is invalid: {e}") from None
    choices = 0
    for i, raw in enumerate(envelope["actions"]):
        choices += len(legal_actions(s))       # computed here, reused by apply
        if choices > MAX_REPLAY_CHOICES:
            raise SaveError(f"save is invalid: replaying it lists over {MAX_REPLAY_CHOICES} "
                            f"choices by action {i + 1}", "too_large")
        try:
            apply(s, Action.from_json(raw))
        except ValueError as e:                # IllegalAction is a ValueError
            raise SaveError(f"save is invalid at action {i + 1}: {e}", at=i + 1) from None
    return s, envelope.get("meta", {})


def _check_envelope(data: object) -> None:
    """Format, version, limits, nesting, checksum and ruleset, in the order a user
    would want to hear about them."""
    if not isinstance(data, dict):
        raise SaveError("not a Knjaz'ja save (expected a JSON object)", "not_save")
    if data.get("format") != FORMAT:
        raise SaveError("not a Knjaz'ja save (unknown format)", "not_save")
    version = data.get("version")
    if type(version) is not int:
        raise SaveError("save has no valid version", "not_save")
    if version > VERSION:
        raise SaveError(f"save is from a newer version of the game (format {short(version)}, "
                        f"this game reads up to {VERSION})", "newer")
    if version < 1:
        raise SaveError(f"unsupported save version {short(version)}", "old")
    actions = data.get("actions")
    if isinstance(actions, list) and len(actions) > MAX_ACTIONS:
        raise SaveError(f"save is invalid: {len(actions)} actions (the limit is {MAX_ACTIONS})",
                        "too_large")
    if _too_deep(data, MAX_DEPTH):
        raise SaveError(f"save is invalid: nested deeper than {MAX_DEPTH} levels")
    body = {k: v for k, v in data.items() if k != "checksum"}
    try:
        checksum = _checksum(body)
    except (TypeError, ValueError) as e:       # not JSON data (a set, a 5000-digit number)
        raise SaveError(f"save is invalid: not JSON data ({short(str(e), 60)})") from None
    if data.get("checksum") != checksum:
        raise SaveError("save is damaged or was edited (checksum mismatch)", "edited")
    if data.get("ruleset") != RULESET_VERSION:
        raise SaveError(f"save uses ruleset {short(data.get('ruleset'))}, "
                        f"this game has {RULESET_VERSION}", "ruleset")


def _new_game_of(data: dict) -> GameState:
    """The game at its start, from the checked header; raises ValueError."""
    stray = sorted(k for k in data if k not in KEYS)
    if stray:
        raise ValueError(f"unknown field {short(stray[0])}")
    missing = [k for k in ("players", "seed", "first_player", "options", "actions")
               if k not in data]
    if missing:
        raise ValueError(f"'{missing[0]}' is missing")
    written_by = data.get("game_version", "")
    if not isinstance(written_by, str) or len(written_by) > MAX_GAME_VERSION_LENGTH:
        raise ValueError("game_version must be a short text")
    players, seed, first = data["players"], data["seed"], data["first_player"]
    if not all(type(x) is int for x in (players, seed, first)):
        raise ValueError("players, seed and first_player must be integers")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, not {short(players)}")
    if not 0 <= first < players:
        raise ValueError(f"first_player must be a seat 0..{players - 1}, not {short(first)}")
    options = data["options"]
    if (not isinstance(options, dict) or not set(options) <= OPTION_KEYS
            or not all(type(v) is bool for v in options.values())):
        raise ValueError(f"options must be true/false house rules, not {short(options)}")
    if not isinstance(data["actions"], list):
        raise ValueError("actions must be a list")
    if not isinstance(data.get("meta", {}), dict):
        raise ValueError("meta must be an object")
    return new_game(players, seed, GameOptions(**options), first)


def _too_deep(value: object, limit: int) -> bool:
    """Whether `value` nests lists/dicts deeper than `limit` (iterative: no recursion)."""
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        elif not isinstance(v, list):
            continue
        if depth > limit:
            return True
        stack.extend((x, depth + 1) for x in v if isinstance(x, (list, dict)))
    return False


def _refuse_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


def loads(text: str) -> tuple[GameState, dict]:
    if len(text) > MAX_SAVE_BYTES:
        raise SaveError(f"save is too large ({len(text)} characters, "
                        f"the limit is {MAX_SAVE_BYTES})", "too_large")
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as e:
        raise SaveError(f"save is not valid JSON ({e.msg} at line {e.lineno})", "not_save") from None
    except RecursionError:
        raise SaveError(f"save is invalid: nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as e:                    # NaN, or a number of over 4300 digits
        raise SaveError(f"save is not valid JSON ({short(str(e), 60)})", "not_save") from None
    return from_json(data)


def from_bytes(raw: bytes, source: str = "save") -> tuple[GameState, dict]:
    """A save's bytes as read from a file (``source`` names it in messages): at most
    ``MAX_SAVE_BYTES``, UTF-8, then :func:`loads`.  Raises SaveError.  The engine reads no
    file itself: the application's storage (``knjazja.app.store.files``) hands it the bytes."""
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(f"{source} is too large (over {MAX_SAVE_BYTES} bytes)", "too_large")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SaveError(f"{source} is not UTF-8 text (byte {e.start})", "not_save") from None
    return loads(text)
