"""The rows of the review's move list: a move too long for one line takes two (or, with a very
long name, three), set a little smaller first — never cut, since a cut move name («…во В…»)
hides what the player did.  Pure geometry on measured text: where each row lies in the
scrolled list, which row is at a height, and each row's lines.
"""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

import pygame

from knjazja.ui.table.banner import balanced, width_in
from knjazja.ui.table.sprites import TextCache

ROLE = "body"


@dataclass(frozen=True)
class MoveRow:
    top: int                   # from the list's top (unscrolled)
    height: int
    lines: tuple[str, ...]
    size: int                  # the font size of its lines


class MoveRows:
    """``texts`` (one per move) in rows ``row_h`` high at least, their lines ``width`` wide at
    most, at ``size`` (down to ``least`` before a row takes another line)."""

    def __init__(self, texts: list[str], fonts: TextCache, size: int, least: int, width: int,
                 row_h: int) -> None:
        self.row_h, self.width = row_h, width
        self.rows: list[MoveRow] = []
        top = 0
        for text in texts:
            lines, s = _lines(text, fonts, size, least, width)
            height = max(row_h, len(lines) * fonts.font(ROLE, s).get_linesize() + row_h // 3)
            self.rows.append(MoveRow(top, height if len(lines) > 1 else row_h, lines, s))
            top += self.rows[-1].height
        self._tops = [r.top for r in self.rows]
        self.height = top + row_h            # and one row more: the end of the game

    def top(self, i: int) -> int:
        return self.rows[i].top if i < len(self.rows) else self.height - self.row_h

    def row_height(self, i: int) -> int:
        return self.rows[i].height if i < len(self.rows) else self.row_h

    def at(self, y: int) -> int:
        """The row at ``y`` from the list's top (the end row past the moves; -1 above them)."""
        if y < 0:
            return -1
        return max(0, bisect_right(self._tops, y) - 1) if y < self.height - self.row_h else len(self.rows)

    def rect(self, i: int, view: pygame.Rect, offset: int) -> pygame.Rect:
        """Row ``i`` on the screen: in ``view`` scrolled by ``offset``."""
        return pygame.Rect(view.left, view.top + self.top(i) - offset, view.width, self.row_height(i))

    def visible(self, offset: int, view_h: int) -> range:
        """The rows that show in a view ``view_h`` high scrolled by ``offset``."""
        first = max(0, self.at(offset))
        return range(first, min(len(self.rows), self.at(offset + view_h)) + 1)

    def draw(self, surface: pygame.Surface, i: int, fonts: TextCache, colour, midleft: tuple[int, int]) -> None:
        """Row ``i``'s lines, centred on ``midleft``'s height."""
        row = self.rows[i]
        step = fonts.font(ROLE, row.size).get_linesize()
        y = midleft[1] - step * (len(row.lines) - 1) // 2
        for line in row.lines:
            t = fonts.fit(line, ROLE, row.size, colour, self.width, min_size=row.size, shadow=False, ellipsis=False)
            surface.blit(t, t.get_rect(midleft=(midleft[0], y)))
            y += step


def _lines(text: str, fonts: TextCache, size: int, least: int, width: int) -> tuple[tuple[str, ...], int]:
    """One line at the largest size from ``size`` to ``least`` that holds it; else two lines,
    or at ``least`` as many as it takes."""
    for s in range(size, least - 1, -1):
        if fonts.font(ROLE, s).size(text)[0] <= width:
            return (text,), s
    for s in range(size, least - 1, -1):
        font = fonts.font(ROLE, s)
        lines = balanced(text, width, width_in(font))
        if len(lines) <= 2 and all(font.size(line)[0] <= width for line in lines):
            return tuple(lines), s
    font = fonts.font(ROLE, least)
    return tuple(balanced(text, width, width_in(font))), least
