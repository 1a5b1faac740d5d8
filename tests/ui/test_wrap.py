"""Word wraps break lines at ordinary spaces only: a no-break space holds its words together."""
import pygame
import pytest

import knjazja.ui.scenes  # noqa: F401  (the widgets module is imported through the scenes)
from knjazja.app.wording.typography import typeset
from knjazja.ui.art.card_text import wrap_text as wrap_card
from knjazja.ui.art.resources import load_font
from knjazja.ui.widgets import wrap_text as wrap_widget


@pytest.fixture(scope="module")
def font():
    pygame.font.init()
    return load_font("body", 18)


@pytest.mark.parametrize("wrap", [wrap_widget, wrap_card])
def test_no_break_spaces_hold(font, wrap):
    text = typeset("Ольга строит «Церковь» в Киеве, Сила 7", "ru")
    narrow = font.size("«Церковь»")[0]          # narrower than "в Киеве, Сила 7"
    lines = wrap(text, font, narrow)
    assert "в\u00a0Киеве," in lines and "Сила\u00a07" in lines, lines
    assert "".join(lines).replace("\u00a0", " ").replace(" ", "") == text.replace("\u00a0", "").replace(" ", "")
