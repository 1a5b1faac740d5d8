"""UI strings: both languages complete and consistent, every template fills without error."""
import re
import string

import pytest

from knjazja.app.wording import i18n
from knjazja.app.wording.i18n import CARD_REF, LANGUAGES, PLURAL_FORMS, plural_category, strings, tr
from knjazja.app.wording.narrate import Phrase
from knjazja.app.wording.words import FORMS, Word
from knjazja.engine.cards import SPEC_BY_ID


def fields(value):
    """The placeholders of a template (or of all plural forms), card references left out."""
    texts = value.values() if isinstance(value, dict) else [value]
    return [(name, spec) for text in texts for _, name, spec, _ in string.Formatter().parse(CARD_REF.sub("", text))
            if name is not None]


def roots(value):
    """Placeholder names without their grammatical form: ``{card.acc}`` -> ``card``."""
    return {re.split(r"[.\[]", name)[0] for name, _ in fields(value)}


def test_both_languages_have_the_same_keys():
    en, ru = strings("en"), strings("ru")
    assert set(en) - set(ru) == set(), "missing in Russian"
    assert set(ru) - set(en) == set(), "missing in English"


@pytest.mark.parametrize("key", sorted(strings("en")))
def test_same_placeholders_and_plural_forms(key):
    en, ru = strings("en")[key], strings("ru")[key]
    if key.endswith("_3"):      # a third-person variant: English names the reflexive, Russian «собой» not
        assert roots(ru) <= roots(en), key
    else:
        assert roots(en) == roots(ru), key
    assert isinstance(en, dict) == isinstance(ru, dict), key
    for lang, value in (("en", en), ("ru", ru)):
        if isinstance(value, dict):
            assert set(value) == set(PLURAL_FORMS[lang]), (lang, key)
        elif not key.startswith("grammar."):       # grammar pieces may be empty ("no quotes")
            assert value.strip(), (lang, key)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_form_and_card_reference_exists(lang):
    """``{card.ins}`` names a form the language has; ``{@ev.ambush.ins}`` a real card."""
    bad = []
    for key, value in strings(lang).items():
        for text in (value.values() if isinstance(value, dict) else [value]):
            for m in CARD_REF.finditer(text):
                if m.group(1) not in SPEC_BY_ID or (m.group(2) and m.group(2) not in FORMS[lang]):
                    bad.append((key, m.group(0)))
        for name, spec in fields(value):
            parts = name.split(".")
            if len(parts) == 2 and parts[1] not in FORMS[lang] + ("g", "lc", "to"):
                bad.append((key, name))
            if parts[-1] == "g" and len(spec.split("|")) not in (2, 4 if lang == "ru" else 2):
                bad.append((key, f"{name}:{spec}"))
            if parts[-1] != "g" and "|" in spec and len(spec.split("|")) != len(PLURAL_FORMS[lang]):
                bad.append((key, f"{name}:{spec}"))     # a count names every plural form
    assert not bad


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_template_fills(lang):
    """Each string formats with words for its placeholders: no stray braces, no failures."""
    class Both(Word):
        """A placeholder value that is a word and a count: ``{n:Слава|Славы|Слав}`` fills too."""

        def __format__(self, spec: str) -> str:
            return format(i18n.Count(3, lang), spec) if "|" in spec else super().__format__(spec)

    word = Both({f: f"<{f}>" for f in FORMS[lang]} | {"third": Phrase("<third>", lang=lang), "to": "<to>"},
                "f" if lang == "ru" else "pl", lang)

    class Anything(dict):
        def __missing__(self, key):
            return word

    for key, value in strings(lang).items():
        for text in (value.values() if isinstance(value, dict) else [value]):
            out = i18n._card_refs(text, lang).format_map(Anything(n=i18n.Count(3, lang)))
            assert "{" not in out and "}" not in out, (key, out)


def test_tr_formats_and_switches_language():
    assert tr("menu.new_game") == "New game"
    i18n.set_language("ru")
    assert tr("menu.new_game") == "Новая партия"
    assert tr("menu.version", version="1.2") == "Версия\u00a01.2"
    assert i18n.get_language() == "ru"


def test_tr_fills_card_references_and_typesets():
    assert tr("table.why.answer_only", lang="ru") == \
        "Ответьте на\u00a0атаку: войском, «Засадой», «Подкупом» или «Митрополичьим осуждением»"
    assert tr("table.why.militia_defends", lang="en") == "The Militia only defends"


@pytest.mark.parametrize("n,expected", [(1, "1\u00a0игрок"), (2, "2\u00a0игрока"), (5, "5\u00a0игроков"),
                                        (11, "11\u00a0игроков"), (21, "21\u00a0игрок"), (22, "22\u00a0игрока")])
def test_russian_plurals(n, expected):
    assert tr("setup.player_count", lang="ru", n=n) == expected


def test_english_plurals():
    assert tr("setup.player_count", n=1) == "1\u00a0player"
    assert tr("setup.player_count", n=3) == "3\u00a0players"
    assert plural_category("en", 0) == "other"


def test_missing_key_shows_the_key():
    assert tr("no.such.key") == "no.such.key"


def test_unknown_language_is_rejected():
    with pytest.raises(ValueError):
        i18n.set_language("de")
    assert set(LANGUAGES) == {"en", "ru"}


def test_every_third_person_variant_belongs_to_an_action_told_apart():
    """``act.<kind>…_3`` keys are looked up only for the action kinds the narrator tells twice."""
    from knjazja.app.wording.narrate import _TOLD_APART
    kinds = {key.split(".")[1].split("_")[0] for key in strings("en") if key.endswith("_3")}
    assert kinds and kinds <= _TOLD_APART
