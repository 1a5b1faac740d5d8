"""The network table in the window: hosting from the setup, joining from the menu, the table
scene over a remote session (reconnecting, refusals, names, the end of the game)."""
import time

import pytest

from knjazja.app.store.settings import Settings
from knjazja.net.client import ClientSession
from knjazja.net.host import Host, Limits
from knjazja.net.server import ServerThread
from knjazja.ui.main import GameFlow
from knjazja.ui.scenes.join import JoinScene, parse_address
from knjazja.ui.table.remote_scene import RemoteTableScene, lost_reason, refusal_text
from network_window import frames_until, host_here, join_typed, plain

FREE = Limits(rate=1e6, burst=10**6)


@pytest.fixture
def hosting(monkeypatch, tmp_path):
    host_here(monkeypatch, tmp_path)


def test_parse_address_accepts_what_people_type():
    assert parse_address("192.168.1.5") == "ws://192.168.1.5:7654"
    assert parse_address(" host.lan:8000 ") == "ws://host.lan:8000"
    assert parse_address("ws://x:1") == "ws://x:1"
    for bad in ("", "a b", "host:0", "host:99999", "host:port", ":7654", "x" * 200):
        assert parse_address(bad) is None


def test_refusals_and_losses_are_said_in_both_languages():
    assert plain(refusal_text("bad_password", "ru")) == "неверный пароль стола"
    assert plain(refusal_text("bad_password", "en")) == "wrong table password"
    assert "martian" in refusal_text("martian", "en")
    assert plain(lost_reason("table_full: no free seat", "ru")) == "все места за этим столом заняты"
    assert plain(lost_reason("closed", "en")) == "the host closed the table or cannot be reached"
    assert plain(lost_reason("closed", "ru")) == "хозяин закрыл стол или недоступен"


def test_the_host_plays_a_network_game_from_the_setup_to_the_end(make_app, hosting):
    app = make_app(settings=Settings(animation_speed=8.0), persist=False)
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    setup = {"seats": [{"name": "Ольга", "kind": "human"}, {"name": "", "kind": "remote"},
                       {"name": "Бот", "kind": "easy"}], "first_player": "random", "options": {}}
    session = flow.start_game(setup, seed=5)
    frames_until(app, lambda: isinstance(app.stack.top, RemoteTableScene))
    scene = app.stack.top
    hosted = scene.hosted
    frames_until(app, lambda: hosted.free_seats == 1)
    friend = ClientSession(hosted.url, hosted.code, name="Игорь").start()
    frames_until(app, lambda: hosted.free_seats == 0 and scene.controller.names[1] == "Игорь")
    c = scene.controller
    while not (session.over and c.finished):
        app.step([], 1 / 30)
        for _ in friend.poll():
            pass
        if friend.my_decision():
            friend.send_action(friend.legal[0])
        if c.can_act() and session.legal():
            assert c.play(session.legal()[-1])
        time.sleep(0.002)
    assert {r.reason for r in session.refusals} <= {"flood", "stale"}      # (a player at machine speed)
    table = hosted.table
    from knjazja.engine import observation
    from knjazja.net import codec
    want = hosted.server.call(lambda: codec.observation_to_json(observation(table.state, 0)))
    assert codec.observation_to_json(session.observation) == want
    assert "Игорь" in " ".join(c.log_lines())
    # the review: this seat's own decisions, each in the position it saw, judged from its view
    from knjazja.app.advice.analysis import Analysis, decision_points
    from knjazja.engine import Observation
    record = session.review_record()
    states, actions = [*record.positions, record.final], record.actions
    assert all(isinstance(st, Observation) and st.seat == 0 for st in states)     # its own views only
    assert len(actions) > 5 and len(record.legal) == len(actions) and record.final.over
    assert all(a in legal for a, legal in zip(actions, record.legal))
    assert all(st.decision.seat == 0 and st.history_len < len(table.state.history) for st in states[:-1])
    assert [st.history_len for st in states[:-1]] == sorted({st.history_len for st in states[:-1]})
    points = decision_points(states, session.seats, record.legal)
    assert points
    analysis = Analysis(states, points[:1], worlds=1, use_process=False, actions=actions, legal=record.legal,
                        seed=1)
    analysis.prioritize(points[0])
    assert [r.index for r in analysis.wait()] == points[:1]
    analysis.cancel()
    from knjazja.ui.scenes.review import ReviewScene
    review = ReviewScene(session, record=record, use_process=False)
    assert review.board.only == {0} and review.last == len(actions)     # the others' hands stay hidden
    review.analysis = Analysis(review.states, [], 1, use_process=False, actions=actions, legal=record.legal, seed=1)
    review.step = points[0]
    assert review.verdict_lines()[0] and review.move_text(points[0])
    from knjazja.app.store.stats import load_stats
    st = load_stats()                 # the game counts for this computer's player, not the friend
    assert st["games"] == 1 and st["levels"]["easy"]["games"] == 1 and st["levels"]["easy"]["seats"] == 1
    friend.close()
    flow.net.leave()
    assert not hosted.server._thread.is_alive()


