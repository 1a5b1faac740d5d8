"""A seat's name plate: the seat's icon and the prince's name, the size of his hand, his Glory.

A prince's name is his player's identity: it is shown whole wherever it fits at a readable
size — shrunk as far as ``NAME_MIN``, else on two lines, cut only when even that cannot hold
it (a single word longer than the plate).  In a box (a seat along the bottom, or on top at
a wide table) the name has a row of its own.  In a strip (a seat in a side column or in a
crowded top row) name, hand and Glory share one line; where that line leaves some prince's
name too little room, the hand and the Glory stand in a column at the right end of the
cities' row instead and the name has the whole strip.  A seat a network host's bot plays for
its absent player reads «Олег · бот» (``plate_name``), fitted like any name.  Pure geometry
(``plate_geometry``, ``fit_name``) on measured text, drawn by ``draw_plate``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from knjazja.app.table.table_view import TableView
from knjazja.app.wording.i18n import tr
from knjazja.app.wording.typography import number
from knjazja.engine.scoring import seat_score
from knjazja.ui import style
from knjazja.ui.table.banner import balanced, width_in
from knjazja.ui.table.context import DrawContext
from knjazja.ui.table.layout import PlayerArea
from knjazja.ui.table.sprites import TextCache, seat_colour

if TYPE_CHECKING:
    from knjazja.ui.table.areas import AreaGeom

NAME_MIN = 9            # px: the smallest a name is set in
STRIP_NAME_SHARE = 0.85  # a strip keeps its one line while every name fits it at this share of its size


@dataclass(frozen=True)
class Plate:
    name: Rect          # the seat's icon and the name
    hand: Rect          # the small backs and the count
    glory: Rect         # the Glory badge (and, in a box, its word)
    status: Rect        # a box's third row (a strip has none: the name's rect)
    glory_size: int     # the badge's size
    column: bool        # hand and Glory in a column beside the cities
    cities: Rect        # what is left of the cities' row for the cities


@dataclass(frozen=True)
class NameFit:
    size: int
    lines: tuple[str, ...]
    rects: tuple[Rect, ...]         # where each line is drawn (its text box)


def plate_name(ctx: DrawContext, seat: int) -> str:
    """The name on ``seat``'s plate: the prince's, with the bot's mark while a stand-in plays it."""
    name = ctx.names[seat] if 0 <= seat < len(ctx.names) else f"#{seat + 1}"
    if seat < len(ctx.stand_ins) and ctx.stand_ins[seat]:
        return tr("net.standin.plate", lang=ctx.lang, name=name)
    return name


def plate_names(ctx: DrawContext) -> list[str]:
    """Every seat's plate name (``plate_name``)."""
    return [plate_name(ctx, seat) for seat in range(len(ctx.names))]


def icon_size(name_rect: Rect, unit: int) -> int:
    return max(12, min(name_rect.height - 4, round(unit * 1.3)))


def name_box(name_rect: Rect, unit: int) -> Rect:
    """Where the name's words may go: right of the seat's icon."""
    left = name_rect.left + icon_size(name_rect, unit) + 4 + 5
    return Rect(left, name_rect.top, max(1, name_rect.right - 1 - left), name_rect.height)


def name_size(name_rect: Rect, unit: int) -> int:
    """The size a name is set in when it fits."""
    return max(NAME_MIN, min(round(name_rect.height * 0.62), max(9, round(unit * 1.15))))


def _line_step(font: pygame.font.Font) -> int:
    """From one line of a name to the next: its letters, not the font's whole leading."""
    return font.get_ascent() + 1


def fit_name(name: str, box: Rect, size: int, texts: TextCache) -> NameFit:
    """``name`` in ``box``: one line as large as fits down to NAME_MIN, else two balanced
    lines at the largest size whose two lines fit the box's height, else cut at NAME_MIN."""
    for s in range(size, NAME_MIN - 1, -1):
        f = texts.font("bold", s)
        if f.size(name)[0] <= box.width:
            return _placed(box, s, (name,), texts)
    if " " in name.strip():
        for s in range(size, NAME_MIN - 1, -1):
            f = texts.font("bold", s)
            lines = balanced(name, box.width, width_in(f))
            if (len(lines) == 2 and all(f.size(x)[0] <= box.width for x in lines)
                    and _line_step(f) + f.get_linesize() <= box.height):
                return _placed(box, s, tuple(lines), texts)
    f = texts.font("bold", NAME_MIN)
    shown = name
    while len(shown) > 1 and f.size(shown + "…")[0] > box.width:
        shown = shown[:-1]
    return _placed(box, NAME_MIN, (shown.rstrip() + "…",), texts)


def _placed(box: Rect, size: int, lines: tuple[str, ...], texts: TextCache) -> NameFit:
    f = texts.font("bold", size)
    step = _line_step(f)
    block = step * (len(lines) - 1) + f.get_linesize()
    top = box.centery - block // 2
    rects = tuple(Rect(box.left, top + i * step, f.size(x)[0], f.get_linesize()) for i, x in enumerate(lines))
    return NameFit(size, lines, rects)


def _strip_hand_width(h: int, ctx: DrawContext) -> int:
    """A strip's hand: one small back and its count ("×10" at the widest)."""
    bh = max(12, min(h - 4, round(ctx.unit * 1.7)))
    count = ctx.texts.font("bold", min(round(h * 0.6), ctx.fs(1.1))).size("×10")[0]
    return 2 + round(bh * 5 / 7) + 4 + count + 3


