"""The game log panel: narrated events, newest at the bottom, card names you can hover.

Lines come from ``Narrator.event`` with ``{card:N:case}`` tokens; each token is drawn as the
card's name (in that grammatical case) in gold, and its screen rect is remembered so the scene can zoom that card
when the mouse rests on it.  The panel is rendered into a cached surface that is redrawn
only when lines arrive, the panel scrolls or the language changes.
"""
from __future__ import annotations

import re

import pygame
from pygame import Rect

from knjazja.app.table.controller import TableController
from knjazja.app.wording.i18n import tr
from knjazja.app.wording.words import name_form
from knjazja.ui import style
from knjazja.ui.table.context import DrawContext

_TOKEN = re.compile(r"\{card:(-?\d+)(?::(\w+))?\}")


def segments(text: str) -> list[tuple[str, int | None, str]]:
    """Split a log line into (text, card or None, the name's grammatical form) pieces."""
    out: list[tuple[str, int | None, str]] = []
    pos = 0
    for m in _TOKEN.finditer(text):
        if m.start() > pos:
            out.append((text[pos:m.start()], None, ""))
        out.append(("", int(m.group(1)), m.group(2) or "nom"))
        pos = m.end()
    if pos < len(text):
        out.append((text[pos:], None, ""))
    return out


