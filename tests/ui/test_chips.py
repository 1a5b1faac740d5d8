"""Chronicle chips show a whole name or a readable short form (never "Ann…"), four to a row,
and the card itself (its whole name) when the mouse rests on one."""
import pytest

from knjazja.app.wording import i18n
from knjazja.app.table.table_view import TableView
from knjazja.engine import new_game
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
    return TableView(s)


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
