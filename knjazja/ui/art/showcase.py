"""Cards the menu shows fanned in its lower corners."""
from __future__ import annotations

MENU_FAN_LEFT = ("city.kiev", "troop.druzhina.7", "bld.cathedral")
MENU_FAN_RIGHT = ("chr.anna", "ev.tatar_invasion", "wall.kremlin")
