"""The parts every card face shares: textures, the frame and name banner, the art
window's backdrop, and the Glory sun and Strength shield medallions with their number.

Shapes are drawn at SS x and smooth-scaled down by the caller; parts shared by every card
of a kind and size are kept in SHAPES, the large SS x ones briefly in SS_PARTS (read-only:
copy before drawing on one).
"""
from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from .card_text import Corner
from .palette import (CREAM, CRIMSON_DARK, GOLD, GOLD_DARK, GOLD_LIGHT, INK, OUTLINE, PARCHMENT,
                      STEEL, STEEL_DARK, STYLES, Colour, KindStyle, mix, shade)
from .resources import load_font
from .shapes import bezier, poly
from .textures import grain, multiply, radial_alpha, value_noise, vertical_gradient
from knjazja.ui.caches import sized_lru, track

ZOOM_MIN_WIDTH = 160   # narrower cards drop the text and the kind plaque
SS = 2                 # supersampling factor of the shapes


# ----------------------------------------------------------------------- shared textures
# Textures and masks are kept for the next face of the size, up to this many pixels each.
# Bigger ones are the supersampled parts of a zoomed face (710×994 for a 355×497 card: 2.8 MB
# each; a zoomed face left ~11 MB of them behind): each is needed only until that kind's blank
# is in SHAPES, so they are drawn for it and let go.
KEEP_PART_PIXELS = 512 * 512


def texture(size: tuple[int, int], seed: int, lo: int, cells: tuple[int, int], fine: int) -> pygame.Surface:
    make = _texture if size[0] * size[1] > KEEP_PART_PIXELS else _kept_texture
    return make(size, seed, lo, cells, fine)


def _texture(size: tuple[int, int], seed: int, lo: int, cells: tuple[int, int], fine: int) -> pygame.Surface:
    t = value_noise(size, cells, seed, lo, 255, octaves=4)
    if fine:
        multiply(t, grain(size, seed + 7, 255 - fine, 255))
    return t


_kept_texture = sized_lru(32)(_texture)


def _rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:  # read-only: only blitted
    make = _mask if size[0] * size[1] > KEEP_PART_PIXELS else _kept_mask
    return make(size, radius)


def _mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    m = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(m, (255, 255, 255, 255), m.get_rect(), border_radius=radius)
    return m


_kept_mask = sized_lru(32)(_mask)