def plate_geometry(area: PlayerArea, ctx: DrawContext, neighbours: list[str] | None = None) -> Plate:
    """The plate of ``area``; a strip keeps its one line while each of ``neighbours`` (the names
    in strips like it; by default every prince's) fits it, so strips alike look alike."""
    info = area.info
    if area.horizontal:        # a box: name / hand + Glory / status
        row = info.height // 3
        mid = Rect(info.left, info.top + row, info.width, row)
        glory = Rect(mid.centerx, mid.top, mid.width - mid.width // 2, mid.height)
        size = max(18, min(round(glory.height * 0.95), round(ctx.unit * 2.4)))
        return Plate(Rect(info.left, info.top, info.width, row), Rect(mid.left, mid.top, mid.width // 2, row),
                     glory, Rect(info.left, info.top + 2 * row, info.width, info.height - 2 * row), size,
                     False, area.cities)
    h = info.height            # a strip: name … hand … Glory in one line
    size = max(16, round(h * 1.2))
    glory = Rect(info.right - size - 4, info.top, size + 4, h)
    hand_w = _strip_hand_width(h, ctx)
    hand = Rect(glory.left - hand_w - 2, info.top, hand_w, h)
    name = Rect(info.left, info.top, hand.left - info.left - 4, h)
    box = name_box(name, ctx.unit)
    least = max(NAME_MIN, round(name_size(name, ctx.unit) * STRIP_NAME_SHARE))
    font = ctx.texts.font("bold", least)
    if all(font.size(n)[0] <= box.width for n in (plate_names(ctx) if neighbours is None else neighbours)):
        return Plate(name, hand, glory, name, size, False, area.cities)
    # some prince's name needs the whole strip: hand and Glory go beside the cities
    cities = area.cities
    col_w = max(size + 4, hand_w)
    if cities.height < size + 4 + h or cities.width < 3 * col_w:      # no room there: keep the line
        return Plate(name, hand, glory, name, size, False, area.cities)
    glory = Rect(cities.right - col_w, cities.top, col_w, size + 2)
    hand = Rect(glory.left, glory.bottom + 2, col_w, h)
    name = Rect(info)
    return Plate(name, hand, glory, name, size, True,
                 Rect(cities.left, cities.top, cities.width - col_w - max(4, ctx.unit // 2), cities.height))


def draw_plate(surface: pygame.Surface, geom: AreaGeom, view: TableView, ctx: DrawContext, *,
               status: str = "", status_colour=style.GOLD_LIGHT) -> None:
    seat, p = geom.seat, geom.plate
    tx, sp = ctx.texts, ctx.sprites
    name_r = p.name
    # seat colour stripe and kind icon
    size = icon_size(name_r, ctx.unit)
    stripe = Rect(name_r.left, name_r.centery - size // 2 - 2, size + 4, size + 4)
    pygame.draw.rect(surface, seat_colour(seat), stripe, border_radius=4)
    pygame.draw.rect(surface, style.GOLD_DARK, stripe, width=1, border_radius=4)
    icon = sp.seat_icon(ctx.humans[seat], size, style.CREAM)
    surface.blit(icon, icon.get_rect(center=stripe.center))
    fit = fit_name(plate_name(ctx, seat), name_box(name_r, ctx.unit), name_size(name_r, ctx.unit), tx)
    for line, r in zip(fit.lines, fit.rects):
        surface.blit(tx.render(line, "bold", fit.size, style.GOLD_LIGHT), r.topleft)
    _draw_hand(surface, p.hand, len(view.hands[seat]), 3 if geom.area.horizontal else 1, ctx, p.column)
    # Glory so far
    gr = p.glory
    total = seat_score(view, seat).total
    sun = sp.badge("glory" if total >= 0 else "neg", number(total), p.glory_size, tx)
    surface.blit(sun, sun.get_rect(center=gr.center) if p.column else sun.get_rect(midright=(gr.right - 2, gr.centery)))
    if geom.area.horizontal:
        room = gr.width - p.glory_size - 6
        t = tx.fit(tr("table.glory"), "body", max(9, min(round(gr.height * 0.42), ctx.fs(0.9))), style.MUTED,
                   room, shadow=False, min_size=9, ellipsis=False)
        if t.get_width() <= room + 2:
            surface.blit(t, t.get_rect(midright=(gr.right - p.glory_size - 4, gr.centery)))
    if status and p.status is not p.name:
        sr = p.status
        t = tx.fit(status, "body", min(round(sr.height * 0.62), ctx.fs(1.0)), status_colour,
                   sr.width - 4, min_size=8)
        surface.blit(t, t.get_rect(midleft=(sr.left + 2, sr.centery)))


def _draw_hand(surface: pygame.Surface, ha: Rect, n: int, most: int, ctx: DrawContext,
               centred: bool = False) -> None:
    """Up to ``most`` small backs and the number of cards in hand (``centred`` in ``ha``)."""
    tx, sp = ctx.texts, ctx.sprites
    bh = max(12, min(ha.height - 4, round(ctx.unit * 1.7)))
    bw = round(bh * 5 / 7)
    back = sp.back((max(24, bw), max(32, bh))) if bh >= 32 else None
    shown = min(n, most)
    cnt = tx.render(f"×{n}", "bold", min(round(ha.height * 0.6), ctx.fs(1.1)), style.CREAM)
    width = (shown - 1) * max(3, bw // 3) + bw + 4 + cnt.get_width() if shown else cnt.get_width()
    x = ha.centerx - width // 2 if centred else ha.left + 2
    for i in range(shown):
        r = Rect(x + i * max(3, bw // 3), ha.centery - bh // 2, bw, bh)
        if back is not None:
            surface.blit(back, r)
        else:
            pygame.draw.rect(surface, (120, 20, 26), r, border_radius=2)
            pygame.draw.rect(surface, style.GOLD, r, width=1, border_radius=2)
    num_x = x + (shown - 1) * max(3, bw // 3) + bw + 4 if shown else x
    surface.blit(cnt, cnt.get_rect(midleft=(num_x, ha.centery)))
