"""Table geometry computed from the window size alone.

Pure functions: nothing here needs a display (``pygame.Rect`` works without one).  Every size
derives from one unit ``u`` (1/60 of the window height, or less on narrow windows), so the
table looks the same from 1280×720 to 3840×2160; card sizes keep the 5:7 ratio exactly
(``5u × 7u``).

Seats sit clockwise around the table with the viewing seat at the bottom.  Seen from above,
clockwise from the bottom runs up the left side, along the top from left to right, and down
the right side, so the next seats after the viewer appear on the left.

    ┌──────────── top opponents ───────────────┐┌──────┐
    │ [seat] [seat] [seat]                       ││ log  │
    ├──────┐┌──── centre ─────────────┐┌──────┤│      │
    │ left ││ deck discard  war stack ││ right││      │
    │ seats││ ───── prompt banner ─── ││ seats│├──────┤
    ├──────┴┴─────────────────────────┴┴──────┤│button│
    │ info │ own cities           │ chronicles ││button│
    │ hand                                       ││      │
    └────────────────────────────────────────────┘└──────┘

Rects are ``pygame.Rect`` objects shared by the layout: treat them as read-only (copy first).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from pygame import Rect

Side = Literal["bottom", "left", "top", "right"]

BUTTON_NAMES = ("draw", "start_war", "end_war", "pass")
MIN_PLAYERS, MAX_PLAYERS = 2, 8
CARD_RATIO = (5, 7)  # width : height

# opponents (= players - 1) -> how many sit on the left, along the top, on the right
_ARRANGEMENT: dict[int, tuple[int, int, int]] = {
    1: (0, 1, 0),
    2: (0, 2, 0),
    3: (1, 1, 1),
    4: (1, 2, 1),
    5: (1, 3, 1),
    6: (2, 2, 2),
    7: (2, 3, 2),
}


@dataclass(frozen=True)
class PlayerArea:
    """One seat's space on the table, split into its info box, cities row and chronicles."""

    seat: int
    side: Side
    rect: Rect
    info: Rect          # name, hand size, Glory
    cities: Rect        # the cities row (each city with its buildings tucked under it)
    chronicles: Rect    # chronicles lying before the player
    card_size: tuple[int, int]  # size of a card drawn in this area
    horizontal: bool    # True: info | cities | chronicles side by side; False: stacked

    def sub_rects(self) -> dict[str, Rect]:
        return {"info": self.info, "cities": self.cities, "chronicles": self.chronicles}


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    n_players: int
    viewer: int                       # the seat drawn at the bottom
    unit: int                         # the base unit u; margins and fonts may scale with it
    margin: int
    card_size: tuple[int, int]        # own cities, deck, discard, war stack
    hand_card_size: tuple[int, int]   # the viewer's hand: the biggest cards on the table
    small_card_size: tuple[int, int]  # opponents' cities and chronicles
    table: Rect                       # everything left of the side panel (for the felt)
    player_areas: tuple[PlayerArea, ...]  # indexed by seat
    hand: Rect
    deck: Rect
    discard: Rect
    war_stack: Rect
    prompt: Rect
    log: Rect
    buttons: dict[str, Rect] = field(default_factory=dict)  # BUTTON_NAMES -> rect
    menu_button: Rect = field(default_factory=Rect)

    def top_level(self) -> dict[str, Rect]:
        """Every top-level area by name; no two of them overlap."""
        areas = {f"player{a.seat}": a.rect for a in self.player_areas}
        areas.update(hand=self.hand, deck=self.deck, discard=self.discard,
                     war_stack=self.war_stack, prompt=self.prompt, log=self.log,
                     menu_button=self.menu_button)
        areas.update({f"button.{k}": r for k, r in self.buttons.items()})
        return areas

    def seat_at(self, pos: tuple[int, int]) -> int | None:
        for area in self.player_areas:
            if area.rect.collidepoint(pos):
                return area.seat
        return None


def unit_for(size: tuple[int, int]) -> int:
    """The base unit: 12 px at 1280×720, 18 at 1920×1080, 36 at 3840×2160."""
    w, h = size
    return max(8, math.floor(min(h / 60, w / 106.6)))


def card_size_for(unit: int) -> tuple[int, int]:
    return CARD_RATIO[0] * unit, CARD_RATIO[1] * unit


HAND_SCALE = 1.47   # hand cards to table cards: 110 px wide at 1600×900, titles readable unzoomed


def hand_card_size_for(unit: int) -> tuple[int, int]:
    return card_size_for(round(unit * HAND_SCALE))


