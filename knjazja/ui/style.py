"""Look-and-feel helpers shared by the scenes: colours, fonts, background, panels, text.

Fonts, asset files and the table background come from ``knjazja.ui.art`` (``load_font``,
``asset_path``, ``render_table_background``); when that package or a file is missing the
helpers here fall back to pygame's default font and a procedurally drawn background, so the
UI always starts.
"""
from __future__ import annotations

import logging
import math
from functools import lru_cache
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

# the UI colours, from the one palette
from knjazja.ui.art.palette import (CREAM, CRIMSON, CRIMSON_DARK, GOLD, GOLD_DARK,  # noqa: E402,F401
                                    GOLD_LIGHT, INK, MUTED, PANEL_BG, PARCHMENT, PARCHMENT_DARK,
                                    SHADOW, WOOD, WOOD_DARK, Colour)


def _art(name: str):
    """An attribute of ``knjazja.ui.art`` (or of its submodules), or None if not there yet."""
    try:
        import knjazja.ui.art as art
    except Exception:  # pragma: no cover - art package broken or absent
        return None
    found = getattr(art, name, None)
    if found is None:
        for sub in ("resources", "table", "background", "render"):
            try:
                module = __import__(f"knjazja.ui.art.{sub}", fromlist=[name])
            except Exception:
                continue
            found = getattr(module, name, None)
            if found is not None:
                break
    return found


def asset_file(*parts: str) -> Path | None:
    """The path of a shipped file, or None when it is absent."""
    finder = _art("asset_path")
    try:
        if finder is not None:
            path = Path(finder(*parts))
        else:
            path = Path(__file__).resolve().parents[2].joinpath("assets", *parts)
    except (FileNotFoundError, OSError, ValueError):
        return None
    return path if path.exists() else None


def font(role: str, size: int, lang: str | None = None) -> pygame.font.Font:
    """A font of a role ("title", "body", "bold") at a pixel size; pygame's default if missing.

    Titles depend on the language (``ui.art`` gives English titles a Latin face).
    """
    from knjazja.app.i18n import get_language

    return _font(role, max(6, int(size)), lang or get_language())


@lru_cache(maxsize=256)
def _font(role: str, size: int, lang: str) -> pygame.font.Font:
    loader = _art("load_font")
    if loader is not None:
        try:
            try:
                return loader(role, size, lang)
            except TypeError:  # an older load_font(role, size)
                return loader(role, size)
        except Exception as exc:  # missing file, unknown role...
            log.warning("font %r unavailable (%s); using the default font", role, exc)
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(None, round(size * 1.3))  # the default font runs small
    f.set_bold(role in ("bold", "title"))
    return f


font.cache_clear = _font.cache_clear  # type: ignore[attr-defined]  # tests reset fonts


def font_file(role: str, lang: str | None = None) -> Path | None:
    """The file behind a font role (for pygame-gui themes), or None."""
    names = {"title": "TriodPostnaja.ttf", "title_latin": "OldStandard-Bold.ttf",
             "body": "NotoSerif-Regular.ttf", "bold": "NotoSerif-Bold.ttf"}
    files = _art("FONT_FILES")
    if isinstance(files, dict):
        names.update(files)
    pick = _art("font_role")
    if callable(pick):
        try:
            role = pick(role, lang)
        except Exception:
            pass
    name = names.get(role)
    return asset_file("fonts", name) if name else None


# -- background -----------------------------------------------------------------------------
@lru_cache(maxsize=4)
def table_background(size: tuple[int, int]) -> pygame.Surface:
    """The table seen from above, from ``ui.art`` if it can, else drawn here."""
    render = _art("render_table_background")
    if render is not None:
        try:
            surf = render(size)
            if isinstance(surf, pygame.Surface):
                if surf.get_size() != size:
                    surf = pygame.transform.smoothscale(surf, size)
                return surf
        except Exception as exc:
            log.warning("render_table_background failed (%s); drawing a plain one", exc)
    return _fallback_background(size)


def _fallback_background(size: tuple[int, int]) -> pygame.Surface:
    w, h = max(1, size[0]), max(1, size[1])
    surf = pygame.Surface((w, h))
    # a warm radial glow over dark wood
    small = pygame.Surface((64, 36))
    for y in range(36):
        for x in range(64):
            d = min(1.0, math.hypot((x - 31.5) / 32, (y - 17.5) / 18) / 1.2)
            t = d ** 1.4
            small.set_at((x, y), tuple(round(a + (b - a) * t) for a, b in zip((92, 50, 26), (18, 9, 4))))
    pygame.transform.smoothscale(small, (w, h), surf)
    # faint horizontal grain
    grain = pygame.Surface((w, h), pygame.SRCALPHA)
    step = max(3, h // 180)
    for y in range(0, h, step):
        a = 10 + (y * 7919 % 13)
        pygame.draw.line(grain, (0, 0, 0, a), (0, y), (w, y))
    surf.blit(grain, (0, 0))
    return surf


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface (behind an overlay)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((0, 0, 0, alpha))
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
    surface.blit(sh, (rect.x - shadow * 2, rect.y - shadow * 2))
    body = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(body, bg, body.get_rect(), border_radius=radius)
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
        return main
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
    return out


def blit_text(surface: pygame.Surface, text: str, fnt: pygame.font.Font, colour: Colour, *,
              center: tuple[int, int] | None = None, topleft: tuple[int, int] | None = None,
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
    return font(role, size, lang)
