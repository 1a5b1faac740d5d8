"""The error a save that cannot be loaded raises, and the size limit of a save file: a module
of its own, so the saves' list and the menu can catch it without loading the rules."""
from __future__ import annotations

# A real game is a few kilobytes; a hostile file is not read past this.
MAX_SAVE_BYTES = 4 * 1024 * 1024

# What can be wrong with a save, as the application tells it to the player.
SAVE_ERROR_KINDS = ("missing", "unreadable", "too_large", "not_save", "newer", "old",
                    "edited", "ruleset", "invalid")


class SaveError(ValueError):
    """A save that cannot be loaded. The message is one English line for logs and reports;
    ``kind`` (one of ``SAVE_ERROR_KINDS``) and ``at`` (the 1-based action that failed) let the
    application say it in the player's language."""

    def __init__(self, message: str, kind: str = "invalid", at: int | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.at = at
