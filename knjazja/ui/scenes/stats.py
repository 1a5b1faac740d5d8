"""The statistics screen: games played, wins by opponent level, best and mean Glory; Reset."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from knjazja.app.store import stats as store
from knjazja.app.wording.i18n import get_language, tr
from knjazja.app.wording.save_errors import os_error_text
from knjazja.ui import style
from knjazja.ui.scenes.base import oid
from knjazja.ui.scenes.saveload import ConfirmScene
from knjazja.ui.widgets import BookScene


def _fmt_glory(value: float | None) -> str:
    if value is None:
        return "—"
    if not isinstance(value, float):
        return str(value)
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return text.replace(".", tr("number.decimal_point"))


def _fmt_when(iso: str | None) -> str | None:
    """A stored UTC time as local time in the UI's date format."""
    if not iso:
        return None
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return None
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime(tr("saveload.date_format"))


class StatsScene(BookScene):
    TITLE_KEY = "stats.title"

    def __init__(self, *, on_close: Callable[[], None] | None = None) -> None:
        super().__init__(on_close=on_close)
        self.stats = store.load_stats()
        self.damaged = store.stats_damaged()
        self.reset_button: UIButton | None = None
        self.message: tuple[str, bool] | None = None

    def build(self) -> None:
        self.build_frame()
        w, _ = self.size
        pad = self.px(32)
        pw = min(self.panel.width, self.px(1160))
        ph = min(self.panel.height, 2 * pad + self.px(150 + 40 + 34 + 38 + 4 * 50 + 18 + 3 * 24 + 24 + 50))
        top = self.panel.top + (self.panel.height - ph) // 3
        self.panel = pygame.Rect((w - pw) // 2, top, pw, ph)
        bw, bh = self.px(260), self.px(50)
        self.reset_button = UIButton(pygame.Rect(self.panel.right - pad - bw, self.panel.bottom - pad - bh, bw, bh),
                                     tr("stats.reset"), self.ui, object_id=oid("@secondary", "#stats_reset"))
        self.refresh()

    def refresh(self) -> None:
        if self.reset_button is not None:
            empty = self.stats["games"] == 0
            self.reset_button.disable() if empty and not self.damaged else self.reset_button.enable()

    def reload(self) -> None:
        self.stats = store.load_stats()
        self.damaged = store.stats_damaged()
        self.invalidate()
        self.refresh()

    def ask_reset(self) -> None:
        if self.stack is not None:
            self.stack.push(ConfirmScene(tr("stats.reset_title"), tr("stats.reset_text"), self.reset,
                                         yes_label=tr("stats.reset_yes")))

    def reset(self) -> None:
        try:
            store.reset_stats()
            self.message = (tr("stats.reset_done"), False)
        except OSError as exc:
            self.message = (tr("stats.reset_failed", error=os_error_text(exc, get_language())), True)
        self.reload()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.handle_frame_event(event):
            return True
        if self.is_ui_event(event, pygame_gui.UI_BUTTON_PRESSED, self.reset_button):
            self.ask_reset()
            return True
        return False

    # -- drawing ---------------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        s = self.stats
        p, pad = self.panel, self.px(32)
        inner = p.inflate(-2 * pad, -2 * pad)
        # four tiles: games, human wins against bots, best Glory, mean Glory
        tiles = [
            (str(s["games"]), tr("stats.games")),
            (str(store.human_wins(s)), tr("stats.wins_vs_bots")),
            (_fmt_glory(s["glory_best"]), tr("stats.best_glory")),
            (_fmt_glory(store.mean_glory(s)), tr("stats.mean_glory")),
        ]
        gap = self.px(18)
        tw = (inner.width - 3 * gap) // 4
        th = self.px(150)
        big = style.font("bold", self.px(56))
        label_f = style.font("body", self.px(18))
        for i, (value, label) in enumerate(tiles):
            r = pygame.Rect(inner.left + i * (tw + gap), inner.top, tw, th)
            self._tile(surface, r)
            style.blit_text(surface, value, big, style.GOLD_LIGHT, center=(r.centerx, r.top + th * 0.42),
                            outline=style.GOLD_DARK)
            fit = style.fit_font("body", label, tw - self.px(20), label_f.get_height())
            style.blit_text(surface, label, fit, style.PARCHMENT, center=(r.centerx, r.bottom - self.px(28)))
        y = self._draw_levels(surface, inner, inner.top + th + self.px(40))
        self._draw_notes(surface, inner, y + self.px(18))

    def _draw_levels(self, surface: pygame.Surface, inner: pygame.Rect, top: int) -> int:
        """The table by level of the bots; returns where it ends."""
        s = self.stats
        head = style.font("bold", self.px(17))
        style.blit_text(surface, tr("stats.by_level").upper(), head, style.GOLD, topleft=(inner.left, top))
        top += head.get_linesize() + self.px(10)
        cols = [inner.left + self.px(16), inner.left + round(inner.width * 0.36),
                inner.left + round(inner.width * 0.49), inner.left + round(inner.width * 0.62),
                inner.left + round(inner.width * 0.75)]
        row_h = self.px(50)
        header = pygame.Rect(inner.left, top, inner.width, self.px(38))
        veil = pygame.Surface(header.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 90))
        surface.blit(veil, header.topleft)
        small_head = style.font("bold", self.px(16))
        for key, x in zip(("stats.col.level", "stats.col.games", "stats.col.seats", "stats.col.wins",
                           "stats.col.rate"), cols):
            style.blit_text(surface, tr(key), small_head, style.GOLD, midleft=(x, header.centery))
        body = style.font("body", self.px(20))
        strong = style.font("bold", self.px(20))
        y = header.bottom
        for n, level in enumerate(store.LEVELS):
            row = pygame.Rect(inner.left, y, inner.width, row_h)
            if n % 2:
                stripe = pygame.Surface(row.size, pygame.SRCALPHA)
                stripe.fill((255, 230, 160, 14))
                surface.blit(stripe, row.topleft)
            pygame.draw.line(surface, (90, 62, 30), (row.left, row.bottom - 1), (row.right, row.bottom - 1))
            data = s["levels"][level]
            style.blit_text(surface, tr(f"stats.level.{level}"), strong, style.PARCHMENT,
                            midleft=(cols[0], row.centery))
            for value, x in ((data["games"], cols[1]), (data["seats"], cols[2]), (data["wins"], cols[3])):
                style.blit_text(surface, str(value), body, style.CREAM if value else style.MUTED,
                                midleft=(x, row.centery))
            bar = pygame.Rect(cols[4], row.centery - self.px(8), inner.right - cols[4] - self.px(90), self.px(16))
            self._draw_rate(surface, bar, store.win_rate(data), body, row.centery)
            y += row_h
        return y

    def _draw_rate(self, surface: pygame.Surface, bar: pygame.Rect, rate: float | None, f: pygame.font.Font,
                   y: int) -> None:
        pygame.draw.rect(surface, (24, 14, 8), bar, border_radius=bar.height // 2)
        if rate:
            fill = bar.copy()
            fill.width = max(bar.height, round(bar.width * rate))
            pygame.draw.rect(surface, style.GOLD, fill, border_radius=bar.height // 2)
        pygame.draw.rect(surface, style.GOLD_DARK, bar, width=1, border_radius=bar.height // 2)
        style.blit_text(surface, "—" if rate is None else f"{round(rate * 100)}%", f,
                        style.GOLD_LIGHT if rate else style.MUTED, midleft=(bar.right + self.px(14), y))

    def _draw_notes(self, surface: pygame.Surface, inner: pygame.Rect, ny: int) -> None:
        """Notes at the foot, and the message of the last reset (or of damaged statistics)."""
        s = self.stats
        small = style.font("body", self.px(16))
        notes = [tr("stats.level_note")]
        if s["watched"]:
            notes.append(tr("stats.watched", n=s["watched"]))
        if s["games"] == 0:
            notes.insert(0, tr("stats.none"))
        when = _fmt_when(s.get("last_played"))
        if when:
            notes.append(tr("stats.last_played", date=when))
        for note in notes:
            style.blit_text(surface, note, small, style.MUTED, topleft=(inner.left, ny))
            ny += small.get_linesize()
        foot = self.reset_button.rect if self.reset_button else inner
        if self.message is not None or self.damaged:
            text, error = self.message if self.message is not None else (tr("stats.damaged"), True)
            style.blit_text(surface, text, style.font("body", self.px(17)),
                            (236, 120, 100) if error else style.GOLD_LIGHT, midleft=(inner.left, foot.centery))

    def _tile(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        body = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(body, (0, 0, 0, 95), body.get_rect(), border_radius=self.px(10))
        surface.blit(body, r.topleft)
        pygame.draw.rect(surface, style.GOLD_DARK, r, width=max(1, self.px(2)), border_radius=self.px(10))
        style.draw_diamond(surface, (r.centerx, r.top), self.px(6), style.GOLD)