def test_a_player_joins_by_address_and_code_and_sees_his_seat(make_app, tmp_path):
    host = Host(tmp_path, FREE)
    server = ServerThread(host)
    port = server.start()
    server.call(lambda: host.create_table("FRI", ["normal", "remote"], seed=3, password="pw"))
    app = make_app(persist=False)
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    try:
        join = join_typed(app, flow, "Ярослав", address=f"127.0.0.1:{port}", code="FRI", password="wrong")
        frames_until(app, lambda: join.session is None)
        assert "wrong table password" in plain(join.status)
        join.fields["password"] = "pw"
        join.join()
        frames_until(app, lambda: isinstance(app.stack.top, RemoteTableScene))
        scene = app.stack.top
        assert scene.controller.viewer == 1 and scene.controller.names[1] == "Ярослав"   # (the only free seat)
        assert scene.remote.seats[0].kind == "normal"
        scene.remote.client.drop_connection()
        frames_until(app, lambda: scene.remote.client.drops >= 1 and scene.remote.status == "connected")
        assert scene.controller.viewer == 1
    finally:
        flow.net.leave()
        server.stop()


def test_a_table_hosted_on_the_network_is_found_and_picked(make_app, tmp_path):
    """Join a game lists the tables its probe finds; picking one without a password seats the
    player at once."""
    from knjazja.net.hosting import HostedTable
    # every address of this computer: the list names the table by its network address
    hosted = HostedTable.open(["human", "remote"], ["Ольга", "Игрок 2"], seed=8, port=0, folder=tmp_path,
                              bind="0.0.0.0", announce=True, announce_port=0, bot_pause=0.0, bot_floor=0.0)
    app = make_app(persist=False)
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    try:
        assert hosted._announcer is not None
        join = JoinScene(on_joined=flow.net.open, name="Игорь", discovery_port=hosted._announcer.port)
        app.stack.push(join)
        frames_until(app, lambda: join.found_buttons)
        (button, found), = join.found_buttons
        assert (found.code, found.free, found.name) == (hosted.code, 1, "Ольга")
        join.pick(found)
        frames_until(app, lambda: isinstance(app.stack.top, RemoteTableScene))
        assert app.stack.top.controller.viewer == 1
    finally:
        flow.net.leave()
        hosted.close()


def test_a_player_whose_program_closed_gets_his_own_seat_back(make_app, tmp_path):
    """The seat's token is kept on disk: joining the same address and code again (a new
    program, a new session) seats him where he sat, not in another free seat."""
    host = Host(tmp_path, FREE)
    server = ServerThread(host)
    port = server.start()
    server.call(lambda: host.create_table("EVE", ["remote", "easy", "remote"], seed=9))
    app = make_app(persist=False)
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    try:
        for _attempt in range(2):
            join_typed(app, flow, "Ярослав", address=f"127.0.0.1:{port}", code="EVE", seat="3")   # the last seat
            frames_until(app, lambda: isinstance(app.stack.top, RemoteTableScene))
            assert app.stack.top.controller.viewer == 2
            assert server.call(lambda: host.tables["EVE"].free_remote_seats()) == [0]
            app.stack.top.remote.client.drop_connection()     # the program "closes" without a goodbye
            flow.net.leave()
        from knjazja.net import tokens
        assert tokens.recall(f"ws://127.0.0.1:{port}", "EVE")[0] == 2
    finally:
        server.stop()


def test_two_players_at_the_host_and_a_friend_elsewhere(make_app, hosting):
    """Hot seat at a network table: the device passes between the host's two seats, each sees
    his own real hand (never cards dealt in for the other's view), and a friend plays his
    seat from elsewhere; the game ends the same for all."""
    from knjazja.net.hotseat import HotSeatSession
    app = make_app(settings=Settings(animation_speed=8.0), persist=False)
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    setup = {"seats": [{"name": "Ольга", "kind": "human"}, {"name": "", "kind": "remote"},
                       {"name": "Ярослав", "kind": "human"}, {"name": "Бот", "kind": "easy"}],
             "first_player": 0, "options": {}}
    session = flow.start_game(setup, seed=21)
    assert isinstance(session, HotSeatSession)
    frames_until(app, lambda: isinstance(app.stack.top, (RemoteTableScene,)) or flow.table is not None)
    hosted = flow.table.hosted
    friend = ClientSession(hosted.url, hosted.code, name="Игорь").start()
    scene, c = flow.table, flow.table.controller
    viewers, checked = set(), 0
    while not (session.over and c.finished):
        app.step([], 1 / 30)
        if app.stack.top is not scene and not session.over:       # the pass-the-device screen
            app.stack.top.close()
        friend.poll()
        if friend.my_decision():
            friend.send_action(friend.legal[0])
        if c.can_act() and session.legal():
            viewers.add(c.viewer)
            part = next(p for p in session.parts if p.seat == c.viewer)
            assert sorted(c.view.hands[c.viewer]) == sorted(part.observation.hand), (
                c.viewer, session.viewer, checked, c.busy, len(session.feed), [len(p.feed) for p in session.parts])
            checked += 1
            assert c.play(session.legal()[-1])
        time.sleep(0.002)
    assert viewers == {0, 2} and checked > 10 and {r.reason for r in session.refusals} <= {"flood", "stale"}
    frames_until(app, lambda: all(p.over for p in session.parts))    # every link has the end
    from knjazja.engine import observation
    from knjazja.net import codec
    table = hosted.table
    for part in session.parts:
        want = hosted.server.call(lambda seat=part.seat: codec.observation_to_json(observation(table.state, seat)))
        assert codec.observation_to_json(part.observation) == want
    friend.close()
    flow.net.leave()


