"""A refused save, told in the player's language.

The engine's ``SaveError`` carries a one-line English message for logs and crash reports, and
a ``kind`` (and, for a move that cannot be replayed, its number ``at``); the player reads the
sentence of the string store for that kind.  No pygame here.
"""
from __future__ import annotations

import logging

from knjazja.app.wording.i18n import tr
from knjazja.engine import SaveError

log = logging.getLogger(__name__)


def save_error_text(error: SaveError) -> str:
    """One line for the player: what is wrong with the save, never a traceback."""
    log.info("save refused: %s", error)         # the technical detail stays in the log
    if error.kind == "invalid" and error.at is not None:
        return tr("save_error.invalid_move", at=error.at)
    return tr(f"save_error.{error.kind}")
