"""The prompt banner always shows the whole instruction: every prompt (and every log line the
banner repeats while moves are shown) in both languages, at 1280×720, 1600×900 and 1920×1080,
for 2 to 8 players, wraps and shrinks to a readable size, never under the Hint/Skip button."""
import string

import pytest
from pygame import Rect

from knjazja.app.wording import i18n
from knjazja.app.wording.card_names import short_name
from knjazja.app.wording.words import card_word, seat_word, word_list
from knjazja.engine.cards import KIND, N_CARDS
from knjazja.engine.kinds import CardKind
from knjazja.ui.app import ui_scale_for
from knjazja.ui.table.banner import fit_banner, font_measure
from knjazja.ui.table.context import DrawContext
from knjazja.ui.table.controls import banner_button_rect
from knjazja.ui.table.layout import table_layout
from knjazja.ui.table.prompt import banner_sizes
from knjazja.ui.table.sprites import Sprites, TextCache

SIZES = [(960, 540), (1280, 720), (1600, 900), (1920, 1080)]
TEXTS = TextCache()
NAMES = {"en": "Mstislav the Bold", "ru": "Мстислав Удалой"}          # ordinary, long-ish names
LONGEST = {"en": "Vsevolod Big Nest of Kiev", "ru": "Всеволод Большое Гнездо!"}   # 24 characters


class Fill(dict):
    """Words for every placeholder: the given prince, the longest card and city names."""

    def __init__(self, lang: str, name: str) -> None:
        super().__init__()
        cards = [c for c in range(N_CARDS)]
        card = max(cards, key=lambda c: len(short_name(c, lang)))
        city = max((c for c in cards if KIND[c] == CardKind.CITY), key=lambda c: len(short_name(c, lang)))
        prince = seat_word(name, lang)
        self.card, self.prince = card_word(card, lang), prince
        troop = max((c for c in cards if KIND[c] == CardKind.TROOP), key=lambda c: len(short_name(c, lang)))
        three = word_list([card_word(troop, lang)] * 3, lang)          # bids, squads: troops
        self.update(name=prince, attacker=prince, defender=prince, seat=prince, other=prince,
                    names=f"{name}, {name}", card=self.card, city=card_word(city, lang), target=self.card,
                    troop=self.card, troops=three, cards=three, chronicle=self.card,
                    value=10, n=10, walls=10, total=30, expr="(3×2 + 4) × 3", chance=50)

    def __missing__(self, key: str):
        return self.card


def texts(lang: str, name: str) -> list[str]:
    """Every prompt, with the thinking suffix where the banner adds it, and every log line."""
    fill = Fill(lang, name)
    out = []
    for key, value in i18n.strings(lang).items():
        if not isinstance(value, str) or not key.startswith(("table.prompt.", "log.")):
            continue
        needed = {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(value) if f}
        text = i18n.tr(key, lang=lang, **{k: fill[k] for k in needed if not k.startswith("@")})
        out.append(text)
        if ".other_" in key or key.endswith("turn_of"):
            out.append(text + " · " + i18n.tr("table.thinking", lang=lang, name=fill.prince))
    return out


MEASURED: dict = {}


def cached(role: str, texts: TextCache):
    """The fonts' measure, remembered (the same lines are measured at many sizes)."""
    measure = font_measure(role, texts.font)

    def remembered(text: str, size: int) -> tuple[int, int]:
        key = (role, text, size)
        if key not in MEASURED:
            MEASURED[key] = measure(text, size)
        return MEASURED[key]
    return remembered


def check(text, L, lang, size, *, may_grow: bool):
    ctx = DrawContext(Sprites(), TEXTS, lang, [], [], L.unit, None)
    button = banner_button_rect(L.prompt, ui_scale_for(size))
    big, small = banner_sizes(ctx, L.prompt)
    for role in ("bold", "body"):
        fit = fit_banner(text, L.prompt, cached(role, TEXTS), max_size=big, min_size=small, reserve=button)
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
    layouts = {}                                     # 2 to 8 players: the banners they make
    for n in range(2, 9):
        L = table_layout(size, n, 0)
        layouts.setdefault(L.prompt.size, L)
    for L in layouts.values():
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


def _mouse_points(L) -> list[tuple[int, int]]:
    """Where a card can be hovered: across the hand and over every area and the centre."""
    pts = [(L.hand.left + L.hand.width * k // 8, L.hand.centery) for k in range(1, 8)]
    for area in L.player_areas:
        pts += [area.cities.topleft, area.cities.center, (area.cities.right - 2, area.cities.top + 2)]
    return pts + [L.deck.center, L.discard.center, L.war_stack.center, L.war_stack.midright]


def _choice_panel(L) -> Rect:
    """A question over the centre, standing on the prompt (as the choice panel does)."""
    w, h = min(L.war_stack.width, L.unit * 22), L.unit * 6
    return Rect(L.war_stack.centerx - w // 2, L.war_stack.bottom - h, w, h)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", SIZES + [(2560, 1440)])
def test_a_zoomed_card_leaves_the_prompt_bar_uncovered(size, lang):
    """The zoomed card (and its terms, and a city's tableau) was drawn over the prompt bar:
    hovered anywhere, it keeps off the prompt and off a question standing on it."""
    from knjazja.app.wording.glossary import card_terms
    from knjazja.engine.state import City
    from knjazja.engine.cards import INSTANCES
    from knjazja.ui.glossary_view import legend_box
    from knjazja.ui.table.city_zoom import city_zoom_rect
    from knjazja.ui.table.overlays import zoom_rect
    i18n.set_language(lang)
    terms = max((card_terms(c, lang) for c in range(N_CARDS)), key=lambda t: sum(map(len, t)))
    city = City(INSTANCES["city.kiev"][0], 0)
    city.walls, city.moat = INSTANCES["wall.stone"][0], INSTANCES["wall.moat"][0]
    city.buildings = list(INSTANCES["bld.church"][:3] + INSTANCES["bld.monastery"][:2] + INSTANCES["bld.throne"][:1])
    window = Rect((0, 0), size)
    for n in (2, 4, 5, 8):
        L = table_layout(size, n, 0)
        fsize = max(9, round(L.unit * 0.9))
        for choice in (Rect(0, 0, 0, 0), _choice_panel(L)):
            clear = ((L.prompt, choice), tuple(L.buttons.values()))
            for pos in _mouse_points(L):
                where = f"{lang} {size} {n}p at {pos}, question {choice}"
                r = zoom_rect(size, pos, L.unit, clear)
                assert window.contains(r) and not r.colliderect(L.prompt) and not r.colliderect(choice), (where, r)
                box, _ = legend_box(terms, r, fsize, size, clear[0])
                assert not box.colliderect(L.prompt) and not box.colliderect(choice), (where, "terms", box)
                panel, _ = city_zoom_rect(city, size, pos, L.unit, clear)
                assert window.contains(panel) and not panel.colliderect(L.prompt) \
                    and not panel.colliderect(choice), (where, "tableau", panel)
