"""The prompt banner (its text comes from ``knjazja.app.table.prompts``) and the toasts; the
dialog panel they keep clear of is ``choice.ChoicePanel``.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from knjazja.app.table.controller import TableController
from knjazja.app.wording.narrate import Narrator, expand_tokens
from knjazja.engine import Action, PublicView
from knjazja.ui import style
from knjazja.ui.table.banner import BannerFit, balanced, fit_banner, font_measure, width_in
from knjazja.ui.table.choice import ChoicePanel
from knjazja.ui.table.context import DrawContext
from knjazja.ui.caches import sized_lru


def banner(c: TableController, log_lines: list[str]) -> tuple[str, bool]:
    """The banner's text and whether it asks the viewer to act; while moves are shown it
    repeats the last line of the log."""
    if c.busy:
        return (expand_tokens(log_lines[-1], c.lang) if log_lines else ""), False
    return c.prompt()


def banner_sizes(ctx: DrawContext, rect: Rect) -> tuple[int, int]:
    """(largest, smallest) font size of the banner's words."""
    return min(round(rect.height * 0.45), ctx.fs(1.5)), max(11, ctx.fs(0.95))


@sized_lru(256)
def banner_fit(text: str, rect: tuple[int, int, int, int], role: str, sizes: tuple[int, int],
               reserve: tuple[int, int, int, int] | None) -> BannerFit:
    """``fit_banner`` with the game's fonts, kept (the banner is drawn every frame)."""
    return fit_banner(text, Rect(rect), font_measure(role, style.font), max_size=sizes[0], min_size=sizes[1],
                      reserve=Rect(reserve) if reserve else None)