def test_a_table_the_window_hosted_is_offered_again_and_opens(make_app, hosting, tmp_path):
    from knjazja.net.hosting import HostedTable
    first = HostedTable.open(["human", "remote", "easy"], ["Ольга", "", ""], seed=4)
    first.close()                                     # the program closed with the table open
    app = make_app(persist=False)
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    flow.net.show_join()
    join = app.stack.top
    app.step([], 1 / 30)
    [(button, path)] = [(b, f) for b, f in join.found_buttons if not hasattr(f, "code")]
    assert first.code in button.text
    import pygame
    import pygame_gui
    app.step([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], 1 / 30)
    frames_until(app, lambda: isinstance(app.stack.top, RemoteTableScene))
    scene = app.stack.top
    assert scene.hosted.code == first.code and scene.controller.viewer == 0
    flow.net.leave()


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_a_found_tables_line_fits_its_button_whatever_its_code_and_host(make_app, monkeypatch, lang, size):
    """A hosted table's code (5 letters, here the widest) with the longest host name (24):
    the host's name gives way ("…"), the code and what a click does stay whole; a code typed
    for ``serve --table`` (up to 16) never runs out of its button either."""
    from knjazja.net.discovery import Found
    from knjazja.net.hosting import new_code
    from knjazja.ui.scenes import join as join_scene
    from knjazja.ui.scenes.join import JoinScene

    code, host = "W" * len(new_code()), "Ж" * 24
    found = [Found("192.168.1.20", 7654, code, host, 4, 2, False, "0.1.0"),
             Found("192.168.1.21", 7654, code + "M", host, 4, 3, False, "0.1.0"),
             Found("192.168.1.22", 7654, "W" * 16, host, 4, 3, False, "0.1.0")]
    monkeypatch.setattr(join_scene, "held_seat", lambda f: (1, "token") if f.code == code else None)
    app = make_app(size, persist=False)
    app.set_language(lang)
    join = JoinScene(on_joined=lambda session: None, browse=False)
    monkeypatch.setattr(join, "found", lambda: found)
    app.stack.push(join)
    app.step([], 1 / 60)
    (mine, _), (other, _), (longest, _) = join.found_buttons
    for button in (mine, other, longest):
        assert button.font.size(button.text)[0] <= button.rect.width - join.px(24), button.text
    back = {"ru": "вернуться", "en": "return"}[lang]
    assert code in mine.text and mine.text.endswith(back), mine.text
    assert code + "M" in other.text and other.text.endswith("3"), other.text
    assert host not in mine.text + other.text       # it gave way ("…", or the line without it)
    if size == (1920, 1080):
        assert "Ж…" in other.text                   # room for some of it


def test_what_a_player_typed_to_join_survives_a_resize_and_a_screen_over_it(make_app):
    """The Join screen follows its fields only when it builds: what was typed is read before
    its widgets go (a resize, a whole screen pushed over it) and typed back after."""
    from knjazja.ui.scenes.base import GuiScene

    app = make_app((1280, 720), persist=False)
    join = app.stack.push(JoinScene(on_joined=lambda session: None, browse=False))
    app.step([], 1 / 60)
    join.entries["address"].set_text("192.168.1.20:7654")
    join.entries["code"].set_text("WXYZQ")
    app.resize((1600, 900))
    app.step([], 1 / 60)
    assert join.entries["address"].get_text() == "192.168.1.20:7654"
    join.entries["name"].set_text("Всеслава")
    app.stack.push(GuiScene())                          # a whole screen: the widgets go
    app.step([], 1 / 60)
    assert not join.entries
    app.stack.pop()
    app.step([], 1 / 60)
    assert [join.entries[k].get_text() for k in ("name", "address", "code")] == \
        ["Всеслава", "192.168.1.20:7654", "WXYZQ"]
