"""A table hosted by the game's window: the window joins its own seat over loopback, friends
join theirs, the host's bots move, and every screen ends with the host's game."""
import threading

from knjazja.engine import observation
from knjazja.net import codec
from knjazja.net.client import ClientSession
from knjazja.net.hosting import CODE_LETTERS, HostedTable, new_code
from knjazja.net.remote import RemoteSession

def _play_out(sessions: list[RemoteSession], bell: threading.Event) -> None:
    """Each seat plays its first legal move whenever it decides, until the game ends."""
    while not all(s.ready and s.over for s in sessions):
        bell.clear()
        for s in sessions:
            s.update()
            if s.ready and s.human_to_decide() and s.legal():
                s.play(s.legal()[-1])
        bell.wait(2)
    for s in sessions:
        s.update()


def test_a_hosted_table_plays_to_the_end_with_the_window_and_a_friend(tmp_path):
    hosted = HostedTable.open(["human", "remote", "easy"], ["Ольга", "", ""], seed=11, port=0,
                              folder=tmp_path, bind="127.0.0.1", announce=False, bot_pause=0.0, bot_floor=0.0)
    bell = threading.Event()
    try:
        assert len(hosted.code) == 5 and set(hosted.code) <= set(CODE_LETTERS)
        mine = RemoteSession(hosted.join(0, on_arrival=bell.set))
        friend = RemoteSession(ClientSession(hosted.url, hosted.code, name="Игорь", on_arrival=bell.set).start())
        _play_out([mine, friend], bell)
        assert (mine.seat, friend.seat) == (0, 1)
        table = hosted.table
        for s in (mine, friend):
            want = hosted.server.call(lambda seat=s.seat: codec.observation_to_json(observation(table.state, seat)))
            assert codec.observation_to_json(s.observation) == want
            host_log = hosted.server.call(
                lambda seat=s.seat: [(a, e.for_seat(seat)) for a, e in table.session.feed.entries()])
            assert s.feed.entries() == host_log
            # what the table reads of this seat is the host's view of it exactly (and nothing else:
            # no state is dealt from it)
            assert codec.observation_to_json(s.seen_by(s.seat)) == want and not hasattr(s, "state")
        assert [x.name for x in friend.seats][:2] in (["Ольга", "Player 2"], ["Ольга", "Игорь"])
        hosted.refresh()
        assert {r.reason for r in mine.refusals + friend.refusals} <= {"flood", "stale"}    # (machine-speed players)
    finally:
        hosted.close()


def test_a_taken_port_is_left_for_a_free_one(tmp_path):
    first = HostedTable.open(["human", "remote"], ["A", ""], port=0, folder=tmp_path, bind="127.0.0.1",
                             announce=False)
    try:
        second = HostedTable.open(["human", "remote"], ["B", ""], port=first.port, folder=tmp_path,
                                  bind="127.0.0.1", announce=False, bot_pause=0.0, bot_floor=0.0)
        assert second.port != first.port
        second.close()
    finally:
        first.close()


def test_table_codes_are_easy_to_read_aloud():
    codes = {new_code() for _ in range(200)}
    assert len(codes) > 190 and all(not set(c) & set("01OI") for c in codes)


def test_the_hosts_program_closes_and_the_table_is_opened_again(tmp_path):
    """The host's window closes mid-game: its autosave opens the table again on the same port,
    the friend's program reconnects to his own seat by itself, the window gets its seat with a
    new token, and the game goes on to the end."""
    from knjazja.net.hosting import unfinished_tables
    hosted = HostedTable.open(["human", "remote", "easy"], ["Ольга", "", ""], seed=12, port=0,
                              folder=tmp_path, bind="127.0.0.1", announce=False, bot_pause=0.0, bot_floor=0.0)
    port, code = hosted.port, hosted.code
    bell = threading.Event()
    mine = RemoteSession(hosted.join(0, on_arrival=bell.set))
    friend = RemoteSession(ClientSession(hosted.url, code, name="Игорь", on_arrival=bell.set).start())
    while not (mine.ready and friend.ready and len(friend.feed) > 30):
        bell.clear()
        for s in (mine, friend):
            s.update()
            if s.ready and s.human_to_decide() and s.legal():
                s.play(s.legal()[-1])
        bell.wait(2)
    mine.close()
    hosted.close()                                   # the host's program closes
    played = len(friend.feed)
    [(path, listed, actions)] = unfinished_tables(tmp_path)
    assert listed == code and actions > 0
    again = HostedTable.resume(path, port=port, bind="127.0.0.1", announce=False, bot_pause=0.0, bot_floor=0.0)
    try:
        assert again.port == port and again.local_seats == [0]
        mine = RemoteSession(again.join(0, on_arrival=bell.set))
        _play_out([mine, friend], bell)
        assert friend.seat == 1 and friend.client.drops >= 1 and len(friend.feed) > played
        # players at machine speed are refused now and then (flooding, a move racing the table); each got his move back
        assert {r.reason for r in friend.refusals + mine.refusals} <= {"flood", "stale"}
        assert unfinished_tables(tmp_path) == []
    finally:
        again.close()
        friend.close()


def test_the_window_takes_its_move_back_while_the_bot_waits(tmp_path):
    """The table's Undo over a remote session: offered while the host says so, the move taken
    back at the host, and the feed cut back to the host's shorter log (nothing read twice)."""
    from knjazja.net.host import Host, Limits
    from knjazja.net.server import ServerThread
    host = Host(tmp_path, Limits(rate=1e6, burst=10**6, bot_pause=600.0))     # the bot waits for us
    server = ServerThread(host)
    port = server.start()
    table = server.call(lambda: host.create_table("U", ["remote", "easy"], seed=1, first_player=0))
    bell = threading.Event()
    mine = RemoteSession(ClientSession(f"ws://127.0.0.1:{port}", "U", name="A", on_arrival=bell.set).start())
    try:
        while not (mine.ready and mine.legal()):
            bell.wait(1)
            bell.clear()
            mine.update()
        before = mine.feed.entries()
        assert mine.undo_owner() is None
        mine.play(next(a for a in mine.legal() if a.kind != "draw"))
        while mine.undo_owner() is None:
            bell.wait(1)
            bell.clear()
            mine.update()
        assert len(mine.feed) > len(before) and server.call(lambda: len(table.state.history)) == 1
        generation = mine.feed.generation
        assert mine.undo(mine.seat) and mine.undo_owner() is None          # asked once
        while server.call(lambda: len(table.state.history)) != 0 or mine.feed.generation == generation:
            bell.wait(1)
            bell.clear()
            mine.update()
        assert mine.feed.entries() == before and mine.legal() and mine.refusals == []
    finally:
        mine.close()
        server.stop()
