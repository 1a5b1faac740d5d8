"""Look-and-feel helpers shared by the scenes: the UI colours, fonts by role, the table
background, panels, ornaments and text with shadows.

Fonts and the background come from ``knjazja.ui.art``; a missing file raises
``MissingAssetError`` where it is loaded (the self-test names it).
"""
from __future__ import annotations

from pathlib import Path

import pygame

from knjazja.app.wording.i18n import get_language
from knjazja.ui import drawn
from knjazja.ui.art import background, resources
from knjazja.ui.art.background import render_table_background

# the UI colours, from the one palette
from knjazja.ui.art.palette import (  # noqa: F401
    CREAM,
    CRIMSON,
    CRIMSON_DARK,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    INK,
    MUTED,
    PANEL_BG,
    PARCHMENT,
    PARCHMENT_DARK,
    SHADOW,
    WOOD,
    WOOD_DARK,
    Colour,
)


def font(role: str, size: int, lang: str | None = None) -> pygame.font.Font:
    """A font of a role ("title", "body", "bold") at a pixel size (cached by ``load_font``).

    Titles depend on the language (English titles get a Latin face)."""
    return resources.load_font(role, max(6, int(size)), lang or get_language())


def font_file(role: str, lang: str | None = None) -> Path:
    """The file behind a font role (for pygame-gui themes)."""
    return resources.asset_path("fonts", resources.FONT_FILES[resources.font_role(role, lang)])


def table_background(size: tuple[int, int]) -> pygame.Surface:
    """The table seen from above (cached per size by ``ui.art``)."""
    return render_table_background(size)


def pack_table_tops() -> None:
    """The table tops drawn so far kept packed, not as pictures (``ui.art.background``)."""
    background.pack_table_tops()


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface (behind an overlay)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
    if drawn.active is not None:
        drawn.tag(veil, "decor")
    surface.blit(veil, (0, 0))


# -- panels and ornaments ---------------------------------------------------------------------
def draw_panel(surface: pygame.Surface, rect: pygame.Rect, *, radius: int | None = None,
               bg: tuple[int, int, int, int] = PANEL_BG, border: Colour = GOLD_DARK,
               inner_border: Colour | None = GOLD, shadow: int | None = None) -> None:
    """A dark translucent panel with a double gold frame and a soft drop shadow."""
    radius = radius if radius is not None else max(6, rect.height // 40)
    shadow = shadow if shadow is not None else max(4, rect.height // 60)
    sh = pygame.Surface((rect.width + shadow * 4, rect.height + shadow * 4), pygame.SRCALPHA)
    for i in range(shadow, 0, -1):
        a = int(70 * (1 - i / (shadow + 1)))
        pygame.draw.rect(sh, (0, 0, 0, a), pygame.Rect(shadow * 2 - i, shadow * 2 - i + shadow // 2,
                         rect.width + 2 * i, rect.height + 2 * i), border_radius=radius + i)
    if drawn.active is not None:
        drawn.tag(sh, "shadow")
    surface.blit(sh, (rect.x - shadow * 2, rect.y - shadow * 2))
    body = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(body, bg, body.get_rect(), border_radius=radius)
    if drawn.active is not None:
        drawn.tag(body, "panel")
    surface.blit(body, rect.topleft)
    bw = max(2, rect.height // 300 + 1)
    pygame.draw.rect(surface, border, rect, width=bw, border_radius=radius)
    if inner_border is not None:
        inset = bw + max(3, rect.height // 120)
        pygame.draw.rect(surface, inner_border, rect.inflate(-2 * inset, -2 * inset), width=1,
                         border_radius=max(0, radius - inset // 2))
        for cx, cy in ((rect.left + inset, rect.top + inset), (rect.right - inset - 1, rect.top + inset),
                       (rect.left + inset, rect.bottom - inset - 1), (rect.right - inset - 1, rect.bottom - inset - 1)):
            draw_diamond(surface, (cx, cy), max(3, inset // 2 + 1), GOLD_LIGHT)


def draw_diamond(surface: pygame.Surface, centre: tuple[int, int], r: int, colour: Colour) -> None:
    x, y = centre
    pygame.draw.polygon(surface, colour, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])


def draw_divider(surface: pygame.Surface, centre: tuple[int, int], width: int,
                 colour: Colour = GOLD, thickness: int = 2) -> None:
    """A horizontal rule with a diamond in the middle and tapering ends."""
    x, y = centre
    half = width // 2
    r = max(4, thickness * 3)
    for side in (-1, 1):
        for i in range(thickness):
            start = x + side * (r + 4)
            end = x + side * half
            pygame.draw.line(surface, colour, (start, y + i - thickness // 2), (end, y + i - thickness // 2))
        draw_diamond(surface, (x + side * half, y), max(2, r // 2), colour)
        draw_diamond(surface, (x + side * (half * 2 // 3), y), max(2, r // 3), colour)
    draw_diamond(surface, (x, y), r, colour)
    draw_diamond(surface, (x, y), max(1, r // 2), CRIMSON)


def render_text(text: str, fnt: pygame.font.Font, colour: Colour, *,
                shadow: Colour | None = SHADOW, offset: int | None = None,
                outline: Colour | None = None) -> pygame.Surface:
    """Text with an optional drop shadow (and a one-pixel outline for titles)."""
    main = fnt.render(text, True, colour)
    if shadow is None and outline is None:
        return drawn.tag(main, "text", text) if drawn.active is not None else main
    off = offset if offset is not None else max(1, fnt.get_height() // 24)
    w, h = main.get_width() + off + 2, main.get_height() + off + 2
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    if shadow is not None:
        sh = fnt.render(text, True, shadow)
        sh.set_alpha(170)
        out.blit(sh, (1 + off, 1 + off))
    if outline is not None:
        ol = fnt.render(text, True, outline)
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            out.blit(ol, (1 + dx, 1 + dy))
    out.blit(main, (1, 1))
    if drawn.active is not None:
        drawn.tag(out, "text", text)
    return out


def blit_text(surface: pygame.Surface, text: str, fnt: pygame.font.Font, colour: Colour, *,
              center: tuple[float, float] | None = None, topleft: tuple[int, int] | None = None,
              midright: tuple[int, int] | None = None, midleft: tuple[int, int] | None = None,
              bottomright: tuple[int, int] | None = None, shadow: Colour | None = SHADOW,
              outline: Colour | None = None) -> pygame.Rect:
    img = render_text(text, fnt, colour, shadow=shadow, outline=outline)
    rect = img.get_rect()
    if center is not None:
        rect.center = center
    elif midright is not None:
        rect.midright = midright
    elif midleft is not None:
        rect.midleft = midleft
    elif bottomright is not None:
        rect.bottomright = bottomright
    elif topleft is not None:
        rect.topleft = topleft
    surface.blit(img, rect)
    return rect


def fit_font(role: str, text: str, max_width: int, size: int, min_size: int = 8,
             lang: str | None = None) -> pygame.font.Font:
    """The largest font of ``role`` not above ``size`` in which ``text`` fits ``max_width``."""
    while size > min_size and font(role, size, lang).size(text)[0] > max_width:
        size = max(min_size, int(size * 0.92))
    if drawn.active is not None:
        drawn.fitted(text, max_width)
    return font(role, size, lang)
