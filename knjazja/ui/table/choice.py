"""The table's dialog panel: a question and a grid of buttons, one per choice, every word shown.

pygame-gui's buttons draw one line and cut the rest, so the panel lays the words out itself: a
label too wide for its column wraps onto a second (or third) line and its button grows to hold
them; the question wraps too.  The panel takes one column while that fits the room it is given,
else two or three; it stands on the bottom of that room and grows upwards, past its top if it
must (never off the window).  The buttons are pygame-gui's, without text (they take the clicks,
the hover and the theme's colours); ``draw_labels`` writes the words on them after pygame-gui
has drawn them.  ``label_boxes`` says where each line went, for the tests that check nothing
is cut.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame
import pygame_gui
from pygame import Rect
from pygame_gui.elements import UIButton

from knjazja.ui import style
from knjazja.ui.scenes.base import oid
from knjazja.ui.table.banner import balanced
from knjazja.ui.table.context import DrawContext

MAX_LINES = 3                          # a label takes at most this many lines
CHOICE_ID = "#choice"                  # the dialog's buttons (themed by their class)
_DISABLED = (128, 112, 92)             # the theme's disabled text


@dataclass(frozen=True)
class Item:
    """One button: its words, what it does, whether it may be pressed, the main kind or not."""
    label: str
    payload: object
    enabled: bool = True
    main: bool = False


@dataclass
class _Label:
    lines: tuple[str, ...]
    role: str
    size: int


@dataclass
class _Grid:
    """One way to lay the buttons out: ``cols`` columns of ``col_w``; each item's (column, row)
    and each row's height.  Answers fill rows left to right; giving up starts a row of its own."""
    cols: int
    col_w: int
    labels: list[_Label]
    cells: list[tuple[int, int]] = field(default_factory=list)
    heights: list[int] = field(default_factory=list)

    @property
    def rows(self) -> int:
        return len(self.heights)


