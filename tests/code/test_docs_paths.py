"""Every file the docs name exists in the checkout, so a newcomer who follows a path finds the file.

The rule, for README.md and docs/*.md:
- a *path* is a word ending in a file extension (`.py`, `.md`, `.json`, …) with no wildcard or
  placeholder in it, either inside backticks — where it must contain a `/`, unless it stands in
  a table whose header names a folder in backticks (`knjazja/bots/`) — or anywhere in the text
  when it starts with one of the checkout's top folders (docs/RULES.md, tests/code/…);
- a path whose first folder is a top folder of the checkout (`knjazja/`, `knjazja_lab/`,
  `tests/`, `docs/`, …) is a full path and must exist from the root;
- any other path is read below the folder its table's header names, or else below the game's
  package `knjazja/` (as the map writes `engine/public.py`): `bots/proxies.py` must be
  `knjazja/bots/proxies.py`, so a file that moved to the laboratory fails here.
And the code's comments and docstrings: a path under tests/ or docs/ named in knjazja/ or
knjazja_lab/ must exist (a renamed test leaves no stale citation behind).
"""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXTENSIONS = ("py", "md", "json", "jsonl", "toml", "spec", "yml", "yaml", "txt", "cfg", "ini", "png",
              "ttf", "otf", "ogg", "wav", "desktop", "ico", "icns", "sh", "csv")
TOP = tuple(sorted(p.name for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith(".")) + [".github"])
WORD_END = r"\.(?:" + "|".join(EXTENSIONS) + r")"
TOP_FOLDER = "(?:" + "|".join(re.escape(t) for t in TOP) + ")"
BARE_PATH = re.compile(r"(?<![\w./`-])(" + TOP_FOLDER + r"/[\w./-]*?" + WORD_END + r")(?![\w/])")
BACKTICKS = re.compile(r"`([^`\n]+)`")
FOLDER_IN_HEADER = re.compile(r"`([\w./-]+/)`")
CODE_CITATION = re.compile(r"(?<![\w./-])((?:tests|docs)/[\w./-]*?" + WORD_END + r")(?![\w/*])")


def is_path_word(word: str) -> bool:
    return re.fullmatch(r"[\w./-]+" + WORD_END, word) is not None


def resolves(word: str, folder: str | None) -> bool:
    """Does the path exist: from the root when it begins with a top folder, else below `folder`
    (the table's) or below the game's package."""
    if word.split("/", 1)[0] in TOP:
        return (ROOT / word).exists()
    return (ROOT / (folder or "knjazja/") / word).exists()


def named_paths(text: str) -> list[tuple[str, str | None]]:
    """(path, the folder it is read below) for every path the text names, by the rule above."""
    found: list[tuple[str, str | None]] = []
    folder: str | None = None
    for line in text.splitlines():
        in_table = line.lstrip().startswith("|")
        if not in_table:
            folder = None
        elif folder is None and not re.fullmatch(r"[\s|:-]+", line):
            header = FOLDER_IN_HEADER.search(line)
            folder = header.group(1) if header else ""
        for quoted in BACKTICKS.findall(line):
            for word in quoted.split():
                word = word.rstrip(".,;:)")
                if is_path_word(word) and ("/" in word or folder):
                    found.append((word, folder or None))
        for word in BARE_PATH.findall(BACKTICKS.sub(" ", line)):
            found.append((word, None))
    return found


def missing_paths(text: str) -> list[str]:
    return [word for word, folder in named_paths(text) if not resolves(word, folder)]


def docs() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_every_path_the_docs_name_exists():
    missing = {doc.relative_to(ROOT).as_posix(): missing_paths(doc.read_text(encoding="utf-8"))
               for doc in docs()}
    assert {doc: paths for doc, paths in missing.items() if paths} == {}


def test_the_check_reads_the_docs_it_should():
    assert {"README.md", "docs/BOTS.md", "docs/BOTS_LOG.md", "docs/ARCHITECTURE.md"} <= {
        doc.relative_to(ROOT).as_posix() for doc in docs()}
    assert len(named_paths((ROOT / "docs" / "BOTS.md").read_text(encoding="utf-8"))) > 20


def test_a_made_up_path_fails_and_a_real_one_passes():
    text = ("See `knjazja/tools/bench_ui.py` and docs/RULES.md, `engine/public.py`.\n"
            "Made up: `knjazja/ui/no_such_bench.py`, tests/lab/test_no_such.py, `bots/proxies.py`,\n"
            "`tests/bots/test_learned.py`; a command `knjazja_lab/experiments/nothing.py --a x`.\n"
            "Placeholders are no paths: `normal@FILE`, `--out FILE.json`, `data/strings.*.json`.\n")
    assert sorted(missing_paths(text)) == ["bots/proxies.py", "knjazja/ui/no_such_bench.py",
                                           "knjazja_lab/experiments/nothing.py",
                                           "tests/bots/test_learned.py", "tests/lab/test_no_such.py"]


def test_bare_names_in_a_table_resolve_against_the_folder_its_header_names():
    table = ("| to understand | read (`knjazja/bots/`) |\n|---|---|\n"
             "| Normal | `normal.py`, `lookahead.py` |\n| the people | `proxies.py` |\n\n"
             "Outside the table `proxies.py` is a bare name, not read as a path.\n")
    assert missing_paths(table) == ["proxies.py"]
    lab = table.replace("`knjazja/bots/`", "`knjazja_lab/`")
    assert missing_paths(lab) == ["normal.py", "lookahead.py"]


def cited_in_code() -> list[tuple[str, str]]:
    return [(path.relative_to(ROOT).as_posix(), word)
            for package in ("knjazja", "knjazja_lab") for path in sorted((ROOT / package).rglob("*.py"))
            for word in CODE_CITATION.findall(path.read_text(encoding="utf-8"))]


def test_every_test_or_doc_the_code_cites_exists():
    cited = cited_in_code()
    assert any(word == "tests/app/test_lesson_data.py" for _, word in cited)
    assert [(module, word) for module, word in cited if not (ROOT / word).exists()] == []


def test_the_code_citation_matcher_finds_a_renamed_test():
    text = '"""``tests/app/test_lessons.py`` plays every lesson (docs/RULES.md, tests/ui/test_*.py)."""'
    assert CODE_CITATION.findall(text) == ["tests/app/test_lessons.py", "docs/RULES.md"]
