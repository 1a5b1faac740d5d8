"""A city on the table zoomed: its tableau as it stands, not its printed card.

The city's card, every building in it (walls and Moat too) as cards beside it, whose city it
is, its walls' Strength and its Glory worked out (the engine's ``city_score`` set out as
the results screen does: "Vladimir: (2 + 3) × 3 = 15").
"""
from __future__ import annotations

import pygame
from pygame import Rect

from knjazja.app.wording.card_names import short_name
from knjazja.app.wording.glory import glory_expression
from knjazja.app.wording.i18n import tr
from knjazja.app.wording.words import seat_word
from knjazja.engine.scoring import city_score
from knjazja.engine.state import City
from knjazja.ui import style
from knjazja.ui.table.context import DrawContext
from knjazja.ui.table.overlays import Clear, keep_clear, place_near, zoom_size


def tableau_rects(city: City, window: tuple[int, int], unit: int,
                  scale: float = 1.0) -> tuple[Rect, Rect, list[Rect]]:
    """(panel, city card, building cards) with the panel at the origin; ``scale`` < 1 sets
    the cards smaller (where the window has no room for them beside the prompt)."""
    zw, zh = (round(v * scale) for v in zoom_size(window))
    cw, ch = round(zw * 0.8), round(zh * 0.8)
    buildings = city.all_buildings()
    bh = round(ch * 0.48)
    bw = round(bh * 5 / 7)
    gap, pad = max(4, unit // 2), unit
    per_row = max(1, min(len(buildings), 3))
    rows = -(-len(buildings) // per_row) if buildings else 0
    text_h = 3 * round(unit * 1.5)
    grid_w = per_row * bw + (per_row - 1) * gap if buildings else 0
    width = pad * 2 + cw + (gap * 2 + grid_w if buildings else 0)
    height = pad * 2 + max(ch, rows * bh + max(0, rows - 1) * gap) + text_h
    panel = Rect(0, 0, max(width, round(cw * 1.6)), height)
    card = Rect(pad, pad, cw, ch)
    cards = []
    for i in range(len(buildings)):
        r, c = divmod(i, per_row)
        cards.append(Rect(card.right + 2 * gap + c * (bw + gap), pad + r * (bh + gap), bw, bh))
    return panel, card, cards


TABLEAU_SCALES = (1.0, 0.9, 0.8, 0.7, 0.6, 0.5)     # smaller, if that is what it takes to clear the prompt


def city_zoom_rect(city: City, window: tuple[int, int], near: Rect | tuple[int, int], unit: int,
                   clear: Clear = ((), ())) -> tuple[Rect, float]:
    """(the tableau's panel, its scale): beside ``near``, inside the window, off ``clear``
    — its cards set smaller where only that keeps it off the prompt bar."""
    placed = []
    for scale in TABLEAU_SCALES:
        panel, _, _ = tableau_rects(city, window, unit, scale)
        place_near(panel, near, window, unit)
        keep_clear(panel, window, clear[0], unit, near, clear[1])
        if not any(panel.colliderect(a) for a in clear[0] if a.width and a.height):
            return panel, scale
        placed.append(panel)
    return placed[0], 1.0


def draw_city_zoom(surface: pygame.Surface, city: City, owner: str, near: Rect | tuple[int, int],
                   ctx: DrawContext, clear: Clear = ((), ())) -> Rect:
    """The tableau of ``city`` beside ``near`` (a rect or the mouse), inside the window,
    off ``clear`` (the prompt bar)."""
    W, H = surface.get_size()
    panel, scale = city_zoom_rect(city, (W, H), near, ctx.unit, clear)
    _, card, cards = tableau_rects(city, (W, H), ctx.unit, scale)
    dx, dy = panel.topleft
    style.draw_panel(surface, panel, radius=max(6, ctx.unit // 2), bg=(28, 16, 8, 240))
    sp = ctx.sprites
    surface.blit(sp.face(city.card, card.size, ctx.lang), card.move(dx, dy))
    for b, r in zip(city.all_buildings(), cards):
        surface.blit(sp.face(b, r.size, ctx.lang), r.move(dx, dy))
    score = city_score(city)
    expr = glory_expression(score)
    glory = tr("table.city.glory_plain", total=score.total) if expr == str(score.total) else \
        tr("table.city.glory", expr=expr, total=score.total)
    owner_word = seat_word(owner, ctx.lang)
    lines = [(tr("table.city.owner", city=short_name(city.card, ctx.lang), seat=owner_word), style.GOLD_LIGHT, "bold"),
             (glory, style.CREAM, "body")]
    if city.wall_strength:
        lines.append((tr("table.war.walls", n=city.wall_strength), style.PARCHMENT, "body"))
    y = panel.top + card.bottom + ctx.unit // 2
    for text, colour, role in lines:
        t = ctx.texts.fit(text, role, ctx.fs(1.1), colour, panel.width - 2 * ctx.unit, min_size=10)
        surface.blit(t, (panel.left + ctx.unit, y))
        y += round(ctx.unit * 1.5)
    return panel
