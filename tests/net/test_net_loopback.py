"""Real websockets on 127.0.0.1: a whole game with two remote client sessions and a bot,
a client cut off mid-war and back on its seat, the host stopped and resumed from its
autosave with the clients back on theirs.  No sleeps and no deadlines: every wait is for a
condition (a hang is stopped by pytest-timeout, configured in pyproject.toml)."""
import asyncio
import random
import threading

import pytest

from knjazja.bots import make_bot
from knjazja.engine import observation
from knjazja.engine.actions import ATTACK, DECLARE_WAR, PLAY_CITY
from knjazja.net import codec
from knjazja.net.client import CONNECTED, RECONNECTING, ClientSession
from knjazja.net.host import Host, Limits
from knjazja.net.leaks import LeakCheck
from knjazja.net.server import ServerThread

FREE = Limits(rate=1e9, burst=10**9)


class Players:
    """Client sessions that ring one bell when anything arrives."""

    def __init__(self, port, code, n, **join):
        self.bell = threading.Event()
        self.url = f"ws://127.0.0.1:{port}"
        self.code = code
        self.clients = [self.join(name=f"P{i}", **join) for i in range(n)]

    def join(self, **join):
        return ClientSession(self.url, self.code, on_arrival=self.bell.set, **join).start()

    def wait(self, cond, what="a condition"):
        """Until ``cond()`` (``what``: the words a hang's report would want, kept for reading)."""
        while True:
            self.bell.clear()
            for c in self.clients:
                c.poll()
            if cond():
                return
            self.bell.wait(1.0)       # a wake-up, not a limit: the bell rings on every arrival

    def play(self, choose, until, what="the game to end"):
        """Each client moves when it is his decision (``choose(client)``) until ``until()``."""
        def step():
            for c in self.clients:
                c.poll()
                if c.my_decision() and not until():
                    c.send_action(choose(c))
            return until()
        self.wait(step, what=what)

    def close(self):
        for c in self.clients:
            c.close()


def first_legal(c):
    return c.legal[0]


def warlike(c):
    """War whenever it may, cities to fight over before that."""
    return (next((a for a in c.legal if a.kind in (DECLARE_WAR, ATTACK)), None)
            or next((a for a in c.legal if a.kind == PLAY_CITY), c.legal[0]))


def host_view(server, table, seat):
    """What the host would show ``seat`` now: its observation and its redacted log."""
    return server.call(lambda: (codec.observation_to_json(observation(table.state, seat)),
                                [e.for_seat(seat) for e in table.session.feed.events()]))


def client_view(c):
    return codec.observation_to_json(c.observation), c.log


@pytest.fixture
def serving():
    started = []

    def start(host, port=0):
        st = ServerThread(host, port=port)
        st.start()
        started.append(st)
        return st
    yield start
    for st in started:
        st.stop()


def test_a_whole_game_over_loopback_ends_the_same_everywhere(serving):
    """Two remote client sessions (one choosing as a Normal bot from its own observation, one the
    first legal action) and a Normal bot on the host, thinking off the host's thread."""
    check = LeakCheck()
    host = Host(limits=FREE, tap=lambda link, text: check.check(text, link.table.state if link.table else None,
                                                                  link.seat), background_bots=True)
    table = host.create_table("game", ["remote", "remote", "normal"], seed=7)
    server = serving(host)
    players = Players(server.server.port, "game", 2)
    bot, rng = make_bot("normal"), random.Random(1)
    choose = {0: lambda c: bot.choose(c.observation, c.legal, rng), 1: first_legal}
    players.play(lambda c: choose[c.seat](c), lambda: all(c.observation and c.observation.over
                                                          for c in players.clients))
    assert server.call(lambda: table.state.over)
    for c in players.clients:
        assert client_view(c) == host_view(server, table, c.seat)
    assert players.clients[0].observation.hand_sizes == players.clients[1].observation.hand_sizes
    players.close()
    assert check.hidden_sent == 0 and check.messages > 100, check.leaks[:3]


