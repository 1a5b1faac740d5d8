"""The card gallery: every distinct card of the catalogue in a scrollable grid.

Each cell shows the card face (``ui.art.render_card``), its name and how many copies the
deck holds (×N).  Filter buttons pick a kind; a click opens the card large with its full text
(:class:`CardZoomScene`, arrows browse).  Card faces are rendered a few per frame, so the
screen opens at once even though the whole catalogue takes about a second to draw.
"""
from __future__ import annotations

import time
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from knjazja.app.wording.i18n import card_name, card_text, get_language, tr
from knjazja.engine import catalogue
from knjazja.ui import style
from knjazja.ui.art import render_card
from knjazja.app.wording.glossary import definition
from knjazja.ui.glossary_view import draw_tooltip, term_at, term_rects, underline
from knjazja.ui.scenes.base import GuiScene, oid
from knjazja.ui.widgets import BookScene, ScrollArea, draw_edge_fades, ellipsize, wrap_text

KINDS = ("all", "city", "building", "troop", "event", "chronicle")
CARD_RATIO = 7 / 5
RENDER_BUDGET = 0.012  # seconds of card rendering per frame


def render_face(card_id: str, lang: str, size: tuple[int, int]) -> pygame.Surface:
    """The card face from ``ui.art``."""
    return render_card(card_id, lang, size)


def card_facts(entry: dict) -> list[str]:
    """Short lines under the name in the zoom: Glory, Strength, foreign."""
    facts = []
    if entry.get("glory"):
        facts.append(tr("gallery.glory", n=entry["glory"]))
    if entry["kind"] == "troop":
        if entry.get("strength") is None:
            facts.append(tr("gallery.strength_militia"))
        else:
            facts.append(tr("gallery.strength", n=entry["strength"]))
        facts.append(tr("gallery.foreign" if entry.get("foreign") else "gallery.native"))
    elif entry.get("strength"):
        facts.append(tr("gallery.strength", n=entry["strength"]))
    return facts


