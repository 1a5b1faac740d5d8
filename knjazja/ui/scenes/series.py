"""The standings of a series between games: each game's Glory, totals, the leader, who
starts next, the target; "Next game" and "Main menu".  Once the series is over it names the
winner(s) and offers only the way back to the menu."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from knjazja.app.wording.i18n import tr
from knjazja.app.wording.words import join_names
from knjazja.engine import Series, top_seats
from knjazja.ui import style
from knjazja.ui.scenes.base import oid
from knjazja.ui.widgets import BookScene, ellipsize


def seat_name(seat, i: int) -> str:
    name = seat.get("name") if isinstance(seat, Mapping) else getattr(seat, "name", None)
    return name if isinstance(name, str) and name else f"{i + 1}"


def seat_kind(seat) -> str:
    kind = seat.get("kind") if isinstance(seat, Mapping) else getattr(seat, "kind", None)
    return kind if isinstance(kind, str) else "human"


def leaders(series: Series) -> list[int]:
    """Seats with the highest total (none before the first game)."""
    if not series.games:
        return []
    return top_seats(series.totals)


@dataclass
class _Grid:
    """Where the series table's columns lie."""
    inner: pygame.Rect
    name_w: int
    x_games: int
    game_w: int
    games: list[tuple[int, list[int]]]      # (index, Glory per seat) of the games shown
    hidden: list[tuple[int, list[int]]]     # the oldest games, summed in one column
    x_total: int
    total_w: int
    x_bar: int
    bar_w: int
    lead: set[int]
    winners: set[int]


