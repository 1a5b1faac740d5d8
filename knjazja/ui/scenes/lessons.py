"""Learn to play: the lessons in a list, each with where the player stopped.

A row per lesson (``app.lessons``): its number and title, what it teaches, whether it is
done or where the player stopped (``app.lesson_progress``), a Start / Continue button and,
once begun, From the start.  ``on_start(lesson_id, restart)`` opens a lesson on the table.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from knjazja.app.tutorial import lesson_progress
from knjazja.app.wording.i18n import get_language, tr
from knjazja.app.tutorial.lessons import Lesson, all_lessons, words
from knjazja.ui import style
from knjazja.ui.scenes.base import GuiScene, oid
from knjazja.ui.widgets import ellipsize, wrap_text


class LessonsScene(GuiScene):
    def __init__(self, *, on_start: Callable[[str, bool], object],
                 on_close: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.on_start = on_start
        self.on_close = on_close
        self.lessons: tuple[Lesson, ...] = all_lessons()
        self.rows: list[pygame.Rect] = []
        self.buttons: dict[tuple[str, str], UIButton] = {}     # (lesson id, "go" | "restart")
        self.back: UIButton | None = None
        self._panel = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        w, h = self.size
        progress = lesson_progress.load()
        pw = min(w - self.px(80), self.px(1100))
        self._panel = pygame.Rect((w - pw) // 2, self.px(130), pw, h - self.px(130) - self.px(30))
        p = self._panel
        body = style.font("body", self.px(19))
        intro = len(wrap_text(tr("lessons.intro"), body, p.width - self.px(60))[:2])
        top = p.top + self.px(24) + intro * body.get_linesize() + self.px(14)
        bottom = p.bottom - self.px(84)
        row_h = (bottom - top) // max(1, len(self.lessons))
        bw, bh = self.px(190), self.px(44)
        self.rows, self.buttons = [], {}
        for i, lesson in enumerate(self.lessons):
            row = pygame.Rect(p.left + self.px(30), top + i * row_h, p.width - self.px(60), row_h)
            self.rows.append(row)
            st = progress.of(lesson.id)
            # stopped half-way: Continue, or From the start; finished: one button to play it
            # again (Start and From the start would do the same thing)
            midway = st.step > 0
            go = tr("lessons.continue") if midway else tr("lessons.again") if st.done else tr("lessons.start")
            y = row.top + (row.height - bh) // 2
            self.buttons[(lesson.id, "go")] = UIButton(
                pygame.Rect(row.right - bw, y, bw, bh), go, self.ui,
                object_id=oid("@primary", f"#lesson_go_{lesson.number}"))
            if midway:
                self.buttons[(lesson.id, "restart")] = UIButton(
                    pygame.Rect(row.right - 2 * bw - self.px(10), y, bw, bh), tr("lessons.restart"), self.ui,
                    object_id=oid("@secondary", f"#lesson_restart_{lesson.number}"))
        self.back = UIButton(pygame.Rect(p.left + self.px(30), p.bottom - self.px(64), self.px(200), self.px(46)),
                             "‹  " + tr("common.back"), self.ui, object_id=oid("@secondary", "#lessons_back"))

    def resume(self) -> None:
        super().resume()
        self.rebuild()          # where the player stopped may have changed

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.back:
            self.leave()
            return True
        for (lesson_id, what), button in self.buttons.items():
            if event.ui_element is button:
                self.on_start(lesson_id, what == "restart")
                return True
        return False

    def leave(self) -> None:
        self.on_close() if self.on_close is not None else self.close()

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(style.table_background((w, h)), (0, 0))
        style.dim(surface, 95)
        tf = style.fit_font("title", tr("lessons.title"), w - self.px(80), self.px(60))
        style.blit_text(surface, tr("lessons.title"), tf, style.GOLD_LIGHT, center=(w // 2, self.px(68)),
                        outline=style.GOLD_DARK, shadow=(0, 0, 0))
        style.draw_panel(surface, self._panel, radius=self.px(14))
        p = self._panel
        body = style.font("body", self.px(19))
        y = p.top + self.px(24)
        for line in wrap_text(tr("lessons.intro"), body, p.width - self.px(60))[:2]:
            style.blit_text(surface, line, body, style.PARCHMENT, topleft=(p.left + self.px(30), y))
            y += body.get_linesize()
        self._draw_rows(surface)

    def _draw_rows(self, surface: pygame.Surface) -> None:
        lang = get_language()
        progress = lesson_progress.load()
        head = style.font("bold", self.px(24))
        small = style.font("body", self.px(17))
        for lesson, row in zip(self.lessons, self.rows):
            pygame.draw.line(surface, style.GOLD_DARK, (row.left, row.top), (row.right, row.top))
            left_of_buttons = min(b.rect.left for (lid, _), b in self.buttons.items() if lid == lesson.id)
            text_w = left_of_buttons - row.left - self.px(24)
            st = progress.of(lesson.id)
            status = tr("lessons.done") if st.done and st.step == 0 else (
                tr("lessons.progress", step=st.step + 1, n=len(lesson.steps)) if st.step > 0 else "")
            title = f"{tr('lessons.number', n=lesson.number)}. {words(lesson.title, lang)}"
            y = row.top + self.px(8)
            rect = style.blit_text(surface, ellipsize(title, head, text_w), head, style.GOLD_LIGHT,
                                   topleft=(row.left, y))
            if status and rect.right + self.px(16) + small.size(status)[0] <= row.left + text_w:
                style.blit_text(surface, status, small, style.GOLD if st.done else style.MUTED,
                                topleft=(rect.right + self.px(16), y + head.get_ascent() - small.get_ascent()))
            y += head.get_linesize()
            room = max(1, (row.bottom - self.px(6) - y) // small.get_linesize())
            lines = wrap_text(words(lesson.summary, lang), small, text_w)
            if len(lines) > room:
                lines = lines[:room - 1] + [ellipsize(" ".join(lines[room - 1:]), small, text_w)]
            for line in lines:
                style.blit_text(surface, line, small, style.PARCHMENT_DARK, topleft=(row.left, y))
                y += small.get_linesize()


class LessonDoneScene(GuiScene):
    """Over the table when a lesson is complete: what next (``actions``: (label, callback))."""

    is_overlay = True

    def __init__(self, title: str, text: str, actions: list[tuple[str, Callable[[], object]]]) -> None:
        super().__init__()
        self.title, self.text, self.actions = title, text, actions
        self.buttons: list[tuple[UIButton, Callable[[], object]]] = []
        self._panel = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        w, h = self.size
        bw, bh, gap = self.px(380), self.px(52), self.px(12)
        self._panel = pygame.Rect(0, 0, bw + self.px(120), self.px(190) + len(self.actions) * (bh + gap))
        self._panel.center = (w // 2, h // 2)
        y = self._panel.bottom - self.px(30) - len(self.actions) * (bh + gap) + gap
        self.buttons = []
        for i, (label, callback) in enumerate(self.actions):
            b = UIButton(pygame.Rect(w // 2 - bw // 2, y, bw, bh), label, self.ui,
                         object_id=oid("@primary" if i == 0 else "@secondary", f"#lesson_done_{i}"))
            self.buttons.append((b, callback))
            y += bh + gap

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for b, callback in self.buttons:
                if event.ui_element is b:
                    callback()
                    return True
        return True     # modal

    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 150)
        style.draw_panel(surface, self._panel)
        w = surface.get_width()
        tf = style.fit_font("title", self.title, self._panel.width - self.px(40), self.px(44))
        style.blit_text(surface, self.title, tf, style.GOLD_LIGHT, center=(w // 2, self._panel.top + self.px(52)),
                        outline=style.GOLD_DARK)
        body = style.font("body", self.px(21))
        y = self._panel.top + self.px(96)
        for line in wrap_text(self.text, body, self._panel.width - self.px(60))[:2]:
            style.blit_text(surface, line, body, style.PARCHMENT, center=(w // 2, y))
            y += body.get_linesize()
