"""Things drawn over the table: the zoomed card and the discard-pile browser.

The browser is a modal overlay scene (``DiscardScene``): while it is open it takes every
click, key and wheel turn, so nothing reaches the table's buttons beneath it.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
from pygame import Rect

from knjazja.app.wording.i18n import tr
from knjazja.ui import style
from knjazja.ui.scene_stack import Scene
from knjazja.ui.table.context import DrawContext


def zoom_size(window: tuple[int, int]) -> tuple[int, int]:
    """A card big enough to read its full text (at least the renderer's zoom width)."""
    h = max(300, min(round(window[1] * 0.46), 620))
    w = round(h * 5 / 7)
    return max(200, w), max(280, round(max(200, w) * 7 / 5))


def place_near(r: Rect, near: Rect | tuple[int, int], window: tuple[int, int], unit: int) -> None:
    """Move ``r`` beside ``near`` (a rect or the mouse): right of it, else left, inside the window."""
    W, H = window
    if isinstance(near, Rect):
        r.midleft = (near.right + unit, near.centery)
        if r.right > W - 4:
            r.midright = (near.left - unit, near.centery)
    else:
        r.midleft = (near[0] + 2 * unit, near[1])
        if r.right > W - 4:
            r.midright = (near[0] - 2 * unit, near[1])
    r.clamp_ip(Rect(4, 4, W - 8, H - 8))


def keep_clear(r: Rect, window: tuple[int, int], avoid: Sequence[Rect], gap: int,
               near: Rect | tuple[int, int], rather: Sequence[Rect] = ()) -> None:
    """Move ``r`` (placed beside ``near``) off every rect of ``avoid`` (the prompt bar, the
    choice panel) by as little as it can: above, below or beside one of them, inside the
    window; off ``rather`` (the action buttons) and the mouse too where it can.  Left where
    it is if no move clears ``avoid``."""
    bounds = Rect(4, 4, window[0] - 8, window[1] - 8)
    avoid = [a for a in avoid if a.width and a.height]
    if not any(r.colliderect(a) for a in avoid):
        return

    def off(c: Rect) -> list[Rect]:      # c moved just off each rect it covers, each way
        return [c.move(dx, dy) for a in avoid if c.colliderect(a)
                for dx, dy in ((0, a.top - gap - c.bottom), (0, a.bottom + gap - c.top),
                               (a.right + gap - c.left, 0), (a.left - gap - c.right, 0))]

    moves = []
    for c in off(r) + [c2 for c1 in off(r) for c2 in off(c1)]:     # off one of them, or off two
        if bounds.contains(c) and not any(c.colliderect(b) for b in avoid):
            crowds = any(c.colliderect(b) for b in rather)
            covers = c.colliderect(near) if isinstance(near, Rect) else c.collidepoint(near)
            moves.append((crowds, covers, abs(c.x - r.x) + abs(c.y - r.y), c.topleft))
    if moves:
        r.topleft = min(moves)[3]


Clear = tuple[Sequence[Rect], Sequence[Rect]]     # (what a zoom must not cover, what it had better not)


def zoom_rect(window: tuple[int, int], near: Rect | tuple[int, int], unit: int, clear: Clear = ((), ())) -> Rect:
    """Where the zoomed card goes: beside ``near`` (a rect or the mouse), off ``clear``."""
    r = Rect((0, 0), zoom_size(window))
    place_near(r, near, window, unit)
    keep_clear(r, window, clear[0], unit, near, clear[1])
    return r


def draw_zoom(surface: pygame.Surface, card: int, near: Rect | tuple[int, int], ctx: DrawContext,
              clear: Clear = ((), ())) -> Rect:
    """Card ``card`` at zoom size beside ``near`` (a rect or the mouse), inside the window,
    off ``clear``."""
    r = zoom_rect(surface.get_size(), near, ctx.unit, clear)
    size = r.size
    shadow = ctx.sprites.card_shadow(size)
    pad = (shadow.get_width() - size[0]) // 2
    surface.blit(shadow, (r.x - pad + 6, r.y - pad + 8))
    surface.blit(ctx.sprites.face(card, size, ctx.lang), r)
    pygame.draw.rect(surface, style.GOLD_LIGHT, r, width=2, border_radius=max(6, size[0] // 20))
    return r


def draw_dragged(surface: pygame.Surface, image: pygame.Surface, at: tuple[int, int], ctx: DrawContext) -> None:
    """A card following the mouse, with its shadow."""
    r = image.get_rect(center=at)
    surface.blit(ctx.sprites.card_shadow(image.get_size()), (r.x + 4, r.y + 8))
    surface.blit(image, r)


class DiscardBrowser:
    """All discarded cards in a grid, oldest first; the wheel scrolls, a click closes it."""

    def __init__(self) -> None:
        self.open = False
        self.scroll = 0
        self.rects: list[tuple[int, Rect]] = []
        self.panel = Rect(0, 0, 0, 0)
        self.close_rect = Rect(0, 0, 0, 0)
        self._max_scroll = 0

    def toggle(self, on: bool | None = None) -> None:
        self.open = (not self.open) if on is None else on
        self.scroll = 0

    def click(self, pos: tuple[int, int], button: int) -> int | None:
        """A click while open: the right button zooms a card (returned), the left one closes
        the browser unless it hits the panel."""
        if button == 3:
            return self.card_at(pos)
        if button == 1 and (self.close_rect.collidepoint(pos) or not self.panel.collidepoint(pos)):
            self.toggle(False)
        return None

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, min(self._max_scroll, self.scroll - dy * 40))

    def card_at(self, pos) -> int | None:
        for c, r in self.rects:
            if r.collidepoint(pos) and self.panel.collidepoint(pos):
                return c
        return None

    def draw(self, surface: pygame.Surface, cards: list[int], ctx: DrawContext) -> None:
        W, H = surface.get_size()
        style.dim(surface, 160)
        u = ctx.unit
        panel = Rect(0, 0, round(W * 0.8), round(H * 0.82))
        panel.center = (W // 2, H // 2)
        self.panel = panel
        style.draw_panel(surface, panel, radius=12)
        title = ctx.texts.render(tr("table.discard.title", n=len(cards)), "title", ctx.fs(2.0),
                                 style.GOLD_LIGHT, outline=style.GOLD_DARK)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.top + u)))
        hint = ctx.texts.render(tr("table.discard.hint"), "body", ctx.fs(0.95), style.MUTED)
        surface.blit(hint, hint.get_rect(midbottom=(panel.centerx, panel.bottom - u // 2)))
        area = Rect(panel.left + 2 * u, panel.top + title.get_height() + 2 * u,
                    panel.width - 4 * u, panel.height - title.get_height() - 4 * u - hint.get_height())
        cw = max(60, round(u * 5.2))
        ch = round(cw * 7 / 5)
        gap = max(6, u // 2)
        cols = max(1, (area.width + gap) // (cw + gap))
        rows = -(-len(cards) // cols) if cards else 0
        self._max_scroll = max(0, rows * (ch + gap) - area.height)
        self.scroll = min(self.scroll, self._max_scroll)
        x0 = area.left + (area.width - (cols * (cw + gap) - gap)) // 2
        self.rects = []
        clip = surface.get_clip()
        surface.set_clip(area)
        for i, c in enumerate(cards):
            row, col = divmod(i, cols)
            r = Rect(x0 + col * (cw + gap), area.top + row * (ch + gap) - self.scroll, cw, ch)
            if r.bottom < area.top or r.top > area.bottom:
                continue
            surface.blit(ctx.sprites.face(c, (cw, ch), ctx.lang), r)
            self.rects.append((c, r))
        surface.set_clip(clip)
        if not cards:
            t = ctx.texts.render(tr("table.discard.empty"), "body", ctx.fs(1.2), style.PARCHMENT)
            surface.blit(t, t.get_rect(center=area.center))
        close = Rect(0, 0, u * 2, u * 2)
        close.topright = (panel.right - u, panel.top + u)
        self.close_rect = close
        pygame.draw.circle(surface, style.CRIMSON, close.center, u)
        pygame.draw.circle(surface, style.GOLD, close.center, u, width=2)
        k = u // 2
        pygame.draw.line(surface, style.CREAM, (close.centerx - k, close.centery - k),
                         (close.centerx + k, close.centery + k), 3)
        pygame.draw.line(surface, style.CREAM, (close.centerx - k, close.centery + k),
                         (close.centerx + k, close.centery - k), 3)


class DiscardScene(Scene):
    """The discard browser as a modal overlay: Escape or a click outside closes it; the
    right button zooms a card (any click then closes the zoom first)."""

    is_overlay = True

    def __init__(self, cards: Callable[[], list[int]], ctx: Callable[[], DrawContext]) -> None:
        super().__init__()
        self.cards, self.ctx = cards, ctx
        self.browser = DiscardBrowser()
        self.browser.toggle(True)
        self.zoom: int | None = None
        self.mouse = (0, 0)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.zoom is not None:
                self.zoom = None
            else:
                self.close()
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEWHEEL:
            self.browser.wheel(event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if self.zoom is not None:
                self.zoom = None
            else:
                self.zoom = self.browser.click(event.pos, event.button)
                if not self.browser.open:
                    self.close()
        return True                     # nothing reaches the table beneath

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx()
        self.browser.draw(surface, self.cards(), ctx)
        if self.zoom is not None:
            draw_zoom(surface, self.zoom, self.mouse, ctx)
