"""A remote seat's game as the table reads a local one: a feed, the legal actions, whose decision.

The table's controller follows a game through ``GameSession.feed`` (a ``FeedReader`` per
follower), asks ``legal()`` and ``deciding``, and hands a click's action to ``play``.
``RemoteGame`` offers the same few things for a seat played from this computer at a host
elsewhere, over a :class:`~knjazja.net.client.ClientSession`: its feed holds the events
redacted for this seat, tagged with the host's action counts, so the controller's readers
animate and log them unchanged; ``observation`` is all this seat may know (the view draws
from it; the Hint and the review run from it, as a bot does); ``play`` sends and returns at
once — the answer comes back through ``update``, a refusal as a ``refused`` update.
"""
from __future__ import annotations

from knjazja.app.feed import EventFeed
from knjazja.engine import Action, IllegalAction, Observation

from .client import ClientSession, Update


class RemoteGame:
    def __init__(self, client: ClientSession) -> None:
        self.client = client
        self.feed = EventFeed()
        self.refusals: list[Update] = []        # the host's refusals of this seat's actions, oldest first

    def update(self) -> list[Update]:
        """Take what arrived (call it every frame: it never waits) into the feed and the view."""
        updates = self.client.poll()
        for u in updates:
            if u.kind == "events":
                if u.number == 0 and len(self.feed):
                    self.feed.truncate(-1)      # the whole log again: readers start over (generation grows)
                at = u.number
                for event, acts in zip(u.events, self.client.acts[at:at + len(u.events)]):
                    self.feed.append(acts, [event])
            elif u.kind == "refused":
                self.refusals.append(u)
        return updates

    # --- what the table asks a session ---------------------------------------------------
    @property
    def seat(self) -> int:
        return self.client.seat

    @property
    def observation(self) -> Observation | None:
        return self.client.observation

    @property
    def deciding(self) -> int:
        obs = self.client.observation
        return -1 if obs is None or obs.over else obs.decision.seat

    @property
    def over(self) -> bool:
        obs = self.client.observation
        return obs is not None and obs.over

    @property
    def status(self) -> str:
        return self.client.status

    def legal(self) -> list[Action]:
        """This seat's legal actions when it decides, as the host computed them; else none."""
        return list(self.client.legal)

    def play(self, action: Action) -> int:
        """Send this seat's move; its number.  IllegalAction at once if it is not among the
        legal actions the host sent (the host would refuse it anyway)."""
        if action not in self.client.legal:
            raise IllegalAction("not among this seat's legal actions now")
        return self.client.send_action(action)
