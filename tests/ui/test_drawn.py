"""The drawing check: every screen (``drawn_scenes``) at five sizes in both languages, drawn
with the recorder on (``knjazja.ui.drawn``) and checked (``drawcheck``) — any fault fails,
listed with what was drawn where and by whom.  And the recorder itself: off, it is not there;
on, it sees an overlap planted on purpose and stays quiet about a text on its own panel or a
card over its own shadow; and the check sees a dialog's words off their button.
"""
from __future__ import annotations

import pygame
import pytest

import drawcheck
import drawsweep
from knjazja.ui.scene_stack import Scene

VARIANTS = [pytest.param(size, lang, id=f"{size[0]}x{size[1]}-{lang}")
            for size in drawsweep.SIZES for lang in drawsweep.LANGS]


@pytest.fixture(scope="module")
def recorder():
    from knjazja.ui import drawn
    rec = drawn.start()
    yield rec
    drawn.stop()


def test_off_the_recorder_is_not_there(make_app):  # first: before the module's recorder starts
    """Off (the default), pygame's own Surface and draw functions are in place and nothing
    is tagged: the game pays one test of ``drawn.active`` where it would tag."""
    from knjazja.ui import drawn, style
    assert drawn.active is None
    assert pygame.Surface is drawn._Surface and not drawn._draw_functions
    surf = style.render_text("Князья", style.font("body", 20), (255, 255, 255))
    assert type(surf) is drawn._Surface
    rec = drawn.start()
    try:
        assert isinstance(surf, pygame.Surface) and pygame.Surface is drawn.Canvas
        tagged = style.render_text("Князья", style.font("body", 20), (255, 255, 255))
        assert rec.tag_of(tagged).text == "Князья"
    finally:
        drawn.stop()
    assert pygame.Surface is drawn._Surface and drawn.active is None


@pytest.mark.parametrize("size, lang", VARIANTS)
def test_every_screen_draws_without_a_fault(recorder, size, lang):
    from knjazja.app.wording import i18n
    i18n.set_language(lang)
    with drawsweep.quick_thinking():
        seen = drawsweep.sweep(size, lang)
    elements = sum(s.elements for s in seen)
    faults = [f"  {s.name}: {v.describe()}\n    key: {v.key}" for s in seen for v in s.violations]
    print(f"{size[0]}x{size[1]} {lang}: {len(seen)} screens, {elements} elements, {len(faults)} faults")
    assert not faults, f"{size[0]}x{size[1]} {lang}: {len(faults)} drawing faults:\n" + "\n".join(faults)


# -- the recorder itself ----------------------------------------------------------------------------
class Planted(Scene):
    """A screen that draws what the test asks, in that order."""

    def __init__(self, draw) -> None:
        super().__init__()
        self._draw = draw

    def draw(self, surface) -> None:
        self._draw(surface)


def _capture(make_app, draw):
    from knjazja.ui import drawn
    drawn.active.also_record(__name__)            # this test's scene draws like one of ours
    app = make_app((960, 540), persist=False)
    scene = Planted(draw)
    app.stack.push(scene)
    inks = drawn.capture(app)
    return inks, drawcheck.check(inks, app.size)


def _text(surface, words, pos, size=24):
    from knjazja.ui import style
    return style.blit_text(surface, words, style.font("body", size), style.PARCHMENT, topleft=pos)


def test_a_planted_overlap_is_found_and_what_belongs_together_is_not(recorder, make_app):
    from knjazja.ui import style

    def draw(surface):
        surface.fill((20, 12, 6))
        style.draw_panel(surface, pygame.Rect(40, 40, 300, 120))     # a text on its own panel: fine
        _text(surface, "On its panel", (60, 60))
        _text(surface, "Under a panel", (420, 60))                    # then a panel over it: covered
        style.draw_panel(surface, pygame.Rect(400, 50, 200, 80))
        _chip(surface, pygame.Rect(60, 250, 120, 40))                 # two boxes by two calls
        _chip(surface, pygame.Rect(150, 260, 120, 40))                # ...over each other: overlap
        _text(surface, "Beyond the edge", (880, 500))                  # off the window: offscreen

    inks, found = _capture(make_app, draw)
    checks = {(v.check, v.a.text or v.a.kind) for v in found}
    assert ("covered", "Under a panel") in checks
    assert ("overlap", "shape") in checks
    assert ("offscreen", "Beyond the edge") in checks
    assert not any("On its panel" in (v.a.text, v.b.text if v.b else "") for v in found), found
    assert len(found) == 3, [v.describe() for v in found]
    words = [i for i in inks if i.kind == "text"]
    assert {i.text for i in words} == {"On its panel", "Under a panel", "Beyond the edge"}
    assert all(i.where.endswith("test_a_planted_overlap_is_found_and_what_belongs_together_is_not.<locals>.draw")
               or i.where.endswith("_text") for i in words)


def _chip(surface, rect):
    pygame.draw.rect(surface, (236, 222, 186), rect, border_radius=6)


def test_a_card_over_its_own_shadow_a_badge_on_its_corner_and_a_cut_name(recorder, make_app):
    from knjazja.ui.table.sprites import Sprites, TextCache
    sprites, texts = Sprites(), TextCache()

    def draw(surface):
        surface.fill((20, 12, 6))
        card = pygame.Rect(100, 100, 90, 126)
        surface.blit(sprites.card_shadow(card.size), (card.x - 4, card.y - 2))
        surface.blit(sprites.face_id("city.kiev", card.size, "ru"), card)
        badge = sprites.badge("glory", "3", 40, texts)
        surface.blit(badge, badge.get_rect(center=card.bottomright))          # hangs off its corner
        name = texts.fit("Всеволод Большое Гнездо", "bold", 20, (240, 220, 180), 90)
        surface.blit(name, (300, 100))

    inks, found = _capture(make_app, draw)
    kinds = [i.kind for i in inks if i.layer == 0]
    assert {"shadow", "card", "badge", "text"} <= set(kinds)
    assert [(v.check, v.a.full) for v in found] == [("cut", "Всеволод Большое Гнездо")], \
        [v.describe() for v in found]


def test_a_dialogs_words_off_their_button_are_caught():
    """The dialog floats over the table, but its words stay on their own button: a label
    running onto the next button is a fault, one inside its own is not."""
    from pygame import Rect

    from knjazja.ui.drawn import Ink

    def ink(kind, rect, where, owner, text=""):
        return Ink(kind, Rect(rect), Rect(rect), None, owner, where, text, layer=0, scene="TableScene")
    buttons = [ink("gui", (100, 100, 200, 30), "gui.UIButton[#choice]", (1,)),
               ink("gui", (310, 100, 200, 30), "gui.UIButton[#choice]", (2,))]
    inside = ink("text", (120, 106, 150, 16), "table.choice.ChoicePanel.draw_labels", (9, 10), "Atakovat")
    across = ink("text", (150, 136 - 30, 200, 16), "table.choice.ChoicePanel.draw_labels", (9, 10), "Sdat gorod")
    found = drawcheck.check(buttons + [inside], (960, 540))
    assert not found, [v.describe() for v in found]
    found = drawcheck.check(buttons + [across], (960, 540))
    assert {(v.check, v.b.text) for v in found} == {("crosses", "Sdat gorod")}, [v.describe() for v in found]
