"""What a player's game loads: a started game — the window, the menu, a new game against three
Normal through the menu's own start, its first turns drawn — imports no developer tool (the
benches and checks of ``knjazja.tools``), no laboratory and no research switch.  The list is
printed, so a new module a game loads shows in the test's output."""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

GAME = """
import sys
from knjazja.app.store.settings import Settings
from knjazja.ui.app import App
from knjazja.ui.main import GameFlow
app = App(Settings(), persist=False)
flow = GameFlow(app, sync_bots=True)
app.stack.push(flow.menu)
app.step([], 1 / 60)
seats = [{"name": "Ольга", "kind": "human"}] + [{"name": "", "kind": "normal"} for _ in range(3)]
session = flow.start_game({"seats": seats}, seed=7)
for _ in range(240):
    app.step([], 1 / 60)
assert session.state.history, "no move was made"
print("\\n".join(sorted(m for m in sys.modules if m.split(".")[0] in ("knjazja", "knjazja_lab"))))
"""

# what only a developer runs: the benches and checks, the laboratory
NOT_IN_A_GAME = ("knjazja.tools", "knjazja_lab")
# the research switches the laboratory owns (knjazja_lab/factory.py): never in the levels' code
RESEARCH_NAMES = ("WIDE_CHOICE", "exact_model", "leaf_ply", "SENSES")


def started_game_modules(tmp_path: Path) -> list[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", KNJAZJA_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", GAME], capture_output=True, text=True, cwd=tmp_path,
                         env=env, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout.split()


def test_a_started_game_imports_no_bench_no_laboratory_and_no_research_switch(tmp_path):
    loaded = started_game_modules(tmp_path)
    print(f"{len(loaded)} modules of the game loaded:", *loaded, sep="\n  ")
    assert "knjazja.ui.table.scene" in loaded and "knjazja.bots.normal" in loaded   # a game did start
    wrong = [m for m in loaded if m.startswith(NOT_IN_A_GAME) or "bench" in m]
    assert not wrong, wrong
    for name in loaded:
        module_file = ROOT / (name.replace(".", "/") + ".py")
        if not module_file.exists():
            module_file = ROOT / name.replace(".", "/") / "__init__.py"
        found = identifiers(module_file) & set(RESEARCH_NAMES)
        assert not found, f"{name} uses the research switches {sorted(found)}"


def identifiers(path: Path) -> set[str]:
    """The names a module's code uses or defines (its comments and docstrings may mention any)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.alias):
            out |= {node.name.split(".")[-1], node.asname or ""}
    return out


def test_the_research_check_reads_code_not_words(tmp_path):
    """A switch named in a docstring is no use of it; one used in code is."""
    (tmp_path / "m.py").write_text('"""see WIDE_CHOICE"""\nx = 1\n', encoding="utf-8")
    assert not identifiers(tmp_path / "m.py") & set(RESEARCH_NAMES)
    (tmp_path / "m.py").write_text("from lab import WIDE_CHOICE as w\ny = leaf_ply(w)\n", encoding="utf-8")
    assert identifiers(tmp_path / "m.py") & set(RESEARCH_NAMES) == {"WIDE_CHOICE", "leaf_ply"}


MENU = """
import sys
import knjazja.ui.app, knjazja.ui.main, knjazja.ui.scenes.menu
print("\\n".join(sorted(m for m in sys.modules if m.split(".")[0] in ("knjazja", "knjazja_lab"))))
"""
# what the window and the main menu do not need: the levels and their evaluation, the Hint and
# the review, the network, the table, the benches and the laboratory (loaded when used)
NOT_AT_THE_MENU = ("knjazja.bots.normal", "knjazja.bots.hard", "knjazja.bots.net", "knjazja.bots.hints",
                   "knjazja.bots.advisor", "knjazja.app.advice", "knjazja.app.table", "knjazja.net",
                   "knjazja.ui.table", "knjazja.ui.scenes.review", "knjazja.tools", "knjazja_lab")


# issue 62 (open in a blink): of the rules engine, the menu loads only the card catalogue (the
# fans' faces) and the save error; the rules, the sessions, the bots and the lessons load with a
# game or a lesson (the engine package loads lazily)
ENGINE_AT_THE_MENU = {"knjazja.engine", "knjazja.engine.cards", "knjazja.engine.kinds", "knjazja.engine.brief",
                      "knjazja.engine.save_error"}
NOT_AT_LAUNCH = NOT_AT_THE_MENU + ("knjazja.bots", "knjazja.app.session", "knjazja.app.tutorial.lessons",
                                   "websockets", "asyncio")


def wrong_at_the_menu(loaded: list[str], forbidden: tuple[str, ...]) -> list[str]:
    return [m for m in loaded if m.startswith(forbidden)
            or (m.startswith("knjazja.engine") and m not in ENGINE_AT_THE_MENU)]


def test_the_menu_loads_no_bot_level_no_advice_no_network_and_no_table(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", KNJAZJA_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", MENU], capture_output=True, text=True, cwd=tmp_path,
                         env=env, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    loaded = out.stdout.split()
    print(f"{len(loaded)} modules at the menu:", *loaded, sep="\n  ")
    assert "knjazja.ui.scenes.menu" in loaded
    wrong = wrong_at_the_menu(loaded, NOT_AT_THE_MENU)
    assert not wrong, wrong


LAUNCH = """
import sys
from knjazja.app.store.settings import Settings
from knjazja.ui.app import App
from knjazja.ui.main import GameFlow
app = App(Settings(), persist=False)
flow = GameFlow(app)
app.stack.push(flow.menu)
app.step([], 1 / 60)
assert flow.menu.banner_text is not None, "the first start offers the first lesson"
tops = ("knjazja", "knjazja_lab", "websockets", "asyncio")
print("\\n".join(sorted(m for m in sys.modules if m.split(".")[0] in tops)))
"""


def test_the_games_launch_draws_the_menu_without_rules_bots_sessions_lessons_or_network(tmp_path):
    """What the game itself does on a first start (``knjazja.ui.main.run``: the flow with its
    lessons and network parts, the menu with its offer of the first lesson, one frame) loads
    only what the menu shows."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", KNJAZJA_HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", LAUNCH], capture_output=True, text=True, cwd=tmp_path,
                         env=env, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    loaded = out.stdout.split()
    print(f"{len(loaded)} modules at launch:", *loaded, sep="\n  ")
    assert "knjazja.ui.scenes.menu" in loaded and "knjazja.ui.lesson_flow" in loaded
    wrong = wrong_at_the_menu(loaded, NOT_AT_LAUNCH)
    assert not wrong, wrong
