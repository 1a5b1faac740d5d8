"""Every character of every string the player reads is in the font it is drawn with.

UI strings, log phrases, card names and texts, the built-in princes' names and the rules page
are checked, in both languages, against the body faces (Noto Serif regular and bold); the
strings set in the title face (menu buttons, screen titles, stamps, the war header, card
names, the rules' section titles) also against Triod Postnaja (Russian) or Old Standard
(English).  The characters are read from each font's cmap, so a missing glyph cannot hide
behind pygame's ".notdef" box.
"""
import re
from pathlib import Path

import pytest

from font_cmap import coverage
from knjazja.app.wording import i18n
from knjazja.app.wording.i18n import LANGUAGES, card_name, card_text, strings
from knjazja.app.wording.narrate import Phrase
from knjazja.app.wording.rulebook import load_rules, parse_inline
from knjazja.app.wording.typography import typeset
from knjazja.app.wording.words import FORMS, Word
from knjazja.engine.cards import SPECS
from knjazja.ui.art.resources import FONT_FILES, font_role

FONTS = Path(__file__).resolve().parents[2] / "assets" / "fonts"

# keys whose strings are drawn in the title face
TITLE_KEYS = re.compile(r"^(menu\.|pause\.|book\.tab\.|table\.stamp\.|table\.centre\.|"
                        r"table\.war\.(header|captured|condemned|ended)$|handover\.title$|"
                        r"results\.(winner|shared)$|series\.(winner|shared)$|review\.(move|final)$|"
                        r".*title$)")


def font_chars(role: str, lang: str) -> frozenset[int]:
    return coverage(FONTS / FONT_FILES[font_role(role, lang)])


def missing(text: str, chars: frozenset[int]) -> str:
    return "".join(sorted({c for c in text if ord(c) not in chars and c not in "\n"}))


def rendered_strings(lang: str):
    """(key, text) for every UI string as drawn: card references filled in, typeset, with
    each placeholder's value shown by its own test (names) and agreement alternatives kept."""
    class Both(Word):
        """A blank name that is also a count (``{n:Слава|Славы|Слав}``)."""

        def __format__(self, spec: str) -> str:
            return format(i18n.Count(1, lang), spec) if "|" in spec else super().__format__(spec)

    word = Both({f: "" for f in FORMS[lang]} | {"third": Phrase(""), "to": ""}, "m" if lang == "ru" else "sg",
                lang)

    class Blank(dict):
        def __missing__(self, key):
            return word

    for key, value in strings(lang).items():
        for text in (value.values() if isinstance(value, dict) else [value]):
            filled = i18n._card_refs(text, lang).format_map(Blank(n=i18n.Count(1, lang)))
            alternatives = " ".join(re.findall(r"\{[\w.]+(?:\.g)?:([^}]*\|[^}]*)\}", text))
            yield key, typeset(filled, lang) + " " + alternatives


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ui_strings_have_their_glyphs(lang):
    body, bold, title = font_chars("body", lang), font_chars("bold", lang), font_chars("title", lang)
    bad = {}
    for key, text in rendered_strings(lang):
        gap = missing(text, body & bold) + (missing(text, title) if TITLE_KEYS.match(key) else "")
        if gap:
            bad[key] = gap
    assert not bad


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_names_and_texts_have_their_glyphs(lang):
    body, bold, title = font_chars("body", lang), font_chars("bold", lang), font_chars("title", lang)
    bad = {}
    for sp in SPECS:
        name, text = card_name(sp.id, lang), card_text(sp.id, lang)
        gap = missing(name, body & bold & title) + missing(text, body & bold)
        if gap:
            bad[sp.id] = gap
    names = i18n.tr("names.princes", lang=lang)
    assert not missing(names, body & bold & title), names
    assert not bad


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_page_has_its_glyphs(lang):
    body, bold, title = font_chars("body", lang), font_chars("bold", lang), font_chars("title", lang)
    sections = load_rules(lang)
    assert sections
    for section in sections:
        assert not missing(section.title, title), section.title
        for _, block in section.blocks:
            for run, is_bold in parse_inline(block):
                assert not missing(run, bold if is_bold else body), run


def test_the_check_sees_a_missing_glyph():
    """Triod Postnaja really lacks the minus sign; Noto Serif (patched) has it."""
    assert ord("−") not in font_chars("title", "ru")
    assert ord("−") in font_chars("body", "ru") and ord("→") in font_chars("bold", "en")
    assert missing("Слава −4", font_chars("title", "ru")) == "−"
