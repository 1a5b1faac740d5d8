"""Card faces and the card back, drawn procedurally.

Layout (both sizes): a frame in the colour of the kind, the name on a parchment
banner at the top, an art window with the card's icon, and in the art window's
top-left corner a medallion with the card's number: a round gold sun for Glory
(dark red when negative), a steel shield for Strength.  Foreign troops carry a bow
badge in the top-right corner.  Zoom-size cards (width >= ZOOM_MIN_WIDTH) add a kind
plaque and the card text, shrunk until it fits.

Shapes are drawn at 2x and smooth-scaled down (anti-aliasing); text is rendered at
the final size so it stays crisp.  Results are cached: treat them as read-only
(``.copy()`` before drawing on one).
"""
from __future__ import annotations

import json
import math
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

import pygame

from knjazja.engine import cards as _cards

from . import icons
from .names import FALLBACK_NAMES
from .palette import (CREAM, CRIMSON, CRIMSON_DARK, GOLD, GOLD_DARK, GOLD_LIGHT, INK, INK_SOFT,
                      OUTLINE, PARCHMENT, STEEL, STEEL_DARK, STYLES, Colour,
                      KindStyle, mix, shade)
from .resources import load_font
from .textures import grain, multiply, radial_alpha, value_noise, vertical_gradient

ZOOM_MIN_WIDTH = 160   # narrower cards drop the text and the kind plaque
SS = 2                 # supersampling factor of the shapes
LANGS = ("ru", "en")

__all__ = ["render_card", "render_card_back", "card_name_text", "corner_value",
           "ZOOM_MIN_WIDTH", "wrap_text"]


