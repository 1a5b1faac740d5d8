"""Widgets the screens share: rich and plain text wrapping, a scrolling area with edge fades,
and :class:`BookScene`, the frame of the "book" screens (rules, gallery, statistics, series,
saves): table background, a header with Back, title and tabs, one big panel.
"""
from __future__ import annotations

import re
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from knjazja.app.wording.i18n import tr
from knjazja.app.wording.rulebook import parse_inline
from knjazja.ui import drawn, style
from knjazja.ui.scenes.base import GuiScene, oid


# -- rich text --------------------------------------------------------------------------------
def _words(text: str) -> list[list[tuple[str, bool]]]:
    """Words made of (piece, bold) parts: ``**Glory**.`` stays one word of two parts."""
    words: list[list[tuple[str, bool]]] = []
    glue = False  # the next piece continues the current word
    for run, bold in parse_inline(text):
        for piece in re.split(r"([ \t\n]+)", run):     # never at a no-break space
            if not piece:
                continue
            if piece.isspace():
                glue = False
                continue
            if glue and words:
                words[-1].append((piece, bold))
            else:
                words.append([(piece, bold)])
            glue = True
    return words


def layout_rich(text: str, regular: pygame.font.Font, bold: pygame.font.Font, width: int,
                colour: style.Colour, bold_colour: style.Colour) -> list[pygame.Surface]:
    """``text`` word-wrapped to ``width`` pixels, one transparent surface per line."""
    space = regular.size(" ")[0]
    lines: list[list[list[tuple[str, bool]]]] = [[]]
    used = 0
    for word in _words(text):
        ww = sum((bold if b else regular).size(p)[0] for p, b in word)
        if lines[-1] and used + space + ww > width:
            lines.append([])
            used = 0
        used += (space if lines[-1] else 0) + ww
        lines[-1].append(word)
    height = max(regular.get_linesize(), bold.get_linesize())
    out = []
    for line in lines:
        if not line:
            continue
        parts = []
        x = 0
        for i, word in enumerate(line):
            if i:
                x += space
            for piece, b in word:
                img = (bold if b else regular).render(piece, True, bold_colour if b else colour)
                parts.append((img, x))
                x += img.get_width()
        surf = pygame.Surface((max(1, x), height), pygame.SRCALPHA)
        for img, px_ in parts:
            surf.blit(img, (px_, 0))
        if drawn.active is not None:
            drawn.tag(surf, "text", " ".join("".join(p for p, _ in word) for word in line))
        out.append(surf)
    return out