class LogPanel:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.fresh_from = 0          # lines from here on came with the latest move
        self.scroll = 0              # wrapped rows scrolled up from the bottom
        self._surf: pygame.Surface | None = None
        self._key: tuple | None = None
        self._wrap: dict[tuple, list[list[tuple[str, int | None, str]]]] = {}
        self.token_rects: list[tuple[Rect, int]] = []
        self._rect = Rect(0, 0, 0, 0)
        self._rows_total = 0
        self._rows_visible = 0
        self._followed: tuple[int, int] = (-1, 0)    # (the feed's generation, events shown)
        self._notes = 0                              # the controller's notes in the lines

    def add(self, line: str) -> None:
        self.lines.append(line)
        if len(self.lines) > 2000:
            del self.lines[:500]
            self.fresh_from = max(0, self.fresh_from - 500)
        self.scroll = 0
        self._surf = None

    def mark_fresh(self) -> None:
        """The next lines belong to a new move (older ones are drawn quieter)."""
        if self.fresh_from != len(self.lines):
            self.fresh_from = len(self.lines)
            self._surf = None

    def set_lines(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.fresh_from = len(self.lines)
        self.scroll = 0
        self._surf = None

    def follow(self, c: TableController, rebuild: bool = False) -> None:
        """Show the events the table has shown (all again after an undo, a hand-over or a
        change of language)."""
        shown = c.shown.position
        seen_gen, seen = self._followed
        if rebuild or seen_gen != c.shown.feed.generation or seen > shown:
            self.set_lines(c.log_lines())
            self._notes = len(c.notes_until(shown))
        else:
            for i, e in enumerate(c.shown.feed.events(seen, shown), start=seen):
                if i == c.shown.batch_from:
                    self.mark_fresh()
                self._add_notes(c, i)
                if (line := c.narrate(e)) is not None:
                    self.add(line)
            self._add_notes(c, shown)
        self._followed = (c.shown.feed.generation, shown)   # an undo makes a new generation

    def _add_notes(self, c: TableController, position: int) -> None:
        """The controller's notes due before the event at ``position`` (they come in order)."""
        while self._notes < len(c.notes) and c.notes[self._notes][0] <= position:
            self.add(c.note_line(c.notes[self._notes]))
            self._notes += 1

    def invalidate(self) -> None:
        self._surf = None
        self._wrap.clear()

    def wheel(self, dy: int) -> None:
        limit = max(0, self._rows_total - self._rows_visible)
        self.scroll = max(0, min(limit, self.scroll + dy * 3))
        self._surf = None

    def card_at(self, pos) -> int | None:
        for r, card in self.token_rects:
            if r.collidepoint(pos):
                return card
        return None

    # -- layout -----------------------------------------------------------------------------
    def _wrapped(self, line: str, width: int, ctx: DrawContext) -> list[list[tuple[str, int | None, str]]]:
        key = (line, width, ctx.lang, ctx.fs(0.92))
        cached = self._wrap.get(key)
        if cached is not None:
            return cached
        body = ctx.texts.font("body", ctx.fs(0.92))
        bold = ctx.texts.font("bold", ctx.fs(0.92))
        # words are broken apart at ordinary spaces only (never at a no-break space), and a
        # card name stays one piece with the punctuation around it
        words: list[list[tuple[str, int | None, str]]] = [[]]   # (text, card, font role)
        for text, card, form in segments(line):
            if card is not None:
                words[-1].append((name_form(card, ctx.lang, form), card, "bold"))
                continue
            for part in re.split(r"( +)", text):
                if part.startswith(" "):
                    words.append([])
                elif part:
                    words[-1].append((part, None, "body"))
        space = body.size(" ")[0]
        rows: list[list[tuple[str, int | None, str]]] = [[]]
        x = 0
        for word in filter(None, words):
            w = sum((bold if role == "bold" else body).size(text)[0] for text, _, role in word)
            if rows[-1] and x + space + w > width:
                rows.append([])
                x = 0
            if rows[-1]:
                rows[-1].append((" ", None, "body"))
                x += space
            rows[-1].extend(word)
            x += w
        self._wrap[key] = rows
        if len(self._wrap) > 4000:
            self._wrap.clear()
        return rows

    def draw(self, surface: pygame.Surface, rect: Rect, ctx: DrawContext) -> None:
        key = (rect.size, ctx.lang, ctx.unit, len(self.lines), self.scroll, self.fresh_from)
        if self._surf is None or self._key != key or self._rect != rect:
            self._render(rect, ctx)
            self._key = key
            self._rect = Rect(rect)
        assert self._surf is not None, "_render() made it"
        surface.blit(self._surf, rect)

    def _render(self, rect: Rect, ctx: DrawContext) -> None:
        u = ctx.unit
        surf = pygame.Surface(rect.size, pygame.SRCALPHA)
        pad = max(6, u // 2)
        side = max(9, round(u * 0.8))      # clear of the panel's ornamented frame
        title = ctx.texts.render(tr("table.log.title"), "title", ctx.fs(1.3), style.GOLD_LIGHT,
                                 outline=style.GOLD_DARK)
        surf.blit(title, title.get_rect(midtop=(rect.width // 2, pad)))
        top = pad + title.get_height() + pad // 2
        pygame.draw.line(surf, style.GOLD_DARK, (side, top), (rect.width - side, top))
        top += pad // 2
        width = rect.width - 2 * side - u // 2     # a line's later rows are indented
        body_font = ctx.texts.font("body", ctx.fs(0.92))
        lh = body_font.get_linesize()
        rows: list[tuple[list, int, bool]] = []   # (row, line index, first row of its line)
        for i, line in enumerate(self.lines[-400:]):
            idx = len(self.lines) - min(400, len(self.lines)) + i
            for j, row in enumerate(self._wrapped(line, width, ctx)):
                rows.append((row, idx, j == 0))
        # scrolled back: the last band says that newer lines wait below; no line goes under it
        more = ctx.texts.render(tr("table.log.more"), "body", ctx.fs(0.8), style.MUTED, shadow=False) \
            if self.scroll else None
        bottom = rect.height - pad - (more.get_height() if more is not None else 0)
        visible = max(1, (bottom - top) // lh)
        self._rows_total, self._rows_visible = len(rows), visible
        end = len(rows) - self.scroll
        start = max(0, end - visible)
        y = bottom - lh * (end - start)
        y = max(top, y)
        self.token_rects = []
        for row, idx, first in rows[start:end]:
            fresh = idx >= self.fresh_from
            is_turn = len(row) and row[0][0].startswith("—")
            base = style.CREAM if fresh else (206, 190, 156)
            if is_turn:
                base = style.GOLD if fresh else (170, 140, 90)
            x = side
            if is_turn:
                total = sum(ctx.texts.font("bold" if r == "bold" else "body", ctx.fs(0.92)).size(t)[0]
                            for t, _, r in row)
                x = max(side, (rect.width - total) // 2)
            elif not first:
                x = side + u // 2
            for text, card, role in row:
                colour = (style.GOLD_LIGHT if fresh else (226, 190, 110)) if card is not None else base
                img = ctx.texts.render(text, role, ctx.fs(0.92), colour, shadow=False)
                surf.blit(img, (x, y))
                if card is not None and card >= 0:
                    self.token_rects.append((Rect(rect.left + x, rect.top + y, img.get_width(), lh), card))
                x += img.get_width()
            y += lh
        self.more_rect = Rect(0, 0, 0, 0)
        if more is not None:
            r = more.get_rect(midtop=(rect.width // 2, bottom + (rect.height - bottom - more.get_height()) // 2))
            surf.blit(more, r)
            self.more_rect = r.move(rect.left, rect.top)
        self.last_row_bottom = rect.top + y
        self._surf = surf
