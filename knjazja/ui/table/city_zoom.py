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
from knjazja.ui.table.overlays import place_near, zoom_size


def tableau_rects(city: City, window: tuple[int, int], unit: int) -> tuple[Rect, Rect, list[Rect]]:
    """(panel, city card, building cards) with the panel at the origin."""
    zw, zh = zoom_size(window)
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


def draw_city_zoom(surface: pygame.Surface, city: City, owner: str, near: Rect | tuple[int, int],
                   ctx: DrawContext) -> Rect:
    """The tableau of ``city`` beside ``near`` (a rect or the mouse), inside the window."""
    W, H = surface.get_size()
    panel, card, cards = tableau_rects(city, (W, H), ctx.unit)
    place_near(panel, near, (W, H), ctx.unit)
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
