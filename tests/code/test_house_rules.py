"""The house rules of the code itself: sizes, layers, and no card ids where the rules would
leak into the table."""
import ast
import io
import re
import subprocess
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "knjazja"
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 80


# Where no card id may be written: the table, the scenes, and the table's controller
NO_CARD_IDS = ["knjazja/ui/table", "knjazja/ui/scenes", "knjazja/app/table/controller.py",
               "knjazja/app/table/clicks.py", "knjazja/app/table/interaction.py", "knjazja/app/table/prompts.py",
               "knjazja/app/table/table_view.py"]
CARD_ID = re.compile(r"^(ev|troop|city|bld|wall|chr)\.[a-z_]")


def modules(under: Path = PACKAGE) -> list[Path]:
    return sorted(under.rglob("*.py")) if under.is_dir() else [under]


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def functions(path: Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node.end_lineno - node.lineno + 1


def test_no_module_over_500_lines():
    sizes = {rel(p): len(p.read_text(encoding="utf-8").splitlines()) for p in modules()}
    too_long = {m: n for m, n in sizes.items() if n > MAX_MODULE_LINES}
    assert not too_long, too_long


def test_no_function_over_80_lines():
    long = {(rel(p), name): n for p in modules() for name, n in functions(p) if n > MAX_FUNCTION_LINES}
    assert not long, long


def test_the_table_scene_stays_small():
    """The table scene draws and forwards input; what a click means lives in the controller."""
    tree = ast.parse((ROOT / "knjazja/ui/table/scene.py").read_text(encoding="utf-8"))
    scene = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "TableScene")
    assert scene.end_lineno - scene.lineno + 1 < 300


def test_no_card_id_literals_in_the_table():
    found = []
    for place in NO_CARD_IDS:
        for path in modules(ROOT / place):
            tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
            for tok in tokens:
                if tok.type == tokenize.STRING:
                    text = ast.literal_eval(tok.string) if not tok.string.startswith(("f", "F")) else ""
                    if isinstance(text, str) and CARD_ID.match(text):
                        found.append(f"{rel(path)}:{tok.start[0]} {text}")
    assert not found, found


def package_of(path: Path) -> str:
    """The dotted package a module sits in (knjazja/bots/hard.py -> knjazja.bots)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1])


def imports(path: Path, package: str | None = None) -> set[str]:
    """Every module `path` imports, relative imports resolved against `package` (default:
    where it sits; "from ..ui import x" in knjazja/app/y.py is knjazja.ui and
    knjazja.ui.x), function-level imports too."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = (package or package_of(path)).split(".")
                pkg = pkg[:len(pkg) - node.level + 1]
                base = ".".join(pkg + ([node.module] if node.module else []))
            out.add(base)
            out |= {f"{base}.{a.name}" for a in node.names}     # "from . import rounds"
    return out


def test_relative_imports_are_seen(tmp_path):
    """The layer test once read absolute imports only: a relative one upwards slipped by."""
    probe = tmp_path / "probe.py"
    probe.write_text("from ..ui import main\nfrom . import rounds\nfrom .hard import HardBot\n",
                     encoding="utf-8")
    found = imports(probe, package="knjazja.bots")
    assert {"knjazja.ui", "knjazja.ui.main", "knjazja.bots.rounds", "knjazja.bots.hard"} <= found


def test_layers_point_one_way():
    """ui -> net -> app -> bots -> engine: nothing imports from a layer above it; no pygame
    below ui (the network's host runs headless: `knjazja serve`)."""
    above = {"engine": ("knjazja.bots", "knjazja.app", "knjazja.net", "knjazja.ui", "pygame"),
             "bots": ("knjazja.app", "knjazja.net", "knjazja.ui", "pygame"),
             "app": ("knjazja.net", "knjazja.ui", "pygame"),
             "net": ("knjazja.ui", "pygame", "pygame_gui")}
    wrong = []
    for layer, banned in above.items():
        for path in modules(PACKAGE / layer):
            wrong += [f"{rel(path)} imports {m}" for m in imports(path) if m.startswith(banned)]
    assert not wrong, wrong


LAB = "knjazja_lab"
LAB_LOADER = "knjazja/cli.py"      # the lazy loader of `simulate --seats`, `train`, `replay`


def test_the_game_never_imports_the_laboratory():
    """The laboratory (knjazja_lab/) is not in the wheel nor the executable: only the CLI's
    lab commands load it, lazily."""
    wrong = [f"{rel(p)} imports {m}" for p in modules() if rel(p) != LAB_LOADER
             for m in imports(p) if m == LAB or m.startswith(LAB + ".")]
    assert not wrong, wrong
    tree = ast.parse((ROOT / LAB_LOADER).read_text(encoding="utf-8"))
    top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert not any(LAB in ast.unparse(n) for n in top), "the CLI imports the lab at the top"


def test_the_net_package_loads_without_pygame_or_the_ui():
    """Every module of knjazja.net imported: no pygame, nothing of knjazja.ui (a headless host)."""
    code = ("import knjazja.net, importlib, pkgutil, sys\n"
            "for m in pkgutil.walk_packages(knjazja.net.__path__, 'knjazja.net.'): importlib.import_module(m.name)\n"
            "bad = sorted(m for m in sys.modules if m.startswith(('pygame', 'knjazja.ui')))\n"
            "assert not bad, bad")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr


def test_the_app_package_loads_without_pygame():
    """Every module of knjazja.app imported (the package's __init__ imports none): no pygame."""
    code = ("import knjazja.app, importlib, pkgutil, sys\n"
            "names = [m.name for m in pkgutil.walk_packages(knjazja.app.__path__, 'knjazja.app.')]\n"
            "assert len(names) > 40, names\n"
            "for name in names: importlib.import_module(name)\n"
            "assert not any(m.startswith('pygame') for m in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
