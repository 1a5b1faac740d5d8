"""UI strings: both languages complete and consistent."""
import string

import pytest

from knjazja.app import i18n
from knjazja.app.i18n import LANGUAGES, PLURAL_FORMS, plural_category, strings, tr


def placeholders(value):
    texts = value.values() if isinstance(value, dict) else [value]
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_languages_have_the_same_keys():
    en, ru = strings("en"), strings("ru")
    assert set(en) - set(ru) == set(), "missing in Russian"
    assert set(ru) - set(en) == set(), "missing in English"


@pytest.mark.parametrize("key", sorted(strings("en")))
def test_same_placeholders_and_plural_forms(key):
    en, ru = strings("en")[key], strings("ru")[key]
    assert placeholders(en) == placeholders(ru), key
    assert isinstance(en, dict) == isinstance(ru, dict), key
    for lang, value in (("en", en), ("ru", ru)):
        if isinstance(value, dict):
            assert set(value) == set(PLURAL_FORMS[lang]), (lang, key)
        else:
            assert value.strip(), (lang, key)


def test_tr_formats_and_switches_language():
    assert tr("menu.new_game") == "New game"
    i18n.set_language("ru")
    assert tr("menu.new_game") == "Новая игра"
    assert tr("menu.version", version="1.2") == "Версия 1.2"
    assert i18n.get_language() == "ru"


@pytest.mark.parametrize("n,expected", [(1, "1 игрок"), (2, "2 игрока"), (5, "5 игроков"),
                                        (11, "11 игроков"), (21, "21 игрок"), (22, "22 игрока")])
def test_russian_plurals(n, expected):
    assert tr("setup.player_count", lang="ru", n=n) == expected


def test_english_plurals():
    assert tr("setup.player_count", n=1) == "1 player"
    assert tr("setup.player_count", n=3) == "3 players"
    assert plural_category("en", 0) == "other"


def test_missing_key_shows_the_key():
    assert tr("no.such.key") == "no.such.key"


def test_unknown_language_is_rejected():
    with pytest.raises(ValueError):
        i18n.set_language("de")
    assert set(LANGUAGES) == {"en", "ru"}
