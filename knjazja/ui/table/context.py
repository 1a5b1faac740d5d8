"""What every drawing helper of the table needs: caches, language, names, sizes."""
from __future__ import annotations

from dataclasses import dataclass

from knjazja.ui.table.sprites import Sprites, TextCache


@dataclass
class DrawContext:
    sprites: Sprites
    texts: TextCache
    lang: str
    names: list[str]
    humans: list[bool]
    unit: int                    # the layout's base unit (18 px at 1920×1080)
    viewer: int | None           # whose hand is face up (None: nobody's)
    time: float = 0.0            # seconds since the scene started (pulses)
    stand_ins: tuple[bool, ...] = ()   # per seat: a network host's bot plays it for its absent player

    def fs(self, factor: float) -> int:
        """A font size in units."""
        return max(9, round(self.unit * factor))
