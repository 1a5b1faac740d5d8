"""The game's one event feed: every engine event in order, and a read position per reader.

The session is the only writer: it appends the events each action makes, tagged with the
number of actions applied by then, and takes them back when a move is undone.  Everyone
who follows the game reads the same feed at his own pace through a `FeedReader` — the
table animates and logs from one, a network link would send from another — so there is
one log, never a copy that has to be kept in step.

Undo cuts the feed back (`truncate`): a reader past the new end is moved back to it and
the feed's `generation` grows, so a reader that shows what it has read (the log panel)
knows to show it again.
"""
from __future__ import annotations

import weakref
from collections.abc import Iterable

from knjazja.engine import Event


class EventFeed:
    def __init__(self, entries: Iterable[tuple[int, Event]] = ()) -> None:
        self._entries: list[tuple[int, Event]] = list(entries)   # (actions applied, event)
        self._readers: weakref.WeakSet[FeedReader] = weakref.WeakSet()
        self.generation = 0              # grows whenever the feed is cut back

    def __len__(self) -> int:
        return len(self._entries)

    def append(self, actions: int, events: Iterable[Event]) -> None:
        """The events an action made, the game having ``actions`` actions applied after it."""
        self._entries += [(actions, e) for e in events]

    def events(self, start: int = 0, stop: int | None = None) -> list[Event]:
        return [e for _, e in self._entries[start:stop]]

    def entries(self) -> list[tuple[int, Event]]:
        """(actions applied, event) for the whole game so far."""
        return list(self._entries)

    def truncate(self, actions: int) -> None:
        """Forget the events of every action after the first ``actions`` (an undo)."""
        keep = len(self._entries)
        while keep and self._entries[keep - 1][0] > actions:
            keep -= 1
        if keep == len(self._entries):
            return
        del self._entries[keep:]
        self.generation += 1
        for reader in self._readers:
            reader.position = min(reader.position, keep)
            reader.batch_from = min(reader.batch_from, keep)

    def reader(self, at_end: bool = True) -> FeedReader:
        """A new reader, at the end (the past counts as read) or at the start."""
        r = FeedReader(self, len(self._entries) if at_end else 0)
        self._readers.add(r)
        return r


class FeedReader:
    """One follower's position in the feed: the events before it are read."""

    def __init__(self, feed: EventFeed, position: int) -> None:
        self.feed = feed
        self.position = position
        self.batch_from = 0          # where the latest batch began (the past is the first one):
        self._caught_up = True       # read after catching up — a move's events, or an answer

    def _reading(self) -> None:
        if self._caught_up:
            self.batch_from, self._caught_up = self.position, False

    @property
    def pending(self) -> int:
        """Events not read yet."""
        return len(self.feed) - self.position

    def peek(self) -> Event | None:
        """The next event, left unread."""
        return self.feed.events(self.position, self.position + 1)[0] if self.pending else None

    def next(self) -> Event | None:
        """The next event, now read (None: nothing new)."""
        e = self.peek()
        if e is not None:
            self._reading()
            self.position += 1
            self._caught_up = self.pending == 0
        return e

    def take(self) -> list[Event]:
        """Every unread event, now read."""
        out = self.feed.events(self.position)
        if out:
            self._reading()
        self.position, self._caught_up = len(self.feed), True
        return out

    def read(self) -> list[Event]:
        """The events read so far, oldest first."""
        return self.feed.events(0, self.position)
