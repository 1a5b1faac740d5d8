"""One word for each thing, the original's terms, and card names spelled as on the cards.

Every «…» in the Russian strings, card texts, rules and lessons is a card's name in one of its cases
(or a button's label), so «Налет» or a misspelt case cannot creep in; the terms the 2005
rules use stand where the game talks about the same thing.
"""
import ast
import re
from pathlib import Path

import pytest

from knjazja.app.wording import i18n
from knjazja.app.wording.i18n import rules_path, strings
from knjazja.app.tutorial.lessons import all_lessons
from knjazja.app.wording.words import prince_names
from knjazja.engine.cards import SPECS, texts

QUOTED = re.compile(r"«([^»{}]+)»")


def russian_texts():
    """(where, text) of everything Russian a player reads, card references filled in."""
    for key, value in strings("ru").items():
        for text in (value.values() if isinstance(value, dict) else [value]):
            yield key, i18n._card_refs(text, "ru")
    for sp in SPECS:
        yield sp.id, texts("ru")[sp.id]["text"]
    yield "rules.ru.md", rules_path("ru").read_text(encoding="utf-8")
    for lesson in all_lessons():
        yield f"lesson {lesson.id}", lesson.title["ru"]
        yield f"lesson {lesson.id}", lesson.summary["ru"]
        for i, step in enumerate(lesson.steps):
            yield f"lesson {lesson.id} step {i + 1}", step.say["ru"] + " " + step.hint["ru"]


def card_forms() -> set[str]:
    out = set()
    for entry in texts("ru").values():
        out.add(entry["name"])
        out.update(entry["forms"].values())
        out.update(entry.get("plural", {}).values())
    return out


def test_every_quoted_name_is_a_card_in_some_case():
    sections = re.findall(r"^# (.+?)(?: \{#\w+\})?$", rules_path("ru").read_text(encoding="utf-8"), re.M)
    buttons = ("table.button.", "lesson.next", "lesson.finish")      # a button's label may be quoted
    allowed = card_forms() | set(sections) | {v for k, v in strings("ru").items() if k.startswith(buttons)}
    bad = [(where, name) for where, text in russian_texts() for name in QUOTED.findall(text)
           if name not in allowed]
    assert not bad


def test_every_russian_card_name_has_gender_and_five_cases():
    for cid, entry in texts("ru").items():
        assert entry["gender"] in ("m", "f", "n", "pl"), cid
        assert set(entry["forms"]) == {"gen", "dat", "acc", "ins", "prep"}, cid
    for cid, entry in texts("en").items():
        assert entry["gender"] in ("sg", "pl"), cid
        assert entry.get("a", "") in ("", "a", "an", "the") and entry.get("the", "") in ("", "the"), cid


@pytest.mark.parametrize("wrong,right", [
    ("Налет", "Налёт"), ("лицом вверх", "рисунком вверх"), ("Летопись партии", "Журнал партии"),
    ("Вернуть ход", "Отменить ход"), ("средний", "обычный"), ("родное", "русское"),
    ("ответ в любой момент", "в ответ на карту, сыгранную против вас"), ("втёмную", "рубашкой вверх"),
    ("в руку", "на руку"),
])
def test_the_originals_terms(wrong, right):
    hits = [where for where, text in russian_texts() if wrong in text]
    assert not hits, f"{wrong!r} instead of {right!r} in {hits}"


def test_one_name_per_bot_level():
    ru = strings("ru")
    for level, word in (("easy", "лёгк"), ("normal", "обычн"), ("hard", "сильн")):
        for key in (f"setup.kind.{level}", f"stats.level.{level}", f"series.kind.{level}",
                    f"saveload.level.{level}"):
            assert word in ru[key].lower(), key


def test_buildings_are_postrojki_and_the_log_is_no_chronicle():
    assert strings("ru")["card.kind.building"] == "Постройка"
    assert strings("ru")["gallery.kind.building"] == "Постройка"
    assert "Chronicle" not in strings("en")["table.log.title"]
    for sp in SPECS:
        if sp.id.startswith("wall.") or sp.id in ("bld.throne", "bld.sloboda", "bld.golden_gate"):
            assert not texts("ru")[sp.id]["text"].startswith("Здание"), sp.id


def test_prince_names_clash_with_no_card_and_nobody_is_called_player():
    for lang in ("ru", "en"):
        names = prince_names(lang)
        card_words = {w for entry in texts(lang).values() for w in re.findall(r"\w+", entry["name"])}
        assert not set(names) & card_words, lang
        assert i18n.tr("setup.kind", lang=lang) not in names
        assert len(names) >= 8


def test_no_russian_phrases_in_python():
    """Phrases live in the data files: no string constant in the code (docstrings aside) holds
    two Russian words, except the self-test's font sample and the grammar rules of words.py and
    typography.py (endings, particles)."""
    root = Path(__file__).resolve().parents[2] / "knjazja"
    ALLOWED = ("selftest.py", "words.py", "typography.py", "wordcheck.py", "wordpatterns.py", "audit.py",
               "advicesample.py")
    two_words = re.compile(r"[А-Яа-яЁё]+[^А-Яа-яЁё]+[А-Яа-яЁё]+")
    offenders = []
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings \
                    and two_words.search(node.value) and path.name not in ALLOWED:
                offenders.append(f"{path.relative_to(root)}:{node.lineno}")
    assert not offenders
