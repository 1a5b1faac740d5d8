"""Player settings: a dataclass saved as JSON in the user's config folder.

The folder is ``platformdirs.user_config_dir("knjazja")`` unless the environment variable
``KNJAZJA_HOME`` names another one (tests, portable installs).  Saving is atomic (temp file in
the same folder, flush + fsync, ``os.replace``), so a crash never leaves half a file.  Loading
never fails: a missing file gives the defaults (in the system's language: Russian on a
Russian system, else English); a damaged one (not JSON, unreadable, a bad
field) is moved aside as ``settings.damaged-<date>.json`` and the player told once
(``storage.load_document``); the defaults stand in for what was bad, good fields are kept.

``last_setup`` is the shape the new-game screen hands to ``on_start``::

    {"seats": [{"name": "Ярослав", "kind": "human"}, ...],      # 2..8 seats
     "first_player": 0 | "random",
     "options": {"strict_defence": False, "invasion_first_round": False}}

A seat name of ``""`` means "the default name for this seat" (filled in by the setup screen).
"""
from __future__ import annotations

import copy
import json
import logging
import math
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Literal, TypedDict

from knjazja.app.wording.names import MAX_NAME_LENGTH, clean_name  # noqa: F401  (MAX_NAME_LENGTH: the setup screen's)

log = logging.getLogger(__name__)

APP_NAME = "knjazja"
ENV_HOME = "KNJAZJA_HOME"
SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 1

LANGUAGES = ("en", "ru")
MIN_WINDOW_SIZE = (960, 540)       # a 1366x768 laptop must be able to shrink the window
DEFAULT_WINDOW_SIZE = (1600, 900)  # only when the desktop size is unknown
MAX_WINDOW_SIZE = (16384, 16384)
ANIMATION_SPEED_RANGE = (0.5, 3.0)
PLAYER_KINDS = ("human", "easy", "normal", "hard", "remote")   # remote: a player on another computer
BOT_KINDS = ("easy", "normal", "hard")
MIN_PLAYERS, MAX_PLAYERS = 2, 8
REACTION_PROMPTING = ("always", "when_possible")
OPTION_KEYS = ("strict_defence", "invasion_first_round")


class SeatSpec(TypedDict):
    name: str
    kind: Literal["human", "easy", "normal", "hard", "remote"]


class SetupOptions(TypedDict):
    strict_defence: bool
    invasion_first_round: bool


class GameSetup(TypedDict):
    seats: list[SeatSpec]
    first_player: int | Literal["random"]
    options: SetupOptions


def default_setup() -> GameSetup:
    """One human against three normal bots, random first player, no house rules."""
    return {
        "seats": [SeatSpec(name="", kind="human")] + [SeatSpec(name="", kind="normal") for _ in range(3)],
        "first_player": "random",
        "options": {"strict_defence": False, "invasion_first_round": False},
    }


