"""The ornamental back shared by all cards."""
from __future__ import annotations

import math

import pygame

from . import icons
from .card_parts import SS, fill_rounded, texture
from .palette import CRIMSON, GOLD, GOLD_LIGHT, OUTLINE
from .resources import load_font
from .shapes import poly
from .textures import multiply, radial_alpha, vertical_gradient
from knjazja.ui.caches import sized_lru

__all__ = ["render_card_back"]


def render_card_back(size: tuple[int, int]) -> pygame.Surface:
    """The ornamental back shared by all cards, cached per size."""
    w, h = int(size[0]), int(size[1])
    if w < 24 or h < 32:
        raise ValueError(f"card size {size!r} is too small (min 24x32)")
    return _render_back(w, h)


@sized_lru(16)
def _render_back(w: int, h: int) -> pygame.Surface:
    S = SS
    W, H = w * S, h * S
    u = W / 100
    base = pygame.Surface((W, H), pygame.SRCALPHA)
    rad = int(5.2 * u)
    pygame.draw.rect(base, OUTLINE, base.get_rect(), border_radius=rad)
    field_r = base.get_rect().inflate(-int(1.6 * u), -int(1.6 * u))
    field = vertical_gradient(field_r.size, (150, 26, 32), (88, 10, 18))
    multiply(field, texture(field_r.size, 77, 205, (6, 8), 20))
    # lattice of diamonds
    step = max(6, int(9 * u))
    lat = pygame.Surface(field_r.size, pygame.SRCALPHA)
    col = (255, 210, 120, 46)
    for k in range(-field_r.h // step - 2, field_r.w // step + field_r.h // step + 3):
        x = k * step
        pygame.draw.line(lat, col, (x, 0), (x + field_r.h, field_r.h), max(1, int(0.35 * u)))
        pygame.draw.line(lat, col, (x, 0), (x - field_r.h, field_r.h), max(1, int(0.35 * u)))
    for i in range(-1, field_r.w // step + 2):
        for j in range(-1, field_r.h // step + 2):
            pygame.draw.circle(lat, (255, 214, 130, 70), (i * step, j * step), max(1, int(0.7 * u)))
    field.blit(lat, (0, 0))
    field.blit(radial_alpha(field_r.size, (20, 0, 0), 0, 150, power=2.0), (0, 0))
    fill_rounded(base, field_r, field, rad - int(0.8 * u))
    # gold double border
    for inset, width in ((4.0, 0.9), (6.2, 0.45)):
        r = base.get_rect().inflate(-int(2 * inset * u), -int(2 * inset * u))
        pygame.draw.rect(base, GOLD, r, max(1, int(width * u)), border_radius=max(1, rad - int(inset * u)))
    # corner fleurons
    for sx, sy in ((0, 0), (1, 0), (0, 1), (1, 1)):
        cx = W * (0.14 if sx == 0 else 0.86)
        cy = H * (0.1 if sy == 0 else 0.9)
        d = 5.5 * u
        poly(base, GOLD, [(cx, cy - d), (cx + d * 0.6, cy), (cx, cy + d), (cx - d * 0.6, cy)], max(1, int(0.4 * u)))
        pygame.draw.circle(base, CRIMSON, (cx, cy), d * 0.28)
    # central medallion: gold ring with rays and a kremlin inside
    c = (W / 2, H / 2)
    ring = 30 * u
    pts = []
    for i in range(48):
        a = math.pi * i / 24
        rr = ring * (1.0 if i % 2 == 0 else 0.9)
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    poly(base, GOLD, pts, max(1, int(0.5 * u)))
    pygame.draw.circle(base, OUTLINE, c, ring * 0.86)
    pygame.draw.circle(base, (118, 16, 24), c, ring * 0.82)
    pygame.draw.circle(base, GOLD_LIGHT, c, ring * 0.82, max(1, int(0.6 * u)))
    pygame.draw.circle(base, GOLD, c, ring * 0.74, max(1, int(0.35 * u)))
    isz = int(ring * 1.1)
    ic = pygame.Surface((isz, isz), pygame.SRCALPHA)
    icons.paint("kremlin3", ic, ic.get_rect(), max(2, isz // 45))
    # turn the kremlin into a gold silhouette with dark lines
    # an engraving: the kremlin in greys tinted gold, outlines stay dark
    gold = pygame.transform.grayscale(ic)
    gold.fill((*GOLD_LIGHT, 255), special_flags=pygame.BLEND_RGB_MULT)
    gold.fill((40, 24, 0, 0), special_flags=pygame.BLEND_RGB_ADD)
    base.blit(gold, (c[0] - isz / 2, c[1] - isz * 0.56))
    back = pygame.transform.smoothscale(base, (w, h))
    if w >= 120:
        f = load_font("title", max(10, int(w * 0.13)))
        for text, yy in (("Князья", 0.79),):
            img = f.render(text, True, GOLD_LIGHT)
            sh = f.render(text, True, OUTLINE)
            left = w / 2 - img.get_width() / 2
            y = h * yy - img.get_height() / 2
            back.blit(sh, (left + 1, y + 1))
            back.blit(img, (left, y))
    return back
