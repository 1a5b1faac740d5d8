"""The drawing faults we know of and tolerate for now: ``tests/ui/drawn_baseline.txt``.

Each line not a comment is ``KEY | WHERE``: a ``drawcheck.Violation.key`` and where it shows —
``SCENE SIZES LANGS`` for the drawing check's screens (``table.four 960x540,1280x720 ru,en``:
each size in each language, exactly those), or ``journeys`` for a fault only a journey meets.
The drawing check's test fails on a fault that is not listed and on a listed screen where it
no longer shows; a journey fails on a fault whose key is not listed anywhere.  Write the file
anew with ``KNJAZJA_DRAWN_BASELINE=write`` (comments of keys that stay are kept), then say in
a comment which known defect each entry is.
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

PATH = Path(__file__).with_name("drawn_baseline.txt")
Variant = tuple[str, str, str]          # (screen, "960x540", "ru")


class Baseline:
    def __init__(self, path: Path = PATH) -> None:
        self.path = path
        self.screens: dict[str, set[Variant]] = defaultdict(set)
        self.journeys: set[str] = set()
        self.comments: dict[str, list[str]] = {}       # key -> the comment lines above it
        self.header: list[str] = []
        if path.exists():
            self._read(path.read_text(encoding="utf-8").splitlines())

    def _read(self, lines: list[str]) -> None:
        """The first block of lines is the file's header; a comment above an entry is its own."""
        i = 0
        while i < len(lines) and lines[i].strip():
            self.header.append(lines[i])
            i += 1
        pending: list[str] = []
        for line in lines[i:]:
            if not line.strip() or line.lstrip().startswith("#"):
                pending.append(line)
                continue
            key, _, where = (part.strip() for part in line.partition(" | "))
            self.comments.setdefault(key, []).extend(pending)
            pending = []
            if where == "journeys":
                self.journeys.add(key)
                continue
            screen, sizes, langs = where.split()
            for size in sizes.split(","):
                for lang in langs.split(","):
                    self.screens[key].add((screen, size, lang))

    def knows(self, key: str) -> bool:
        return key in self.journeys or key in self.screens

    def expected(self, variants: set[tuple[str, str]]) -> dict[str, set[Variant]]:
        """The listed faults on the screens ``variants`` = {(size, lang)}."""
        return {k: {v for v in vs if (v[1], v[2]) in variants} for k, vs in self.screens.items()}

    def write(self, found: dict[str, set[Variant]]) -> None:
        """The file anew from ``found`` (the journeys' lines and every kept comment stay)."""
        out = list(self.header) or ["# Drawing faults known and tolerated (see tests/ui/baseline.py)."]
        out.append("")
        for key in sorted(set(found) | self.journeys):
            out += self.comments.get(key, [])
            for line in _lines(key, found.get(key, set())):
                out.append(line)
            if key in self.journeys:
                out.append(f"{key} | journeys")
        self.path.write_text("\n".join(out) + "\n", encoding="utf-8")


def _lines(key: str, variants: set[Variant]) -> list[str]:
    by_screen: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for screen, size, lang in variants:
        by_screen[screen][size].add(lang)
    out = []
    for screen in sorted(by_screen):
        groups: dict[tuple[str, ...], list[str]] = defaultdict(list)
        for size, langs in by_screen[screen].items():
            groups[tuple(sorted(langs))].append(size)
        for langs, sizes in sorted(groups.items()):
            sizes.sort(key=lambda s: int(s.split("x")[0]))
            out.append(f"{key} | {screen} {','.join(sizes)} {','.join(langs)}")
    return out
