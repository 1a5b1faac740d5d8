"""The whole app flow: new game, autosave, Continue, damaged saves, hot-seat resume, pause menu."""
import json

import pygame
import pytest

from knjazja.app.store import storage
from knjazja.engine import dumps
from knjazja.ui.main import GameFlow
from knjazja.ui.scenes.message import MessageScene
from knjazja.ui.scenes.pass_device import PassDeviceScene
from knjazja.ui.scenes.pause import PauseScene
from knjazja.ui.table.scene import TableScene

SETUP = {"seats": [{"name": "Olga", "kind": "human"}, {"name": "Igor", "kind": "easy"},
                   {"name": "Oleg", "kind": "easy"}],
         "first_player": 0, "options": {"strict_defence": False, "invasion_first_round": False}}


def flow_on(make_app):
    app = make_app((1280, 720), persist=False)
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    app.step([])
    return app, flow


def human_plays(session, moves=3):
    """The human makes a few moves (bots answer synchronously)."""
    for _ in range(200):
        if moves == 0 or session.over:
            return
        if session.human_to_decide():
            session.play(session.legal()[0])
            moves -= 1
        else:
            session.bot_step(background=False)


def test_new_game_autosaves_and_continue_restores_the_identical_state(make_app):
    app, flow = flow_on(make_app)
    session = flow.start_game(SETUP, seed=42)
    assert isinstance(app.stack.top, TableScene)
    human_plays(session)
    saved = dumps(session.state)
    session.flush_autosave()                 # written in the background
    assert storage.autosave_path().is_file()
    # quit: the window closes; a new app starts and continues
    app.stack.clear()
    app2, flow2 = flow_on(make_app)
    assert flow2.menu.buttons["continue"].is_enabled
    resumed = flow2.continue_game()
    assert resumed is not None and isinstance(app2.stack.top, TableScene)
    assert dumps(resumed.state) == saved
    assert resumed.state.hands == session.state.hands and resumed.state.deck == session.state.deck
    assert [s.name for s in resumed.seats] == ["Olga", "Igor", "Oleg"]


@pytest.mark.parametrize("damage", ["truncate", "tamper", "future"])
def test_a_damaged_autosave_is_refused_with_a_message(make_app, damage):
    app, flow = flow_on(make_app)
    session = flow.start_game(SETUP, seed=7)
    human_plays(session)
    app.stack.pop_to(flow.menu)
    path = storage.autosave_path()
    text = path.read_text("utf-8")
    if damage == "truncate":
        path.write_text(text[: len(text) // 2], "utf-8")
    elif damage == "tamper":
        data = json.loads(text)
        data["seed"] += 1
        path.write_text(json.dumps(data), "utf-8")
    else:
        data = json.loads(text)
        data["version"] = 99
        path.write_text(json.dumps(data), "utf-8")
    assert flow.continue_game() is None
    app.step([])                      # a damaged autosave is told as a notice, next frame
    top = app.stack.top
    assert isinstance(top, MessageScene) and top.text and "\n" not in top.text
    # damaged: set aside (Continue goes grey); a newer game's save stays as it is
    assert path.exists() == (damage == "future")
    app.step([])                      # it draws over the menu without trouble


def test_kill_mid_write_leaves_the_last_good_autosave(make_app, monkeypatch):
    app, flow = flow_on(make_app)
    session = flow.start_game(SETUP, seed=9)
    human_plays(session, 1)
    session.flush_autosave()
    good = storage.autosave_path().read_text("utf-8")
    import os

    def crash(src, dst):
        raise OSError("killed between write and rename")
    with monkeypatch.context() as m:
        m.setattr(os, "replace", crash)
        human_plays(session, 1)                 # its autosave dies in the background writer
        session.flush_autosave()
    assert "killed between write and rename" in session.autosave_error
    assert storage.autosave_path().read_text("utf-8") == good
    assert not [p for p in storage.autosave_path().parent.iterdir() if p.name.endswith(".tmp")]
    assert storage.load_game(storage.autosave_path())[0] is not None


def test_hot_seat_resume_hides_hands_first(make_app):
    app, flow = flow_on(make_app)
    setup = dict(SETUP, seats=[{"name": "Olga", "kind": "human"}, {"name": "Vera", "kind": "human"},
                               {"name": "Igor", "kind": "easy"}])
    flow.start_game(setup, seed=3)
    app.stack.pop_to(flow.menu)
    flow.continue_game()
    assert flow.table.controller.faces_hidden()          # no hand shows before the device is taken
    app.step([])
    assert isinstance(app.stack.top, PassDeviceScene)
    app.step([])


def test_a_new_hot_seat_game_hands_the_device_to_the_first_player(make_app):
    app, flow = flow_on(make_app)
    setup = dict(SETUP, seats=[{"name": "Olga", "kind": "human"}, {"name": "Vera", "kind": "human"}])
    flow.start_game(setup, seed=3)
    app.step([])
    assert isinstance(app.stack.top, PassDeviceScene)
    assert app.stack.top is not flow.table and flow.table.controller.faces_hidden()


def test_pause_menu_leads_back_to_the_main_menu(make_app):
    app, flow = flow_on(make_app)
    flow.start_game(SETUP, seed=5)
    flow.pause()
    assert isinstance(app.stack.top, PauseScene)
    app.step([])
    app.stack.top.activate("menu")
    assert app.stack.top is flow.menu


def test_a_finished_game_goes_to_results_and_records_statistics(make_app):
    from knjazja.app.store import stats
    from knjazja.ui.scenes.results import ResultsScene
    app, flow = flow_on(make_app)
    session = flow.start_game(dict(SETUP, seats=[{"name": "A", "kind": "easy"}, {"name": "B", "kind": "easy"}]), seed=4)
    table = flow.table
    while not session.over:
        session.bot_step(background=False)
    for _ in range(200):                                 # the last moves are shown
        table.skip()
        app.step([])
        if table.controller.finished:
            break
    assert table.controller.finished and app.stack.top is table     # the final board stays
    assert stats.load_stats()["games"] == 1
    results = table.controls.rect_of("results", [])
    assert results is not None and table.controls.rect_of("draw", []) is None
    click = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=results.center, button=1),
             pygame.event.Event(pygame.MOUSEBUTTONUP, pos=results.center, button=1)]
    app.step(click)
    assert isinstance(app.stack.top, ResultsScene)     # the score breakdown over the board
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert app.stack.top is table                       # Escape: back to the final board
    app.step(click)
    assert isinstance(app.stack.top, ResultsScene)
    app.step([])
    from knjazja.bots.thinker import shutdown_worker
    from knjazja.ui.scenes.review import ReviewScene
    app.stack.top.on_review()
    assert isinstance(app.stack.top, ReviewScene)
    app.step([])
    app.stack.pop()
    shutdown_worker()
    assert not storage.autosave_path().exists()


