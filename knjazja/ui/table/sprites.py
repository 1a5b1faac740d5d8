"""Cached surfaces for the table: card faces and backs per size, badges, small icons, text.

Everything drawn more than once is rendered once and kept: card faces per (id, language,
size), dimmed faces, backs, number badges, and text surfaces per (text, font, colour).  The
caches are bounded (entries and megabytes) and emptied when the window changes size
(``knjazja.ui.caches``), so a long session with many window sizes does not grow without end.
"""
from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

import pygame

from knjazja.engine.cards import CARD_ID
from knjazja.ui import drawn, style
from knjazja.ui.caches import SurfaceLru
from knjazja.ui.art.palette import (ATTACK_FILL, DEFENCE_FILL, GLORY_EDGE, GLORY_FILL, NEG_FILL, SEAT_COLOURS,
                                    STEEL_EDGE, STEEL_FILL, Colour)

if TYPE_CHECKING:
    from knjazja.ui.art.prefetch import FacePrefetcher


def seat_colour(seat: int) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)] if seat >= 0 else style.MUTED


def _convert(surf: pygame.Surface) -> pygame.Surface:
    try:
        out = surf.convert_alpha()
    except pygame.error:  # no display mode yet (pure unit tests)
        return surf
    return drawn.retag(surf, out) if drawn.active is not None else out


def _as(kind: str, surf: pygame.Surface) -> pygame.Surface:
    """``surf``, told to the drawing check's recorder as a ``kind`` (when it records)."""
    return drawn.tag(surf, kind) if drawn.active is not None else surf


def _from_rgba(data: bytes, size: tuple[int, int]) -> pygame.Surface:
    """A face sent by the prefetcher as RGBA bytes (~0.1 ms)."""
    surf = pygame.image.frombuffer(data, size, "RGBA")
    try:
        return surf.convert_alpha()
    except pygame.error:  # no display mode yet (pure unit tests)
        return surf.copy()


def dimmed(face: pygame.Surface) -> pygame.Surface:
    """A card that cannot be played now: frame and picture darkened and greyed, the name on
    its banner left as printed (it stays legible)."""
    from knjazja.ui.art.card_parts import card_frame
    surf = face.copy()
    w, h = surf.get_size()
    _, _, banner = card_frame(w, h)
    b = banner.inflate(-2, -2)
    around = [pygame.Rect(0, 0, w, b.top), pygame.Rect(0, b.bottom, w, h - b.bottom),
              pygame.Rect(0, b.top, b.left, b.height), pygame.Rect(b.right, b.top, w - b.right, b.height)]
    for r in around:
        surf.fill((128, 122, 116), r, special_flags=pygame.BLEND_RGB_MULT)
        surf.fill((18, 18, 20), r, special_flags=pygame.BLEND_RGB_ADD)
    return surf


# Sized to one table at the window's size (``knjazja bench game``, 8 seats at 1920x1080, the
# texts and sprites drawn within 20 s of play: texts ~11 MB (1.4 windows), sprites ~11 MB,
# mostly the glows around the areas) with room to spare: a window's worth of pixels each.
# The texts, least recently used first, at 1.25 windows: that game drew 947 texts against
# 908 at 2 windows (~40 more, ~0.2 ms each over the whole game).
TEXT_WINDOWS = 1.25
SPRITE_WINDOWS = 2.0
# The faces: those drawn and those prefetched in case they are (``Sprites.pump``).  The same
# game drew ~150 distinct faces (~12 MB, 1.5 windows) of the ~500 its plan prefetched (~37 MB);
# a prefetched face goes in as the least recently used, so what is drawn is kept and the
# guesses least likely to be drawn go first.  At 2.5 windows the main process drew 137 faces
# itself against 123 at 3 (~2.6 ms each).
FACE_WINDOWS = 2.5


