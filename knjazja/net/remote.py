"""A remote seat's game as the table reads a local one: the same few things a ``GameSession`` offers.

The table's controller follows a game through ``feed`` (a ``FeedReader`` per follower), draws
and words what its viewer sees (``seen_by``), asks ``legal()``, ``deciding`` and
``human_to_decide()``, and hands a click's action to ``play`` (``app.session.TableSession``).
``RemoteSession`` offers them for a seat played from this computer at a host elsewhere, over a
:class:`~knjazja.net.client.ClientSession`:

* ``feed`` holds the events redacted for this seat, tagged with the host's action counts.  An
  event enters it only once the host's view after it has arrived, so when the table has
  animated the feed, the view is never behind it.  A log sent again (a reconnection, an undo
  at the host) keeps the events the feed already has and adds or cuts only the difference:
  nothing is animated twice.
* ``seen_by(seat)`` is this seat's observation as the host sent it — the only view of the game
  this computer has (no state is dealt from it: the table, its prompts, the Hint and the final
  scores all read the observation; ``seen_by(None)`` is its public part, nobody's hand).
* ``play`` sends and returns at once; the host's answer comes back through ``update``, a
  refusal as a ``refused`` update.  Bots, sealing moves, automatic answers and the autosave
  are the host's: a remote session has none of them (``app.session.local_game`` is None).
* ``record`` keeps each of this seat's decisions as it saw it (its observation and legal
  actions, then its move) for its review after the game (``review_of``).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from knjazja.app.advice.analysis import Review
from knjazja.app.feed import EventFeed
from knjazja.app.session import Seat, TableSession
from knjazja.engine import Action, Event, IllegalAction, Observation, public_part

from .client import CLOSED, ClientSession, Update
from .seats import BOTS, LOCAL


class Decided(NamedTuple):
    """One decision of a seat as it was made at this screen: what the seat saw, what it could do."""
    at: int                     # the actions before it
    seen: Observation           # the seat's view then (the host's, redacted for it)
    legal: tuple[Action, ...]   # its legal actions then, as the host computed them
    action: Action              # its move


RECORD_SEED = 61    # the analysis's seed of a network seat's review (no game seed is known here)


class RemoteSession:
    def __init__(self, client: ClientSession) -> None:
        self.client = client
        self.feed = EventFeed()
        self.refusals: list[Update] = []        # the host's refusals of this seat's actions, oldest first
        self.seats: list[Seat] = []
        self._undo_sent = -1                    # the action count at which this seat asked to undo
        # a bot began (True) or stopped (False) playing a seat: (events in the feed then, seat, True/False)
        self.stand_in_news: list[tuple[int, int, bool]] = []
        self._bots: list[bool] = []
        # this seat's own decisions as it saw them, for its review
        self.record: list[Decided] = []

    # --- the network ----------------------------------------------------------------------
    def update(self) -> list[Update]:
        """Take what arrived (call it every frame: it never waits)."""
        updates = self.client.poll()
        for u in updates:
            if u.kind == "state":            # events wait for it (the client keeps the log)
                self._take_log()
            elif u.kind == "refused":
                self.refusals.append(u)
                if self.record and self.record[-1].at >= self.client.at:     # that move did not happen
                    self.record.pop()
            elif u.kind in ("welcome", "seats"):
                self.seats = [Seat(str(s.get("name", "?")), _seat_kind(str(s.get("kind", ""))))
                              for s in self.client.seats]
                self._note_stand_ins()
        return updates

    def _take_log(self) -> None:
        """The host's state has come: the log it follows goes into the feed, each event once."""
        log = list(zip(self.client.acts, self.client.log))
        mine = self.feed.entries()
        same = 0
        while same < min(len(mine), len(log)) and mine[same] == log[same]:
            same += 1
        if same < len(mine):                    # the host's log is shorter or differs: an undo there
            self.feed.truncate(mine[same][0] - 1)   # whole actions go (their events share a count)
            same = len(self.feed)
            self.record = [r for r in self.record if r.at < self.client.at]
        for acts, event in log[same:]:
            self.feed.append(acts, [event])

    def _note_stand_ins(self) -> None:
        """The seats a bot began or stopped playing, at the place in the feed it happened."""
        bots = self.stand_ins
        was = self._bots if len(self._bots) == len(bots) else [False] * len(bots)
        self.stand_in_news += [(len(self.feed), seat, now) for seat, (now, before) in enumerate(zip(bots, was))
                               if now != before]
        self._bots = bots

    @property
    def stand_ins(self) -> list[bool]:
        """Per seat: a bot of the host plays it now for its absent (or slow) player."""
        return [bool(s.get("bot")) for s in self.client.seats]

    def take_seat_back(self) -> None:
        """This seat's player is here again: the host's stand-in bot leaves it."""
        self.client.send_back()

    @property
    def viewer_policy(self) -> int:
        """The table shows this seat's eyes, always."""
        return self.client.seat

    @property
    def ready(self) -> bool:
        """The host has seated this player and sent his view: a table can be laid."""
        return self.client.observation is not None and bool(self.seats)

    @property
    def seat(self) -> int:
        return self.client.seat

    @property
    def status(self) -> str:
        return self.client.status

    @property
    def closed(self) -> bool:
        return self.client.status == CLOSED

    @property
    def observation(self) -> Observation | None:
        return self.client.observation

    # --- what the table asks a session ----------------------------------------------------
    @property
    def deciding(self) -> int:
        obs = self.client.observation
        return -1 if obs is None or obs.over else obs.decision.seat

    @property
    def over(self) -> bool:
        obs = self.client.observation
        return obs is not None and obs.over

    @property
    def moves(self) -> int:
        obs = self.client.observation
        return 0 if obs is None else obs.history_len

    def seen_by(self, seat: int | None) -> Observation:
        """This seat's view as the host sent it (the only seat this session sees); None: its
        public part (``engine.public_part``), for a table that shows nobody's hand."""
        obs = self.client.observation
        assert obs is not None and seat in (None, self.seat), "a remote table sees its own seat, once ready"
        return obs if seat is not None else public_part(obs)

    def human_to_decide(self) -> bool:
        """This seat decides (everyone else's decision is made elsewhere: "thinking")."""
        return self.deciding == self.seat and self.deciding >= 0

    def humans(self) -> list[int]:
        return [self.seat]

    def legal(self) -> list[Action]:
        """This seat's legal actions when it decides, as the host computed them; else none."""
        return list(self.client.legal)

    def play(self, action: Action) -> list[Event]:
        """Send this seat's move (its events come back from the host).  IllegalAction at once
        if it is not among the legal actions the host sent (the host would refuse it anyway)."""
        if action not in self.client.legal:
            raise IllegalAction("not among this seat's legal actions now")
        seen = self.seen_by(self.seat)
        self.record.append(Decided(seen.history_len, seen, tuple(self.client.legal), action))
        self.client.send_action(action)
        return []

    def review_record(self) -> Review:
        """This seat's game for its review, from its own view only (``Review``)."""
        return review_of(self.record, self.seen_by(self.seat))

    # undo: the host decides (its rule is the one-screen rule); this seat may ask when it says so
    def undo_owner(self) -> int | None:
        may = getattr(self.client, "can_undo", False) and self._undo_sent != self.client.at
        return self.seat if may and not self.over else None

    def undo(self, seat: int) -> bool:
        if self.undo_owner() != seat:
            return False
        self._undo_sent = self.client.at
        self.client.send_undo()
        return True

    def close(self) -> None:
        self.client.close()


def _seat_kind(kind: str) -> str:
    """The host's seat kinds as a table shows them: a person (remote or at the host) or a bot."""
    return kind if kind in BOTS else LOCAL


def review_of(record: list[Decided], final: Observation) -> Review:
    """The review of decisions seen at one screen (``record``, in any order) and the end as seen
    there, from those views only: move ``i`` was chosen in position ``i``."""
    ordered = sorted(record, key=lambda r: r.at)
    return Review([r.seen for r in ordered], [list(r.legal) for r in ordered], [r.action for r in ordered], final,
                  RECORD_SEED)


if TYPE_CHECKING:
    def _offers_the_table(s: RemoteSession) -> TableSession:    # mypy checks RemoteSession against it
        return s
