"""Every string the player reads, in Russian and English, behind one lookup.

- UI strings, the game log's phrases, prompts, buttons and refusal reasons:
  ``knjazja/app/data/strings.<lang>.json``, one flat object per language with dotted keys
  (``"menu.new_game"``, ``"log.build"``).  A value is either a ``str.format`` template or, for
  words that change with a number, an object of plural forms keyed by CLDR category (English:
  ``one``/``other``; Russian: ``one``/``few``/``many``), picked by the ``n`` argument.
  Placeholders that take a name ask for its grammatical form: ``{card.acc}``, ``{seat.ins}``,
  ``{city.g:пал|пала}`` (see ``knjazja.app.wording.words``).  A number counts the word after it by
  naming that word's plural forms: ``{n:Слава|Славы|Слав}`` -> "1 Слава", "3 Славы", "5 Слав"
  (``Count``; "#" in a form places the number: ``{n:Остался # ход|Осталось # хода|…}``).
- Card names and texts: the engine's catalogue data, ``knjazja/engine/data/texts.<lang>.json``
  (with each Russian name's gender and cases), read through ``card_name``/``card_text``.
- The rules page: ``knjazja/app/data/rules.<lang>.md`` (``rules_path``; parsed by
  ``knjazja.app.wording.rulebook``).

``tr(key, **kw)`` looks the key up in the current language, falls back to English and then to
the key itself (so a missing string shows up on screen instead of crashing the game).  Every
string comes out typeset (non-breaking spaces, see ``knjazja.app.wording.typography``).
"""
from __future__ import annotations

import json
import logging
import re
from functools import cache
from pathlib import Path

from knjazja.app.wording.typography import typeset
from knjazja.engine.cards import CARD_ID
from knjazja.engine.cards import texts as _card_texts

log = logging.getLogger(__name__)

LANGUAGES: tuple[str, ...] = ("en", "ru")
DEFAULT_LANGUAGE = "en"
LANGUAGE_NAMES = {"en": "English", "ru": "Русский"}
PLURAL_FORMS = {"en": ("one", "other"), "ru": ("one", "few", "many")}

DATA_DIR = Path(__file__).parents[1] / "data"     # knjazja/app/data

# a card named in a string by its id, in a grammatical form: {@chr.voivode}, {@ev.ambush.ins}
CARD_REF = re.compile(r"\{@([a-z]+\.[a-z_]+(?:\.\d+)?)(?:\.([a-zA-Z]+))?\}")

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


class Count(int):
    """A number put into a phrase: ``{n:Слава|Славы|Слав}`` gives the number and the form of
    the word that agrees with it (Russian one|few|many, English one|other), with a real minus
    ("−2 Славы"); a form holding "#" puts the number there instead ("Остался # ход").  Any
    other spec formats the plain integer."""

    lang: str

    def __new__(cls, n: int, lang: str) -> Count:
        self = super().__new__(cls, n)
        self.lang = lang
        return self

    def __format__(self, spec: str) -> str:
        if "|" not in spec:
            return format(int(self), spec)
        return count(int(self), spec.split("|"), self.lang)


def count(n: int, forms: list[str], lang: str) -> str:
    """``n`` with the one of ``forms`` (in the order of ``PLURAL_FORMS[lang]``) that agrees
    with it: ``count(21, ["Слава", "Славы", "Слав"], "ru")`` -> "21 Слава"."""
    order = PLURAL_FORMS[lang]
    if len(forms) != len(order):
        raise ValueError(f"{lang} counts need {len(order)} forms, got {forms!r}")
    form = forms[order.index(plural_category(lang, n))]
    shown = f"−{-n}" if n < 0 else str(n)
    return form.replace("#", shown) if "#" in form else f"{shown} {form}"


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
    if "{@" in value:
        value = _card_refs(value, used)
    if kw:
        kw = {k: Count(v, used) if type(v) is int else v for k, v in kw.items()}
        try:
            value = value.format(**kw)
        except (KeyError, IndexError, ValueError, AttributeError):
            log.warning("bad arguments %r for UI string %r", kw, key)
    return typeset(value, used)


def _card_refs(template: str, lang: str) -> str:
    """``{@ev.ambush.ins}`` -> "«Засадой»": card names come from the card data, never copied."""
    from knjazja.app.wording.words import card_word_by_id

    def name(m: re.Match) -> str:          # card names hold no braces
        return getattr(card_word_by_id(m.group(1), lang), m.group(2) or "nom")
    return CARD_REF.sub(name, template)


def has(key: str) -> bool:
    """Whether ``key`` exists in the current language's table."""
    return key in strings(_current)


def tr_list(key: str, /, lang: str | None = None) -> list[str]:
    """A comma-separated string entry as a list (e.g. the princes' names)."""
    return [part.strip() for part in tr(key, lang=lang).split(",") if part.strip()]


@cache
def _card_field(card_id: str, lang: str, field: str) -> str:
    return typeset(_card_texts(lang)[card_id][field], lang)


def card_name(card: str | int, lang: str | None = None) -> str:
    """A card's printed name, by id or instance (``"bld.church"`` -> "Церковь"), typeset."""
    return _card_field(card if isinstance(card, str) else CARD_ID[card], lang or _current, "name")


def card_text(card: str | int, lang: str | None = None) -> str:
    """A card's printed text, by id or instance, typeset."""
    return _card_field(card if isinstance(card, str) else CARD_ID[card], lang or _current, "text")


def rules_path(lang: str) -> Path:
    """The rules page of a language (markdown, see ``knjazja.app.wording.rulebook``)."""
    return DATA_DIR / f"rules.{lang}.md"