def validate_setup(data: object) -> GameSetup:
    """Check and normalise a game setup; raises ``ValueError`` naming what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("setup must be an object")
    seats_in = data.get("seats")
    if not isinstance(seats_in, list) or not MIN_PLAYERS <= len(seats_in) <= MAX_PLAYERS:
        raise ValueError(f"setup needs {MIN_PLAYERS}..{MAX_PLAYERS} seats")
    seats: list[SeatSpec] = []
    for i, seat in enumerate(seats_in):
        if not isinstance(seat, dict):
            raise ValueError(f"seat {i} must be an object")
        name, kind = seat.get("name", ""), seat.get("kind")
        if not isinstance(name, str):
            raise ValueError(f"seat {i}: name must be a string")
        if kind not in PLAYER_KINDS:
            raise ValueError(f"seat {i}: kind must be one of {PLAYER_KINDS}")
        seats.append({"name": clean_name(name), "kind": kind})
    first = data.get("first_player", "random")
    if first != "random" and not (type(first) is int and 0 <= first < len(seats)):
        raise ValueError("first_player must be 'random' or a seat index")
    options_in = data.get("options", {})
    if not isinstance(options_in, dict):
        raise ValueError("options must be an object")
    options: SetupOptions = {"strict_defence": False, "invasion_first_round": False}
    for key, value in options_in.items():
        if key not in OPTION_KEYS or not isinstance(value, bool):
            raise ValueError(f"bad option {key!r}: {value!r}")
        options[key] = value  # type: ignore[literal-required]
    return {"seats": seats, "first_player": first, "options": options}


@dataclass
class Settings:
    language: str = "en"
    window_size: tuple[int, int] | None = None    # None: not chosen yet, ~85% of the desktop
    fullscreen: bool = False
    animation_speed: float = 1.0
    volume: float = 0.8
    mute: bool = False
    reaction_prompting: str = "always"
    confirm_end_war: bool = True
    last_setup: GameSetup = field(default_factory=default_setup)

    # -- (de)serialisation -------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size) if self.window_size is not None else None
        data["last_setup"] = copy.deepcopy(self.last_setup)
        return {"version": SETTINGS_VERSION, **data}

    @classmethod
    def from_json(cls, data: object) -> "Settings":
        """Build settings from parsed JSON; bad fields fall back to defaults with a warning."""
        return cls.parse(data)[0]

    @classmethod
    def parse(cls, data: object) -> tuple["Settings", list[str]]:
        """Settings from parsed JSON, and the names of the fields that were bad (those fall
        back to their defaults, the rest is kept; fields we do not know are ignored)."""
        settings, bad = cls(), []
        if not isinstance(data, dict):
            log.warning("settings: expected a JSON object, using defaults")
            return settings, ["*"]
        for f in fields(cls):
            if f.name not in data:
                continue
            try:
                setattr(settings, f.name, _VALIDATORS[f.name](data[f.name]))
            except (ValueError, TypeError) as exc:
                log.warning("settings: ignoring bad %s=%.80r (%s)", f.name, data[f.name], exc)
                bad.append(f.name)
        return settings, bad

    def copy(self) -> "Settings":
        return copy.deepcopy(self)


def _bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise TypeError("expected true/false")
    return value


def _number(value: object, lo: float, hi: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise TypeError("expected a number")
    return float(min(hi, max(lo, value)))


def _choice(value: object, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise ValueError(f"expected one of {choices}")
    return str(value)


def _window_size(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(type(v) is int for v in value)):
        raise TypeError("expected [width, height]")
    w, h = value
    return (min(MAX_WINDOW_SIZE[0], max(MIN_WINDOW_SIZE[0], w)),
            min(MAX_WINDOW_SIZE[1], max(MIN_WINDOW_SIZE[1], h)))


_VALIDATORS = {
    "language": lambda v: _choice(v, LANGUAGES),
    "window_size": _window_size,
    "fullscreen": _bool,
    "animation_speed": lambda v: _number(v, *ANIMATION_SPEED_RANGE),
    "volume": lambda v: _number(v, 0.0, 1.0),
    "mute": _bool,
    "reaction_prompting": lambda v: _choice(v, REACTION_PROMPTING),
    "confirm_end_war": _bool,
    "last_setup": validate_setup,
}


# -- files --------------------------------------------------------------------------------------
def config_dir() -> Path:
    """Where settings live: ``$KNJAZJA_HOME`` if set, else the platform's user config folder."""
    override = os.environ.get(ENV_HOME)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP_NAME, appauthor=False))


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def load_settings(path: Path | None = None) -> Settings:
    """Read settings; never raises for a missing or damaged file (see module docstring)."""
    from knjazja.app.store import storage
    path = path or settings_path()
    data, _ = storage.load_document(path, _an_object, "settings")
    if data is None:              # the first start speaks the system's language
        return Settings(language=system_language())
    settings, bad = Settings.parse(data)
    if bad:       # the good fields are kept; the file as it was is kept aside for the player
        storage.report_damaged(path, "settings", "field")
    return settings


def system_language(env: dict[str, str] | None = None) -> str:
    """"ru" when the system speaks Russian, else "en": the locale variables in gettext's
    order (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), then Windows' display language."""
    env = dict(os.environ) if env is None else env
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value and value not in ("C", "POSIX") and not value.startswith(("C.", "POSIX.")):
            return "ru" if value.split(":")[0].lower().startswith("ru") else "en"
    return "ru" if _windows_ui_language() == "ru" else "en"


def _windows_ui_language() -> str:
    """The primary language of Windows' display language, "" elsewhere."""
    import ctypes
    windll = getattr(ctypes, "windll", None)
    if windll is None:
        return ""
    primary = windll.kernel32.GetUserDefaultUILanguage() & 0x3FF
    return "ru" if primary == 0x19 else "other"


def _an_object(data: object) -> dict:
    if not isinstance(data, dict):
        raise ValueError("settings must be a JSON object")
    return data


def save_settings(settings: Settings, path: Path | None = None) -> Path:
    """Write settings atomically; returns the path.  Raises ``OSError`` if the disk refuses."""
    from knjazja.app.store import storage
    path = path or settings_path()
    if storage.must_not_write(path):
        raise OSError(f"{path.name} is damaged and was left as it is")
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(settings.to_json(), ensure_ascii=False, indent=2) + "\n"
    atomic_write_text(path, text)
    return path


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that readers see either the old or the new file."""
    from knjazja.app.store.files import write_atomic  # one atomic writer for saves and settings
    write_atomic(path, text)