class ChoicePanel:
    """A question over a grid of buttons, one per option, on a dark panel."""

    def __init__(self) -> None:
        self.buttons: list[tuple[UIButton, object]] = []
        self.labels: list[_Label] = []
        self.rect = Rect(0, 0, 0, 0)
        self.title = ""
        self.title_lines: tuple[str, ...] = ()
        self.title_size = 12
        self.key: object = None
        self.frame_room = 6
        self.pad = self.inner = 8           # the panel's rim; a label's room to its button's edges

    @property
    def visible(self) -> bool:
        return bool(self.buttons)

    def show(self, manager: pygame_gui.UIManager, bounds: Rect, title: str,
             items: Sequence[Item | tuple[str, object, bool]], scale: float, key: object,
             anchor: str = "bottom", centre_x: int | None = None, window: Rect | None = None,
             wider: Rect | None = None, keep_clear: tuple[Rect, ...] = ()) -> None:
        """Build the buttons of ``items`` in ``bounds`` — or in ``wider`` when the panel is lower
        there (fewer lines) and covers none of ``keep_clear`` — grown upwards within ``window``
        if even that is too low."""
        self.hide()
        self.key = key
        self.title = title
        its = [i if isinstance(i, Item) else Item(i[0], i[1], i[2], main=(n == 0 and i[2]))
               for n, i in enumerate(items)]
        if not its:
            return
        m = _Metrics(scale)
        self.frame_room = m.frame_room
        self.title_size = m.title_size
        self.pad, self.inner = m.pad, m.inner
        grid, self.title_lines, inner_w = _grid(its, title, m, bounds.width - 2 * m.pad, bounds.height - 2 * m.pad)
        if wider is not None:              # the lower panel leaves more of the table in sight
            wide = _grid(its, title, m, wider.width - 2 * m.pad, wider.height - 2 * m.pad)
            there = _placed(Rect(0, 0, wide[2] + 2 * m.pad, _height(wide[0], wide[1], m) + 2 * m.pad),
                            wider, anchor, None, window)
            if (_height(wide[0], wide[1], m) < _height(grid, self.title_lines, m)
                    and not any(there.colliderect(r) for r in keep_clear)):
                bounds, centre_x = wider, None
                grid, self.title_lines, inner_w = wide
        title_h = len(self.title_lines) * m.title_line + m.frame_room if title else 0
        panel = Rect(0, 0, inner_w + 2 * m.pad, _height(grid, self.title_lines, m) + 2 * m.pad)
        self.rect = _placed(panel, bounds, anchor, centre_x, window)
        self.labels = grid.labels
        self._build(manager, its, grid, m, title_h)

    def _build(self, manager: pygame_gui.UIManager, its: list[Item], grid: _Grid, m: _Metrics,
               title_h: int) -> None:
        tops = [self.rect.top + m.pad + title_h]
        for h in grid.heights[:-1]:
            tops.append(tops[-1] + h + m.gap)
        for item, (c, r) in zip(its, grid.cells):
            br = Rect(self.rect.left + m.pad + c * (grid.col_w + m.gap), tops[r], grid.col_w, grid.heights[r])
            main = item.main and item.enabled
            b = UIButton(br, "", manager, object_id=oid("@primary" if main else "@secondary", CHOICE_ID))
            if not item.enabled:
                b.disable()
            self.buttons.append((b, item.payload))

    @staticmethod
    def height_in(bounds: Rect, title: str, items: list[Item], scale: float) -> int:
        """How tall the panel of ``items`` would be in ``bounds`` (its lowest layout there)."""
        m = _Metrics(scale)
        grid, lines, _ = _grid(items, title, m, bounds.width - 2 * m.pad, bounds.height - 2 * m.pad)
        return _height(grid, lines, m) + 2 * m.pad

    def hide(self) -> None:
        for b, _ in self.buttons:
            b.kill()
        self.buttons = []
        self.labels = []
        self.rect = Rect(0, 0, 0, 0)
        self.key = None
        self.title = ""
        self.title_lines = ()

    def payload_of(self, element) -> object:
        for b, p in self.buttons:
            if b is element:
                return p
        return None

    def label_of(self, payload: object) -> str:
        """The words on the button that does ``payload`` ("" if none)."""
        for (_, p), lab in zip(self.buttons, self.labels):
            if p == payload:
                return " ".join(lab.lines)
        return ""

    def title_rect(self) -> Rect:
        """The band the question is written in, above the first button (empty: none)."""
        if not self.buttons or not self.title:
            return Rect(0, 0, 0, 0)
        first = min(b.rect.top for b, _ in self.buttons)
        return Rect(self.rect.left, self.rect.top, self.rect.width, first - self.frame_room - self.rect.top)

    def rect_of(self, payload: object) -> Rect | None:
        for b, p in self.buttons:
            if p == payload and b.is_enabled:
                return Rect(b.rect)
        return None

    # --- where the words go ----------------------------------------------------------------------
    def label_boxes(self) -> list[tuple[Rect, list[Rect]]]:
        """For each button: its rect and the rect of each line of its words, as drawn."""
        out = []
        for (b, _), lab in zip(self.buttons, self.labels):
            font = style.font(lab.role, lab.size)
            out.append((Rect(b.rect), _line_rects(Rect(b.rect), lab.lines, font)))
        return out

    def title_boxes(self) -> list[Rect]:
        """The rect of each line of the question, as drawn."""
        if not self.buttons or not self.title_lines:
            return []
        band = self.title_rect()
        font = style.font("bold", self.title_size)
        return _line_rects(band, self.title_lines, font)

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        """The panel and its question (under the buttons)."""
        if not self.buttons:
            return
        r = self.rect
        panel = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (22, 12, 6, 236), panel.get_rect(), border_radius=10)
        surface.blit(panel, r)
        pygame.draw.rect(surface, style.GOLD, r, width=2, border_radius=10)
        for line, lr in zip(self.title_lines, self.title_boxes()):     # (fitted: the check sees the room)
            t = ctx.texts.fit(line, "bold", self.title_size, style.GOLD_LIGHT, r.width - 2 * self.pad,
                              min_size=self.title_size, ellipsis=False)
            surface.blit(t, t.get_rect(center=lr.center))

    def draw_labels(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        """The words on the buttons (over pygame-gui's drawing of them)."""
        for (b, _), lab, (_, rects) in zip(self.buttons, self.labels, self.label_boxes()):
            if not b.visible:
                continue
            colour = _DISABLED if not b.is_enabled else style.GOLD_LIGHT if b.hovered else style.CREAM
            for line, lr in zip(lab.lines, rects):
                t = ctx.texts.fit(line, lab.role, lab.size, colour, b.rect.width - 2 * self.inner,
                                  min_size=lab.size, shadow=b.is_enabled, ellipsis=False)
                surface.blit(t, t.get_rect(center=lr.center))


class _Metrics:
    """The panel's sizes at a UI scale (1.0 at 1600×900), with its two fonts measured."""

    def __init__(self, scale: float) -> None:
        self.pad = max(8, round(12 * scale))
        self.gap = max(4, round(6 * scale))
        self.inner = max(10, round(16 * scale))          # words to a button's edge (border, padding)
        self.frame_room = max(6, round(10 * scale))      # between the question and the first button
        self.sizes = {"bold": max(10, round(20 * scale)), "body": max(10, round(18 * scale))}
        self.fonts = {role: style.font(role, size) for role, size in self.sizes.items()}
        self.title_size = self.sizes["bold"]
        self.title_line = self.fonts["bold"].get_linesize()
        self.min_button_h = max(28, round(self.title_line * 1.6))
        self.min_col_w = round(220 * scale)

    def role(self, item: Item) -> str:
        return "bold" if item.main and item.enabled else "body"

    def width(self, text: str, role: str) -> int:
        return self.fonts[role].size(text)[0]

    def button_h(self, lab: _Label) -> int:
        line = self.fonts[lab.role].get_linesize()
        return max(self.min_button_h, len(lab.lines) * line + round(line * 0.5))


def _wrap(item: Item, m: _Metrics, width: int) -> _Label:
    role = m.role(item)
    inside = max(10, width - 2 * m.inner)
    if m.width(item.label, role) <= inside:
        return _Label((item.label,), role, m.sizes[role])
    return _Label(tuple(balanced(item.label, inside, lambda s: m.width(s, role))), role, m.sizes[role])


def _relaid(its: list[Item], m: _Metrics, cols: int, col_w: int) -> _Grid:
    grid = _Grid(cols, col_w, [_wrap(i, m, col_w) for i in its])
    col, row = 0, 0
    for i, item in enumerate(its):
        if i and (col == cols or (its[i - 1].main and not item.main)):
            col, row = 0, row + 1
        grid.cells.append((col, row))
        col += 1
    grid.heights = [max(m.button_h(lab) for lab, (_, r) in zip(grid.labels, grid.cells) if r == row)
                    for row in range(row + 1)]
    return grid


def _fits(grid: _Grid, m: _Metrics, inside: int) -> bool:
    """Every label within MAX_LINES lines and no word wider than its button."""
    return all(len(lab.lines) <= MAX_LINES and all(m.width(line, lab.role) <= inside for line in lab.lines)
               for lab in grid.labels)


def _grid(its: list[Item], title: str, m: _Metrics, max_w: int, max_h: int) -> tuple[_Grid, tuple[str, ...], int]:
    """The fewest columns whose panel fits ``max_h`` with every word whole, else the lowest one:
    the grid, the question's lines and the panel's inner width."""
    widest = max(m.width(i.label, m.role(i)) for i in its) + 2 * m.inner
    best: tuple[int, _Grid, tuple[str, ...], int] | None = None
    for cols in range(1, min(3, len(its)) + 1):
        col_w = min((max_w - (cols - 1) * m.gap) // cols, max(widest, m.min_col_w))
        grid = _relaid(its, m, cols, col_w)
        if not _fits(grid, m, col_w - 2 * m.inner):
            continue
        inner_w = cols * col_w + (cols - 1) * m.gap
        lines, wide = _title_lines(title, m, inner_w, max_w)
        if wide > inner_w:                         # the question widened the panel: wider buttons
            grid = _relaid(its, m, cols, (wide - (cols - 1) * m.gap) // cols)
        height = _height(grid, lines, m)
        if height <= max_h:
            return grid, lines, wide
        if best is None or height < best[0]:
            best = (height, grid, lines, wide)
    if best is None:
        grid = _relaid(its, m, 1, max_w)
        lines, wide = _title_lines(title, m, max_w, max_w)
        return grid, lines, wide
    return best[1], best[2], best[3]


def _height(grid: _Grid, title_lines: tuple[str, ...], m: _Metrics) -> int:
    """The panel's height inside its padding."""
    title_h = len(title_lines) * m.title_line + m.frame_room if title_lines else 0
    return title_h + sum(grid.heights) + m.gap * (grid.rows - 1)


def _title_lines(title: str, m: _Metrics, inner_w: int, max_w: int) -> tuple[tuple[str, ...], int]:
    """The question's lines — one, the panel widened for it, while the room allows — and the
    panel's inner width."""
    if not title:
        return (), inner_w
    measure = lambda s: m.width(s, "bold")  # noqa: E731
    whole = measure(title)
    if whole <= max_w:                             # (with some air at its ends)
        return (title,), max(inner_w, min(max_w, whole + 2 * m.pad))
    lines = tuple(balanced(title, max_w, measure))
    return lines, max(inner_w, max(measure(line) for line in lines))


def _placed(panel: Rect, bounds: Rect, anchor: str, centre_x: int | None, window: Rect | None) -> Rect:
    cx = bounds.centerx if centre_x is None else centre_x
    if anchor == "bottom":
        panel.midbottom = (cx, bounds.bottom)
    else:
        panel.center = (cx, bounds.centery)
    room = Rect(bounds)
    whole = window if window is not None else Rect(bounds.left, 0, bounds.width, bounds.bottom)
    if panel.height > bounds.height:               # taller than its room: grow upwards
        room = Rect(bounds.left, whole.top, bounds.width, bounds.bottom - whole.top)
    if panel.height > room.height:                 # and down, when even that is not enough
        room = Rect(bounds.left, whole.top, bounds.width, whole.height)
    panel.clamp_ip(room)
    panel.top = max(panel.top, whole.top)
    return panel


def _line_rects(box: Rect, lines: tuple[str, ...], font: pygame.font.Font) -> list[Rect]:
    """Lines centred in ``box``, one under another."""
    step = font.get_linesize()
    top = box.centery - step * len(lines) // 2
    out = []
    for i, line in enumerate(lines):
        w, h = font.size(line)
        r = Rect(0, 0, w, h)
        r.center = (box.centerx, top + i * step + step // 2)
        out.append(r)
    return out
