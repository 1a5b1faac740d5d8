"""Icons: the painted pictures by name, one per card kind for the UI, drawn anti-aliased.

Shapes carry the meaning, so colour is never the only cue: city = kremlin with onion
domes, building = church (walls: a wall), troop = sword and shield, event = scroll with a
seal, chronicle = open book.  The card faces draw each card's own picture (pictures.py);
the painted ones among them come from here.
"""
from __future__ import annotations

from typing import Callable

import pygame

from . import paint_buildings as pb
from . import paint_items as pi
from .picture_table import PICTURES, card_family
from .shapes import Box
from knjazja.ui.caches import sized_lru

# ----------------------------------------------------------------- choosing an icon
Painter = Callable[[pygame.Surface, Box, int], None]

_PAINTERS: dict[str, Painter] = {
    "kremlin3": lambda s, b, lw: pb.draw_kremlin(s, b, 3, lw),
    "church1": lambda s, b, lw: pb.draw_church(s, b, 1, lw),
    "church3": lambda s, b, lw: pb.draw_church(s, b, 3, lw),
    "church5": lambda s, b, lw: pb.draw_church(s, b, 5, lw),
    "palisade": lambda s, b, lw: pb.draw_wall(s, b, "palisade", lw),
    "wooden": lambda s, b, lw: pb.draw_wall(s, b, "wooden", lw),
    "stone": lambda s, b, lw: pb.draw_wall(s, b, "stone", lw),
    "kremlin_wall": lambda s, b, lw: pb.draw_wall(s, b, "kremlin", lw),
    "moat": pb.draw_moat,
    "throne": pb.draw_throne,
    "houses": pb.draw_houses,
    "gate": pb.draw_gate,
    "troop": lambda s, b, lw: pi.draw_troop(s, b, "native", lw),
    "militia": lambda s, b, lw: pi.draw_troop(s, b, "militia", lw),
    "scroll": pi.draw_scroll,
    "lightning": pi.draw_lightning,
    "flame": pi.draw_flame,
    "book": pi.draw_book,
    "bow": pi.draw_bow_badge,
}

KIND_ICON: dict[str, str] = {"city": "kremlin3", "building": "church1", "troop": "troop",
                             "event": "scroll", "chronicle": "book"}


def painter_names() -> frozenset[str]:
    """Every picture this module can paint."""
    return frozenset(_PAINTERS)


def icon_name_for(card_id: str, kind: str) -> str:
    """The painted icon of a card: its own picture when that is painted, else its kind's."""
    name = PICTURES.get(card_family(card_id))
    return name if name in _PAINTERS else KIND_ICON.get(kind, "scroll")


def paint(name: str, s: pygame.Surface, rect: pygame.Rect, lw: int | None = None) -> None:
    """Draw icon `name` into `rect` of `s` (no supersampling: `s` is already big)."""
    box = Box(rect)
    _PAINTERS[name](s, box, lw if lw is not None else max(1, round(rect.w * 0.022)))


@sized_lru(256)
def icon_surface(name: str, size: int, shadow: bool = False) -> pygame.Surface:
    """Icon `name` as a transparent square `size` px, anti-aliased by 3x supersampling."""
    if name not in _PAINTERS:
        raise ValueError(f"unknown icon {name!r}")
    ss = 3 if size < 400 else 2
    big = size * ss
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    pad = int(big * 0.04)
    lw = max(2, round(big * (0.022 if size >= 48 else 0.035)))
    paint(name, s, pygame.Rect(pad, pad, big - 2 * pad, big - 2 * pad), lw)
    if shadow:
        sh = s.copy()
        sh.fill((0, 0, 0, 110), special_flags=pygame.BLEND_RGBA_MIN)
        sh.fill((0, 0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
        out = pygame.Surface((big, big), pygame.SRCALPHA)
        off = max(1, big // 40)
        out.blit(sh, (off, off * 2))
        out.blit(s, (0, 0))
        s = out
    return pygame.transform.smoothscale(s, (size, size))


def kind_icon(kind: str, size: int | tuple[int, int]) -> pygame.Surface:
    """The icon of a card kind (city, building, troop, event, chronicle)."""
    if kind not in KIND_ICON:
        raise ValueError(f"unknown kind {kind!r}")
    n = size if isinstance(size, int) else min(size)
    return icon_surface(KIND_ICON[kind], int(n))
