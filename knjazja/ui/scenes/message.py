"""A modal message box over the current scene (e.g. a save that cannot be loaded)."""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from knjazja.app.wording.i18n import tr
from knjazja.ui import style
from knjazja.ui.scenes.base import GuiScene, oid
from knjazja.ui.widgets import wrap_text


class MessageScene(GuiScene):
    is_overlay = True

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title = title
        self.text = text
        self.ok: UIButton | None = None
        self._panel = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        w, h = self.size
        pw = min(w - self.px(60), self.px(820))
        body = style.font("body", self.px(22))
        lines = len(wrap_text(self.text, body, pw - self.px(60)))
        text_h = lines * (body.get_height() + self.px(2))
        self._panel = pygame.Rect(0, 0, pw, min(h - self.px(40), max(self.px(300), self.px(200) + text_h)))
        self._panel.center = (w // 2, h // 2)
        bw, bh = self.px(200), self.px(52)
        self.ok = UIButton(pygame.Rect(w // 2 - bw // 2, self._panel.bottom - bh - self.px(28), bw, bh),
                           tr("common.ok"), self.ui, object_id=oid("@primary", "#message_ok"))

    def draw(self, surface: pygame.Surface) -> None:
        # translucent: the scene below stays visible around the box
        style.dim(surface, 150)
        style.draw_panel(surface, self._panel)
        w = surface.get_width()
        tf = style.fit_font("title", self.title, self._panel.width - self.px(40), self.px(40))
        style.blit_text(surface, self.title, tf, style.GOLD_LIGHT, center=(w // 2, self._panel.top + self.px(50)))
        body = style.font("body", self.px(22))
        y = self._panel.top + self.px(100)
        for line in wrap_text(self.text, body, self._panel.width - self.px(60)):
            style.blit_text(surface, line, body, style.PARCHMENT, center=(w // 2, y))
            y += body.get_height() + self.px(2)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.is_ui_event(event, pygame_gui.UI_BUTTON_PRESSED, self.ok) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.close()
        return True

