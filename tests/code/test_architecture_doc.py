"""docs/ARCHITECTURE.md names every module of the game and of the laboratory, so a newcomer
finds each one on the map (a new module without its line there fails here).

A module is on the map by its path, not its bare file name: `knjazja/bots/hints.py` written out
anywhere in the map, or its path below its package (`bench.py`, `scenes/table.py`) backticked
in the section of that package — the one headed `## ui …` for knjazja/ui, `## knjazja_lab …`
for the laboratory, the text before the first section for knjazja/ itself. So the lab's hints.py
line in its section does not put bots/hints.py on the map. A bare name counts only for the
package's one module of that name; two modules of one name each need their path
(`experiments/paired.py`)."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = {"engine": "knjazja/engine", "bots": "knjazja/bots", "app": "knjazja/app",
            "net": "knjazja/net", "ui": "knjazja/ui", "tools": "knjazja/tools", "knjazja_lab": "knjazja_lab"}


def sections(doc: str) -> dict[str, str]:
    """The map's text by the package folder each `## ` section names ("knjazja" before the first)."""
    parts = re.split(r"^## ", doc, flags=re.MULTILINE)
    found = {"knjazja": parts[0]}
    for part in parts[1:]:
        first = part.split(maxsplit=1)[0] if part.split() else ""
        if first in PACKAGES:
            found[PACKAGES[first]] = found.get(PACKAGES[first], "") + part
    return found


def modules() -> list[Path]:
    return [p for package in ("knjazja", "knjazja_lab") for p in sorted((ROOT / package).rglob("*.py"))
            if p.name != "__init__.py"]


def home(module: str) -> str:
    """The folder whose section maps a module: its package, or knjazja/ for the top modules."""
    for folder in sorted(PACKAGES.values(), key=len, reverse=True):
        if module.startswith(folder + "/"):
            return folder
    return "knjazja"


def unmapped(doc: str) -> list[str]:
    paths = [p.relative_to(ROOT).as_posix() for p in modules()]
    by_home = {path: home(path) for path in paths}
    names = Counter((by_home[path], path.rsplit("/", 1)[1]) for path in paths)
    text = sections(doc)
    missing = []
    for path in paths:
        folder = by_home[path]
        below = path[len(folder) + 1:]
        name = below.rsplit("/", 1)[-1]
        section = text.get(folder, "")
        named = (path in doc or f"`{below}`" in section
                 or (names[(folder, name)] == 1 and f"`{name}`" in section))
        if not named:
            missing.append(path)
    return missing


def test_every_module_is_on_the_map():
    assert unmapped((ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")) == []


def test_the_check_sees_a_module_missing_from_the_map():
    doc = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert "knjazja/app/feed.py" in unmapped(doc.replace("`feed.py`", "the feed"))


def test_a_name_in_another_package_section_does_not_count():
    """bots/hints.py is not on a map that names `hints.py` only in the net and the lab sections."""
    doc = ("# map\n## bots\nthe bots\n## net\n`hints.py`\n## knjazja_lab\n`identity/hints.py`\n")
    missing = unmapped(doc)
    assert "knjazja/bots/hints.py" in missing
    assert "knjazja_lab/identity/hints.py" not in missing
    assert "knjazja/bots/hints.py" not in unmapped(doc + "see `knjazja/bots/hints.py`\n")


def test_of_two_modules_of_one_name_in_a_package_the_deeper_needs_its_path():
    """`paired.py` in the lab's section is knjazja_lab/paired.py, not experiments/paired.py."""
    missing = unmapped("# map\n## knjazja_lab\n`paired.py`\n")
    assert "knjazja_lab/experiments/paired.py" in missing and "knjazja_lab/paired.py" not in missing
    fixed = unmapped("# map\n## knjazja_lab\n`paired.py`, `experiments/paired.py`\n")
    assert "knjazja_lab/experiments/paired.py" not in fixed and "knjazja_lab/paired.py" not in fixed
