"""The rules page: our text in both languages, scrolling, the section list, the gallery tab."""
import pygame
import pytest

from knjazja.app.wording import i18n
from knjazja.app.wording.rulebook import available_languages, load_rules, parse_inline, parse_rules, rules_path
from knjazja.engine import RULESET_VERSION
from knjazja.ui.scenes.gallery import GalleryScene
from knjazja.ui.scenes.rules import RulesScene
from knjazja.ui.widgets import ScrollArea, layout_rich


def test_rules_exist_in_both_languages_with_the_same_sections():
    assert available_languages() == ["en", "ru"]
    en, ru = load_rules("en"), load_rules("ru")
    assert len(en) == len(ru) >= 8
    for a, b in zip(en, ru):
        assert a.title and b.title
        assert a.blocks and b.blocks
        # translated paragraph by paragraph, bullet by bullet
        assert [k for k, _ in a.blocks] == [k for k, _ in b.blocks], (a.title, b.title)
    text_ru = rules_path("ru").read_text(encoding="utf-8")
    assert "Слава" in text_ru and "Glory" in rules_path("en").read_text(encoding="utf-8")


def test_markdown_subset():
    doc = parse_rules("# One\n\nA **bold** start\ncontinues here.\n\n- first\n- second\n  goes on\n# Two\nx\n")
    assert [s.title for s in doc] == ["One", "Two"]
    assert doc[0].blocks == [("p", "A **bold** start continues here."), ("li", "first"),
                             ("li", "second goes on")]
    assert parse_inline("a **b** c") == [("a ", False), ("b", True), (" c", False)]


def test_layout_rich_wraps_to_width():
    pygame.font.init()
    f = pygame.font.Font(None, 24)
    lines = layout_rich("word " * 60 + "**bold**.", f, f, 300, (255, 255, 255), (255, 200, 0))
    assert len(lines) > 3 and all(line.get_width() <= 300 for line in lines)


def test_scroll_area_clamps_and_drags():
    area = ScrollArea(pygame.Rect(0, 0, 100, 200), 1000, pygame.Rect(100, 0, 10, 200), 20)
    area.scroll_by(-50, smooth=False)
    assert area.offset == 0
    area.scroll_to(5000, smooth=False)
    assert area.offset == area.max_offset == 800
    area.scroll_to(0, smooth=False)
    thumb = area.thumb_rect()
    area.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=thumb.center, button=1))
    area.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(thumb.centerx, thumb.centery + 80),
                                         rel=(0, 80), buttons=(1, 0, 0)))
    area.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=thumb.center, button=1))
    assert 300 < area.offset < 500
    area.scroll_to(100)
    for _ in range(60):
        area.update(1 / 60)
    assert area.offset == 100


@pytest.mark.parametrize("lang,size", [("en", (1280, 720)), ("ru", (1920, 1080))])
def test_rules_scene_scrolls_jumps_and_switches_to_the_gallery(make_app, lang, size):
    app = make_app(size)
    app.set_language(lang)
    closed = []
    scene = app.stack.push(RulesScene(on_close=lambda: closed.append(True)))
    app.step([])
    assert len(scene.sections) == len(load_rules(lang))
    assert RULESET_VERSION in i18n.tr("rules.ruleset", version=RULESET_VERSION)
    assert scene.scroll.max_offset > 0          # the page is longer than the window
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, precise_x=0.0, precise_y=-3.0, flipped=False)])
    assert scene.scroll.target > 0
    # the section list jumps
    rect = scene.toc_rects[5]
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)])
    for _ in range(40):
        app.step([])
    assert scene.current_section() == 5
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="", scancode=0)])
    for _ in range(60):
        app.step([])
    assert scene.scroll.offset == scene.scroll.max_offset
    assert scene.current_section() == len(scene.sections) - 1
    # a language change re-lays the page in the other language
    other = "ru" if lang == "en" else "en"
    app.set_language(other)
    app.step([])
    assert scene.sections[0].title == load_rules(other)[0].title
    # the gallery tab replaces the page
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=scene.tab_buttons["gallery"].rect.center, rel=(0, 0),
                                 buttons=(0, 0, 0))])
    pos = scene.tab_buttons["gallery"].rect.center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    assert isinstance(app.stack.top, GalleryScene)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert closed == [True]


def test_escape_pops_without_callback(make_app):
    app = make_app()
    from knjazja.ui.scene_stack import Scene
    base = app.stack.push(Scene())
    app.stack.push(RulesScene())
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert app.stack.top is base
