"""Card faces, drawn procedurally around each card's own picture.

Layout (both sizes): a frame in the colour of the kind, the name on a parchment
banner at the top, an art window with the card's picture, and in the art window's
top-left corner a medallion with the card's number: a round gold sun for Glory
(dark red when negative), a steel shield for Strength.  Foreign troops carry a bow
badge in the top-right corner.  Zoom-size cards (width >= ZOOM_MIN_WIDTH) add a kind
plaque and the card text, shrunk until it fits.

Shapes are drawn at 2x and smooth-scaled down (anti-aliasing); text is rendered at
the final size so it stays crisp.  Results are cached: treat them as read-only
(``.copy()`` before drawing on one).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from knjazja.app.wording.i18n import tr
from knjazja.engine import cards as _cards

from . import icons
from .card_back import render_card_back
from .card_parts import (SHAPES, SS, SS_PARTS, ZOOM_MIN_WIDTH, art_backdrop, card_frame, chrome, draw_number,
                         fill_rounded, picture_shadow, shield_medallion, sun_medallion)
from .card_text import (Corner, blit_lines, card_name_text, check_lang, corner_value, fit_lines,
                        wrap_text)
from .palette import CREAM, INK, INK_SOFT, OUTLINE, STYLES, KindStyle
from .pictures import picture_name, render_picture
from .resources import load_font, title_scale
from .shapes import poly
from knjazja.ui.caches import sized_lru

__all__ = ["render_card", "render_card_back", "card_name_text", "corner_value", "title_lines",
           "ZOOM_MIN_WIDTH", "wrap_text"]

TextFit = tuple[pygame.Rect, tuple[pygame.font.Font, list[str], int]]


# ----------------------------------------------------------------------- the card face
def render_card(card_id: str, lang: str, size: tuple[int, int]) -> pygame.Surface:
    """The face of card `card_id` ("city.kiev", ...) in `lang` at `size` (w, h) pixels.

    Cached per (id, lang, size); the surface is shared, so copy it before drawing on it.
    """
    return _render_card(*_checked(card_id, lang, size))


def render_card_uncached(card_id: str, lang: str, size: tuple[int, int]) -> pygame.Surface:
    """``render_card`` drawn afresh and not kept (the face prefetcher's worker: the UI keeps
    the faces it sends)."""
    return _draw_card(*_checked(card_id, lang, size))


def _checked(card_id: str, lang: str, size: tuple[int, int]) -> tuple[str, str, int, int]:
    check_lang(lang)
    if card_id not in _cards.SPEC_BY_ID:
        raise KeyError(f"unknown card id {card_id!r}")
    w, h = int(size[0]), int(size[1])
    if w < 24 or h < 32:
        raise ValueError(f"card size {size!r} is too small (min 24x32)")
    return card_id, lang, w, h


@dataclass
class _Face:
    """Where everything goes on one face, in final pixels; u = 1/100 of the width."""
    card_id: str
    spec: _cards.CardSpec
    style: KindStyle
    w: int
    h: int
    u: float
    zoom: bool
    banner: pygame.Rect
    art: pygame.Rect
    corner: Corner | None
    med_c: tuple[float, float]
    med_r: float
    label: str
    plaque_font: pygame.font.Font
    plaque: pygame.Rect | None
    text_fit: TextFit | None


def _draw_card(card_id: str, lang: str, w: int, h: int) -> pygame.Surface:
    name, text = card_name_text(card_id, lang)
    face = _layout(card_id, lang, w, h, text)
    card = _blank(face).copy()
    _draw_picture(card, face)
    _draw_badges(card, face)
    _texts(card, face, name, lang)
    return card


_render_card = sized_lru(160)(_draw_card)   # render_card_uncached draws without it


def _kind_label(spec: _cards.CardSpec, lang: str) -> str:
    """The word on the kind plaque: "ПОСТРОЙКА", "ВОЙСКО · ИНОЗЕМНОЕ"."""
    kind = "troop_foreign" if spec.foreign else spec.kind
    return tr(f"card.kind.{kind}", lang=lang).upper()


def _layout(card_id: str, lang: str, w: int, h: int, text: str) -> _Face:
    spec = _cards.SPEC_BY_ID[card_id]
    zoom = w >= ZOOM_MIN_WIDTH
    u, inner, banner = card_frame(w, h)
    art_top = banner.bottom + round(1.2 * u)
    pf = load_font("bold", max(8, int(4.0 * u)))
    plaque_h = int(pf.get_height() * 1.15)
    text_fit = None
    if zoom and text:
        # the art gives way to long texts
        body_max = max(9, int(5.6 * u))
        for frac in (0.6, 0.565, 0.53, 0.5):
            art_bottom = round(h * frac)
            top = art_bottom + plaque_h // 2 + int(2.0 * u)
            tbox = pygame.Rect(inner.x + int(4 * u), top, inner.w - int(8 * u), inner.bottom - top - int(2.5 * u))
            text_fit = tbox, fit_lines(text, "body", tbox.w, tbox.h, body_max, max(8, int(3.4 * u)), 99, 0.96, lang)
            if text_fit[1][0].get_height() >= load_font("body", body_max).get_height() - 1:
                break
    elif zoom:
        art_bottom = inner.bottom - round(13 * u)
    else:
        art_bottom = inner.bottom - round(1.4 * u)
    art = pygame.Rect(inner.x + round(1.4 * u), art_top, inner.w - round(2.8 * u), art_bottom - art_top)
    corner = corner_value(spec, lang)
    med_r = (10.5 if zoom else 16.5) * u
    med_c = (art.x + med_r * 0.92, art.y + med_r * (1.03 if corner and corner.shape == "strength" else 0.98))
    style = STYLES[spec.kind]
    label = _kind_label(spec, lang)
    plaque = None
    if zoom:
        plaque = pygame.Rect(0, 0, pf.size(label)[0] + int(7 * u), plaque_h)
        plaque.center = (w // 2, art.bottom)
    return _Face(card_id, spec, style, w, h, u, zoom, banner, art, corner, med_c, med_r, label, pf,
                 plaque, text_fit)


def _blank(f: _Face) -> pygame.Surface:
    """The face without picture, numbers and words, at final size: the same for every card
    of a kind, size and layout, so it is drawn (at SS x and smooth-scaled) once."""
    key = ("blank", f.w, f.h, f.spec.kind, tuple(f.art), tuple(f.plaque) if f.plaque else None)
    return SHAPES.get_or(key, lambda: pygame.transform.smoothscale(_blank_shapes(f), (f.w, f.h)))


def _blank_shapes(f: _Face) -> pygame.Surface:
    S, u = SS, f.u
    R = lambda r: pygame.Rect(r.x * S, r.y * S, r.w * S, r.h * S)  # noqa: E731
    tl = max(1, int(0.45 * u * S))
    # frame, inner panel and banner: the same for every card of a kind and size
    base = SS_PARTS.fresh(("chrome", f.w, f.h, f.spec.kind), lambda: chrome(f.w, f.h, f.spec.kind))
    AR = R(f.art)
    hill_w = max(1, int(0.4 * u * S))
    backdrop = SS_PARTS.get_or(("art", AR.size, f.spec.kind, hill_w),
                             lambda: art_backdrop(AR.size, f.spec.kind, hill_w))
    fill_rounded(base, AR, backdrop, int(1.2 * u * S))
    pygame.draw.rect(base, OUTLINE, AR.inflate(tl, tl), max(1, int(0.5 * u * S)), border_radius=int(1.2 * u * S))
    pygame.draw.rect(base, f.style.frame, AR.inflate(tl * 3, tl * 3), max(1, int(0.45 * u * S)),
                     border_radius=int(1.6 * u * S))
    if f.plaque is not None:
        PR = R(f.plaque)
        tri = PR.h // 2
        pts = [(PR.x, PR.y), (PR.right, PR.y), (PR.right - tri // 2, PR.centery), (PR.right, PR.bottom),
               (PR.x, PR.bottom), (PR.x + tri // 2, PR.centery)]
        poly(base, f.style.frame, pts, max(1, int(0.5 * u * S)))
        for y in (PR.y + tl * 2, PR.bottom - tl * 2):
            pygame.draw.line(base, f.style.trim, (PR.x + tri, y), (PR.right - tri, y), max(1, tl // 2))
    return base


def _draw_picture(card: pygame.Surface, f: _Face) -> None:
    """The card's own picture and its shadow, standing on the foot of the art window; drawn
    at final size (vector pictures are rasterised at exactly this size, so they stay sharp)."""
    aw, ah = f.art.size
    if f.zoom:
        isz = int(min(aw * 0.78, ah * 0.86))
        iy = ah - isz - int(ah * 0.05)
    else:
        isz = int(min(aw * 0.84, ah * 0.9))
        iy = ah - isz - int(ah * 0.03)
    ix = (aw - isz) // 2 + (int(aw * 0.06) if f.corner and not f.zoom else 0)
    name = picture_name(f.card_id)
    picture = SHAPES.get_or(("picture", name, isz), lambda: render_picture(name, isz))
    shadow = SHAPES.get_or(("picture shadow", name, isz), lambda: picture_shadow(picture))
    x, y = f.art.x + ix, f.art.y + iy
    card.set_clip(f.art)
    card.blit(shadow, (x + max(1, isz // 30), y + max(1, isz // 22)))
    card.blit(picture, (x, y))
    card.set_clip(None)


def _overlay(key: tuple, centre: tuple[float, float], half: float,
             draw: Callable[[pygame.Surface, tuple[float, float]], None]) -> tuple[pygame.Surface, tuple[int, int]]:
    """A small shape drawn at SS x around `centre` (final pixels) and smooth-scaled: the
    surface and where it goes.  The fractional part of the centre is kept inside it."""
    x0, y0 = math.floor(centre[0] - half), math.floor(centre[1] - half)
    side = math.ceil(2 * half) + 2

    def make() -> pygame.Surface:
        big = pygame.Surface((side * SS, side * SS), pygame.SRCALPHA)
        draw(big, ((centre[0] - x0) * SS, (centre[1] - y0) * SS))
        return pygame.transform.smoothscale(big, (side, side))

    return SHAPES.get_or(key + (x0, y0, side), make), (x0, y0)


def _draw_badges(card: pygame.Surface, f: _Face) -> None:
    """The Glory or Strength medallion and the foreign troops' bow badge, over the picture."""
    if f.corner:
        shape, r = f.corner.shape, f.med_r * SS
        if shape == "strength":
            def medal(s: pygame.Surface, c: tuple[float, float]) -> None:
                shield_medallion(s, c, r)
        else:
            def medal(s: pygame.Surface, c: tuple[float, float]) -> None:
                sun_medallion(s, c, r, shape == "glory_neg")
        img, at = _overlay(("medallion", shape, f.med_r), f.med_c, f.med_r * 1.25, medal)
        card.blit(img, at)
    if f.spec.foreign:
        fb_r = (6.8 if f.zoom else 11.0) * f.u
        centre = (f.art.right - fb_r * 1.05, f.art.y + fb_r * 1.05)

        def bow(s: pygame.Surface, c: tuple[float, float]) -> None:
            d = int(fb_r * 2 * SS)
            badge = pygame.Rect(0, 0, d, d)
            badge.center = (int(c[0]), int(c[1]))
            icons.paint("bow", s, badge, max(2, int(d * 0.06)))

        img, at = _overlay(("bow badge", fb_r), centre, fb_r * 1.1, bow)
        card.blit(img, at)


