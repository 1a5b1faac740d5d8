"""The new-game screen: 2–8 seats (name + Human/Easy/Normal/Hard), first player, house rules.

Start calls ``on_start(setup)`` with the shape of ``Settings.last_setup`` (see settings.py),
after saving that setup as the next game's default.
"""
from __future__ import annotations

import copy
import math
from collections.abc import Callable, Mapping
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UILabel, UITextEntryLine
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

from knjazja.app.wording.i18n import get_language, tr
from knjazja.app.store.settings import (MAX_NAME_LENGTH, MAX_PLAYERS, MIN_PLAYERS, OPTION_KEYS, PLAYER_KINDS,
                                  GameSetup, default_setup, validate_setup)
from knjazja.app.wording.names import NAME_CHARS, clean_name
from knjazja.app.wording.words import localise_name, prince_names
from knjazja.ui import style
from knjazja.ui.scenes.base import GuiScene, oid
from knjazja.ui.widgets import wrap_text

# The seating preview's colour per seat kind: every kind of PLAYER_KINDS has one (a test
# draws the preview with each), the people's seats in light tones, the bots' in dark.
SEAT_COLOURS: dict[str, tuple[int, int, int]] = {
    "human": style.GOLD, "remote": (196, 170, 120),
    "easy": (92, 132, 84), "normal": (84, 104, 140), "hard": style.CRIMSON,
}


NAME_MIN_W = 160        # a seat's name box keeps at least this much (designed at 1600×900)
KIND_TEXT_PAD = 12      # a seat kind's words keep this much room each side (the theme's padding)


def default_names(seats: list[dict[str, str]]) -> list[str]:
    """A localised default name per seat: a prince's name for every seat not yet named (a
    human too: "Игрок" would read "перед игроком Игрок" in the log)."""
    princes = prince_names(get_language())
    taken = {s["name"] for s in seats if s["name"]}
    free = iter([p for p in princes if p not in taken] + [f"{princes[0]} {k}" for k in range(2, 20)])
    return [next(free) for _ in seats]