def test_a_failing_disk_does_not_stop_the_game(make_app, monkeypatch):
    import os
    app, flow = flow_on(make_app)
    session = flow.start_game(SETUP, seed=9)
    session.flush_autosave()
    good = storage.autosave_path().read_text("utf-8")

    def crash(src, dst):
        raise OSError("disk full")
    with monkeypatch.context() as m:
        m.setattr(os, "replace", crash)
        human_plays(session, 2)              # moves go on
        session.flush_autosave()
        assert session.autosave_error and "disk full" in session.autosave_error
        flow.table.controller.update(0.0)    # the table tells the player, once
        assert any("disk full" in n for n in flow.table.controller.news.texts())
    assert storage.autosave_path().read_text("utf-8") == good


SILENT_SEED = 1   # a 2-player deal whose first player can lay a city or chronicle


def test_hot_seat_hand_over_offers_undo_of_the_previous_move(make_app):
    app, flow = flow_on(make_app)
    setup = dict(SETUP, seats=[{"name": "Olga", "kind": "human"}, {"name": "Vera", "kind": "human"}])
    session = flow.start_game(setup, seed=SILENT_SEED)
    table = flow.table
    for _ in range(400):
        app.step([])
        if isinstance(app.stack.top, PassDeviceScene) or table.controller.can_act():
            break
    if isinstance(app.stack.top, PassDeviceScene):
        app.stack.top.ready()
    # Olga plays a card that reveals nothing (not a draw): the hand-over offers her an undo
    move = next((a for a in session.legal() if a.kind in ("build", "play_city", "chronicle")), None)
    if move is None:
        raise AssertionError("the seed no longer deals a silent first move")
    before = dumps(session.state)
    table.controller.play(move)
    for _ in range(400):
        app.step([])
        if isinstance(app.stack.top, PassDeviceScene):
            break
    over = app.stack.top
    assert isinstance(over, PassDeviceScene) and over.on_undo is not None
    over.undo()
    assert dumps(session.state) == before
    assert app.stack.top is table and table.controller.viewer == 0 and table.controller.can_act()


