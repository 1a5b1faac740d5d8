"""The rule book lives in the repository: docs/RULES.md holds the card table of the engine's
catalogue, every "RULES.md §N" citation names one of its sections, and nothing points at a
rule book outside the repository."""
import importlib.util
import os
import re
from pathlib import Path

from knjazja.engine.cards import SPECS

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "docs" / "RULES.md"
# Folders that are not the repository's own files: git's store, environments, caches, build output
NOT_OURS = {".git", ".venv", "venv", "node_modules", "__pycache__", ".pytest_cache", ".hypothesis",
            ".mypy_cache", ".ruff_cache", ".windows-cache", "dist", "screenshots"}
OUTSIDE = re.compile(rb"\.\.[/\\]" + rb"shared")     # split so that this file does not match itself
CITED_IN = ("knjazja", "tests", "docs", "README.md")
CITATION = re.compile(r"\bRULES(?:\.md)?\s*((?:§\s*\d+(?:\.\d+)?(?:\s*(?:[–-]|,|and)\s*)?)+)")
SECTION = re.compile(r"^#{2,3} §(\d+(?:\.\d+)?)[. ]", re.M)


def _maker():
    spec = importlib.util.spec_from_file_location("make_rules_cards", ROOT / "build" / "docs" / "make_rules_cards.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _files(under: Path):
    if under.is_file():
        yield under
        return
    for folder, dirs, names in os.walk(under):
        dirs[:] = [d for d in dirs if d not in NOT_OURS and not (folder == str(ROOT / "build") and d in
                                                                   ("pyinstaller", "work", "lib"))]
        for name in names:
            yield Path(folder, name)


def test_the_card_table_is_the_catalogue():
    """The table in docs/RULES.md §1 is exactly what build/docs/make_rules_cards.py writes today."""
    maker = _maker()
    _, table, _ = maker.split(BOOK.read_text(encoding="utf-8"))
    assert table == maker.block(), "docs/RULES.md: card table out of date; run python build/docs/make_rules_cards.py"


def test_the_card_table_has_every_id_with_its_copies_and_kind():
    _, table, _ = _maker().split(BOOK.read_text(encoding="utf-8"))
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in table.splitlines()
            if line.startswith("| `")]
    written = [(r[0].strip("`"), r[3], int(r[4])) for r in rows]
    assert written == [(sp.id, sp.kind, sp.copies) for sp in SPECS]
    assert sum(copies for *_, copies in written) == 100


def test_nothing_points_outside_the_repository():
    """No file cites the team's shared folder beside the checkout: a clone does not have it."""
    found = [p.relative_to(ROOT).as_posix() for p in _files(ROOT) if OUTSIDE.search(p.read_bytes())]
    assert not found, found


def test_every_rules_citation_names_a_section_of_the_book():
    sections = set(SECTION.findall(BOOK.read_text(encoding="utf-8")))
    assert {str(n) for n in range(1, 8)} <= sections, sections
    cited, wrong = 0, []
    for place in CITED_IN:
        for path in _files(ROOT / place):
            if path.suffix not in (".py", ".md", ".txt", ".json"):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for refs in CITATION.findall(line):
                    for section in re.findall(r"§\s*(\d+(?:\.\d+)?)", refs):
                        cited += 1
                        if section not in sections:
                            wrong.append(f"{path.relative_to(ROOT).as_posix()}:{number} §{section}")
    assert cited > 20
    assert not wrong, wrong


def test_code_cites_the_book_by_its_place_in_the_repository():
    """In the code and the tests the book is always "docs/RULES.md", never a bare "RULES.md"."""
    bare = []
    for place in ("knjazja", "tests"):
        for path in _files(ROOT / place):
            if path.suffix != ".py" or path == Path(__file__).resolve():
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if re.search(r"(?<!docs/)\bRULES\.md", line):
                    bare.append(f"{path.relative_to(ROOT).as_posix()}:{number}")
    assert not bare, bare
