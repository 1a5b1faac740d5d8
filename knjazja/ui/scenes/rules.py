"""The rules of the game: a scrollable page with a section list, and a tab to the card gallery.

The page shows ``knjazja.app.wording.rulebook`` in the UI language with the engine's ruleset version.
``focus=(section key, phrase)`` opens it at a section (and the paragraph naming ``phrase``,
marked for a while): the table's "?" and F1.  With ``on_lesson``, a section taught by a lesson
links to it.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from knjazja.app.wording.i18n import get_language, tr
from knjazja.app.tutorial.lessons import lesson_for_section, words
from knjazja.app.wording.rulebook import Section, block_naming, load_rules, section_index
from knjazja.engine import RULESET_VERSION
from knjazja.ui import style
from knjazja.ui.scenes.base import GuiScene
from knjazja.ui.widgets import BookScene, ScrollArea, draw_edge_fades, ellipsize, layout_rich


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

    def __init__(self, *, on_close: Callable[[], None] | None = None,
                 focus: tuple[str, str | None] | None = None,
                 on_lesson: Callable[[str], object] | None = None) -> None:
        super().__init__(on_close=on_close)
        self.focus = focus
        self.on_lesson = on_lesson
        self.marked: tuple[int, int] | None = None   # (content y, height) of the paragraph looked for
        self.links: list[tuple[pygame.Rect, str]] = []   # content rects of the lesson links
        self.block_y: list[list[tuple[int, int]]] = []   # per section: (y, height) of each block
        self.sections: list[Section] = []
        self.section_y: list[int] = []          # content y of each section heading
        self.pieces: list[tuple[int, int, pygame.Surface]] = []  # (x, y, image) in content space
        self.scroll: ScrollArea | None = None
        self.toc_rects: list[pygame.Rect] = []
        self._sidebar = pygame.Rect(0, 0, 0, 0)
        self._fades: tuple[pygame.Surface, pygame.Surface] | None = None
        self._lang = ""
        self._pinned: int | None = None

    def tab_scene(self, key: str) -> GuiScene | None:
        return make_tab(key, on_close=self.on_close)

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
        if self.focus is not None:
            self.open_at(*self.focus)
            self.focus = None

    def open_at(self, key: str, phrase: str | None = None) -> None:
        """Scroll to section ``key`` and mark the paragraph that names ``phrase``."""
        index = section_index(self.sections, key)
        if index is None or self.scroll is None:
            return
        self.jump_to(index, smooth=False)
        block = block_naming(self.sections[index], phrase) if phrase else None
        if block is not None:
            y, h = self.block_y[index][block]
            self.marked = (y, h)
            self.scroll.scroll_to(y - self.px(60), smooth=False)

    def _layout(self, width: int) -> int:
        """Lay the document out for a column ``width`` pixels wide; returns its height."""
        body = style.font("body", self.px(21))
        bold = style.font("bold", self.px(21))
        head = style.font("title", self.px(38))
        line_h = round(body.get_linesize() * 1.12)
        para_gap = self.px(12)
        bullet_indent = self.px(30)
        self.pieces, self.section_y, self.block_y, self.links = [], [], [], []
        link_font = style.font("bold", self.px(19))
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
            y = self._lesson_link(section, link_font, y)
            self.block_y.append([])
            for kind, text in section.blocks:
                top = y
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
                self.block_y[-1].append((top, y - top))
                y += para_gap if kind == "p" else self.px(6)
        return y + self.px(40)

    def _lesson_link(self, section: Section, fnt: pygame.font.Font, y: int) -> int:
        """A line under a section's heading that opens the lesson teaching it (if any)."""
        lesson = lesson_for_section(section.key) if self.on_lesson is not None and section.key else None
        if lesson is None:
            return y
        text = tr("rules.lesson_link", n=lesson.number, title=words(lesson.title, self._lang))
        img = style.render_text(text, fnt, style.GOLD, outline=None)
        self.pieces.append((0, y, img))
        pygame.draw.line(img, style.GOLD, (0, img.get_height() - 2), (img.get_width(), img.get_height() - 2))
        self.links.append((pygame.Rect(0, y, img.get_width(), img.get_height()), lesson.id))
        return y + img.get_height() + self.px(12)

    def link_at(self, pos: tuple[int, int]) -> str | None:
        """The lesson whose link is at screen position ``pos``."""
        if self.scroll is None or not self.scroll.view.collidepoint(pos):
            return None
        view = self.scroll.view
        x, y = pos[0] - view.left, pos[1] - view.top + round(self.scroll.offset)
        return next((lesson for r, lesson in self.links if r.collidepoint(x, y)), None)

    # -- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.handle_frame_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.toc_rects):
                if rect.collidepoint(event.pos):
                    self.jump_to(i)
                    return True
            lesson = self.link_at(event.pos)
            if lesson is not None and self.on_lesson is not None:
                self.on_lesson(lesson)
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
        if self.marked is not None:           # a bar left of the paragraph looked for
            y, h = self.marked
            mark = pygame.Rect(view.left - self.px(14), view.top + y - off - self.px(4), self.px(5), h + self.px(8))
            surface.set_clip(pygame.Rect(mark.left, view.top, mark.width, view.height))
            pygame.draw.rect(surface, style.GOLD_LIGHT, mark)
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
