"""Text that came from a file (a player's name in a save, a save's file name) made fit to
draw: the fonts refuse NUL and lone surrogates outright, and a name of a megabyte would make
a surface no screen can hold.  No pygame here."""
from __future__ import annotations

import unicodedata

MAX_NAME_LENGTH = 24
_UNDRAWABLE = {"Cc", "Cs", "Cn", "Co"}     # controls, surrogates, unassigned, private use


def displayable(text: str, limit: int | None = None) -> str:
    """``text`` without the characters no font draws, on one line, at most ``limit`` long."""
    kept = "".join(ch if unicodedata.category(ch) not in _UNDRAWABLE else " " for ch in text[:4 * (limit or 4096)])
    kept = " ".join(kept.split())
    return kept[:limit] if limit is not None else kept


def clean_name(name: str) -> str:
    """A player's name as the table shows it (may come back empty: the caller picks one)."""
    return displayable(name, MAX_NAME_LENGTH)
