"""Things the player must be told once, found where no screen is at hand (a damaged file
read at start, a crash report from the last run).  No pygame here.

``tell_once(topic, title, key, **params)`` queues a message (UI string keys of its title and
text); the window takes
the queue (``take``) and shows each as a message box.  A topic is told once per run: a file
that stays damaged is not reported at every read.  A parameter given as ``Key("...")`` is a
string key too, and ``Phrase(key, params)`` a whole phrase, both put into words when the
message is shown (so they follow the UI language: nothing here knows which that is).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


class Key(str):
    """A parameter that is itself a UI string key."""


@dataclass(frozen=True)
class Phrase:
    """A phrase with its own parameters, said when the message is shown."""
    key: str
    params: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Notice:
    title: str
    key: str
    params: dict[str, object] = field(default_factory=dict)

    def text(self, say: Callable[..., str]) -> str:
        """The message in words: ``say`` is the UI's lookup (key, **params) -> text."""
        def word(v: object) -> object:
            if isinstance(v, Phrase):
                return say(v.key, **v.params)
            return say(v) if isinstance(v, Key) else v
        return say(self.key, **{k: word(v) for k, v in self.params.items()})


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
