"""The game table: the scene a game is played on, with the mouse alone.

The scene draws and forwards input; ``knjazja.app.table.controller.TableController`` (no pygame)
decides what a click means, whose hand is shown, when bots move and which events wait for
their animation (``viewer_policy`` and ``sync_bots`` are its own).  Each frame the scene
drains the controller's news (``app.table.news``): notices become toasts, a new viewer lays
the table out again, the end of the game calls ``on_game_over(session)``, and in hot seat a
hand-over calls ``on_handover(seat)`` (the pass-the-device overlay; without one, or when it
pushed nothing, the table turns at once).  ``on_menu()`` is the menu button (default: leave).
Events are animated one at a time (``table.steps`` / ``table.anim``); a click skips them.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame import Rect

from knjazja.bots.thinker import release_worker
from knjazja.app.table.controller import TableController
from knjazja.app.wording.help_topics import rules_focus
from knjazja.app.wording.i18n import get_language
from knjazja.app.table.interaction import Hit, Pile
from knjazja.app.table.news import GameOver, HandOver, Notice, ViewerChanged
from knjazja.app.session import TableSession
from knjazja.ui.scenes.base import GuiScene
from knjazja.ui.table import anim as A
from knjazja.ui.table.board import Board
from knjazja.ui.table.context import DrawContext
from knjazja.ui.table.controls import Controls
from knjazja.ui.table.hand import HandFan
from knjazja.ui.table.layout import TableLayout, table_layout
from knjazja.ui.table.log import LogPanel
from knjazja.ui.table.overlays import DiscardScene, draw_dragged
from knjazja.ui.table.prompt import Toasts, banner, draw_banner
from knjazja.ui.table.sprites import Sprites, TextCache
from knjazja.ui.table.steps import Stage, StepBuilder
from knjazja.ui.table.warmup import FaceWarmer
from knjazja.ui.table.zoom import Zoom, draw_zoomed, zoom_clear

HIDDEN_KEEP_MB = 6.0    # of faces, of sprites and of texts a hidden table keeps (its last frames')


class TableScene(GuiScene):
    def __init__(self, session: TableSession, *, viewer_policy: str | int = "auto",
                 on_game_over: Callable[[TableSession], None] | None = None,
                 on_menu: Callable[[], None] | None = None, settings=None,
                 on_handover: Callable[[int], None] | None = None, sync_bots: bool = False,
                 on_results: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.session, self.settings = session, settings
        self.on_menu, self.on_handover, self.on_game_over = on_menu, on_handover, on_game_over
        self.on_results = on_results          # the Results button on the final board
        self.controller = c = TableController(
            session, lang=get_language(), viewer_policy=viewer_policy, handover_screens=True,
            sync_bots=sync_bots, speed=lambda: self.speed, here=getattr(session, "here", None))
        self.sprites, self.texts = Sprites(), TextCache()
        self.animator = A.Animator(land=lambda e: c.view.land(e), on_busy=c.set_animating)
        self.board, self.fan, self.controls = Board(), HandFan(), Controls()
        self.controls.centre_room = lambda: self.board.centre_room(c.view, self._ctx(), c.names)
        self.steps = StepBuilder(Stage(c, self.board, self.fan, self.sprites, self.texts,
                                       self.ensure_geometry, self.layout_fan))
        self.log_panel, self.toasts, self.warmer = LogPanel(), Toasts(), FaceWarmer(self.sprites)
        self.layout: TableLayout | None = None
        self.time, self.mouse, self.zoom = 0.0, (0, 0), Zoom()
        self._choice_seen: tuple[int, ...] = ()

    @property
    def speed(self) -> float:
        st = self.settings if self.settings is not None else (self.app.settings if self.app else None)
        return max(0.1, st.animation_speed) if st is not None else 1.0

    # ======================================================================= life cycle
    def enter(self) -> None:
        if self.settings is None and self.app is not None:
            self.settings = self.app.settings
        super().enter()
        self.log_panel.follow(self.controller, rebuild=True)

    def pause(self) -> None:
        self.controller.cover(True, self.covered_by_overlay)
        self.forget_zoom()              # a zoomed card never stays over a dialog
        super().pause()

    def let_drawings_go(self) -> None:
        _hide(self)

    def resume(self) -> None:
        c = self.controller
        c.cover(False)
        if c.handover_pending:          # the hand-over screen is gone: the next player looks
            c.claimed()
        super().resume()

    def exit(self) -> None:
        _let_go(self)
        super().exit()

    def on_language_changed(self) -> None:
        self.controller.set_language(get_language())
        self.texts.clear()
        self.log_panel.follow(self.controller, rebuild=True)
        super().on_language_changed()

    def build(self) -> None:
        c = self.controller
        self.layout = self.make_layout()
        self.board.set_layout(self.layout)
        self.log_panel.invalidate()
        self.controls.build(self.ui, self.layout, self.scale)
        self.warmer.plan(self.layout, c.seen, self.size, c.lang)
        self.refresh()

    def laid(self) -> TableLayout:
        assert self.layout is not None, "build() lays the table out first"
        return self.layout

    def make_layout(self) -> TableLayout:
        return table_layout(self.size, len(self.controller.names), self.controller.viewer)

    def refresh(self) -> None:
        self.controls.invalidate()
        if self.ui is not None and self.layout is not None:
            self.controls.update(self.controller, self.layout, self.ui, self.scale)

    def _take_news(self) -> None:
        """What the controller says happened, in order."""
        for news in self.controller.news.drain():
            match news:
                case Notice(text):
                    self.toasts.show(text)
                case ViewerChanged():           # another player's eyes: lay the table out again
                    self.log_panel.follow(self.controller, rebuild=True)
                    self.rebuild()
                case HandOver(seat):            # the pass-the-device screen, if one is pushed
                    if self.on_handover is not None:
                        self.on_handover(seat)
                    if self.on_handover is None or self.is_top:
                        self.controller.claimed()
                case GameOver() if self.on_game_over is not None:
                    self.on_game_over(self.session)

    # ======================================================================= frame
    def update(self, dt: float) -> None:
        c = self.controller
        self.time += dt
        self.toasts.update(dt)
        self.animator.speed = self.speed
        self.animator.update(dt)        # (nothing when no step runs)
        self._run_queue()
        c.update(dt)
        self._take_news()
        self._run_queue()
        self.log_panel.follow(self.controller)
        if self.ui is not None and self.layout is not None:
            self.controls.update(c, self.layout, self.ui, self.scale)
        choice = tuple(self.controls.choice.rect)
        if choice != self._choice_seen and self.controls.choice.visible:   # a question: no zoom over it
            self.forget_zoom()
        self._choice_seen = choice
        self.zoom.tick(self.time)
        if self.layout is not None:
            self.warmer.step(c, self.size)

    def _run_queue(self) -> None:
        c = self.controller
        while not self.animator.busy and (e := c.next_event()) is not None:
            self.animator.start(self.steps.build(e))

    def skip(self) -> None:
        """Finish every running and queued animation now."""
        self.animator.finish()                  # (nothing when no step plays)
        self.controller.skip()
        self.log_panel.follow(self.controller)

    def undo(self) -> bool:
        """Take the last human move back (see ``TableController.undo``)."""
        if not self.controller.can_undo():
            return False
        self.skip()
        done = self.controller.undo()
        self._take_news()
        self.log_panel.follow(self.controller)
        return done

    # ======================================================================= geometry
    def _ctx(self) -> DrawContext:
        c = self.controller
        return DrawContext(self.sprites, self.texts, c.lang, c.names, c.humans, self.laid().unit,
                           None if c.faces_hidden() else c.viewer, self.time)

    def ensure_geometry(self) -> None:
        if self.layout is not None:
            choice = self.controls.choice
            self.board.ensure(self.controller.view, self._ctx(), choice.rect.top if choice.visible else None,
                              self.controller.names)

    def hand_face_up(self) -> bool:
        return self.controller.shows_hand(self.laid().viewer)

    def layout_fan(self) -> None:
        self.fan.arrange(self.controller, self.laid(), self.mouse)

    def card_at(self, pos) -> int | None:
        """The card under the mouse (for zooming), wherever it lies."""
        if self.laid().log.collidepoint(pos):
            return self.log_panel.card_at(pos)
        card = self.fan.card_at(pos)
        if card is not None:
            return card if self.hand_face_up() else None
        self.ensure_geometry()      # (a card beneath the dialog is not zoomed over its buttons)
        return None if self.controls.choice.rect.collidepoint(pos) else self.board.card_at(pos, self.controller.view)

    # ======================================================================= input
    def forget_zoom(self) -> None:
        self.zoom.forget(self.time)

    def open_discard(self) -> None:
        """The discard pile's browser, a modal overlay."""
        if self.stack is not None:
            self.stack.push(DiscardScene(lambda: self.controller.view.discard, self._ctx))

    def escape(self) -> None:
        """Escape: put back what is held, close a zoomed card, else the pause menu."""
        if self.controller.pointer.cancel():
            return
        if not self.zoom.close_right():
            (self.on_menu or self.close)()

    def handle_event(self, event: pygame.event.Event) -> bool:
        c = self.controller
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.escape()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            # a zoomed card takes the click: it closes
            return self.zoom.close_right() or self._on_button(event.ui_element)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            c.pointer.motion(event.pos)
            self.zoom.moved_onto(None if c.pointer.dragging else self.card_at(event.pos), self.time)
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.laid().log.collidepoint(self.mouse):
                self.log_panel.wheel(event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            self.show_help()
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            self.ensure_geometry()
            return c.pointer.release(self.board.targets_at(event.pos))
        if event.type != pygame.MOUSEBUTTONDOWN:
            return False
        self.mouse = event.pos
        if event.button in (1, 3) and self.zoom.close_right():   # a zoomed card takes the click
            return True
        if event.button == 3:
            if not c.pointer.cancel():
                self.zoom.right = self.card_at(event.pos)
        elif event.button == 1:
            if not c.busy:
                return self._on_press(event.pos)
            self.skip()                 # a click while moves are shown finishes them
        return event.button in (1, 3)

    def _on_press(self, pos) -> bool:
        L, b = self.laid(), self.board
        self.layout_fan()
        self.ensure_geometry()
        pile = next((name for name, r in ((Pile.DISCARD, L.discard), (Pile.DECK, L.deck))
                     if b.pile_card_rect(r).collidepoint(pos)), None)
        hit = self.controller.pointer.press_at(pos, self.fan.card_at(pos) if self.hand_face_up() else None,
                                       b.targets_at(pos), pile)
        if hit == Hit.DISCARD:
            self.open_discard()
        return hit is not None

    def _on_button(self, element) -> bool:
        c, key = self.controller, self.controls.which(element)
        fixed = {"menu": self.on_menu or self.close, "skip": self.skip, "undo": self.undo, "hint": c.ask_hint,
                 "help": self.show_help, "results": self.on_results or (lambda: None)}
        if key in fixed:
            fixed[key]()
        elif key is not None:
            c.pointer.press_button(key)
        elif (payload := self.controls.choice.payload_of(element)) is not None:
            c.pointer.choose(payload)
        else:
            return False
        return True

    def show_help(self) -> None:
        """The rules section for the decision at hand ("?" and F1)."""
        from knjazja.ui.scenes.rules import RulesScene
        c = self.controller
        if self.stack is not None:
            self.stack.push(RulesScene(focus=rules_focus(c.seen, None if c.faces_hidden()
                                                          else c.viewer, c.pointer.mode, c.lang)))

    # ======================================================================= drawing
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        self.board.draw_backdrop(surface, self._ctx())

    def draw(self, surface: pygame.Surface) -> None:
        if self.layout is None:
            return
        backdrop = self.backdrop_for(surface)
        self.ensure_geometry()
        ctx, c, L = self._ctx(), self.controller, self.layout
        decider, current = c.decider_and_current()
        layer = self.board.layer(backdrop, c.view, ctx, lit=c.lit(), war_mode=c.pointer.picking_war, tags=c.tags(),
                                 hidden=frozenset(self.animator.hidden()))
        surface.blit(layer, (0, 0))
        self.board.draw_dynamic(surface, ctx, decider=decider, current=current, over=self.session.over)
        self.log_panel.draw(surface, self.controls.log_room(L), ctx)
        shown = [b for b in (self.controls.skip, self.controls.hint) if b is not None and b.visible]
        draw_banner(surface, L.prompt, *banner(c, self.log_panel.lines), ctx,
                    reserve=Rect(shown[0].rect) if shown else None)
        self.layout_fan()
        self.fan.draw_hand(surface, ctx, c, L, face_up=self.hand_face_up())
        self.controls.choice.draw(surface, ctx)

    def draw_foreground(self, surface: pygame.Surface) -> None:
        if self.layout is None:
            return
        ctx, L, c = self._ctx(), self.layout, self.controller
        self.controls.choice.draw_labels(surface, ctx)      # the dialog's words, over its buttons
        self.animator.draw(surface)
        press = c.pointer.press
        if c.pointer.dragging and press is not None:        # (dragging: something is pressed)
            size = L.hand_card_size if not press.igor else L.small_card_size
            draw_dragged(surface, self.steps.image(press.card, size, True), self.mouse, ctx)
        self.toasts.draw_at(surface, L, self.controls.choice, ctx, self.board.bubble_clear())
        if self.paused:
            return
        what, card = self.zoomed()
        draw_zoomed(surface, what, card, c.view, c.names, self.mouse, ctx, zoom_clear(L, self.controls.choice))

    def zoomed(self) -> tuple[str, int]:
        return zoomed_now(self)


def zoomed_now(scene: TableScene) -> tuple[str, int]:
    """What ``scene`` zooms now: ("card", card), ("city", city) — a city in play shows its
    tableau, not its printed card — or ("", -1)."""
    c = scene.controller
    card = scene.zoom.card(scene.time, pressing=c.pointer.press is not None)
    if card is None or scene.paused:
        return "", -1
    return ("city" if card in c.view.cities else "card"), card


def _hide(scene: TableScene) -> None:
    """A whole screen hides the table (the rules, the review over the results): keep only
    what its last frames drew (faces, sprites and texts, ``HIDDEN_KEEP_MB`` each: nothing to
    draw again when it shows), ask for no faces until it is drawn again, let the layer go."""
    scene.warmer.rest()
    scene.sprites.trim(HIDDEN_KEEP_MB)
    scene.texts.trim(HIDDEN_KEEP_MB)
    scene.board.forget_layer()
    GuiScene.let_drawings_go(scene)         # the backdrop


def _let_go(scene: TableScene) -> None:
    """The table closed: forget its drawings (its window-sized layer too: whoever still
    holds the scene holds no picture of it) and let the workers go (the face worker ends,
    and the bots' worker unless it is deciding; the next table starts them again)."""
    scene.controller.close()
    scene.sprites.release(scene.texts)
    scene.board.forget_layer()
    release_worker()
