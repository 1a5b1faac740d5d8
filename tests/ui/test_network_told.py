"""What the players of a network table are told in words: a bot standing in is shown on every
screen (the bot's mark on the seat's plate, a line in the log) and the returning player hears
what it did; leaving a hosted table asks first and names the friends it drops; a guest whose
program restarted gets back to his table from the list with one click."""

import pygame
import pygame_gui
import pytest

from knjazja.app.store.settings import Settings
from knjazja.net.client import ClientSession
from knjazja.net.host import Host, Limits
from knjazja.net.server import ServerThread
from knjazja.ui.main import GameFlow
from knjazja.ui.scenes.join import JoinScene
from knjazja.ui.scenes.message import MessageScene
from knjazja.ui.scenes.saveload import ConfirmScene
from knjazja.ui.table.remote_scene import RemoteTableScene
from network_window import frames_until, host_here, join_typed, plain

@pytest.fixture
def hosting(monkeypatch, tmp_path):
    host_here(monkeypatch, tmp_path)


def later(host, seconds):
    """The host's clock moved on (its tick acts on it): no waiting in a test."""
    host.tick()                       # (the decision waiting now is noted at this time)
    clock = host.clock
    host.clock = lambda: clock() + seconds
    host.tick()


def host_window(app, hosting_kw=None):
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    setup = {"seats": [{"name": "Ольга", "kind": "human"}, {"name": "", "kind": "remote"},
                       {"name": "Всеслав", "kind": "easy"}], "first_player": 1, "options": {}}
    flow.start_game(setup, seed=5)
    frames_until(app, lambda: isinstance(app.stack.top, RemoteTableScene))
    scene = app.stack.top
    friend = ClientSession(scene.hosted.url, scene.hosted.code, name="Олег").start()
    frames_until(app, lambda: scene.controller.names[1] == "Олег" and scene.hosted.connected == [1])
    return flow, scene, friend


def plate_words(app, scene, monkeypatch):
    """The names the table's plates set when the table is drawn again (``plates.fit_name``'s)."""
    from knjazja.ui.table import plates
    seen: list[str] = []
    real = plates.fit_name

    def spy(name, *args):
        seen.append(plain(name))
        return real(name, *args)
    monkeypatch.setattr(plates, "fit_name", spy)
    scene.rebuild()
    app.step([], 1 / 30)
    monkeypatch.setattr(plates, "fit_name", real)
    return seen


def test_the_host_sees_a_bot_stand_in_for_a_friend_and_his_return(make_app, hosting, monkeypatch):
    app = make_app((1280, 720), settings=Settings(animation_speed=8.0, language="ru"), persist=False)
    flow, scene, friend = host_window(app)
    c, hosted = scene.controller, scene.hosted
    host = hosted.server.server.host
    assert c.humans[1]
    hosted.server.call(lambda: later(host, 301))           # the friend has not moved for 5 minutes
    frames_until(app, lambda: not c.humans[1])              # the plate shows the bot (before: nothing)
    frames_until(app, lambda: any("За Олега ходит бот" in plain(line) for line in scene.log_panel.lines))
    assert "Олег · бот" in plate_words(app, scene, monkeypatch)    # his plate reads so (plates.plate_name)
    assert not scene.my_stand_in()
    friend.send_back()
    frames_until(app, lambda: c.humans[1])
    words = plate_words(app, scene, monkeypatch)
    assert "Олег" in words and "Олег · бот" not in words
    frames_until(app, lambda: any("Олег снова за столом" in plain(line) for line in scene.log_panel.lines))
    lines = [plain(line) for line in c.log_lines()]
    assert lines.index("За Олега ходит бот") < lines.index("Олег снова за столом")
    friend.close()
    flow.net.leave()


def test_leaving_a_hosted_table_asks_and_names_the_friends_it_drops(make_app, hosting):
    app = make_app((1280, 720), settings=Settings(language="ru"), persist=False)
    flow, scene, friend = host_window(app)
    flow.net.pause()
    pause = app.stack.top
    pause.activate("menu")
    ask = app.stack.top
    assert isinstance(ask, ConfirmScene) and "Олег отключится" in plain(ask.text)   # before: closed at once
    ask.answer(False)
    assert app.stack.top is scene and scene.hosted.server._thread.is_alive()
    flow.net.pause()
    app.stack.top.activate("menu")
    app.stack.top.answer(True)
    assert flow.table is None and not scene.hosted.server._thread.is_alive()
    friend.close()


