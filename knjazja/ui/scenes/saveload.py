"""Named saves: a list of the games in ``storage.saves_dir()`` to load, save over or delete.

``SaveLoadScene(mode="save", session=...)`` writes the session under a name typed in a text
box (atomically, through ``GameSession.save_to``); ``SaveLoadScene(mode="load",
on_load=...)`` hands ``(state, meta)`` of the chosen save to ``on_load``.  Every file is read
with ``storage.load_game`` when the list is built: a damaged, foreign or newer-version file is
listed as unreadable with its one-line ``SaveError`` message, and the others load as usual.

Also here: :class:`ConfirmScene`, the yes/no question the save, statistics and series screens ask.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from knjazja.app.store import storage
from knjazja.app.wording.i18n import get_language, tr
from knjazja.app.wording.save_errors import os_error_text, save_error_text
from knjazja.app.wording.names import clean_name, displayable
from knjazja.engine import GameState, SaveError
from knjazja.ui import style
from knjazja.ui.scenes.base import GuiScene, oid
from knjazja.ui.widgets import BookScene, ScrollArea, draw_edge_fades, ellipsize, wrap_text

log = logging.getLogger(__name__)



# -- a yes/no question ------------------------------------------------------------------------
class ConfirmScene(GuiScene):
    """A modal question over the current scene: ``on_yes()`` if confirmed, else ``on_no()``."""

    is_overlay = True

    def __init__(self, title: str, text: str, on_yes: Callable[[], object], *,
                 yes_label: str | None = None, no_label: str | None = None,
                 on_no: Callable[[], None] | None = None, danger: bool = True) -> None:
        super().__init__()
        self.title, self.text = title, text
        self.on_yes, self.on_no = on_yes, on_no
        self.yes_label, self.no_label = yes_label, no_label
        self.danger = danger
        self.yes_button: UIButton | None = None
        self.no_button: UIButton | None = None
        self._panel = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        w, h = self.size
        body = style.font("body", self.px(22))
        pw = min(w - self.px(60), self.px(760))
        lines = wrap_text(self.text, body, pw - self.px(80))
        bw, bh, gap = self.px(240), self.px(52), self.px(24)
        ph = self.px(104) + len(lines) * body.get_linesize() + self.px(36) + bh + self.px(30)
        self._panel = pygame.Rect(0, 0, pw, ph)
        self._panel.center = (w // 2, h // 2)
        y = self._panel.bottom - bh - self.px(30)
        self.no_button = UIButton(pygame.Rect(w // 2 - bw - gap // 2, y, bw, bh),
                                  self.no_label or tr("common.cancel"), self.ui,
                                  object_id=oid("@secondary", "#confirm_no"))
        self.yes_button = UIButton(pygame.Rect(w // 2 + gap // 2, y, bw, bh),
                                   self.yes_label or tr("common.ok"), self.ui,
                                   object_id=oid("@primary", "#confirm_yes"))

    def answer(self, yes: bool) -> None:
        self.close()
        callback = self.on_yes if yes else self.on_no
        if callback is not None:
            callback()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.answer(False)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.answer(True)
            return True
        if self.is_ui_event(event, pygame_gui.UI_BUTTON_PRESSED, self.yes_button):
            self.answer(True)
        elif self.is_ui_event(event, pygame_gui.UI_BUTTON_PRESSED, self.no_button):
            self.answer(False)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 160)
        style.draw_panel(surface, self._panel, radius=self.px(14), bg=(30, 18, 10, 246))
        cx = self._panel.centerx
        tf = style.fit_font("title", self.title, self._panel.width - self.px(60), self.px(40))
        rect = style.blit_text(surface, self.title, tf, style.GOLD_LIGHT,
                               center=(cx, self._panel.top + self.px(52)), outline=style.GOLD_DARK)
        style.draw_divider(surface, (cx, rect.bottom + self.px(8)), max(self.px(200), rect.width),
                           style.GOLD, thickness=max(1, self.px(2)))
        body = style.font("body", self.px(22))
        y = self._panel.top + self.px(104)
        for line in wrap_text(self.text, body, self._panel.width - self.px(80)):
            style.blit_text(surface, line, body, style.PARCHMENT, center=(cx, y + body.get_height() // 2))
            y += body.get_linesize()


# -- the list of saves ------------------------------------------------------------------------
@dataclass
class SaveEntry:
    path: Path
    name: str
    modified: datetime
    state: GameState | None = None
    meta: dict | None = None
    error: str | None = None

    @property
    def readable(self) -> bool:
        return self.state is not None


def read_save(path: Path) -> SaveEntry:
    """One save, fully checked by ``storage.load_game``; never raises."""
    entry = SaveEntry(path, displayable(path.stem, 80) or "?", _modified(path))
    try:
        entry.state, entry.meta = storage.load_game(path)
        stored = entry.meta.get("name") if isinstance(entry.meta, dict) else None
        if isinstance(stored, str) and displayable(storage.save_display_name(stored), 80):
            entry.name = displayable(storage.save_display_name(stored), 80)   # as typed ("#1")
    except SaveError as exc:                  # the engine promises nothing else (fuzzed)
        entry.error = save_error_text(exc, get_language())
    return entry


def _modified(path: Path) -> datetime:
    """When the file was last written; the epoch for a time the platform cannot show (a
    file stamped in the year 30,000 000 must not take the list down)."""
    try:
        return datetime.fromtimestamp(path.stat().st_mtime)
    except (OSError, ValueError, OverflowError):
        return datetime.fromtimestamp(0)


def scan_saves() -> list[SaveEntry]:
    """Every named save, newest first, readable or not."""
    return [read_save(p) for p in storage.list_saves()]


def save_path(name: str) -> Path:
    """The file of the save called ``name`` (a new one when its safe file name is taken by
    a save of another name)."""
    return storage.save_file_for(name, lambda path: read_save(path).name)


def players_line(meta: dict | None, n: int | None = None) -> str:
    seats = meta.get("seats") if isinstance(meta, dict) else None
    if not isinstance(seats, list):
        return ""
    out = []
    for i, seat in enumerate(seats[: n or len(seats)]):
        if not isinstance(seat, dict):
            continue
        name = seat.get("name")
        name = (clean_name(name) if isinstance(name, str) else "") or f"{i + 1}"
        kind = seat.get("kind")
        out.append(tr("saveload.bot", name=name, level=tr(f"saveload.level.{kind}"))
                   if kind in ("easy", "normal", "hard") else name)
    return ", ".join(out)


def format_date(moment: datetime) -> str:
    return moment.strftime(tr("saveload.date_format"))


class SaveLoadScene(BookScene):
    """``mode="save"`` needs ``session``; ``mode="load"`` calls ``on_load(state, meta)``.

    ``on_saved(path)`` is called after a successful save (default: close the screen).
    """

    def __init__(self, mode: str = "load", *, session=None,
                 on_load: Callable[[GameState, dict], None] | None = None,
                 on_saved: Callable[[Path], None] | None = None,
                 on_close: Callable[[], None] | None = None) -> None:
        if mode not in ("save", "load"):
            raise ValueError("mode must be 'save' or 'load'")
        if mode == "save" and session is None:
            raise ValueError("saving needs a session")
        super().__init__(on_close=on_close)
        self.mode = mode
        self.session = session
        self.on_load = on_load
        self.on_saved = on_saved
        self.entries: list[SaveEntry] = scan_saves()
        self.selected: int | None = None
        self.name = self._default_name() if mode == "save" else ""
        self.status: tuple[str, bool] | None = None   # (text, is_error)
        self.scroll: ScrollArea | None = None
        self.name_entry: UITextEntryLine | None = None
        self.action_button: UIButton | None = None
        self.delete_button: UIButton | None = None
        self._row_h = 0
        self._fades: tuple[pygame.Surface, pygame.Surface] | None = None
        self._last_click: tuple[int, int] = (-1, -10_000)
        if mode == "load":
            self.selected = next((i for i, e in enumerate(self.entries) if e.readable), None)

    def title(self) -> str:
        return tr(f"saveload.title.{self.mode}")

    def _default_name(self) -> str:
        seats = getattr(self.session, "seats", []) or []
        human = next((s.name for s in seats if getattr(s, "kind", "") == "human"), None)
        stamp = datetime.now().strftime("%Y-%m-%d %H-%M")
        return f"{human} {stamp}" if human else tr("saveload.default_name", date=stamp)

    # -- building ------------------------------------------------------------------------------
    def build(self) -> None:
        self.build_frame()
        w, h = self.size
        pw = min(self.panel.width, self.px(1240))
        self.panel = pygame.Rect((w - pw) // 2, self.panel.top, pw, self.panel.height)
        p, pad = self.panel, self.px(30)
        bh = self.px(50)
        foot_y = p.bottom - pad - bh
        # footer: [name box] ... [Delete] [Save|Load]
        aw, dw = self.px(220), self.px(180)
        self.action_button = UIButton(pygame.Rect(p.right - pad - aw, foot_y, aw, bh),
                                      tr(f"saveload.{self.mode}"), self.ui,
                                      object_id=oid("@primary", f"#saveload_{self.mode}"))
        self.delete_button = UIButton(pygame.Rect(self.action_button.rect.left - self.px(14) - dw, foot_y, dw, bh),
                                      tr("saveload.delete"), self.ui, object_id=oid("@secondary", "#saveload_delete"))
        self.name_entry = None
        if self.mode == "save":
            label_w = style.font("bold", self.px(18)).size(tr("saveload.name"))[0] + self.px(24)
            self.name_entry = UITextEntryLine(
                pygame.Rect(p.left + pad + label_w, foot_y + self.px(3), self.delete_button.rect.left - self.px(24)
                            - p.left - pad - label_w, bh - self.px(6)), self.ui, object_id=oid(None, "#save_name"))
            self.name_entry.set_text_length_limit(60)
            self.name_entry.set_text(self.name)
        bar_w = self.px(12)
        top = p.top + pad + self.px(44)
        bottom = foot_y - self.px(40)
        track = pygame.Rect(p.right - pad - bar_w, top, bar_w, bottom - top)
        view = pygame.Rect(p.left + pad, top, track.left - self.px(14) - p.left - pad, bottom - top)
        self._row_h = self.px(82)
        self.scroll = ScrollArea(view, len(self.entries) * self._row_h, track, self.px(30))
        self._fades = None
        self.refresh()

    def refresh(self) -> None:
        if self.action_button is None:
            return
        entry = self.selected_entry()
        if self.mode == "load":
            self.action_button.enable() if entry is not None and entry.readable else self.action_button.disable()
        else:
            self.action_button.enable() if self.name.strip() else self.action_button.disable()
        assert self.delete_button is not None, "built with the action button"
        self.delete_button.enable() if entry is not None else self.delete_button.disable()

    def selected_entry(self) -> SaveEntry | None:
        if self.selected is None or not 0 <= self.selected < len(self.entries):
            return None
        return self.entries[self.selected]

    def rescan(self) -> None:
        chosen = self.selected_entry()
        self.entries = scan_saves()
        paths = [e.path for e in self.entries]
        self.selected = paths.index(chosen.path) if chosen is not None and chosen.path in paths else None
        if self.scroll is not None:
            self.scroll.set_content_height(len(self.entries) * self._row_h)
        self.invalidate()
        self.refresh()

    # -- actions -------------------------------------------------------------------------------
    def select(self, index: int | None) -> None:
        self.selected = index
        entry = self.selected_entry()
        if self.mode == "save" and entry is not None:
            self.name = entry.name
            if self.name_entry is not None:
                self.name_entry.set_text(entry.name)
        self.status = None
        self.refresh()

    def load_selected(self) -> bool:
        entry = self.selected_entry()
        if entry is None or entry.state is None:       # (not readable)
            return False
        if self.on_load is not None:
            self.on_load(entry.state, entry.meta or {})
        return True

    def save(self, confirm_overwrite: bool = True) -> Path | None:
        """Save under the typed name; asks first when that save exists.  Returns the path."""
        name = storage.save_display_name(self.name)
        if not name:
            return None
        path = save_path(name)
        if confirm_overwrite and path.exists() and self.stack is not None:
            self.stack.push(ConfirmScene(tr("saveload.overwrite_title"),
                                         tr("saveload.overwrite_text", name=name),
                                         lambda: self.save(confirm_overwrite=False),
                                         yes_label=tr("saveload.overwrite_yes")))
            return None
        try:
            self.session.save_to(path, name)
        except OSError as exc:
            self.status = (tr("saveload.save_failed", error=os_error_text(exc, get_language())), True)
            self.invalidate()
            return None
        self.status = (tr("saveload.saved", name=name), False)
        self.rescan()
        self.selected = next((i for i, e in enumerate(self.entries) if e.path == path), None)
        self.refresh()
        if self.on_saved is not None:
            self.on_saved(path)
        return path

    def delete_selected(self, confirm: bool = True) -> None:
        entry = self.selected_entry()
        if entry is None:
            return
        if confirm and self.stack is not None:
            self.stack.push(ConfirmScene(tr("saveload.delete_title"),
                                         tr("saveload.delete_text", name=entry.name),
                                         lambda: self.delete_selected(confirm=False),
                                         yes_label=tr("saveload.delete")))
            return
        try:
            entry.path.unlink(missing_ok=True)
            self.status = (tr("saveload.deleted", name=entry.name), False)
        except OSError as exc:
            self.status = (tr("saveload.delete_failed", error=os_error_text(exc, get_language())), True)
        self.selected = None
        self.rescan()

    # -- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.handle_frame_event(event):
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.name_entry:
            self.name = event.text
            self.refresh()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.name_entry:
            self.save()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.action_button:
                self.save() if self.mode == "save" else self.load_selected()
                return True
            if event.ui_element is self.delete_button:
                self.delete_selected()
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.scroll is not None:
            index = self.row_at(event.pos)
            if index is not None:
                now = pygame.time.get_ticks()
                double = self._last_click[0] == index and now - self._last_click[1] < 400
                self._last_click = (index, now)
                self.select(index)
                if double and self.mode == "load":
                    self.load_selected()
                return True
        if event.type == pygame.KEYDOWN and not self.focused_text_entry() and self.entries:
            if event.key in (pygame.K_DOWN, pygame.K_UP):
                cur = -1 if self.selected is None else self.selected
                self.select(max(0, min(len(self.entries) - 1, cur + (1 if event.key == pygame.K_DOWN else -1))))
                self._reveal(self.selected)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.mode == "load":
                return self.load_selected()
            if event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):   # a Mac's Delete is Backspace
                self.delete_selected()
                return True
        if event.type == pygame.KEYDOWN and self.focused_text_entry():
            return False  # keys belong to the name box
        return self.scroll is not None and self.scroll.handle_event(event)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if self.scroll is None or not self.scroll.view.collidepoint(pos):
            return None
        index = int((pos[1] - self.scroll.view.top + self.scroll.offset) // self._row_h)
        return index if 0 <= index < len(self.entries) else None

    def _reveal(self, index: int | None) -> None:
        if index is None or self.scroll is None:
            return
        top, bottom = index * self._row_h, (index + 1) * self._row_h
        if top < self.scroll.target:
            self.scroll.scroll_to(top)
        elif bottom > self.scroll.target + self.scroll.view.height:
            self.scroll.scroll_to(bottom - self.scroll.view.height)

    def update(self, dt: float) -> None:
        if self.scroll is not None:
            self.scroll.update(dt)

    # -- drawing -------------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        p, pad = self.panel, self.px(30)
        head = style.font("bold", self.px(17))
        assert self.scroll is not None and self.action_button is not None, "drawn once built"
        view = self.scroll.view
        cols = self._columns()
        y = p.top + pad + self.px(10)
        for key, x in (("saveload.col.name", cols[0]), ("saveload.col.players", cols[1]),
                       ("saveload.col.date", cols[2])):
            style.blit_text(surface, tr(key).upper(), head, style.GOLD, topleft=(x, y))
        pygame.draw.line(surface, style.GOLD_DARK, (view.left, view.top - self.px(6)),
                         (self.scroll.track.right, view.top - self.px(6)))
        foot = self.action_button.rect
        pygame.draw.line(surface, style.GOLD_DARK, (view.left, foot.top - self.px(22)),
                         (self.scroll.track.right, foot.top - self.px(22)))
        small = style.font("body", self.px(17))
        if self.mode == "save":
            label = style.font("bold", self.px(18))
            style.blit_text(surface, tr("saveload.name"), label, style.PARCHMENT,
                            midleft=(p.left + pad, foot.centery))
        if self.status is not None:
            text, error = self.status
            style.blit_text(surface, text, small, (236, 120, 100) if error else style.GOLD_LIGHT,
                            midleft=(p.left + pad, foot.top - self.px(40)))
        if not self.entries:
            body = style.font("body", self.px(22))
            style.blit_text(surface, tr("saveload.empty"), body, style.MUTED, center=view.center)
        else:
            usable = sum(1 for e in self.entries if e.readable)
            style.blit_text(surface, tr("saveload.count", n=len(self.entries), ok=usable), small, style.MUTED,
                            midright=(self.scroll.track.right, foot.top - self.px(40)))

    def _columns(self) -> tuple[int, int, int]:
        assert self.scroll is not None, "laid out once built"
        view = self.scroll.view
        return (view.left + self.px(18), view.left + round(view.width * 0.36),
                view.left + round(view.width * 0.78))

    def draw_live(self, surface: pygame.Surface) -> None:
        if self.scroll is None:
            return
        view = self.scroll.view
        off = round(self.scroll.offset)
        clip = surface.get_clip()
        surface.set_clip(view)
        mouse = pygame.mouse.get_pos()
        hover = self.row_at(mouse) if self.is_top else None
        name_f = style.font("bold", self.px(21))
        body_f = style.font("body", self.px(17))
        cols = self._columns()
        for i, entry in enumerate(self.entries):
            row = pygame.Rect(view.left, view.top + i * self._row_h - off, view.width, self._row_h - self.px(6))
            if row.bottom < view.top or row.top > view.bottom:
                continue
            bg = pygame.Surface(row.size, pygame.SRCALPHA)
            if i == self.selected:
                bg.fill((120, 36, 24, 170))
            elif i == hover:
                bg.fill((255, 230, 160, 30))
            else:
                bg.fill((0, 0, 0, 60 if i % 2 else 35))
            surface.blit(bg, row.topleft)
            if i == self.selected:
                pygame.draw.rect(surface, style.GOLD, row, width=1, border_radius=self.px(4))
            name_w = cols[1] - cols[0] - self.px(16)
            top = row.top + self.px(12)
            colour = style.GOLD_LIGHT if entry.readable else (214, 150, 130)
            style.blit_text(surface, ellipsize(entry.name, name_f, name_w), name_f, colour, topleft=(cols[0], top))
            second = row.top + self.px(12) + name_f.get_linesize()
            s = entry.state
            if s is not None:                                 # (readable)
                detail = tr("saveload.progress", turn=s.turn_no + 1, deck=len(s.deck))
                if s.over:
                    detail = tr("saveload.finished")
                style.blit_text(surface, ellipsize(detail, body_f, name_w), body_f, style.MUTED,
                                topleft=(cols[0], second))
                players = players_line(entry.meta, s.n)
                lines = wrap_text(players, body_f, cols[2] - cols[1] - self.px(20))
                if len(lines) > 2:
                    lines = [lines[0], ellipsize(" ".join(lines[1:]), body_f, cols[2] - cols[1] - self.px(20))]
                py = row.centery - len(lines) * body_f.get_linesize() // 2
                for line in lines:
                    style.blit_text(surface, line, body_f, style.PARCHMENT, topleft=(cols[1], py))
                    py += body_f.get_linesize()
            else:
                msg = tr("saveload.unreadable", error=entry.error or "")
                style.blit_text(surface, ellipsize(msg, body_f, cols[2] - cols[0] - self.px(20)), body_f,
                                (236, 120, 100), topleft=(cols[0], second))
            style.blit_text(surface, format_date(entry.modified), body_f, style.PARCHMENT_DARK,
                            midleft=(cols[2], row.centery))
        surface.set_clip(clip)
        self._fades = draw_edge_fades(surface, self._fades, self._backdrop, view, off,
                                       self.scroll.max_offset, self.px(18))
        self.scroll.draw(surface)
