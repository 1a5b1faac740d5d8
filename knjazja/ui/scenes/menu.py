"""The main menu: title, New game, Learn to play, Continue, Rules, Settings, Quit; and a
card beside the buttons when the game has something to suggest (``banner``): the first
lesson on the very first start, a game against bots once the lessons are done."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from knjazja import __version__
from knjazja.app.wording.i18n import get_language, tr
from knjazja.ui import style
from knjazja.ui.app import fullscreen_key_label
from knjazja.ui.art.kept import kept
from knjazja.ui.art.showcase import MENU_FAN_LEFT, MENU_FAN_RIGHT
from knjazja.ui.caches import SurfaceLru
from knjazja.ui.scenes.base import GuiScene, oid
from knjazja.ui.scenes.menu_layout import MenuLayout, menu_layout
from knjazja.ui.widgets import wrap_text

# (title, text, [(label, callback)…]): the first callback is the primary button
Banner = tuple[str, str, list[tuple[str, Callable[[], object]]]]


def app_version() -> str:
    """The game's version (knjazja.__version__, the one place it is set)."""
    return __version__


def _paint_card(card_id: str, lang: str, size: tuple[int, int]) -> pygame.Surface:
    # the card painter loads when the menu's table is not kept on disk (kept.py)
    from knjazja.ui.art.card import render_card_uncached

    return render_card_uncached(card_id, lang, size)


