"""The rendering check: ten whole bot games in each language, every line the table says read
against the errors a native editor found (``knjazja.app.wording.wordcheck``); ``knjazja bench words``
runs it over many more games."""
import pytest

from knjazja.app.wording import wordcheck as W
from knjazja.app.wording.wordcheck import Line


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_ten_whole_games_read_without_a_known_error(lang):
    report = W.check(10, lang, refusal_every=4, advice_every=12)
    assert report.games == 10
    assert report.lines > 20000
    assert {"log", "refusal", "results"} <= {ln.kind for ln in report.samples}
    assert [(name, ln.text) for name, ln in report.errors] == []


@pytest.mark.parametrize("lang,bad,good", [
    ("ru", "Партия окончена: побеждает Ольга (21\u00a0Славы)", "Партия окончена: побеждает Ольга (21\u00a0Слава)"),
    ("ru", "ваш ход принёс 0\u00a0Славы Ольге", "ваш ход принёс Ольге 0\u00a0Слав"),
    ("ru", "Осталось 5\u00a0хода", "Осталось 5\u00a0ходов"),
    ("ru", "ещё одна карта в\u00a0руке", "ещё одна карта на\u00a0руке"),
    ("ru", "Ольга потерял бы 3\u00a0Славы", "у Ольги стало бы на 3\u00a0Славы меньше"),
    ("ru", "Ярослав берёт Смоленск", "Ярослав берёт из колоды Смоленск"),
    ("ru", "Ваш выбор: сыграть «Засаду»: атака отбита", "Ваш ход — сыграть «Засаду» и отбить атаку"),
    ("en", "Better was: Draw a card", "it would have been better to draw a card"),
    ("en", "Yaroslav draws a Druzhina 6", "Yaroslav draws the Druzhina 6"),
    ("en", "1 cards in the deck", "1 card in the deck"),
    ("en", "The Wooden Walls is built in a city", "The Wooden Walls are built in a city"),
])
def test_each_pattern_catches_its_error_and_passes_the_fix(lang, bad, good):
    tests = W.patterns(lang, {"Ольга"})
    assert any(t(Line("log", bad, True)) for _, t in tests), bad
    assert not any(t(Line("log", good, True)) for _, t in tests), good


def test_yourself_is_an_error_only_in_a_line_about_somebody_else():
    tests = dict(W.patterns("en", set()))
    told = tests["'yourself' in a line about somebody else"]
    assert told(Line("review", "Olga — lay the Wise Voivode before yourself", third=True))
    assert not told(Line("button", "Lay the Wise Voivode before yourself"))
