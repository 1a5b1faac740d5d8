"""The screens of the game: main menu, new game, settings (the table comes later).

Each screen loads when first asked for (PEP 562): the main menu opens without the new-game
and settings screens."""
from __future__ import annotations

from typing import TYPE_CHECKING

from knjazja.lazy import lazy_attributes

if TYPE_CHECKING:
    from knjazja.ui.scenes.base import GuiScene
    from knjazja.ui.scenes.menu import MenuScene
    from knjazja.ui.scenes.settings_scene import SettingsScene
    from knjazja.ui.scenes.setup import SetupScene

_WHERE = {"GuiScene": "base", "MenuScene": "menu", "SettingsScene": "settings_scene", "SetupScene": "setup"}

__all__ = ["GuiScene", "MenuScene", "SettingsScene", "SetupScene"]


__getattr__ = lazy_attributes(__name__, globals(), _WHERE)
