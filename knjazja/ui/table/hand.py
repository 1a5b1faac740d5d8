"""The viewer's hand, fanned at the bottom of the table.

Cards are sorted by kind (cities, buildings, troops, events, chronicles) and overlap when
the hand is wide.  The card under the mouse rises and is drawn on top; held or selected
cards stay raised with a gold glow; cards with a legal use now glow softly, the others
are dimmed while it is the viewer's decision.
"""
from __future__ import annotations

from collections.abc import Set as AbstractSet

import pygame
from pygame import Rect

from knjazja.app.table.controller import TableController
from knjazja.app.wording.i18n import tr
from knjazja.engine.cards import CARD_ID, CARDS, KINDS, STRENGTH
from knjazja.engine.kinds import CardKind
from knjazja.ui import style
from knjazja.ui.art.palette import HIGHLIGHT, TARGET
from knjazja.ui.table.context import DrawContext
from knjazja.ui.table.layout import TableLayout

_KIND_ORDER = {k: i for i, k in enumerate(KINDS)}


def sort_hand(cards: list[int]) -> list[int]:
    return sorted(cards, key=lambda c: (_KIND_ORDER[CARDS[c].kind], CARD_ID[c].split(".")[1]
                                        if CARDS[c].kind == CardKind.TROOP else CARD_ID[c], STRENGTH[c], c))


class HandFan:
    def __init__(self) -> None:
        self.rects: list[tuple[int, Rect]] = []    # (card, rect) in draw order (left to right)
        self.hover: int | None = None

    def layout(self, cards: list[int], rect: Rect, card_size: tuple[int, int], *,
               raised: AbstractSet[int] = frozenset(), hover: int | None = None,
               hidden: AbstractSet[int] = frozenset()) -> None:
        cw, ch = card_size
        cards = [c for c in sort_hand(cards) if c not in hidden]
        n = len(cards)
        self.hover = hover if hover in cards else None
        self.rects = []
        if not n:
            return
        pad = max(4, cw // 10)
        avail = rect.width - 2 * pad
        step = cw + pad
        if n > 1 and (n - 1) * step + cw > avail:
            step = max(cw // 5, (avail - cw) // (n - 1))
        total = (n - 1) * step + cw
        x0 = rect.centerx - total // 2
        y = rect.bottom - ch - max(2, pad // 2)
        for i, c in enumerate(cards):
            r = Rect(x0 + i * step, y, cw, ch)
            if c == self.hover:
                r.y -= round(ch * 0.22)
            elif c in raised:
                r.y -= round(ch * 0.16)
            self.rects.append((c, r))

    def arrange(self, c: TableController, L: TableLayout, mouse: tuple[int, int]) -> None:
        """Lay out the hand at the bottom as the controller says: held and picked cards raised,
        a dragged card left out, the card under the mouse lifted."""
        raised = set(c.pointer.selected) | ({c.pointer.held} if c.pointer.held >= 0 else set())
        press = c.pointer.press
        hidden = {press.card} if c.pointer.dragging and press is not None and not press.igor else set()
        hand = c.view.hands[L.viewer]
        hover = None
        size = L.hand_card_size
        if c.pointer.press is None and L.hand.inflate(0, size[1]).collidepoint(mouse):
            self.layout(hand, L.hand, size, raised=raised, hidden=hidden)
            hover = self.card_at(mouse)
        self.layout(hand, L.hand, size, raised=raised, hover=hover, hidden=hidden)

    def rect_of(self, card: int) -> Rect | None:
        for c, r in self.rects:
            if c == card:
                return r
        return None

    def slot_for_new(self, rect: Rect, card_size: tuple[int, int]) -> Rect:
        """Where a card joining the hand lands (right of the fan)."""
        cw, ch = card_size
        if self.rects:
            last = self.rects[-1][1]
            return Rect(min(last.right - cw // 2, rect.right - cw), rect.bottom - ch - 2, cw, ch)
        return Rect(rect.centerx - cw // 2, rect.bottom - ch - 2, cw, ch)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        if self.hover is not None:
            r = self.rect_of(self.hover)
            if r is not None and r.collidepoint(pos):
                return self.hover
        for c, r in reversed(self.rects):
            if r.collidepoint(pos):
                return c
        return None

    def draw(self, surface: pygame.Surface, ctx: DrawContext, *, face_up: bool,
             playable: set[int] | None, raised: set[int], selected_glow: set[int]) -> None:
        sp = ctx.sprites
        order = [x for x in self.rects if x[0] != self.hover]
        order += [x for x in self.rects if x[0] == self.hover]
        for c, r in order:
            shadow = sp.card_shadow(r.size)
            pad = (shadow.get_width() - r.width) // 2
            surface.blit(shadow, (r.x - pad + 3, r.y - pad + 4))
            if not face_up:
                surface.blit(sp.back(r.size), r)
                continue
            dim = playable is not None and c not in playable and c not in raised
            surface.blit(sp.face(c, r.size, ctx.lang, dim=dim), r)
            g = max(4, r.width // 9)
            if c in selected_glow:
                surface.blit(sp.glow(r.size, HIGHLIGHT, g), (r.x - g, r.y - g))
            elif playable is not None and c in playable:
                surface.blit(sp.glow(r.size, TARGET, max(3, g // 2)), (r.x - max(3, g // 2), r.y - max(3, g // 2)))

    def draw_hand(self, surface: pygame.Surface, ctx: DrawContext, c: TableController, L: TableLayout, *,
                  face_up: bool) -> None:
        """The viewer's hand as the controller says: playable cards lit, held, picked and
        hinted ones raised; a spectator's note instead of a hand."""
        playable = c.playable(c.view.hands[L.viewer]) if face_up and c.can_act() else None
        glow = set(c.pointer.selected) | ({c.pointer.held} if c.pointer.held >= 0 else set()) | c.hinted_cards()
        self.draw(surface, ctx, face_up=face_up, playable=playable, raised=glow, selected_glow=glow)
        if c.viewer is None:
            t = ctx.texts.render(tr("table.spectator"), "body", ctx.fs(1.0), style.MUTED)
            surface.blit(t, t.get_rect(midbottom=(L.hand.centerx, L.hand.top + ctx.unit)))
