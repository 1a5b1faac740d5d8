"""Chronicle chips show a whole name or a readable short form (never "Ann…"), four to a row,
and the card itself (its whole name) when the mouse rests on one."""
import pytest

from knjazja.app.wording import i18n
from knjazja.app.table.table_view import TableView
from knjazja.engine import new_game, observation
from knjazja.engine.cards import INSTANCES, SPECS
from knjazja.engine.kinds import CardKind
from knjazja.ui.table.areas import area_geometry, chip_label
from knjazja.ui.table.context import DrawContext
from knjazja.ui.table.layout import table_layout
from knjazja.ui.table.sprites import Sprites, TextCache

SIZES = [(1280, 720), (1600, 900), (1920, 1080)]
CHRONICLES = [sp.id for sp in SPECS if sp.kind == CardKind.CHRONICLE] + ["ev.tatar_invasion", "ev.silence"]


def table_with_chips(n: int, shift: int) -> TableView:
    """Every seat with four chronicles (or Invasion/Silence laid before it), taken in turn."""
    s = new_game(n, seed=3)
    for zone in s.hands + [s.deck]:
        zone[:] = [c for c in zone if not any(c in INSTANCES[cid] for cid in CHRONICLES)]
    for seat in range(n):
        for k in range(4):
            cid = CHRONICLES[(shift + seat * 4 + k) % len(CHRONICLES)]
            card = INSTANCES[cid][(seat * 4 + k) // len(CHRONICLES) % len(INSTANCES[cid])]
            (s.before[seat] if cid.startswith("ev.") else s.chronicles[seat]).append(card)
    return TableView(observation(s, 0))


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_chips_show_whole_or_short_names(lang, size):
    i18n.set_language(lang)
    texts = TextCache()
    for n in (2, 4, 5, 8):
        L = table_layout(size, n, 0)
        for shift in range(0, len(CHRONICLES), 3):
            view = table_with_chips(n, shift)
            ctx = DrawContext(Sprites(), texts, lang, [f"P{i}" for i in range(n)], [True] * n, L.unit, 0)
            for area in L.player_areas:
                g = area_geometry(view, area, ctx)
                assert len(g.chips) == 4
                for chip in g.chips:
                    name, fsize, avail = chip_label(chip, ctx)
                    font = texts.font("body", max(9, round(fsize * 0.85)))
                    where = f"{lang} {size} {n}p seat {area.seat} ({area.side}): {name!r} in {avail}px"
                    assert font.size(name)[0] <= avail, where
                    assert len(name) >= 4, where
                    assert chip.rect.height >= 14 and area.rect.contains(chip.rect), where
                for a, b in zip(g.chips, g.chips[1:]):
                    assert not a.rect.colliderect(b.rect), f"{size} {n}p seat {area.seat}: chips overlap"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440)])
def test_chips_beside_a_city_keep_their_names(lang, size):
    """A seat with a city has no room above its chips: four of them once shared one row, too
    narrow for a name («A…» at 1920×1080, 8 players); thinner, in two rows, they keep one.
    Where even that leaves no room (960×540, 1280×720) a chip is only its icon and value —
    never a stub of a name, never an empty label."""
    from knjazja.engine.state import City
    i18n.set_language(lang)
    texts = TextCache()
    for n in (4, 6, 8):
        L = table_layout(size, n, 0)
        view = table_with_chips(n, 0)
        for seat, cid in zip(range(n), ("city.kiev", "city.novgorod", "city.pskov", "city.galich", "city.murom",
                                        "city.suzdal", "city.polotsk", "city.smolensk")):
            city = City(INSTANCES[cid][0], seat)
            city.walls, city.buildings = INSTANCES["wall.stone"][0], list(INSTANCES["bld.church"][:2])
            view.cities[city.card] = city
        ctx = DrawContext(Sprites(), texts, lang, [f"P{i}" for i in range(n)], [True] * n, L.unit, 0)
        for area in L.player_areas:
            g = area_geometry(view, area, ctx)
            assert g.cities and len(g.chips) == 4
            for chip in g.chips:
                name, fsize, avail = chip_label(chip, ctx)
                font = texts.font("body", max(9, round(fsize * 0.85)))
                where = f"{lang} {size} {n}p seat {area.seat} ({area.side}): {name!r} in {avail}px"
                if size[1] >= 900:
                    assert not chip.compact, where
                if chip.compact:
                    assert chip.rect.width <= 2 * chip.rect.height + 2, where
                else:
                    assert font.size(name)[0] <= avail and len(name) >= 4, where
                assert area.rect.contains(chip.rect) and not any(chip.rect.colliderect(s.rect) for s in g.cities), where
            assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(g.chips) for b in g.chips[i + 1:])
