"""Each player's area: the info box, the cities as tableaus, the chronicles.

A city is drawn as its card with its buildings tucked under it: one tab per kind of
building (walls, Moat, churches ×n, …) peeks out below the card, so kinds and counts read
at a glance.  On the card sit the city's current Glory (gold sun, bottom right), its wall
Strength (steel shield, bottom left) and, with the Prince's Throne, a crown (top right).
Chronicles, Byzantine Aid's troop and Invasion/Silence lie before the player as chips.

``area_geometry`` is pure geometry (also used for hit-testing and animation targets);
``draw_area`` paints one area from it.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from knjazja.app.wording.card_names import chip_names
from knjazja.app.wording.i18n import tr
from knjazja.app.wording.typography import number
from knjazja.app.table.table_view import TableView
from knjazja.engine.cards import CARD_ID, CARDS, STRENGTH
from knjazja.engine.scoring import city_score
from knjazja.ui import style
from knjazja.ui.art.city_tabs import OTHER_COLOURS, TAB_COLOURS
from knjazja.ui.art.icons import icon_name_for
from knjazja.ui.table.city_slots import (CitySlot, Tab, badge_size, make_tabs, pill_size, place_cities,  # noqa: F401
                                         tab_height, tab_label_size)
from knjazja.ui.table.context import DrawContext
from knjazja.ui.table.layout import PlayerArea
from knjazja.ui.table.plates import Plate, draw_plate, plate_geometry
from knjazja.ui.table.sprites import TextCache


@dataclass
class Chip:
    rect: Rect
    card: int
    troop: int = -1           # Byzantine Aid: the troop under it
    before: bool = False      # Invasion / Silence laid before the player
    compact: bool = False     # only its icon and value: no room for its name


@dataclass
class AreaGeom:
    seat: int
    area: PlayerArea
    cities: list[CitySlot]
    chips: list[Chip]
    hand_anchor: Rect          # the small hand in the info box (flights to/from this hand)
    glory_rect: Rect
    name_rect: Rect
    status_rect: Rect
    card_size: tuple[int, int]
    plate: Plate

    @property
    def rect(self) -> Rect:
        return self.area.rect

    def content(self) -> tuple[Rect, ...]:
        """Everything the area shows: its cities (with their tabs and badges), chips and plate."""
        p = self.plate
        return tuple(s.rect for s in self.cities) + tuple(c.rect for c in self.chips) + (p.name, p.hand, p.glory)

    def city_slot(self, city: int) -> CitySlot | None:
        for slot in self.cities:
            if slot.city == city:
                return slot
        return None

    def next_city_rect(self) -> Rect:
        """Where a new city would appear in this area."""
        cw, ch = self.card_size
        if self.cities:
            last = self.cities[-1].card
            r = Rect(last.right + max(4, cw // 8), last.top, cw, ch)
            if r.right <= self.area.cities.right:
                return r
            return last.copy()
        return Rect(self.area.cities.left, self.area.cities.top, cw, ch)

    def chip_of(self, card: int) -> Chip | None:
        for chip in self.chips:
            if chip.card == card or chip.troop == card:
                return chip
        return None


def tab_parts(tab: Tab, texts: TextCache) -> tuple[Rect, Rect | None]:
    """(the icon's box, the count's pill or None) inside ``tab.rect``."""
    r = tab.rect
    th = r.height - 3
    icon_box = Rect(r.left + 1, r.top + 3, th - 2, th - 1)
    if not tab.label:
        return icon_box, None
    pw, ph = pill_size(tab_text(tab), th, texts)
    pill = Rect(0, 0, min(pw, r.width - 2), ph)
    if tab.compact:                 # on the icon's corner, below the card it is tucked under
        pill.height = min(pill.height, r.height - 4)
        pill.bottomright = (r.right - 1, r.bottom - 1)
    else:
        pill.midright = (r.right - 1, icon_box.centery)
    return icon_box, pill


def tab_text(tab: Tab) -> str:
    """The words on a tab's pill: "×2", or the bare "2" on a compact tab."""
    return tab.label.lstrip("×") if tab.compact else tab.label


def _chip_height(ctx: DrawContext, rect: Rect) -> int:
    return max(14, min(rect.height, round(ctx.unit * 1.7)))


CHIP_MIN_WIDTH = 5.2     # chip heights: narrower chips wrap to another row


