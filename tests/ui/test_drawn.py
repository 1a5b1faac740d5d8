"""The drawing check: every screen (``drawn_scenes``) at five sizes in both languages, drawn
with the recorder on (``knjazja.ui.drawn``) and checked (``drawcheck``) against the known
faults of ``drawn_baseline.txt`` — a fault not listed fails, and so does a listed one that no
longer shows.  And the recorder itself: off, it is not there; on, it sees an overlap planted
on purpose and stays quiet about a text on its own panel or a card over its own shadow.

``KNJAZJA_DRAWN_BASELINE=write`` writes the baseline anew from what is found (with the
journeys' faults collected by a run of ``tests/ui/journeys`` in the same mode).
"""
from __future__ import annotations

import os
from collections import defaultdict

import pygame
import pytest

import drawcheck
import drawsweep
from baseline import Baseline
from knjazja.ui.scene_stack import Scene

WRITE = os.environ.get("KNJAZJA_DRAWN_BASELINE") == "write"
VARIANTS = [pytest.param(size, lang, id=f"{size[0]}x{size[1]}-{lang}")
            for size in drawsweep.SIZES for lang in drawsweep.LANGS]


@pytest.fixture(scope="module")
def recorder():
    from knjazja.ui import drawn
    rec = drawn.start()
    yield rec
    drawn.stop()


@pytest.fixture(scope="module")
def found_everywhere():
    """What every variant found (written to the baseline at the end when asked)."""
    found: dict[str, set] = defaultdict(set)
    yield found
    if WRITE:
        from journeys_faults import journey_keys
        base = Baseline()
        base.journeys |= journey_keys() - set(found)
        base.write(found)


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
def test_every_screen_draws_without_a_new_fault(recorder, found_everywhere, size, lang):
    from knjazja.app.wording import i18n
    i18n.set_language(lang)
    with drawsweep.quick_thinking():
        seen = drawsweep.sweep(size, lang)
    variant = (f"{size[0]}x{size[1]}", lang)
    found: dict[str, set] = defaultdict(set)
    described: dict[str, str] = {}
    for s in seen:
        for v in s.violations:
            found[v.key].add((s.name, *variant))
            described.setdefault(f"{v.key} | {s.name}", v.describe())
    for key, where in found.items():
        found_everywhere[key] |= where
    elements = sum(s.elements for s in seen)
    print(f"{variant}: {len(seen)} screens, {elements} elements, "
          f"{sum(len(s.violations) for s in seen)} faults of {len(found)} kinds")
    if WRITE:
        return
    expected = Baseline().expected({variant})
    new = sorted(f"{k} | {v[0]}" for k, vs in found.items() for v in vs - expected.get(k, set()))
    gone = sorted(f"{k} | {v[0]}" for k, vs in expected.items() for v in vs - found.get(k, set()))
    message = []
    if new:
        message.append("faults not in tests/ui/drawn_baseline.txt:\n" + "\n".join(
            f"  {described[n]}\n    key: {n}" for n in new))
    if gone:
        message.append("listed in tests/ui/drawn_baseline.txt but no longer drawn (take them out):\n  "
                       + "\n  ".join(gone))
    assert not message, f"{variant}:\n" + "\n".join(message)


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
