"""The one palette of the game: colours of the card kinds, the UI and the table (warm
old-Russian colours).  ``knjazja.ui.style`` re-exports the UI colours for the scenes."""
from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class KindStyle:
    frame: Colour        # main colour of the card frame (distinct per kind)
    frame_dark: Colour   # frame shadow side
    frame_light: Colour  # frame lit side
    trim: Colour         # thin ornamental lines
    sky_top: Colour      # art window background, top
    sky_bottom: Colour   # art window background, bottom


INK: Colour = (48, 28, 14)            # text on parchment
INK_SOFT: Colour = (92, 62, 36)
PARCHMENT: Colour = (240, 226, 190)
PARCHMENT_DARK: Colour = (214, 190, 140)
CREAM: Colour = (250, 240, 214)
GOLD: Colour = (222, 178, 72)
GOLD_LIGHT: Colour = (252, 226, 140)
GOLD_DARK: Colour = (150, 104, 30)
OUTLINE: Colour = (28, 16, 8)
WOOD_DARK: Colour = (46, 28, 16)
WOOD: Colour = (92, 58, 32)
CRIMSON: Colour = (128, 20, 26)
CRIMSON_DARK: Colour = (72, 8, 14)
STEEL: Colour = (176, 188, 204)
STEEL_DARK: Colour = (88, 100, 118)
SHADOW: Colour = (12, 6, 2)           # drop shadows of text
MUTED: Colour = (190, 170, 130)       # secondary text on dark panels
PANEL_BG = (30, 18, 10, 214)          # translucent dark panels (RGBA)
HIGHLIGHT: Colour = (255, 214, 90)    # what is held or selected; whoever decides
TARGET: Colour = (120, 230, 120)      # where the held card may go
DANGER: Colour = (236, 70, 50)        # war, loss

# one heraldic colour per seat (info stripe, names in the war stack)
SEAT_COLOURS: tuple[Colour, ...] = (
    (196, 48, 44), (52, 112, 188), (64, 150, 72), (214, 160, 40),
    (140, 72, 170), (40, 160, 160), (210, 104, 40), (170, 170, 180),
)

# the table's badges: Glory, wall Strength, attack, defence
GLORY_FILL: Colour = (236, 186, 60)
GLORY_EDGE: Colour = (120, 76, 16)
NEG_FILL: Colour = (150, 30, 30)
STEEL_FILL: Colour = (150, 166, 188)
STEEL_EDGE: Colour = (50, 60, 78)
ATTACK_FILL: Colour = (176, 36, 32)
DEFENCE_FILL: Colour = (44, 92, 150)

STYLES: dict[str, KindStyle] = {
    "city": KindStyle(frame=(150, 22, 30), frame_dark=(78, 8, 14), frame_light=(196, 58, 50),
                      trim=GOLD, sky_top=(250, 214, 140), sky_bottom=(214, 112, 70)),
    "building": KindStyle(frame=(204, 148, 50), frame_dark=(128, 86, 30),
                          frame_light=(236, 196, 110), trim=(246, 236, 210),
                          sky_top=(214, 226, 232), sky_bottom=(196, 180, 150)),
    "troop": KindStyle(frame=(58, 86, 124), frame_dark=(24, 36, 58), frame_light=(112, 144, 182),
                       trim=(206, 214, 224), sky_top=(196, 210, 226), sky_bottom=(118, 132, 150)),
    "event": KindStyle(frame=(96, 50, 134), frame_dark=(46, 18, 72), frame_light=(150, 100, 190),
                       trim=GOLD, sky_top=(214, 196, 232), sky_bottom=(116, 84, 150)),
    "chronicle": KindStyle(frame=(86, 58, 36), frame_dark=(44, 28, 16),
                           frame_light=(130, 94, 62), trim=(238, 214, 160),
                           sky_top=(244, 230, 196), sky_bottom=(206, 176, 124)),
}

#: The frame colour of each kind (tests check that they differ).
FRAME_COLOURS: dict[str, Colour] = {k: s.frame for k, s in STYLES.items()}


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Linear blend from a (t=0) to b (t=1)."""
    return tuple(int(round(a[i] + (b[i] - a[i]) * t)) for i in range(3))  # type: ignore[return-value]


def shade(c: Colour, f: float) -> Colour:
    """Darken (f<1) or lighten towards white (f>1)."""
    if f <= 1:
        return tuple(max(0, int(v * f)) for v in c)  # type: ignore[return-value]
    return mix(c, (255, 255, 255), min(1.0, f - 1))
