"""A player's cities in his area, laid out: each city's card with one tab per kind of building
tucked under it, and the room its badges take beyond the card's edges.

A city's Glory (a sun) hangs off its card's bottom right, its wall Strength (a shield) off the
bottom left, the Prince's Throne's crown off the top right.  A slot keeps that room inside
itself, so a row of cities never lays one city's badge on its neighbour's card or badge, and
the area's panel keeps every badge and crown inside its edge.  Where a row has too little room
the cards get smaller, then the tabs carry their counts on their icons' corners; only where
even that fails do the cities overlap.  Pure geometry (``place_cities``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from pygame import Rect

from knjazja.app.table.table_view import TableView
from knjazja.engine.cards import CARDS
from knjazja.ui.art.city_tabs import TAB_ORDER, WALLS, tab_group
from knjazja.ui.table.sprites import TextCache

TAB_SHARE = 0.28        # a building tab's height to its city card's (the area keeps 0.28 for them)
# how far each badge reaches beyond its card, in badge sizes (``draw_city`` puts them there)
GLORY_OUT, SHIELD_OUT, CROWN_OUT = 0.22, 0.20, 0.28
LEAST_CARD_H = 35       # smaller city cards are not tried before the cities overlap (a face is 24×32 at least)


@dataclass
class Tab:
    rect: Rect
    cards: list[int]          # the building instances of this kind
    group: str                # key in city_tabs.TAB_ORDER
    label: str                # "×2", a wall's Strength, "" …
    compact: bool = False     # no room beside the icon: the bare number on the icon's corner


@dataclass
class CitySlot:
    city: int
    card: Rect                # the city's card face
    rect: Rect                # card + tabs + its badges' room (hit-testing the city)
    tabs: list[Tab] = field(default_factory=list)


def badge_size(card_w: int) -> int:
    """The side of a city card's Glory sun (the shield and the crown are scaled from it)."""
    return max(18, round(card_w * 0.46))


def _out(share: float, card_w: int) -> int:
    return math.ceil(share * badge_size(card_w)) + 1


def tab_groups(city) -> list[tuple[str, list[int]]]:
    groups: dict[str, list[int]] = {}
    for b in city.all_buildings():
        groups.setdefault(tab_group(b), []).append(b)
    return [(g, groups[g]) for g in TAB_ORDER if g in groups]


def tab_label(group: str, cards: list[int]) -> str:
    if group == WALLS:
        return str(CARDS[cards[0]].strength)
    return f"×{len(cards)}" if len(cards) > 1 else ""


def tab_height(card_h: float) -> int:
    """The building tabs under a city card of height ``card_h``: icons big enough to tell."""
    return max(12, round(card_h * TAB_SHARE))


def tab_label_size(th: int) -> int:
    """The font size of a tab's count ("×2"): legible on its dark backing."""
    return max(10, round(th * 0.62))


def pill_size(label: str, th: int, texts: TextCache) -> tuple[int, int]:
    """The dark pill a tab's count ("×2", a wall's Strength) is written on."""
    w, h = texts.font("bold", tab_label_size(th)).size(label)
    return w + 4, min(h, th)


def tab_width(label: str, th: int, texts: TextCache) -> int:
    """A tab: its icon, and beside it (never over the next tab) its count on a pill."""
    return th + (pill_size(label, th, texts)[0] + 1 if label else 0)


def row_width(city, th: int, texts: TextCache) -> int:
    """The tabs of ``city`` side by side, each count beside its icon."""
    return sum(tab_width(tab_label(g, cards), th, texts) + 1 for g, cards in tab_groups(city))


def make_tabs(city, card: Rect, th: int, texts: TextCache, room: int | None = None, wrap: int = 0) -> list[Tab]:
    """The tabs under a city's card, side by side from its left edge; where their row would
    be wider than ``room`` each count goes on its own icon's corner instead of beside it, and
    such a row wider than ``wrap`` (if given) goes on under itself."""
    compact = room is not None and row_width(city, th, texts) > max(room, card.width)
    tabs, x, y = [], card.left, card.bottom - 3
    for g, cards in tab_groups(city):
        label = tab_label(g, cards)
        w = th if compact else tab_width(label, th, texts)
        if compact and wrap and x > card.left and x + w > card.left + wrap:
            x, y = card.left, y + th + 4        # (a wrapped row is not tucked under the one above)
        tabs.append(Tab(Rect(x, y, w, th + 3), cards, g, label, compact))
        x += w + 1
    return tabs


@dataclass(frozen=True)
class _Try:
    cw: int
    ch: int
    th: int
    gap: int
    room: int                 # a tab row wider than this carries its counts on the icons
    leads: list[int]          # each slot: room for the shield left of the card
    widths: list[int]         # each slot, its lead included
    lines: list[int]          # each slot: its rows of tabs
    rows: list[list[int]]
    row_gap: int              # between rows of cities (a crown reaches up into it)

    def row_height(self, row: list[int]) -> int:
        return self.ch + self.th + (max((self.lines[i] for i in row), default=1) - 1) * (self.th + 4)