def _title_fit(f: _Face, name: str, lang: str) -> tuple[pygame.Rect, tuple[pygame.font.Font, list[str], int]]:
    """The name's box on the banner and its lines (two at most, broken at syllables)."""
    u, zoom = f.u, f.zoom
    pad = int(4.5 * u) if zoom else int(3.6 * u)
    tscale = title_scale(lang)
    name_box = f.banner.inflate(-2 * pad - (int(4 * u) if zoom else 0), -int(1.0 * u))
    if zoom:
        return name_box, fit_lines(name, "title", name_box.w, name_box.h, int(9.6 * u * tscale),
                                   max(9, int(4.6 * u)), 2, 0.92, lang)
    return name_box, fit_lines(name, "title", name_box.w, name_box.h, max(9, int(19 * u * tscale)),
                               max(8, int(9.0 * u * tscale)), 2, 0.84, lang)


def title_lines(card_id: str, lang: str, size: tuple[int, int]) -> tuple[list[str], int]:
    """How a card's name is set on its face at ``size``: (lines, font height in pixels)."""
    card_id, lang, w, h = _checked(card_id, lang, size)
    name, text = card_name_text(card_id, lang)
    _, (font, lines, _) = _title_fit(_layout(card_id, lang, w, h, text), name, lang)
    return lines, font.get_height()