class GalleryScene(BookScene):
    TITLE_KEY = "gallery.title"
    TAB = "gallery"
    TABS = ("rules", "gallery")

    def __init__(self, *, on_close: Callable[[], None] | None = None, kind: str = "all") -> None:
        super().__init__(on_close=on_close)
        self.kind = kind if kind in KINDS else "all"
        self.cards: list[dict] = []
        self.filter_buttons: dict[str, UIButton] = {}
        self.cells: list[tuple[pygame.Rect, dict]] = []   # content-space rects of visible_cards()
        self.scroll: ScrollArea | None = None
        self.card_size = (0, 0)
        self._faces: dict[tuple[str, str, tuple[int, int]], pygame.Surface | None] = {}
        self._name_cache: dict[str, list[pygame.Surface]] = {}
        self._fades: tuple[pygame.Surface, pygame.Surface] | None = None
        self._lang = ""

    # -- data ------------------------------------------------------------------------------

    def tab_scene(self, key: str) -> GuiScene | None:
        from knjazja.ui.scenes.rules import make_tab

        return make_tab(key, on_close=self.on_close)
    def visible_cards(self) -> list[dict]:
        return [c for c in self.cards if self.kind == "all" or c["kind"] == self.kind]

    def count(self, kind: str) -> int:
        return sum(1 for c in self.cards if kind == "all" or c["kind"] == kind)

    def set_filter(self, kind: str) -> None:
        if kind not in KINDS:
            return
        self.kind = kind
        for key, button in self.filter_buttons.items():
            button.select() if key == kind else button.unselect()
        self._layout_grid()
        if self.scroll is not None:
            self.scroll.scroll_to(0, smooth=False)

    # -- building --------------------------------------------------------------------------
    def build(self) -> None:
        self._lang = get_language()
        # the catalogue's names and texts as they are printed (typeset)
        self.cards = [dict(e, name=card_name(e["id"], self._lang), text=card_text(e["id"], self._lang))
                      for e in catalogue(self._lang)]
        self.build_frame()
        p = self.panel
        pad = self.px(26)
        # filter buttons
        self.filter_buttons = {}
        bh = self.px(44)
        x, y = p.left + pad, p.top + pad
        for kind in KINDS:
            label = tr(f"gallery.filter.{kind}", n=self.count(kind))
            bw = style.font("body", self.px(18)).size(label)[0] + self.px(36)
            button = UIButton(pygame.Rect(x, y, bw, bh), label, self.ui,
                              object_id=oid("@secondary", f"#filter_{kind}"))
            if kind == self.kind:
                button.select()
            self.filter_buttons[kind] = button
            x += bw + self.px(8)
        bar_w = self.px(12)
        top = y + bh + self.px(18)
        track = pygame.Rect(p.right - pad - bar_w, top, bar_w, p.bottom - pad - top)
        view = pygame.Rect(p.left + pad, top, track.left - self.px(18) - p.left - pad, p.bottom - pad // 2 - top)
        self.scroll = ScrollArea(view, 0, track, self.px(30))
        self._layout_grid()
        self._fades = None

    def _layout_grid(self) -> None:
        if self.scroll is None:
            return
        view = self.scroll.view
        gap_x, gap_y = self.px(22), self.px(18)
        want = self.px(150)
        cols = max(1, (view.width + gap_x) // (want + gap_x))
        cw = min(self.px(190), (view.width - (cols - 1) * gap_x) // cols)
        ch = round(cw * CARD_RATIO)
        self.card_size = (cw, ch)
        name_h = style.font("body", self.px(16)).get_linesize() * 2 + self.px(8)
        cell_h = ch + name_h
        used = cols * cw + (cols - 1) * gap_x
        left = (view.width - used) // 2
        self.cells = []
        for i, entry in enumerate(self.visible_cards()):
            r, c = divmod(i, cols)
            cell = pygame.Rect(left + c * (cw + gap_x), self.px(10) + r * (cell_h + gap_y), cw, cell_h)
            self.cells.append((cell, entry))
        rows = (len(self.cells) + cols - 1) // cols
        self.scroll.set_content_height(self.px(10) + rows * (cell_h + gap_y) + self.px(10))
        self._name_cache = {}

    # -- faces -----------------------------------------------------------------------------
    def face(self, card_id: str, render: bool = True) -> pygame.Surface | None:
        key = (card_id, self._lang, self.card_size)
        if key not in self._faces:
            if not render:
                return None
            self._faces[key] = render_face(card_id, self._lang, self.card_size)
        return self._faces[key]

    def render_all(self) -> None:
        """Render every face now (tests, screenshots)."""
        for _, entry in self.cells:
            self.face(entry["id"])

    def _visible_cells(self) -> list[tuple[pygame.Rect, dict]]:
        if self.scroll is None:
            return []
        off = self.scroll.offset
        h = self.scroll.view.height
        return [(r, e) for r, e in self.cells if r.bottom >= off - r.height and r.top <= off + h + r.height]

    def update(self, dt: float) -> None:
        if self.scroll is None:
            return
        self.scroll.update(dt)
        start = time.perf_counter()
        for _, entry in self._visible_cells():
            if (entry["id"], self._lang, self.card_size) not in self._faces:
                self.face(entry["id"])
                if time.perf_counter() - start > RENDER_BUDGET:
                    break

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.handle_frame_event(event):
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for kind, button in self.filter_buttons.items():
                if event.ui_element is button:
                    self.set_filter(kind)
                    return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.scroll is not None \
                and self.scroll._drag is None:
            index = self.card_at(event.pos)
            if index is not None:
                self.open_card(index)
                return True
        return self.scroll is not None and self.scroll.handle_event(event)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The index (in ``visible_cards()``) of the card under a screen point."""
        if self.scroll is None or not self.scroll.view.collidepoint(pos):
            return None
        x = pos[0] - self.scroll.view.left
        y = pos[1] - self.scroll.view.top + round(self.scroll.offset)
        for i, (rect, _) in enumerate(self.cells):
            card = pygame.Rect(rect.left, rect.top, self.card_size[0], self.card_size[1])
            if card.collidepoint(x, y):
                return i
        return None

    def open_card(self, index: int) -> None:
        cards = self.visible_cards()
        if self.stack is not None and 0 <= index < len(cards):
            self.stack.push(CardZoomScene(cards, index))

    # -- drawing ---------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        if self.filter_buttons:
            last = list(self.filter_buttons.values())[-1].rect
            note = tr("gallery.summary", distinct=len(self.cards), total=sum(c["copies"] for c in self.cards))
            small = style.font("body", self.px(16))
            right = self.scroll.track.right if self.scroll else self.panel.right - self.px(26)
            if right - last.right > small.size(note)[0] + self.px(20):
                style.blit_text(surface, note, small, style.MUTED, midright=(right, last.centery))

    def draw_live(self, surface: pygame.Surface) -> None:
        if self.scroll is None:
            return
        view = self.scroll.view
        off = round(self.scroll.offset)
        mouse = pygame.mouse.get_pos()
        hover = self.card_at(mouse) if self.is_top else None
        clip = surface.get_clip()
        surface.set_clip(view)
        name_font = style.font("body", self.px(16))
        badge_font = style.font("bold", self.px(15))
        cw, ch = self.card_size
        for i, (rect, entry) in enumerate(self.cells):
            x, y = view.left + rect.left, view.top + rect.top - off
            if y > view.bottom or y + rect.height < view.top:
                continue
            lift = self.px(6) if i == hover else 0
            card = pygame.Rect(x, y + self.px(6) - lift, cw, ch)
            shadow = pygame.Surface((cw, ch), pygame.SRCALPHA)
            pygame.draw.rect(shadow, (0, 0, 0, 120), shadow.get_rect(), border_radius=self.px(8))
            surface.blit(shadow, (card.left + self.px(3), card.top + self.px(5) + lift // 2))
            img = self.face(entry["id"], render=False)
            if img is not None:
                surface.blit(img, card.topleft)
            else:
                pygame.draw.rect(surface, (58, 38, 22), card, border_radius=self.px(8))
                pygame.draw.rect(surface, style.GOLD_DARK, card, width=2, border_radius=self.px(8))
                style.draw_diamond(surface, card.center, self.px(10), style.GOLD_DARK)
            if i == hover:
                pygame.draw.rect(surface, style.GOLD_LIGHT, card.inflate(self.px(6), self.px(6)),
                                 width=max(2, self.px(3)), border_radius=self.px(10))
            # ×N badge on the lower right corner
            text = f"×{entry['copies']}"
            label = badge_font.render(text, True, style.GOLD_LIGHT)
            pill = pygame.Rect(0, 0, label.get_width() + self.px(16), label.get_height() + self.px(2))
            pill.bottomright = (card.right - self.px(6), card.bottom - self.px(6))
            pygame.draw.rect(surface, style.CRIMSON_DARK, pill, border_radius=pill.height // 2)
            pygame.draw.rect(surface, style.GOLD, pill, width=1, border_radius=pill.height // 2)
            surface.blit(label, label.get_rect(center=pill.center))
            # the name, up to two lines
            lines = self._name_cache.get(entry["id"])
            if lines is None:
                wrapped = wrap_text(entry["name"], name_font, cw + self.px(16))
                if len(wrapped) > 2:
                    wrapped = [wrapped[0], ellipsize(" ".join(wrapped[1:]), name_font, cw + self.px(16))]
                lines = [style.render_text(t, name_font, style.PARCHMENT) for t in wrapped]
                self._name_cache[entry["id"]] = lines
            ty = y + self.px(6) + ch + self.px(6)
            for line in lines:
                surface.blit(line, line.get_rect(midtop=(card.centerx, ty)))
                ty += name_font.get_linesize()
        surface.set_clip(clip)
        self._fades = draw_edge_fades(surface, self._fades, self._backdrop, view, off,
                                       self.scroll.max_offset, self.px(22))
        self.scroll.draw(surface)


class CardZoomScene(GuiScene):
    """One card large with its name, kind, copies and full text; ← → browse, Esc/click close."""

    is_overlay = True

    def __init__(self, cards: list[dict], index: int) -> None:
        super().__init__()
        self.cards = cards
        self.index = index
        self.close_button: UIButton | None = None
        self.prev_button: UIButton | None = None
        self.next_button: UIButton | None = None
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        self._faces: dict[tuple, pygame.Surface | None] = {}
        self.terms: list[tuple[pygame.Rect, str]] = []     # game terms in the text: hover for a definition
        self.mouse = (0, 0)

    @property
    def entry(self) -> dict:
        return self.cards[self.index]

    def build(self) -> None:
        w, h = self.size
        ch = round(h * 0.80)
        cw = round(ch / CARD_RATIO)
        info_w = min(self.px(600), w - cw - self.px(140))
        gap = self.px(40)
        left = (w - (cw + gap + info_w)) // 2
        self.card_rect = pygame.Rect(left, (h - ch) // 2, cw, ch)
        self.info_rect = pygame.Rect(self.card_rect.right + gap, self.card_rect.top + self.px(20), info_w,
                                     ch - self.px(40))
        bh = self.px(48)
        y = self.info_rect.bottom - bh - self.px(26)
        x = self.info_rect.left + self.px(28)
        self.prev_button = UIButton(pygame.Rect(x, y, self.px(64), bh), "‹", self.ui,
                                    object_id=oid("@secondary", "#zoom_prev"))
        self.next_button = UIButton(pygame.Rect(x + self.px(74), y, self.px(64), bh), "›", self.ui,
                                    object_id=oid("@secondary", "#zoom_next"))
        self.close_button = UIButton(pygame.Rect(self.info_rect.right - self.px(28) - self.px(170), y,
                                                 self.px(170), bh), tr("gallery.close"), self.ui,
                                     object_id=oid("@primary", "#zoom_close"))
        self._sync()

    def _sync(self) -> None:
        if self.prev_button is None:
            return
        self.prev_button.enable() if self.index > 0 else self.prev_button.disable()
        assert self.next_button is not None, "built with the previous button"
        self.next_button.enable() if self.index < len(self.cards) - 1 else self.next_button.disable()

    def browse(self, step: int) -> None:
        self.index = max(0, min(len(self.cards) - 1, self.index + step))
        self._sync()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE):
                self.close()
            elif event.key in (pygame.K_LEFT, pygame.K_a):
                self.browse(-1)
            elif event.key in (pygame.K_RIGHT, pygame.K_d):
                self.browse(1)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.close_button:
                self.close()
            elif event.ui_element is self.prev_button:
                self.browse(-1)
            elif event.ui_element is self.next_button:
                self.browse(1)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.browse(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if not self.card_rect.collidepoint(event.pos) and not self.info_rect.collidepoint(event.pos):
                self.close()
            return True
        return True  # modal

    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 175)
        lang = get_language()
        e = self.entry
        key = (e["id"], lang, self.card_rect.size)
        if key not in self._faces:
            self._faces[key] = render_face(e["id"], lang, self.card_rect.size)
        img = self._faces[key]
        sh = pygame.Surface(self.card_rect.size, pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 150), sh.get_rect(), border_radius=self.px(16))
        surface.blit(sh, (self.card_rect.left + self.px(8), self.card_rect.top + self.px(12)))
        if img is not None:
            surface.blit(img, self.card_rect.topleft)
        else:
            pygame.draw.rect(surface, (58, 38, 22), self.card_rect, border_radius=self.px(16))
        r = self.info_rect
        style.draw_panel(surface, r, radius=self.px(14), bg=(30, 18, 10, 246))
        pad = self.px(34)
        width = r.width - 2 * pad
        tf = style.fit_font("title", e["name"], width, self.px(44))
        y = r.top + pad
        rect = style.blit_text(surface, e["name"], tf, style.GOLD_LIGHT, topleft=(r.left + pad, y),
                               outline=style.GOLD_DARK)
        y = rect.bottom + self.px(8)
        sub = style.font("bold", self.px(19))
        kind_line = tr(f"gallery.kind.{e['kind']}") + "  ·  " + tr("gallery.copies", n=e["copies"])
        rect = style.blit_text(surface, kind_line, sub, style.GOLD, topleft=(r.left + pad, y))
        y = rect.bottom + self.px(4)
        facts = card_facts(e)
        small = style.font("body", self.px(18))
        if facts:
            rect = style.blit_text(surface, "  ·  ".join(facts), small, style.MUTED, topleft=(r.left + pad, y))
            y = rect.bottom
        y += self.px(14)
        pygame.draw.line(surface, style.GOLD_DARK, (r.left + pad, y), (r.right - pad, y))
        y += self.px(18)
        body_size = self.px(26)
        limit = self.prev_button.rect.top - self.px(24) if self.prev_button else r.bottom - pad
        while True:
            body = style.font("body", body_size)
            lines = wrap_text(e["text"], body, width)
            if len(lines) * body.get_linesize() <= limit - y or body_size <= self.px(14):
                break
            body_size -= 1
        self.terms = term_rects(lines, body, (r.left + pad, y), body.get_linesize(), lang)
        for line in lines:
            style.blit_text(surface, line, body, style.PARCHMENT, topleft=(r.left + pad, y))
            y += body.get_linesize()
        underline(surface, self.terms)
        hint = style.font("body", self.px(15))
        style.blit_text(surface, tr("gallery.zoom_hint", i=self.index + 1, n=len(self.cards)), hint,
                        style.MUTED, midleft=(self.next_button.rect.right + self.px(16), self.next_button.rect.centery)
                        if self.next_button else (r.left + pad, r.bottom - pad))

    def draw_foreground(self, surface: pygame.Surface) -> None:
        term = term_at(self.terms, self.mouse)
        if term is not None:
            draw_tooltip(surface, definition(term), self.mouse, self.px(18), self.px(520))
