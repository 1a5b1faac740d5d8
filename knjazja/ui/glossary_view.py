"""Game terms in drawn text: where they are (to underline them and to hover them) and the
one-line definition shown on hover.  The words and definitions are ``app.glossary``'s."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from knjazja.app.wording import glossary
from knjazja.ui import style


def term_rects(lines: list[str], fnt: pygame.font.Font, topleft: tuple[int, int], line_h: int,
               lang: str) -> list[tuple[pygame.Rect, str]]:
    """(screen rect, term) of every term word in ``lines`` drawn left-aligned from ``topleft``."""
    out = []
    x0, y = topleft
    for line in lines:
        for start, end, term in glossary.find_terms(line, lang):
            left = x0 + fnt.size(line[:start])[0]
            out.append((pygame.Rect(left, y, fnt.size(line[start:end])[0], fnt.get_height()), term))
        y += line_h
    return out


def underline(surface: pygame.Surface, rects: list[tuple[pygame.Rect, str]], colour=style.GOLD) -> None:
    """A dotted line under each term word: it can be hovered."""
    for r, _ in rects:
        y = r.bottom - max(1, r.height // 10)
        for x in range(r.left, r.right, 4):
            pygame.draw.line(surface, colour, (x, y), (min(x + 1, r.right), y))


def term_at(rects: list[tuple[pygame.Rect, str]], pos: tuple[int, int]) -> str | None:
    return next((term for r, term in rects if r.collidepoint(pos)), None)


def draw_tooltip(surface: pygame.Surface, text: str, near: tuple[int, int], size: int,
                 max_width: int) -> pygame.Rect:
    """A small dark box with ``text`` just below ``near`` (kept inside the window)."""
    from knjazja.ui.widgets import wrap_text
    fnt = style.font("body", size)
    pad = max(4, size // 2)
    lines = wrap_text(text, fnt, max_width - 2 * pad)
    w = max(fnt.size(line)[0] for line in lines) + 2 * pad
    h = len(lines) * fnt.get_linesize() + 2 * pad
    box = pygame.Rect(0, 0, w, h)
    box.midtop = (near[0], near[1] + size)
    box.clamp_ip(surface.get_rect())
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (24, 14, 8, 240), panel.get_rect(), border_radius=pad)
    pygame.draw.rect(panel, (*style.GOLD, 255), panel.get_rect(), width=1, border_radius=pad)
    surface.blit(panel, box)
    y = box.top + pad
    for line in lines:
        style.blit_text(surface, line, fnt, style.CREAM, topleft=(box.left + pad, y))
        y += fnt.get_linesize()
    return box


def legend_box(lines: list[str], card: pygame.Rect, size: int, window: tuple[int, int],
               avoid: Sequence[pygame.Rect] = ()) -> tuple[pygame.Rect, list[str]]:
    """(the box, its wrapped lines) for the definitions of a card's terms: under the card
    shown large, else above it, else beside it — the first place inside the window that
    covers none of ``avoid`` (the prompt bar); failing that, the nearest spot off them."""
    from knjazja.ui.widgets import wrap_text
    fnt = style.font("body", size)
    pad = max(4, size // 2)
    width = max(card.width, round(card.width * 1.3))
    wrapped = [part for line in lines for part in wrap_text(line, fnt, width - 2 * pad)]
    box = pygame.Rect(0, 0, width, len(wrapped) * fnt.get_linesize() + 2 * pad)
    screen = pygame.Rect((0, 0), window)
    places = []
    for anchor, point, shift in (("midtop", card.midbottom, (0, pad)), ("midbottom", card.midtop, (0, -pad)),
                                 ("topleft", card.topright, (pad, 0)), ("topright", card.topleft, (-pad, 0)),
                                 ("bottomleft", card.bottomright, (pad, 0)),
                                 ("bottomright", card.bottomleft, (-pad, 0))):
        b = pygame.Rect(box)
        setattr(b, anchor, point)
        b.move_ip(shift)
        if shift[0] == 0:                  # above or below: slid along the card's edge into the window
            b.left = max(screen.left, min(b.left, screen.right - b.width))
        places.append(b)
    fits = [b for b in places if screen.contains(b) and not b.colliderect(card)]
    clear = [b for b in fits if not any(b.colliderect(a) for a in avoid if a.width)]
    if clear:
        return clear[0], wrapped
    box = (fits or [places[0].clamp(screen)])[0]
    from knjazja.ui.table.overlays import keep_clear       # moved off them as little as it can
    keep_clear(box, window, [*avoid, card], pad, card)
    return box, wrapped


def draw_legend(surface: pygame.Surface, lines: list[str], card: pygame.Rect, size: int,
                avoid: Sequence[pygame.Rect] = ()) -> None:
    """The definitions of a card's terms in a box beside the card shown large (``legend_box``)."""
    if not lines:
        return
    fnt = style.font("body", size)
    pad = max(4, size // 2)
    box, wrapped = legend_box(lines, card, size, surface.get_size(), avoid)
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(panel, (24, 14, 8, 232), panel.get_rect(), border_radius=pad)
    surface.blit(panel, box)
    pygame.draw.rect(surface, style.GOLD_DARK, box, width=1, border_radius=pad)
    y = box.top + pad
    for line in wrapped:
        style.blit_text(surface, line, fnt, style.PARCHMENT, topleft=(box.left + pad, y))
        y += fnt.get_linesize()