def _texts(card: pygame.Surface, f: _Face, name: str, lang: str) -> None:
    """The name, the corner number, the kind plaque's word and the card text, at final size."""
    u, zoom = f.u, f.zoom
    name_box, (nf, nlines, nlh) = _title_fit(f, name, lang)
    blit_lines(card, nf, nlines, nlh, name_box, INK)
    if f.corner:
        draw_number(card, f.corner, f.med_c, f.med_r)
    if f.plaque is not None:
        pf = f.plaque_font
        img, sh = pf.render(f.label, True, CREAM), pf.render(f.label, True, OUTLINE)
        x = f.plaque.centerx - img.get_width() // 2
        y = f.plaque.centery - pf.get_height() // 2
        card.blit(sh, (x + 1, y + 1))
        card.blit(img, (x, y))
    if f.text_fit is not None:
        tbox, (tf, tlines, tlh) = f.text_fit
        blit_lines(card, tf, tlines, tlh, tbox, INK)
    elif zoom:
        # no text: a small ornament under the plaque
        y = (f.plaque.bottom if f.plaque else f.art.bottom) + int(4 * u)
        for dx in (-6, 0, 6):
            d = 1.2 * u
            cx = f.w / 2 + dx * u
            pygame.draw.polygon(card, INK_SOFT, [(cx, y - d), (cx + d, y), (cx, y + d), (cx - d, y)])
