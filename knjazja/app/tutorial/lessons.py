"""Lessons as data: a prepared position and the steps a guide walks the player through.

A lesson is one JSON file in ``knjazja/app/data/lessons/`` (texts in Russian and English
side by side), so a new lesson needs no code::

    {"format": "knjazja-lesson", "version": 1, "id": "turn", "number": 1,
     "sections": ["turn"],                          # rules sections it teaches (rules page links)
     "title": {"ru": …, "en": …}, "summary": {"ru": …, "en": …},
     "players": [{"ru": "Ярослав", "en": "Yaroslav"}, …],   # seat 0 is the player
     "position": {"hands": {"0": ["city.kiev"]}, "cities": {"city.novgorod": [1, ["bld.church"]]},
                  "chronicles": {}, "deck": ["bld.church"], "discard": [], "rest": "deck",
                  "current": 0, "turn_no": 3},
     "steps": [{"say": {…}, "hint": {…},             # the guide's words; what to do (on a wrong click)
                "do": [{"kind": "build", "card": "bld.church", "city": "city.kiev"}],  # any of these
                "show": {"city": "city.kiev"},      # what to point at (default: from "do")
                "formula": "city.kiev",             # a city whose Glory formula the guide shows
                "then": [{"by": 1, "kind": "draw"}]}]}   # the other seats' scripted replies

A step without ``do`` is read and closed with Next.  Patterns name cards by id (copies are
interchangeable); ``cards`` is a multiset.  Bots without a scripted reply draw (or pass on an
empty deck), decline, do not bid, and accept a repulse.  ``tests/app/test_lesson_data.py``
plays every lesson on the engine: every expected action legal at its step, every reply too.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from knjazja.app.tutorial import LESSONS_DIR
from knjazja.app.wording.i18n import LANGUAGES
from knjazja.app.wording.typography import typeset
from knjazja.engine import Action, GameState, prepared_game
from knjazja.engine.actions import ACCEPT, ACTION_FIELDS, DECLINE, DRAW, NO_BID, PASS, TURN
from knjazja.engine.cards import CARD_ID, INSTANCES

log = logging.getLogger(__name__)

FORMAT, VERSION = "knjazja-lesson", 1
SHOW_KINDS = ("card", "city", "seat", "chronicle", "button", "deck", "centre", "glory", "hand", "log")
_PATTERN_KEYS = {"kind", "card", "city", "seat", "target", "cards", "by"}
_STEP_KEYS = {"say", "hint", "do", "show", "formula", "then"}


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the file and the place."""


Text = dict[str, str]          # {"ru": …, "en": …}


@dataclass(frozen=True)
class Pattern:
    """An action described by kind and card ids; ``by`` is the seat that must take it."""
    kind: str
    card: str | None = None
    city: str | None = None
    seat: int | None = None
    target: str | None = None
    cards: tuple[str, ...] | None = None
    by: int | None = None

    def matches(self, a: Action) -> bool:
        if a.kind != self.kind:
            return False
        checks = ((self.card, a.card), (self.city, a.city), (self.target, a.target))
        if any(want is not None and (have < 0 or CARD_ID[have] != want) for want, have in checks):
            return False
        if self.seat is not None and a.seat != self.seat:
            return False
        return self.cards is None or sorted(self.cards) == sorted(CARD_ID[c] for c in a.cards)

    def find(self, legal: list[Action]) -> list[Action]:
        return [a for a in legal if self.matches(a)]


@dataclass(frozen=True)
class Step:
    say: Text
    hint: Text
    do: tuple[Pattern, ...] = ()
    show: tuple[str, Any] | None = None       # (kind, value): ("city", "city.kiev"), ("button", "draw")
    formula: str | None = None
    then: tuple[Pattern, ...] = ()

    @property
    def is_info(self) -> bool:
        return not self.do


@dataclass(frozen=True)
class Lesson:
    id: str
    number: int
    title: Text
    summary: Text
    players: tuple[Text, ...]
    position: dict
    steps: tuple[Step, ...]
    sections: tuple[str, ...] = field(default=())

    def names(self, lang: str) -> list[str]:
        return [p[lang] for p in self.players]

    def start(self) -> GameState:
        """The prepared position (a fresh state every call)."""
        p = self.position
        return prepared_game(
            len(self.players), hands={int(k): v for k, v in p.get("hands", {}).items()},
            cities={k: (v[0], v[1]) for k, v in p.get("cities", {}).items()},
            chronicles={int(k): [tuple(c) if isinstance(c, list) else c for c in v]
                        for k, v in p.get("chronicles", {}).items()},
            deck=p.get("deck", []), discard=p.get("discard", []), rest=p.get("rest", "deck"),
            current=p.get("current", 0), turn_no=p.get("turn_no"), seed=p.get("seed", 0))


def words(text: Text, lang: str) -> str:
    """A lesson's text as the player reads it: typeset like every other string."""
    return typeset(text[lang], lang)


def default_reply(s: GameState, legal: list[Action]) -> Action | None:
    """What an unscripted bot does in a lesson: draw (pass on an empty deck), decline a
    reaction, bid nothing, accept a repulse; None where a lesson must script the reply."""
    wanted = (DRAW, PASS) if s.decision.kind == TURN else (DECLINE, NO_BID, ACCEPT)
    return next((Action(k) for k in wanted if Action(k) in legal), None)