class TextCache:
    """Rendered text surfaces, keyed by everything that changes their pixels."""

    def __init__(self, limit: int = 2000, max_mb: float = 16) -> None:
        self._cache = SurfaceLru("table.texts", limit, max_mb, windows=TEXT_WINDOWS)

    def font(self, role: str, size: int, lang: str | None = None) -> pygame.font.Font:
        return style.font(role, max(6, int(size)), lang)

    def render(self, text: str, role: str, size: int, colour: Colour, *,
               shadow: bool = True, outline: Colour | None = None,
               lang: str | None = None) -> pygame.Surface:
        key = (text, role, int(size), colour, shadow, outline, lang)
        return self._cache.get_or(key, lambda: _convert(style.render_text(
            text, self.font(role, size, lang), colour,
            shadow=style.SHADOW if shadow else None, outline=outline)))

    def fit(self, text: str, role: str, size: int, colour: Colour, max_width: int, *,
            min_size: int = 8, shadow: bool = True, outline: Colour | None = None,
            lang: str | None = None, ellipsis: bool = True) -> pygame.Surface:
        """The text at the largest size ≤ ``size`` that fits ``max_width`` (else shortened)."""
        key = ("fit", text, role, int(size), colour, int(max_width), min_size, shadow, outline, lang)

        def make() -> pygame.Surface:
            s = int(size)
            fnt = self.font(role, s, lang)
            text_ = text
            while s > min_size and fnt.size(text_)[0] > max_width:
                s = max(min_size, int(s * 0.9))
                fnt = self.font(role, s, lang)
            shown = text_
            if ellipsis and fnt.size(shown)[0] > max_width:
                while len(shown) > 1 and fnt.size(shown + "…")[0] > max_width:
                    shown = shown[:-1]
                shown = shown.rstrip() + "…"
            if drawn.active is not None:
                drawn.cut(shown, text)
                drawn.fitted(shown, int(max_width))
            return _convert(style.render_text(shown, fnt, colour,
                                              shadow=style.SHADOW if shadow else None,
                                              outline=outline))
        return self._cache.get_or(key, make)

    def clear(self) -> None:
        self._cache.clear()

    def trim(self, max_mb: float) -> None:
        """Keep only the texts drawn last, up to ``max_mb``."""
        self._cache.trim(max_mb)


_BIG_FACE = 160   # zoom-size faces (this wide and wider) are not prefetched for every card


