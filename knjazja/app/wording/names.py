"""Text that came from a file or a player (a name in a save, a name typed at a setup or sent
by a friend's program, a save's file name) made fit to draw: the fonts refuse NUL and lone
surrogates outright, and a name of a megabyte would make a surface no screen can hold.
No pygame here.

A player's name is held to the characters every face the game draws names in has (Noto
Serif regular and bold, Triod Postnaja, Old Standard: ``tests/ui/test_glyphs.py`` reads
their cmaps): Latin with its common accents, Cyrillic, digits and plain punctuation.  A
letter with an accent the faces lack keeps its base letter (ğ → g); emoji, combining marks
piled on a letter ("zalgo") and every other character are left out, so no name draws as
missing-glyph boxes.
"""
from __future__ import annotations

import unicodedata

MAX_NAME_LENGTH = 24
_UNDRAWABLE = {"Cc", "Cs", "Cn", "Co"}     # controls, surrogates, unassigned, private use

_LATIN_EXTENDED = ("ĀāĂăĄąĆćČčĎďĐđĒēĖėĘęĚěĢģĪīĮįĶķĹĺĻļĽľŁłŃńŅņŇňŌōŐőŒœŔŕŖŗŘřŚśŞşŠšŢţŤťŪūŮůŰűŲųŸŹźŻżŽž")
NAME_CHARS = frozenset(
    [chr(c) for c in range(0x20, 0x7F) if chr(c) not in "{}"]          # ({card:N} is a log line's token)
    + [chr(c) for c in range(0xC0, 0x100) if chr(c) not in "×÷"]
    + list(_LATIN_EXTENDED)
    + [chr(c) for c in range(0x400, 0x460)] + ["Ґ", "ґ"])


def displayable(text: str, limit: int | None = None) -> str:
    """``text`` without the characters no font draws, on one line, at most ``limit`` long."""
    kept = "".join(ch if unicodedata.category(ch) not in _UNDRAWABLE else " " for ch in text[:4 * (limit or 4096)])
    kept = " ".join(kept.split())
    return kept[:limit] if limit is not None else kept


def _drawable(ch: str) -> str:
    if ch in NAME_CHARS:
        return ch
    if ch.isspace() or unicodedata.category(ch) == "Cc":     # a control parts words as displayable's does
        return " "
    return "".join(c for c in unicodedata.normalize("NFKD", ch) if c in NAME_CHARS and c != " ")   # ğ → g, ﬁ → fi


def clean_name(name: str) -> str:
    """A player's name as the table shows it: only what every name face draws, on one
    line, at most ``MAX_NAME_LENGTH`` long (may come back empty: the caller picks one)."""
    text = unicodedata.normalize("NFC", name[:16 * MAX_NAME_LENGTH])
    kept = " ".join("".join(_drawable(ch) for ch in text).split())
    return kept[:MAX_NAME_LENGTH].strip()
