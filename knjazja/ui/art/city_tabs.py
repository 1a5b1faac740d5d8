"""The tabs tucked under a city card on the table: one per kind of building, in this order,
in these colours (walls of every kind share one tab)."""
from __future__ import annotations

from knjazja.engine.cards import CARD_ID, CARDS

from .palette import Colour

WALLS = "wall"
TAB_ORDER = (WALLS, "wall.moat", "bld.church", "bld.monastery", "bld.cathedral",
             "bld.sloboda", "bld.golden_gate", "bld.throne")
TAB_COLOURS: dict[str, tuple[Colour, Colour]] = {     # fill, edge
    WALLS: ((96, 110, 130), (44, 52, 66)),
    "wall.moat": ((52, 104, 160), (20, 46, 84)),
    "bld.church": ((214, 170, 80), (120, 84, 24)),
    "bld.monastery": ((214, 170, 80), (120, 84, 24)),
    "bld.cathedral": ((214, 170, 80), (120, 84, 24)),
    "bld.sloboda": ((150, 104, 60), (80, 50, 24)),
    "bld.golden_gate": ((236, 196, 80), (130, 90, 20)),
    "bld.throne": ((160, 36, 40), (80, 12, 16)),
}
OTHER_COLOURS: tuple[Colour, Colour] = ((150, 120, 80), (70, 50, 30))


def tab_group(card: int) -> str:
    """The tab a building card goes under."""
    return WALLS if CARDS[card].is_wall else CARD_ID[card]
