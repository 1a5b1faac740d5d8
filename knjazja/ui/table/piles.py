"""The deck and the discard pile: where each card, count and label goes, and drawing them.

The deck is a stack of backs whose lower cards show below the top one (its thickness); the
discard pile shows its top card over the one before, with the pile's size on a badge.  Under
each pile its name («Колода», «Сброс»), and under both, near the end, the turns left.  The
stack grows only as deep as the room above its name: nothing of a pile lies on its words.
Pure geometry on measured text (``pile_geometry``), drawn by ``draw_pile_labels`` (the
backdrop) and ``draw_piles`` (with the board).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from knjazja.app.table.table_view import TableView
from knjazja.app.wording.i18n import tr
from knjazja.ui import style
from knjazja.ui.art.palette import DANGER
from knjazja.ui.table.context import DrawContext
from knjazja.ui.table.layout import TableLayout

MAX_LAYERS = 6          # backs shown in the deck's stack
LAYER_STEP = 2          # each lower back shows this many pixels below the one above it


@dataclass(frozen=True)
class PileGeom:
    deck_card: Rect                  # the top of the deck (where a drawn card leaves from)
    deck_layers: tuple[Rect, ...]    # every back of the stack, the lowest first
    deck_label: Rect
    discard_card: Rect               # the top of the discard pile
    discard_under: Rect              # the card before it, peeking out
    discard_badge: Rect              # the pile's size
    discard_label: Rect
    turns_left: Rect | None          # "3 turns left", near the end


def label_size(ctx: DrawContext) -> int:
    """The font size of the piles' names."""
    return max(10, round(ctx.unit * 0.85))


def text_box(text: str, font: pygame.font.Font) -> tuple[int, int]:
    """The size of ``style.render_text``'s surface for ``text`` (its shadow or outline included)."""
    off = max(1, font.get_height() // 24)
    w, h = font.size(text)
    return w + off + 2, h + off + 2


def pile_card_rect(L: TableLayout, pile: Rect) -> Rect:
    cw, ch = L.card_size
    return Rect(pile.centerx - cw // 2, pile.top + L.margin // 2 + 2, cw, ch)


def badge_size(card: Rect) -> int:
    return max(20, round(card.width * 0.42))


def pile_geometry(L: TableLayout, ctx: DrawContext, deck: int, turns_left: str = "") -> PileGeom:
    """Where everything of the two piles lies with ``deck`` cards in the deck (and the words
    ``turns_left`` under them, if any)."""
    font = ctx.texts.font("body", label_size(ctx))
    labels = []
    for pile, key in ((L.deck, "table.deck"), (L.discard, "table.discard")):
        r = Rect((0, 0), text_box(tr(key), font))
        r.midbottom = (pile.centerx, pile.bottom)
        labels.append(r)
    deck_card = pile_card_rect(L, L.deck)
    gap = max(2, L.unit // 4)
    room = labels[0].top - gap - deck_card.bottom            # for the backs below the top one
    layers = min(MAX_LAYERS, 1 + deck // 12, 1 + max(0, room) // LAYER_STEP) if deck else 0
    stack = tuple(deck_card.move(-i, LAYER_STEP * (layers - 1 - i)) for i in range(layers))
    disc = pile_card_rect(L, L.discard)
    b = badge_size(disc)
    badge = Rect(0, 0, b, b)
    badge.center = (disc.right - 4, min(disc.bottom - 4, labels[1].top - gap - b // 2))
    turns = None
    if turns_left:
        t = ctx.texts.font("bold", ctx.fs(0.95))
        turns = Rect((0, 0), text_box(turns_left, t))
        turns.width = min(turns.width, L.deck.width + L.discard.width + L.margin)
        turns.midtop = (L.deck.right + L.margin // 2, L.deck.bottom + max(2, L.unit // 4))
    return PileGeom(deck_card, stack, labels[0], disc, disc.move(-2, 2), badge, labels[1], turns)


def turns_left_text(view: TableView) -> str:
    """"3 turns left" once the end is set, else ""."""
    if view.end_turn is None or view.over:
        return ""
    return tr("table.turns_left", n=max(0, view.end_turn - view.turn_no + 1))


def draw_pile_labels(surface: pygame.Surface, L: TableLayout, ctx: DrawContext) -> None:
    """The empty places of the piles and their names (drawn once, on the backdrop)."""
    g = pile_geometry(L, ctx, 0)
    for card, label, key in ((g.deck_card, g.deck_label, "table.deck"),
                             (g.discard_card, g.discard_label, "table.discard")):
        pygame.draw.rect(surface, (150, 120, 70), card, width=1, border_radius=max(4, card.width // 12))
        t = ctx.texts.render(tr(key), "body", label_size(ctx), style.MUTED)
        surface.blit(t, label)


def draw_piles(surface: pygame.Surface, g: PileGeom, view: TableView, ctx: DrawContext) -> None:
    """The deck's stack and count, the discard pile, the turns left (``g``: for this view)."""
    sp, tx = ctx.sprites, ctx.texts
    left = turns_left_text(view)
    for r in g.deck_layers:
        surface.blit(sp.back(r.size), r)
    cnt = tx.render(str(view.deck), "bold", ctx.fs(1.5), style.CREAM, outline=(0, 0, 0))
    top = g.deck_layers[-1] if g.deck_layers else g.deck_card
    surface.blit(cnt, cnt.get_rect(center=top.center))
    if g.turns_left is not None:
        t = tx.fit(left, "bold", ctx.fs(0.95), DANGER, g.turns_left.width, outline=(0, 0, 0))
        surface.blit(t, t.get_rect(midtop=g.turns_left.midtop))
    if view.discard:
        if len(view.discard) > 1:
            surface.blit(sp.face(view.discard[-2], g.discard_card.size, ctx.lang, dim=True), g.discard_under)
        surface.blit(sp.face(view.discard[-1], g.discard_card.size, ctx.lang), g.discard_card)
        b = sp.badge("defence", str(len(view.discard)), g.discard_badge.width, tx)
        surface.blit(b, b.get_rect(center=g.discard_badge.center))