def clockwise_positions(n_players: int, viewer: int,
                        arrangement: tuple[int, int, int] | None = None) -> list[tuple[int, Side]]:
    """(seat, side) for every seat, starting with the viewer at the bottom, then clockwise
    (``arrangement``: how many sit left, on top, right; by default ``_ARRANGEMENT``)."""
    left, top, right = arrangement or _ARRANGEMENT[n_players - 1]
    counts: tuple[tuple[Side, int], ...] = (("bottom", 1), ("left", left), ("top", top), ("right", right))
    sides: list[Side] = [side for side, k in counts for _ in range(k)]
    return [((viewer + i) % n_players, side) for i, side in enumerate(sides)]


def _stack(rect: Rect, heights: list[int | None], gap: int) -> list[Rect]:
    """Split ``rect`` into horizontal strips; the one height given as None takes what is left."""
    fixed = sum(h for h in heights if h is not None) + gap * (len(heights) - 1)
    flexible = max(0, rect.height - fixed)
    out, y = [], rect.top
    for h in heights:
        h = flexible if h is None else h
        out.append(Rect(rect.left, y, rect.width, max(0, min(h, rect.bottom - y))))
        y += h + gap
    return out


def _row(rect: Rect, widths: list[int | None], gap: int) -> list[Rect]:
    """Split ``rect`` into columns; the one width given as None takes what is left."""
    fixed = sum(w for w in widths if w is not None) + gap * (len(widths) - 1)
    flexible = max(0, rect.width - fixed)
    out, x = [], rect.left
    for w in widths:
        w = flexible if w is None else w
        out.append(Rect(x, rect.top, max(0, min(w, rect.right - x)), rect.height))
        x += w + gap
    return out


def _split_evenly(rect: Rect, count: int, gap: int, vertical: bool) -> list[Rect]:
    if count <= 0:
        return []
    total = (rect.height if vertical else rect.width) - gap * (count - 1)
    out = []
    for i in range(count):
        start = (rect.top if vertical else rect.left) + i * gap + total * i // count
        end = (rect.top if vertical else rect.left) + i * gap + total * (i + 1) // count
        if vertical:
            out.append(Rect(rect.left, start, rect.width, max(0, end - start)))
        else:
            out.append(Rect(start, rect.top, max(0, end - start), rect.height))
    return out


@dataclass(frozen=True)
class _AreaMetrics:
    card: tuple[int, int]
    pad: int
    info_h: int        # info strip height when stacked
    info_w: int        # info box width when side by side
    cities_h: int      # a city plus the buildings peeking out under it
    chron_h: int       # chronicles strip height when stacked
    chron_w: int       # chronicles column width when side by side

    @property
    def stacked_height(self) -> int:
        return self.info_h + self.cities_h + self.chron_h + 4 * self.pad

    @property
    def row_height(self) -> int:
        return self.cities_h + 2 * self.pad

    def row_min_width(self, cards: int) -> int:
        return self.info_w + self.chron_w + cards * self.card[0] + 4 * self.pad


def _metrics(card: tuple[int, int], pad: int) -> _AreaMetrics:
    cw, ch = card
    return _AreaMetrics(card=card, pad=pad,
                        info_h=max(22, round(ch * 0.36)), info_w=round(cw * 2.6),
                        cities_h=ch + round(ch * 0.28),
                        chron_h=round(ch * 0.42), chron_w=round(cw * 1.5))


def _player_area(seat: int, side: Side, rect: Rect, m: _AreaMetrics, horizontal: bool) -> PlayerArea:
    inner = rect.inflate(-2 * m.pad, -2 * m.pad)
    if horizontal:
        info, cities, chronicles = _row(inner, [m.info_w, None, m.chron_w], m.pad)
    else:
        info, cities, chronicles = _stack(inner, [m.info_h, None, m.chron_h], m.pad)
    return PlayerArea(seat=seat, side=side, rect=rect, info=info, cities=cities,
                      chronicles=chronicles, card_size=m.card, horizontal=horizontal)


