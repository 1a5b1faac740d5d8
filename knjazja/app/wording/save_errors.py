"""A refused save, told in the player's language.

The engine's ``SaveError`` carries a one-line English message for logs and crash reports, and
a ``kind`` (and, for a move that cannot be replayed, its number ``at``); the player reads the
sentence of the string store for that kind.  No pygame here.
"""
from __future__ import annotations

import logging

from knjazja.app.wording.i18n import tr
from knjazja.engine import SaveError


class LeftAsIs(OSError):
    """A damaged file that could not be moved aside is not written over (its ``name``)."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name}: a damaged file that could not be moved aside is left as it is")
        self.name = name

log = logging.getLogger(__name__)


def save_error_phrase(error: SaveError) -> tuple[str, dict[str, object]]:
    """The string key (and its parameters) that tells what is wrong with the save."""
    if error.kind == "invalid" and error.at is not None:
        return "save_error.invalid_move", {"at": error.at}
    return f"save_error.{error.kind}", {}


def save_error_text(error: SaveError, lang: str) -> str:
    """One line for the player: what is wrong with the save, never a traceback."""
    log.info("save refused: %s", error)         # the technical detail stays in the log
    key, params = save_error_phrase(error)
    return tr(key, lang=lang, **params)


def os_error_text(exc: OSError, lang: str) -> str:
    """What a refusing disk said, for the player: ours in his language, the system's as it is."""
    if isinstance(exc, LeftAsIs):
        return tr("storage.left_as_is", lang=lang, name=exc.name)
    return exc.strerror or str(exc)
