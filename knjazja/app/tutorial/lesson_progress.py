"""How far the player got with the lessons, kept like the settings: ``lessons.json`` in the
app's data folder (``storage.data_dir()``), written atomically.

    {"version": 1,
     "lessons": {"turn": {"step": 3, "done": false}, …},   # step: where to continue
     "offered": true,          # the menu's offer of the first lesson was taken or dismissed
     "suggest_game": false}    # the last lesson is done: the menu suggests a game until acted on

A missing file is a fresh start; a damaged one is moved aside under a dated name and the
player told once (the lessons start afresh); a bad entry is dropped, the rest kept, and the
file as it was set aside too.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from knjazja.app.store import storage

log = logging.getLogger(__name__)

FILE = "lessons.json"
VERSION = 1


@dataclass
class LessonState:
    step: int = 0
    done: bool = False


@dataclass
class Progress:
    lessons: dict[str, LessonState] = field(default_factory=dict)
    offered: bool = False
    suggest_game: bool = False

    def of(self, lesson_id: str) -> LessonState:
        return self.lessons.get(lesson_id, LessonState())

    def started(self, lesson_id: str) -> bool:
        st = self.of(lesson_id)
        return st.step > 0 and not st.done

    def to_json(self) -> dict:
        return {"version": VERSION, "offered": self.offered, "suggest_game": self.suggest_game,
                "lessons": {k: {"step": v.step, "done": v.done} for k, v in self.lessons.items()}}


def path() -> Path:
    return storage.data_dir() / FILE


def load() -> Progress:
    """The progress; never raises.  A damaged file is moved aside under a dated name and the
    player told once (``storage.load_document``): the lessons start afresh."""
    existed = path().exists()
    raw, _ = storage.load_document(path(), _an_object_of_our_version, "lessons")
    if raw is None:
        return Progress(offered=existed)         # damaged: not offered again at once
    out = Progress(offered=raw.get("offered") is True, suggest_game=raw.get("suggest_game") is True)
    lessons = raw.get("lessons")
    dropped = not isinstance(lessons, dict)
    for key, entry in (lessons.items() if isinstance(lessons, dict) else ()):
        step = entry.get("step") if isinstance(entry, dict) else None
        if isinstance(step, int) and not isinstance(step, bool) and step >= 0:
            out.lessons[str(key)] = LessonState(step, entry.get("done") is True)
        else:
            dropped = True
    if dropped:          # the rest is kept; the file as it was is kept aside for the player
        storage.report_damaged(path(), "lessons", "field")
    return out


def _an_object_of_our_version(raw: object) -> dict:
    if not isinstance(raw, dict) or raw.get("version") != VERSION:
        raise ValueError(f"not a lesson progress file of version {VERSION}")
    return raw


def save(p: Progress) -> None:
    """Write the progress; a failing disk is logged, never raised (a lesson goes on)."""
    try:
        storage.write_json(path(), p.to_json())
    except OSError as e:
        log.warning("could not save lesson progress: %s", e)


def record_step(lesson_id: str, step: int) -> None:
    p = load()
    st = p.of(lesson_id)
    p.lessons[lesson_id] = LessonState(step, st.done)
    p.offered = True
    save(p)


def record_done(lesson_id: str, *, last: bool) -> None:
    """A lesson finished: it starts from the beginning next time; after the last one the
    menu suggests a game against bots."""
    p = load()
    p.lessons[lesson_id] = LessonState(0, True)
    p.offered = True
    p.suggest_game = p.suggest_game or last
    save(p)


def set_flags(*, offered: bool | None = None, suggest_game: bool | None = None) -> None:
    p = load()
    if offered is not None:
        p.offered = offered
    if suggest_game is not None:
        p.suggest_game = suggest_game
    save(p)
