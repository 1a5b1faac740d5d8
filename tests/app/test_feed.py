"""The game's one event feed: readers at their own pace, undo cuts every reader back."""
from __future__ import annotations

from knjazja.app.feed import EventFeed
from knjazja.app.session import GameSession, Seat
from knjazja.engine import Event
from knjazja.engine.actions import PLAY_CITY
from knjazja.engine.kinds import EventKind


SEATS = [Seat("Ольга", "human"), Seat("Игорь", "human")]


def _ev(n: int) -> Event:
    return Event(EventKind.TURN, seat=0, value=n)


def test_readers_read_at_their_own_pace():
    feed = EventFeed([(0, _ev(0))])
    table, link = feed.reader(at_end=True), feed.reader(at_end=False)
    assert table.pending == 0 and link.pending == 1 and table.read() == [_ev(0)]
    feed.append(1, [_ev(1), _ev(2)])
    assert table.peek() == _ev(1) and table.pending == 2          # peeking reads nothing
    assert table.next() == _ev(1) and table.pending == 1
    assert link.take() == [_ev(0), _ev(1), _ev(2)] and link.pending == 0 and link.next() is None
    assert table.read() == [_ev(0), _ev(1)]


def test_undo_cuts_the_feed_and_moves_readers_back():
    feed = EventFeed()
    feed.append(1, [_ev(1)])
    feed.append(2, [_ev(2), _ev(3)])
    behind, ahead = feed.reader(at_end=False), feed.reader(at_end=True)
    behind.next()
    feed.truncate(1)
    assert len(feed) == 1 and feed.generation == 1
    assert ahead.position == 1 and behind.position == 1 and ahead.pending == 0
    feed.truncate(1)                                   # nothing to cut: the same generation
    assert feed.generation == 1
    feed.append(2, [_ev(9)])
    assert ahead.take() == [_ev(9)]


def test_the_session_writes_every_move_and_undo_into_its_feed():
    seed = next(s for s in range(100)
                if any(a.kind == PLAY_CITY for a in GameSession(SEATS, seed=s, first_player=0).legal()))
    session = GameSession(SEATS, seed=seed, first_player=0)
    table = session.feed.reader(at_end=True)
    session.play(next(a for a in session.legal() if a.kind == PLAY_CITY))     # hides nothing: undoable
    made = table.take()
    assert made and [e for _, e in session.feed.entries()] == made
    assert all(n == 1 for n, _ in session.feed.entries())
    assert session.undo(0)
    assert len(session.feed) == 0 and table.position == 0 and session.feed.generation == 1


def test_a_batch_begins_when_a_caught_up_reader_reads_again():
    feed = EventFeed([(0, _ev(0))])
    log = feed.reader(at_end=True)
    assert log.batch_from == 0                    # a loaded game's past is the latest batch
    feed.append(1, [_ev(1), _ev(2)])              # a move's events
    log.next()
    assert log.batch_from == 1
    feed.append(2, [_ev(3)])                      # more while the move is still being read
    log.next(), log.next()
    assert log.batch_from == 1                    # ... the same batch
    feed.append(3, [_ev(4), _ev(5)])              # the answer, once everything was read
    assert log.take() == [_ev(4), _ev(5)] and log.batch_from == 4
    feed.truncate(1)
    assert log.batch_from == 3 and log.position == 3