def test_a_client_cut_off_mid_war_gets_its_seat_and_view_back(serving):
    host = Host(limits=FREE)
    table = host.create_table("war", ["remote", "remote"], seed=3)
    server = serving(host)
    players = Players(server.server.port, "war", 2)
    players.play(warlike, lambda: any(c.observation and c.observation.war for c in players.clients),
                 what="a war")
    players.wait(lambda: all(c.observation and c.observation.war for c in players.clients), what="both to see it")
    cut = players.clients[0]
    seat, view = cut.seat, client_view(cut)
    cut.drop_connection()
    players.wait(lambda: cut.drops == 1 and cut.status == CONNECTED and len(cut.log) == len(view[1]),
                 what="the reconnection")
    assert cut.seat == seat and client_view(cut) == view == host_view(server, table, seat)
    # killed outright: a new session with the token takes the same seat and sees the same
    token = cut.token
    cut.close()
    players.clients[0] = again = players.join(token=token)
    players.wait(lambda: again.status == CONNECTED and again.observation is not None
                 and len(again.log) == len(view[1]), what="the new session")
    assert again.seat == seat and client_view(again) == view
    players.play(warlike, lambda: all(c.observation.over for c in players.clients))
    for c in players.clients:
        assert client_view(c) == host_view(server, table, c.seat)
    players.close()


def test_the_host_stopped_and_resumed_from_its_autosave(serving, tmp_path):
    host = Host(tmp_path, limits=FREE)
    table = host.create_table("fri", ["remote", "easy", "remote"], seed=21)
    server = serving(host)
    port = server.server.port
    players = Players(port, "fri", 2)
    players.play(first_legal, lambda: server.call(lambda: len(table.state.history)) >= 30, what="30 actions")
    players.wait(lambda: all(c.at == c.observation.history_len == len(table.state.history)
                             for c in players.clients), what="the clients to catch up")
    seats = [c.seat for c in players.clients]
    views = [client_view(c) for c in players.clients]
    server.stop()                                   # the host's program closes; its autosave stays
    players.wait(lambda: all(c.status == RECONNECTING for c in players.clients), what="reconnecting")
    host2 = Host(tmp_path, limits=FREE)
    assert host2.resume() == 1
    table2 = host2.tables["fri"]
    server2 = serving(host2, port)
    players.wait(lambda: all(c.status == CONNECTED and client_view(c) == v
                             for c, v in zip(players.clients, views)), what="the clients back")
    assert [c.seat for c in players.clients] == seats
    for c in players.clients:
        assert client_view(c) == host_view(server2, table2, c.seat)
    players.play(first_legal, lambda: all(c.observation.over for c in players.clients))
    for c in players.clients:
        assert client_view(c) == host_view(server2, table2, c.seat)
    players.close()


def test_the_self_tests_network_check_plays_through_a_loopback_table():
    from knjazja.net.selfcheck import loopback_check
    assert loopback_check(moves=4).startswith("network table: 4 moves over loopback")


def test_a_remote_game_feeds_the_table_as_a_local_session_does(serving):
    """RemoteSession: the feed a table controller reads holds the host's entries redacted for the
    seat, with their action counts; a reconnection sends the log again and nothing is read twice."""
    from knjazja.net.remote import RemoteSession

    host = Host(limits=FREE)
    table = host.create_table("rg", ["remote", "easy", "easy"], seed=4)
    server = serving(host)
    bell = threading.Event()
    client = ClientSession(f"ws://127.0.0.1:{server.server.port}", "rg", name="R", on_arrival=bell.set).start()
    game = RemoteSession(client)
    reader = game.feed.reader(at_end=False)
    shown, dropped = [], False
    while not game.over:
        bell.clear()
        game.update()
        generation = game.feed.generation
        shown += reader.take()
        if game.deciding == game.seat and game.legal():
            assert game.play(game.legal()[0]) == [] and game.legal() == []
            if not dropped and len(game.feed) > 40:
                client.drop_connection()
                dropped = True
        assert game.feed.generation == generation       # nothing was taken back: nothing re-read
        bell.wait(5)
    game.update()
    shown = reader.read()
    host_entries = server.call(lambda: [(a, e.for_seat(0)) for a, e in table.session.feed.entries()])
    assert dropped and game.feed.entries() == host_entries and shown == [e for _, e in host_entries]
    assert game.refusals == []
    client.close()


def test_a_replaced_connection_is_closed_by_the_host(serving):
    """The same seat taken again with its token: the old connection is closed at once, not
    left open until its peer speaks, and its session does not reconnect to take it back."""
    host = Host(limits=FREE)
    host.create_table("two", ["remote", "easy"], seed=2)
    server = serving(host)
    players = Players(server.server.port, "two", 1)
    first = players.clients[0]
    players.wait(lambda: first.status == CONNECTED, what="the first connection")
    players.clients.append(players.join(token=first.token, reconnect=False))
    players.wait(lambda: first.status == "closed" and players.clients[1].status == CONNECTED,
                 what="the old line closed")
    assert first.error.startswith("replaced")           # and it does not take the seat back
    assert players.clients[1].seat == 0 and server.call(lambda: len(host.links)) == 1
    players.close()