def wrap_text(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap of plain text (explicit newlines kept), breaking lines at ordinary
    spaces only: a no-break space keeps "в Киеве" or "Сила 7" on one line."""
    lines: list[str] = []
    for para in text.split("\n"):
        cur = ""
        for word in filter(None, para.split(" ")):
            trial = f"{cur} {word}" if cur else word
            if fnt.size(trial)[0] <= width:
                cur = trial
                continue
            if cur:
                lines.append(cur)
            *whole, cur = _break_word(word, fnt, width)
            lines += whole
        lines.append(cur)
    return lines


def _break_word(word: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """A word wider than ``width`` (a file's path) in pieces that fit, cut after a
    separator where one is near."""
    pieces = []
    while fnt.size(word)[0] > width and len(word) > 1:
        cut = 1
        while cut < len(word) and fnt.size(word[:cut + 1])[0] <= width:
            cut += 1
        sep = max(word.rfind(ch, 0, cut) for ch in "/\\_-.")
        if sep >= cut // 2:
            cut = sep + 1
        pieces.append(word[:cut])
        word = word[cut:]
    return pieces + [word]


def ellipsize(text: str, fnt: pygame.font.Font, width: int) -> str:
    if fnt.size(text)[0] <= width:
        return text
    full = text
    while text and fnt.size(text + "…")[0] > width:
        text = text[:-1]
    shown = text.rstrip() + "…"
    if drawn.active is not None:
        drawn.cut(shown, full)
    return shown


# -- scrolling ------------------------------------------------------------------------------
class ScrollArea:
    """Vertical scrolling of a viewport: wheel, keys, a draggable bar; smooth by default.

    ``offset`` is what is drawn, ``target`` where it is heading (``update`` moves it).
    """

    def __init__(self, view: pygame.Rect, content_h: int, track: pygame.Rect, step: int) -> None:
        self.view = pygame.Rect(view)
        self.track = pygame.Rect(track)
        self.content_h = max(0, int(content_h))
        self.step = max(1, step)
        self.offset = 0.0
        self.target = 0.0
        self._drag: tuple[int, float] | None = None

    @property
    def max_offset(self) -> float:
        return float(max(0, self.content_h - self.view.height))

    @property
    def scrollable(self) -> bool:
        return self.max_offset > 0

    def scroll_to(self, y: float, smooth: bool = True) -> None:
        self.target = max(0.0, min(self.max_offset, float(y)))
        if not smooth:
            self.offset = self.target

    def scroll_by(self, dy: float, smooth: bool = True) -> None:
        self.scroll_to(self.target + dy, smooth)

    def set_content_height(self, h: int) -> None:
        self.content_h = max(0, int(h))
        self.scroll_to(self.target, smooth=False)

    def thumb_rect(self) -> pygame.Rect | None:
        if not self.scrollable or self.track.height <= 0:
            return None
        frac = self.view.height / max(1, self.content_h)
        th = max(self.track.width * 2, round(self.track.height * frac))
        th = min(th, self.track.height)
        y = self.track.top + round((self.track.height - th) * (self.offset / self.max_offset))
        return pygame.Rect(self.track.left, y, self.track.width, th)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            dy = getattr(event, "precise_y", event.y) or event.y
            self.scroll_by(-dy * self.step * 3)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            thumb = self.thumb_rect()
            hit = self.track.inflate(self.track.width, 0)
            if thumb is not None and thumb.inflate(self.track.width, 0).collidepoint(event.pos):
                self._drag = (event.pos[1], self.offset)
                return True
            if thumb is not None and hit.collidepoint(event.pos):
                page = self.view.height * 0.9
                self.scroll_by(page if event.pos[1] > thumb.centery else -page)
                return True
            return False
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            thumb = self.thumb_rect()
            free = self.track.height - (thumb.height if thumb else 0)
            if free > 0:
                y0, off0 = self._drag
                self.scroll_to(off0 + (event.pos[1] - y0) * self.max_offset / free, smooth=False)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return True
        if event.type == pygame.KEYDOWN:
            page = self.view.height * 0.9
            moves = {pygame.K_DOWN: self.step * 2, pygame.K_UP: -self.step * 2,
                     pygame.K_PAGEDOWN: page, pygame.K_PAGEUP: -page, pygame.K_SPACE: page}
            if event.key in moves:
                self.scroll_by(moves[event.key])
                return True
            if event.key == pygame.K_HOME:
                self.scroll_to(0)
                return True
            if event.key == pygame.K_END:
                self.scroll_to(self.max_offset)
                return True
        return False

    def update(self, dt: float) -> None:
        if self.offset != self.target:
            self.offset += (self.target - self.offset) * min(1.0, dt * 16)
            if abs(self.target - self.offset) < 0.5:
                self.offset = self.target

    def draw(self, surface: pygame.Surface) -> None:
        thumb = self.thumb_rect()
        if thumb is None:
            return
        r = self.track.width // 2
        groove = pygame.Surface(self.track.size, pygame.SRCALPHA)
        pygame.draw.rect(groove, (0, 0, 0, 110), groove.get_rect(), border_radius=r)
        surface.blit(groove, self.track.topleft)
        pygame.draw.rect(surface, style.GOLD_DARK, self.track, width=1, border_radius=r)
        hot = self._drag is not None or thumb.inflate(self.track.width, 0).collidepoint(
            pygame.mouse.get_pos())
        pygame.draw.rect(surface, style.GOLD_LIGHT if hot else style.GOLD, thumb.inflate(-2, -2),
                         border_radius=r)
        mid = thumb.centery
        for dy in (-4, 0, 4):
            pygame.draw.line(surface, style.GOLD_DARK, (thumb.left + 3, mid + dy),
                             (thumb.right - 4, mid + dy))


def draw_edge_fades(surface: pygame.Surface, fades, backdrop: pygame.Surface | None, view: pygame.Rect,
                    offset: int, max_offset: float, depth: int):
    """Fade the scrolled content out at the edges of ``view`` where more lies beyond;
    returns the (cached) fade strips for the next frame."""
    if fades is None and backdrop is not None:
        fades = edge_fades(backdrop, view, depth)
    if fades is not None:
        if offset > 0:
            surface.blit(fades[0], view.topleft)
        if offset < max_offset:
            surface.blit(fades[1], (view.left, view.bottom - fades[1].get_height()))
    return fades


def edge_fades(backdrop: pygame.Surface, view: pygame.Rect, depth: int) -> tuple[pygame.Surface, pygame.Surface]:
    """Strips of the backdrop fading out over the top and bottom edges of ``view``."""
    depth = max(1, min(depth, view.height // 3))
    top = pygame.Surface((view.width, depth), pygame.SRCALPHA)
    bottom = pygame.Surface((view.width, depth), pygame.SRCALPHA)
    top.blit(backdrop, (0, 0), pygame.Rect(view.left, view.top, view.width, depth))
    bottom.blit(backdrop, (0, 0), pygame.Rect(view.left, view.bottom - depth, view.width, depth))
    for y in range(depth):
        a = round(255 * (1 - y / depth) ** 1.6)
        top.fill((255, 255, 255, a), pygame.Rect(0, y, view.width, 1), special_flags=pygame.BLEND_RGBA_MULT)
        bottom.fill((255, 255, 255, a), pygame.Rect(0, depth - 1 - y, view.width, 1),
                    special_flags=pygame.BLEND_RGBA_MULT)
    if drawn.active is not None:
        drawn.tag(top, "decor")
        drawn.tag(bottom, "decor")
    return top, bottom


# -- the book screens' frame ------------------------------------------------------------------
class BookScene(GuiScene):
    """Table background, a header (Back · title · tabs) and one big panel below it.

    ``TABS`` names the tab keys ("rules", "gallery"); the current one is ``TAB``.
    Esc or Back calls ``on_close`` (default: pop this scene).
    """

    TITLE_KEY = ""
    TAB: str | None = None
    TABS: tuple[str, ...] = ()

    def __init__(self, *, on_close: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.on_close = on_close
        self.back_button: UIButton | None = None
        self.tab_buttons: dict[str, UIButton] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._header_h = 0

    def title(self) -> str:
        return tr(self.TITLE_KEY)

    def build_frame(self) -> None:
        w, h = self.size
        m = self.px(28)
        self._header_h = self.px(100)
        bh = self.px(50)
        y = (self._header_h - bh) // 2 + self.px(4)
        self.back_button = UIButton(pygame.Rect(m, y, self.px(170), bh), "‹  " + tr("common.back"),
                                    self.ui, object_id=oid("@secondary", "#book_back"))
        self.tab_buttons = {}
        x = w - m
        for key in reversed(self.TABS):
            label = tr(f"book.tab.{key}")
            tw = max(self.px(170), style.font("body", self.px(18)).size(label)[0] + self.px(40))
            x -= tw
            button = UIButton(pygame.Rect(x, y, tw, bh), label, self.ui,
                              object_id=oid("@secondary", f"#tab_{key}"))
            if key == self.TAB:
                button.select()
            self.tab_buttons[key] = button
            x -= self.px(10)
        self.panel = pygame.Rect(m, self._header_h, w - 2 * m, h - self._header_h - m)

    def draw_frame(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(style.table_background((w, h)), (0, 0))
        style.dim(surface, 95)
        title = self.title()
        left = self.px(28) + self.px(170) + self.px(24)
        right = min(w - left, min((b.rect.left for b in self.tab_buttons.values()), default=w - left) - self.px(24))
        room = max(self.px(200), 2 * min(w // 2 - left, right - w // 2))
        tf = style.fit_font("title", title, room, self.px(50))
        rect = style.blit_text(surface, title, tf, style.GOLD_LIGHT,
                               center=(w // 2, self._header_h // 2 - self.px(2)),
                               outline=style.GOLD_DARK, shadow=(0, 0, 0))
        style.draw_divider(surface, (w // 2, rect.bottom + self.px(4)),
                           max(self.px(220), rect.width + self.px(40)), style.GOLD,
                           thickness=max(1, self.px(2)))
        style.draw_panel(surface, self.panel, radius=self.px(14))

    def back(self) -> None:
        if self.on_close is not None:
            self.on_close()
        else:
            self.close()

    def tab_scene(self, key: str) -> GuiScene | None:
        """The screen behind tab ``key`` (scenes with ``TABS`` say which)."""
        return None

    def switch_tab(self, key: str) -> None:
        if key == self.TAB or self.stack is None:
            return
        scene = self.tab_scene(key)
        if scene is not None:
            self.stack.replace(scene)

    def handle_frame_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.focused_text_entry():
            self.back()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back_button:
                self.back()
                return True
            for key, button in self.tab_buttons.items():
                if event.ui_element is button:
                    self.switch_tab(key)
                    return True
        return False


