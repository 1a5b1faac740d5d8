"""The prompt banner always shows the whole instruction: every prompt (and every log line the
banner repeats while moves are shown) in both languages, at 1280×720, 1600×900 and 1920×1080,
for 2 to 8 players, wraps and shrinks to a readable size, never under the Hint/Skip button."""
import string

import pytest
from pygame import Rect

from knjazja.app import i18n
from knjazja.app.card_names import short_name
from knjazja.app.narrate import PHRASES
from knjazja.engine.cards import CITY, KIND, N_CARDS
from knjazja.ui.app import ui_scale_for
from knjazja.ui.table.banner import fit_banner, font_measure
from knjazja.ui.table.context import DrawContext
from knjazja.ui.table.controls import banner_button_rect
from knjazja.ui.table.layout import table_layout
from knjazja.ui.table.prompt import banner_sizes
from knjazja.ui.table.sprites import Sprites, TextCache, printable

SIZES = [(1280, 720), (1600, 900), (1920, 1080)]
NAMES = {"en": "Mstislav the Bold", "ru": "Мстислав Удалой"}          # ordinary, long-ish names
LONGEST = {"en": "Vsevolod Big Nest of Kiev", "ru": "Всеволод Большое Гнездо!"}   # 24 characters


class Fill(dict):
    def __init__(self, lang: str, name: str) -> None:
        super().__init__()
        cards = [short_name(c, lang) for c in range(N_CARDS)]
        cities = [short_name(c, lang) for c in range(N_CARDS) if KIND[c] == CITY]
        card = max(cards, key=len)
        self.update(name=name, attacker=name, defender=name, seat=name, other=name, names=f"{name}, {name}",
                    card=card, city=max(cities, key=len), target=card, troop=card, troops=f"{card}, {card}",
                    cards=f"{card}, {card}, {card}", value=10, n=10, walls=10, move=card, chance=50)

    def __missing__(self, key: str) -> str:
        return "10"


def texts(lang: str, name: str) -> list[str]:
    """Every prompt, with the thinking suffix where the banner adds it, and every log phrase."""
    fill = Fill(lang, name)
    out = []
    for key, value in i18n.strings(lang).items():
        if key.startswith("table.prompt.") and isinstance(value, str):
            text = string.Formatter().vformat(value, (), fill)
            out.append(text)
            if ".other_" in key or key.endswith("turn_of"):
                out.append(text + " · " + i18n.tr("table.thinking", lang=lang, name=name))
    out += [string.Formatter().vformat(v, (), fill) for k, v in PHRASES[lang].items() if k.startswith("ev.")]
    return [printable(t) for t in out]


def check(text, L, lang, size, *, may_grow: bool):
    ctx = DrawContext(Sprites(), TextCache(), lang, [], [], L.unit, None)
    button = banner_button_rect(L.prompt, ui_scale_for(size))
    big, small = banner_sizes(ctx, L.prompt)
    for role in ("bold", "body"):
        fit = fit_banner(text, L.prompt, font_measure(role, ctx.texts.font), max_size=big, min_size=small,
                         reserve=button)
        where = f"{lang} {size} {L.n_players}p {role}: {text!r}"
        assert " ".join(fit.lines).split() == text.split(), f"words lost: {where}"
        assert fit.size >= small, where
        for r in fit.rects:
            assert fit.text_area.contains(r), f"clipped: {where} {r} not in {fit.text_area}"
            assert not r.colliderect(button), f"under the button: {where}"
            assert fit.box.contains(r), where
        assert Rect((0, 0), size).contains(fit.box), where
        if not may_grow:
            assert fit.box == L.prompt, f"the banner had to grow: {where} ({len(fit.lines)} lines)"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES)
def test_every_prompt_fits_the_banner(lang, size):
    i18n.set_language(lang)
    for n in range(2, 9):
        L = table_layout(size, n, 0)
        for text in texts(lang, NAMES[lang]):
            check(text, L, lang, size, may_grow=False)
        for text in texts(lang, LONGEST[lang]):
            check(text, L, lang, size, may_grow=True)


def test_a_clipped_text_is_caught():
    """The check itself fails on a banner too narrow for its words."""
    i18n.set_language("en")
    L = table_layout((1280, 720), 8, 0)
    with pytest.raises(AssertionError):
        check("x" * 400, L, "en", (1280, 720), may_grow=False)
