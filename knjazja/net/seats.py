"""Seat kinds and table codes: light (no engine, no bots) so the command line's parser can
check ``--table`` and ``--new-tables`` without loading the game."""
from __future__ import annotations

import re

REMOTE, LOCAL = "remote", "human"     # a player on another computer; a hot-seat player at the host
BOTS = ("random", "easy", "normal", "hard")    # knjazja.bots.KINDS (a test keeps them equal)
SEAT_KINDS = (REMOTE, LOCAL, *BOTS)
CODE = re.compile(r"^[A-Za-z0-9_-]{1,16}$")      # also part of a file name: no dots, no slashes


def parse_seats(text: str, local: bool = False) -> list[str]:
    """``remote,remote,normal`` -> the seat kinds; ValueError with a one-line reason.
    ``local``: hot-seat humans at the host allowed (a GUI host; `knjazja serve` has none)."""
    allowed = SEAT_KINDS if local else tuple(k for k in SEAT_KINDS if k != LOCAL)
    kinds = [k.strip().lower() for k in text.split(",") if k.strip()]
    bad = [k for k in kinds if k not in allowed]
    if bad:
        raise ValueError(f"unknown seat kind {bad[0]!r} (use {', '.join(allowed)})")
    if not 2 <= len(kinds) <= 8:
        raise ValueError(f"a table has 2..8 seats, not {len(kinds)}")
    if REMOTE not in kinds:
        raise ValueError("a table needs at least one remote seat")
    return kinds