def test_load_from_the_pause_menu_asks_first_and_rebuilds_the_log(make_app):
    from knjazja.app.store.files import save_game
    from knjazja.ui.scenes.saveload import ConfirmScene, SaveLoadScene
    app, flow = flow_on(make_app)
    old = flow.start_game(SETUP, seed=5)
    human_plays(old, 4)
    storage.saves_dir().mkdir(parents=True, exist_ok=True)
    save_game(old.state, storage.saves_dir() / "Mine.json", old.meta())
    session = flow.start_game(SETUP, seed=9)                # another game is running now
    human_plays(session, 1)
    running = dumps(session.state)
    flow.pause()
    app.stack.top.activate("load")
    loader = app.stack.top
    assert isinstance(loader, SaveLoadScene)
    app.step([])
    assert loader.load_selected()
    assert isinstance(app.stack.top, ConfirmScene)          # asked before replacing
    assert flow.session is session and dumps(session.state) == running
    app.stack.top.answer(False)                            # "no": the game goes on
    assert flow.session is session and app.stack.top is loader
    loader.load_selected()
    app.stack.top.answer(True)
    assert flow.session is not session and dumps(flow.session.state) == dumps(old.state)
    app.step([])
    table = flow.table
    assert table.controller.logged and table.log_panel.lines   # the log is rebuilt from the actions
    assert len(table.controller.logged) == len(old.feed)


def test_load_from_the_main_menu_does_not_ask(make_app):
    from knjazja.app.store.files import save_game
    from knjazja.ui.scenes.saveload import SaveLoadScene
    app, flow = flow_on(make_app)
    old = flow.start_game(SETUP, seed=5)
    human_plays(old, 2)
    storage.saves_dir().mkdir(parents=True, exist_ok=True)
    save_game(old.state, storage.saves_dir() / "Mine.json", old.meta())
    flow.to_menu()
    flow.show_load()
    loader = app.stack.top
    assert isinstance(loader, SaveLoadScene) and loader.load_selected()
    assert isinstance(app.stack.top, TableScene)


def test_locked_statistics_and_series_files_are_reported_not_fatal(make_app, monkeypatch):
    """Windows: an indexer or a second copy of the game holds stats.json / series.json."""
    import os

    from knjazja.app.store import files, series_store, stats
    from knjazja.ui.scenes.results import ResultsScene
    app, flow = flow_on(make_app)
    locked = {stats.stats_path().name, series_store.series_path().name}
    real = os.replace

    def replace(src, dst):
        if os.path.basename(dst) in locked:
            raise PermissionError(13, "being used by another process", str(dst))
        real(src, dst)

    monkeypatch.setattr(files.os, "replace", replace)
    monkeypatch.setattr(files, "_sleep", lambda s: None)
    seats = [{"name": "A", "kind": "easy"}, {"name": "B", "kind": "easy"}]
    session = flow.start_game(dict(SETUP, seats=seats, series=True), seed=4)    # series.json locked
    assert isinstance(app.stack.top, MessageScene)
    assert "series was not saved" in app.stack.top.text and "locked" in app.stack.top.text
    app.stack.pop()
    while not session.over:
        session.bot_step(background=False)
    flow.game_over(session)                                   # stats.json and series.json locked
    assert isinstance(app.stack.top, MessageScene)
    assert "statistics were not saved" in app.stack.top.text
    app.stack.pop()
    assert app.stack.top is flow.table                        # the game went on to its final board
    flow.show_results()
    assert isinstance(app.stack.top, ResultsScene)            # and its results
    app.step([])


@pytest.mark.parametrize("how", ["at start", "on Continue"])
def test_a_damaged_autosave_is_set_aside_told_once_and_continue_goes_grey(make_app, how):
    path = storage.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b'{"format": "knjazja-save", "actions": [')      # cut short
    app = make_app((1280, 720), persist=False)
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    app.step([])
    if how == "at start":
        flow.greet()
    else:
        assert flow.menu.buttons["continue"].is_enabled
        flow.continue_game()
    app.step([])
    top = app.stack.top
    assert isinstance(top, MessageScene) and "autosave" in top.text.lower()
    assert not path.exists() and len(list(path.parent.glob("autosave.damaged-*.json"))) == 1
    app.stack.pop()
    app.step([])
    assert app.stack.top is flow.menu and not flow.menu.buttons["continue"].is_enabled
    assert flow.continue_game() is None
    app.step([])
    assert app.stack.top is flow.menu or not isinstance(app.stack.top, MessageScene) or \
        "autosave" not in app.stack.top.text.lower()              # told once
