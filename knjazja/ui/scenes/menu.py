"""The main menu: title, New game, Continue, Rules, Settings, Quit."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from knjazja import __version__
from knjazja.app.i18n import get_language, tr
from knjazja.ui import style
from knjazja.ui.art import render_card
from knjazja.ui.art.showcase import MENU_FAN_LEFT, MENU_FAN_RIGHT
from knjazja.ui.app import fullscreen_key_label
from knjazja.ui.scenes.base import GuiScene, oid


def app_version() -> str:
    """The game's version (knjazja.__version__, the one place it is set)."""
    return __version__


class MenuScene(GuiScene):
    """``on_start(setup)`` is handed to the new-game screen; ``has_saves()`` enables Continue."""

    BUTTONS = ("new_game", "continue", "load", "rules", "stats", "settings", "quit")

    def __init__(self, *, on_start: Callable[[dict[str, Any]], None] | None = None,
                 has_saves: Callable[[], bool] | None = None,
                 on_continue: Callable[[], None] | None = None,
                 on_rules: Callable[[], None] | None = None,
                 on_load: Callable[[], None] | None = None,
                 on_stats: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.on_start = on_start
        self.has_saves = has_saves
        self.on_continue = on_continue
        self.on_rules = on_rules
        self.on_load = on_load
        self.on_stats = on_stats
        self.buttons: dict[str, UIButton] = {}
        self._column = pygame.Rect(0, 0, 0, 0)
        self._fan_cache: dict[tuple, pygame.Surface] = {}

    # -- widgets -------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        n = len(self.BUTTONS)
        bw, bh, gap = self.px(400), self.px(54), self.px(10)
        # below the title, but never running off the bottom of a small window
        top = min(round(h * 0.40), h - self.px(48) - n * bh - (n - 1) * gap)
        x = (w - bw) // 2
        self.buttons = {}
        for i, key in enumerate(self.BUTTONS):
            rect = pygame.Rect(x, top + i * (bh + gap), bw, bh)
            self.buttons[key] = UIButton(rect, tr(f"menu.{key}"), self.ui,
                                         object_id=oid("@menu_button", f"#menu_{key}"))
        self._column = pygame.Rect(x, top, bw, n * bh + (n - 1) * gap)
        self.refresh()

    def refresh(self) -> None:
        if not self.buttons:
            return
        can_continue = self._can_continue()
        self._set_enabled("continue", can_continue, None if can_continue else tr("menu.continue_none"))
        self._set_enabled("rules", self.on_rules is not None,
                          None if self.on_rules is not None else tr("menu.rules_later"))
        self._set_enabled("load", self.on_load is not None, None)
        self._set_enabled("stats", self.on_stats is not None, None)

    def _set_enabled(self, key: str, enabled: bool, tip: str | None) -> None:
        button = self.buttons[key]
        button.enable() if enabled else button.disable()
        button.set_tooltip(tip)

    def _can_continue(self) -> bool:
        return self.has_saves is not None and self.has_saves()

    # -- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        for key, button in self.buttons.items():
            if event.ui_element is button:
                self.activate(key)
                return True
        return False

    def activate(self, key: str) -> None:
        """Do what the button ``key`` does (also usable from tests and hot keys)."""
        assert self.stack is not None and self.app is not None
        if key == "new_game":
            from knjazja.ui.scenes.setup import SetupScene

            self.stack.push(SetupScene(on_start=self.on_start))
        elif key == "continue" and self.on_continue is not None:
            self.on_continue()
        elif key == "rules" and self.on_rules is not None:
            self.on_rules()
        elif key == "load" and self.on_load is not None:
            self.on_load()
        elif key == "stats" and self.on_stats is not None:
            self.on_stats()
        elif key == "settings":
            from knjazja.ui.scenes.settings_scene import SettingsScene

            self.stack.push(SettingsScene())
        elif key == "quit":
            self.app.quit()

    # -- drawing -------------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(style.table_background((w, h)), (0, 0))
        vignette = pygame.Surface((w, h), pygame.SRCALPHA)
        vignette.fill((0, 0, 0, 70))
        surface.blit(vignette, (0, 0))
        self._draw_fans(surface)

        # title, subtitle, ornament
        title_size = round(h * 0.16)
        # the title is the Russian name in every language: always the Old-Russian face
        title_font = style.fit_font("title", tr("menu.title"), int(w * 0.8), title_size, lang="ru")
        title_rect = style.blit_text(surface, tr("menu.title"), title_font, style.GOLD_LIGHT,
                                     center=(w // 2, round(h * 0.2)), outline=style.GOLD_DARK,
                                     shadow=(0, 0, 0))
        sub_font = style.fit_font("body", tr("menu.subtitle"), int(w * 0.8), round(h * 0.034))
        sub_rect = style.blit_text(surface, tr("menu.subtitle"), sub_font, style.PARCHMENT,
                                   center=(w // 2, title_rect.bottom + round(h * 0.025)))
        style.draw_divider(surface, (w // 2, sub_rect.bottom + round(h * 0.03)),
                           max(self.px(360), sub_rect.width + self.px(60)), style.GOLD,
                           thickness=max(1, self.px(2)))

        # the panel behind the buttons
        if self._column.width:
            style.draw_panel(surface, self._column.inflate(self.px(56), self.px(48)),
                             radius=self.px(14))

        # footer
        small = style.font("body", max(12, self.px(16)))
        margin = self.px(18)
        style.blit_text(surface, tr("menu.version", version=app_version()), small, style.MUTED,
                        topleft=(margin, h - margin - small.get_height()))
        style.blit_text(surface, tr("menu.fullscreen_hint", key=fullscreen_key_label()), small, style.MUTED,
                        bottomright=(w - margin, h - margin))

    def _draw_fans(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        card_w = round(h * 0.16)
        size = (card_w, round(card_w * 7 / 5))
        lang = get_language()
        for ids, anchor, direction in ((MENU_FAN_LEFT, (round(w * 0.14), round(h * 0.78)), -1),
                                       (MENU_FAN_RIGHT, (round(w * 0.86), round(h * 0.78)), 1)):
            for i, card_id in enumerate(ids):
                key = (card_id, lang, size)
                if key not in self._fan_cache:
                    self._fan_cache[key] = render_card(card_id, lang, size)
                angle = direction * (-16 + 16 * i)
                rotated = pygame.transform.rotozoom(self._fan_cache[key], angle, 1.0)
                offset = (i - 1) * round(card_w * 0.7)
                rect = rotated.get_rect(center=(anchor[0] + offset, anchor[1] + abs(i - 1) * card_w // 8))
                surface.blit(rotated, rect)