class MenuScene(GuiScene):
    """``on_start(setup)`` is handed to the new-game screen; ``has_saves()`` enables Continue."""

    BUTTONS = ("new_game", "join", "learn", "continue", "load", "rules", "stats", "settings", "quit")

    def __init__(self, *, on_start: Callable[[dict[str, Any]], object] | None = None,
                 has_saves: Callable[[], bool] | None = None,
                 on_continue: Callable[[], object] | None = None,
                 on_rules: Callable[[], None] | None = None,
                 on_load: Callable[[], None] | None = None,
                 on_stats: Callable[[], None] | None = None,
                 on_learn: Callable[[], None] | None = None,
                 banner: Callable[[], Banner | None] | None = None,
                 on_join: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.on_join = on_join
        self.on_learn = on_learn
        self.banner = banner
        self.banner_rect = pygame.Rect(0, 0, 0, 0)
        self.banner_text: tuple[str, str] | None = None
        self.banner_buttons: list[tuple[UIButton, Callable[[], object]]] = []
        self.on_start = on_start
        self.has_saves = has_saves
        self.on_continue = on_continue
        self.on_rules = on_rules
        self.on_load = on_load
        self.on_stats = on_stats
        self.buttons: dict[str, UIButton] = {}
        self._column = pygame.Rect(0, 0, 0, 0)
        self.layout: MenuLayout | None = None
        self._fan_cache = SurfaceLru("menu.fan", 12, 8)     # the six cards at this size

    def let_drawings_go(self) -> None:
        super().let_drawings_go()
        self._fan_cache.clear()         # the fan's faces too (~1 MB at 1920×1080): drawn again on return

    # -- widgets -------------------------------------------------------------------------------
    def build(self) -> None:
        sizes = [self.button_label_size(tr(f"menu.{key}"), oid("@menu_button", f"#menu_{key}"))
                 for key in self.BUTTONS]
        label = (max(w for w, _ in sizes), max(h for _, h in sizes))
        self.layout = menu_layout(self.size, self.scale, len(self.BUTTONS), label,
                                  tr("menu.title"), tr("menu.subtitle"))
        col, bh, gap = self.layout.column, self.layout.button_h, self.layout.gap
        self.buttons = {}
        for i, key in enumerate(self.BUTTONS):
            rect = pygame.Rect(col.left, col.top + i * (bh + gap), col.width, bh)
            self.buttons[key] = UIButton(rect, tr(f"menu.{key}"), self.ui,
                                         object_id=oid("@menu_button", f"#menu_{key}"))
        self._column = col
        self._build_banner()
        self.refresh()

    def _build_banner(self) -> None:
        """The suggestion card right of the buttons (or none)."""
        for b, _ in self.banner_buttons:
            b.kill()
        self.banner_buttons, self.banner_text = [], None
        shown = self.banner() if self.banner is not None else None
        if shown is None:
            self.banner_rect = pygame.Rect(0, 0, 0, 0)
            return
        title, text, actions = shown
        w, _ = self.size
        col = self._column
        left = col.right + self.px(60)
        width = min(self.px(420), w - left - self.px(24))
        bh, gap, pad = self.px(46), self.px(10), self.px(20)
        body = style.font("body", self.px(19))
        lines = len(wrap_text(text, body, width - 2 * pad))
        height = pad * 2 + self.px(40) + lines * body.get_linesize() + self.px(12) + len(actions) * (bh + gap)
        self.banner_rect = pygame.Rect(left, col.top, width, height)
        self.banner_text = (title, text)
        y = self.banner_rect.bottom - pad - len(actions) * (bh + gap) + gap
        for i, (label, callback) in enumerate(actions):
            b = UIButton(pygame.Rect(left + pad, y, width - 2 * pad, bh), label, self.ui,
                         object_id=oid("@primary" if i == 0 else "@secondary", f"#menu_banner_{i}"))
            self.banner_buttons.append((b, callback))
            y += bh + gap

    def refresh(self) -> None:
        if not self.buttons:
            return
        can_continue = self._can_continue()
        self._set_enabled("continue", can_continue, None if can_continue else tr("menu.continue_none"))
        self._set_enabled("rules", self.on_rules is not None,
                          None if self.on_rules is not None else tr("menu.rules_later"))
        self._set_enabled("load", self.on_load is not None, None)
        self._set_enabled("stats", self.on_stats is not None, None)
        self._set_enabled("learn", self.on_learn is not None, None)
        shown = self.banner() if self.banner is not None else None
        if (shown[:2] if shown is not None else None) != self.banner_text:
            self._build_banner()
            self.invalidate()

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
        for button, callback in self.banner_buttons:
            if event.ui_element is button:
                callback()
                return True
        return False

    def activate(self, key: str) -> None:
        """Do what the button ``key`` does (also usable from tests and hot keys)."""
        assert self.stack is not None and self.app is not None
        if key == "new_game":
            from knjazja.ui.scenes.setup import SetupScene

            self.stack.push(SetupScene(on_start=self.on_start))
        elif key == "join" and self.on_join is not None:
            self.on_join()
        elif key == "learn" and self.on_learn is not None:
            self.on_learn()
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
        # the table, darkened, with the fans of cards: one picture a built game keeps on disk
        # (it depends on the size, the language and where the banner covers a fan)
        b = self.banner_rect
        name = f"menu-table-{get_language()}-{b.x}.{b.y}.{b.w}.{b.h}"
        surface.blit(kept(name, (w, h), partial(self._table_and_fans, (w, h))), (0, 0))

        # title, subtitle, ornament: where menu_layout put them, clear of the buttons' panel
        lay = self.layout
        assert lay is not None, "built before it is drawn"
        style.blit_text(surface, tr("menu.title"), lay.title_font, style.GOLD_LIGHT,
                        center=lay.title_rect.center, outline=style.GOLD_DARK, shadow=(0, 0, 0))
        style.blit_text(surface, tr("menu.subtitle"), lay.subtitle_font, style.PARCHMENT,
                        center=lay.subtitle_rect.center)
        style.draw_divider(surface, lay.divider.center, lay.divider_width,
                           style.GOLD, thickness=max(1, self.px(2)))
        if self._column.width:
            style.draw_panel(surface, lay.panel, radius=self.px(14))

        self._draw_banner(surface)
        # footer
        small = style.font("body", max(12, self.px(16)))
        margin = self.px(18)
        style.blit_text(surface, tr("menu.version", version=app_version()), small, style.MUTED,
                        topleft=(margin, h - margin - small.get_height()))
        style.blit_text(surface, tr("menu.fullscreen_hint", key=fullscreen_key_label()), small, style.MUTED,
                        bottomright=(w - margin, h - margin))

    def _draw_banner(self, surface: pygame.Surface) -> None:
        if self.banner_text is None:
            return
        title, text = self.banner_text
        r, pad = self.banner_rect, self.px(20)
        style.draw_panel(surface, r, radius=self.px(12))
        tf = style.fit_font("title", title, r.width - 2 * pad, self.px(34))
        style.blit_text(surface, title, tf, style.GOLD_LIGHT, topleft=(r.left + pad, r.top + pad))
        body = style.font("body", self.px(19))
        y = r.top + pad + self.px(40)
        for line in wrap_text(text, body, r.width - 2 * pad):
            style.blit_text(surface, line, body, style.PARCHMENT, topleft=(r.left + pad, y))
            y += body.get_linesize()

    def _table_and_fans(self, size: tuple[int, int]) -> pygame.Surface:
        out = pygame.Surface(size)
        out.blit(style.table_background(size), (0, 0))
        vignette = pygame.Surface(size, pygame.SRCALPHA)
        vignette.fill((0, 0, 0, 70))
        out.blit(vignette, (0, 0))
        self._draw_fans(out)
        return out

    def _draw_fans(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        card_w = round(h * 0.16)
        size = (card_w, round(card_w * 7 / 5))
        lang = get_language()
        for ids, anchor, direction in ((MENU_FAN_LEFT, (round(w * 0.14), round(h * 0.78)), -1),
                                       (MENU_FAN_RIGHT, (round(w * 0.86), round(h * 0.78)), 1)):
            fan = []
            for i, card_id in enumerate(ids):
                key = (card_id, lang, size)
                face = self._fan_cache.get_or(key, partial(_paint_card, card_id, lang, size))
                angle = direction * (-16 + 16 * i)
                rotated = pygame.transform.rotozoom(face, angle, 1.0)
                centre = (anchor[0] + (i - 1) * round(card_w * 0.7), anchor[1] + abs(i - 1) * card_w // 8)
                fan.append((rotated, rotated.get_rect(center=centre)))
            if any(r.colliderect(self.banner_rect) for _, r in fan):
                continue                # the suggestion card takes the fan's place
            for rotated, rect in fan:
                surface.blit(rotated, rect)
