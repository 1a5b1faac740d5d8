"""The rules of the game: a scrollable page with a section list, and a tab to the card gallery.

The text is data, ``knjazja/ui/data/rules.<lang>.md`` (our own wording of RULES.md), in a
small markdown: ``# `` starts a section, blank lines separate paragraphs, ``- `` starts a
bullet, ``**bold**`` marks a term.  The page follows the UI language and shows the engine's
ruleset version.

This module also holds what the other "book" screens (gallery, statistics, series, saves)
share: :class:`ScrollArea` (wheel, keys, a draggable gold scroll bar, smooth scrolling),
:func:`layout_rich` (word wrap with bold runs) and :class:`BookScene` (table background,
header with Back, title and tabs).
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from knjazja.engine import RULESET_VERSION
from knjazja.ui import style
from knjazja.ui.i18n import DATA_DIR, LANGUAGES, get_language, tr
from knjazja.ui.scenes.base import GuiScene, oid


# -- the rules document ------------------------------------------------------------------------
@dataclass
class Section:
    title: str
    blocks: list[tuple[str, str]] = field(default_factory=list)  # ("p" | "li", text)


def rules_path(lang: str) -> Path:
    return DATA_DIR / f"rules.{lang}.md"


def parse_rules(text: str) -> list[Section]:
    """Sections of a rules document (see the module docstring for the syntax)."""
    sections: list[Section] = []
    para: list[str] = []

    def flush() -> None:
        if para and sections:
            sections[-1].blocks.append(("p", " ".join(para)))
        para.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("# "):
            flush()
            sections.append(Section(line[2:].strip()))
        elif line.startswith("- ") or line.startswith("* "):
            flush()
            if sections:
                sections[-1].blocks.append(("li", line[2:].strip()))
        elif not line:
            flush()
        elif para or not (sections and sections[-1].blocks and sections[-1].blocks[-1][0] == "li"
                          and raw[:1].isspace()):
            para.append(line)
        else:  # an indented continuation of a bullet
            kind, body = sections[-1].blocks[-1]
            sections[-1].blocks[-1] = (kind, f"{body} {line}")
    flush()
    return sections


def load_rules(lang: str | None = None) -> list[Section]:
    """The rules in ``lang`` (default: the UI language); English if that file is missing."""
    lang = lang or get_language()
    for code in (lang, "en"):
        try:
            return parse_rules(rules_path(code).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
    return []


def available_languages() -> list[str]:
    return [lang for lang in LANGUAGES if rules_path(lang).is_file()]


# -- rich text --------------------------------------------------------------------------------
_BOLD = re.compile(r"\*\*(.+?)\*\*")


def parse_inline(text: str) -> list[tuple[str, bool]]:
    """``"a **b** c"`` -> ``[("a ", False), ("b", True), (" c", False)]``."""
    runs, pos = [], 0
    for m in _BOLD.finditer(text):
        if m.start() > pos:
            runs.append((text[pos:m.start()], False))
        runs.append((m.group(1), True))
        pos = m.end()
    if pos < len(text):
        runs.append((text[pos:], False))
    return runs


def _words(text: str) -> list[list[tuple[str, bool]]]:
    """Words made of (piece, bold) parts: ``**Glory**.`` stays one word of two parts."""
    words: list[list[tuple[str, bool]]] = []
    glue = False  # the next piece continues the current word
    for run, bold in parse_inline(text):
        for piece in re.split(r"(\s+)", run):
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
        out.append(surf)
    return out


wrap_plain = style.wrap_text   # the one greedy word wrap (style.py)


def ellipsize(text: str, fnt: pygame.font.Font, width: int) -> str:
    if fnt.size(text)[0] <= width:
        return text
    while text and fnt.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


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
                    offset: int, max_offset: int, depth: int):
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

    def switch_tab(self, key: str) -> None:
        if key == self.TAB or self.stack is None:
            return
        scene = make_tab(key, on_close=self.on_close)
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


def make_tab(key: str, *, on_close: Callable[[], None] | None = None) -> GuiScene | None:
    if key == "rules":
        return RulesScene(on_close=on_close)
    if key == "gallery":
        from knjazja.ui.scenes.gallery import GalleryScene

        return GalleryScene(on_close=on_close)
    return None


# -- the rules page ---------------------------------------------------------------------------
class RulesScene(BookScene):
    """The rules, in the UI language.  ``on_close`` (default: pop) for Back and Esc."""

    TITLE_KEY = "rules.title"
    TAB = "rules"
    TABS = ("rules", "gallery")

    def __init__(self, *, on_close: Callable[[], None] | None = None) -> None:
        super().__init__(on_close=on_close)
        self.sections: list[Section] = []
        self.section_y: list[int] = []          # content y of each section heading
        self.pieces: list[tuple[int, int, pygame.Surface]] = []  # (x, y, image) in content space
        self.scroll: ScrollArea | None = None
        self.toc_rects: list[pygame.Rect] = []
        self._sidebar = pygame.Rect(0, 0, 0, 0)
        self._fades: tuple[pygame.Surface, pygame.Surface] | None = None
        self._lang = ""
        self._pinned: int | None = None

    # -- building ----------------------------------------------------------------------------
    def build(self) -> None:
        keep = self.scroll.target if self.scroll is not None and self._lang == get_language() else 0.0
        keep_frac = keep / self.scroll.max_offset if self.scroll is not None and self.scroll.max_offset else 0.0
        self._lang = get_language()
        self.build_frame()
        self.sections = load_rules(self._lang)
        p = self.panel
        pad = self.px(30)
        side_w = max(self.px(300), min(self.px(360), p.width // 4))
        self._sidebar = pygame.Rect(p.left + pad, p.top + pad, side_w, p.height - 2 * pad)
        bar_w = self.px(12)
        track = pygame.Rect(p.right - pad - bar_w, p.top + pad, bar_w, p.height - 2 * pad)
        area = pygame.Rect(self._sidebar.right + self.px(40), p.top + pad // 2,
                           track.left - self.px(28) - self._sidebar.right - self.px(40),
                           p.height - pad)
        text_w = min(area.width, self.px(980))
        view = pygame.Rect(area.left + (area.width - text_w) // 2, area.top, text_w, area.height)
        content_h = self._layout(view.width)
        self.scroll = ScrollArea(view, content_h, track, self.px(24))
        self.scroll.scroll_to(keep_frac * self.scroll.max_offset, smooth=False)
        # the section list
        self.toc_rects = []
        row = self.px(40)
        top = self._sidebar.top + self.px(56)
        for i in range(len(self.sections)):
            self.toc_rects.append(pygame.Rect(self._sidebar.left, top + i * row, self._sidebar.width, row - self.px(4)))
        self._fades = None

    def _layout(self, width: int) -> int:
        """Lay the document out for a column ``width`` pixels wide; returns its height."""
        body = style.font("body", self.px(21))
        bold = style.font("bold", self.px(21))
        head = style.font("title", self.px(38))
        line_h = round(body.get_linesize() * 1.12)
        para_gap = self.px(12)
        bullet_indent = self.px(30)
        self.pieces, self.section_y = [], []
        y = self.px(14)
        for n, section in enumerate(self.sections, 1):
            if n > 1:
                y += self.px(34)
            self.section_y.append(y)
            title = f"{n}. {section.title}"
            img = style.render_text(title, style.fit_font("title", title, width, head.get_height()),
                                    style.GOLD_LIGHT, outline=None)
            self.pieces.append((0, y, img))
            y += img.get_height() + self.px(4)
            rule = pygame.Surface((width, max(1, self.px(2))), pygame.SRCALPHA)
            for x in range(width):
                a = round(230 * max(0.0, 1 - x / width) ** 1.2)
                rule.fill((*style.GOLD, a), pygame.Rect(x, 0, 1, rule.get_height()))
            self.pieces.append((0, y, rule))
            y += self.px(18)
            for kind, text in section.blocks:
                indent = bullet_indent if kind == "li" else 0
                lines = layout_rich(text, body, bold, width - indent, style.PARCHMENT, style.GOLD_LIGHT)
                if kind == "li":
                    r = max(3, self.px(5))
                    dot = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
                    style.draw_diamond(dot, (r + 1, r + 1), r, style.GOLD)
                    self.pieces.append((self.px(8), y + line_h // 2 - r - 1, dot))
                for line in lines:
                    self.pieces.append((indent, y, line))
                    y += line_h
                y += para_gap if kind == "p" else self.px(6)
        return y + self.px(40)

    # -- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.handle_frame_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.toc_rects):
                if rect.collidepoint(event.pos):
                    self.jump_to(i)
                    return True
        if self.scroll is not None and self.scroll.handle_event(event):
            self._pinned = None  # the reader scrolls on his own again
            return True
        return False

    def jump_to(self, index: int, smooth: bool = True) -> None:
        if self.scroll is not None and 0 <= index < len(self.section_y):
            self.scroll.scroll_to(self.section_y[index] - self.px(20), smooth)
            self._pinned = index  # the last sections cannot reach the top: keep them marked

    def current_section(self) -> int:
        """The section being read (the one jumped to, else the one at the top of the page)."""
        if self.scroll is None or not self.section_y:
            return 0
        if self._pinned is not None:
            return self._pinned
        if self.scroll.max_offset > 0 and self.scroll.target >= self.scroll.max_offset - 1:
            return len(self.section_y) - 1
        probe = self.scroll.offset + self.px(60)
        current = 0
        for i, y in enumerate(self.section_y):
            if y <= probe:
                current = i
        return current

    def update(self, dt: float) -> None:
        if self.scroll is not None:
            self.scroll.update(dt)

    # -- drawing -----------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        sb = self._sidebar
        head = style.font("bold", self.px(17))
        style.blit_text(surface, tr("rules.contents").upper(), head, style.GOLD,
                        topleft=(sb.left + self.px(12), sb.top + self.px(8)))
        pygame.draw.line(surface, style.GOLD_DARK, (sb.left, sb.top + self.px(40)),
                         (sb.right, sb.top + self.px(40)))
        # the ruleset version at the foot of the list
        small = style.font("body", self.px(16))
        foot_y = sb.bottom - small.get_height()
        pygame.draw.line(surface, style.GOLD_DARK, (sb.left, foot_y - self.px(14)), (sb.right, foot_y - self.px(14)))
        style.blit_text(surface, tr("rules.ruleset", version=RULESET_VERSION), small, style.MUTED,
                        topleft=(sb.left + self.px(12), foot_y))
        # the separation between the list and the page
        x = sb.right + self.px(20)
        pygame.draw.line(surface, style.GOLD_DARK, (x, self.panel.top + self.px(26)),
                         (x, self.panel.bottom - self.px(26)))
        if not self.sections:
            body = style.font("body", self.px(22))
            style.blit_text(surface, tr("rules.missing"), body, style.PARCHMENT,
                            center=self.scroll.view.center if self.scroll else self.panel.center)

    def draw_live(self, surface: pygame.Surface) -> None:
        if self.scroll is None:
            return
        self._draw_toc(surface)
        view = self.scroll.view
        off = round(self.scroll.offset)
        clip = surface.get_clip()
        surface.set_clip(view)
        for x, y, img in self.pieces:
            sy = view.top + y - off
            if sy > view.bottom:
                break
            if sy + img.get_height() >= view.top:
                surface.blit(img, (view.left + x, sy))
        surface.set_clip(clip)
        self._fades = draw_edge_fades(surface, self._fades, self._backdrop, view, off,
                                       self.scroll.max_offset, self.px(18))
        self.scroll.draw(surface)

    def _draw_toc(self, surface: pygame.Surface) -> None:
        current = self.current_section()
        mouse = pygame.mouse.get_pos()
        f = style.font("body", self.px(19))
        for i, (rect, section) in enumerate(zip(self.toc_rects, self.sections)):
            active, hover = i == current, rect.collidepoint(mouse)
            if active or hover:
                bar = pygame.Surface(rect.size, pygame.SRCALPHA)
                bar.fill((120, 36, 24, 150) if active else (255, 230, 160, 28))
                surface.blit(bar, rect.topleft)
                if active:
                    pygame.draw.rect(surface, style.GOLD, pygame.Rect(rect.left, rect.top, self.px(4), rect.height))
            label = ellipsize(f"{i + 1}. {section.title}", f, rect.width - self.px(30))
            colour = style.GOLD_LIGHT if active else (style.CREAM if hover else style.PARCHMENT_DARK)
            style.blit_text(surface, label, f, colour, midleft=(rect.left + self.px(16), rect.centery))
