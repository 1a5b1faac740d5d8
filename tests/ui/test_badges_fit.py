"""The tags on the players' areas («Ход», «Думает…», «Ваше решение») and the lesson guide's
highlight frames never cut text: measured with the game's fonts in both languages, at every
window size from 960×540 and for 2 to 8 players, the way test_prompt_fit measures prompts."""
from itertools import product

import pytest
from pygame import Rect

from knjazja.app.wording import i18n
from knjazja.app.table.prompts import TAG_DECIDING, TAG_THINKING, TAG_TURN, TAG_YOU_DECIDE
from knjazja.ui.table.board import tag_rect
from knjazja.ui.table.layout import table_layout
from knjazja.ui.table.sprites import TextCache

SIZES = [(960, 540), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440)]
TEXTS = TextCache()


def fs(unit: int, factor: float) -> int:
    return max(9, round(unit * factor))            # DrawContext.fs


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_area_tags_lie_whole_on_their_own_area(lang, size):
    for n in range(2, 9):
        lay = table_layout(size, n, 0)
        window = Rect((0, 0), size)
        others = lay.top_level()
        font = TEXTS.font("bold", fs(lay.unit, 0.85), lang)
        for tag, area in product((TAG_TURN, TAG_THINKING, TAG_YOU_DECIDE, TAG_DECIDING), lay.player_areas):
            text = i18n.tr(f"table.tag.{tag}", lang=lang)
            tw, th = font.size(text)
            pill = tag_rect(area.rect, area.side, (tw, th), lay.unit, lay.margin, tag == TAG_THINKING)
            where = f"{lang} {size} {n}p seat {area.seat} ({area.side}) {text!r}: {pill}"
            assert window.contains(pill), where
            assert pill.width >= tw + lay.unit // 2 and pill.height >= th, where      # its words fit
            for name, rect in others.items():
                if name != f"player{area.seat}":
                    assert not pill.colliderect(rect), f"{where} on {name} {rect}"


def test_a_tag_on_a_neighbour_is_caught():
    """The check itself fails for a tag that reaches across the gap."""
    lay = table_layout((960, 540), 8, 0)
    area = next(a for a in lay.player_areas if a.side == "left")
    pill = tag_rect(area.rect, area.side, (60, 40), lay.unit, 40)
    assert any(pill.colliderect(r) for name, r in lay.top_level().items() if name != f"player{area.seat}")


@pytest.mark.parametrize("lang,size", [("ru", (960, 540)), ("en", (1280, 720)), ("ru", (1920, 1080))])
def test_the_guides_frame_and_arrow_keep_off_words_in_every_lesson(make_app, lang, size):
    """Every step of every lesson, followed with the mouse: the frame and its glow never run
    through a question, a name, a chronicle, the log or the prompt, and the arrow covers none
    of them (where no side has room the frame goes without an arrow)."""
    from test_lesson_table import flow_on, follow_the_guide, settle

    from knjazja.app.tutorial.lesson_pointer import pointer
    from knjazja.app.tutorial.lessons import all_lessons
    from knjazja.ui.table.guide import pointer_rect, pointer_shapes

    app, flow = flow_on(make_app, lang, size)
    checked = 0
    for lesson in all_lessons():
        scene = flow.lessons.start(lesson.id, restart=True)
        while not scene.finished:
            settle(app, scene)
            p = pointer(scene.lesson_session, scene.controller)
            r = pointer_rect(scene, p) if p is not None else None
            if r is not None:
                words = [w for w in scene.words_on_screen() if w.width > 0 and not w.colliderect(r)]
                frame, arrow = pointer_shapes(r, scene.layout.unit, Rect((0, 0), size), words)
                halo = frame.inflate(2 * max(2, scene.layout.unit // 5), 2 * max(2, scene.layout.unit // 5))
                where = f"{lang} {size} {lesson.id} step {scene.lesson_session.run.index + 1}: {p}"
                if frame != r:                       # a frame off the target's own edge
                    assert not any(halo.colliderect(w) for w in words), where
                assert arrow is None or not any(arrow.colliderect(w) for w in words), where
                checked += 1
            follow_the_guide(app, scene)
    assert checked > 20


def test_the_frame_around_an_answer_keeps_off_its_question(make_app):
    """«Отменить карту?» over the first answer button: the frame stays below it."""
    from knjazja.ui.table.guide import pointer_shapes
    from knjazja.ui.table.prompt import ChoicePanel
    app = make_app((960, 540), persist=False)
    manager = app.make_ui_manager()
    panel = ChoicePanel()
    bounds = Rect(150, 100, 560, 180)
    panel.show(manager, bounds, i18n.tr("table.choice.reaction", lang="ru"),
               [("Сыграть «Городскую стражу» и отменить «Пожар»", "a", True), ("Не отменять «Пожар»", "b", True)],
               0.6, key=None)
    question = panel.title_rect()
    first = panel.rect_of("a")
    assert question.height > 0 and question.bottom < first.top
    frame, _ = pointer_shapes(first, 9, Rect(0, 0, 960, 540), [question])
    assert not frame.inflate(4, 4).colliderect(question)
