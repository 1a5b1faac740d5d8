"""Painted pictures of arms and things: swords, sabres, axes and shields for the troops,
the foreign-troop bow badge, and the scroll, flame and book (drawn with pygame.draw)."""
from __future__ import annotations

import math

import pygame

from .palette import (CREAM, CRIMSON, CRIMSON_DARK, GOLD, GOLD_LIGHT, OUTLINE, PARCHMENT,
                      PARCHMENT_DARK, STEEL, STEEL_DARK, Colour, shade)
from .shapes import LOG, LOG_DARK, Box, Pt, bezier, poly


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
    """Druzhina (sword and kite shield) or "militia" (axe and wooden shield)."""
    if variant == "militia":
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

