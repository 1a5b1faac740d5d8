"""Vector icons drawn with pygame.draw: one per kind and a few per card.

Every painter draws into a box (a pygame.Rect) of a big surface; the public helpers
draw at 3x and smooth-scale down, which gives clean anti-aliased edges.
Shapes carry the meaning, so colour is never the only cue:
city = kremlin with onion domes, building = church (walls: a wall), troop = sword and
shield, event = scroll with a seal (fire: flame, raids: lightning), chronicle = open book.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable

import pygame

from .palette import (CREAM, CRIMSON, CRIMSON_DARK, GOLD, GOLD_DARK, GOLD_LIGHT, OUTLINE,
                      PARCHMENT, PARCHMENT_DARK, STEEL, STEEL_DARK, Colour, shade)

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


def poly(s: pygame.Surface, fill: Colour | None, pts: list[Pt], lw: int,
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


def draw_tent_tower(s: pygame.Surface, b: Box, x0: float, x1: float, top: float, bottom: float,
                    wall: Colour, roof: Colour, lw: int, flag: bool = True,
                    roof_k: float = 1.7) -> None:
    """A square tower with a tall tent roof (shatyor)."""
    body = b.pts([(x0, top), (x1, top), (x1, bottom), (x0, bottom)])
    poly(s, wall, body, lw)
    # machicolation band
    band = b.pts([(x0 - 0.015, top), (x1 + 0.015, top), (x1 + 0.015, top + 0.04),
                  (x0 - 0.015, top + 0.04)])
    poly(s, shade(wall, 0.8), band, lw)
    mid = (x0 + x1) / 2
    roof_h = (x1 - x0) * roof_k
    poly(s, roof, b.pts([(x0 - 0.02, top), (mid, top - roof_h), (x1 + 0.02, top)]), lw)
    # slit window
    win = b.rect(mid - 0.012, top + 0.09, mid + 0.012, top + 0.16)
    pygame.draw.rect(s, WINDOW, win)
    if flag:
        tip = b.p(mid, top - roof_h)
        pygame.draw.line(s, OUTLINE, tip, (tip[0], tip[1] - b.l(0.07)), max(1, lw // 2 + 1))
        pygame.draw.circle(s, GOLD, (tip[0], tip[1] - b.l(0.075)), b.l(0.016))


def swallowtail_top(b: Box, x0: float, x1: float, y: float, n: int, mh: float) -> list[Pt]:
    """Top edge of a wall with swallow-tail merlons (as on the Moscow Kremlin)."""
    pts: list[Pt] = [(x1, y)]
    step = (x1 - x0) / n
    for i in range(n - 1, -1, -1):
        a = x0 + i * step
        w = step * 0.62
        m0, m1 = a + (step - w) / 2, a + (step + w) / 2
        pts += [(m1, y), (m1, y - mh), ((m0 + m1) / 2 + w * 0.16, y - mh), ((m0 + m1) / 2, y - mh * 0.55),
                ((m0 + m1) / 2 - w * 0.16, y - mh), (m0, y - mh), (m0, y)]
    pts.append((x0, y))
    return pts


def draw_church(s: pygame.Surface, b: Box, domes: int = 1, lw: int = 2,
                walls: Colour = WHITE_STONE, dome: Colour = GOLD) -> None:
    """A white-stone church with 1, 3 or 5 onion domes and crosses."""
    x0, x1 = {1: (0.2, 0.8), 3: (0.13, 0.87)}.get(domes, (0.06, 0.94))
    top, bottom = 0.6, 0.98
    drum_w, drum_h = 0.15, 0.12
    spots: list[tuple[float, float]] = []          # side domes: (x, scale)
    if domes >= 3:
        spots += [(0.27, 0.66), (0.73, 0.66)]
    if domes >= 5:
        spots = [(0.13, 0.5), (0.87, 0.5), (0.3, 0.7), (0.7, 0.7)]
    for cx, k in spots:
        dt = top - drum_h * k - 0.02
        poly(s, walls, b.pts([(cx - drum_w * k / 2, dt), (cx + drum_w * k / 2, dt),
                              (cx + drum_w * k / 2, top + 0.02), (cx - drum_w * k / 2, top + 0.02)]), lw)
        pygame.draw.rect(s, WINDOW, b.rect(cx - 0.01 * k, dt + 0.03 * k, cx + 0.01 * k, dt + 0.08 * k))
        bx, by = b.p(cx, dt)
        draw_dome(s, bx, by, b.r.w * 0.22 * k, b.r.h * 0.2 * k, lw, dome)
    # body with three zakomary (round gables)
    body = [(x0, bottom), (x0, top)]
    n = 3 if domes < 5 else 5
    for i in range(n):
        a = x0 + (x1 - x0) * i / n
        r = (x1 - x0) / n / 2
        body += [(x, y) for x, y in arc_pts(a + r, top, r, r * 0.8, 180, 0, 10)]
    body += [(x1, top), (x1, bottom)]
    poly(s, walls, b.pts(body), lw)
    # pilasters
    for i in range(1, n):
        xx = x0 + (x1 - x0) * i / n
        pygame.draw.line(s, shade(walls, 0.78), b.p(xx, top + 0.02), b.p(xx, bottom), max(1, lw // 2))
    # windows and door
    for i in range(n):
        cx = x0 + (x1 - x0) * (i + 0.5) / n
        if i == n // 2:
            door = [(cx - 0.055, bottom), (cx - 0.055, bottom - 0.13)] + \
                arc_pts(cx, bottom - 0.13, 0.055, 0.06, 180, 0, 8) + [(cx + 0.055, bottom)]
            poly(s, (96, 58, 30), b.pts(door), lw)
        else:
            win = [(cx - 0.025, top + 0.2), (cx - 0.025, top + 0.1)] + \
                arc_pts(cx, top + 0.1, 0.025, 0.03, 180, 0, 6) + [(cx + 0.025, top + 0.2)]
            pygame.draw.polygon(s, WINDOW, b.pts(win))
    # main drum and dome
    dt = top - drum_h - 0.03
    poly(s, walls, b.pts([(0.5 - drum_w / 2, dt), (0.5 + drum_w / 2, dt), (0.5 + drum_w / 2, top + 0.05),
                          (0.5 - drum_w / 2, top + 0.05)]), lw)
    pygame.draw.rect(s, WINDOW, b.rect(0.49, dt + 0.03, 0.51, dt + 0.09))
    bx, by = b.p(0.5, dt)
    draw_dome(s, bx, by, b.r.w * 0.26, b.r.h * 0.22, lw, dome)


def draw_kremlin(s: pygame.Surface, b: Box, domes: int = 3, lw: int = 2) -> None:
    """City: a red-brick kremlin wall with tent towers and a church rising behind it."""
    # the church behind the wall
    church = Box(b.rect(0.12, -0.02, 0.88, 0.8))
    draw_church(s, church, domes=5 if domes >= 3 else (3 if domes == 2 else 1), lw=lw)
    # wall
    wall_top, wall_bottom = 0.66, 0.98
    top = swallowtail_top(b, 0.0, 1.0, wall_top, 11, 0.06)
    poly(s, BRICK, b.pts([(0.0, wall_top), (1.0, wall_top), (1.0, wall_bottom), (0.0, wall_bottom)]), lw)
    poly(s, BRICK, b.pts(top), lw)
    pygame.draw.polygon(s, BRICK, b.pts([(0.0 + 0.01, wall_top - 0.004), (0.99, wall_top - 0.004),
                                         (0.99, wall_top + 0.02), (0.01, wall_top + 0.02)]))
    # brick courses
    for i in range(1, 4):
        y = wall_top + (wall_bottom - wall_top) * i / 4
        pygame.draw.line(s, BRICK_DARK, b.p(0.02, y), b.p(0.98, y), max(1, lw // 2))
    # gate
    gate = [(0.44, wall_bottom), (0.44, 0.84)] + arc_pts(0.5, 0.84, 0.06, 0.07, 180, 0, 8) + \
        [(0.56, wall_bottom)]
    poly(s, (60, 34, 22), b.pts(gate), lw)
    # towers
    draw_tent_tower(s, b, 0.0, 0.15, 0.54, 0.98, BRICK, ROOF_GREEN, lw, roof_k=1.5)
    draw_tent_tower(s, b, 0.85, 1.0, 0.54, 0.98, BRICK, ROOF_GREEN, lw, roof_k=1.5)


def draw_wall(s: pygame.Surface, b: Box, style: str = "stone", lw: int = 2) -> None:
    """Walls: palisade, wooden, stone or kremlin (brick)."""
    if style == "palisade":
        n = 9
        for i in range(n):
            x0 = 0.04 + i * 0.92 / n
            x1 = x0 + 0.92 / n
            top = 0.3 + (0.06 if i % 2 else 0.0)
            pts = [(x0, 0.95), (x0, top + 0.06), ((x0 + x1) / 2, top), (x1, top + 0.06), (x1, 0.95)]
            poly(s, LOG if i % 2 else shade(LOG, 1.12), b.pts(pts), lw)
            pygame.draw.line(s, LOG_DARK, b.p(x0 + 0.025, top + 0.12), b.p(x0 + 0.025, 0.9), max(1, lw // 2))
        for y in (0.5, 0.78):
            poly(s, LOG_DARK, b.pts([(0.02, y), (0.98, y), (0.98, y + 0.04), (0.02, y + 0.04)]), lw)
        return
    if style == "wooden":
        for i in range(7):
            y = 0.5 + i * 0.064
            poly(s, LOG if i % 2 else shade(LOG, 1.1), b.pts([(0.0, y), (1.0, y), (1.0, y + 0.064), (0.0, y + 0.064)]), lw)
            pygame.draw.circle(s, LOG_DARK, b.p(0.03, y + 0.032), b.l(0.022), max(1, lw // 2))
            pygame.draw.circle(s, LOG_DARK, b.p(0.97, y + 0.032), b.l(0.022), max(1, lw // 2))
        # a log tower with a tent roof in the middle
        draw_tent_tower(s, b, 0.36, 0.64, 0.42, 0.95, shade(LOG, 0.95), (120, 78, 44), lw, roof_k=1.05)
        for i in range(7):
            y = 0.5 + i * 0.066
            pygame.draw.line(s, LOG_DARK, b.p(0.37, y), b.p(0.63, y), max(1, lw // 2))
        return
    if style == "kremlin":
        top = swallowtail_top(b, 0.0, 1.0, 0.58, 9, 0.08)
        pygame.draw.polygon(s, BRICK, b.pts([(0.0, 0.57), (1.0, 0.57), (1.0, 0.96), (0.0, 0.96)]))
        poly(s, None, b.pts([(0.0, 0.58), (1.0, 0.58), (1.0, 0.96), (0.0, 0.96)]), lw)
        poly(s, BRICK, b.pts(top), lw)
        pygame.draw.polygon(s, BRICK, b.pts([(0.01, 0.575), (0.99, 0.575), (0.99, 0.6), (0.01, 0.6)]))
        for i in range(1, 5):
            y = 0.58 + 0.38 * i / 5
            pygame.draw.line(s, BRICK_DARK, b.p(0.02, y), b.p(0.98, y), max(1, lw // 2))
        draw_tent_tower(s, b, 0.0, 0.2, 0.36, 0.96, BRICK, ROOF_GREEN, lw)
        draw_tent_tower(s, b, 0.8, 1.0, 0.36, 0.96, BRICK, ROOF_GREEN, lw)
        draw_tent_tower(s, b, 0.4, 0.6, 0.3, 0.96, BRICK, ROOF_GREEN, lw)
        gate = [(0.45, 0.96), (0.45, 0.8)] + arc_pts(0.5, 0.8, 0.05, 0.06, 180, 0, 8) + [(0.55, 0.96)]
        poly(s, (60, 34, 22), b.pts(gate), lw)
        return
    # stone: white stone with rectangular merlons and a round tower
    top_y = 0.5
    pts = [(0.0, 0.96), (0.0, top_y)]
    n = 8
    for i in range(n):
        a = i / n
        pts += [(a, top_y), (a, top_y - 0.08), (a + 0.5 / n, top_y - 0.08), (a + 0.5 / n, top_y)]
    pts += [(1.0, top_y), (1.0, 0.96)]
    poly(s, WHITE_STONE, b.pts(pts), lw)
    for r in range(4):
        y = top_y + 0.115 * (r + 1)
        pygame.draw.line(s, WHITE_STONE_DARK, b.p(0.01, y), b.p(0.99, y), max(1, lw // 2))
        for k in range(6):
            x = (k + (0.5 if r % 2 else 0.0)) / 6
            if 0 < x < 1:
                pygame.draw.line(s, WHITE_STONE_DARK, b.p(x, y - 0.115), b.p(x, y), max(1, lw // 2))
    # a round tower with a conical roof
    poly(s, WHITE_STONE, b.pts([(0.36, 0.96), (0.36, 0.34), (0.64, 0.34), (0.64, 0.96)]), lw)
    poly(s, shade(WHITE_STONE, 0.85), b.pts([(0.34, 0.34), (0.66, 0.34), (0.66, 0.39), (0.34, 0.39)]), lw)
    poly(s, ROOF_GREEN, b.pts([(0.33, 0.34), (0.5, 0.08), (0.67, 0.34)]), lw)
    pygame.draw.rect(s, WINDOW, b.rect(0.485, 0.46, 0.515, 0.56))
    gate = [(0.44, 0.96), (0.44, 0.8)] + arc_pts(0.5, 0.8, 0.06, 0.07, 180, 0, 8) + [(0.56, 0.96)]
    poly(s, (96, 58, 30), b.pts(gate), lw)


def draw_moat(s: pygame.Surface, b: Box, lw: int = 2) -> None:
    """Moat: a low wall above water with waves."""
    draw_wall(s, Box(b.rect(0.05, 0.02, 0.95, 0.62)), "stone", lw)
    water = [(0.0, 0.64), (1.0, 0.64), (1.0, 0.98), (0.0, 0.98)]
    poly(s, WATER, b.pts(water), lw)
    for row, y in enumerate((0.73, 0.83, 0.92)):
        for i in range(5):
            x = 0.06 + i * 0.19 + (0.09 if row % 2 else 0.0)
            pts = arc_pts(x + 0.045, y, 0.045, 0.025, 180, 0, 8)
            pygame.draw.lines(s, WATER_LIGHT, False, b.pts(pts), max(1, lw))


def draw_throne(s: pygame.Surface, b: Box, lw: int = 2) -> None:
    """The Prince's Throne: a carved gold chair with a red cushion and a crown above."""
    back = [(0.28, 0.62), (0.28, 0.3)] + arc_pts(0.5, 0.3, 0.22, 0.16, 180, 0, 14) + [(0.72, 0.62)]
    poly(s, GOLD, b.pts(back), lw)
    inner = [(0.35, 0.6), (0.35, 0.32)] + arc_pts(0.5, 0.32, 0.15, 0.1, 180, 0, 12) + [(0.65, 0.6)]
    poly(s, CRIMSON, b.pts(inner), max(1, lw // 2))
    # seat and legs
    poly(s, GOLD, b.pts([(0.2, 0.62), (0.8, 0.62), (0.76, 0.72), (0.24, 0.72)]), lw)
    poly(s, CRIMSON, b.pts([(0.24, 0.58), (0.76, 0.58), (0.78, 0.63), (0.22, 0.63)]), lw)
    for x in (0.26, 0.66):
        poly(s, GOLD_DARK, b.pts([(x, 0.72), (x + 0.08, 0.72), (x + 0.07, 0.97), (x + 0.01, 0.97)]), lw)
    for x in (0.22, 0.74):
        poly(s, GOLD, b.pts([(x, 0.5), (x + 0.04, 0.5), (x + 0.04, 0.62), (x, 0.62)]), lw)
        pygame.draw.circle(s, GOLD_LIGHT, b.p(x + 0.02, 0.49), b.l(0.035))
        pygame.draw.circle(s, OUTLINE, b.p(x + 0.02, 0.49), b.l(0.035), max(1, lw // 2))
    # crown (Monomakh's cap shape)
    cap = [(0.4, 0.16)] + arc_pts(0.5, 0.16, 0.1, 0.1, 180, 0, 10) + [(0.6, 0.16)]
    poly(s, GOLD_LIGHT, b.pts(cap), lw)
    poly(s, (120, 70, 40), b.pts([(0.38, 0.15), (0.62, 0.15), (0.62, 0.19), (0.38, 0.19)]), lw)
    draw_cross(s, *b.p(0.5, 0.0), b.r.h * 0.06, GOLD_DARK, max(1, lw // 2 + 1))
    pygame.draw.circle(s, CRIMSON, b.p(0.5, 0.36), b.l(0.03))


def draw_houses(s: pygame.Surface, b: Box, lw: int = 2) -> None:
    """Craftsmen's Quarter: log houses (izby) with carved gables and a smoking chimney."""
    for x0, w, y0 in ((0.04, 0.46, 0.5), (0.5, 0.46, 0.42)):
        x1 = x0 + w
        mid = (x0 + x1) / 2
        poly(s, LOG, b.pts([(x0 + 0.03, y0 + 0.14), (x1 - 0.03, y0 + 0.14), (x1 - 0.03, 0.97), (x0 + 0.03, 0.97)]), lw)
        for i in range(1, 6):
            y = y0 + 0.14 + (0.97 - y0 - 0.14) * i / 6
            pygame.draw.line(s, LOG_DARK, b.p(x0 + 0.04, y), b.p(x1 - 0.04, y), max(1, lw // 2))
        poly(s, (110, 70, 40), b.pts([(x0, y0 + 0.16), (mid, y0 - 0.1), (x1, y0 + 0.16)]), lw)
        poly(s, CREAM, b.pts([(mid - 0.06, y0 + 0.1), (mid, y0 + 0.03), (mid + 0.06, y0 + 0.1)]), max(1, lw // 2))
        win = b.rect(mid - 0.05, y0 + 0.3, mid + 0.05, y0 + 0.38)
        pygame.draw.rect(s, (250, 206, 110), win)
        pygame.draw.rect(s, OUTLINE, win, max(1, lw // 2))
        pygame.draw.line(s, OUTLINE, (win.centerx, win.top), (win.centerx, win.bottom), max(1, lw // 2))
    # chimney smoke
    for i, r in enumerate((0.04, 0.05, 0.06)):
        pygame.draw.circle(s, (200, 196, 190), b.p(0.68 + i * 0.05, 0.22 - i * 0.08), b.l(r))


def draw_gate(s: pygame.Surface, b: Box, lw: int = 2) -> None:
    """Golden Gate: a white-stone gate tower with a golden-domed chapel on top."""
    poly(s, WHITE_STONE, b.pts([(0.14, 0.97), (0.14, 0.44), (0.86, 0.44), (0.86, 0.97)]), lw)
    poly(s, shade(WHITE_STONE, 0.85), b.pts([(0.1, 0.44), (0.9, 0.44), (0.9, 0.5), (0.1, 0.5)]), lw)
    arch = [(0.32, 0.97), (0.32, 0.66)] + arc_pts(0.5, 0.66, 0.18, 0.14, 180, 0, 14) + [(0.68, 0.97)]
    poly(s, (70, 44, 26), b.pts(arch), lw)
    # open golden doors
    poly(s, GOLD, b.pts([(0.33, 0.97), (0.33, 0.7), (0.4, 0.72), (0.4, 0.97)]), max(1, lw // 2))
    poly(s, GOLD, b.pts([(0.67, 0.97), (0.67, 0.7), (0.6, 0.72), (0.6, 0.97)]), max(1, lw // 2))
    # chapel on top
    ch = Box(b.rect(0.3, 0.0, 0.7, 0.47))
    draw_church(s, ch, 1, lw)


# ----------------------------------------------------------------- arms
def draw_sword(s: pygame.Surface, b: Box, lw: int, angle: float = 40) -> None:
    """A straight sword from the lower left to the upper right."""
    def rot(x: float, y: float) -> Pt:
        a = math.radians(angle)
        cx, cy = 0.5, 0.5
        dx, dy = x - cx, y - cy
        return (cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a))
    blade = [rot(0.46, 0.72), rot(0.46, 0.12), rot(0.5, 0.02), rot(0.54, 0.12), rot(0.54, 0.72)]
    poly(s, STEEL, b.pts(blade), lw)
    pygame.draw.line(s, STEEL_DARK, b.p(*rot(0.5, 0.7)), b.p(*rot(0.5, 0.1)), max(1, lw // 2))
    guard = [rot(0.34, 0.72), rot(0.66, 0.72), rot(0.66, 0.77), rot(0.34, 0.77)]
    poly(s, GOLD, b.pts(guard), lw)
    grip = [rot(0.475, 0.77), rot(0.525, 0.77), rot(0.525, 0.9), rot(0.475, 0.9)]
    poly(s, (92, 52, 30), b.pts(grip), lw)
    x, y = b.p(*rot(0.5, 0.93))
    pygame.draw.circle(s, GOLD, (x, y), b.l(0.045))
    pygame.draw.circle(s, OUTLINE, (x, y), b.l(0.045), max(1, lw // 2 + 1))


def draw_sabre(s: pygame.Surface, b: Box, lw: int) -> None:
    """A curved steppe sabre, hilt at the lower left, point at the upper right."""
    back = bezier((0.3, 0.74), (0.5, 0.5), (0.7, 0.26), (0.95, 0.06), 18)
    edge = bezier((0.95, 0.06), (0.8, 0.28), (0.62, 0.5), (0.38, 0.8), 18)
    poly(s, STEEL, b.pts(back + edge[1:]), lw)
    fuller = bezier((0.36, 0.72), (0.52, 0.52), (0.68, 0.33), (0.86, 0.16), 12)
    pygame.draw.lines(s, STEEL_DARK, False, b.pts(fuller), max(1, lw // 2))
    poly(s, GOLD, b.pts([(0.22, 0.7), (0.44, 0.86), (0.41, 0.9), (0.19, 0.74)]), lw)
    poly(s, (92, 52, 30), b.pts([(0.3, 0.8), (0.35, 0.84), (0.2, 0.97), (0.15, 0.93)]), lw)
    pygame.draw.circle(s, GOLD, b.p(0.16, 0.96), b.l(0.035))


def draw_axe(s: pygame.Surface, b: Box, lw: int) -> None:
    """A peasant's axe (topor) on a long haft."""
    poly(s, (140, 96, 56), b.pts([(0.2, 0.95), (0.25, 0.97), (0.74, 0.1), (0.69, 0.08)]), lw)
    head = [(0.62, 0.14), (0.84, 0.04), (0.94, 0.22), (0.86, 0.38), (0.72, 0.3), (0.66, 0.28)]
    poly(s, STEEL, b.pts(head), lw)


def draw_shield_kite(s: pygame.Surface, b: Box, lw: int, field: Colour = CRIMSON,
                     rim: Colour = GOLD) -> None:
    """An almond (kite) shield of the druzhina with a golden rim and boss."""
    right = bezier((0.5, 0.1), (0.82, 0.1), (0.86, 0.42), (0.5, 0.98), 16)
    pts = right + [(1 - x, y) for x, y in reversed(right[:-1])]
    poly(s, rim, b.pts(pts), lw)
    inner_r = bezier((0.5, 0.17), (0.75, 0.17), (0.78, 0.44), (0.5, 0.88), 16)
    inner = inner_r + [(1 - x, y) for x, y in reversed(inner_r[:-1])]
    pygame.draw.polygon(s, field, b.pts(inner))
    # a gold sun/star device
    cx, cy = b.p(0.5, 0.4)
    r = b.l(0.09)
    pygame.draw.circle(s, GOLD, (cx, cy), r)
    pygame.draw.circle(s, OUTLINE, (cx, cy), r, max(1, lw // 2))
    for k in range(8):
        a = math.radians(k * 45)
        pygame.draw.line(s, GOLD, (cx + math.cos(a) * r * 1.3, cy + math.sin(a) * r * 1.3),
                         (cx + math.cos(a) * r * 2.0, cy + math.sin(a) * r * 2.0), max(1, lw))


def draw_shield_round(s: pygame.Surface, b: Box, lw: int, field: Colour = (40, 96, 96),
                      rim: Colour = STEEL) -> None:
    cx, cy = b.p(0.5, 0.55)
    r = b.l(0.4)
    pygame.draw.circle(s, rim, (cx, cy), r)
    pygame.draw.circle(s, field, (cx, cy), int(r * 0.86))
    for k in range(6):
        a = math.radians(k * 60 + 30)
        pygame.draw.line(s, shade(field, 0.7), (cx, cy), (cx + math.cos(a) * r * 0.86, cy + math.sin(a) * r * 0.86),
                         max(1, lw // 2))
    pygame.draw.circle(s, OUTLINE, (cx, cy), r, lw)
    pygame.draw.circle(s, OUTLINE, (cx, cy), int(r * 0.86), max(1, lw // 2))
    pygame.draw.circle(s, rim, (cx, cy), int(r * 0.24))
    pygame.draw.circle(s, shade(rim, 1.3), (cx - r * 0.06, cy - r * 0.06), int(r * 0.1))
    pygame.draw.circle(s, OUTLINE, (cx, cy), int(r * 0.24), max(1, lw // 2))


def draw_troop(s: pygame.Surface, b: Box, variant: str = "native", lw: int = 2) -> None:
    if variant == "foreign":
        draw_shield_round(s, Box(b.rect(0.04, 0.02, 0.96, 0.94)), lw)
        draw_sabre(s, Box(b.rect(0.0, 0.0, 1.0, 1.0)), lw)
    elif variant == "militia":
        draw_axe(s, Box(b.rect(0.2, 0.0, 1.0, 0.9)), lw)
        draw_shield_round(s, Box(b.rect(0.0, 0.16, 0.68, 0.84)), lw, field=(150, 104, 60), rim=(110, 72, 40))
    else:
        draw_sword(s, Box(b.rect(0.04, -0.02, 1.04, 0.98)), lw, angle=45)
        draw_shield_kite(s, Box(b.rect(0.0, 0.2, 0.62, 1.0)), lw)


def draw_bow_badge(s: pygame.Surface, b: Box, lw: int = 2) -> None:
    """Foreign-troop marker: a steppe bow with an arrow on a dark disc."""
    cx, cy = b.p(0.5, 0.5)
    r = b.l(0.48)
    pygame.draw.circle(s, (58, 40, 22), (cx, cy), r)
    pygame.draw.circle(s, GOLD, (cx, cy), r, max(1, lw))
    # recurved bow
    bow = bezier((0.28, 0.18), (0.66, 0.26), (0.66, 0.74), (0.28, 0.82), 16)
    pygame.draw.lines(s, GOLD_LIGHT, False, b.pts(bow), max(2, lw + 1))
    pygame.draw.line(s, CREAM, b.p(0.28, 0.18), b.p(0.28, 0.82), max(1, lw // 2))
    # arrow
    pygame.draw.line(s, CREAM, b.p(0.2, 0.5), b.p(0.8, 0.5), max(1, lw // 2 + 1))
    poly(s, CREAM, b.pts([(0.84, 0.5), (0.74, 0.43), (0.74, 0.57)]), 0)


# ----------------------------------------------------------------- events and chronicles
def draw_scroll(s: pygame.Surface, b: Box, lw: int = 2) -> None:
    """A parchment scroll (gramota) with a red wax seal on cords."""
    poly(s, PARCHMENT, b.pts([(0.2, 0.14), (0.8, 0.14), (0.8, 0.82), (0.2, 0.82)]), lw)
    for y in (0.14, 0.82):
        poly(s, PARCHMENT_DARK, b.pts([(0.13, y - 0.05), (0.87, y - 0.05), (0.87, y + 0.05), (0.13, y + 0.05)]), lw)
        for x in (0.13, 0.87):
            pygame.draw.ellipse(s, shade(PARCHMENT_DARK, 0.8), b.rect(x - 0.03, y - 0.05, x + 0.03, y + 0.05))
            pygame.draw.ellipse(s, OUTLINE, b.rect(x - 0.03, y - 0.05, x + 0.03, y + 0.05), max(1, lw // 2))
    for i in range(6):
        y = 0.26 + i * 0.075
        x1 = 0.72 if i % 3 != 2 else 0.56
        pygame.draw.line(s, (120, 90, 60), b.p(0.28, y), b.p(x1, y), max(1, lw // 2 + 1))
    # cords and seal
    pygame.draw.line(s, CRIMSON_DARK, b.p(0.5, 0.86), b.p(0.44, 0.97), max(1, lw))
    pygame.draw.line(s, CRIMSON_DARK, b.p(0.5, 0.86), b.p(0.58, 0.97), max(1, lw))
    cx, cy = b.p(0.62, 0.8)
    r = b.l(0.11)
    pygame.draw.circle(s, CRIMSON, (cx, cy), r)
    pygame.draw.circle(s, OUTLINE, (cx, cy), r, max(1, lw // 2 + 1))
    pygame.draw.circle(s, shade(CRIMSON, 1.3), (cx, cy), int(r * 0.62), max(1, lw // 2))
    pygame.draw.circle(s, shade(CRIMSON, 1.3), (cx - r * 0.25, cy - r * 0.25), max(1, int(r * 0.18)))


def draw_lightning(s: pygame.Surface, b: Box, lw: int = 2) -> None:
    """A storm cloud with a lightning bolt: raids and invasions."""
    for cx, cy, r in ((0.3, 0.3, 0.16), (0.5, 0.22, 0.2), (0.7, 0.3, 0.16), (0.5, 0.36, 0.18)):
        pygame.draw.circle(s, OUTLINE, b.p(cx, cy), b.l(r) + lw)
    for cx, cy, r in ((0.3, 0.3, 0.16), (0.5, 0.22, 0.2), (0.7, 0.3, 0.16), (0.5, 0.36, 0.18)):
        pygame.draw.circle(s, (86, 80, 96), b.p(cx, cy), b.l(r))
    pygame.draw.circle(s, (120, 114, 130), b.p(0.45, 0.17), b.l(0.09))
    bolt = [(0.52, 0.36), (0.36, 0.66), (0.5, 0.66), (0.4, 0.98), (0.7, 0.56), (0.55, 0.56), (0.66, 0.36)]
    poly(s, (255, 214, 70), b.pts(bolt), lw)


def draw_flame(s: pygame.Surface, b: Box, lw: int = 2) -> None:
    """Fire: layered tongues of flame over logs."""
    def tongue(cx: float, w: float, top: float, bottom: float) -> list[Pt]:
        r = bezier((cx, top), (cx + w * 0.2, top + 0.2), (cx + w, bottom - 0.3), (cx + w * 0.6, bottom), 14)
        l_ = bezier((cx - w * 0.6, bottom), (cx - w, bottom - 0.25), (cx - w * 0.35, top + 0.22), (cx, top), 14)
        return r + l_[1:]
    poly(s, LOG_DARK, b.pts([(0.16, 0.86), (0.84, 0.78), (0.86, 0.86), (0.18, 0.94)]), lw)
    poly(s, LOG, b.pts([(0.14, 0.78), (0.82, 0.88), (0.8, 0.95), (0.12, 0.86)]), lw)
    poly(s, (200, 40, 24), b.pts(tongue(0.5, 0.34, 0.04, 0.86)), lw)
    poly(s, (244, 120, 30), b.pts(tongue(0.5, 0.24, 0.22, 0.84)), 0)
    poly(s, (255, 214, 90), b.pts(tongue(0.5, 0.13, 0.44, 0.82)), 0)


def draw_book(s: pygame.Surface, b: Box, lw: int = 2) -> None:
    """Chronicle: an open book with a red ribbon and an illuminated initial."""
    cover = [(0.04, 0.3), (0.5, 0.36), (0.96, 0.3), (0.96, 0.86), (0.5, 0.92), (0.04, 0.86)]
    poly(s, (110, 50, 30), b.pts(cover), lw)
    left = bezier((0.5, 0.32), (0.38, 0.22), (0.2, 0.2), (0.08, 0.24), 12) + \
        bezier((0.08, 0.8), (0.2, 0.76), (0.38, 0.78), (0.5, 0.88), 12)
    right = [(1 - x, y) for x, y in left]
    poly(s, PARCHMENT, b.pts(left), lw)
    poly(s, PARCHMENT, b.pts(right), lw)
    pygame.draw.line(s, OUTLINE, b.p(0.5, 0.32), b.p(0.5, 0.88), max(1, lw))
    for i in range(6):
        y = 0.34 + i * 0.08
        pygame.draw.line(s, (130, 100, 70), b.p(0.14 + (0.1 if i == 0 else 0), y), b.p(0.43, y + 0.03),
                         max(1, lw // 2 + 1))
        pygame.draw.line(s, (130, 100, 70), b.p(0.57, y + 0.03), b.p(0.86, y), max(1, lw // 2 + 1))
    pygame.draw.rect(s, CRIMSON, b.rect(0.13, 0.3, 0.21, 0.4))
    pygame.draw.rect(s, GOLD, b.rect(0.13, 0.3, 0.21, 0.4), max(1, lw // 2))
    poly(s, CRIMSON, b.pts([(0.6, 0.3), (0.66, 0.3), (0.66, 0.98), (0.63, 0.94), (0.6, 0.98)]), max(1, lw // 2))


# ----------------------------------------------------------------- choosing an icon
Painter = Callable[[pygame.Surface, Box, int], None]

_PAINTERS: dict[str, Painter] = {
    "kremlin1": lambda s, b, lw: draw_kremlin(s, b, 1, lw),
    "kremlin2": lambda s, b, lw: draw_kremlin(s, b, 2, lw),
    "kremlin3": lambda s, b, lw: draw_kremlin(s, b, 3, lw),
    "church1": lambda s, b, lw: draw_church(s, b, 1, lw),
    "church3": lambda s, b, lw: draw_church(s, b, 3, lw),
    "church5": lambda s, b, lw: draw_church(s, b, 5, lw),
    "palisade": lambda s, b, lw: draw_wall(s, b, "palisade", lw),
    "wooden": lambda s, b, lw: draw_wall(s, b, "wooden", lw),
    "stone": lambda s, b, lw: draw_wall(s, b, "stone", lw),
    "kremlin_wall": lambda s, b, lw: draw_wall(s, b, "kremlin", lw),
    "moat": draw_moat,
    "throne": draw_throne,
    "houses": draw_houses,
    "gate": draw_gate,
    "troop": lambda s, b, lw: draw_troop(s, b, "native", lw),
    "troop_foreign": lambda s, b, lw: draw_troop(s, b, "foreign", lw),
    "militia": lambda s, b, lw: draw_troop(s, b, "militia", lw),
    "scroll": draw_scroll,
    "lightning": draw_lightning,
    "flame": draw_flame,
    "book": draw_book,
    "bow": draw_bow_badge,
}

KIND_ICON: dict[str, str] = {"city": "kremlin3", "building": "church1", "troop": "troop",
                             "event": "scroll", "chronicle": "book"}

_CARD_ICON: dict[str, str] = {
    "bld.church": "church1", "bld.monastery": "church3", "bld.cathedral": "church5",
    "wall.palisade": "palisade", "wall.wooden": "wooden", "wall.stone": "stone",
    "wall.kremlin": "kremlin_wall", "wall.moat": "moat", "bld.throne": "throne",
    "bld.sloboda": "houses", "bld.golden_gate": "gate", "troop.militia": "militia",
    "ev.fire": "flame", "ev.polovtsian_raid": "lightning", "ev.principality_raid": "lightning",
    "ev.tatar_invasion": "lightning", "ev.raid_city": "lightning",
}


def icon_name_for(card_id: str, kind: str, glory: int = 0, foreign: bool = False) -> str:
    """The painter used for one card's art."""
    if card_id in _CARD_ICON:
        return _CARD_ICON[card_id]
    if kind == "city":
        return f"kremlin{max(1, min(3, glory))}"
    if kind == "troop" and foreign:
        return "troop_foreign"
    return KIND_ICON.get(kind, "scroll")


def paint(name: str, s: pygame.Surface, rect: pygame.Rect, lw: int | None = None) -> None:
    """Draw icon `name` into `rect` of `s` (no supersampling: `s` is already big)."""
    box = Box(rect)
    _PAINTERS[name](s, box, lw if lw is not None else max(1, round(rect.w * 0.022)))


@lru_cache(maxsize=512)
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