def test_an_undo_over_loopback_leaves_the_client_with_the_hosts_log(serving):
    """A remote seat takes a move back: the host cuts its log and sends it again from the
    start; the client's ``log`` and ``acts`` are exactly the host's, redacted for it, again.
    The other player (on the host's thread) then comes back and is sent his decision: the
    same move may no longer be taken back, and the host says ``no_undo``."""
    from knjazja.engine.actions import DRAW
    from knjazja.tools.netbench import ScriptedSeat
    from knjazja.net.protocol import encode, join_message

    host = Host(limits=FREE)
    table = host.create_table("undo", ["remote", "remote"], seed=2)
    server = serving(host)
    players = Players(server.server.port, "undo", 1)
    a = players.clients[0]
    players.wait(lambda: a.status == CONNECTED and a.seat == 0, what="seat 0")

    def join_b(**join):
        b = ScriptedSeat(host, "B")
        b.send(join_message("undo", name="B", **join))
        return b
    b = server.call(join_b)

    def not_a_draw(legal):
        return next((x for x in legal if x.kind != DRAW), legal[0])

    def history():
        return server.call(lambda: len(table.state.history))

    def a_moves():
        at = history()
        players.wait(lambda: a.my_decision() and a.at == at, what="A's decision")
        a.send_action(not_a_draw(a.legal))
        players.wait(lambda: a.at == at + 1, what="A's move applied")

    def b_moves():
        def go():
            st = b.last_state()
            legal = [codec.action_from_json(x) for x in st["legal"]]
            b.send(encode("action", n=st["at"] + 1, at=st["at"], action=not_a_draw(legal).to_json()))
        server.call(go)

    while history() < 4:                             # both play (no draws) four moves
        (a_moves if server.call(lambda: table.session.deciding) == 0 else b_moves)()
    assert server.call(lambda: table.session.deciding) == 0
    token_b = b.inbox[0]["token"]
    server.call(lambda: host.disconnect(b.link))      # B away: A's next move waits for him unseen
    a_moves()
    players.wait(lambda: a.can_undo, what="the move undoable")
    longer = len(a.log)
    number = a.send_undo()
    assert not a.can_undo
    players.wait(lambda: a.at == 4 and a.acknowledged == number and a.my_decision(), what="the move taken back")
    host_log, host_acts = server.call(lambda: ([e.for_seat(0) for e in table.session.feed.events()],
                                               [n for n, _ in table.session.feed.entries()]))
    assert 0 < len(a.log) < longer
    assert a.log == host_log and a.acts == host_acts
    assert client_view(a) == host_view(server, table, 0)
    # the move again; B comes back and is sent his decision: it stands
    a_moves()
    players.wait(lambda: a.can_undo, what="the move undoable again")
    server.call(lambda: join_b(token=token_b))
    players.wait(lambda: not a.can_undo, what="the move sealed")
    refused: list = []
    number = a.send_undo()
    while True:                                   # the updates themselves: Players.wait would take them
        players.bell.clear()
        refused += [u for u in a.poll() if u.kind == "refused"]
        if refused:
            break
        players.bell.wait(1.0)
    assert refused[0].reason == "no_undo" and refused[0].number == number
    assert history() == 5 and a.log == server.call(lambda: [e.for_seat(0) for e in table.session.feed.events()])
    players.close()


def test_closing_a_session_whose_line_just_ended_does_not_raise():
    """The race CI met: the network thread has closed its loop (the line was replaced) but is
    still finishing when the frame says goodbye; close and drop_connection must not raise."""
    session = ClientSession("ws://127.0.0.1:9", "two", reconnect=False)
    release = threading.Event()
    session._thread = threading.Thread(target=release.wait, daemon=True)   # "still finishing"
    session._thread.start()
    session._stop = asyncio.Event()   # it had started: close tries to stop it
    session._ws = type("Line", (), {"transport": type("Transport", (), {"abort": lambda self: None})()})()
    session._loop.close()
    session.drop_connection()
    release.set()
    session.close()
    assert not session._thread.is_alive()
