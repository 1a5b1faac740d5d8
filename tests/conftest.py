"""The suite's two lengths (issue 61, item 5).

``python -m pytest`` runs every test — the README's command, CI's and the Windows leg's.
``python -m pytest -m "not slow"`` leaves out the walks that take minutes a group — every
screen at five sizes, the monkey at every screen, the journeys through the window, whole
network games, the lessons played to their end, the laboratory's arenas — for the quick loop
while working (docs in README, Developer guide).  Both run on every core (pytest-xdist's
``-n auto`` in pyproject.toml's addopts).
The list is by module, so a new test in one of them is slow too, and a new module is quick
until it is put here.
"""
from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent
SLOW = ("ui/test_monkey.py", "ui/test_drawn.py", "ui/journeys/", "ui/test_network_table.py",
        "ui/test_lesson_table.py", "ui/test_badges_fit.py", "ui/test_review.py",
        "bots/test_exact_draw.py", "bots/test_no_peek.py", "lab/")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow = pytest.mark.slow
    for item in items:
        where = Path(str(item.path)).resolve()
        try:
            inside = where.relative_to(HERE.resolve()).as_posix()
        except ValueError:
            continue
        if inside.startswith(SLOW):
            item.add_marker(slow)