def fill_rounded(dst: pygame.Surface, rect: pygame.Rect, src: pygame.Surface, radius: int) -> None:
    """Blit `src` (rect-sized) into `rect` of `dst`, clipped to a rounded rectangle."""
    tile = pygame.Surface(rect.size, pygame.SRCALPHA)
    tile.blit(src, (0, 0))
    tile.blit(_rounded_mask(rect.size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    dst.blit(tile, rect.topleft)


def parchment(size: tuple[int, int], base: Colour = PARCHMENT, seed: int = 3) -> pygame.Surface:
    s = pygame.Surface(size)
    s.fill(base)
    multiply(s, texture(size, seed, 215, (5, 7), 14))
    # darker, burnt edges
    s.blit(radial_alpha(size, (120, 80, 30), 0, 90, power=2.4), (0, 0))
    return s


def _frame_fill(size: tuple[int, int], st: KindStyle, seed: int) -> pygame.Surface:
    s = vertical_gradient(size, st.frame_light, st.frame_dark)
    mid = vertical_gradient(size, st.frame, st.frame)
    mid.set_alpha(120)
    s.blit(mid, (0, 0))
    del mid                 # gone before the texture is made (a zoomed face's frame: 2.7 MB)
    multiply(s, texture(size, seed, 200, (8, 11), 24))
    return s


# ----------------------------------------------------------------------- shared card parts
class SurfaceCache:
    """Read-only surfaces kept up to a total size in bytes (least recently used go first):
    the parts every card of a kind and size shares are drawn once, not once per card."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._items: OrderedDict = OrderedDict()
        self._bytes = 0

    def get_or(self, key, make) -> pygame.Surface:
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
            return surf
        surf = make()
        size = surf.get_width() * surf.get_height() * surf.get_bytesize()
        if size <= self.max_bytes // 4:
            self._items[key] = surf
            self._bytes += size
            while self._bytes > self.max_bytes:
                _, old = self._items.popitem(last=False)
                self._bytes -= old.get_width() * old.get_height() * old.get_bytesize()
        return surf

    def fresh(self, key, make) -> pygame.Surface:
        """A surface of ``key`` the caller may draw on: a copy of the kept one, or the one
        made if it is too big to keep (no second copy of a zoomed face's 2.8 MB parts)."""
        surf = self.get_or(key, make)
        return surf.copy() if self._items.get(key) is surf else surf

    def clear(self) -> None:
        self._items.clear()
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    @property
    def bytes(self) -> int:
        return self._bytes


# The parts of a face at its final size (blanks, pictures, medallions): shared by many faces.
SHAPES = track("art.shapes", SurfaceCache(12 * 1024 * 1024))
# The parts drawn at SS x (a kind's frame, its art window's backdrop), up to 0.6 MB each: each
# is needed only until the blank it builds is in SHAPES, so a few are kept.
SS_PARTS = track("art.ss_parts", SurfaceCache(4 * 1024 * 1024))


def card_frame(w: int, h: int) -> tuple[float, pygame.Rect, pygame.Rect]:
    """u (1/100 of the width), the inner panel and the banner of a card, in final pixels."""
    zoom = w >= ZOOM_MIN_WIDTH
    u = w / 100
    frame_in = (4.6 if zoom else 5.6) * u
    inner = pygame.Rect(0, 0, 0, 0)
    inner.update(round(frame_in), round(frame_in), round(w - 2 * frame_in), round(h - 2 * frame_in))
    banner_h = (16.0 if zoom else 30.0) * u
    banner = pygame.Rect(inner.x, inner.y, inner.w, round(banner_h))
    return u, inner, banner


def chrome(w: int, h: int, kind: str) -> pygame.Surface:
    """The frame, the inner panel and the name banner of a card (at SS x), without the art."""
    st = STYLES[kind]
    u, inner, banner = card_frame(w, h)
    radius = 5.2 * u
    S = SS
    W, H = w * S, h * S
    base = pygame.Surface((W, H), pygame.SRCALPHA)
    R = lambda r: pygame.Rect(r.x * S, r.y * S, r.w * S, r.h * S)  # noqa: E731
    rad = int(radius * S)
    pygame.draw.rect(base, OUTLINE, base.get_rect(), border_radius=rad)
    outer_band = base.get_rect().inflate(-int(1.6 * u * S), -int(1.6 * u * S))
    fill_rounded(base, outer_band, _frame_fill(outer_band.size, st, 11 + len(kind)),
                  max(1, rad - int(0.8 * u * S)))
    # trim lines on the frame
    tl = max(1, int(0.45 * u * S))
    trim_outer = base.get_rect().inflate(-int(3.0 * u * S), -int(3.0 * u * S))
    pygame.draw.rect(base, st.trim, trim_outer, tl, border_radius=max(1, rad - int(1.5 * u * S)))
    # inner panel
    IR = R(inner)
    pygame.draw.rect(base, OUTLINE, IR.inflate(2 * tl, 2 * tl), border_radius=int(2.2 * u * S))
    fill_rounded(base, IR, parchment(IR.size, PARCHMENT, 5), int(1.8 * u * S))
    # banner
    BR = R(banner)
    ban = pygame.Surface(BR.size)
    ban.blit(parchment(BR.size, mix(PARCHMENT, st.frame_light, 0.16), 9), (0, 0))
    fill_rounded(base, BR, ban, int(1.8 * u * S))
    pygame.draw.line(base, st.frame_dark, (BR.x, BR.bottom), (BR.right - 1, BR.bottom), max(1, int(0.6 * u * S)))
    # banner end ornaments (small diamonds in the kind colour)
    for x in (BR.x + int(2.4 * u * S), BR.right - int(2.4 * u * S)):
        y = BR.centery
        d = 1.3 * u * S
        poly(base, st.frame, [(x, y - d), (x + d, y), (x, y + d), (x - d, y)], max(1, int(0.3 * u * S)))
    return base


def art_backdrop(size: tuple[int, int], kind: str, hill_w: int) -> pygame.Surface:
    """Sky, glow, a low hill and a vignette: the art window of a card before its icon."""
    st = STYLES[kind]
    art_s = vertical_gradient(size, st.sky_top, st.sky_bottom)
    glow = radial_alpha(size, (255, 250, 225), 170, 0, power=1.4)
    art_s.blit(glow, (0, 0))
    multiply(art_s, texture(size, 31 + len(kind), 226, (4, 5), 10))
    # ground: a low hill
    w, h = size
    gcol = mix(st.sky_bottom, (70, 60, 40), 0.45)
    pygame.draw.ellipse(art_s, gcol, pygame.Rect(-w * 0.25, h * 0.84, w * 1.5, h * 0.5))
    pygame.draw.ellipse(art_s, shade(gcol, 1.12), pygame.Rect(-w * 0.25, h * 0.84, w * 1.5, h * 0.5), hill_w)
    # vignette
    art_s.blit(radial_alpha(size, (40, 20, 10), 0, 110, power=2.2), (0, 0))
    return art_s


def picture_shadow(icon: pygame.Surface) -> pygame.Surface:
    shadow = icon.copy()
    shadow.fill((0, 0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
    shadow.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MIN)
    return shadow


# ----------------------------------------------------------------------- medallions
def sun_medallion(s: pygame.Surface, c: tuple[float, float], r: float, negative: bool) -> None:
    face = (96, 18, 20) if negative else GOLD
    rim = CRIMSON_DARK if negative else GOLD_DARK
    rays = 16
    pts = []
    for i in range(rays * 2):
        a = math.pi * i / rays
        rr = r * (1.0 if i % 2 == 0 else 0.84)
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    poly(s, GOLD_LIGHT if not negative else (150, 60, 50), pts, max(1, int(r * 0.06)))
    pygame.draw.circle(s, OUTLINE, c, r * 0.8)
    pygame.draw.circle(s, rim, c, r * 0.76)
    # radial shading: lighter towards the upper left
    for k in range(8):
        t = k / 8
        col = mix(face, shade(face, 1.35), t)
        pygame.draw.circle(s, col, (c[0] - r * 0.12 * t, c[1] - r * 0.12 * t), r * (0.68 - 0.3 * t))
    pygame.draw.circle(s, shade(rim, 0.8), c, r * 0.68, max(1, int(r * 0.04)))


def _shield_pts(c: tuple[float, float], r: float) -> list[tuple[float, float]]:
    x, y = c
    top = y - r * 0.92
    right = bezier((x + r * 0.82, top), (x + r * 0.86, y + r * 0.3), (x + r * 0.5, y + r * 0.8),
                         (x, y + r * 1.1), 14)
    left = [(2 * x - px, py) for px, py in reversed(right)]
    return [(x - r * 0.82, top), (x - r * 0.3, top - r * 0.08), (x, top + r * 0.04),
            (x + r * 0.3, top - r * 0.08)] + right + left[1:]


def shield_medallion(s: pygame.Surface, c: tuple[float, float], r: float) -> None:
    lw = max(1, int(r * 0.07))
    poly(s, STEEL, _shield_pts(c, r), lw)
    inner = _shield_pts((c[0], c[1] + r * 0.02), r * 0.82)
    pygame.draw.polygon(s, STEEL_DARK, inner)
    hl = _shield_pts((c[0] - r * 0.1, c[1] - r * 0.08), r * 0.52)
    pygame.draw.polygon(s, shade(STEEL_DARK, 1.18), hl)
    # rivets
    for dx in (-0.62, 0.62):
        pygame.draw.circle(s, STEEL, (c[0] + dx * r, c[1] - r * 0.72), max(1, r * 0.07))


def draw_number(dst: pygame.Surface, corner: Corner, c: tuple[float, float], r: float) -> None:
    """The corner number, rendered at final size, fitted into the medallion."""
    text = corner.text
    max_w = r * (1.18 if corner.shape == "strength" else 1.12)
    max_h = r * 1.25
    size = max(6, int(r * 1.3))
    while size > 6:
        f = load_font("bold", size)
        w, _ = f.size(text)
        if w <= max_w and f.get_ascent() * 0.75 <= max_h:
            break
        size -= 1
    f = load_font("bold", size)
    if corner.shape == "glory":
        fg, sh = INK, GOLD_LIGHT
    else:
        fg, sh = CREAM, OUTLINE
    img = f.render(text, True, fg)
    shadow = f.render(text, True, sh)
    # centre on the digits' visual middle (cap height ~ 0.72 of the ascent)
    cy = c[1] + (r * 0.08 if corner.shape == "strength" else 0)
    top = cy - f.get_ascent() + f.get_ascent() * 0.72 / 2 + 0.5
    x = c[0] - img.get_width() / 2
    off = max(1, int(size / 22))
    dst.blit(shadow, (round(x + off), round(top + off)))
    dst.blit(img, (round(x), round(top)))

