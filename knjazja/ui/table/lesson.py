"""A lesson on the real table: the game's table scene with the guide beside the log.

Everything a game does works the same: the controller maps clicks and drops to actions;
the lesson's session (``app.lesson_session``) accepts only the step's actions and answers
for the other seats.  A refused click changes nothing and the guide shows why (the engine's
reason or "not now") with the step's hint.  Progress is stored after every step
(``app.lesson_progress``) so the lesson can be continued later.

``on_finished(scene)``: the last step was closed.  ``on_restart`` / ``on_skip``: the guide's
buttons (the flow replaces the scene).  ``on_menu``: the table's Menu button.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame
from pygame import Rect

from knjazja.app.tutorial import lesson_progress
from knjazja.app.wording.glossary import definition
from knjazja.app.wording.i18n import get_language, tr
from knjazja.app.tutorial.lesson_pointer import pointer
from knjazja.app.tutorial.lesson_session import LessonSession
from knjazja.app.tutorial.lessons import Lesson
from knjazja.ui.glossary_view import draw_tooltip
from knjazja.ui.table.guide import GuidePanel, draw_pointer, pointer_rect, split_side
from knjazja.ui.table.layout import TableLayout
from knjazja.ui.table.scene import TableScene
from knjazja.ui.table.warstack import header_height

NOTE_SECONDS = 9.0


class LessonScene(TableScene):
    def __init__(self, lesson: Lesson, *, start_at: int = 0, settings=None,
                 on_menu: Callable[[], None] | None = None,
                 on_finished: Callable[["LessonScene"], None] | None = None,
                 on_restart: Callable[[], object] | None = None,
                 on_skip: Callable[[], None] | None = None) -> None:
        session = LessonSession(lesson, get_language(), start_at)
        super().__init__(session, on_menu=on_menu, settings=settings, sync_bots=True)
        self.lesson = lesson
        self.lesson_session = session
        session.on_step.append(self._step_done)
        self.guide = GuidePanel()
        self.guide_rect = Rect(0, 0, 0, 0)
        self.on_finished = on_finished
        self.on_restart = on_restart
        self.on_skip = on_skip
        self.note: str | None = None            # the last refusal with the step's hint
        self.note_left = 0.0
        self._finished_sent = False

    # -- layout ------------------------------------------------------------------------------
    def make_layout(self) -> TableLayout:
        L = super().make_layout()
        self.guide_rect, log = split_side(L.log, L.margin)
        return replace(L, log=log)

    def build(self) -> None:
        super().build()
        self.guide.build(self.ui, self.guide_rect, self.laid().unit)
        self.guide.update(self.lesson_session, self.controller.busy)

    def on_language_changed(self) -> None:
        self.lesson_session.lang = get_language()      # the guide follows the UI language
        super().on_language_changed()

    # -- progress ----------------------------------------------------------------------------
    def _step_done(self, index: int) -> None:
        self.note = None
        if index < len(self.lesson.steps):
            lesson_progress.record_step(self.lesson.id, index)

    @property
    def finished(self) -> bool:
        return self.lesson_session.run.finished

    def update(self, dt: float) -> None:
        c = self.controller
        if said := c.news.texts():              # a refusal: the guide says why and what to do
            reason, hint = said[-1], self.lesson_session.hint()
            self.note = reason if hint in reason else tr("lesson.refusal", reason=reason.rstrip(". "), hint=hint)
            self.note_left = NOTE_SECONDS
        self.note_left = max(0.0, self.note_left - dt)
        if self.note_left <= 0:
            self.note = None
        super().update(dt)
        self.guide.update(self.lesson_session, c.busy)
        if self.finished and not self._finished_sent and not c.busy:
            self._finished_sent = True
            if self.on_finished is not None:
                self.on_finished(self)

    # -- input -------------------------------------------------------------------------------
    def _on_button(self, element) -> bool:
        key = self.guide.which(element)
        if key == "next":
            self.next_step()
        elif key == "restart" and self.on_restart is not None:
            self.on_restart()
        elif key == "skip" and self.on_skip is not None:
            self.on_skip()
        elif self.controls.which(element) == "hint":      # the lesson's hint, not a bot's advice
            self.note, self.note_left = self.lesson_session.hint(), NOTE_SECONDS
        else:
            return super()._on_button(element)
        return True

    def next_step(self) -> bool:
        """The guide's Next: close an info step (its replies follow)."""
        if self.controller.busy:
            self.skip()
        return self.lesson_session.next_step()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE) and self.next_step():
            return True
        return super().handle_event(event)

    # -- drawing -----------------------------------------------------------------------------
    def words_on_screen(self) -> list[Rect]:
        """Where the table writes words the guide's frame and arrow must not cover: the log,
        the prompt, the centre's header line, the players' names and Glory, the chronicles,
        the question over the answer buttons."""
        L = self.laid()
        self.ensure_geometry()
        choice = self.controls.choice
        out = [Rect(L.log), Rect(L.prompt), choice.title_rect()] + [Rect(b.rect) for b, _ in choice.buttons]
        out.append(Rect(L.war_stack.left, L.war_stack.top, L.war_stack.width, header_height(self._ctx())))
        for g in self.board.geoms.values():
            out += [Rect(g.name_rect), Rect(g.glory_rect)] + [Rect(chip.rect) for chip in g.chips]
        return out

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.layout is not None:
            self.guide.draw(surface, self.lesson_session, self._ctx(), self.controller.busy, self.note)

    def draw_foreground(self, surface: pygame.Surface) -> None:
        if self.layout is not None and not self.paused:
            p = pointer(self.lesson_session, self.controller)
            r = pointer_rect(self, p) if p is not None else None
            if r is not None:
                draw_pointer(surface, r, self.time, self.layout.unit, self.words_on_screen())
        super().draw_foreground(surface)
        term = self.guide.term_at(self.mouse) if self.layout is not None else None
        if term is not None:
            draw_tooltip(surface, definition(term), self.mouse, self._ctx().fs(0.95), self.guide_rect.width * 2)