class Sprites:
    """Card faces and backs at any size, badges and icons — all cached.

    Faces can be prefetched: ``prefetch(keys)`` hands the faces a table will need to the
    worker process of ``knjazja.ui.art.prefetch`` and ``pump()`` (once a frame) moves the
    ones that arrived into the cache, a few at a time.  A face asked for before it arrived
    is rendered here, as without prefetching; a size no plan foresaw (narrower than a zoomed
    card) is then prefetched for every card."""

    def __init__(self) -> None:
        self._faces = SurfaceLru("table.faces", 1200, 96, windows=FACE_WINDOWS, least_mb=4)
        self._misc = SurfaceLru("table.sprites", 800, 16, windows=SPRITE_WINDOWS)
        self._prefetcher: FacePrefetcher | None = None     # while prefetching
        self._plan: list[tuple[str, str, tuple[int, int]]] = []   # asked for, most-needed first
        self._planned_sizes: set[tuple[str, tuple[int, int]]] = set()   # (lang, size)
        self._delivered: set[tuple[str, str, tuple[int, int]]] = set()  # pumped: not asked again

    # -- cards -----------------------------------------------------------------------------
    def face(self, card: int, size: tuple[int, int], lang: str, *, dim: bool = False) -> pygame.Surface:
        """The face of card instance ``card`` (identical copies share one surface)."""
        return self.face_id(CARD_ID[card], size, lang, dim=dim)

    def face_id(self, card_id: str, size: tuple[int, int], lang: str, *, dim: bool = False) -> pygame.Surface:
        size = (max(24, int(size[0])), max(32, int(size[1])))
        key = (card_id, lang, size, dim)

        def make() -> pygame.Surface:
            if dim:
                return dimmed(self.face_id(card_id, size, lang))
            if self._prefetcher is not None:
                data = self._prefetcher.take_key((card_id, lang, size))
                if data is not None:        # it arrived but was not pumped yet
                    return _from_rgba(data, size)
                self._learn_size(lang, size)
            # not render_card: its own cache would keep every face a second time
            from knjazja.ui.art.card import render_card_uncached
            return _as("card", _convert(render_card_uncached(card_id, lang, size)))
        face = self._faces.get_or(key, make)
        return face if drawn.active is None else drawn.tag(face, "card")

    def has_face(self, card_id: str, size: tuple[int, int], lang: str) -> bool:
        size = (max(24, int(size[0])), max(32, int(size[1])))
        return (card_id, lang, size, False) in self._faces

    # -- prefetching -----------------------------------------------------------------------
    def prefetch(self, keys, *, replace: bool = True) -> bool:
        """Have the faces ``keys`` — (card id, language, size), most-needed first — rendered
        by the face worker, instead of those asked for before (``replace=False``: before
        them).  False if there is no worker (then render them yourself)."""
        new = [(card_id, lang, (max(24, int(size[0])), max(32, int(size[1])))) for card_id, lang, size in keys]
        if replace:
            self._plan, self._planned_sizes, self._delivered = [], set(), set()
        elif not self.prefetching:
            return False
        self._delivered.difference_update(new)     # asked for again: wanted now
        self._plan = list(dict.fromkeys(new + self._plan))
        self._planned_sizes |= {(lang, size) for _, lang, size in new}
        return self._send_plan()

    def _send_plan(self) -> bool:
        from knjazja.ui.art import prefetch as _prefetch
        pf = _prefetch.shared()
        # a face pumped and let go since was a guess the table did not draw: not asked again
        self._plan = [k for k in self._plan if k not in self._delivered and (*k, False) not in self._faces]
        if not pf.request(self._plan, owner=self):
            self._prefetcher = None
            return False
        self._prefetcher = pf
        return True

    def _learn_size(self, lang: str, size: tuple[int, int]) -> None:
        """A face was needed at a size no plan foresaw: prefetch every card at it, first."""
        if (lang, size) in self._planned_sizes or size[0] >= _BIG_FACE or not self.prefetching:
            return
        from knjazja.engine.cards import SPECS
        self._planned_sizes.add((lang, size))
        self._plan = [(sp.id, lang, size) for sp in SPECS] + self._plan
        self._send_plan()

    @property
    def prefetching(self) -> bool:
        """Faces asked for with ``prefetch`` are on their way (a worker runs, or one that
        ended for want of work starts again on the next request)."""
        pf = self._prefetcher
        if pf is not None and not pf.available:
            self._prefetcher = None
        return self._prefetcher is not None

    def pump(self, limit: int = 6, budget: float = 0.002) -> int:
        """Move up to ``limit`` prefetched faces into the cache, for at most ``budget``
        seconds (each costs ~0.1 ms); returns how many."""
        pf = self._prefetcher
        if pf is None:
            return 0
        t0 = time.perf_counter()
        n = 0
        while n < limit and time.perf_counter() - t0 < budget:
            got = pf.take(1)
            if not got:
                break
            (card_id, lang, size), data = got[0]
            size = (int(size[0]), int(size[1]))
            key = (card_id, lang, size, False)
            if key in self._faces:          # rendered here meanwhile
                continue
            self._delivered.add((card_id, lang, size))
            self._faces.put_cold(key, _from_rgba(data, size))
            n += 1
        return n

    def release(self, texts: TextCache) -> None:
        """The table left: stop asking for faces (the worker ends) and forget what was
        drawn, with ``texts`` — the scene itself may wait for the garbage collector
        (reference cycles), its drawings need not."""
        self.stop_prefetch()
        self.clear()
        texts.clear()

    def stop_prefetch(self) -> None:
        """Stop asking for faces (the table left) and end the worker unless another table
        asked for faces since (the next request starts a new one)."""
        pf, self._prefetcher = self._prefetcher, None
        self._plan = []
        if pf is not None:
            pf.cancel(owner=self)
            pf.rest()

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        size = (max(24, int(size[0])), max(32, int(size[1])))

        def make() -> pygame.Surface:
            from knjazja.ui.art import render_card_back
            return _as("card", _convert(render_card_back(size)))
        return self._faces.get_or(("back", size), make)

    def card_shadow(self, size: tuple[int, int]) -> pygame.Surface:
        """A soft shadow the size of a card (blitted under it, offset down-right)."""
        w, h = int(size[0]), int(size[1])

        def make() -> pygame.Surface:
            pad = max(2, w // 14)
            surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            for i in range(pad, 0, -1):
                a = int(90 * (1 - i / (pad + 1)) ** 1.5)
                pygame.draw.rect(surf, (0, 0, 0, a), pygame.Rect(pad - i, pad - i, w + 2 * i, h + 2 * i),
                                 border_radius=max(3, w // 12) + i)
            return _as("shadow", surf)
        return self._misc.get_or(("shadow", w, h), make)

    def glow(self, size: tuple[int, int], colour: tuple[int, ...], width: int) -> pygame.Surface:
        """A soft glowing frame around a rect of ``size`` (the surface is larger by 2×width)."""
        w, h = int(size[0]), int(size[1])
        return self._misc.get_or(("glow", w, h, colour, width), lambda: _glow(w, h, colour, width))

    def pulsing_glow(self, size: tuple[int, int], colour: tuple[int, ...], width: int,
                     level: float) -> pygame.Surface:
        """``glow`` at ``level`` (0..1) of its strength: one glow per size, its opacity set
        each frame (a glow per shade held ~1 MB per shade and seat at 1920×1080)."""
        w, h = int(size[0]), int(size[1])
        surf = self._misc.get_or(("pulsing glow", w, h, colour, width), lambda: _glow(w, h, colour, width))
        surf.set_alpha(round(255 * min(1.0, max(0.0, level))))
        return surf

    def icon(self, name: str, size: int) -> pygame.Surface:
        from knjazja.ui.art.icons import icon_surface
        size = max(6, int(size))
        return self._misc.get_or(("icon", name, size), lambda: _as("icon", _convert(icon_surface(name, size))))

    # -- badges ----------------------------------------------------------------------------
    def badge(self, shape: str, value: str, size: int, texts: TextCache) -> pygame.Surface:
        """A round or shield badge with a number: "glory" (gold sun), "neg" (red sun),
        "shield" (steel), "attack" (red), "defence" (blue)."""
        size = max(10, int(size))
        key = ("badge", shape, value, size)
        return self._misc.get_or(key, lambda: _as("badge", _convert(_badge(shape, value, size, texts))))

    def seat_icon(self, human: bool, size: int, colour: Colour) -> pygame.Surface:
        size = max(8, int(size))
        return self._misc.get_or(("seat", human, size, colour),
                                 lambda: _as("icon", _convert(_person(size, colour) if human else _bot(size, colour))))

    def crown(self, size: int) -> pygame.Surface:
        size = max(8, int(size))
        return self._misc.get_or(("crown", size), lambda: _as("icon", _convert(_crown(size))))

    def hourglass(self, size: int, colour: Colour) -> pygame.Surface:
        size = max(8, int(size))
        return self._misc.get_or(("hourglass", size, colour), lambda: _as("icon", _convert(_hourglass(size, colour))))

    def clear(self) -> None:
        self._faces.clear()
        self._misc.clear()

    def trim(self, max_mb: float) -> None:
        """Keep only the faces and sprites drawn last, up to ``max_mb`` each."""
        self._faces.trim(max_mb)
        self._misc.trim(max_mb)


# -- drawing primitives (supersampled) ------------------------------------------------------
def _glow(w: int, h: int, colour: tuple[int, ...], width: int) -> pygame.Surface:
    surf = pygame.Surface((w + 2 * width, h + 2 * width), pygame.SRCALPHA)
    radius = max(4, min(w, h) // 10)
    for i in range(width, 0, -1):
        a = int(200 * (1 - i / (width + 1)) ** 1.6)
        pygame.draw.rect(surf, (*colour, a), pygame.Rect(width - i, width - i, w + 2 * i, h + 2 * i),
                         width=2, border_radius=radius + i)
    pygame.draw.rect(surf, (*colour, 255), pygame.Rect(width - 1, width - 1, w + 2, h + 2),
                     width=2, border_radius=radius)
    return _as("glow", surf)


SS = 3


def _smooth(big: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(big, size)


def _shield_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    top, bottom = cy - r, cy + r * 1.08
    pts = [(cx - r * 0.9, top), (cx + r * 0.9, top), (cx + r * 0.9, cy + r * 0.05)]
    for i in range(1, 9):
        t = i / 9
        y = cy + r * 0.05 + (bottom - cy - r * 0.05) * math.sin(t * math.pi / 2)
        pts.append((cx + r * 0.9 * (1 - t) ** 1.2, y))
    pts.append((cx, bottom))
    for x, y in reversed(pts[3:-1]):
        pts.append((2 * cx - x, y))
    pts.append((cx - r * 0.9, cy + r * 0.05))
    return pts


def _badge(shape: str, value: str, size: int, texts: TextCache) -> pygame.Surface:
    big = size * SS
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    r = big / 2 - SS
    if shape in ("glory", "neg"):
        fill = GLORY_FILL if shape == "glory" else NEG_FILL
        edge = GLORY_EDGE if shape == "glory" else (70, 8, 8)
        rays = 12
        pts = []
        for i in range(rays * 2):
            a = math.pi * i / rays
            rr = r if i % 2 == 0 else r * 0.82
            pts.append((c + rr * math.cos(a), c + rr * math.sin(a)))
        pygame.draw.polygon(surf, edge, pts)
        pygame.draw.circle(surf, fill, (c, c), r * 0.78)
        pygame.draw.circle(surf, edge, (c, c), r * 0.78, width=max(2, SS * 2))
        ink = style.INK if shape == "glory" else style.CREAM
    elif shape == "shield":
        pts = _shield_points(c, c * 0.92, r * 0.86)
        pygame.draw.polygon(surf, STEEL_EDGE, pts)
        inner = _shield_points(c, c * 0.92, r * 0.86 - SS * 2.5)
        pygame.draw.polygon(surf, STEEL_FILL, inner)
        ink = (20, 26, 40)
    else:  # attack / defence: a disc with a rim
        fill = ATTACK_FILL if shape == "attack" else DEFENCE_FILL
        pygame.draw.circle(surf, (20, 10, 6), (c, c), r)
        pygame.draw.circle(surf, fill, (c, c), r - SS * 2)
        pygame.draw.circle(surf, style.GOLD_LIGHT, (c, c), r - SS * 2, width=max(2, SS))
        ink = style.CREAM
    small = _smooth(surf, (size, size))
    fsize = int(size * (0.52 if len(value) <= 2 else 0.4))
    text = texts.render(value, "bold", fsize, ink, shadow=shape in ("attack", "defence", "neg"))
    rect = text.get_rect(center=(size / 2, size / 2 - (size * 0.04 if shape == "shield" else 0)))
    small.blit(text, rect)
    return small


def _person(size: int, colour: Colour) -> pygame.Surface:
    big = size * SS
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(s, colour, (big / 2, big * 0.32), big * 0.2)
    pygame.draw.ellipse(s, colour, pygame.Rect(big * 0.16, big * 0.56, big * 0.68, big * 0.6))
    return _smooth(s, (size, size))


def _bot(size: int, colour: Colour) -> pygame.Surface:
    """A cogwheel: a bot seat."""
    big = size * SS
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    teeth = 8
    pts = []
    for i in range(teeth * 4):
        a = 2 * math.pi * i / (teeth * 4)
        rr = big * (0.46 if (i // 2) % 2 == 0 else 0.34)
        pts.append((c + rr * math.cos(a), c + rr * math.sin(a)))
    pygame.draw.polygon(s, colour, pts)
    pygame.draw.circle(s, (0, 0, 0, 0), (c, c), big * 0.14)
    return _smooth(s, (size, size))


def _crown(size: int) -> pygame.Surface:
    big = size * SS
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    w = big
    pts = [(w * 0.1, w * 0.78), (w * 0.06, w * 0.3), (w * 0.3, w * 0.52), (w * 0.5, w * 0.16),
           (w * 0.7, w * 0.52), (w * 0.94, w * 0.3), (w * 0.9, w * 0.78)]
    pygame.draw.polygon(s, (90, 50, 6), [(x, y + SS) for x, y in pts])
    pygame.draw.polygon(s, GLORY_FILL, pts)
    pygame.draw.polygon(s, (120, 70, 10), pts, width=SS * 2)
    pygame.draw.rect(s, (150, 30, 30), pygame.Rect(w * 0.14, w * 0.66, w * 0.72, w * 0.12))
    for x in (0.06, 0.5, 0.94):
        pygame.draw.circle(s, (250, 236, 180), (w * x, w * (0.3 if x != 0.5 else 0.16)), w * 0.07)
    return _smooth(s, (size, size))


def _hourglass(size: int, colour: Colour) -> pygame.Surface:
    big = size * SS
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    w = big
    pygame.draw.polygon(s, colour, [(w * 0.2, w * 0.1), (w * 0.8, w * 0.1), (w * 0.5, w * 0.5)], width=SS * 2)
    pygame.draw.polygon(s, colour, [(w * 0.2, w * 0.9), (w * 0.8, w * 0.9), (w * 0.5, w * 0.5)])
    pygame.draw.line(s, colour, (w * 0.12, w * 0.08), (w * 0.88, w * 0.08), SS * 3)
    pygame.draw.line(s, colour, (w * 0.12, w * 0.92), (w * 0.88, w * 0.92), SS * 3)
    return _smooth(s, (size, size))
