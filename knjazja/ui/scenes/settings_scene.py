"""The settings screen: every field of ``Settings`` except the remembered game setup.

Edits go to a draft; Save applies it (language, window mode and size at once) and writes the
settings file, Cancel (or Esc) drops it.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UIHorizontalSlider, UILabel

from knjazja.app.wording.i18n import LANGUAGE_NAMES, LANGUAGES, tr
from knjazja.app.store.settings import ANIMATION_SPEED_RANGE, MIN_WINDOW_SIZE, REACTION_PROMPTING, Settings
from knjazja.ui import style
from knjazja.ui.scenes.base import GuiScene, oid
from knjazja.ui.window import desktop_size

WINDOW_PRESETS = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
SPEED_STEP = 0.25
VOLUME_STEP = 5


def window_choices(current: tuple[int, int], desktop: tuple[int, int] | None) -> list[tuple[int, int]]:
    sizes = [s for s in WINDOW_PRESETS
             if desktop is None or (s[0] <= desktop[0] and s[1] <= desktop[1]) or s == MIN_WINDOW_SIZE]
    if tuple(current) not in sizes:
        sizes.append((current[0], current[1]))
    return sorted(set(sizes))


class SettingsScene(GuiScene):
    def __init__(self, *, on_close: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.on_close = on_close
        self.draft: Settings | None = None
        self.widgets: dict[str, UIElement] = {}
        self.value_labels: dict[str, UILabel] = {}
        self.save_button: UIButton | None = None
        self.cancel_button: UIButton | None = None
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._title_y = 0
        self._sections: list[tuple[str, pygame.Rect]] = []
        self._columns: tuple[pygame.Rect, pygame.Rect] | None = None

    def enter(self) -> None:
        assert self.app is not None, "pushed on the app's stack"
        self.draft = self.app.settings.copy()
        self.draft.fullscreen = self.app.fullscreen
        super().enter()

    def on_resize(self, size: tuple[int, int]) -> None:
        if self.draft is not None and self.app is not None:
            self.draft.fullscreen = self.app.fullscreen  # F11 pressed while here
            if not self.app.fullscreen:
                self.draft.window_size = self.app.window_points   # the window was dragged bigger
        super().on_resize(size)

    # -- widgets ---------------------------------------------------------------------------------
    def build(self) -> None:
        assert self.draft is not None and self.app is not None
        w, h = self.size
        px = self.px
        pad, title_h, row_h = px(34), px(84), px(44)
        label_h, gap = px(30), px(16)
        panel_w = min(round(w * 0.88), px(1180))
        column_h = 2 * px(40) + 3 * (label_h + row_h + gap) + row_h + gap
        panel_h = min(h - px(40), title_h + column_h + px(30) + row_h + 2 * pad)
        panel = pygame.Rect((w - panel_w) // 2, (h - panel_h) // 2, panel_w, panel_h)
        self._panel = panel
        inner = panel.inflate(-2 * pad, -2 * pad)
        self._title_y = inner.top + title_h // 2 - px(6)
        col_gap = px(56)
        col_w = (inner.width - col_gap) // 2
        top = inner.top + title_h
        left = pygame.Rect(inner.left, top, col_w, inner.bottom - top - row_h - px(24))
        right = pygame.Rect(left.right + col_gap, top, col_w, left.height)
        self._columns = (left, right)
        self._sections = []
        self.widgets, self.value_labels = {}, {}
        self._row_h, self._label_h, self._gap = row_h, label_h, gap
        self._build_left(left)
        self._build_right(right)
        self._sync_values()

        by = inner.bottom - row_h
        self.cancel_button = UIButton(pygame.Rect(inner.left, by, px(180), row_h), tr("common.cancel"),
                                      self.ui, object_id=oid("@secondary", "#cancel"))
        self.save_button = UIButton(pygame.Rect(inner.right - px(240), by, px(240), row_h), tr("common.save"),
                                    self.ui, object_id=oid("@primary", "#save"))
        self._sync_enabled()

    def _build_left(self, col: pygame.Rect) -> None:
        """General and game settings."""
        d = self._draft()
        y = self._section(col, col.top, "settings.section.general")
        y = self._caption(col, y, "settings.language")
        y = self._dropdown(col, y, "language", [(LANGUAGE_NAMES[lang], lang) for lang in LANGUAGES], d.language)
        y = self._section(col, y + self.px(8), "settings.section.game")
        y = self._caption(col, y, "settings.reaction_prompting")
        y = self._dropdown(col, y, "reaction_prompting",
                           [(tr(f"settings.reaction_prompting.{k}"), k) for k in REACTION_PROMPTING],
                           d.reaction_prompting)
        y = self._caption(col, y, "settings.animation_speed", "animation_speed")
        y = self._slider(col, y, "animation_speed", d.animation_speed, *ANIMATION_SPEED_RANGE, SPEED_STEP)
        y = self._checkbox(col, y, "confirm_end_war", "settings.confirm_end_war", d.confirm_end_war)

    def _build_right(self, col: pygame.Rect) -> None:
        """Display and sound."""
        d = self._draft()
        y = self._section(col, col.top, "settings.section.display")
        y = self._caption(col, y, "settings.window_size")
        # the window's own idea of the desktop (none under the dummy driver: its desktop is
        # made up, and headless runs keep the sizes they ask for)
        assert d.window_size is not None, "the app sets it when its window opens"
        sizes = window_choices(d.window_size, desktop_size())
        options = [(tr("settings.window_size.custom" if s not in WINDOW_PRESETS else "settings.window_size.value",
                       w=s[0], h=s[1]), f"{s[0]}x{s[1]}") for s in sizes]
        y = self._dropdown(col, y, "window_size", options, f"{d.window_size[0]}x{d.window_size[1]}")
        y = self._checkbox(col, y, "fullscreen", "settings.fullscreen", d.fullscreen)
        y = self._section(col, y + self.px(8), "settings.section.sound")
        y = self._caption(col, y, "settings.volume", "volume")
        y = self._slider(col, y, "volume", round(d.volume * 100), 0, 100, VOLUME_STEP)
        y = self._checkbox(col, y, "mute", "settings.mute", d.mute)

    def _section(self, col: pygame.Rect, y: int, key: str) -> int:
        UILabel(pygame.Rect(col.left, y, col.width, self.px(32)), tr(key), self.ui,
                object_id=oid("@section"))
        self._sections.append((key, pygame.Rect(col.left, y + self.px(34), col.width, 1)))
        return y + self.px(42)

    def _caption(self, col: pygame.Rect, y: int, key: str, value_key: str | None = None) -> int:
        UILabel(pygame.Rect(col.left, y, col.width, self._label_h), tr(key), self.ui,
                object_id=oid("@field_label"))
        if value_key:
            self.value_labels[value_key] = UILabel(
                pygame.Rect(col.right - self.px(120), y, self.px(120), self._label_h), "", self.ui,
                object_id=oid("@value", f"#{value_key}_value"))
        return y + self._label_h + self.px(4)

    def _dropdown(self, col: pygame.Rect, y: int, name: str, options: list[tuple[str, str]], current: str) -> int:
        start = next((o for o in options if o[1] == current), options[0])
        choices: list[str | tuple[str, str]] = list(options)
        self.widgets[name] = UIDropDownMenu(choices, start, pygame.Rect(col.left, y, col.width, self._row_h),
                                            self.ui, object_id=oid(None, f"#{name}"))
        return y + self._row_h + self._gap

    def _checkbox(self, col: pygame.Rect, y: int, name: str, key: str, state: bool) -> int:
        box = self.px(26)
        self.widgets[name] = UICheckBox(pygame.Rect(col.left, y + (self._row_h - box) // 2, box, box), tr(key),
                                        self.ui, object_id=oid("@check", f"#{name}"), initial_state=state)
        return y + self._row_h + self._gap

    def _slider(self, col: pygame.Rect, y: int, name: str, value: float, lo: float, hi: float, step: float) -> int:
        self.widgets[name] = UIHorizontalSlider(pygame.Rect(col.left, y, col.width, self.px(34)), value, (lo, hi),
                                                self.ui, object_id=oid(None, f"#{name}"), click_increment=step)
        return y + self.px(34) + self._gap

    def _sync_values(self) -> None:
        d = self._draft()
        if "animation_speed" in self.value_labels:
            self.value_labels["animation_speed"].set_text(
                tr("settings.animation_speed.value", value=f"{d.animation_speed:g}"))
        if "volume" in self.value_labels:
            self.value_labels["volume"].set_text(tr("settings.volume.value", value=round(d.volume * 100)))

    def _sync_enabled(self) -> None:
        menu = self.widgets.get("window_size")
        if menu is not None:
            menu.disable() if self._draft().fullscreen else menu.enable()

    # -- input -----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        d = self._draft()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        element = getattr(event, "ui_element", None)
        if element is None:
            return False
        name = next((k for k, v in self.widgets.items() if v is element), None)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if element is self.save_button:
                self.save()
                return True
            if element is self.cancel_button:
                self.cancel()
                return True
            return False
        if name is None:
            return False
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            choice = event.selected_option_id
            if name == "language":
                d.language = choice
            elif name == "reaction_prompting":
                d.reaction_prompting = choice
            elif name == "window_size":
                w, h = (int(v) for v in choice.split("x"))
                d.window_size = (w, h)
            return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            setattr(d, name, event.type == pygame_gui.UI_CHECK_BOX_CHECKED)
            self._sync_enabled()
            return True
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            value = element.get_current_value()
            if name == "animation_speed":
                lo, hi = ANIMATION_SPEED_RANGE
                d.animation_speed = min(hi, max(lo, round(value / SPEED_STEP) * SPEED_STEP))
            elif name == "volume":
                d.volume = min(100, max(0, round(value / VOLUME_STEP) * VOLUME_STEP)) / 100
            self._sync_values()
            return True
        return False

    def save(self) -> None:
        app, draft = self.app, self._draft()
        assert app is not None, "on the app's stack"
        self._leave()
        app.apply_settings(draft, save=True)

    def cancel(self) -> None:
        self._leave()

    def _draft(self) -> Settings:
        assert self.draft is not None, "the draft is made on enter()"
        return self.draft

    def _leave(self) -> None:
        if self.on_close is not None:
            self.on_close()
        else:
            self.close()

    # -- drawing ---------------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(style.table_background((w, h)), (0, 0))
        style.dim(surface, 60)
        style.draw_panel(surface, self._panel, radius=self.px(16))
        title = tr("settings.title")
        f = style.fit_font("title", title, self._panel.width - self.px(80), self.px(54))
        r = style.blit_text(surface, title, f, style.GOLD_LIGHT, center=(self._panel.centerx, self._title_y),
                            outline=style.GOLD_DARK, shadow=(0, 0, 0))
        style.draw_divider(surface, (self._panel.centerx, r.bottom + self.px(8)),
                           max(self.px(260), r.width + self.px(80)), style.GOLD, thickness=max(1, self.px(2)))
        for _key, rule in self._sections:
            pygame.draw.line(surface, style.GOLD_DARK, rule.topleft, rule.topright, 1)
        if self._columns:
            left, right = self._columns
            x = (left.right + right.left) // 2
            pygame.draw.line(surface, style.GOLD_DARK, (x, left.top + self.px(6)), (x, left.bottom - self.px(6)), 1)
