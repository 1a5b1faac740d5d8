"""The final score: ranking with each player's Glory per city and per chronicle."""
from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from knjazja.app.wording.glory import city_formula
from knjazja.app.wording.i18n import card_name, get_language, tr
from knjazja.app.wording.words import join_names, seat_word
from knjazja.app.session import TableSession
from knjazja.engine import score, top_seats
from knjazja.ui import style
from knjazja.ui.scenes.base import GuiScene, oid
from knjazja.ui.widgets import wrap_text


def chronicle_line(ch, lang: str) -> str:
    """E.g. "Помощь Византии: +7 (Дружина 7)", "Ослепление Василька: −4"."""
    if ch.troop:
        return tr("results.chronicle_troop", lang=lang, card=card_name(ch.chronicle, lang),
                  glory=f"{ch.glory:+d}", troop=card_name(ch.troop, lang))
    return tr("results.chronicle", lang=lang, card=card_name(ch.chronicle, lang), glory=f"{ch.glory:+d}")


def ranking(totals: list[int]) -> list[tuple[int, int]]:
    """(rank, seat) best first; equal Glory shares a rank."""
    order = sorted(range(len(totals)), key=lambda i: (-totals[i], i))
    out, rank = [], 0
    for pos, seat in enumerate(order):
        if pos == 0 or totals[seat] != totals[order[pos - 1]]:
            rank = pos + 1
        out.append((rank, seat))
    return out


class ResultsScene(GuiScene):
    """The score breakdown, over the final board (Escape or "Back to the board" closes it)."""

    is_overlay = True

    def __init__(self, session: TableSession, *, on_play_again: Callable[[], None], on_menu: Callable[[], None],
                 series_lines: list[str] | None = None,
                 on_review: Callable[[], None] | None = None, again_label: str | None = None) -> None:
        super().__init__()
        self.again_label = again_label      # another label for the first button (after a lesson)
        self.session = session
        self.on_play_again = on_play_again
        self.on_menu = on_menu
        self.on_review = on_review          # None: no Review button
        self.series_lines = series_lines or []
        self.scores = score(session.seen_by(None))     # all of it lies face up: any seat's view
        self.buttons: dict[str, UIButton] = {}
        self._panel: pygame.Surface | None = None

    def build(self) -> None:
        w, h = self.size
        bw, bh, gap = self.px(260), self.px(56), self.px(24)
        y = h - self.px(40) - bh
        keys = ["board", "again"] + (["review"] if self.on_review is not None else []) + ["menu"]
        bw = min(bw, (w - self.px(80) - (len(keys) - 1) * gap) // len(keys))
        x = w // 2 - (len(keys) * bw + (len(keys) - 1) * gap) // 2
        rects = {key: pygame.Rect(x + i * (bw + gap), y, bw, bh) for i, key in enumerate(keys)}
        self.buttons = {
            "again": UIButton(rects["again"], self.again_label or tr("results.play_again"),
                              self.ui, object_id=oid("@primary", "#results_again")),
            "menu": UIButton(rects["menu"], tr("results.menu"), self.ui,
                             object_id=oid(None, "#results_menu")),
            "board": UIButton(rects["board"], tr("results.board"), self.ui,
                              object_id=oid("@secondary", "#results_board")),
        }
        if self.on_review is not None:
            self.buttons["review"] = UIButton(rects["review"], tr("results.review"), self.ui,
                                              object_id=oid("@secondary", "#results_review"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return True                     # an overlay: nothing reaches the board beneath
        if event.ui_element is self.buttons.get("board"):
            self.close()
            return True
        if event.ui_element is self.buttons.get("again"):
            self.on_play_again()
            return True
        if event.ui_element is self.buttons.get("menu"):
            self.on_menu()
            return True
        if self.on_review is not None and event.ui_element is self.buttons.get("review"):
            self.on_review()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The final board stays visible around the panel (the panel is drawn once)."""
        style.dim(surface, 150)
        if self._panel is None or self._panel.get_size() != surface.get_size():
            self._panel = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self.draw_panel(self._panel)
        surface.blit(self._panel, (0, 0))

    def rebuild(self) -> None:
        self._panel = None
        super().rebuild()

    def draw_panel(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        lang = get_language()
        panel = pygame.Rect(self.px(40), self.px(24), w - 2 * self.px(40), h - self.px(24) - self.px(120))
        style.draw_panel(surface, panel, bg=(28, 16, 8, 244))       # the board shows around it, not through
        totals = [s.total for s in self.scores]
        names = [s.name for s in self.session.seats]
        winners = [names[i] for i in top_seats(totals)]
        title_text = tr("results.winner", name=seat_word(winners[0], lang)) if len(winners) == 1 else \
            tr("results.shared", names=join_names(winners))
        tf = style.fit_font("title", title_text, panel.width - self.px(80), self.px(50))
        style.blit_text(surface, title_text, tf, style.GOLD_LIGHT, center=(w // 2, panel.top + self.px(48)),
                        outline=style.GOLD_DARK)
        style.draw_divider(surface, (w // 2, panel.top + self.px(86)), self.px(420), style.GOLD)

        rows = ranking(totals)
        n = len(rows)
        top = panel.top + self.px(104)
        bottom = panel.bottom - self.px(20) - (len(self.series_lines) * self.px(24))
        cols = 2 if n > 4 else 1
        per_col = (n + cols - 1) // cols
        col_w = (panel.width - self.px(60)) // cols
        row_h = (bottom - top) // per_col
        name_font = style.font("body", max(14, min(self.px(30), row_h // 4)), lang)
        small = style.font("body", max(11, min(self.px(18), row_h // 7)), lang)
        for idx, (rank, seat) in enumerate(rows):
            col, r = divmod(idx, per_col)
            x = panel.left + self.px(30) + col * col_w
            y = top + r * row_h
            colour = style.GOLD_LIGHT if rank == 1 else style.PARCHMENT
            style.blit_text(surface, tr("results.rank", rank=rank, name=names[seat]), name_font, colour,
                            topleft=(x, y))
            style.blit_text(surface, tr("results.glory", n=totals[seat]), name_font, colour,
                            topleft=(x + col_w - self.px(200), y))
            line_y = y + name_font.get_height() + self.px(2)
            sc = self.scores[seat]
            lines = [city_formula(c, lang) for c in sc.cities]
            lines += [chronicle_line(ch, lang) for ch in sc.chronicles]
            if not lines:
                lines = [tr("results.nothing")]
            max_lines = max(1, (row_h - name_font.get_height() - self.px(8)) // small.get_height())
            text = "   ·   ".join(lines)
            wrapped = wrap_text(text, small, col_w - self.px(40))[:max_lines]
            for line in wrapped:
                style.blit_text(surface, line, small, style.MUTED, topleft=(x + self.px(24), line_y), shadow=None)
                line_y += small.get_height()
        y = bottom + self.px(4)
        for line in self.series_lines:
            style.blit_text(surface, line, small, style.PARCHMENT, center=(w // 2, y + self.px(10)))
            y += self.px(24)

