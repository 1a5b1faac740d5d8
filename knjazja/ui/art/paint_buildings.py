"""Painted pictures of the buildings: churches, kremlins, walls, the moat, the throne,
the craftsmen's quarter and the Golden Gate (drawn with pygame.draw, see shapes.py)."""
from __future__ import annotations

import pygame

from .palette import CREAM, CRIMSON, GOLD, GOLD_DARK, GOLD_LIGHT, OUTLINE, Colour, shade
from .shapes import (BRICK, BRICK_DARK, LOG, LOG_DARK, ROOF_GREEN, WATER, WATER_LIGHT,
                     WHITE_STONE, WHITE_STONE_DARK, WINDOW, Box, Pt, arc_pts, draw_cross,
                     draw_dome, poly)


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
            log_band = b.pts([(0.0, y), (1.0, y), (1.0, y + 0.064), (0.0, y + 0.064)])
            poly(s, LOG if i % 2 else shade(LOG, 1.1), log_band, lw)
            pygame.draw.circle(s, LOG_DARK, b.p(0.03, y + 0.032), b.l(0.022), max(1, lw // 2))
            pygame.draw.circle(s, LOG_DARK, b.p(0.97, y + 0.032), b.l(0.022), max(1, lw // 2))
        # a log tower with a tent roof in the middle
        draw_tent_tower(s, b, 0.36, 0.64, 0.42, 0.95, shade(LOG, 0.95), (120, 78, 44), lw, roof_k=1.05)
        for i in range(7):
            y = 0.5 + i * 0.066
            pygame.draw.line(s, LOG_DARK, b.p(0.37, y), b.p(0.63, y), max(1, lw // 2))
        return
    if style == "kremlin":
        crown = swallowtail_top(b, 0.0, 1.0, 0.58, 9, 0.08)
        pygame.draw.polygon(s, BRICK, b.pts([(0.0, 0.57), (1.0, 0.57), (1.0, 0.96), (0.0, 0.96)]))
        poly(s, None, b.pts([(0.0, 0.58), (1.0, 0.58), (1.0, 0.96), (0.0, 0.96)]), lw)
        poly(s, BRICK, b.pts(crown), lw)
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

