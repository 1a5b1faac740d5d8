"""What the table tells the scene: typed news, queued by the controller and drained by whoever
shows the table (the scene, a headless driver, a network link), in the order they happened.

The controller never calls back into its scene: a hand-over, the end of the game or a new
viewer is a piece of news like a toast, so the controller can be driven and tested without
any scene, and the scene decides what each one looks like.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import TypeVar


@dataclass(frozen=True)
class Notice:
    """A line for the player (a toast): a refusal, the Hint's advice, "the move was undone"."""
    text: str


@dataclass(frozen=True)
class ViewerChanged:
    """The table now shows ``viewer``'s eyes (hot seat, or an undo back to the mover)."""
    viewer: int | None


@dataclass(frozen=True)
class HandOver:
    """The device should pass to ``seat``: the table keeps every hand face down until
    ``TableController.claimed()`` says he has it (a pass-the-device screen)."""
    seat: int


@dataclass(frozen=True)
class GameOver:
    """The game has ended and the final board is shown."""


News = Notice | ViewerChanged | HandOver | GameOver
N = TypeVar("N", Notice, ViewerChanged, HandOver, GameOver)


KEPT = 4096     # a driver that never drains (a test, a script) keeps only the latest news


class NewsQueue:
    """The controller's outbox: ``post`` in order, ``drain`` everything at once."""

    def __init__(self) -> None:
        self._items: deque[News] = deque(maxlen=KEPT)

    def post(self, item: News) -> None:
        self._items.append(item)

    def say(self, text: str) -> None:
        self._items.append(Notice(text))

    def drain(self) -> list[News]:
        items = list(self._items)
        self._items.clear()
        return items

    def pending(self, kind: type[N]) -> list[N]:
        """The news of one kind still waiting (not taken): what a test or a lesson peeks at."""
        return [n for n in self._items if isinstance(n, kind)]

    def texts(self) -> list[str]:
        """The waiting notices' texts, oldest first (not taken)."""
        return [n.text for n in self.pending(Notice)]

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)
