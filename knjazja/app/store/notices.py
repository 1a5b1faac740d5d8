"""Things the player must be told once, found where no screen is at hand (a damaged file
read at start, a crash report from the last run).  No pygame here.

``tell_once(topic, title, key, **params)`` queues a message (UI string keys of its title and
text); the window takes
the queue (``take``) and shows each as a message box.  A topic is told once per run: a file
that stays damaged is not reported at every read.  A parameter given as ``Key("...")`` is a
string key too, translated when the message is shown (so it follows the UI language).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


class Key(str):
    """A parameter that is itself a UI string key."""


@dataclass(frozen=True)
class Notice:
    title: str
    key: str
    params: dict[str, object] = field(default_factory=dict)

    def text(self, tr: Callable[..., str]) -> str:
        return tr(self.key, **{k: tr(v) if isinstance(v, Key) else v for k, v in self.params.items()})


_pending: list[Notice] = []
_told: set[str] = set()


def tell_once(topic: str, title: str, key: str, **params: object) -> bool:
    """Queue a message unless ``topic`` was told already in this run; True if queued."""
    if topic in _told:
        return False
    _told.add(topic)
    _pending.append(Notice(title, key, params))
    return True


def pending() -> bool:
    return bool(_pending)


def take() -> list[Notice]:
    """The notices not shown yet, oldest first (the queue is emptied)."""
    out = list(_pending)
    _pending.clear()
    return out


def forget() -> None:
    """Start afresh (tests: every test is a new run)."""
    _pending.clear()
    _told.clear()