# ------------------------------------------------------------------------------ loading
def _text(raw: object, where: str) -> Text:
    if not isinstance(raw, dict) or any(not isinstance(raw.get(lang), str) or not raw[lang].strip()
                                        for lang in LANGUAGES):
        raise LessonError(f"{where}: needs a text in every language ({', '.join(LANGUAGES)})")
    return {lang: raw[lang] for lang in LANGUAGES}


def _pattern(raw: object, where: str) -> Pattern:
    if not isinstance(raw, dict) or raw.get("kind") not in ACTION_FIELDS:
        raise LessonError(f"{where}: an action needs a known \"kind\"")
    extra = set(raw) - _PATTERN_KEYS
    unused = (set(raw) - {"kind", "by"}) - ACTION_FIELDS[raw["kind"]]
    if extra or unused:
        raise LessonError(f"{where}: {raw['kind']!r} takes no {sorted(extra | unused)}")
    for key in ("card", "city", "target"):
        if key in raw and raw[key] not in INSTANCES:
            raise LessonError(f"{where}: unknown card id {raw[key]!r}")
    cards = raw.get("cards")
    if cards is not None and (not isinstance(cards, list) or any(c not in INSTANCES for c in cards)):
        raise LessonError(f"{where}: \"cards\" must list card ids")
    return Pattern(raw["kind"], raw.get("card"), raw.get("city"), raw.get("seat"), raw.get("target"),
                   tuple(cards) if cards is not None else None, raw.get("by"))


def _step(raw: object, where: str) -> Step:
    if not isinstance(raw, dict) or set(raw) - _STEP_KEYS:
        raise LessonError(f"{where}: a step takes only {sorted(_STEP_KEYS)}")
    do = tuple(_pattern(p, f"{where}.do[{i}]") for i, p in enumerate(raw.get("do", [])))
    hint = _text(raw["hint"], f"{where}.hint") if do or "hint" in raw else _text(raw["say"], f"{where}.say")
    show = None
    if "show" in raw:
        sh = raw["show"]
        if not isinstance(sh, dict) or len(sh) != 1 or next(iter(sh)) not in SHOW_KINDS:
            raise LessonError(f"{where}.show: one of {SHOW_KINDS}")
        show = next(iter(sh.items()))
    formula = raw.get("formula")
    if formula is not None and formula not in INSTANCES:
        raise LessonError(f"{where}.formula: unknown city {formula!r}")
    then = tuple(_pattern(p, f"{where}.then[{i}]") for i, p in enumerate(raw.get("then", [])))
    return Step(_text(raw.get("say"), f"{where}.say"), hint, do, show, formula, then)


def parse_lesson(data: object, where: str = "lesson") -> Lesson:
    """A lesson from its JSON data; ``LessonError`` names what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LessonError(f"{where}: not a lesson (format {FORMAT!r})")
    if data.get("version") != VERSION:
        raise LessonError(f"{where}: lesson version {data.get('version')!r}, expected {VERSION}")
    players = data.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 8:
        raise LessonError(f"{where}: 2..8 players")
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise LessonError(f"{where}: no steps")
    lesson = Lesson(
        id=str(data.get("id")), number=int(data.get("number", 0)),
        title=_text(data.get("title"), f"{where}.title"), summary=_text(data.get("summary"), f"{where}.summary"),
        players=tuple(_text(p, f"{where}.players[{i}]") for i, p in enumerate(players)),
        position=dict(data.get("position") or {}),
        steps=tuple(_step(s, f"{where}.steps[{i}]") for i, s in enumerate(steps)),
        sections=tuple(data.get("sections", ())))
    try:
        lesson.start()
    except (ValueError, TypeError, KeyError, IndexError) as e:
        raise LessonError(f"{where}.position: {e}") from None
    return lesson


@cache
def _loaded() -> tuple[tuple[Lesson, ...], tuple[str, ...]]:
    lessons, errors = [], []
    for path in sorted(LESSONS_DIR.glob("*.json")):
        try:
            lessons.append(parse_lesson(json.loads(path.read_text(encoding="utf-8")), path.name))
        except (OSError, ValueError) as e:          # LessonError is a ValueError
            errors.append(str(e) if isinstance(e, LessonError) else f"{path.name}: {e}")
            log.warning("lesson skipped: %s", errors[-1])
    return tuple(sorted(lessons, key=lambda lesson: lesson.number)), tuple(errors)


def all_lessons() -> tuple[Lesson, ...]:
    """Every lesson in the data folder, by number (a damaged file is left out and logged)."""
    return _loaded()[0]


def lesson_errors() -> tuple[str, ...]:
    """Why lesson files were left out (none in a good installation)."""
    return _loaded()[1]


def lesson_by_id(lesson_id: str) -> Lesson | None:
    return next((lesson for lesson in all_lessons() if lesson.id == lesson_id), None)


def lesson_for_section(section: str) -> Lesson | None:
    """The first lesson that teaches rules section ``section``."""
    return next((lesson for lesson in all_lessons() if section in lesson.sections), None)


def next_lesson(lesson: Lesson) -> Lesson | None:
    later = [x for x in all_lessons() if x.number > lesson.number]
    return later[0] if later else None
