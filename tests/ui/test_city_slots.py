"""A player's cities in his area (``ui/table/city_slots.py``) and the tag on it: what the drawing
check found at the table — a city's Glory sun over its neighbour's wall shield, crowns and
shields poking out of the area's panel, six cities overlapping at 960×540 so that their
Glory hid under the next card, «Ваше решение» over the cards of a full area — measured
here with the game's geometry for 2 to 8 princes at five sizes in both languages."""
from __future__ import annotations

import pytest
from pygame import Rect

from test_badges_fit import SIZES, TEXTS, built_up_table

from knjazja.engine import observation
from knjazja.app.table.prompts import TAG_THINKING, TAG_TURN, TAG_YOU_DECIDE
from knjazja.app.wording import i18n
from knjazja.engine.scoring import city_score
from knjazja.ui.table.board import strip_names, tag_rect
from knjazja.ui.table.layout import table_layout


def badges(slot, view) -> list[Rect]:
    """Where ``areas.draw_city`` puts the city's sun, shield and crown."""
    from knjazja.ui.table.city_slots import badge_size
    r, city = slot.card, view.cities[slot.city]
    b = badge_size(r.width)
    out = [Rect(0, 0, b, b)]
    out[0].center = (round(r.right - b * 0.28), round(r.bottom - b * 0.5))
    if city.wall_strength:
        s = round(b * 0.92)
        out.append(Rect(0, 0, s, s))
        out[-1].center = (round(r.left + b * 0.26), round(r.bottom - b * 0.5))
    if city_score(city).throne > 1:
        c = round(b * 0.8)
        out.append(Rect(0, 0, c, c))
        out[-1].center = (round(r.right - b * 0.2), round(r.top + b * 0.12))
    return out


def crowded_table(n: int, many: int = 6):
    """Seat 1 holds ``many`` cities — in turn walled, with two or three kinds of building, the
    Prince's Throne — and every other seat one: the final table of the drawing check."""
    from knjazja.app.table.table_view import TableView
    from knjazja.engine import new_game
    from knjazja.engine.cards import INSTANCES
    from knjazja.engine.state import City
    s = new_game(n, seed=3)
    s.cities.clear()
    ids = sorted(k for k in INSTANCES if k.startswith("city."))
    owners = [1] * many + [seat for seat in range(n) if seat != 1]
    for k, (cid, owner) in enumerate(zip(ids, owners)):
        c = City(INSTANCES[cid][0], owner)
        if k % 2:
            c.walls = INSTANCES["wall.wooden"][0]
        c.buildings = [INSTANCES["bld.church"][k % 3], INSTANCES["bld.church"][3 + k % 3]]
        if k % 3 == 0:
            c.buildings += [INSTANCES["bld.monastery"][k % 4], INSTANCES["bld.sloboda"][0]]
        if k == 2:
            c.buildings.append(INSTANCES["bld.throne"][0])
        s.cities[c.card] = c
    return TableView(observation(s, 0))


def _check_area(view, area, ctx, lay, where: str) -> None:
    from knjazja.ui.table.areas import area_geometry
    g = area_geometry(view, area, ctx, strip_names(lay, area, ctx.names))
    for i, slot in enumerate(g.cities):
        for b in badges(slot, view):
            assert slot.rect.inflate(2, 2).contains(b) or b.bottom <= slot.card.top + b.height, \
                (where, slot.card, b)                       # (a crown above the card's top)
            assert area.rect.contains(b), (where, slot.card, b, area.rect)
        for other in g.cities[i + 1:]:
            assert not slot.rect.colliderect(other.rect), (where, slot.rect, other.rect)
        for b in badges(slot, view):
            assert not any(b.colliderect(o.card) or any(b.colliderect(t.rect) for t in o.tabs)
                           for o in g.cities if o is not slot), (where, b)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_each_citys_badges_stay_beside_its_own_card_and_in_its_area(lang, size):
    """Every badge and crown inside its city's slot (beside the card, never on the next city's
    card, tabs or badges) and inside the area's panel; no two slots overlap — for 2 to 8
    princes with cities of many buildings, and with six cities in one area for 2 to 5 (with
    6 to 8 princes in a 960×540 window a side area holds six cities only overlapping)."""
    from knjazja.ui.table.context import DrawContext
    from knjazja.ui.table.sprites import Sprites
    i18n.set_language(lang)
    for n in range(2, 9):
        lay = table_layout(size, n, 0)
        ctx = DrawContext(Sprites(), TEXTS, lang, [f"P{i}" for i in range(n)], [True] * n, lay.unit, 0)
        for view in (built_up_table(n), crowded_table(n)) if n <= 5 else (built_up_table(n),):
            for area in lay.player_areas:
                _check_area(view, area, ctx, lay, f"{lang} {size} {n}p seat {area.seat} ({area.side})")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_the_tag_keeps_off_the_areas_cities_and_chips(lang, size):
    """«Ход», «Думает…», «Ваше решение» lie on their area's edge where nothing of the area is,
    or in the name box's free row: never over a city, a chip, the name, the hand or Glory."""
    from knjazja.ui.table.areas import area_geometry
    from knjazja.ui.table.context import DrawContext
    from knjazja.ui.table.sprites import Sprites
    i18n.set_language(lang)
    for n in (2, 3, 4, 8):
        lay = table_layout(size, n, 0)
        view = built_up_table(n)
        ctx = DrawContext(Sprites(), TEXTS, lang, [f"P{i}" for i in range(n)], [True] * n, lay.unit, 0)
        font = TEXTS.font("bold", max(9, round(lay.unit * 0.85)), lang)
        for area in lay.player_areas:
            g = area_geometry(view, area, ctx, strip_names(lay, area, ctx.names))
            spare = g.plate.status if g.plate.status is not g.plate.name else None
            for tag in (TAG_TURN, TAG_THINKING, TAG_YOU_DECIDE):
                text = font.size(i18n.tr(f"table.tag.{tag}", lang=lang))
                pill = tag_rect(area.rect, area.side, text, lay.unit, lay.margin, tag == TAG_THINKING,
                                g.content(), spare)
                where = (lang, size, n, area.seat, area.side, tag, pill)
                things = [sl.rect for sl in g.cities] + [c.rect for c in g.chips]
                assert not [r for r in things if pill.colliderect(r)], where
                # a tag across the panel's edge may touch the plate's row above its words, no more
                plate = (g.plate.name, g.plate.hand, g.plate.glory)
                assert all(pill.clip(r).height <= pill.height // 2 + 2 for r in plate), where
