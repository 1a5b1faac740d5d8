"""The second reader's sample: lines from real games, grouped by kind, each with its context,
one line of every phrasing before any repeat of one."""
import random

from knjazja.tools.wordpatterns import Line
from knjazja.tools.wordsample import KINDS, pick, shape, write_sample


def test_a_phrasing_is_the_line_without_its_names_cards_and_numbers():
    assert shape("Ольга строит «Церковь» в\u00a0Галиче", "ru") == shape("Вася строит «Собор» в\u00a0Киеве", "ru")
    assert shape("Ольга строит «Церковь» в\u00a0Галиче", "ru") != shape("Ольга играет «Пожар»", "ru")
    assert shape("Olga declares war on Kiev, Bob's city", "en") == \
        shape("Player 2 declares war on Murom, Yaroslav's city", "en")


def test_every_phrasing_comes_before_a_second_line_of_one():
    lines = [Line("log", f"Ольга строит «Церковь» в\u00a0{c}") for c in ("Киеве", "Галиче", "Муроме")]
    lines += [Line("log", "Ольга играет «Пожар»"), Line("log", "Атака отбита")]
    got = pick(lines, 3, random.Random(1), "ru")
    assert len(got) == 3 and {"Ольга играет «Пожар»", "Атака отбита"} <= {ln.text for ln in got}


def test_the_file_holds_each_kind_with_its_context(tmp_path):
    written = write_sample(tmp_path / "s.md", size=60, games=1, advice_games=0)
    assert set(written) == {"ru", "en"}
    for lang, path in written.items():
        text = open(path, encoding="utf-8").read()
        for kind, title, _ in KINDS:
            if kind not in ("hint", "review"):          # no advice games asked for
                assert f"## {title} (" in text, (lang, title)
        entries = [chunk for chunk in text.split("\n\n") if chunk[:1].isdigit()]
        assert len(entries) >= 50 and all("\n    — " in e for e in entries)
