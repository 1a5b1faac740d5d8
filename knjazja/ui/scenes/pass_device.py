"""Hot-seat hand-over: an opaque overlay that hides every hand until the next player clicks."""
from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from knjazja.app.wording.i18n import get_language, tr
from knjazja.app.wording.words import seat_word
from knjazja.ui import style
from knjazja.ui.scenes.base import GuiScene, oid


class PassDeviceScene(GuiScene):
    """``on_ready()`` runs when the named player clicks; ``on_undo`` (optional) lets the
    previous player take his move back before handing over."""

    is_overlay = True

    def __init__(self, name: str, reason: str, on_ready: Callable[[], None],
                 on_undo: Callable[[], object] | None = None) -> None:
        super().__init__()
        self.name = name
        self.reason = reason
        self.on_ready = on_ready
        self.on_undo = on_undo
        self.ready_button: UIButton | None = None
        self.undo_button: UIButton | None = None

    def build(self) -> None:
        w, h = self.size
        bw, bh = self.px(460), self.px(64)
        self.ready_button = UIButton(pygame.Rect((w - bw) // 2, h // 2 + self.px(40), bw, bh),
                                     tr("handover.ready", name=seat_word(self.name, get_language())), self.ui,
                                     object_id=oid("@primary", "#handover_ready"))
        self.undo_button = None
        if self.on_undo is not None:
            self.undo_button = UIButton(pygame.Rect((w - bw) // 2, h // 2 + self.px(40) + bh + self.px(16),
                                                    bw, self.px(48)),
                                        tr("handover.undo"), self.ui, object_id=oid(None, "#handover_undo"))

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(style.table_background((w, h)), (0, 0))
        style.dim(surface, 170)
        panel = pygame.Rect(0, 0, min(w - self.px(80), self.px(760)), self.px(400))
        panel.center = (w // 2, h // 2)
        style.draw_panel(surface, panel)
        heading = tr("handover.title", name=seat_word(self.name, get_language()))
        title = style.fit_font("title", heading, panel.width - self.px(60), self.px(54))
        style.blit_text(surface, heading, title, style.GOLD_LIGHT,
                        center=(w // 2, panel.top + self.px(80)), outline=style.GOLD_DARK)
        body = style.fit_font("body", self.reason, panel.width - self.px(60), self.px(24))
        style.blit_text(surface, self.reason, body, style.PARCHMENT, center=(w // 2, panel.top + self.px(150)))
        hint = style.font("body", self.px(18))
        style.blit_text(surface, tr("handover.hint"), hint, style.MUTED, center=(w // 2, panel.top + self.px(190)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.is_ui_event(event, pygame_gui.UI_BUTTON_PRESSED, self.ready_button):
            self.ready()
            return True
        if self.undo_button is not None and self.is_ui_event(event, pygame_gui.UI_BUTTON_PRESSED, self.undo_button):
            self.undo()
            return True
        return True      # nothing reaches the table underneath

    def undo(self) -> None:
        """The previous player takes his move back (before the screen closes: the table
        must not take the closing for the next player's look)."""
        assert self.on_undo is not None, "the Undo button is there only with on_undo"
        self.on_undo()
        self.close()

    def ready(self) -> None:
        self.close()
        self.on_ready()