def _tab_room(city, cw: int, th: int, compact: bool, room: int, texts: TextCache) -> tuple[int, int]:
    """(width, rows) of ``city``'s tabs: one row, or compact ones wrapped to the card's room."""
    groups = len(tab_groups(city))
    full = row_width(city, th, texts)
    if full <= max(room, cw):
        return full, 1
    if not compact:
        return groups * (th + 1), 1
    per_row = max(1, (cw + _out(GLORY_OUT, cw) + 1) // (th + 1))
    return min(groups, per_row) * (th + 1), -(-groups // per_row)


def _attempt(cities: list, rect: Rect, ch: int, compact: bool, texts: TextCache) -> _Try | None:
    """The cities at card height ``ch`` (tabs compact and wrapped, or not) in rows in
    ``rect``, or None."""
    th = tab_height(ch)
    cw = ch * 5 // 7
    gap = max(4, cw // 8)
    room = cw if compact else rect.width
    leads = [_out(SHIELD_OUT, cw) if c.wall_strength else 0 for c in cities]
    widths, lines = [], []
    for c, lead in zip(cities, leads):
        tabs, n = _tab_room(c, cw, th, compact, room, texts)
        widths.append(lead + max(cw + _out(GLORY_OUT, cw), tabs))
        lines.append(n)
    rows: list[list[int]] = [[]]
    x = 0
    for i, w in enumerate(widths):
        if rows[-1] and x + w > rect.width:
            rows.append([])
            x = 0
        rows[-1].append(i)
        x += w + gap
    crowned = any(cities[i].throne() >= 0 for r in rows[1:] for i in r)        # below another row
    t = _Try(cw, ch, th, gap, room, leads, widths, lines, rows, max(3, th // 3, _out(CROWN_OUT, cw) if crowned else 0))
    if sum(t.row_height(r) for r in rows) + t.row_gap * (len(rows) - 1) > rect.height or any(
            sum(widths[i] for i in r) + gap * (len(r) - 1) > rect.width for r in rows):
        return None
    return t


def _squeezed(cities: list, rect: Rect, base_h: int, texts: TextCache) -> _Try:
    """Every city on one row, overlapping: the last resort."""
    ch = max(LEAST_CARD_H, min(round(base_h * 0.7), rect.height - tab_height(base_h * 0.7)))
    th = tab_height(ch)
    cw = round(ch * 5 / 7)
    widths = [max(cw, len(tab_groups(c)) * (th + 1)) for c in cities]
    total = sum(widths)
    gap = -((total - rect.width) // (len(cities) - 1)) if len(cities) > 1 and total > rect.width else max(4, cw // 8)
    return _Try(cw, ch, th, gap, cw, [0] * len(cities), widths, [1] * len(cities), [list(range(len(cities)))], 0)


def place_cities(view: TableView, seat: int, rect: Rect, card: tuple[int, int], allow_grow: bool,
                 texts: TextCache, panel: Rect | None = None) -> tuple[list[CitySlot], tuple[int, int], bool]:
    """The slots of ``seat``'s cities in ``rect`` (cards near ``card`` in size, larger when
    ``allow_grow``), their badges and crowns inside ``panel``; the cards' size; and whether
    they had to overlap."""
    cities = list(view.cities_of(seat))
    base_h = card[1]
    top = 0
    if panel is not None and any(c.throne() >= 0 for c in cities):      # a crown above the top row
        top = max(0, _out(CROWN_OUT, card[0]) - (rect.top - panel.top))
    inner = Rect(rect.left, rect.top + top, rect.width, rect.height - top)
    scales = (1.35, 1.2, 1.0, 0.9, 0.8, 0.7) if allow_grow else (1.0, 0.9, 0.8, 0.7)
    found = None
    for compact in (False, True):
        heights = [round(base_h * s) for s in scales] + ([LEAST_CARD_H] if compact else [])
        for h in heights:
            ch = min(h, inner.height - tab_height(h)) // 7 * 7       # whole steps: few sizes to cache
            if ch < LEAST_CARD_H:
                continue
            found = _attempt(cities, inner, ch, compact, texts)
            if found is not None:
                break
        if found is not None:
            break
    t = found if found is not None else _squeezed(cities, inner, base_h, texts)
    slots: list[CitySlot] = []
    y = inner.top
    for row in t.rows:
        x = inner.left
        for i in row:
            c = cities[i]
            card_r = Rect(x + t.leads[i], y, t.cw, t.ch)
            wrap = t.widths[i] - t.leads[i] if t.lines[i] > 1 else 0
            slots.append(CitySlot(c.card, card_r, Rect(x, y, t.widths[i], t.row_height([i])),
                                  make_tabs(c, card_r, t.th, texts, t.room, wrap)))
            x += t.widths[i] + t.gap
        y += t.row_height(row) + t.row_gap
    return slots, (t.cw, t.ch), found is None and len(cities) > 1
