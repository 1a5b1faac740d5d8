"""docs/ARCHITECTURE.md names every module of the game and of the laboratory, so a newcomer
finds each one on the map (a new module without its line there fails here)."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def unmapped(doc: str) -> list[str]:
    return [p.relative_to(ROOT).as_posix() for package in ("knjazja", "knjazja_lab")
            for p in sorted((ROOT / package).rglob("*.py"))
            if p.name != "__init__.py" and f"`{p.name}`" not in doc]


def test_every_module_is_on_the_map():
    assert unmapped((ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")) == []


def test_the_check_sees_a_module_missing_from_the_map():
    doc = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert "knjazja/app/feed.py" in unmapped(doc.replace("`feed.py`", "the feed"))