def _strip_rows(h: int, n: int, rect: Rect, room_above: int) -> tuple[int, int, Rect]:
    """(gap, rows, strip) for ``n`` chips ``h`` high: as many rows as the strip holds, grown
    upwards into ``room_above`` while chips wide enough for a name need more."""
    gap = max(2, h // 7)
    fit = max(1, (rect.width + gap) // (round(h * CHIP_MIN_WIDTH) + gap))
    rows = max(1, (rect.height + gap) // (h + gap))
    want = -(-n // fit)
    if want > rows:                      # grow upwards into free room
        extra = min(want - rows, (room_above + (rect.height + gap) % (h + gap)) // (h + gap))
        rows += max(0, extra)
        rect = Rect(rect.left, rect.bottom - rows * (h + gap) + gap, rect.width, rows * (h + gap) - gap)
    return gap, rows, rect


def _strip_chips(items: list[Chip], h: int, rect: Rect, room_above: int) -> None:
    """Lay ``items`` out ``h`` high in the strip ``rect`` (grown upwards as it may)."""
    gap, rows, rect = _strip_rows(h, len(items), rect, room_above)
    per_row = -(-len(items) // rows)
    w = min(round(h * 7.5), (rect.width - gap * (per_row - 1)) // per_row)
    for i, chip in enumerate(items):
        r, c = divmod(i, per_row)
        chip.rect = Rect(rect.left + c * (w + gap), rect.top + r * (h + gap), w, h)


def _compact_nameless(items: list[Chip], rect: Rect, ctx: DrawContext) -> None:
    """Where even thin chips leave no room for a name, a chip without one is only its icon and
    its value (its card zooms on hover); each row closes up behind it."""
    for chip in items:
        name, size, avail = chip_label(chip, ctx)
        if ctx.texts.font("body", max(9, round(size * 0.85))).size(name)[0] > avail:
            value = chip_value(chip.card, chip.troop) if not chip.before else ""
            h = chip.rect.height
            w = min(chip.rect.width, max(h, 10) + (h if value else 0) + 2)     # never wider than laid out
            chip.rect = Rect(chip.rect.left, chip.rect.top, w, h)
            chip.compact = True
    for top in sorted({c.rect.top for c in items}):
        row = [c for c in items if c.rect.top == top]
        gap = max(2, row[0].rect.height // 7)
        x = rect.left
        for c in row:
            c.rect.left = x
            x += c.rect.width + gap


def _named(items: list[Chip], ctx: DrawContext) -> bool:
    """Every chip shows a name (whole or short) as laid out."""
    for chip in items:
        name, size, avail = chip_label(chip, ctx)
        if ctx.texts.font("body", max(9, round(size * 0.85))).size(name)[0] > avail:
            return False
    return True


def _place_chips(view: TableView, seat: int, rect: Rect, ctx: DrawContext, room_above: int = 0) -> list[Chip]:
    """Chips in ``rect``; a strip may grow up by ``room_above`` pixels for more rows, so no
    chip gets too narrow for a name."""
    items = [Chip(Rect(0, 0, 0, 0), c, view.under.get(c, -1)) for c in view.chronicles[seat]]
    items += [Chip(Rect(0, 0, 0, 0), c, before=True) for c in view.before[seat]]
    if not items:
        return []
    h = _chip_height(ctx, rect)
    gap = max(2, h // 7)
    if rect.width >= rect.height * 2.2:      # a strip: chips flow left to right, then wrap
        for x in range(h, 13, -1):           # thinner chips, in more rows, keep their names
            _strip_chips(items, x, rect, room_above)
            if _named(items, ctx):
                return items
        _strip_chips(items, h, rect, room_above)
        _compact_nameless(items, rect, ctx)
    else:                                      # a column: chips one under the other (thinner, then overlapping)
        h = _column_chip_height(ctx, rect, len(items))
        step = min(h + gap, (rect.height - h) // max(1, len(items) - 1)) if len(items) > 1 else h
        for i, chip in enumerate(items):
            chip.rect = Rect(rect.left, rect.top + i * step, rect.width, h)
        _compact_nameless(items, rect, ctx)
    return items


def _column_chip_height(ctx: DrawContext, rect: Rect, n: int) -> int:
    """Chips one under another in the column ``rect``: thinner as there are more of them."""
    h = _chip_height(ctx, rect)
    gap = max(2, h // 7)
    return max(14, min(h, (rect.height + gap) // max(1, n) - gap))


def area_geometry(view: TableView, area: PlayerArea, ctx: DrawContext,
                  neighbours: list[str] | None = None) -> AreaGeom:
    """``neighbours``: the names in strips like this area's (``plates.plate_geometry``)."""
    seat = area.seat
    grow = area.side in ("left", "right")
    plate = plate_geometry(area, ctx, neighbours)
    slots, card, squeezed = place_cities(view, seat, plate.cities, area.card_size, grow, ctx.texts, area.rect)
    chron = Rect(area.chronicles)
    if squeezed and area.horizontal and chron.left >= plate.cities.right:
        # cities that would overlap take the room of the chips' names: chips keep icon and value
        n = len(view.chronicles[seat]) + len(view.before[seat])
        h = _column_chip_height(ctx, chron, n)
        spare = chron.width - (max(h, 10) + h + 2) if n else chron.width
        wider = Rect(plate.cities.left, plate.cities.top, plate.cities.width + max(0, spare), plate.cities.height)
        tried = place_cities(view, seat, wider, area.card_size, grow, ctx.texts, area.rect)
        if spare > 0 and not tried[2]:
            slots, card = tried[0], tried[1]
            chron = Rect(chron.right - (chron.width - spare), chron.top, chron.width - spare, chron.height)
    if area.horizontal:   # a narrow column: widen it into the free end of the cities row
        used = max((sl.rect.right for sl in slots), default=area.cities.left)
        spare = area.cities.right - used - max(8, card[0] // 3)
        grow_by = max(0, min(spare, round(chron.width * 1.3)))
        chron.x -= grow_by
        chron.width += grow_by
    room = 0
    if not area.horizontal:   # the strip under the cities may grow into the row's free height
        used = max((sl.rect.bottom for sl in slots), default=area.cities.top)
        room = max(0, chron.top - used - max(3, ctx.unit // 3))
    chips = _place_chips(view, seat, chron, ctx, room)
    return AreaGeom(seat, area, slots, chips, plate.hand, plate.glory, plate.name, plate.status, card, plate)


# -- drawing -----------------------------------------------------------------------------------
def draw_city(surface: pygame.Surface, slot: CitySlot, view: TableView, ctx: DrawContext,
              *, glow: tuple[int, int, int] | None = None) -> None:
    city = view.cities.get(slot.city)
    if city is None:
        return
    sp, tx = ctx.sprites, ctx.texts
    r = slot.card
    # tabs first: tucked under the card
    for tab in slot.tabs:
        _draw_tab(surface, tab, ctx)
    shadow = sp.card_shadow(r.size)
    pad = (shadow.get_width() - r.width) // 2
    surface.blit(shadow, (r.x - pad + 2, r.y - pad + 3))
    surface.blit(sp.face(city.card, r.size, ctx.lang), r)
    if glow is not None:
        g = max(4, r.width // 10)
        surface.blit(sp.glow(r.size, glow, g), (r.x - g, r.y - g))
    # badges: Glory (sun) bottom right, wall Strength (shield) bottom left, crown top right
    b = badge_size(r.width)         # each reaches past the card as far as city_slots leaves room for
    glory = city.glory()
    sun = sp.badge("glory", str(glory), b, tx)
    surface.blit(sun, sun.get_rect(center=(r.right - b * 0.28, r.bottom - b * 0.5)))
    if city.wall_strength:
        sh = sp.badge("shield", str(city.wall_strength), round(b * 0.92), tx)
        surface.blit(sh, sh.get_rect(center=(r.left + b * 0.26, r.bottom - b * 0.5)))
    if city_score(city).throne > 1:
        cr = sp.crown(round(b * 0.8))
        surface.blit(cr, cr.get_rect(center=(r.right - b * 0.2, r.top + b * 0.12)))


def _draw_tab(surface: pygame.Surface, tab: Tab, ctx: DrawContext) -> None:
    fill, edge = TAB_COLOURS.get(tab.group, OTHER_COLOURS)
    r = tab.rect
    radius = max(2, r.width // 5)
    pygame.draw.rect(surface, (0, 0, 0), r.move(1, 2), border_radius=radius)
    pygame.draw.rect(surface, fill, r, border_radius=radius)
    pygame.draw.rect(surface, edge, r, width=1, border_radius=radius)
    icon_box, pill = tab_parts(tab, ctx.texts)
    cid = CARD_ID[tab.cards[0]]
    icon = ctx.sprites.icon(icon_name_for(cid, "building"), min(icon_box.width, icon_box.height))
    surface.blit(icon, icon.get_rect(center=icon_box.center))
    if pill is not None:            # the count on a dark pill beside the icon (or on its corner)
        lab = ctx.texts.render(tab_text(tab), "bold", tab_label_size(r.height - 3), style.CREAM, shadow=False)
        pygame.draw.rect(surface, (20, 12, 6), pill, border_radius=pill.height // 2)
        pygame.draw.rect(surface, edge, pill, width=1, border_radius=pill.height // 2)
        ink = lab.get_bounding_rect()          # its letters centred on the pill, not its line's box
        surface.blit(lab, (pill.centerx - ink.centerx, pill.centery - ink.centery))


def chip_value(card: int, troop: int) -> str:
    if troop >= 0:                  # Byzantine Aid: the troop's Strength is its Glory
        return f"+{STRENGTH[troop]}"
    g = CARDS[card].glory
    return number(g, sign=True) if g else ""


def chip_label(chip: Chip, ctx: DrawContext) -> tuple[str, int, int]:
    """(name, font size, width available) for a chip: the whole name if it fits at a
    readable size, else its short form (the zoom on hover shows the whole card)."""
    r = chip.rect
    value = chip_value(chip.card, chip.troop) if not chip.before else ""
    right = r.right - r.height if value else r.right - 3
    avail = right - (r.left + max(r.height, 10)) - 4
    size = round(r.height * 0.6)
    least = max(9, round(size * 0.85))
    names = chip_names(chip.card, ctx.lang)
    font = ctx.texts.font("body", least)
    return next((n for n in names if font.size(n)[0] <= avail), names[-1]), size, avail


def draw_chip(surface: pygame.Surface, chip: Chip, ctx: DrawContext) -> None:
    r = chip.rect
    card = chip.card
    kind_fill = (120, 22, 28) if chip.before else (92, 62, 38)
    radius = max(3, r.height // 4)
    pygame.draw.rect(surface, (0, 0, 0), r.move(1, 2), border_radius=radius)
    pygame.draw.rect(surface, (236, 222, 186), r, border_radius=radius)
    bar = Rect(r.left, r.top, max(r.height, 10), r.height)
    pygame.draw.rect(surface, kind_fill, bar, border_top_left_radius=radius, border_bottom_left_radius=radius)
    pygame.draw.rect(surface, (70, 44, 20), r, width=1, border_radius=radius)
    icon_name = "lightning" if chip.before else ("troop" if chip.troop >= 0 else "book")
    ic = ctx.sprites.icon(icon_name, bar.height - 4)
    surface.blit(ic, ic.get_rect(center=bar.center))
    value = chip_value(card, chip.troop) if not chip.before else ""
    if value:
        neg = value.startswith("−")
        badge = ctx.sprites.badge("neg" if neg else "glory", value, r.height, ctx.texts)
        surface.blit(badge, badge.get_rect(midright=(r.right, r.centery)))
    name, size, avail = chip_label(chip, ctx)
    least = max(9, round(size * 0.85))
    if ctx.texts.font("body", least).size(name)[0] <= avail:     # a name, never a stub of one
        t = ctx.texts.fit(name, "body", size, style.INK, avail, shadow=False, min_size=least)
        surface.blit(t, t.get_rect(midleft=(bar.right + 3, r.centery)))


def draw_area(surface: pygame.Surface, geom: AreaGeom, view: TableView, ctx: DrawContext, *,
              status: str = "", lit_cities: dict[int, tuple[int, int, int]] | None = None) -> None:
    for slot in geom.cities:
        if slot.city in view.flying_cities:
            continue
        glow = lit_cities.get(slot.city) if lit_cities else None
        draw_city(surface, slot, view, ctx, glow=glow)
    for chip in geom.chips:
        draw_chip(surface, chip, ctx)
    draw_plate(surface, geom, view, ctx, status=status)
    if not geom.cities and not geom.chips:
        hint = ctx.texts.render(tr("table.no_cities"), "body", ctx.fs(0.95), (150, 130, 100), shadow=False)
        r = geom.plate.cities
        if hint.get_width() < r.width:
            surface.blit(hint, hint.get_rect(center=r.center))