def _side_panel(W: int, H: int, u: int, gap: int) -> tuple[Rect, Rect, dict[str, Rect], Rect]:
    """The side panel: the log above, a 2×2 grid of action buttons below, a small menu
    button on top.  Returns (panel, menu button, buttons, log)."""
    panel_w = min(720, max(240, round(W * 0.19)))
    panel = Rect(W - gap - panel_w, gap, panel_w, H - 2 * gap)
    button_h = max(34, round(u * 3.2))
    menu_h = max(28, round(u * 2.4))
    menu_button = Rect(panel.right - menu_h * 3, panel.top, menu_h * 3, menu_h)
    buttons_block = Rect(panel.left, panel.bottom - 2 * button_h - gap, panel.width, 2 * button_h + gap)
    top_half, bottom_half = _split_evenly(buttons_block, 2, gap, vertical=True)
    draw_r, war_r = _split_evenly(top_half, 2, gap, vertical=False)
    pass_r, end_r = _split_evenly(bottom_half, 2, gap, vertical=False)
    buttons = {"draw": draw_r, "start_war": war_r, "pass": pass_r, "end_war": end_r}
    log = Rect(panel.left, menu_button.bottom + gap, panel.width,
               buttons_block.top - gap - (menu_button.bottom + gap))
    return panel, menu_button, buttons, log


WIDE_PROMPT_UNITS = 48     # a centre narrower than this many units gives the prompt the table's width


def prompt_height(u: int) -> int:
    """Two lines of instruction fit, three of the smallest type."""
    return max(54, round(u * 4.0))


PILE_STACK = 12     # below a pile's card: the deck's lower backs and a gap above the pile's name


def pile_label_height(u: int) -> int:
    """The height of a pile's name («Колода») in its font (``piles.label_size``) with its shadow."""
    return math.ceil(max(10, round(u * 0.85)) * 1.4) + 4


