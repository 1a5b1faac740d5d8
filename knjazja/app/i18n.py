"""UI strings in Russian and English.

The strings are data: ``knjazja/app/data/strings.<lang>.json``, one flat object per language
with dotted keys (``"menu.new_game"``).  A value is either a ``str.format`` template or, for
words that change with a number, an object of plural forms keyed by CLDR category
(English: ``one``/``other``; Russian: ``one``/``few``/``many``), picked by the ``n`` argument.

``tr(key, **kw)`` looks the key up in the current language, falls back to English and then to
the key itself (so a missing string shows up on screen instead of crashing the game).
Card names and texts are not here: they belong to the engine's catalogue.
"""
from __future__ import annotations

import json
import logging
from functools import cache
from pathlib import Path

log = logging.getLogger(__name__)

LANGUAGES: tuple[str, ...] = ("en", "ru")
DEFAULT_LANGUAGE = "en"
LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}
PLURAL_FORMS = {"en": ("one", "other"), "ru": ("one", "few", "many")}

DATA_DIR = Path(__file__).with_name("data")

_current = DEFAULT_LANGUAGE
_reported_missing: set[tuple[str, str]] = set()


@cache
def strings(lang: str) -> dict[str, str | dict[str, str]]:
    """The whole string table of one language (read once, then cached)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; expected one of {LANGUAGES}")
    path = DATA_DIR / f"strings.{lang}.json"
    with path.open(encoding="utf-8") as f:
        table = json.load(f)
    if not isinstance(table, dict):
        raise ValueError(f"{path}: expected a JSON object")
    return table


def set_language(lang: str) -> None:
    """Make ``lang`` ("en" or "ru") the language of every later ``tr`` call."""
    global _current
    strings(lang)  # validates the code and loads the table
    _current = lang


def get_language() -> str:
    return _current


def plural_category(lang: str, n: int) -> str:
    """The CLDR plural category of ``n`` in ``lang`` (integers only)."""
    n = abs(int(n))
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def _lookup(key: str, lang: str) -> tuple[str | dict[str, str] | None, str]:
    value = strings(lang).get(key)
    if value is None and lang != DEFAULT_LANGUAGE:
        value = strings(DEFAULT_LANGUAGE).get(key)
        lang = DEFAULT_LANGUAGE
    return value, lang


def tr(key: str, /, lang: str | None = None, **kw: object) -> str:
    """Translate ``key`` into the current language (or ``lang``), formatting it with ``kw``.

    Plural entries need ``n=``: ``tr("setup.player_count", n=5)`` -> "5 игроков".
    """
    value, used = _lookup(key, lang or _current)
    if value is None:
        if (lang or _current, key) not in _reported_missing:
            _reported_missing.add((lang or _current, key))
            log.warning("missing UI string %r", key)
        return key
    if isinstance(value, dict):
        n = kw.get("n", 0)
        category = plural_category(used, n if isinstance(n, int) else 0)
        value = value.get(category) or value.get("other") or value.get("many") or key
    if not kw:
        return value
    try:
        return value.format(**kw)
    except (KeyError, IndexError, ValueError):
        log.warning("bad arguments %r for UI string %r", kw, key)
        return value


def has(key: str) -> bool:
    """Whether ``key`` exists in the current language's table."""
    return key in strings(_current)


def tr_list(key: str, /, lang: str | None = None) -> list[str]:
    """A comma-separated string entry as a list (e.g. default prince names)."""
    return [part.strip() for part in tr(key, lang=lang).split(",") if part.strip()]
