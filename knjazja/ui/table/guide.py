"""The lesson's guide on the table: a panel with the step's words (and a city's Glory
formula), Next / Restart / Skip, and a pulsing frame around what to click next.

What the guide says and points at is the lesson's (``app.lesson_session``,
``app.lesson_pointer``); this module only lays it out and finds the pointer on the screen.
"""
from __future__ import annotations

import math

import pygame
from pygame import Rect
from pygame_gui.elements import UIButton

from knjazja.app.wording.glory import formula_now
from knjazja.app.wording.i18n import get_language, tr
from knjazja.app.tutorial.lesson_pointer import BUTTON, CHOICE, DECK, GLORY, HAND, HAND_ALL, LOG, Pointer
from knjazja.app.tutorial.lesson_session import LessonSession
from knjazja.app.tutorial.lessons import words
from knjazja.engine.cards import INSTANCES
from knjazja.engine.kinds import TargetKind
from knjazja.ui import style
from knjazja.ui.glossary_view import term_at, term_rects, underline
from knjazja.ui.scenes.base import oid
from knjazja.ui.table.context import DrawContext
from knjazja.ui.widgets import wrap_text

GUIDE_SHARE = 0.64          # of the log's place in the side panel


def split_side(log: Rect, gap: int) -> tuple[Rect, Rect]:
    """(guide, log): the guide takes the upper part of the log's place."""
    h = round(log.height * GUIDE_SHARE)
    return Rect(log.left, log.top, log.width, h), Rect(log.left, log.top + h + gap, log.width, log.height - h - gap)