def guest_table(make_app, tmp_path, now):
    host = Host(tmp_path, Limits(rate=1e6, burst=10**6, move_limit=300), clock=lambda: now[0])
    server = ServerThread(host)
    port = server.start()
    server.call(lambda: host.create_table("FRI", ["remote", "easy", "remote"], seed=3, first_player=0))
    other = ClientSession(f"ws://127.0.0.1:{port}", "FRI", seat=2, name="Игорь").start()
    app = make_app((1280, 720), settings=Settings(animation_speed=8.0, language="ru"), persist=False)
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    join_typed(app, flow, "Ольга", address=f"127.0.0.1:{port}", code="FRI", seat="1")
    frames_until(app, lambda: isinstance(app.stack.top, RemoteTableScene))
    return host, server, other, flow, app.stack.top


def test_a_guest_sees_the_bot_play_for_him_takes_his_seat_back_and_hears_what_it_did(make_app, tmp_path):
    now = [0.0]
    host, server, other, flow, scene = guest_table(make_app, tmp_path, now)
    app = flow.app
    try:
        frames_until(app, lambda: scene.controller.can_act())
        server.call(host.tick)
        now[0] = 300
        server.call(host.tick)                               # she has not moved for 5 minutes
        frames_until(app, lambda: scene.my_stand_in())
        frames_until(app, lambda: any("За Ольгу ходит бот" in plain(line) for line in scene.log_panel.lines))
        assert not scene.controller.humans[0]
        frames_until(app, lambda: server.call(lambda: host.tables["FRI"].stand_in_moves.get(0)))
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(400, 300))], 1 / 30)
        frames_until(app, lambda: isinstance(app.stack.top, MessageScene))
        told = app.stack.top
        assert plain(told.title) == "Пока вас не было" and plain(told.text).startswith("Бот сделал за вас")
        assert len(told.text.split("\n")) >= 2 and "{card" not in told.text
        moved = [i for i, (at, _) in enumerate(scene.remote.feed.entries()) if at in scene.remote.client.stood_in]
        assert scene.controller.notes[0][0] <= moved[0]       # said before its first move
        assert server.call(lambda: host.tables["FRI"].stand_ins) == {}
        frames_until(app, lambda: not scene.my_stand_in() and scene.controller.humans[0])
    finally:
        other.close()
        flow.net.leave()
        server.stop()


def test_a_guest_whose_program_restarted_returns_to_his_table_with_one_click(make_app, tmp_path):
    """The table is listed with no free seat (his own is taken: by him); this computer keeps
    his seat's token, so the line says so and one click seats him again."""
    from knjazja.net.hosting import HostedTable
    hosted = HostedTable.open(["human", "remote"], ["Ольга", "Игрок 2"], seed=8, port=0, folder=tmp_path,
                              bind="0.0.0.0", announce=True, announce_port=0, bot_pause=0.0, bot_floor=0.0)
    app = make_app(settings=Settings(language="ru"), persist=False)
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    try:
        for attempt in range(2):
            join = JoinScene(on_joined=flow.net.open, name="Игорь", discovery_port=hosted._announcer.port)
            app.stack.push(join)
            frames_until(app, lambda join=join: join.found_buttons)
            (button, found), = join.found_buttons
            if attempt == 1:                                # after the restart: listed full, yet his
                assert found.free == 0 and button.is_enabled and hosted.code in button.text
                assert "вернуться" in plain(button.text) or "return" in button.text
            app.step([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)], 1 / 30)
            frames_until(app, lambda: isinstance(app.stack.top, RemoteTableScene))
            assert app.stack.top.controller.viewer == 1
            app.stack.top.remote.client.drop_connection()  # the program closes without a goodbye
            flow.net.leave()
            frames_until(app, lambda: (hosted.refresh(), hosted.free_seats == 0)[1])   # (the host's window's job)
    finally:
        hosted.close()
