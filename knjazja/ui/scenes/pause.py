"""The in-game menu: resume, save, load, rules, settings, or leave for the main menu."""
from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from knjazja.app.wording.i18n import tr
from knjazja.ui import style
from knjazja.ui.scenes.base import GuiScene, oid
from knjazja.ui.scenes.menu_layout import LABEL_MARGIN_X


class PauseScene(GuiScene):
    """Each entry of ``actions`` is (key, callback); the scene closes itself first."""

    is_overlay = True

    def __init__(self, actions: list[tuple[str, Callable[[], object]]]) -> None:
        super().__init__()
        self.actions = actions
        self.buttons: dict[str, UIButton] = {}
        self._panel = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        w, h = self.size
        ids = {key: oid("@menu_primary" if key == "resume" else "@menu_button", f"#pause_{key}")
               for key, _ in self.actions}
        widest = max((self.button_label_size(tr(f"pause.{key}"), ids[key])[0] for key in ids), default=0)
        # as designed, or as wide as the longest label with a margin each side
        bw = min(w - self.px(120), max(self.px(380), widest + 2 * self.px(LABEL_MARGIN_X)))
        bh, gap = self.px(54), self.px(12)
        n = len(self.actions)
        self._panel = pygame.Rect(0, 0, bw + self.px(80), n * (bh + gap) + self.px(130))
        self._panel.center = (w // 2, h // 2)
        y = self._panel.top + self.px(100)
        self.buttons = {}
        for key, _ in self.actions:
            self.buttons[key] = UIButton(pygame.Rect(w // 2 - bw // 2, y, bw, bh), tr(f"pause.{key}"), self.ui,
                                         object_id=ids[key])
            y += bh + gap

    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 150)
        style.draw_panel(surface, self._panel)
        tf = style.font("title", self.px(44))
        style.blit_text(surface, tr("pause.title"), tf, style.GOLD_LIGHT,
                        center=(surface.get_width() // 2, self._panel.top + self.px(52)), outline=style.GOLD_DARK)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for key, _ in self.actions:
                if event.ui_element is self.buttons.get(key):
                    self.activate(key)
                    return True
        return True

    def activate(self, key: str) -> None:
        callback = dict(self.actions)[key]
        self.close()
        callback()
