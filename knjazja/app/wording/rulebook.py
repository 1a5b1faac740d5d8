"""The rules of the game as a document: sections of paragraphs and bullets, per language.

The text is data, ``knjazja/app/data/rules.<lang>.md`` (our own wording of docs/RULES.md), in a
small markdown: ``# Title {#key}`` starts a section (the key names it for links from the
table's help and the lessons), blank lines separate paragraphs, ``- `` starts a bullet,
``**bold**`` marks a term.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from knjazja.app.wording.i18n import LANGUAGES, rules_path
from knjazja.app.wording.typography import typeset



@dataclass
class Section:
    title: str
    blocks: list[tuple[str, str]] = field(default_factory=list)  # ("p" | "li", text)
    key: str = ""


_HEADING = re.compile(r"^(.*?)\s*\{#([a-z_]+)\}$")


def _section(heading: str) -> Section:
    m = _HEADING.match(heading)
    return Section(m.group(1), key=m.group(2)) if m else Section(heading)


def parse_rules(text: str) -> list[Section]:
    """Sections of a rules document (see the module docstring for the syntax)."""
    sections: list[Section] = []
    para: list[str] = []

    def flush() -> None:
        if para and sections:
            sections[-1].blocks.append(("p", " ".join(para)))
        para.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("# "):
            flush()
            sections.append(_section(line[2:].strip()))
        elif line.startswith("- ") or line.startswith("* "):
            flush()
            if sections:
                sections[-1].blocks.append(("li", line[2:].strip()))
        elif not line:
            flush()
        elif para or not (sections and sections[-1].blocks and sections[-1].blocks[-1][0] == "li"
                          and raw[:1].isspace()):
            para.append(line)
        else:  # an indented continuation of a bullet
            kind, body = sections[-1].blocks[-1]
            sections[-1].blocks[-1] = (kind, f"{body} {line}")
    flush()
    return sections


def load_rules(lang: str) -> list[Section]:
    """The rules in ``lang``; English if that file is missing."""
    for code in (lang, "en"):
        try:
            return parse_rules(typeset_lines(rules_path(code).read_text(encoding="utf-8"), code))
        except (OSError, UnicodeDecodeError):
            continue
    return []


def section_index(sections: list[Section], key: str) -> int | None:
    return next((i for i, s in enumerate(sections) if s.key == key), None)


def block_naming(section: Section, phrase: str) -> int | None:
    """The block of ``section`` that names ``phrase``: the one where it is a bold term, else
    the first whose text holds it (bold marks and quotes aside), or None."""
    want = " ".join(phrase.split()).casefold()           # no-break spaces read as spaces

    def plain(text: str) -> str:
        return " ".join(text.replace("«", "").replace("»", "").split()).casefold()
    texts = [plain(text) for _, text in section.blocks]
    bold = next((i for i, text in enumerate(texts) if f"**{want}**" in text), None)
    if bold is not None:
        return bold
    return next((i for i, text in enumerate(texts) if want in text.replace("**", "")), None)


def typeset_lines(text: str, lang: str) -> str:
    """The document with no-break spaces put in line by line (the markup stays intact)."""
    return "\n".join(typeset(line, lang) for line in text.splitlines())


def available_languages() -> list[str]:
    return [lang for lang in LANGUAGES if rules_path(lang).is_file()]


_BOLD = re.compile(r"\*\*(.+?)\*\*")


def parse_inline(text: str) -> list[tuple[str, bool]]:
    """``"a **b** c"`` -> ``[("a ", False), ("b", True), (" c", False)]``."""
    runs, pos = [], 0
    for m in _BOLD.finditer(text):
        if m.start() > pos:
            runs.append((text[pos:m.start()], False))
        runs.append((m.group(1), True))
        pos = m.end()
    if pos < len(text):
        runs.append((text[pos:], False))
    return runs
