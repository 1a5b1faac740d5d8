"""Drawing primitives shared by the painted pictures: a unit box, outlined polygons,
curves, onion domes and crosses, and the colours of wood, stone, brick and water.

Painters draw into a box (a pygame.Rect) of a big surface with thick dark outlines
whose corners are closed; callers draw at 2-3x and smooth-scale down (anti-aliasing).
"""
from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from .palette import GOLD, GOLD_DARK, OUTLINE, Colour, shade

Pt = tuple[float, float]

WHITE_STONE: Colour = (238, 232, 218)
WHITE_STONE_DARK: Colour = (190, 180, 160)
BRICK: Colour = (168, 54, 40)
BRICK_DARK: Colour = (110, 30, 22)
ROOF_GREEN: Colour = (62, 112, 82)
LOG: Colour = (146, 96, 54)
LOG_DARK: Colour = (96, 60, 30)
WINDOW: Colour = (52, 36, 28)
WATER: Colour = (70, 120, 170)
WATER_LIGHT: Colour = (150, 196, 226)


class Box:
    """Maps unit coordinates (0..1, y down) into a pixel rectangle."""

    def __init__(self, rect: pygame.Rect) -> None:
        self.r = pygame.Rect(rect)

    def p(self, x: float, y: float) -> Pt:
        return (self.r.x + x * self.r.w, self.r.y + y * self.r.h)

    def pts(self, seq) -> list[Pt]:
        return [self.p(x, y) for x, y in seq]

    def l(self, v: float) -> int:  # noqa: E743 - a length along the box width
        return max(1, int(round(v * self.r.w)))

    def rect(self, x0: float, y0: float, x1: float, y1: float) -> pygame.Rect:
        a, b = self.p(x0, y0), self.p(x1, y1)
        return pygame.Rect(round(a[0]), round(a[1]), max(1, round(b[0] - a[0])),
                           max(1, round(b[1] - a[1])))


def poly(s: pygame.Surface, fill: Colour | None, pts: Sequence[Pt], lw: int,
         outline: Colour = OUTLINE) -> None:
    """A filled polygon with a thick outline whose corners are closed."""
    if fill is not None:
        pygame.draw.polygon(s, fill, pts)
    if lw > 0:
        pygame.draw.lines(s, outline, True, pts, lw)
        r = max(1, lw // 2)
        for x, y in pts:
            pygame.draw.circle(s, outline, (x, y), r)


def bezier(p0: Pt, p1: Pt, p2: Pt, p3: Pt, n: int = 14) -> list[Pt]:
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, c, d = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t ** 3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def arc_pts(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float,
            n: int = 16) -> list[Pt]:
    """Points on an ellipse arc, angles in degrees, 0 = right, 90 = up."""
    return [(cx + rx * math.cos(math.radians(a0 + (a1 - a0) * i / n)),
             cy - ry * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


# ----------------------------------------------------------------- architecture pieces
def onion_pts(cx: float, base: float, w: float, h: float) -> list[Pt]:
    """Outline of an onion dome standing on `base` (pixels)."""
    def m(u: float, v: float) -> Pt:
        return (cx + u * w, base - v * h)
    right = bezier((0.34, 0), (0.64, 0.14), (0.62, 0.52), (0.26, 0.70)) + \
        bezier((0.26, 0.70), (0.10, 0.81), (0.04, 0.90), (0.0, 1.0))[1:]
    left = [(-u, v) for u, v in reversed(right)]
    return [m(u, v) for u, v in right] + [m(u, v) for u, v in left[1:]]


def draw_cross(s: pygame.Surface, x: float, top: float, h: float, col: Colour, lw: int) -> None:
    """An Orthodox cross (three bars, the lowest slanted)."""
    pygame.draw.line(s, col, (x, top), (x, top + h), lw)
    pygame.draw.line(s, col, (x - h * 0.16, top + h * 0.18), (x + h * 0.16, top + h * 0.18), lw)
    pygame.draw.line(s, col, (x - h * 0.30, top + h * 0.38), (x + h * 0.30, top + h * 0.38), lw)
    pygame.draw.line(s, col, (x - h * 0.20, top + h * 0.72), (x + h * 0.20, top + h * 0.58), lw)


def draw_dome(s: pygame.Surface, cx: float, base: float, w: float, h: float, lw: int,
              fill: Colour = GOLD, cross: bool = True) -> None:
    pts = onion_pts(cx, base, w, h)
    poly(s, fill, pts, lw)
    # a highlight stripe on the left of the bulb
    hl = onion_pts(cx - w * 0.12, base - h * 0.1, w * 0.28, h * 0.7)
    pygame.draw.polygon(s, shade(fill, 1.35), hl)
    if cross:
        draw_cross(s, cx, base - h - h * 0.55, h * 0.58, GOLD_DARK if fill != GOLD_DARK else GOLD, max(1, lw))

