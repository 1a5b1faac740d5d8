"""What the viewer is doing with the mouse, as small frozen states.

    Idle                    nothing picked up
    Holding(card)           a hand card picked up (clicked or dragged): click a lit target
    PickingWarCity          "War" pressed: click a city to attack
    PickingIgorSeat         Prince Igor's Campaign picked up: click a prince
    Squad(cards)            Wise Voivode: troops picked for one attack or defence
    Choosing(actions, over) a click meant several actions: which one? (``over`` is the state
                            it was made in, still shown beneath the question)

``Press`` is a mouse button held down on a hand card or on Igor's Campaign; moving it past
``DRAG_THRESHOLD`` pixels makes it a drag.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from knjazja.engine import Action

DRAG_THRESHOLD = 6


class Pile(StrEnum):
    """A pile of the table a press may land on."""
    DECK = "deck"
    DISCARD = "discard"


class Hit(StrEnum):
    """What a press of the left button hit (``Pointer.press_at``): the scene opens
    the discard pile on DISCARD; anything but None means the press was the table's."""
    HAND = "hand"                # a card of the viewer's hand: a click or a drag begins
    CHRONICLE = "chronicle"      # Igor's Campaign before the viewer, to pass on
    TARGET = "target"            # with a card (or a war, or Igor) in hand: its target
    DECK = "deck"
    DISCARD = "discard"


@dataclass(frozen=True)
class Idle:
    pass


@dataclass(frozen=True)
class Holding:
    card: int


@dataclass(frozen=True)
class PickingWarCity:
    pass


@dataclass(frozen=True)
class PickingIgorSeat:
    pass


@dataclass(frozen=True)
class Squad:
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Choosing:
    actions: tuple[Action, ...]
    over: Holding | PickingWarCity | PickingIgorSeat


Mode = Idle | Holding | PickingWarCity | PickingIgorSeat | Squad | Choosing
IDLE = Idle()


@dataclass
class Press:
    card: int
    pos: tuple[int, int]
    dragging: bool = False
    igor: bool = False       # Igor's Campaign picked up from before the viewer

    def moved_to(self, pos: tuple[int, int]) -> bool:
        """Follow the mouse; True when this press has just become a drag."""
        if self.dragging:
            return False
        dx, dy = pos[0] - self.pos[0], pos[1] - self.pos[1]
        self.dragging = dx * dx + dy * dy >= DRAG_THRESHOLD ** 2
        return self.dragging


def base(mode: Mode) -> Mode:
    """The state beneath a question (or the state itself)."""
    return mode.over if isinstance(mode, Choosing) else mode


def held_card(mode: Mode) -> int:
    m = base(mode)
    return m.card if isinstance(m, Holding) else -1


def squad_cards(mode: Mode) -> tuple[int, ...]:
    return mode.cards if isinstance(mode, Squad) else ()
