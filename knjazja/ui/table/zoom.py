"""Which card the table shows enlarged, and drawing it.

A right-click zooms the card under the mouse until the next click or until the mouse leaves
it; a card hovered for ``HOVER_DELAY`` seconds zooms too.  A city in play shows its tableau
(buildings, walls, current Glory), any other card its printed face with the terms it uses.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from knjazja.app.wording.glossary import card_terms
from knjazja.ui.glossary_view import draw_legend
from knjazja.ui.table.city_zoom import draw_city_zoom
from knjazja.ui.table.context import DrawContext
from knjazja.ui.table.overlays import Clear, draw_zoom

HOVER_DELAY = 0.4


@dataclass
class Zoom:
    right: int | None = None          # the right-clicked card
    hover: int | None = None          # the card under the mouse
    since: float = 0.0                # when the mouse came onto it

    def forget(self, now: float) -> None:
        self.right = self.hover = None
        self.since = now

    def close_right(self) -> bool:
        """Close a right-click zoom; True if there was one (the click is then spent)."""
        had, self.right = self.right is not None, None
        return had

    def moved_onto(self, card: int | None, now: float) -> None:
        if self.right is not None and card != self.right:
            self.right = None
        if card != self.hover:
            self.hover, self.since = card, now

    def tick(self, now: float) -> None:
        if self.hover is None:
            self.since = now

    def card(self, now: float, pressing: bool) -> int | None:
        """The zoomed card now, or None."""
        hovered = not pressing and now - self.since >= HOVER_DELAY
        card = self.right if self.right is not None else (self.hover if hovered else None)
        return card if card is not None and card >= 0 else None


def zoom_clear(layout, choice) -> Clear:
    """What a zoomed card must not cover (the prompt bar, the choice panel) and what it had
    better not (the action buttons)."""
    return (layout.prompt, Rect(choice.rect)), tuple(layout.buttons.values())


def draw_zoomed(surface: pygame.Surface, what: str, card: int, view, names: list[str],
                mouse: tuple[int, int], ctx: DrawContext, clear: Clear = ((), ())) -> None:
    """``what`` is "city" (a city in play: its tableau) or "card" (the printed face); either
    keeps off ``clear`` (``zoom_clear``) where the window has room."""
    if what == "city":
        city = view.cities[card]
        draw_city_zoom(surface, city, names[city.owner], mouse, ctx, clear)
    elif what == "card":
        r = draw_zoom(surface, card, mouse, ctx, clear)
        draw_legend(surface, card_terms(card, ctx.lang), r, ctx.fs(0.9), clear[0])