class GuidePanel:
    def __init__(self) -> None:
        self.rect = Rect(0, 0, 0, 0)
        self.text_box = Rect(0, 0, 0, 0)
        self.buttons: dict[str, UIButton] = {}
        self.terms: list[tuple[Rect, str]] = []
        self.fitted = (0, True)      # the words' font size and whether they fit their box

    def build(self, manager, rect: Rect, unit: int) -> None:
        self.rect = Rect(rect)
        pad = max(10, round(unit * 0.9))
        bh = max(26, round(unit * 2.2))
        row2 = Rect(rect.left + pad, rect.bottom - pad - bh, rect.width - 2 * pad, bh)
        row1 = Rect(row2.left, row2.top - pad // 2 - bh, row2.width, bh)
        half = (row2.width - pad // 2) // 2
        self.buttons = {
            "next": UIButton(row1, tr("lesson.next"), manager, object_id=oid("@primary", "#lesson_next")),
            "restart": UIButton(Rect(row2.left, row2.top, half, bh), tr("lesson.restart"), manager,
                                object_id=oid("@secondary", "#lesson_restart")),
            "skip": UIButton(Rect(row2.right - half, row2.top, half, bh), tr("lesson.skip"), manager,
                             object_id=oid("@secondary", "#lesson_skip")),
        }
        self.text_box = Rect(rect.left + pad, rect.top + pad, rect.width - 2 * pad, row1.top - pad - rect.top - pad)

    def which(self, element) -> str | None:
        return next((k for k, b in self.buttons.items() if b is element), None)

    def update(self, session: LessonSession, busy: bool) -> None:
        step = session.run.step
        nxt = self.buttons.get("next")
        if nxt is None:
            return
        info = step is not None and step.is_info and not session.run.replying and not busy
        nxt.show() if step is None or step.is_info else nxt.hide()
        last = session.run.index >= len(session.lesson.steps) - 1
        label = tr("lesson.finish") if last else tr("lesson.next")
        if nxt.text != label:
            nxt.set_text(label)
        nxt.enable() if info else nxt.disable()

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, session: LessonSession, ctx: DrawContext, busy: bool,
             note: str | None = None) -> None:
        style.draw_panel(surface, self.rect, radius=max(6, ctx.unit // 2))
        lesson, run = session.lesson, session.run
        lang = get_language()
        box = Rect(self.text_box)
        nxt = self.buttons.get("next")
        if nxt is not None and not nxt.visible:         # an action step: the words take Next's room
            box.height = self.buttons["restart"].rect.top - box.top - max(6, ctx.unit // 2)
        total = len(lesson.steps)
        head = tr("lesson.step", n=lesson.number, step=min(run.index + 1, total), total=total)
        y = box.top
        img = ctx.texts.fit(head, "body", ctx.fs(0.9), style.MUTED, box.width, min_size=9)
        surface.blit(img, (box.left, y))
        y += img.get_height()
        img = ctx.texts.fit(words(lesson.title, lang), "title", ctx.fs(1.6), style.GOLD_LIGHT, box.width, min_size=10)
        surface.blit(img, (box.left, y))
        y += img.get_height() + ctx.unit // 3
        step = run.step if run.step is not None else lesson.steps[-1]
        bottom = box.bottom                     # from the foot up: formula, "others move", the note
        formula = formula_now(session.state, INSTANCES[step.formula][0], lang) if step.formula else None
        if formula:
            fh = self._formula_height(ctx)
            self._draw_formula(surface, formula, Rect(box.left, bottom - fh, box.width, fh), ctx)
            bottom -= fh + ctx.unit // 3
        if busy or run.replying:
            wait = ctx.texts.fit(tr("lesson.waiting"), "body", ctx.fs(0.95), style.MUTED, box.width, min_size=9)
            surface.blit(wait, (box.left, bottom - wait.get_height()))
            bottom -= wait.get_height() + ctx.unit // 3
        if note:
            bottom -= self._draw_note(surface, note, Rect(box.left, y, box.width, bottom - y), ctx)
        self._draw_words(surface, words(step.say, lang), Rect(box.left, y, box.width, bottom - y), ctx, lang)

    def _draw_words(self, surface: pygame.Surface, text: str, box: Rect, ctx: DrawContext, lang: str) -> None:
        """The step's words at the largest size that fits; game terms underlined."""
        size = ctx.fs(1.3)
        while True:
            fnt = style.font("body", size)
            lines = wrap_text(text, fnt, box.width)
            line_h = fnt.get_linesize()
            if len(lines) * line_h <= box.height or size <= 9:
                break
            size -= 1
        self.fitted = (size, len(lines) * line_h <= box.height)
        y = box.top
        for line in lines:
            style.blit_text(surface, line, fnt, style.PARCHMENT, topleft=(box.left, y))
            y += line_h
        self.terms = term_rects(lines, fnt, box.topleft, line_h, lang)
        underline(surface, self.terms, style.GOLD_DARK)

    @staticmethod
    def _draw_note(surface: pygame.Surface, note: str, room: Rect, ctx: DrawContext) -> int:
        """Why the last click was refused and what to do, at the foot of the words; returns
        the height it took."""
        fnt = style.font("bold", ctx.fs(0.95))
        pad = max(3, ctx.unit // 3)
        lines = wrap_text(note, fnt, room.width - 2 * pad)
        lines = lines[:max(1, (room.height // 2) // fnt.get_linesize())]
        h = len(lines) * fnt.get_linesize() + 2 * pad
        r = Rect(room.left, room.bottom - h, room.width, h)
        pygame.draw.rect(surface, (92, 18, 16), r, border_radius=pad)
        pygame.draw.rect(surface, style.GOLD, r, width=1, border_radius=pad)
        y = r.top + pad
        for line in lines:
            style.blit_text(surface, line, fnt, style.CREAM, topleft=(r.left + pad, y))
            y += fnt.get_linesize()
        return h + pad

    @staticmethod
    def _formula_height(ctx: DrawContext) -> int:
        return round(ctx.unit * 3.6)

    @staticmethod
    def _draw_formula(surface: pygame.Surface, formula: str, r: Rect, ctx: DrawContext) -> None:
        """The city's Glory formula in a box: its label above, the numbers below."""
        pygame.draw.rect(surface, (60, 36, 16), r, border_radius=ctx.unit // 3)
        pygame.draw.rect(surface, style.GOLD_DARK, r, width=1, border_radius=ctx.unit // 3)
        title = ctx.texts.fit(tr("lesson.formula"), "body", ctx.fs(0.85), style.MUTED, r.width - 8, min_size=8)
        line = ctx.texts.fit(formula, "bold", ctx.fs(1.15), style.GOLD_LIGHT, r.width - 8, min_size=8)
        gap = max(0, (r.height - title.get_height() - line.get_height()) // 3)
        surface.blit(title, title.get_rect(midtop=(r.centerx, r.top + gap)))
        surface.blit(line, line.get_rect(midtop=(r.centerx, r.top + 2 * gap + title.get_height())))

    def term_at(self, pos: tuple[int, int]) -> str | None:
        return term_at(self.terms, pos)


# -- the pointer ------------------------------------------------------------------------------
def pointer_rect(scene, p: Pointer) -> Rect | None:
    """Where pointer ``p`` is on the table scene now, or None."""
    board, L = scene.board, scene.layout
    scene.ensure_geometry()
    if p.kind == HAND:
        scene.layout_fan()
        return scene.fan.rect_of(p.key)
    if p.kind == TargetKind.CITY:
        return board.city_rect(p.key)
    if p.kind == TargetKind.CHRONICLE:
        return board.chip_rect(p.key)
    if p.kind in (TargetKind.SEAT, GLORY):
        g = board.geoms.get(p.key)
        return None if g is None else Rect(g.name_rect if p.kind == TargetKind.SEAT else g.glory_rect)
    if p.kind == TargetKind.TROOP:
        c = board.centre
        return next((Rect(pc.rect) for pc in (c.cards if c is not None else []) if pc.card == p.key), None)
    if p.kind == TargetKind.CENTRE:
        return Rect(board.centre_rect)
    if p.kind == BUTTON:
        b = scene.controls.buttons.get(p.key)
        return Rect(b.rect) if b is not None else None
    if p.kind == CHOICE:
        return scene.controls.choice.rect_of(p.key)
    return {DECK: lambda: board.pile_card_rect(L.deck), HAND_ALL: lambda: Rect(L.hand),
            LOG: lambda: Rect(L.log)}[p.kind]()


def pointer_shapes(r: Rect, unit: int, window: Rect, avoid: list[Rect]) -> tuple[Rect, Rect | None]:
    """The frame around ``r`` and the box its arrow bobs in (None: no room for one), kept off
    ``avoid`` — the words on the screen (a choice's question, names, chronicles, the log):
    the frame hugs ``r`` as closely as it must, the arrow comes from a side where it covers
    nothing.  Rects that overlap ``r`` itself (the log when the log is pointed at) do not count."""
    others = [a for a in avoid if a.width > 0 and a.height > 0 and not a.colliderect(r)]
    width = max(2, unit // 5)
    frame = Rect(r)
    for grow in range(max(1, round(unit * 0.5)), 0, -1):
        f = r.inflate(2 * grow, 2 * grow)
        halo = f.inflate(2 * width, 2 * width)          # the stroke and its glow
        if window.contains(f) and not any(halo.colliderect(a) for a in others):
            frame = f
            break
    size, bob = max(8, round(unit * 0.9)), max(2, round(unit * 0.5))
    reach = size + bob + 2
    boxes = [Rect(frame.centerx - size, frame.top - reach, 2 * size, reach),      # above, pointing down
             Rect(frame.centerx - size, frame.bottom, 2 * size, reach),           # below
             Rect(frame.left - reach, frame.centery - size, reach, 2 * size),     # left
             Rect(frame.right, frame.centery - size, reach, 2 * size)]            # right
    arrow = next((b for b in boxes if window.contains(b) and not any(b.colliderect(a) for a in others)), None)
    return frame, arrow


def draw_pointer(surface: pygame.Surface, r: Rect, t: float, unit: int, avoid: list[Rect] | None = None) -> None:
    """A pulsing gold frame around ``r`` and a bouncing arrow pointing at it (off ``avoid``)."""
    pulse = 0.5 + 0.5 * math.sin(t * 5)
    frame, box = pointer_shapes(r, unit, surface.get_rect(), avoid or [])
    width = max(2, unit // 5)
    glow = pygame.Surface(frame.inflate(8, 8).size, pygame.SRCALPHA)
    pygame.draw.rect(glow, (255, 214, 90, round(70 + 60 * pulse)), glow.get_rect(), width=width + 4,
                     border_radius=unit // 2 + 4)
    surface.blit(glow, frame.inflate(8, 8).topleft)
    pygame.draw.rect(surface, style.GOLD_LIGHT, frame, width=width, border_radius=unit // 2)
    if box is None:
        return
    size = max(8, round(unit * 0.9))
    bob = round((max(2, round(unit * 0.5))) * pulse)
    if box.bottom <= frame.top:            # above, pointing down
        tip = (frame.centerx, frame.top - 2 - bob)
        pts = [tip, (tip[0] - size, tip[1] - size), (tip[0] + size, tip[1] - size)]
    elif box.top >= frame.bottom:          # below, pointing up
        tip = (frame.centerx, frame.bottom + 2 + bob)
        pts = [tip, (tip[0] - size, tip[1] + size), (tip[0] + size, tip[1] + size)]
    elif box.right <= frame.left:          # left, pointing right
        tip = (frame.left - 2 - bob, frame.centery)
        pts = [tip, (tip[0] - size, tip[1] - size), (tip[0] - size, tip[1] + size)]
    else:                                  # right, pointing left
        tip = (frame.right + 2 + bob, frame.centery)
        pts = [tip, (tip[0] + size, tip[1] - size), (tip[0] + size, tip[1] + size)]
    pygame.draw.polygon(surface, style.GOLD_LIGHT, pts)
    pygame.draw.polygon(surface, style.GOLD_DARK, pts, width=2)