class SeriesScene(BookScene):
    """``SeriesScene(series, seats, on_next=..., on_menu=...)``; seats are ``{"name", "kind"}``
    dicts or objects with ``.name``/``.kind`` (``session.Seat``), one per seat of the series."""

    TITLE_KEY = "series.title"

    def __init__(self, series: Series, seats: Sequence, *, on_next: Callable[[], None] | None = None,
                 on_menu: Callable[[], None] | None = None) -> None:
        super().__init__(on_close=on_menu)
        if len(seats) != series.n:
            raise ValueError("one seat per player of the series expected")
        self.series = series
        self.seats = list(seats)
        self.on_next = on_next
        self.on_menu = on_menu
        self.next_button: UIButton | None = None
        self.menu_button: UIButton | None = None
        self._table = pygame.Rect(0, 0, 0, 0)

    def title(self) -> str:
        return tr("series.title", target=self.series.target)

    def build(self) -> None:
        self.build_frame()
        if self.back_button is not None:  # the menu button below does this
            self.back_button.hide()
        w, _ = self.size
        pad = self.px(32)
        pw = min(self.panel.width, self.px(1320))
        needed = 2 * pad + self.px(44 + 40 + 190) + self.series.n * self.px(58)
        ph = min(self.panel.height, needed)
        top = self.panel.top + (self.panel.height - ph) // 3
        self.panel = pygame.Rect((w - pw) // 2, top, pw, ph)
        bw, bh = self.px(260), self.px(54)
        y = self.panel.bottom - pad - bh
        over = self.series.over
        x = self.panel.centerx - bw // 2 if over else self.panel.left + pad
        self.menu_button = UIButton(pygame.Rect(x, y, bw, bh), tr("series.menu"), self.ui,
                                    object_id=oid("@primary" if over else "@secondary", "#series_menu"))
        self.next_button = None
        if not self.series.over:
            self.next_button = UIButton(pygame.Rect(self.panel.right - pad - bw, y, bw, bh), tr("series.next"),
                                        self.ui, object_id=oid("@primary", "#series_next"))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.next_game() if not self.series.over else self.to_menu()
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.next_button:
            self.next_game()
            return True
        if event.ui_element is self.menu_button:
            self.to_menu()
            return True
        return False

    def next_game(self) -> None:
        if not self.series.over and self.on_next is not None:
            self.on_next()

    def to_menu(self) -> None:
        if self.on_menu is not None:
            self.on_menu()
        else:
            self.close()

    # -- drawing ---------------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        s = self.series
        pad = self.px(32)
        inner = self.panel.inflate(-2 * pad, -2 * pad)
        small = style.font("body", self.px(17))
        # the subtitle line
        sub = tr("series.after", n=len(s.games)) if s.games else tr("series.not_started")
        style.blit_text(surface, sub, style.font("bold", self.px(20)), style.GOLD, topleft=(inner.left, inner.top))
        style.blit_text(surface, tr("series.target_note", target=s.target), small, style.MUTED,
                        midright=(inner.right, inner.top + self.px(12)))
        grid = self._grid(inner)
        header = pygame.Rect(inner.left, inner.top + self.px(44), inner.width, self.px(40))
        self._draw_header(surface, grid, header)
        row_h = min(self.px(58), (inner.bottom - self.px(190) - header.bottom) // max(1, s.n))
        y = header.bottom
        for i in range(s.n):
            self._draw_row(surface, grid, pygame.Rect(inner.left, y, inner.width, row_h), i)
            y += row_h
        self._draw_verdict(surface, inner, y + self.px(34))

    def _grid(self, inner: pygame.Rect) -> _Grid:
        """The columns: name | games… (the oldest folded into one) | total | progress."""
        name_w = max(self.px(220), min(self.px(300), inner.width // 4))
        total_w, game_w = self.px(100), self.px(74)
        room = inner.width - name_w - total_w - max(self.px(180), inner.width // 5) - self.px(30)
        fit = max(1, room // game_w)
        games = list(enumerate(self.series.games))
        hidden: list[tuple[int, list[int]]] = []
        if len(games) > fit:
            hidden, games = games[: len(games) - fit + 1], games[len(games) - fit + 1:]
        n_cols = len(games) + (1 if hidden else 0)
        x_games = inner.left + name_w
        x_total = x_games + max(n_cols, 1) * game_w + self.px(10)
        x_bar = x_total + total_w + self.px(20)
        return _Grid(inner, name_w, x_games, game_w, games, hidden, x_total, total_w, x_bar,
                     inner.right - x_bar - self.px(8), set(leaders(self.series)), set(self.series.winners()))

    def _draw_header(self, surface: pygame.Surface, g: _Grid, header: pygame.Rect) -> None:
        s = self.series
        head = style.font("bold", self.px(17))
        veil = pygame.Surface(header.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 100))
        surface.blit(veil, header.topleft)
        style.blit_text(surface, tr("series.col.player"), head, style.GOLD,
                        midleft=(g.inner.left + self.px(16), header.centery))
        col = 0
        if g.hidden:
            label = tr("series.col.games", a=g.hidden[0][0] + 1, b=g.hidden[-1][0] + 1)
            f = style.fit_font("bold", label, g.game_w - self.px(6), head.get_height())
            style.blit_text(surface, label, f, style.GOLD, center=(g.x_games + g.game_w // 2, header.centery))
            col = 1
        for k, (gi, _) in enumerate(g.games):
            style.blit_text(surface, tr("series.col.game", n=gi + 1), head, style.GOLD,
                            center=(g.x_games + (col + k) * g.game_w + g.game_w // 2, header.centery))
        if not s.games:
            style.blit_text(surface, "—", head, style.MUTED, center=(g.x_games + g.game_w // 2, header.centery))
        style.blit_text(surface, tr("series.col.total"), head, style.GOLD_LIGHT,
                        center=(g.x_total + g.total_w // 2, header.centery))
        style.blit_text(surface, tr("series.col.progress", target=s.target), head, style.GOLD,
                        midleft=(g.x_bar, header.centery))

    def _draw_row(self, surface: pygame.Surface, g: _Grid, row: pygame.Rect, i: int) -> None:
        s = self.series
        lead = i in g.lead
        band = pygame.Surface(row.size, pygame.SRCALPHA)
        if i in g.winners or (lead and not g.winners):
            band.fill((120, 36, 24, 150))
        elif i % 2:
            band.fill((255, 230, 160, 14))
        surface.blit(band, row.topleft)
        pygame.draw.line(surface, (90, 62, 30), (row.left, row.bottom - 1), (row.right, row.bottom - 1))
        self._draw_name(surface, g, row, i)
        num_f = style.font("body", self.px(21))
        col = 0
        if g.hidden:
            value = sum(glory[i] for _, glory in g.hidden)
            style.blit_text(surface, str(value), num_f, style.MUTED, center=(g.x_games + g.game_w // 2, row.centery))
            col = 1
        for k, (_, glory) in enumerate(g.games):
            won = i in top_seats(glory)
            cx = g.x_games + (col + k) * g.game_w + g.game_w // 2
            if won:
                pygame.draw.circle(surface, style.GOLD_DARK, (cx, row.centery), self.px(19), width=max(1, self.px(2)))
            style.blit_text(surface, str(glory[i]), num_f, style.GOLD_LIGHT if won else style.PARCHMENT,
                            center=(cx, row.centery))
        style.blit_text(surface, str(s.totals[i]), style.font("bold", self.px(26)), style.GOLD_LIGHT,
                        center=(g.x_total + g.total_w // 2, row.centery),
                        outline=style.GOLD_DARK if lead else None)
        self._draw_bar(surface, pygame.Rect(g.x_bar, row.centery - self.px(9), g.bar_w, self.px(18)), i, lead)
        if s.games and s.next_starter() == i and not s.over:
            label = style.font("body", self.px(15)).render(tr("series.starts_tag"), True, style.CREAM)
            pill = pygame.Rect(0, 0, label.get_width() + self.px(16), label.get_height() + self.px(4))
            pill.midright = (g.x_games - self.px(10), row.centery)
            pygame.draw.rect(surface, style.CRIMSON, pill, border_radius=pill.height // 2)
            pygame.draw.rect(surface, style.GOLD, pill, width=1, border_radius=pill.height // 2)
            surface.blit(label, label.get_rect(center=pill.center))

    def _draw_name(self, surface: pygame.Surface, g: _Grid, row: pygame.Rect, i: int) -> None:
        seat = self.seats[i]
        name_f = style.font("bold", self.px(21))
        name = ellipsize(seat_name(seat, i), name_f, g.name_w - self.px(70))
        tall = row.height > self.px(46)
        nr = style.blit_text(surface, name, name_f, style.GOLD_LIGHT if i in g.lead else style.PARCHMENT,
                             midleft=(g.inner.left + self.px(16), row.centery - (self.px(8) if tall else 0)))
        if tall:
            style.blit_text(surface, tr(f"series.kind.{seat_kind(seat)}"), style.font("body", self.px(15)),
                            style.MUTED, topleft=(g.inner.left + self.px(16), nr.bottom - self.px(4)))
        if i in g.winners:
            self._crown(surface, (nr.right + self.px(22), nr.centery - self.px(2)))
        elif i in g.lead:
            style.draw_diamond(surface, (nr.right + self.px(14), nr.centery), self.px(6), style.GOLD)

    def _draw_bar(self, surface: pygame.Surface, bar: pygame.Rect, i: int, lead: bool) -> None:
        """Progress towards the target."""
        s = self.series
        radius = bar.height // 2
        pygame.draw.rect(surface, (24, 14, 8), bar, border_radius=radius)
        frac = max(0.0, min(1.0, s.totals[i] / s.target)) if s.target else 0.0
        if frac > 0:
            fill = bar.copy()
            fill.width = max(bar.height, round(bar.width * frac))
            pygame.draw.rect(surface, style.GOLD if lead else (176, 132, 60), fill, border_radius=radius)
        pygame.draw.rect(surface, style.GOLD_DARK, bar, width=1, border_radius=radius)

    def _draw_verdict(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> None:
        s = self.series
        lead, winners = set(leaders(s)), set(s.winners())
        names = [seat_name(self.seats[i], i) for i in sorted(winners or lead)]
        if s.over:
            key = "series.winner" if len(winners) == 1 else "series.shared"
            text = tr(key, name=names[0], names=join_names(names), n=s.totals[min(winners)])
            f = style.fit_font("title", text, inner.width, style.font("title", self.px(40)).get_height())
            rect = style.blit_text(surface, text, f, style.GOLD_LIGHT, center=(inner.centerx, y + self.px(10)),
                                   outline=style.GOLD_DARK, shadow=(0, 0, 0))
            style.draw_divider(surface, (inner.centerx, rect.bottom + self.px(10)), rect.width + self.px(60),
                               style.GOLD, thickness=max(1, self.px(2)))
            return
        body = style.font("body", self.px(21))
        lines = []
        if lead:
            key = "series.leads" if len(lead) == 1 else "series.lead_shared"
            best = s.totals[min(lead)]
            lines.append(tr(key, name=names[0], names=join_names(names), n=best, left=max(0, s.target - best)))
        if s.games:
            starter = s.next_starter()
            lines.append(tr("series.next_starter", name=seat_name(self.seats[starter], starter)))
        for line in lines:
            style.blit_text(surface, line, body, style.PARCHMENT, center=(inner.centerx, y))
            y += body.get_linesize() + self.px(4)

    def _crown(self, surface: pygame.Surface, c: tuple[int, int]) -> None:
        x, y = c
        u = self.px(7)
        pts = [(x - 2 * u, y + u), (x - 2 * u, y - u), (x - u, y), (x, y - 2 * u), (x + u, y), (x + 2 * u, y - u),
               (x + 2 * u, y + u)]
        pygame.draw.polygon(surface, style.GOLD, pts)
        pygame.draw.polygon(surface, style.GOLD_DARK, pts, width=1)
        pygame.draw.circle(surface, style.CRIMSON, (x, y + u // 3), max(2, u // 2))
