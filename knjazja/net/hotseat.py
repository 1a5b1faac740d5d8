"""Several seats of a network table played at one screen (hot seat), each over its own link.

At the host's window a network table may seat more than one person at the screen.  Each of
them is a client of the host like any other — his own token, his own link, his own redacted
view — so the host's rules (whose decision, undo, what each may see) hold unchanged.
``HotSeatSession`` shows them to the table as one session, as ``RemoteSession`` does one seat:

* the seat whose eyes the table shows is ``viewer`` (the table's hot seat passes the device
  among ``here``, the seats at this screen); ``seen_by`` gives each of them his own link's
  view only, so the hand shown face up is always the real one of the player looking, and
  ``seen_by(None)`` the public part of it (between two players: nobody's hand);
* ``feed`` holds each event once, in the copy that hides least: a card drawn by one player at
  the screen has its face in his link's copy, and the table shows it face up only to him
  (``Event.private``), as at a local hot seat;
* a move goes through the link of the seat that decides; Undo through the link of the seat
  that moved.
"""
from __future__ import annotations

from typing import TYPE_CHECKING
from knjazja.app.feed import EventFeed
from knjazja.app.session import Seat, TableSession
from knjazja.engine import Action, Event, IllegalAction, Observation

from .client import CLOSED, CONNECTED, ClientSession, Update
from .remote import RemoteSession, Review, review_of


class HotSeatSession:
    def __init__(self, sessions: list[RemoteSession]) -> None:
        assert sessions, "a screen plays at least one seat"
        self.parts = sessions
        self.feed = EventFeed()
        self.refusals: list[Update] = []
        self.viewer = -1                       # the seat looking now (the scene says; -1: the first)
        self.viewer_policy = "hotseat"

    def _by_seat(self) -> dict[int, RemoteSession]:
        return {p.seat: p for p in self.parts}

    def _looking(self) -> RemoteSession:
        return self._by_seat().get(self.viewer, self.parts[0])

    # --- the network ----------------------------------------------------------------------
    def update(self) -> list[Update]:
        out: list[Update] = []
        for p in self.parts:
            out += p.update()
            self.refusals += p.refusals
            p.refusals = []
        self._merge()
        return out

    def _merge(self) -> None:
        """The events every link has, each in the copy that shows most of its cards."""
        feeds = [p.feed.entries() for p in self.parts]
        common = min(len(f) for f in feeds)
        merged = [max((f[i] for f in feeds), key=_faces) for i in range(common)]
        mine = self.feed.entries()
        same = 0
        while same < min(len(mine), len(merged)) and _same(mine[same], merged[same]):
            same += 1
        if same < len(mine):                   # a move taken back at the host
            self.feed.truncate(mine[same][0] - 1)
            same = len(self.feed)
        for acts, event in merged[same:]:
            self.feed.append(acts, [event])

    @property
    def ready(self) -> bool:
        return all(p.ready for p in self.parts)

    @property
    def here(self) -> list[bool]:
        seats = {p.seat for p in self.parts}
        return [i in seats for i in range(len(self.seats))]

    @property
    def seats(self) -> list[Seat]:
        return self.parts[0].seats

    @property
    def stand_ins(self) -> list[bool]:
        return self.parts[0].stand_ins

    @property
    def stand_in_news(self) -> list[tuple[int, int, bool]]:
        return self.parts[0].stand_in_news

    def take_seat_back(self) -> None:
        """Every seat at this screen a bot stands in for is taken back."""
        bots = self.stand_ins
        for p in self.parts:
            if 0 <= p.seat < len(bots) and bots[p.seat]:
                p.take_seat_back()

    @property
    def seat(self) -> int:
        return self._looking().seat

    @property
    def status(self) -> str:
        statuses = [p.status for p in self.parts]
        return CLOSED if CLOSED in statuses else next((s for s in statuses if s != CONNECTED), CONNECTED)

    @property
    def closed(self) -> bool:
        return self.status == CLOSED

    @property
    def client(self) -> ClientSession:
        """The link to show when something is wrong (a closed one first)."""
        return next((p.client for p in self.parts if p.closed), self._looking().client)

    @property
    def observation(self) -> Observation | None:
        return self._looking().observation

    # --- what the table asks a session ----------------------------------------------------
    @property
    def deciding(self) -> int:
        return self._looking().deciding

    @property
    def over(self) -> bool:
        return self._looking().over

    @property
    def moves(self) -> int:
        return self._looking().moves

    def seen_by(self, seat: int | None) -> Observation:
        if seat is None:
            return self._looking().seen_by(None)
        part = self._by_seat().get(seat)
        assert part is not None, "a seat played at this screen"
        return part.seen_by(seat)

    def _decider(self) -> RemoteSession | None:
        return self._by_seat().get(self.deciding)

    def _agreed(self) -> bool:
        """Every link has had the news of the same position: a move reaches the links one by
        one, and the table (which shows the events every link has) is behind the quickest."""
        return len({p.moves for p in self.parts}) == 1

    def human_to_decide(self) -> bool:
        """A player at this screen decides (the others decide elsewhere, or are bots), once
        every link here has the position he decides in."""
        return self._agreed() and self._decider() is not None

    def humans(self) -> list[int]:
        return [p.seat for p in self.parts]

    def legal(self) -> list[Action]:
        decider = self._decider()
        return decider.legal() if decider is not None and self._agreed() else []

    def play(self, action: Action) -> list[Event]:
        decider = self._decider()
        if decider is None or not self._agreed():
            raise IllegalAction("no player at this screen decides now")
        return decider.play(action)

    def undo_owner(self) -> int | None:
        return next((o for p in self.parts if (o := p.undo_owner()) is not None), None)

    def undo(self, seat: int) -> bool:
        part = self._by_seat().get(seat)
        return part is not None and part.undo(seat)

    def review_record(self) -> Review:
        """The decisions of every player at this screen, each as he saw it, in the game's order."""
        return review_of([r for p in self.parts for r in p.record], self._looking().seen_by(None))

    def close(self) -> None:
        for p in self.parts:
            p.close()


def _faces(entry: tuple[int, Event]) -> int:
    e = entry[1]
    return (e.card >= 0) + sum(c >= 0 for c in e.cards)


def _same(a: tuple[int, Event], b: tuple[int, Event]) -> bool:
    """The same place in the game (one copy may show faces the other hid)."""
    return a[0] == b[0] and a[1]._replace(card=0, cards=()) == b[1]._replace(card=0, cards=())


if TYPE_CHECKING:
    def _offers_the_table(s: HotSeatSession) -> TableSession:    # mypy checks HotSeatSession against it
        return s
