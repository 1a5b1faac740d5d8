"""The post-game review: step through the finished game with every hand face up.

Left, the list of every move (number, who, what), the human moves marked with their loss
in win-chance points as the background analysis (``knjazja.app.advice.analysis.Analysis``) finds it,
on one scale (``knjazja.app.advice.marks``): a dot of the loss's grade, "!!" on the biggest
mistakes, and in a lost game a violet diamond on the moves that cost most by its end; the
header counts the moves marked bad, and "Marked move" visits them.  Prev / Next below.  Right, the
position before the selected move: per seat its Glory, hand, cities and chronicles, the war
or the card in play, a timeline of the game, and what the analysis says about the move.
Hover a card to see it large.  Keys: ←/→ (or ↑/↓) a move, PgUp/PgDn ten, Home/End, M.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from knjazja.bots.thinker import release_worker
from knjazja.app.advice import marks as review_marks
from knjazja.app.advice.analysis import WORLDS, Analysis, PointResult, Review, decision_points, losers, replayed
from knjazja.app.advice.facts import Position
from knjazja.app.session import TableSession, local_game
from knjazja.app.advice.marks import Mark
from knjazja.app.wording.i18n import get_language, tr
from knjazja.app.wording.narrate import Narrator
from knjazja.app.advice.verdict import point_verdict
from knjazja.engine import Action, Observation
from knjazja.ui import style
from knjazja.ui.art.palette import HIGHLIGHT
from knjazja.ui.scenes.base import oid
from knjazja.ui.scenes.review_board import CARD_H, CARD_W, COSTLY_COLOUR, GRADE_COLOURS, ReviewBoard, final_verdict
from knjazja.ui.scenes.review_list import MoveRows
from knjazja.ui.table.sprites import Sprites, TextCache, seat_colour
from knjazja.ui.widgets import BookScene, ScrollArea, draw_edge_fades

BEST_GLOW = (120, 220, 120)


def _card_set(a: Action | None) -> set[int]:
    return set() if a is None else {c for c in (a.card, a.city, a.target, *a.cards) if c >= 0}


MARKS_W = 96            # a move's marks at the right of its row, at their widest (unscaled px)


class ReviewScene(BookScene):
    """``ReviewScene(session, on_close)``: Back/Esc calls ``on_close`` (default: pop)."""

    TITLE_KEY = "review.title"

    def __init__(self, session: TableSession, on_close: Callable[[], None] | None = None, *,
                 worlds: int = WORLDS, analysis: Analysis | None = None,
                 use_process: bool = True, record: Review | None = None) -> None:
        """A local game is replayed from its state (``local_game``); a network table's review
        is its ``record`` (``net.remote.review_of``: only the positions its seats saw)."""
        super().__init__(on_close=on_close)
        self.session = session
        self.seats = session.seats
        seen_here = record is not None                # only this screen's hands are known
        if record is None:
            local = local_game(session)
            assert local is not None, "a network table's review is its record of what it saw"
            record = replayed(local.state)
        self.game = record
        self.states: list[Position] = [*self.game.positions, self.game.final]
        self.actions: list[Action] = self.game.actions
        self.points = decision_points(self.states, self.seats, self.game.legal)
        self._point_set = set(self.points)
        self.worlds = worlds
        self.use_process = use_process
        self.analysis = analysis
        self.step = self.points[0] if self.points else 0
        self.marks: dict[int, Mark] = {}          # every analysed move's mark
        self.marked: list[int] = []               # the moves marked bad: "Next marked move"
        self._results_seen = 0
        self.sprites = Sprites()
        self.texts = TextCache()
        self.buttons: dict[str, UIButton] = {}
        self.scroll: ScrollArea | None = None
        self.row_h = 30
        self.rows = MoveRows([], self.texts, 16, 16, 1, self.row_h)
        self.left = self.right = pygame.Rect(0, 0, 0, 0)
        self.legend_rect = self.title_rect = self.timeline = pygame.Rect(0, 0, 0, 0)
        self.board_rect = self.verdict_rect = pygame.Rect(0, 0, 0, 0)
        self._right_cache: pygame.Surface | None = None
        self._right_key: tuple | None = None
        self.board = ReviewBoard(self.seats, self.sprites, self.texts, self.px)
        if seen_here:
            self.board.only = {st.seat for st in self.states[:-1] if isinstance(st, Observation)}
        self._seek_drag = False
        self._fades: tuple[pygame.Surface, pygame.Surface] | None = None
        self._texts_cache: dict[tuple[str, int], str] = {}
        self._humans = [i for i, s in enumerate(self.seats) if s.is_human]

    # -- life cycle ------------------------------------------------------------------------
    @property
    def last(self) -> int:
        """The index of the final position (one past the last move)."""
        return len(self.actions)

    def enter(self) -> None:
        if self.analysis is None:
            self.analysis = Analysis(self.states, self.points, self.worlds, self.use_process,
                                     lost=losers(self.states, self.seats), actions=self.actions,
                                     legal=self.game.legal, seed=self.game.seed)
        if self.step in self._point_set:
            self.analysis.prioritize(self.step)
        self._remark()
        super().enter()

    def exit(self) -> None:
        if self.analysis is not None:
            self.analysis.cancel()
        release_worker()                # the review's worker ends (the next decision starts one)
        super().exit()

    # -- building ---------------------------------------------------------------------------
    def build(self) -> None:
        keep = self.scroll.target if self.scroll is not None else None
        self.build_frame()
        px, p = self.px, self.panel
        pad = px(26)
        left_w = max(px(440), min(px(560), int(p.width * 0.34)))
        self.left = pygame.Rect(p.left + pad, p.top + pad, left_w, p.height - 2 * pad)
        rx = self.left.right + px(40)
        self.right = pygame.Rect(rx, p.top + pad, p.right - pad - rx, p.height - 2 * pad)
        # left column: heading, list, legend, buttons
        bh, gap = px(48), px(10)
        by = self.left.bottom - bh
        small_w = int((left_w - 2 * gap) * 0.24)       # Prev and Next: the main one gets room for its words
        big_w = left_w - 2 * gap - 2 * small_w
        x = self.left.left
        self.buttons = {
            "prev": UIButton(pygame.Rect(x, by, small_w, bh), "‹  " + tr("review.prev"), self.ui,
                             object_id=oid("@secondary", "#review_prev")),
            "next": UIButton(pygame.Rect(x + small_w + gap, by, small_w, bh), tr("review.next") + "  ›",
                             self.ui, object_id=oid("@secondary", "#review_next")),
            "mistake": UIButton(pygame.Rect(x + 2 * (small_w + gap), by, big_w, bh), tr("review.next_mistake"),
                                self.ui, object_id=oid("@primary", "#review_mistake")),
        }
        legend_h = px(76)
        list_top = self.left.top + px(50)
        list_bottom = by - px(12) - legend_h
        self.legend_rect = pygame.Rect(self.left.left, list_bottom + px(6), left_w, legend_h)
        bar_w = px(10)
        track = pygame.Rect(self.left.right - bar_w, list_top, bar_w, list_bottom - list_top)
        view = pygame.Rect(self.left.left, list_top, track.left - px(10) - self.left.left, list_bottom - list_top)
        self.row_h = px(30)
        self.rows = MoveRows([self.move_text(i) for i in range(self.last)], self.texts, px(16), max(10, px(14)),
                             self.move_width(view.width), self.row_h)
        self.scroll = ScrollArea(view, self.rows.height, track, self.row_h)
        if keep is not None:
            self.scroll.scroll_to(keep, smooth=False)
        self.ensure_visible(smooth=False)
        # right: title line, timeline, board, verdict
        self.title_rect = pygame.Rect(self.right.left, self.right.top, self.right.width, px(40))
        self.timeline = pygame.Rect(self.right.left + px(8), self.title_rect.bottom + px(8),
                                    self.right.width - px(16), px(16))
        self.verdict_rect = pygame.Rect(self.right.left, self.right.bottom - px(170), self.right.width, px(170))
        top = self.timeline.bottom + px(16)
        self.board_rect = pygame.Rect(self.right.left, top, self.right.width, self.verdict_rect.top - px(12) - top)
        self._right_cache = None
        self._fades = None
        self.refresh()

    def refresh(self) -> None:
        if not self.buttons:
            return
        for key, on in (("prev", self.step > 0), ("next", self.step < self.last),
                        ("mistake", bool(self.marked))):
            if on:
                self.buttons[key].enable()
            else:
                self.buttons[key].disable()

    # -- navigation -------------------------------------------------------------------------
    def go(self, index: int) -> None:
        index = max(0, min(self.last, index))
        if index == self.step:
            return
        self.step = index
        if self.analysis is not None and index in self._point_set:
            self.analysis.prioritize(index)
        self.ensure_visible()
        self.refresh()

    def _remark(self) -> None:
        if self.analysis is not None:
            self.marks = review_marks.marks(self.analysis)
            self.marked = review_marks.marked(self.analysis)

    def mistakes(self) -> list[int]:
        """The analysed human moves graded mistakes, in game order."""
        return review_marks.mistakes(self.analysis) if self.analysis is not None else []

    def next_mistake(self) -> None:
        """To the next move marked bad (a mistake, or a lost game's costly move)."""
        if self.marked:
            self.go(next((i for i in self.marked if i > self.step), self.marked[0]))

    def move_width(self, view_w: int) -> int:
        """A move's words in a list row ``view_w`` wide: after its number and seat's dot, before
        its marks (the loss, a dot or "!!", a lost game's diamond — all three at their widest)."""
        return view_w - self.px(66) - self.px(MARKS_W)

    def ensure_visible(self, smooth: bool = True) -> None:
        if self.scroll is None:
            return
        y, h = self.rows.top(self.step), self.rows.row_height(self.step)
        view_h = self.scroll.view.height
        if y < self.scroll.target + self.row_h:
            self.scroll.scroll_to(y - self.row_h * 2, smooth)
        elif y + h > self.scroll.target + view_h - self.row_h:
            self.scroll.scroll_to(y + h + self.row_h * 2 - view_h, smooth)

    def _seek(self, x: int) -> None:
        t = self.timeline
        frac = (x - t.left) / max(1, t.width)
        self.go(round(max(0.0, min(1.0, frac)) * self.last))

    # -- input ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.handle_frame_event(event):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.buttons.get("prev"):
                self.go(self.step - 1)
                return True
            if event.ui_element is self.buttons.get("next"):
                self.go(self.step + 1)
                return True
            if event.ui_element is self.buttons.get("mistake"):
                self.next_mistake()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1,
                     pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}
            if event.key in moves:
                self.go(self.step + moves[event.key])
                return True
            if event.key == pygame.K_HOME:
                self.go(0)
                return True
            if event.key == pygame.K_END:
                self.go(self.last)
                return True
            if event.key == pygame.K_m:
                self.next_mistake()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.timeline.inflate(self.px(8), self.px(16)).collidepoint(event.pos):
                self._seek_drag = True
                self._seek(event.pos[0])
                return True
            if self.scroll is not None and self.scroll.view.collidepoint(event.pos):
                row = self.rows.at(int(event.pos[1] - self.scroll.view.top + self.scroll.offset))
                if 0 <= row <= self.last:
                    self.go(row)
                return True
        if event.type == pygame.MOUSEMOTION and self._seek_drag:
            self._seek(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._seek_drag:
            self._seek_drag = False
            return True
        if self.scroll is not None:
            if event.type == pygame.MOUSEWHEEL and not self.left.collidepoint(pygame.mouse.get_pos()):
                return False
            return self.scroll.handle_event(event)
        return False

    def update(self, dt: float) -> None:
        a = self.analysis
        if a is not None:
            if not a.done:
                a.poll()
            seen = len(a.results) + len(a.costs)
            if seen != self._results_seen:    # whoever collected them
                self._results_seen = seen
                self._remark()
                self.refresh()
        if self.scroll is not None:
            self.scroll.update(dt)

    # -- texts ------------------------------------------------------------------------------
    def narrator(self) -> Narrator:
        return Narrator([s.name for s in self.seats], get_language())

    def move_text(self, i: int, narrator: Narrator | None = None) -> str:
        """"Name: what the move does" for move ``i``."""
        key = (get_language(), i)
        text = self._texts_cache.get(key)
        if text is None:
            narrator = narrator or self.narrator()
            s = self.states[i]
            what = narrator.action(self.actions[i], s)
            text = self._texts_cache[key] = tr("review.move_line", name=narrator.seat(s.decision.seat), what=what)
        return text

    def progress_text(self) -> str:
        a = self.analysis
        if not self.points:
            return tr("review.no_decisions")
        if a is None:
            return ""
        if a.error is not None:
            return tr("review.failed")
        if not a.done:
            return tr("review.costing") if a.costing else tr("review.analysing", done=a.done_count, total=a.total)
        mistakes, costly = review_marks.header_counts(a)
        return tr("review.analysed_costly", n=mistakes, m=costly) if costly else tr("review.analysed", n=mistakes)

    def verdict_lines(self) -> tuple[str, str, tuple[int, int, int]]:
        """(the move, the verdict, the verdict's colour) for the selected step."""
        i = self.step
        if i >= self.last:
            return tr("review.final"), final_verdict(self.seats, self.states[-1]), style.GOLD_LIGHT
        narrator = self.narrator()
        move = f"{i + 1}. {self.move_text(i, narrator)}"
        seat = self.states[i].decision.seat
        if not (0 <= seat < len(self.seats)) or not self.seats[seat].is_human:
            return move, tr("review.bot_move"), style.MUTED
        if i not in self._point_set:
            return move, tr("review.forced"), style.MUTED
        r = self.analysis.results.get(i) if self.analysis is not None else None
        if r is None:
            running = self.analysis is not None and self.analysis.running == i
            return move, tr("review.thinking" if running else "review.waiting"), style.MUTED
        assert self.analysis is not None, "r is one of its results"
        text = point_verdict(self.analysis, i, self.states[i], narrator, [x.name for x in self.seats],
                             get_language(), many=len(self._humans) > 1)
        mark = self.marks.get(i) or review_marks.marks(self.analysis)[i]
        return move, text, COSTLY_COLOUR if self.analysis.judged_at_end(i) else GRADE_COLOURS[mark.grade]

    # -- drawing: static --------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        px = self.px
        head = style.font("bold", px(18))
        style.blit_text(surface, tr("review.moves").upper(), head, style.GOLD,
                        topleft=(self.left.left + px(4), self.left.top + px(4)))
        y = self.left.top + px(40)
        pygame.draw.line(surface, style.GOLD_DARK, (self.left.left, y), (self.left.right, y))
        x = self.left.right + px(20)
        pygame.draw.line(surface, style.GOLD_DARK, (x, self.panel.top + px(26)), (x, self.panel.bottom - px(26)))
        self._draw_legend(surface)
        box = self.verdict_rect
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (0, 0, 0, 90), veil.get_rect(), border_radius=px(10))
        surface.blit(veil, box.topleft)
        pygame.draw.rect(surface, style.GOLD_DARK, box, width=1, border_radius=px(10))
        style.draw_diamond(surface, (box.left, box.centery), px(5), style.GOLD)
        style.draw_diamond(surface, (box.right - 1, box.centery), px(5), style.GOLD)

    def _draw_legend(self, surface: pygame.Surface) -> None:
        self.board.draw_legend(surface, self.legend_rect)

    def _flag(self, size: int) -> pygame.Surface:
        return self.board.flag(size)

    # -- drawing: live ----------------------------------------------------------------------
    def draw_live(self, surface: pygame.Surface) -> None:
        if self.scroll is None:
            return
        px = self.px
        note = self.progress_text()
        colour = style.GOLD_LIGHT if self.analysis is not None and not self.analysis.done else style.MUTED
        img = self.texts.fit(note, "body", px(16), colour, self.left.width // 2 + px(40), shadow=False)
        surface.blit(img, img.get_rect(midright=(self.left.right, self.left.top + px(18))))
        self._draw_list(surface)
        view, off = self.scroll.view, round(self.scroll.offset)
        self._fades = draw_edge_fades(surface, self._fades, self._backdrop, view, off,
                                       self.scroll.max_offset, self.px(14))
        self.scroll.draw(surface)
        key = (self.step, surface.get_size(), get_language(), self._analysis_key())
        if self._right_cache is None or self._right_key != key:
            self._right_cache = self._render_right()
            self._right_key = key
        surface.blit(self._right_cache, self.right.topleft)

    def _analysis_key(self) -> tuple:
        a = self.analysis
        if a is None:
            return ()
        return (a.done_count, len(a.costs), a.running == self.step, a.error is not None)

    def _draw_list(self, surface: pygame.Surface) -> None:
        assert self.scroll is not None, "drawn once built"
        px, view = self.px, self.scroll.view
        off = round(self.scroll.offset)
        clip = surface.get_clip()
        surface.set_clip(view)
        mouse = pygame.mouse.get_pos()
        size = px(16)
        results = self.analysis.results if self.analysis is not None else {}
        running = self.analysis.running if self.analysis is not None else None
        for i in self.rows.visible(off, view.height):
            rect = self.rows.rect(i, view, off)
            selected = i == self.step
            if selected or rect.collidepoint(mouse):
                bar = pygame.Surface(rect.size, pygame.SRCALPHA)
                bar.fill((120, 36, 24, 160) if selected else (255, 230, 160, 26))
                surface.blit(bar, rect.topleft)
                if selected:
                    surface.fill(style.GOLD, pygame.Rect(rect.left, rect.top, px(4), rect.height))
            cy = rect.centery
            if i == self.last:
                t = self.texts.fit(tr("review.end_row"), "bold", size, style.GOLD_LIGHT, view.width - px(60))
                surface.blit(t, t.get_rect(midleft=(rect.left + px(62), cy)))
                continue
            num = self.texts.render(str(i + 1), "body", px(14), style.MUTED, shadow=False)
            surface.blit(num, num.get_rect(midright=(rect.left + px(44), cy)))
            seat = self.states[i].decision.seat
            pygame.draw.circle(surface, seat_colour(seat), (rect.left + px(54), cy), px(5))
            human = 0 <= seat < len(self.seats) and self.seats[seat].is_human
            point = i in self._point_set
            colour = style.CREAM if selected else (style.PARCHMENT if point else
                                                   (style.PARCHMENT_DARK if human else style.MUTED))
            self.rows.draw(surface, i, self.texts, colour, (rect.left + px(64), cy))    # whole: 2 lines if need be
            if point:
                self._draw_loss(surface, results.get(i), running == i, self.marks.get(i),
                                (rect.right - px(6), cy))
        surface.set_clip(clip)

    def _draw_loss(self, surface: pygame.Surface, r: PointResult | None, running: bool, mark: Mark | None,
                   midright: tuple[int, int]) -> None:
        px = self.px
        if r is None:
            t = self.texts.render("…" if running else "·", "bold", px(16),
                                  style.GOLD_LIGHT if running else style.MUTED, shadow=False)
            surface.blit(t, t.get_rect(midright=midright))
            return
        mark = mark or Mark("good")
        value = "0" if r.loss_points < 0.05 else \
            "−" + f"{r.loss_points:.1f}".replace(".", tr("number.decimal_point"))
        t = self.texts.render(value, "bold", px(16), GRADE_COLOURS[mark.grade], shadow=True)
        rect = surface.blit(t, t.get_rect(midright=midright))
        x = rect.left - px(8)
        if mark.biggest:
            flag = self._flag(px(18))
            x = surface.blit(flag, flag.get_rect(midright=(x + px(2), midright[1]))).left - px(4)
        else:
            pygame.draw.circle(surface, GRADE_COLOURS[mark.grade], (x - px(4), midright[1]), px(4))
            x -= px(12)
        if mark.costly:
            style.draw_diamond(surface, (x - px(5), midright[1]), px(6), COSTLY_COLOUR)

    # -- the right side: title, timeline, board, verdict ----------------------------------------
    def _render_right(self) -> pygame.Surface:
        surf = pygame.Surface(self.right.size, pygame.SRCALPHA)
        o = pygame.Vector2(self.right.topleft)
        self.board.hits = []
        local = lambda r: pygame.Rect(r.left - o.x, r.top - o.y, r.width, r.height)  # noqa: E731
        b = self.board
        s = self.states[self.step]
        title = tr("review.final") if self.step >= self.last else tr("review.move", n=self.step + 1, total=self.last)
        b.draw_title(surf, local(self.title_rect), title, s)
        results = self.analysis.results if self.analysis is not None else {}
        b.draw_timeline(surf, local(self.timeline), self.step, self.last, self.points, results)
        self._draw_board(surf, local(self.board_rect), o)
        b.draw_verdict(surf, local(self.verdict_rect), *self.verdict_lines())
        return surf

    # -- the board -------------------------------------------------------------------------
    def _draw_board(self, surf: pygame.Surface, area: pygame.Rect, origin: pygame.Vector2) -> None:
        chosen = self.actions[self.step] if self.step < self.last else None
        res = self.analysis.results.get(self.step) if self.analysis is not None else None
        glow = {c: BEST_GLOW for c in _card_set(res.best)} if res is not None and res.loss_points >= 0.05 else {}
        glow.update({c: HIGHLIGHT for c in _card_set(chosen)})
        self.board.draw(surf, area, self.states[self.step], glow, origin, self.narrator())

    # -- hover zoom --------------------------------------------------------------------------
    def hovered_card(self, pos) -> int | None:
        if not self.right.collidepoint(pos):
            return None
        # the last drawn is on top, except that a base card covers what peeks from under it
        for rect, card, _ in reversed(self.board.hits):
            if rect.collidepoint(pos):
                return card
        return None

    def draw_foreground(self, surface: pygame.Surface) -> None:
        if self.paused:
            return
        pos = pygame.mouse.get_pos()
        card = self.hovered_card(pos)
        if card is None:
            return
        w, h = surface.get_size()
        zh = min(self.px(380), h - self.px(40))
        zw = zh * CARD_W // CARD_H
        x = pos[0] - zw - self.px(24) if pos[0] - zw - self.px(24) > 0 else pos[0] + self.px(24)
        y = max(self.px(10), min(h - zh - self.px(10), pos[1] - zh // 2))
        surface.blit(self.sprites.card_shadow((zw, zh)), (x - max(2, zw // 14) + 4, y - max(2, zw // 14) + 6))
        surface.blit(self.sprites.face(card, (zw, zh), get_language()), (x, y))
