"""The language is held in one place and passed everywhere else (issue 47).

The UI (``knjazja/ui``) shows one language at a time: the one ``i18n.set_language`` was last
given (by the App, from the settings) — that is the one place it is held.  Everything below
the UI (``knjazja/app``: the table's controller, the narrator, the advice, the lessons, the
words check) is told the language by its caller, so two tables, a network seat or a check
that renders both languages never depend on what the screen shows: no module there reads or
sets the current language, and every lookup of a phrase names its language.
"""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "knjazja" / "app"
I18N = APP / "wording" / "i18n.py"
LOOKUPS = {"tr", "tr_list", "card_name", "card_text"}    # each takes ``lang=``
GLOBAL = {"get_language", "set_language"}


def _called(node: ast.Call) -> str | None:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def _findings(folder: Path = APP) -> list[str]:
    found = []
    for path in sorted(folder.rglob("*.py")):
        if path == I18N:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        where = path.relative_to(folder.parent).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.endswith("i18n"):
                found += [f"{where}:{node.lineno} imports {a.name}" for a in node.names if a.name in GLOBAL]
            if not isinstance(node, ast.Call):
                continue
            name = _called(node)
            if name in GLOBAL:
                found.append(f"{where}:{node.lineno} calls {name}()")
            elif name in LOOKUPS and not any(k.arg == "lang" for k in node.keywords):
                positional_lang = name in {"card_name", "card_text"} and len(node.args) >= 2
                if not positional_lang:
                    found.append(f"{where}:{node.lineno} {name}() without lang=")
    return found


def test_nothing_below_the_ui_reads_or_sets_the_current_language():
    assert _findings() == []


def test_the_check_would_see_a_phrase_without_its_language(tmp_path):
    (tmp_path / "probe.py").write_text("from knjazja.app.wording.i18n import tr, get_language\n"
                                       "X = tr('menu.new_game')\nY = get_language()\n"
                                       "Z = tr('menu.new_game', lang='ru')\n", encoding="utf-8")
    assert len(_findings(tmp_path)) == 3
