"""Card names on the faces break only at syllable or word boundaries, and the hand's titles
are readable without zooming."""
import pytest

from knjazja.engine.cards import SPECS
from knjazja.ui.art.card import title_lines
from knjazja.ui.art.hyphen import break_points
from knjazja.ui.table.layout import table_layout

SIZES = [(1280, 720), (1600, 900), (1920, 1080)]


def card_sizes():
    out = set()
    for size in SIZES:
        for n in (2, 4, 8):
            L = table_layout(size, n, 0)
            out |= {L.hand_card_size, L.card_size, L.small_card_size}
    return sorted(out)


@pytest.mark.parametrize("lang,word,expected", [
    ("ru", "Тмутаракань", "Тму-та-ра-кань"), ("ru", "Половецкое", "По-ло-вец-кое"),
    ("ru", "Ремесленная", "Ре-мес-лен-ная"), ("ru", "Митрополичье", "Мит-ро-по-ли-чье"),
    ("ru", "Советник-отравитель", "Со-вет-ник-от-ра-ви-тель"),
    ("en", "Metropolitan's", "Met-ro-pol-i-tan's"), ("en", "Judgement", "Judge-ment"),
    ("en", "Smolensk", "Smo-lensk"), ("en", "Church", "Church")])
def test_break_points(lang, word, expected):
    points = break_points(word, lang)
    parts = [word[a:b] for a, b in zip((0,) + points, points + (len(word),))]
    assert "-".join(p.rstrip("-") for p in parts) == expected


def check_lines(name: str, lines: list[str], lang: str) -> None:
    """``lines`` set ``name``: words whole, or broken (with an added hyphen) where they may."""
    idx = 0
    for line in lines:
        inserted = line.endswith("-") and name[idx + len(line) - 1:idx + len(line)] != "-"
        body = line[:-1] if inserted else line
        assert name[idx:idx + len(body)] == body, (name, lines)
        idx += len(body)
        if inserted:
            start = name.rfind(" ", 0, idx) + 1
            end = name.find(" ", idx)
            word = name[start:end if end >= 0 else len(name)]
            assert idx - start in break_points(word, lang), (name, lines)
        elif idx < len(name) and name[idx] == " ":
            idx += 1
    assert idx == len(name), (name, lines)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_titles_break_only_at_syllables_or_words(lang):
    """Every card's name at every size the table draws."""
    for spec in SPECS:
        for size in card_sizes():
            lines, _ = title_lines(spec.id, lang, size)
            if lines[-1].endswith("…"):
                continue                      # truncated at the very smallest size
            check_lines(_name(spec.id, lang), lines, lang)


def _name(card_id, lang):
    from knjazja.ui.art.card_text import card_name_text
    return card_name_text(card_id, lang)[0]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_hand_titles_are_whole_and_readable_at_1600x900(lang):
    L = table_layout((1600, 900), 4, 0)
    assert L.hand_card_size[0] >= 110
    heights = []
    for spec in SPECS:
        lines, height = title_lines(spec.id, lang, L.hand_card_size)
        assert not lines[-1].endswith("…"), (spec.id, lines)
        assert height >= 11, (spec.id, height)          # the longest name, two lines of it
        heights.append(height)
    heights.sort()
    assert heights[len(heights) // 20] >= 15            # 95 % of the names at 15 px or more


def test_an_unplayable_card_keeps_its_name_legible():
    """Dimming darkens the frame and the picture, never the name on the banner."""
    import pygame
    from knjazja.ui.art.card_parts import card_frame
    from knjazja.ui.table.sprites import Sprites
    pygame.display.init()
    sp = Sprites()
    size = table_layout((1600, 900), 4, 0).hand_card_size
    face, dim = sp.face_id("city.tmutarakan", size, "ru"), sp.face_id("city.tmutarakan", size, "ru", dim=True)
    _, inner, banner = card_frame(*size)
    b = banner.inflate(-2, -2)
    assert pygame.image.tobytes(face.subsurface(b), "RGB") == pygame.image.tobytes(dim.subsurface(b), "RGB")
    art = pygame.Rect(inner.x, banner.bottom + 4, inner.w, inner.bottom - banner.bottom - 8)
    bright = lambda s: sum(pygame.transform.average_color(s.subsurface(art))[:3])  # noqa: E731
    assert bright(dim) < 0.7 * bright(face)
