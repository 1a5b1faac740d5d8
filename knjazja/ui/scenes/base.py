"""``GuiScene``: a scene with its own pygame-gui widgets.

Widgets are throw-away: ``build()`` creates them from the scene's own state, and the scene
rebuilds them from scratch when the window is resized or the language changes.  So a subclass
keeps what the user entered in plain attributes (updated from widget events), never only in
the widgets.

What does not move (background, panels, titles) is drawn once by ``draw_backdrop`` into a
cached surface that is redrawn only after a rebuild: a full-window redraw every frame costs
too much at 4K.
"""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID, UIElement

from knjazja.ui.scene_stack import Scene


def oid(class_id: str | None = None, object_id: str | None = None) -> ObjectID:
    """An ``ObjectID`` for theming: ``oid("@primary")``, ``oid("@hint", "#version")``."""
    return ObjectID(object_id=object_id, class_id=class_id)


def _forget_widgets(scene: object) -> None:
    """Drop ``scene``'s references to its dead widgets, so that they and their manager (its
    theme's sheets of shapes) can be freed: an attribute holding a widget becomes None; a
    list, dict or set holding widgets (or tuples of them) is emptied; a tuple becomes ().
    ``build`` makes them all again."""
    for name, value in list(vars(scene).items()):
        if isinstance(value, UIElement):
            setattr(scene, name, None)
        elif isinstance(value, (list, dict, set)) and _holds_widget(value):
            value.clear()
        elif isinstance(value, tuple) and _holds_widget(value):
            setattr(scene, name, ())


def _holds_widget(value: object, depth: int = 2) -> bool:
    if isinstance(value, UIElement):
        return True
    if depth == 0:
        return False
    items = value.values() if isinstance(value, dict) else value if isinstance(value, (list, tuple, set)) else ()
    return any(_holds_widget(v, depth - 1) for v in items)


class GuiScene(Scene):
    """A scene that owns a themed ``UIManager`` (``self.ui``) while it is on the stack."""

    def __init__(self) -> None:
        super().__init__()
        self.ui: pygame_gui.UIManager | None = None
        self._ui_key: tuple[float, str] | None = None
        self._backdrop: pygame.Surface | None = None
        self._widgets_gone = False       # let go while hidden: built again on resume

    # -- life cycle ----------------------------------------------------------------------------
    def enter(self) -> None:
        self._new_manager()
        self.build()

    def exit(self) -> None:
        if self.ui is not None:
            self.ui.clear_and_reset()
        self.ui = None
        self._backdrop = None            # off the stack: no full-window picture kept

    def pause(self) -> None:
        if self.ui is not None:
            self.ui.set_focus_set(None)  # keys must not reach a covered text box
        if not self.covered_by_overlay:
            self.let_drawings_go()

    def hidden(self) -> None:
        self.let_drawings_go()

    def let_drawings_go(self) -> None:
        """Not drawn while a whole screen covers it: what it keeps only to be drawn goes — the
        full-window backdrop, and the widgets with their manager (each button keeps a picture
        of every state it may show, the manager's theme its own sheets of shapes: the main
        menu's held ~18 MB at 1920×1080 under the table).  Widgets are throw-away (see the
        module doc): ``resume`` builds them again, as a resize would."""
        self._backdrop = None
        if self.ui is not None:
            self.keep_input()
            self.ui.clear_and_reset()
            self.ui = None
            _forget_widgets(self)
            self._widgets_gone = True

    def resume(self) -> None:
        if self._widgets_gone:
            self._widgets_gone = False
            self._new_manager()
            self.build()
        self.refresh()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.rebuild()

    def on_language_changed(self) -> None:
        self.rebuild()

    # -- widgets -------------------------------------------------------------------------------
    def _new_manager(self) -> None:
        assert self.app is not None, "a GuiScene needs an App (push it on app.stack)"
        if self.ui is not None:
            self.ui.clear_and_reset()
        self.ui = self.app.make_ui_manager()
        self._ui_key = self.app.ui_key

    def rebuild(self) -> None:
        """Throw the widgets away and build them again for the current size and language."""
        if self.ui is None or self.app is None:
            return
        self.keep_input()
        if self.app.ui_key != self._ui_key:
            self._new_manager()  # fonts depend on window size and language: a new theme
        else:
            self.ui.set_window_resolution(self.app.size)
            self.ui.clear_and_reset()
        self._backdrop = None
        self.build()

    def build(self) -> None:
        """Create the widgets (subclasses)."""

    def keep_input(self) -> None:
        """The widgets are about to go: copy what the player typed that the scene does not
        follow as it is typed into plain attributes (subclasses with such fields)."""

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.backdrop_for(surface), (0, 0))
        self.draw_live(surface)

    def backdrop_for(self, surface: pygame.Surface) -> pygame.Surface:
        """The cached backdrop at the size of ``surface`` (drawn again after a rebuild)."""
        if self._backdrop is None or self._backdrop.get_size() != surface.get_size():
            backdrop = pygame.Surface(surface.get_size())
            self.draw_backdrop(backdrop)
            display = pygame.display.get_surface()
            if display is not None and (backdrop.get_bitsize(), backdrop.get_masks()) != \
                    (display.get_bitsize(), display.get_masks()):
                backdrop = backdrop.convert()  # the display's pixel format blits fastest
            self._backdrop = backdrop
        return self._backdrop

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """Draw what stays put until the next rebuild (subclasses)."""

    def draw_live(self, surface: pygame.Surface) -> None:
        """Draw what changes from frame to frame, under the widgets (subclasses)."""

    def invalidate(self) -> None:
        """Redraw the backdrop on the next frame."""
        self._backdrop = None

    def refresh(self) -> None:
        """Update widget states (enabled/disabled...) without rebuilding (subclasses)."""

    # -- helpers -------------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        assert self.app is not None
        return self.app.size

    @property
    def scale(self) -> float:
        return self.app.ui_scale if self.app is not None else 1.0

    def px(self, value: float) -> int:
        """A length designed at 1600×900, scaled to the window."""
        return max(1, round(value * self.scale))

    def button_label_size(self, text: str, object_id: ObjectID) -> tuple[int, int]:
        """(width, line height) of ``text`` in the themed font of a button ``object_id`` at
        the top of this scene's manager: the font the button would get from the theme, asked
        of the theme directly (a button made to be measured and thrown away cost ~1 ms each)."""
        assert self.ui is not None
        theme = self.ui.get_theme()
        ids = theme.build_all_combined_ids([None], ["button"], [object_id.class_id], [object_id.object_id])
        width, height = theme.get_font(ids).size(text)
        return width, height

    def focused_text_entry(self) -> bool:
        """Whether the keyboard is typing into a text box (so hot keys must wait)."""
        if self.ui is None:
            return False
        focus = self.ui.get_focus_set()
        return bool(focus) and any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in focus)

    @staticmethod
    def is_ui_event(event: pygame.event.Event, kind: int, element: object) -> bool:
        return event.type == kind and getattr(event, "ui_element", None) is element
