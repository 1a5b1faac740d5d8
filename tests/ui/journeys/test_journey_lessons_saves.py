"""The five lessons, one after another as the lesson's end offers the next, each played by
clicking where the guide points; and a game saved under a name, loaded, and continued."""
from __future__ import annotations

import random

import pygame
import pytest

import table_probes as P
from conftest import VARIANTS
from driver import JourneyFailed, Window
from knjazja.app.tutorial.lesson_pointer import HAND, pointer
from knjazja.app.tutorial.lessons import all_lessons
from knjazja.app.wording.i18n import tr
from knjazja.app.tutorial.lessons import words as lesson_words
from play import Player
from test_journey_game import set_up


def follow_the_guide(w: Window, scene) -> None:
    """One step of the lesson as a player does it: Next, or a click where the guide points."""
    session = scene.lesson_session
    index = session.run.index
    for _ in range(8):
        _rest(w, scene)
        if session.run.index > index or scene.finished:
            return
        if session.run.step.is_info:
            w.press("#lesson_next")
        else:
            p = pointer(session, scene.controller)
            if p is None:
                raise JourneyFailed(f"{w.where()}: {session.lesson.id} step {index + 1}: the guide points at nothing")
            from knjazja.ui.table.guide import pointer_rect
            r = P.rect_of_hand_card(scene, p.key) if p.kind == HAND else pointer_rect(scene, p)
            if r is None:
                raise JourneyFailed(f"{w.where()}: {session.lesson.id} step {index + 1}: {p} is not on the screen")
            w.click(r.center)
        if session.run.index > index or scene.finished:
            return
    raise JourneyFailed(f"{w.where()}: {session.lesson.id} step {index + 1} not done by following the guide")


def _rest(w: Window, scene, limit: int = 200) -> None:
    """Frames (Skip pressed while moves are shown) until the others have answered."""
    for _ in range(limit):
        if not scene.controller.busy and not scene.lesson_session.run.replying:
            return
        skip = scene.controls.skip
        if scene.controller.busy and skip is not None and skip.visible:
            w.click(skip.rect.center)
        else:
            w.frame()
    raise JourneyFailed(f"{w.where()}: the lesson never came to rest")


@pytest.mark.parametrize("size, lang", VARIANTS)
def test_the_five_lessons(window, size, lang):
    w = window("lessons", size, lang)
    w.frames(2)
    w.press("#menu_learn", tr("menu.learn"))
    w.see("the lessons", scene="LessonsScene", words=[tr("lessons.title")])
    w.press("#lesson_go_1")
    lessons = all_lessons()
    for lesson in lessons:
        w.frame()
        scene = w.top
        assert type(scene).__name__ == "LessonScene" and scene.lesson.id == lesson.id, type(scene).__name__
        title = lesson_words(lesson.title, lang)
        w.see(f"lesson {lesson.number} begins", scene="LessonScene", words=[])
        halfway = len(lesson.steps) // 2
        while not scene.finished:
            follow_the_guide(w, scene)
            if scene.lesson_session.run.index == halfway:
                w.see(f"lesson {lesson.number}, step {halfway + 1}", scene="LessonScene")
        w.frames(2)
        if lesson.number < len(lessons):
            w.see(f"lesson {lesson.number} done", scene="LessonDoneScene",
                  words=[tr("lesson.complete.title"), title.split()[0], tr("lesson.complete.next")])
            w.press("#lesson_done_0", tr("lesson.complete.next"))
        else:
            w.see("the last lesson's score", scene="ResultsScene", words=[tr("lesson.play_bots")])
    w.press("#results_menu")
    w.see("the menu suggests a game", scene="MenuScene", words=[tr("menu.suggest.title")])


def row_of(w: Window, name: str):
    """Where the save ``name`` is written in the list (as the player finds it)."""
    for ink in w.look():
        if ink.kind == "text" and ink.text == name:
            return ink.rect
    raise JourneyFailed(f"{w.where()}: the save {name!r} is not in the list")


@pytest.mark.parametrize("size, lang", VARIANTS)
def test_save_load_and_continue(window, size, lang):
    name = "Вечер у Ольги" if lang == "ru" else "Friday evening"
    w = window("saves", size, lang)
    w.frames(2)
    set_up(w, ["human", "easy"])
    w.press("#start")
    player = Player(w, random.Random(3))
    player.settle()
    player.take_turn()
    hand = sorted(w.flow.table.session.state.hands[0])
    w.press("#table_menu")
    w.press("#pause_save", tr("pause.save"))
    w.see("the save screen", scene="SaveLoadScene", words=[tr("saveload.save")])
    w.field("#save_name", name)
    w.press("#saveload_save", tr("saveload.save"))
    w.see("saved", scene="SaveLoadScene", words=[tr("saveload.saved", name=name)])
    w.key(pygame.K_ESCAPE)
    w.see("back at the table", scene="TableScene")
    w.press("#table_menu")
    w.press("#pause_menu")
    w.press("#menu_load", tr("menu.load"))
    w.see("the saves", scene="SaveLoadScene", words=[name])
    w.click(row_of(w, name).center)
    w.press("#saveload_load", tr("saveload.load"))
    w.until(lambda: w.top_is("TableScene"), "opened the saved game", 20)
    player.settle()
    assert sorted(w.flow.table.session.state.hands[0]) == hand, "the loaded hand is not the one saved"
    w.see("the saved game", scene="TableScene", words=[tr("table.button.draw"), tr("table.button.menu")])
    player.take_turn()
    w.press("#table_menu")
    w.press("#pause_menu")
    w.press("#menu_continue", tr("menu.continue"))
    w.until(lambda: w.top_is("TableScene"), "continued the game", 20)
    player.settle()
    w.see("the game continued", scene="TableScene", words=[tr("table.button.draw")])
    assert len(w.flow.table.session.state.history) >= 2