def draw_banner(surface: pygame.Surface, rect: Rect, text: str, mine: bool, ctx: DrawContext,
                reserve: Rect | None = None) -> BannerFit:
    """The banner with the whole of ``text`` (wrapped, shrunk, grown upwards if it must),
    clear of the button ``reserve``; returns where the words went."""
    role = "bold" if mine else "body"
    fit = banner_fit(text, (rect.x, rect.y, rect.w, rect.h), role, banner_sizes(ctx, rect),
                     (reserve.x, reserve.y, reserve.w, reserve.h) if reserve else None)
    r = fit.box
    radius = max(6, min(r.height, rect.height) // 4)
    body = pygame.Surface(r.size, pygame.SRCALPHA)
    if mine:
        pulse = 0.5 + 0.5 * abs(((ctx.time * 0.9) % 2) - 1)
        fill = (int(112 + 30 * pulse), 20, 24, 236)
    else:
        fill = (30, 18, 10, 220)
    pygame.draw.rect(body, fill, body.get_rect(), border_radius=radius)
    surface.blit(body, r)
    border = style.GOLD_LIGHT if mine else style.GOLD_DARK
    pygame.draw.rect(surface, border, r, width=2, border_radius=radius)
    inner = r.inflate(-8, -8)
    pygame.draw.rect(surface, style.GOLD_DARK, inner, width=1, border_radius=max(2, radius - 3))
    colour = style.CREAM if mine else style.PARCHMENT
    for line, lr in zip(fit.lines, fit.rects):
        t = ctx.texts.render(line, role, fit.size, colour)
        surface.blit(t, t.get_rect(midleft=(lr.left, lr.centery)))
    return fit


@dataclass
class Toast:
    text: str
    left: float
    total: float


class Toasts:
    def __init__(self) -> None:
        self.items: list[Toast] = []

    def show(self, text: str, seconds: float | None = None) -> None:
        """Show ``text``; long enough to read it (a hint with its reason takes longer)."""
        seconds = seconds if seconds is not None else max(2.8, len(text) / 14)
        self.items = [t for t in self.items if t.text != text][-2:]
        self.items.append(Toast(text, seconds, seconds))

    def update(self, dt: float) -> None:
        for t in self.items:
            t.left -= dt
        self.items = [t for t in self.items if t.left > 0]

    @property
    def latest(self) -> str | None:
        return self.items[-1].text if self.items else None

    def boxes(self, anchor: tuple[int, int], max_width: int, ctx: DrawContext, avoid: tuple[Rect, ...] = (),
              top: int = 0, below: int | None = None) -> list[tuple[Rect, Toast, int, tuple[str, ...]]]:
        """Where each toast goes, newest at the bottom: (box, toast, size, lines).  The stack
        stands on ``anchor`` (midbottom) unless it would cover one of ``avoid`` (the choice
        panel's buttons, which a hint may name): then it rises above them, and where there is
        no room for it below ``top`` it hangs from ``below`` instead (under the prompt)."""
        width = max_width - 4 * ctx.unit
        gap = ctx.unit // 2
        sized = []
        for t in reversed(self.items):
            size, lines = _toast_lines(t.text, width, ctx)
            imgs = [ctx.texts.render(line, "bold", size, style.CREAM) for line in lines]
            w = max(i.get_width() for i in imgs) + 3 * ctx.unit
            h = sum(i.get_height() for i in imgs) + ctx.unit
            sized.append((t, size, lines, w, h))
        if not sized:
            return []
        total = sum(h for *_, h in sized) + gap * (len(sized) - 1)
        span_w = max(w for *_, w, _ in sized)
        y = anchor[1]
        for _ in range(len(avoid) + 1):
            span = Rect(0, 0, span_w, total)
            span.midbottom = (anchor[0], y)
            hit = [r for r in avoid if r.width and r.height and span.colliderect(r)]
            if not hit:
                break
            y = min(r.top for r in hit) - gap
            if y - total < top:
                if below is not None:
                    y = below + total
                    break
                y = top + total
        out = []
        for t, size, lines, w, h in sized:
            box = Rect(0, 0, w, h)
            box.midbottom = (anchor[0], y)
            out.append((box, t, size, lines))
            y = box.top - gap
        return out

    def place(self, L, choice: "ChoicePanel", ctx: DrawContext,
              keep_clear: tuple[Rect, ...] = ()) -> list[tuple[Rect, Toast, int, tuple[str, ...]]]:
        """The boxes on the table (layout ``L``): just above the prompt banner, over the war
        stack (beside the piles, whose names and turns left stay in sight), clear of the choice
        panel's buttons (a hint names one of them) and of ``keep_clear`` (the piles' words)."""
        avoid = ((Rect(choice.rect),) if choice.visible else ()) + tuple(r for r in keep_clear if r.width)
        return self.boxes((L.war_stack.centerx, L.prompt.top - L.unit // 2), L.war_stack.width, ctx, avoid,
                          L.war_stack.top, L.prompt.bottom + L.unit // 2)

    def draw_at(self, surface: pygame.Surface, L, choice: "ChoicePanel", ctx: DrawContext,
                keep_clear: tuple[Rect, ...] = ()) -> None:
        self._draw(surface, self.place(L, choice, ctx, keep_clear), ctx)

    def draw(self, surface: pygame.Surface, anchor: tuple[int, int], max_width: int, ctx: DrawContext,
             avoid: tuple[Rect, ...] = (), top: int = 0, below: int | None = None) -> None:
        """Newest at the bottom; each toast whole, on up to three balanced lines, clear of
        ``avoid`` (see `boxes`)."""
        self._draw(surface, self.boxes(anchor, max_width, ctx, avoid, top, below), ctx)

    def _draw(self, surface: pygame.Surface, boxes: list[tuple[Rect, Toast, int, tuple[str, ...]]],
              ctx: DrawContext) -> None:
        for box, t, size, lines in boxes:
            imgs = [ctx.texts.render(line, "bold", size, style.CREAM) for line in lines]
            alpha = 255 if t.left > 0.5 else int(255 * t.left / 0.5)
            panel = pygame.Surface(box.size, pygame.SRCALPHA)
            radius = min(box.height // 3, 3 * ctx.unit)
            pygame.draw.rect(panel, (60, 8, 10, min(235, alpha)), panel.get_rect(), border_radius=radius)
            pygame.draw.rect(panel, (*style.GOLD, alpha), panel.get_rect(), width=2, border_radius=radius)
            ty = ctx.unit // 2
            for img in imgs:
                img.set_alpha(alpha)
                panel.blit(img, img.get_rect(midtop=(box.width // 2, ty)))
                img.set_alpha(None)
                ty += img.get_height()
            surface.blit(panel, box)


def _toast_lines(text: str, width: int, ctx: DrawContext) -> tuple[int, tuple[str, ...]]:
    return _toast_fit(text, width, ctx.fs(1.15), max(10, ctx.fs(0.9)))


@sized_lru(64)
def _toast_fit(text: str, width: int, top: int, least: int) -> tuple[int, tuple[str, ...]]:
    """The largest size (down to ``least``) at which ``text`` takes three lines at most."""
    for size in range(top, least - 1, -1):
        font = style.font("bold", size)
        lines = balanced(text, width, width_in(font))
        if len(lines) <= 3 and all(font.size(line)[0] <= width for line in lines):
            return size, tuple(lines)
    font = style.font("bold", least)
    return least, tuple(balanced(text, width, lambda s: font.size(s)[0]))


def action_label(a: Action, narrator: Narrator, s: PublicView) -> str:
    return narrator.action(a, s)