class SetupScene(GuiScene):
    def __init__(self, *, on_start: Callable[[dict[str, Any]], object] | None = None,
                 on_back: Callable[[], None] | None = None,
                 setup: dict[str, Any] | None = None) -> None:
        """``setup`` pre-fills the screen; by default ``app.settings.last_setup`` does."""
        super().__init__()
        self.on_start = on_start
        self.on_back = on_back
        self._initial = setup
        self.seats: list[dict[str, str]] = []
        self.first_player: int | str = "random"
        self.options: dict[str, bool] = {k: False for k in OPTION_KEYS}
        self.name_entries: list[UITextEntryLine] = []
        self.kind_menus: list[UIDropDownMenu] = []
        self.remove_buttons: list[UIButton] = []
        self.add_button: UIButton | None = None
        self.start_button: UIButton | None = None
        self.series_button: UIButton | None = None
        self.back_button: UIButton | None = None
        self.first_menu: UIDropDownMenu | None = None
        self.option_boxes: dict[str, UICheckBox] = {}
        self.notes: UILabel | None = None
        self.password_entry: UITextEntryLine | None = None
        self.password = ""                 # a network table's password (never kept in the settings)
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._columns: tuple[pygame.Rect, pygame.Rect] = (pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0))
        self._first_dirty = False
        self._title_y = 0
        self._notes: list[str] = []
        self._notes_top = 0
        self._preview = pygame.Rect(0, 0, 0, 0)

    # -- model -----------------------------------------------------------------------------------
    def enter(self) -> None:
        assert self.app is not None, "pushed on the app's stack"
        self._load(self._initial if self._initial is not None else self.app.settings.last_setup)
        super().enter()

    def _load(self, data: Mapping[str, Any]) -> None:
        try:
            setup = validate_setup(copy.deepcopy(data))
        except ValueError:
            setup = default_setup()
        lang = get_language()          # the last table's built-in names, in today's language
        self.seats = [{"name": localise_name(s["name"], lang), "kind": s["kind"]} for s in setup["seats"]]
        defaults = default_names(self.seats)
        for seat, name in zip(self.seats, defaults):
            if not seat["name"]:
                seat["name"] = name
        self.first_player = setup["first_player"]
        self.options = {k: bool(v) for k, v in setup["options"].items()}

    def current_setup(self) -> GameSetup:
        """The setup as shown now (blank names replaced by defaults)."""
        seats = [{"name": clean_name(s["name"]), "kind": s["kind"]} for s in self.seats]   # fit to draw
        for seat, name in zip(seats, default_names(seats)):
            if not seat["name"]:
                seat["name"] = name
        return validate_setup({"seats": seats, "first_player": self.first_player,
                               "options": dict(self.options)})

    def add_seat(self) -> None:
        if len(self.seats) >= MAX_PLAYERS:
            return
        seats = self.seats + [{"name": "", "kind": "normal"}]
        seats[-1]["name"] = default_names(seats)[-1]
        self.seats = seats
        self.rebuild()

    def remove_seat(self, index: int) -> None:
        if len(self.seats) <= MIN_PLAYERS or not 0 <= index < len(self.seats):
            return
        del self.seats[index]
        if isinstance(self.first_player, int):
            if self.first_player == index:
                self.first_player = "random"
            elif self.first_player > index:
                self.first_player -= 1
        self.rebuild()

    def set_kind(self, index: int, kind: str) -> None:
        if kind in PLAYER_KINDS and self.seats[index]["kind"] != kind:
            self.seats[index]["kind"] = kind
            self.rebuild()  # the notes (no human / duel) may change

    def network(self) -> bool:
        """A seat is played on another computer: this is a network table."""
        return any(s["kind"] == "remote" for s in self.seats)

    def can_start(self) -> bool:
        """A network table has at least one seat at this computer (the host's window)."""
        return not self.network() or any(s["kind"] == "human" for s in self.seats)

    def start(self, series: bool = False) -> None:
        """Start one game, or (series=True) the first game of a series to 100 Glory."""
        if not self.can_start():
            return
        setup = self.current_setup()
        assert self.app is not None
        self.app.settings.last_setup = copy.deepcopy(setup)
        self.app.save_settings()
        started = dict[str, Any](setup)    # (+ a network table's password, or a series: not settings)
        if self.network() and self.password_entry is not None:
            started["password"] = self.password_entry.get_text()
        if self.on_start is not None:
            self.on_start(dict(started, series=True) if series and not self.network() else started)

    def back(self) -> None:
        if self.on_back is not None:
            self.on_back()
        else:
            self.close()

    # -- widgets ---------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        px = self.px
        self.first_menu = None
        panel_w = min(round(w * 0.9), px(1320))
        row_h, row_gap = px(44), px(10)
        pad = px(34)
        title_h = px(84)
        n_rows = MAX_PLAYERS
        seats_h = px(40) + n_rows * (row_h + row_gap) + px(6) + row_h
        panel_h = min(h - px(40), title_h + seats_h + px(30) + row_h + pad * 2)
        panel = pygame.Rect((w - panel_w) // 2, (h - panel_h) // 2, panel_w, panel_h)
        self._panel = panel
        inner = panel.inflate(-2 * pad, -2 * pad)
        self._title_y = inner.top + title_h // 2 - px(6)
        body_top = inner.top + title_h
        col_gap = px(44)
        left_w = round((inner.width - col_gap) * 0.55)
        left = pygame.Rect(inner.left, body_top, left_w, inner.bottom - body_top - row_h - px(24))
        right = pygame.Rect(left.right + col_gap, body_top, inner.right - left.right - col_gap, left.height)
        self._columns = (left, right)
        self._build_seats(left, row_h, row_gap)
        self._build_options(right, row_h)
        self._build_buttons(inner, row_h)

    def _build_seats(self, left: pygame.Rect, row_h: int, row_gap: int) -> None:
        """One row per seat (number, name, kind, remove) and Add below them."""
        px, h = self.px, self.size[1]
        UILabel(pygame.Rect(left.left, left.top, left.width, px(32)),
                f"{tr('setup.players')} · {tr('setup.player_count', n=len(self.seats))}",
                self.ui, object_id=oid("@section", "#players_heading"))
        options = [(tr(f"setup.kind.{k}"), k) for k in PLAYER_KINDS]
        num_w, remove_w = px(40), row_h
        # the kind reads whole, closed and open ("Player on another computer"), the name keeps
        # room for a long prince's name
        kind_w = min(max(px(210), self._kind_width(options, row_h)),
                     left.width - num_w - remove_w - 3 * px(10) - px(NAME_MIN_W))
        name_w = left.width - num_w - kind_w - remove_w - 3 * px(10)
        self.name_entries, self.kind_menus, self.remove_buttons = [], [], []
        y = left.top + px(40)
        list_h = len(PLAYER_KINDS) * px(34) + px(8)
        for i, seat in enumerate(self.seats):
            x = left.left
            UILabel(pygame.Rect(x, y, num_w, row_h), str(i + 1), self.ui,
                    object_id=oid("@seat_number", f"#seat_{i}_number"))
            x += num_w + px(10)
            entry = UITextEntryLine(pygame.Rect(x, y, name_w, row_h), self.ui,
                                    object_id=oid(None, f"#seat_{i}_name"),
                                    initial_text=seat["name"], placeholder_text=tr("setup.name"))
            entry.set_text_length_limit(MAX_NAME_LENGTH)
            entry.set_allowed_characters(sorted(NAME_CHARS))      # no emoji nor marks the faces lack
            self.name_entries.append(entry)
            x += name_w + px(10)
            up = y + row_h + list_h > h - px(8)
            current = next(o for o in options if o[1] == seat["kind"])
            menu = UIDropDownMenu(list[str | tuple[str, str]](options), current,
                                  pygame.Rect(x, y, kind_w, row_h), self.ui,
                                  object_id=oid("@dropup" if up else None, f"#seat_{i}_kind"))
            self.kind_menus.append(menu)
            x += kind_w + px(10)
            remove = UIButton(pygame.Rect(x, y, remove_w, row_h), "×", self.ui,
                              tool_tip_text=tr("setup.remove_player"),
                              object_id=oid("@icon_button", f"#seat_{i}_remove"))
            if len(self.seats) <= MIN_PLAYERS:
                remove.disable()
            self.remove_buttons.append(remove)
            y += row_h + row_gap
        self.add_button = UIButton(pygame.Rect(left.left + num_w + px(10), y + px(6), name_w, row_h),
                                   tr("setup.add_player"), self.ui,
                                   object_id=oid("@secondary", "#add_seat"))
        if len(self.seats) >= MAX_PLAYERS:
            self.add_button.disable()

    def _kind_width(self, options: list[tuple[str, str]], row_h: int) -> int:
        """How wide a seat's kind menu must be for its longest option to read whole with a
        margin, closed and open: a menu made (and opened) to be measured, then thrown away."""
        width = self.px(210)
        probe = UIDropDownMenu(list[str | tuple[str, str]](options), options[0],
                               pygame.Rect(0, 0, width, row_h), self.ui,
                               object_id=oid(None, "#seat_kind_probe"))
        shown = probe.menu_states["closed"].selected_option_button
        assert shown is not None and shown.font is not None and probe.current_state is not None
        font, closed_w = shown.font, shown.rect.width
        probe.current_state.should_transition = True           # open it: the list's items
        probe.update(0.0)
        opened = probe.current_state
        assert isinstance(opened, UIExpandedDropDownState) and opened.options_selection_list is not None
        items = [item["button_element"] for item in opened.options_selection_list.item_list
                 if item.get("button_element") is not None]
        open_w = min((b.rect.width for b in items), default=closed_w)
        probe.kill()
        text = max(font.size(label)[0] for label, _ in options)
        return text + 2 * self.px(KIND_TEXT_PAD) + width - min(closed_w, open_w)

    def _build_options(self, right: pygame.Rect, row_h: int) -> None:
        """The first player, the house rules, notes and the preview's place."""
        px = self.px
        ry = right.top
        UILabel(pygame.Rect(right.left, ry, right.width, px(32)), tr("setup.first_player"), self.ui,
                object_id=oid("@section", "#first_heading"))
        ry += px(40)
        self._first_rect = pygame.Rect(right.left, ry, right.width, row_h)
        self._build_first_menu()
        ry += row_h + px(34)
        UILabel(pygame.Rect(right.left, ry, right.width, px(32)), tr("setup.house_rules"), self.ui,
                object_id=oid("@section", "#rules_heading"))
        ry += px(42)
        box = px(26)
        self.option_boxes = {}
        for key in OPTION_KEYS:
            cb = UICheckBox(pygame.Rect(right.left, ry + (row_h - box) // 2, box, box),
                            tr(f"setup.option.{key}"), self.ui,
                            object_id=oid("@check", f"#option_{key}"), initial_state=self.options[key])
            self.option_boxes[key] = cb
            ry += row_h + px(4)
        ry += px(18)
        notes = []
        if len(self.seats) == 2:
            notes.append(tr("setup.duel_note"))
        if not any(s["kind"] == "human" for s in self.seats):
            notes.append(tr("setup.no_human_note"))
        if self.network():
            notes.append(tr("setup.remote_note") if self.can_start() else tr("setup.remote_one_human"))
        self._notes = notes
        self._notes_top = ry
        f = style.font("body", px(16))
        for note in notes:
            ry += len(wrap_text(note, f, right.width)) * f.get_linesize() + px(6)
        self.password_entry = None
        if self.network():
            ry += px(8)
            self.password_entry = UITextEntryLine(pygame.Rect(right.left, ry, right.width, row_h), self.ui,
                                                  object_id=oid(None, "#table_password"), initial_text=self.password,
                                                  placeholder_text=tr("setup.remote_password"))
            self.password_entry.set_text_length_limit(64)
            ry += row_h
        preview_top = ry + px(14)
        self._preview = pygame.Rect(right.left, preview_top, right.width, right.bottom - preview_top)

    def _build_buttons(self, inner: pygame.Rect, row_h: int) -> None:
        px = self.px
        by = inner.bottom - row_h
        bw = px(240)
        self.back_button = UIButton(pygame.Rect(inner.left, by, px(180), row_h), tr("common.back"),
                                    self.ui, object_id=oid("@secondary", "#back"))
        self.series_button = UIButton(pygame.Rect(inner.right - 2 * bw - px(16), by, bw, row_h),
                                      tr("setup.start_series"), self.ui,
                                      object_id=oid("@secondary", "#start_series"))
        self.start_button = UIButton(pygame.Rect(inner.right - bw, by, bw, row_h), tr("setup.start"),
                                     self.ui, object_id=oid("@primary", "#start"))
        if not self.can_start():
            self.start_button.disable()
        if self.network():
            self.series_button.disable()       # a series is played at one screen

    def _build_first_menu(self) -> None:
        if self.first_menu is not None:
            self.first_menu.kill()
        options = [(tr("setup.first_player.random"), "random")]
        for i, seat in enumerate(self.seats):
            name = seat["name"].strip() or default_names(self.seats)[i]
            options.append((tr("setup.first_player.seat", n=i + 1, name=name), f"seat_{i}"))
        wanted = "random" if self.first_player == "random" else f"seat_{self.first_player}"
        current = next((o for o in options if o[1] == wanted), options[0])
        self.first_menu = UIDropDownMenu(list[str | tuple[str, str]](options), current, self._first_rect, self.ui,
                                         object_id=oid(None, "#first_player"))
        self._first_dirty = False

    # -- input -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        element = getattr(event, "ui_element", None)
        if element is None:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if element is self.add_button:
                self.add_seat()
            elif element is self.series_button:
                self.start(series=True)
            elif element is self.start_button:
                self.start()
            elif element is self.back_button:
                self.back()
            elif element in self.remove_buttons:
                self.remove_seat(self.remove_buttons.index(element))
            else:
                return False
            return True
        if event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED):
            if self.password_entry is not None and element is self.password_entry:
                self.password = element.get_text()
                return True
            if element in self.name_entries:
                self.seats[self.name_entries.index(element)]["name"] = element.get_text()
                self._first_dirty = True
                return True
            return False
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if element in self.kind_menus:
                self.set_kind(self.kind_menus.index(element), event.selected_option_id)
                return True
            if element is self.first_menu:
                choice = event.selected_option_id
                self.first_player = "random" if choice == "random" else int(choice.split("_")[1])
                self.invalidate()  # the seating preview marks the first player
                return True
            return False
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            for key, box in self.option_boxes.items():
                if element is box:
                    self.options[key] = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
                    return True
        return False

    def update(self, dt: float) -> None:
        # names feed the first-player list; rebuild it when it is closed and the typing paused
        if self._first_dirty and self.first_menu is not None and self.first_menu.current_state is \
                self.first_menu.menu_states.get("closed"):
            self._build_first_menu()

    # -- drawing ---------------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(style.table_background((w, h)), (0, 0))
        style.dim(surface, 60)
        style.draw_panel(surface, self._panel, radius=self.px(16))
        title = tr("setup.title")
        f = style.fit_font("title", title, self._panel.width - self.px(80), self.px(54))
        r = style.blit_text(surface, title, f, style.GOLD_LIGHT, center=(self._panel.centerx, self._title_y),
                            outline=style.GOLD_DARK, shadow=(0, 0, 0))
        style.draw_divider(surface, (self._panel.centerx, r.bottom + self.px(8)),
                           max(self.px(260), r.width + self.px(80)), style.GOLD, thickness=max(1, self.px(2)))
        left, right = self._columns
        # a thin rule between the columns
        x = (left.right + right.left) // 2
        pygame.draw.line(surface, style.GOLD_DARK, (x, left.top + self.px(6)), (x, left.bottom - self.px(6)), 1)
        # notes
        f = style.font("body", self.px(16))
        y = self._notes_top
        for note in self._notes:
            for line in wrap_text(note, f, right.width):
                style.blit_text(surface, line, f, style.MUTED, topleft=(right.left, y))
                y += f.get_linesize()
            y += self.px(6)
        self._draw_preview(surface)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        """A small table seen from above: seats clockwise, the (first) human at the bottom."""
        area = self._preview
        label_font = style.font("body", self.px(15))
        if area.height < self.px(90) + label_font.get_linesize():
            return
        style.blit_text(surface, tr("setup.seating"), label_font, style.MUTED, topleft=area.topleft)
        area = pygame.Rect(area.left, area.top + label_font.get_linesize() + self.px(4),
                           area.width, area.height - label_font.get_linesize() - self.px(4))
        r = max(self.px(12), min(area.height // 7, self.px(20)))
        table = pygame.Rect(0, 0, min(area.width - 4 * r, round((area.height - 2 * r) * 2.2)),
                            area.height - 2 * r - self.px(6))
        table.center = area.center
        pygame.draw.ellipse(surface, (70, 44, 24), table.move(0, self.px(4)))
        pygame.draw.ellipse(surface, (104, 66, 36), table)
        pygame.draw.ellipse(surface, style.GOLD_DARK, table, max(1, self.px(2)))
        pygame.draw.ellipse(surface, (88, 56, 30), table.inflate(-table.width // 3, -table.height // 3), 1)
        n = len(self.seats)
        humans = [i for i, seat in enumerate(self.seats) if seat["kind"] == "human"]
        viewer = humans[0] if humans else 0
        num_font = style.font("bold", round(r * 1.1))
        rx, ry = table.width / 2 + r * 0.3, table.height / 2 + r * 0.3
        for k in range(n):
            seat = (viewer + k) % n
            t = 2 * math.pi * k / n
            cx = round(table.centerx - rx * math.sin(t))
            cy = round(table.centery + ry * math.cos(t))
            kind = self.seats[seat]["kind"]
            pygame.draw.circle(surface, (20, 12, 6), (cx + 2, cy + 2), r)
            pygame.draw.circle(surface, SEAT_COLOURS[kind], (cx, cy), r)
            ring = style.GOLD_LIGHT if self.first_player == seat else style.GOLD_DARK
            pygame.draw.circle(surface, ring, (cx, cy), r, max(1, self.px(3 if self.first_player == seat else 1)))
            ink = style.INK if kind in ("human", "remote") else style.CREAM
            style.blit_text(surface, str(seat + 1), num_font, ink, center=(cx, cy + 1), shadow=None)