# ----------------------------------------------------------------------- card data
def _check_lang(lang: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (use 'ru' or 'en')")


def card_name_text(card_id: str, lang: str) -> tuple[str, str]:
    """(name, text) of a card; falls back to built-in names when texts are missing."""
    _check_lang(lang)
    try:
        entry = _cards.texts(lang).get(card_id)
    except (OSError, json.JSONDecodeError):
        entry = None
    if entry:
        return entry.get("name", ""), entry.get("text", "")
    ru, en = FALLBACK_NAMES.get(card_id, (card_id, card_id))
    return (ru if lang == "ru" else en), ""


@dataclass(frozen=True)
class Corner:
    text: str
    shape: str   # "glory", "glory_neg" or "strength"


def corner_value(spec: _cards.CardSpec, lang: str) -> Corner | None:
    """The number shown in the corner of a card, or None (events, most chronicles)."""
    ru = lang == "ru"
    sid, kind = spec.id, spec.kind
    if kind == _cards.CITY:
        return Corner(str(spec.glory), "glory")
    if kind == _cards.TROOP:
        if sid == "troop.militia":
            return Corner("=Г" if ru else "=G", "strength")
        return Corner(str(spec.strength), "strength")
    if kind == _cards.BUILDING:
        if spec.is_wall:
            return Corner(str(spec.strength), "strength")
        if sid == "wall.moat":
            return Corner(f"+{spec.strength}", "strength")
        if sid == "bld.throne":
            return Corner("×3", "glory")
        if sid == "bld.sloboda":
            return Corner("×2", "glory")
        if sid == "bld.golden_gate":
            return Corner("+С" if ru else "+S", "glory")
        if spec.glory:
            return Corner(f"+{spec.glory}", "glory")
        return None
    if kind == _cards.CHRONICLE:
        if sid == "chr.byzantium":
            return Corner("+С" if ru else "+S", "glory")
        if spec.glory > 0:
            return Corner(f"+{spec.glory}", "glory")
        if spec.glory < 0:
            # U+2212 is missing from the fonts: the en dash has the minus's width and height
            return Corner(f"–{-spec.glory}", "glory_neg")
    return None


def _sanitize(text: str) -> str:
    return text.replace("\u2212", "–")


# ----------------------------------------------------------------------- text helpers
def wrap_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap; paragraphs split on newlines; over-long words are cut."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split()
        if not words:
            lines.append("")
            continue
        cur = ""
        for w in words:
            trial = f"{cur} {w}" if cur else w
            if font.size(trial)[0] <= width:
                cur = trial
                continue
            if cur:
                lines.append(cur)
            while font.size(w)[0] > width and len(w) > 1:
                cut = len(w) - 1
                while cut > 1 and font.size(w[:cut] + "-")[0] > width:
                    cut -= 1
                lines.append(w[:cut] + "-")
                w = w[cut:]
            cur = w
        lines.append(cur)
    return lines


def _fit_lines(text: str, role: str, width: int, height: int, max_size: int, min_size: int,
               max_lines: int = 99, spacing: float = 0.98,
               lang: str | None = None) -> tuple[pygame.font.Font, list[str], int]:
    """Largest font size (max..min) at which `text` wraps into the box; returns font, lines, line height."""
    size = max_size
    while True:
        font = load_font(role, size, lang)
        lines = wrap_text(text, font, width)
        lh = max(1, int(font.get_linesize() * spacing))
        if (len(lines) <= max_lines and len(lines) * lh <= height) or size <= min_size:
            break
        size -= 1
    if len(lines) * lh > height or len(lines) > max_lines:       # still too long: truncate
        keep = max(1, min(max_lines, height // lh))
        lines = lines[:keep]
        last = lines[-1]
        while last and font.size(last + "…")[0] > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
    return font, lines, lh


def _blit_lines(dst: pygame.Surface, font: pygame.font.Font, lines: list[str], lh: int,
                box: pygame.Rect, colour: Colour, shadow: Colour | None = None,
                valign: str = "center") -> None:
    total = lh * len(lines)
    y = box.y + (box.h - total) // 2 if valign == "center" else box.y
    for line in lines:
        img = font.render(line, True, colour)
        x = box.x + (box.w - img.get_width()) // 2
        # centre the glyphs, not the line box: Noto's line gap sits below
        yy = y + (lh - font.get_height()) // 2
        if shadow is not None:
            sh = font.render(line, True, shadow)
            dst.blit(sh, (x + 1, yy + 1))
        dst.blit(img, (x, yy))
        y += lh


# ----------------------------------------------------------------------- shared textures
@lru_cache(maxsize=64)
def _tex(size: tuple[int, int], seed: int, lo: int, cells: tuple[int, int], fine: int) -> pygame.Surface:
    t = value_noise(size, cells, seed, lo, 255, octaves=4)
    if fine:
        multiply(t, grain(size, seed + 7, 255 - fine, 255))
    return t


@lru_cache(maxsize=128)
def _rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:  # read-only: only blitted
    m = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(m, (255, 255, 255, 255), m.get_rect(), border_radius=radius)
    return m


def _fill_rounded(dst: pygame.Surface, rect: pygame.Rect, src: pygame.Surface, radius: int) -> None:
    """Blit `src` (rect-sized) into `rect` of `dst`, clipped to a rounded rectangle."""
    tile = pygame.Surface(rect.size, pygame.SRCALPHA)
    tile.blit(src, (0, 0))
    tile.blit(_rounded_mask(rect.size, radius), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    dst.blit(tile, rect.topleft)


def _parchment(size: tuple[int, int], base: Colour = PARCHMENT, seed: int = 3) -> pygame.Surface:
    s = pygame.Surface(size)
    s.fill(base)
    multiply(s, _tex(size, seed, 215, (5, 7), 14))
    # darker, burnt edges
    s.blit(radial_alpha(size, (120, 80, 30), 0, 90, power=2.4), (0, 0))
    return s


def _frame_fill(size: tuple[int, int], st: KindStyle, seed: int) -> pygame.Surface:
    s = vertical_gradient(size, st.frame_light, st.frame_dark)
    mid = vertical_gradient(size, st.frame, st.frame)
    mid.set_alpha(120)
    s.blit(mid, (0, 0))
    multiply(s, _tex(size, seed, 200, (8, 11), 24))
    return s


# ----------------------------------------------------------------------- shared card parts
class _SurfaceCache:
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

    def clear(self) -> None:
        self._items.clear()
        self._bytes = 0


_SHAPES = _SurfaceCache(24 * 1024 * 1024)


def _card_frame(w: int, h: int) -> tuple[float, pygame.Rect, pygame.Rect]:
    """u (1/100 of the width), the inner panel and the banner of a card, in final pixels."""
    zoom = w >= ZOOM_MIN_WIDTH
    u = w / 100
    frame_in = (4.6 if zoom else 5.6) * u
    inner = pygame.Rect(0, 0, 0, 0)
    inner.update(round(frame_in), round(frame_in), round(w - 2 * frame_in), round(h - 2 * frame_in))
    banner_h = (16.0 if zoom else 30.0) * u
    banner = pygame.Rect(inner.x, inner.y, inner.w, round(banner_h))
    return u, inner, banner


def _chrome(w: int, h: int, kind: str) -> pygame.Surface:
    """The frame, the inner panel and the name banner of a card (at SS x), without the art."""
    st = STYLES[kind]
    u, inner, banner = _card_frame(w, h)
    radius = 5.2 * u
    S = SS
    W, H = w * S, h * S
    base = pygame.Surface((W, H), pygame.SRCALPHA)
    R = lambda r: pygame.Rect(r.x * S, r.y * S, r.w * S, r.h * S)  # noqa: E731
    rad = int(radius * S)
    pygame.draw.rect(base, OUTLINE, base.get_rect(), border_radius=rad)
    outer_band = base.get_rect().inflate(-int(1.6 * u * S), -int(1.6 * u * S))
    _fill_rounded(base, outer_band, _frame_fill(outer_band.size, st, 11 + len(kind)),
                  max(1, rad - int(0.8 * u * S)))
    # trim lines on the frame
    tl = max(1, int(0.45 * u * S))
    trim_outer = base.get_rect().inflate(-int(3.0 * u * S), -int(3.0 * u * S))
    pygame.draw.rect(base, st.trim, trim_outer, tl, border_radius=max(1, rad - int(1.5 * u * S)))
    # inner panel
    IR = R(inner)
    pygame.draw.rect(base, OUTLINE, IR.inflate(2 * tl, 2 * tl), border_radius=int(2.2 * u * S))
    _fill_rounded(base, IR, _parchment(IR.size, PARCHMENT, 5), int(1.8 * u * S))
    # banner
    BR = R(banner)
    ban = pygame.Surface(BR.size)
    ban.blit(_parchment(BR.size, mix(PARCHMENT, st.frame_light, 0.16), 9), (0, 0))
    _fill_rounded(base, BR, ban, int(1.8 * u * S))
    pygame.draw.line(base, st.frame_dark, (BR.x, BR.bottom), (BR.right - 1, BR.bottom), max(1, int(0.6 * u * S)))
    # banner end ornaments (small diamonds in the kind colour)
    for x in (BR.x + int(2.4 * u * S), BR.right - int(2.4 * u * S)):
        y = BR.centery
        d = 1.3 * u * S
        icons.poly(base, st.frame, [(x, y - d), (x + d, y), (x, y + d), (x - d, y)], max(1, int(0.3 * u * S)))
    return base


def _art_backdrop(size: tuple[int, int], kind: str, hill_w: int) -> pygame.Surface:
    """Sky, glow, a low hill and a vignette: the art window of a card before its icon."""
    st = STYLES[kind]
    art_s = vertical_gradient(size, st.sky_top, st.sky_bottom)
    glow = radial_alpha(size, (255, 250, 225), 170, 0, power=1.4)
    art_s.blit(glow, (0, 0))
    multiply(art_s, _tex(size, 31 + len(kind), 226, (4, 5), 10))
    # ground: a low hill
    w, h = size
    gcol = mix(st.sky_bottom, (70, 60, 40), 0.45)
    pygame.draw.ellipse(art_s, gcol, pygame.Rect(-w * 0.25, h * 0.84, w * 1.5, h * 0.5))
    pygame.draw.ellipse(art_s, shade(gcol, 1.12), pygame.Rect(-w * 0.25, h * 0.84, w * 1.5, h * 0.5), hill_w)
    # vignette
    art_s.blit(radial_alpha(size, (40, 20, 10), 0, 110, power=2.2), (0, 0))
    return art_s


def _icon(name: str, isz: int) -> pygame.Surface:
    """A card's icon (several cards share one), read-only."""
    icon = pygame.Surface((isz, isz), pygame.SRCALPHA)
    icons.paint(name, icon, icon.get_rect(), max(2, round(isz * 0.022)))
    return icon


def _icon_shadow(icon: pygame.Surface) -> pygame.Surface:
    shadow = icon.copy()
    shadow.fill((0, 0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
    shadow.fill((255, 255, 255, 90), special_flags=pygame.BLEND_RGBA_MIN)
    return shadow


# ----------------------------------------------------------------------- medallions
def _sun_medallion(s: pygame.Surface, c: tuple[float, float], r: float, negative: bool) -> None:
    face = (96, 18, 20) if negative else GOLD
    rim = CRIMSON_DARK if negative else GOLD_DARK
    rays = 16
    pts = []
    for i in range(rays * 2):
        a = math.pi * i / rays
        rr = r * (1.0 if i % 2 == 0 else 0.84)
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    icons.poly(s, GOLD_LIGHT if not negative else (150, 60, 50), pts, max(1, int(r * 0.06)))
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
    right = icons.bezier((x + r * 0.82, top), (x + r * 0.86, y + r * 0.3), (x + r * 0.5, y + r * 0.8),
                         (x, y + r * 1.1), 14)
    left = [(2 * x - px, py) for px, py in reversed(right)]
    return [(x - r * 0.82, top), (x - r * 0.3, top - r * 0.08), (x, top + r * 0.04),
            (x + r * 0.3, top - r * 0.08)] + right + left[1:]


def _shield_medallion(s: pygame.Surface, c: tuple[float, float], r: float) -> None:
    lw = max(1, int(r * 0.07))
    icons.poly(s, STEEL, _shield_pts(c, r), lw)
    inner = _shield_pts((c[0], c[1] + r * 0.02), r * 0.82)
    pygame.draw.polygon(s, STEEL_DARK, inner)
    hl = _shield_pts((c[0] - r * 0.1, c[1] - r * 0.08), r * 0.52)
    pygame.draw.polygon(s, shade(STEEL_DARK, 1.18), hl)
    # rivets
    for dx in (-0.62, 0.62):
        pygame.draw.circle(s, STEEL, (c[0] + dx * r, c[1] - r * 0.72), max(1, r * 0.07))


def _draw_number(dst: pygame.Surface, corner: Corner, c: tuple[float, float], r: float) -> None:
    """The corner number, rendered at final size, fitted into the medallion."""
    text = _sanitize(corner.text)
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


# ----------------------------------------------------------------------- the card face
def render_card(card_id: str, lang: str, size: tuple[int, int]) -> pygame.Surface:
    """The face of card `card_id` ("city.kiev", ...) in `lang` at `size` (w, h) pixels.

    Cached per (id, lang, size); the surface is shared, so copy it before drawing on it.
    """
    return _render_card(*_checked(card_id, lang, size))


def render_card_uncached(card_id: str, lang: str, size: tuple[int, int]) -> pygame.Surface:
    """``render_card`` drawn afresh and not kept (the face prefetcher's worker: the UI keeps
    the faces it sends)."""
    return _render_card.__wrapped__(*_checked(card_id, lang, size))


def _checked(card_id: str, lang: str, size: tuple[int, int]) -> tuple[str, str, int, int]:
    _check_lang(lang)
    if card_id not in _cards.SPEC_BY_ID:
        raise KeyError(f"unknown card id {card_id!r}")
    w, h = int(size[0]), int(size[1])
    if w < 24 or h < 32:
        raise ValueError(f"card size {size!r} is too small (min 24x32)")
    return card_id, lang, w, h


@lru_cache(maxsize=1024)
def _render_card(card_id: str, lang: str, w: int, h: int) -> pygame.Surface:
    spec = _cards.SPEC_BY_ID[card_id]
    st = STYLES[spec.kind]
    name, text = card_name_text(card_id, lang)
    name, text = _sanitize(name), _sanitize(text)
    zoom = w >= ZOOM_MIN_WIDTH
    corner = corner_value(spec, lang)

    # ---- geometry, in final pixels (float); u = 1/100 of the width
    u, inner, banner = _card_frame(w, h)
    art_top = banner.bottom + round(1.2 * u)
    show_text = zoom and bool(text)
    label = st.label_ru if lang == "ru" else st.label_en
    if spec.foreign:
        label += " · иноземное" if lang == "ru" else " · foreign"
    label = label.upper()
    pf = load_font("bold", max(8, int(4.0 * u)))
    plaque_h = int(pf.get_height() * 1.15)
    text_fit = None
    if show_text:
        # the art gives way to long texts
        for frac in (0.6, 0.565, 0.53, 0.5):
            art_bottom = round(h * frac)
            top = art_bottom + plaque_h // 2 + int(2.0 * u)
            tbox = pygame.Rect(inner.x + int(4 * u), top, inner.w - int(8 * u), inner.bottom - top - int(2.5 * u))
            text_fit = tbox, _fit_lines(text, "body", tbox.w, tbox.h, max(9, int(5.6 * u)),
                                        max(8, int(3.4 * u)), 99, 0.96)
            if text_fit[1][0].get_height() >= load_font("body", max(9, int(5.6 * u))).get_height() - 1:
                break
    elif zoom:
        art_bottom = inner.bottom - round(13 * u)
    else:
        art_bottom = inner.bottom - round(1.4 * u)
    art = pygame.Rect(inner.x + round(1.4 * u), art_top, inner.w - round(2.8 * u), art_bottom - art_top)
    med_r = (10.5 if zoom else 16.5) * u
    med_c = (art.x + med_r * 0.92, art.y + med_r * 0.98)
    if corner and corner.shape == "strength":
        med_c = (med_c[0], med_c[1] + med_r * 0.05)

    # ---- shapes at SS x
    S = SS
    R = lambda r: pygame.Rect(r.x * S, r.y * S, r.w * S, r.h * S)  # noqa: E731
    tl = max(1, int(0.45 * u * S))
    # frame, inner panel and banner: the same for every card of a kind and size
    base = _SHAPES.get_or(("chrome", w, h, spec.kind), lambda: _chrome(w, h, spec.kind)).copy()

    # art window
    AR = R(art)
    hill_w = max(1, int(0.4 * u * S))
    art_s = _SHAPES.get_or(("art", AR.size, spec.kind, hill_w),
                           lambda: _art_backdrop(AR.size, spec.kind, hill_w)).copy()
    # the icon
    icon_name = icons.icon_name_for(card_id, spec.kind, spec.glory, spec.foreign)
    if zoom:
        isz = int(min(AR.w * 0.78, AR.h * 0.86))
        iy = AR.h - isz - int(AR.h * 0.05)
    else:
        isz = int(min(AR.w * 0.84, AR.h * 0.9))
        iy = AR.h - isz - int(AR.h * 0.03)
    icon_big = _SHAPES.get_or(("icon", icon_name, isz), lambda: _icon(icon_name, isz))
    shadow = _SHAPES.get_or(("icon shadow", icon_name, isz), lambda: _icon_shadow(icon_big))
    ix = (AR.w - isz) // 2 + (int(AR.w * 0.06) if corner and not zoom else 0)
    art_s.blit(shadow, (ix + max(2, isz // 60), iy + max(2, isz // 45)))
    art_s.blit(icon_big, (ix, iy))
    _fill_rounded(base, AR, art_s, int(1.2 * u * S))
    pygame.draw.rect(base, OUTLINE, AR.inflate(tl, tl), max(1, int(0.5 * u * S)), border_radius=int(1.2 * u * S))
    pygame.draw.rect(base, st.frame, AR.inflate(tl * 3, tl * 3), max(1, int(0.45 * u * S)),
                     border_radius=int(1.6 * u * S))
    # kind plaque (zoom)
    plaque = None
    if zoom:
        tw = pf.size(label)[0] + int(7 * u)
        plaque = pygame.Rect(0, 0, tw, plaque_h)
        plaque.center = (w // 2, art.bottom)
        PR = R(plaque)
        tri = PR.h // 2
        pts = [(PR.x, PR.y), (PR.right, PR.y), (PR.right - tri // 2, PR.centery), (PR.right, PR.bottom),
               (PR.x, PR.bottom), (PR.x + tri // 2, PR.centery)]
        icons.poly(base, st.frame, pts, max(1, int(0.5 * u * S)))
        pygame.draw.line(base, st.trim, (PR.x + tri, PR.y + tl * 2), (PR.right - tri, PR.y + tl * 2), max(1, tl // 2))
        pygame.draw.line(base, st.trim, (PR.x + tri, PR.bottom - tl * 2), (PR.right - tri, PR.bottom - tl * 2),
                         max(1, tl // 2))
    # medallion
    if corner:
        mc = (med_c[0] * S, med_c[1] * S)
        if corner.shape == "strength":
            _shield_medallion(base, mc, med_r * S)
        else:
            _sun_medallion(base, mc, med_r * S, corner.shape == "glory_neg")
    # foreign badge
    fb_r = (6.8 if zoom else 11.0) * u
    fb_c = (art.right - fb_r * 1.05, art.y + fb_r * 1.05)
    if spec.foreign:
        r2 = int(fb_r * 2 * S)
        badge = pygame.Rect(0, 0, r2, r2)
        badge.center = (int(fb_c[0] * S), int(fb_c[1] * S))
        icons.paint("bow", base, badge, max(2, int(r2 * 0.06)))

    card = pygame.transform.smoothscale(base, (w, h))

    # ---- text at final size
    pad = int(4.5 * u) if zoom else int(3.6 * u)
    tscale = 1.0 if lang == "ru" else 0.88   # Old Standard is larger on the body than Triod
    name_box = banner.inflate(-2 * pad - (int(4 * u) if zoom else 0), -int(1.0 * u))
    if zoom:
        nf, nlines, nlh = _fit_lines(name, "title", name_box.w, name_box.h, int(9.6 * u * tscale),
                                     max(9, int(4.6 * u)), 2, 0.92, lang)
    else:
        nf, nlines, nlh = _fit_lines(name, "title", name_box.w, name_box.h, max(9, int(19 * u * tscale)),
                                     max(8, int(9.0 * u * tscale)), 2, 0.84, lang)
    _blit_lines(card, nf, nlines, nlh, name_box, INK)
    if corner:
        _draw_number(card, corner, med_c, med_r)
    if plaque is not None:
        img = pf.render(label, True, CREAM)
        sh = pf.render(label, True, OUTLINE)
        x = plaque.centerx - img.get_width() // 2
        y = plaque.centery - pf.get_height() // 2
        card.blit(sh, (x + 1, y + 1))
        card.blit(img, (x, y))
    if text_fit is not None:
        tbox, (tf, tlines, tlh) = text_fit
        _blit_lines(card, tf, tlines, tlh, tbox, INK)
    elif zoom:
        # no text: a small ornament under the plaque
        y = (plaque.bottom if plaque else art.bottom) + int(4 * u)
        for dx in (-6, 0, 6):
            d = 1.2 * u
            cx = w / 2 + dx * u
            pygame.draw.polygon(card, INK_SOFT, [(cx, y - d), (cx + d, y), (cx, y + d), (cx - d, y)])
    return card


# ----------------------------------------------------------------------- the card back
def render_card_back(size: tuple[int, int]) -> pygame.Surface:
    """The ornamental back shared by all cards, cached per size."""
    w, h = int(size[0]), int(size[1])
    if w < 24 or h < 32:
        raise ValueError(f"card size {size!r} is too small (min 24x32)")
    return _render_back(w, h)


@lru_cache(maxsize=32)
def _render_back(w: int, h: int) -> pygame.Surface:
    S = SS
    W, H = w * S, h * S
    u = W / 100
    base = pygame.Surface((W, H), pygame.SRCALPHA)
    rad = int(5.2 * u)
    pygame.draw.rect(base, OUTLINE, base.get_rect(), border_radius=rad)
    field_r = base.get_rect().inflate(-int(1.6 * u), -int(1.6 * u))
    field = vertical_gradient(field_r.size, (150, 26, 32), (88, 10, 18))
    multiply(field, _tex(field_r.size, 77, 205, (6, 8), 20))
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
    _fill_rounded(base, field_r, field, rad - int(0.8 * u))
    # gold double border
    for inset, width in ((4.0, 0.9), (6.2, 0.45)):
        r = base.get_rect().inflate(-int(2 * inset * u), -int(2 * inset * u))
        pygame.draw.rect(base, GOLD, r, max(1, int(width * u)), border_radius=max(1, rad - int(inset * u)))
    # corner fleurons
    for sx, sy in ((0, 0), (1, 0), (0, 1), (1, 1)):
        cx = W * (0.14 if sx == 0 else 0.86)
        cy = H * (0.1 if sy == 0 else 0.9)
        d = 5.5 * u
        icons.poly(base, GOLD, [(cx, cy - d), (cx + d * 0.6, cy), (cx, cy + d), (cx - d * 0.6, cy)], max(1, int(0.4 * u)))
        pygame.draw.circle(base, CRIMSON, (cx, cy), d * 0.28)
    # central medallion: gold ring with rays and a kremlin inside
    c = (W / 2, H / 2)
    r = 30 * u
    pts = []
    for i in range(48):
        a = math.pi * i / 24
        rr = r * (1.0 if i % 2 == 0 else 0.9)
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    icons.poly(base, GOLD, pts, max(1, int(0.5 * u)))
    pygame.draw.circle(base, OUTLINE, c, r * 0.86)
    pygame.draw.circle(base, (118, 16, 24), c, r * 0.82)
    pygame.draw.circle(base, GOLD_LIGHT, c, r * 0.82, max(1, int(0.6 * u)))
    pygame.draw.circle(base, GOLD, c, r * 0.74, max(1, int(0.35 * u)))
    isz = int(r * 1.1)
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
            x = w / 2 - img.get_width() / 2
            y = h * yy - img.get_height() / 2
            back.blit(sh, (x + 1, y + 1))
            back.blit(img, (x, y))
    return back