def _centre(centre: Rect, card: tuple[int, int], u: int, gap: int, pad: int) -> tuple[Rect, Rect, Rect, Rect]:
    """The centre: the piles and the war stack above a prompt banner.
    Returns (deck, discard, war stack, prompt)."""
    prompt_h = prompt_height(u)
    prompt = Rect(centre.left, centre.bottom - prompt_h, centre.width, prompt_h)
    piles = Rect(centre.left, centre.top, centre.width, prompt.top - gap - centre.top)
    # a pile: its card, the deck's thickness below it, and its name under that
    pile_w = card[0] + 2 * pad
    pile_h = min(piles.height, gap // 2 + 2 + card[1] + PILE_STACK + pile_label_height(u))
    pile_y = piles.top + (piles.height - pile_h) // 2
    deck = Rect(piles.left, pile_y, pile_w, pile_h)
    discard = Rect(deck.right + gap, pile_y, pile_w, pile_h)
    war_stack = Rect(discard.right + gap, piles.top, max(0, piles.right - discard.right - gap), piles.height)
    return deck, discard, war_stack, prompt


def _arrangement(n_players: int, table: Rect, own_rect: Rect, m: _AreaMetrics, u: int, gap: int,
                 side_w: int) -> tuple[int, int, int]:
    """Seats per side; on a window too low for two seats stacked in a side column, a seat
    moves from each side column to the top row (7 players at 960×540: 1, 5, 1)."""
    left, top, right = _ARRANGEMENT[n_players - 1]
    while left > 1:
        top_w = (table.width - gap * top) // (top + 2)
        top_h = m.row_height if top_w >= m.row_min_width(4) else m.stacked_height
        side_h = own_rect.top - gap - (table.top + top_h + gap)
        if table.width - 2 * side_w - 2 * gap < WIDE_PROMPT_UNITS * u:   # the prompt runs under them
            side_h -= prompt_height(u) + gap
        seat_h = (side_h - gap * (left - 1)) // left
        if seat_h - m.info_h - m.chron_h - 4 * m.pad >= m.card[1]:      # a city card fits its row
            break
        left, top, right = left - 1, top + 2, right - 1
    return left, top, right


def _centre_and_prompt(centre: Rect, table: Rect, own_rect: Rect, wide_prompt: bool, card: tuple[int, int],
                       u: int, gap: int, pad: int) -> tuple[Rect, Rect, Rect, Rect]:
    """(deck, discard, war stack, prompt): the prompt under the centre, or (``wide_prompt``)
    across the table's whole width just above the viewer's area."""
    if not wide_prompt:
        return _centre(centre, card, u, gap, pad)
    prompt_h = prompt_height(u)
    prompt = Rect(table.left, own_rect.top - gap - prompt_h, table.width, prompt_h)
    centre = Rect(centre.left, centre.top, centre.width, centre.height + gap + prompt_h)
    deck, discard, war_stack, _ = _centre(centre, card, u, gap, pad)   # its own prompt: where the wide one is
    return deck, discard, war_stack, prompt


def table_layout(size: tuple[int, int], n_players: int, human_seat: int | None) -> "TableLayout":
    """Lay out the table for ``n_players`` (2..8) in a window of ``size``.

    ``human_seat`` is the seat whose hand is shown at the bottom; None (bots only, or a
    spectator) puts seat 0 there.
    """
    if not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise ValueError(f"n_players must be {MIN_PLAYERS}..{MAX_PLAYERS}, not {n_players}")
    viewer = 0 if human_seat is None else human_seat
    if not 0 <= viewer < n_players:
        raise ValueError(f"human_seat {human_seat} out of range for {n_players} players")
    W, H = size
    u = unit_for(size)
    gap = max(6, round(u * 0.6))
    pad = max(3, round(u * 0.3))
    card = card_size_for(u)
    su = max(8, round(u * 0.75))
    small = card_size_for(su)
    own_m, opp_m = _metrics(card, pad), _metrics(small, pad)

    panel, menu_button, buttons, log = _side_panel(W, H, u, gap)
    table = Rect(gap, gap, panel.left - 2 * gap, H - 2 * gap)

    # Bottom band: the viewer's hand, and the viewer's own area just above it.
    hand_card = hand_card_size_for(u)
    hand_h = hand_card[1] + pad * 2
    hand = Rect(table.left, table.bottom - hand_h, table.width, hand_h)
    own_rect = Rect(table.left, hand.top - gap - own_m.row_height, table.width, own_m.row_height)

    side_w = max(round(opp_m.card[0] * 3.5) + 2 * pad, round(table.width * 0.19))
    positions = clockwise_positions(n_players, viewer,
                                    _arrangement(n_players, table, own_rect, opp_m, u, gap, side_w))
    n_left = sum(1 for _, s in positions if s == "left")
    n_top = sum(1 for _, s in positions if s == "top")
    n_right = sum(1 for _, s in positions if s == "right")

    # Top row: side by side sub-areas when each seat is wide enough for four cities, else stacked.
    top_w = (table.width - gap * (n_top - 1)) // max(1, n_top)
    top_horizontal = top_w >= opp_m.row_min_width(4)
    top_h = opp_m.row_height if top_horizontal else opp_m.stacked_height
    top_row = Rect(table.left, table.top, table.width, top_h if n_top else 0)

    # Side columns between the top row and the viewer's area.
    side_top = top_row.bottom + gap if n_top else table.top
    side_rect_h = own_rect.top - gap - side_top
    side_w = side_w if (n_left or n_right) else 0
    # A small window's centre between two side columns is too narrow for a prompt of three
    # lines: the prompt then runs the table's whole width, under the side columns.
    sides = (side_w if n_left else 0) + (side_w if n_right else 0)
    wide_prompt = table.width - sides - 2 * gap < WIDE_PROMPT_UNITS * u and bool(n_left or n_right)
    if wide_prompt:
        side_rect_h -= prompt_height(u) + gap
    left_col = Rect(table.left, side_top, side_w if n_left else 0, side_rect_h)
    right_col = Rect(table.right - (side_w if n_right else 0), side_top, side_w if n_right else 0, side_rect_h)

    rects: dict[int, tuple[Side, Rect, bool]] = {viewer: ("bottom", own_rect, True)}
    queue = {"left": iter(_split_evenly(left_col, n_left, gap, vertical=True)[::-1]),  # clockwise: bottom up
             "top": iter(_split_evenly(top_row, n_top, gap, vertical=False)),          # left to right
             "right": iter(_split_evenly(right_col, n_right, gap, vertical=True))}     # top to bottom
    for seat, side in positions[1:]:
        rects[seat] = (side, next(queue[side]), top_horizontal if side == "top" else False)
    areas = tuple(_player_area(seat, rects[seat][0], rects[seat][1], own_m if seat == viewer else opp_m,
                               rects[seat][2]) for seat in range(n_players))

    c_left = (left_col.right + gap) if n_left else table.left
    c_right = (right_col.left - gap) if n_right else table.right
    deck, discard, war_stack, prompt = _centre_and_prompt(Rect(c_left, side_top, c_right - c_left, side_rect_h),
                                                          table, own_rect, wide_prompt, card, u, gap, pad)
    return TableLayout(size=(W, H), n_players=n_players, viewer=viewer, unit=u, margin=gap,
                       card_size=card, hand_card_size=hand_card, small_card_size=small, table=table,
                       player_areas=areas,
                       hand=hand, deck=deck, discard=discard, war_stack=war_stack, prompt=prompt,
                       log=log, buttons=buttons, menu_button=menu_button)
