"""Whose eyes the table shows, and the device passing from one player to the next.

``policy``: "single" (one human), "hotseat" (several at one screen), "spectator" (none), or
a seat number that always views; "auto" picks from the seats.  In hot seat a hand-over keeps
every hand face down until the next player has the device (``claimed``): with a hand-over
screen (``screens``) that is when he presses Ready; without one, at once.
"""
from __future__ import annotations

from knjazja.app.table.news import HandOver, NewsQueue, ViewerChanged

POLICIES = ("single", "hotseat", "spectator")


def pick_policy(policy: str | int, humans: list[bool]) -> str | int:
    """The viewer policy for these seats ("auto" or anything unknown: from the humans)."""
    if isinstance(policy, int) and not isinstance(policy, bool) or policy in POLICIES:
        return policy
    n = sum(humans)
    return "spectator" if n == 0 else ("single" if n == 1 else "hotseat")


class Seating:
    def __init__(self, policy: str | int, humans: list[bool], deciding: int, over: bool,
                 news: NewsQueue, *, screens: bool) -> None:
        self.humans = humans
        self.news = news
        self.policy = pick_policy(policy, humans)
        self.screens = screens                  # a hand-over screen waits for ``claimed``
        self.viewer: int | None = self._first_viewer(deciding)
        self.paused = False                     # a scene covers the table
        self.covered = False                    # … and the table is still visible beneath
        self.handing_over_from: int | None = None   # whose move led to the pending hand-over
        # several humans at one screen: the first is handed the device before any hand shows
        self.greet = self.handover_pending = (self.policy == "hotseat" and screens
                                              and self.viewer is not None and not over)

    def _first_viewer(self, deciding: int) -> int | None:
        if isinstance(self.policy, int):
            return self.policy
        humans = [i for i, h in enumerate(self.humans) if h]
        if self.policy == "spectator" or not humans:
            return None
        return deciding if deciding in humans else humans[0]

    def faces_hidden(self) -> bool:
        """No hand face up: spectator, a pending hand-over, or any overlay in hot seat."""
        if self.viewer is None or self.handover_pending:
            return True
        return self.policy == "hotseat" and self.paused and self.covered

    def shows_hand(self, seat: int) -> bool:
        return not self.faces_hidden() and seat == self.viewer

    def look_through(self, seat: int | None) -> None:
        """Show ``seat``'s eyes from now on (news for whoever lays the table out)."""
        self.viewer = seat
        self.news.post(ViewerChanged(seat))

    def hand_to(self, seat: int, *, first: bool = False) -> bool:
        """The device passes to ``seat``; True when the move before is sealed at once (no
        hand-over screen), False when it waits for ``claimed``."""
        self.handing_over_from = None if first else self.viewer
        self.look_through(seat)
        if self.screens:
            self.handover_pending = True
            self.news.post(HandOver(seat))
            return False
        return self.claimed()

    def claimed(self) -> bool:
        """The next player has the device and sees the table; True when the move that led
        here can no longer be taken back (the caller seals it)."""
        self.handover_pending = False
        if self.handing_over_from is None:
            return False
        self.handing_over_from = None
        return True
