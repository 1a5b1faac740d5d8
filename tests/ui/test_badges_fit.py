"""The tags on the players' areas («Ход», «Думает…», «Ваше решение») and the lesson guide's
highlight frames never cut text: measured with the game's fonts in both languages, at every
window size from 960×540 and for 2 to 8 players, the way test_prompt_fit measures prompts."""
from itertools import product

import pytest
from pygame import Rect

from knjazja.engine import observation
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


def built_up_table(n: int):
    """Every seat with a city of many kinds of building, several of a kind (×2, ×3, walls of
    Strength 5); the first three seats with a second one."""
    from knjazja.app.table.table_view import TableView
    from knjazja.engine import new_game
    from knjazja.engine.cards import INSTANCES
    from knjazja.engine.state import City
    s = new_game(n, seed=3)
    cities = ["city.kiev", "city.novgorod", "city.chernigov", "city.pskov", "city.galich", "city.vladimir",
              "city.suzdal", "city.polotsk", "city.smolensk", "city.tmutarakan", "city.murom"]
    owners = list(range(n)) + [0, 1, 2]
    s.cities.clear()
    for k, owner in enumerate(owners[:len(cities)]):
        c = City(INSTANCES[cities[k]][0], owner)
        c.walls = INSTANCES["wall.stone"][0]
        c.buildings = list(INSTANCES["bld.church"][:2] + INSTANCES["bld.monastery"][:3] + INSTANCES["bld.throne"][:1]
                           if k % 2 == 0 else INSTANCES["bld.sloboda"] + INSTANCES["bld.cathedral"][:2])
        s.cities[c.card] = c
    return TableView(observation(s, 0))


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_a_building_count_lies_on_its_own_tab(lang, size):
    """The «×2» under a city was drawn over the next building's icon: every count's pill lies
    inside its own tab, beside its icon (or, where a row of tabs has no room, as a bare
    number on its icon's corner), and no two tabs overlap."""
    from knjazja.ui.table.areas import area_geometry
    from knjazja.ui.table.context import DrawContext
    from knjazja.ui.table.sprites import Sprites
    for n in (4, 8):
        lay = table_layout(size, n, 0)
        view = built_up_table(n)
        ctx = DrawContext(Sprites(), TEXTS, lang, [f"P{i}" for i in range(n)], [True] * n, lay.unit, 0)
        counted = 0
        for area in lay.player_areas:
            g = area_geometry(view, area, ctx)
            # cities squeezed onto one row overlap like a fan: then only their own tabs count
            fanned = any(a.rect.colliderect(b.rect) for a, b in zip(g.cities, g.cities[1:]))
            for slot in g.cities:
                tabs = [t for sl in (g.cities if not fanned else [slot]) for t in sl.tabs]
                counted += _check_tabs(slot, tabs, f"{lang} {size} {n}p seat {area.seat}")
        assert counted >= n, (size, n)


def _check_tabs(slot, tabs, where) -> int:
    from knjazja.ui.table.areas import tab_parts, tab_text
    counted = 0
    for tab in slot.tabs:
        icon, pill = tab_parts(tab, TEXTS)
        at = f"{where} {tab.group} {tab.label!r}"
        assert tab.rect.contains(icon), at
        if pill is None:
            continue
        counted += 1
        assert tab.rect.contains(pill), (at, tab.rect, pill)
        if not tab.compact:              # beside its icon (a compact tab has it on the icon's corner)
            assert not pill.colliderect(icon), (at, tab.rect, icon, pill)
        w, _ = TEXTS.font("bold", max(10, round((tab.rect.height - 3) * 0.62))).size(tab_text(tab))
        assert pill.width >= w, at
        others = [o.rect for o in tabs if o is not tab]
        assert not any(pill.colliderect(o) or tab.rect.colliderect(o) for o in others), at
    return counted


PRINCES = {"ru": ["Мстислав", "Всеволод", "Ярослав Мудрый", "Святослав", "Ростислав", "Изяслав", "Ольга", "Олег"],
           "en": ["Mstislav", "Vsevolod", "Yaroslav the Wise", "Sviatoslav", "Rostislav", "Iziaslav", "Olga", "Oleg"]}


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_every_princes_name_is_shown_whole(lang, size):
    """At 960×540 the names were cut to «Мсти…», «Всево…»: every name — «Ярослав Мудрый»
    too — is drawn whole, at a readable size, inside its plate, clear of the hand's count,
    the Glory and the cities, for every seat of 2 to 8."""
    from knjazja.ui.table.areas import area_geometry
    from knjazja.ui.table.board import strip_names
    from knjazja.ui.table.context import DrawContext
    from knjazja.ui.table.plates import NAME_MIN, fit_name, name_box, name_size
    from knjazja.ui.table.sprites import Sprites
    for n in range(2, 9):
        lay = table_layout(size, n, 0)
        view = built_up_table(n)
        for shift in range(n):                           # every name in every seat
            names = [PRINCES[lang][(i + shift) % len(PRINCES[lang])] for i in range(n)]
            ctx = DrawContext(Sprites(), TEXTS, lang, names, [True] * n, lay.unit, 0)
            for area in lay.player_areas:
                g = area_geometry(view, area, ctx, strip_names(lay, area, names))     # as the board does
                p, name = g.plate, names[area.seat]
                box = name_box(p.name, lay.unit)
                fit = fit_name(name, box, name_size(p.name, lay.unit), TEXTS)
                where = f"{lang} {size} {n}p seat {area.seat} ({area.side}) {name!r}: {fit}"
                assert " ".join(fit.lines) == name and fit.size >= NAME_MIN, where
                block = fit.rects[0].unionall(fit.rects[1:])
                assert box.left <= block.left and block.right <= box.right, where
                assert p.name.inflate(0, 2).contains(Rect(block.left, block.top, 1, block.height)), where
                assert area.rect.contains(p.hand) and area.rect.contains(p.glory), where
                cities = [s.rect for s in g.cities] + [t.rect for s in g.cities for t in s.tabs]
                assert not any(block.colliderect(r) for r in [p.hand, p.glory] + cities), where
                if p.column:
                    assert not p.hand.colliderect(p.glory), where
                    assert not any(r.colliderect(x) for r in (p.hand, p.glory) for x in cities), where
