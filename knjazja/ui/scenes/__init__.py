"""The screens of the game: main menu, new game, settings (the table comes later)."""
from knjazja.ui.scenes.base import GuiScene
from knjazja.ui.scenes.menu import MenuScene
from knjazja.ui.scenes.settings_scene import SettingsScene
from knjazja.ui.scenes.setup import SetupScene

__all__ = ["GuiScene", "MenuScene", "SettingsScene", "SetupScene"]
