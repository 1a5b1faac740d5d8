"""The window never dies on a file, and a crash leaves a report and the game.

Crafted saves at Continue and Load, any junk in the saves folder, damaged statistics, series
and settings told once in a message box, a crash in the frame loop, temporary files of
interrupted writes.
"""
import json
import os

import pygame
import pytest

from knjazja.app.store import crash, files, stats, storage
from knjazja.app.wording.i18n import tr
from knjazja.engine import dumps, saves
from knjazja.ui.main import GameFlow
from knjazja.ui.scene_stack import Scene
from knjazja.ui.scenes.message import MessageScene
from knjazja.ui.scenes.results import ResultsScene
from knjazja.ui.scenes.saveload import ConfirmScene, SaveLoadScene
from knjazja.ui.table.scene import TableScene
from monkey_scenes import UNDRAWABLE_FILE_NAME, make_dangling_link, play_to_the_end, write_impossible_save

SETUP = {"seats": [{"name": "Olga", "kind": "human"}, {"name": "Igor", "kind": "easy"},
                   {"name": "Oleg", "kind": "easy"}],
         "first_player": 0, "options": {"strict_defence": False, "invasion_first_round": False}}


def flow_on(make_app, **kw):
    app = make_app((1280, 720), persist=False)
    flow = GameFlow(app, sync_bots=True)
    app.stack.push(flow.menu)
    app.step([])
    return app, flow


def played_some(flow, seed=11, moves=25):
    session = flow.start_game(SETUP, seed=seed)
    for _ in range(moves):
        if session.human_to_decide():
            session.play(session.legal()[-1])
        else:
            session.bot_step(background=False)
    return session


def finish(app, session) -> None:
    """Play the game to its end and let the table see it (it records the game)."""
    play_to_the_end(session)
    for _ in range(3):
        app.step([])


def click(app, rect):
    pos = rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


# -- a save with a card that does not exist ---------------------------------------------------
def test_continue_on_an_autosave_with_an_impossible_card_says_so_and_the_game_goes_on(make_app, tmp_path):
    app, flow = flow_on(make_app)
    played_some(flow)
    app.stack.pop_to(flow.menu)
    good = tmp_path / "good.json"
    good.write_text(storage.autosave_path().read_text("utf-8"), "utf-8")
    write_impossible_save(good, storage.autosave_path())
    assert flow.menu.buttons["continue"].is_enabled
    bad = storage.autosave_path().read_text("utf-8")
    moves = len(json.loads(bad)["actions"])
    click(app, flow.menu.buttons["continue"].rect)
    app.step([])                                          # told (once) as the frame begins
    message = app.stack.top
    assert isinstance(message, MessageScene)
    # one line in the player's language, naming the move that cannot be replayed
    assert message.text.startswith(tr("save_error.invalid_move", at=moves))
    app.step([])
    click(app, message.ok.rect)
    # set aside like any damaged file, not lost; Continue has nothing to offer now
    kept = list(storage.autosave_path().parent.glob("autosave.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text("utf-8") == bad and kept[0].name in message.text
    assert app.stack.top is flow.menu and not storage.autosave_path().exists()
    assert not flow.menu.buttons["continue"].is_enabled
    session = flow.start_game(SETUP, seed=2)                                    # the game goes on
    app.step([])
    assert isinstance(app.stack.top, TableScene) and not session.over


def test_load_lists_a_save_with_an_impossible_card_as_unreadable_and_the_game_goes_on(make_app):
    app, flow = flow_on(make_app)
    session = played_some(flow)
    saves_dir = storage.saves_dir()
    session.save_to(saves_dir / "good.json")
    write_impossible_save(saves_dir / "good.json", saves_dir / "bad card.json")
    before = dumps(session.state)
    flow.pause()
    app.step([])
    app.stack.top.activate("load")
    scene = app.stack.top
    assert isinstance(scene, SaveLoadScene)
    names = [e.name for e in scene.entries]
    bad = scene.entries[names.index("bad card")]
    moves = len(json.loads((saves_dir / "bad card.json").read_text("utf-8"))["actions"])
    assert not bad.readable and bad.error == tr("save_error.invalid_move", at=moves)
    scene.select(names.index("bad card"))
    app.step([])
    assert not scene.action_button.is_enabled and not scene.load_selected()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert app.stack.top is flow.table and dumps(flow.session.state) == before   # the game goes on
    app.step([])


def test_the_saves_folder_may_hold_anything(make_app):
    saves_dir = storage.saves_dir()
    saves_dir.mkdir(parents=True)
    (saves_dir / "garbage.json").write_bytes(b"\x00\xff\x81 garbage")
    (saves_dir / "list.json").write_text("[1, 2, 3]")
    (saves_dir / "huge.json").write_bytes(b" " * (saves.MAX_SAVE_BYTES + 5))
    (saves_dir / "folder.json").mkdir()
    make_dangling_link(saves_dir / "dangling.json")
    (saves_dir / UNDRAWABLE_FILE_NAME).write_bytes(b"\xff\xfe")       # name and text not UTF-8
    far_future = saves_dir / "far future.json"
    far_future.write_text("{}")
    os.utime(far_future, (10**15, 10**15))
    storage.autosave_path().mkdir()                                          # a folder as autosave
    app, flow = flow_on(make_app)
    assert not flow.menu.buttons["continue"].is_enabled or flow.continue_game() is None
    flow.show_load()
    scene = app.stack.top
    assert {e.name for e in scene.entries} == {"garbage", "list", "huge", "caf", "far future"}
    assert not any(e.readable for e in scene.entries)
    for i in range(len(scene.entries)):
        scene.select(i)
        app.step([])


def test_names_no_font_can_draw_are_cleaned_when_a_save_is_read(make_app, tmp_path):
    app, flow = flow_on(make_app)
    session = played_some(flow, moves=3)
    data = json.loads(dumps(session.state, {"seats": [{"name": "A\u0000b", "kind": "human"},
                                                      {"name": "\u2028" + "x" * 10_000, "kind": "easy"},
                                                      {"name": 7, "kind": "easy"}]}))
    app.stack.pop_to(flow.menu)                   # the table closes: its autosave is written
    storage.autosave_path().write_text(json.dumps(data), "utf-8")
    storage.saves_dir().mkdir(parents=True, exist_ok=True)
    (storage.saves_dir() / "odd names.json").write_text(json.dumps(data), "utf-8")
    flow.show_load()
    app.step([])
    app.stack.pop()
    resumed = flow.continue_game()
    assert [s.name for s in resumed.seats] == ["A b", "x" * 24, "Player 3"]
    app.step([])


def test_a_data_folder_that_is_a_file_stops_nothing(make_app, knjazja_home):
    knjazja_home.parent.mkdir(parents=True, exist_ok=True)
    knjazja_home.write_text("not a folder")
    app, flow = flow_on(make_app)
    assert not flow.menu.buttons["continue"].is_enabled
    flow.show_load()
    app.step([])
    assert not app.stack.top.entries
    app.stack.pop()
    session = flow.start_game(dict(SETUP, series=True), seed=4)          # nothing can be written
    app.step([])
    session.flush_autosave()
    assert session.autosave_error
    finish(app, session)
    assert "not saved" in app.stack.top.text                             # told, not fatal
    assert crash.write_report(RuntimeError("boom")) is None


# -- statistics, series and settings that are damaged -------------------------------------------
def test_damaged_statistics_are_set_aside_told_once_and_the_next_game_is_recorded(make_app, knjazja_home):
    knjazja_home.mkdir(parents=True)
    stats.stats_path().write_text('{"games": "many", "levels": 3}', "utf-8")
    app, flow = flow_on(make_app)
    session = flow.start_game(SETUP, seed=4)
    finish(app, session)                     # the final board stays, with a Results button
    told = app.stack.top
    assert isinstance(told, MessageScene) and "statistics file is damaged" in told.text and "renamed" in told.text
    kept = list(knjazja_home.glob("stats.damaged-*.json"))
    assert len(kept) == 1 and kept[0].name in told.text
    told.close()
    assert stats.load_stats()["games"] == 1                                 # recorded afresh
    flow.show_stats()
    app.step([])
    assert type(app.stack.top).__name__ == "StatsScene"                      # told once
    assert kept[0].read_text("utf-8") == '{"games": "many", "levels": 3}'  # still there


def test_damaged_settings_are_told_when_the_window_opens(knjazja_home):
    from knjazja.ui.app import App
    knjazja_home.mkdir(parents=True)
    (knjazja_home / "settings.json").write_text("{{{", "utf-8")
    app = App()
    try:
        flow = GameFlow(app)
        app.stack.push(flow.menu)
        app.step([])
        assert isinstance(app.stack.top, MessageScene) and "settings file" in app.stack.top.text
        assert list(knjazja_home.glob("settings.damaged-*.json"))
    finally:
        app.stack.clear()
        pygame.display.quit()


def test_a_damaged_series_is_told_when_its_game_is_continued(make_app, knjazja_home):
    app, flow = flow_on(make_app)
    session = flow.start_game(dict(SETUP, series=True), seed=4)
    app.stack.pop_to(flow.menu)
    (knjazja_home / "series.json").write_text('{"format": "knjazja-series", "version": 1}', "utf-8")
    resumed = flow.continue_game()
    app.step([])
    assert isinstance(app.stack.top, MessageScene) and "series file" in app.stack.top.text
    assert not resumed.series and flow.series is None
    app.stack.top.close()
    finish(app, resumed)                                                     # a game of its own now
    assert session is not resumed


# -- series: found by the monkey ----------------------------------------------------------------
def test_a_new_game_after_a_series_is_no_part_of_it(make_app):
    from knjazja.app.store import series_store
    app, flow = flow_on(make_app)
    flow.start_game(dict(SETUP, series=True), seed=4)
    app.stack.pop_to(flow.menu)
    four = dict(SETUP, seats=SETUP["seats"] + [{"name": "Gleb", "kind": "easy"}])
    session = flow.start_game(four, seed=5)
    assert not session.series and flow.series is None
    finish(app, session)                          # a 4-seat game was added to a 3-seat series
    flow.show_results()
    assert isinstance(app.stack.top, ResultsScene) and not series_store.load_series().series.games


def test_a_save_from_another_series_is_played_as_a_game_of_its_own(make_app):
    from knjazja.app.store import series_store
    app, flow = flow_on(make_app)
    old = flow.start_game(dict(SETUP, series=True), seed=4)
    old.save_to(storage.saves_dir() / "old series.json")
    four = dict(SETUP, seats=SETUP["seats"] + [{"name": "Gleb", "kind": "easy"}], series=True)
    flow.start_game(four, seed=5)                 # a new series, of four princes
    state, meta = storage.load_game(storage.saves_dir() / "old series.json")
    resumed = flow.load_session(state, meta)
    assert not resumed.series and flow.series is None
    finish(app, resumed)
    assert series_store.load_series().series.n == 4 and not series_store.load_series().series.games


def test_the_next_game_of_a_series_keeps_its_princes_after_a_restart(make_app):
    app, flow = flow_on(make_app)
    flow.start_game(dict(SETUP, series=True), seed=4)
    app.stack.clear()
    app2, flow2 = flow_on(make_app)               # a new start: no setup remembered
    app2.settings.last_setup = dict(SETUP, seats=SETUP["seats"][:2])
    resumed = flow2.continue_game()
    assert resumed.series
    finish(app2, resumed)
    flow2.play_again()
    flow2.app.stack.top.on_next()
    assert [s.name for s in flow2.session.seats] == ["Olga", "Igor", "Oleg"] and flow2.session.series


# -- a crash -------------------------------------------------------------------------------------
class Bomb(Scene):
    """A scene with a bug: it raises on its first frame."""

    def update(self, dt):
        raise RuntimeError("a bug in a scene")


def test_a_crash_writes_a_report_keeps_the_autosave_and_the_next_start_offers_continue(make_app):
    app, flow = flow_on(make_app)
    session = played_some(flow, moves=12)
    session.flush_autosave()
    autosave = storage.autosave_path().read_text("utf-8")
    app.stack.push(Bomb())
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q", scancode=0))
    with pytest.raises(RuntimeError, match="a bug in a scene"):
        app.run()
    [report] = list(crash.reports_dir().glob("crash-*.txt"))
    text = report.read_text("utf-8")
    for expected in ("RuntimeError: a bug in a scene", "Knjaz'ja 0.", "Python ", "KeyDown key=113",
                     f"{len(session.state.history)} actions", dumps(session.state, session.meta())):
        assert expected in text
    assert storage.autosave_path().read_text("utf-8") == autosave            # the game is kept
    app2, flow2 = flow_on(make_app)
    flow2.greet()
    offer = app2.stack.top
    assert isinstance(offer, ConfirmScene) and str(report) in offer.text
    app2.step([])
    offer.answer(True)
    assert isinstance(app2.stack.top, TableScene) and dumps(flow2.session.state) == dumps(session.state)
    flow2.greet()
    assert isinstance(app2.stack.top, TableScene)                            # told once


def test_a_crash_without_a_game_is_named_without_an_offer(make_app):
    crash.write_report(RuntimeError("boom"))
    app, flow = flow_on(make_app)
    flow.greet()
    assert isinstance(app.stack.top, MessageScene) and "crash-reports" in app.stack.top.text
    app.step([])


# -- interrupted writes --------------------------------------------------------------------------
def test_temporary_files_of_interrupted_writes_are_cleaned_at_start(knjazja_home):
    storage.saves_dir().mkdir(parents=True)
    stale = [knjazja_home / "autosave.json.x1y2.tmp", storage.saves_dir() / "mine.json.abc.tmp"]
    fresh = knjazja_home / "stats.json.q9.tmp"                  # a second copy writing right now
    other = knjazja_home / "notes.tmp"
    for p in (*stale, fresh, other):
        p.write_text("half a file")
    for p in (*stale, other):
        os.utime(p, (1_000_000, 1_000_000))
    assert sorted(storage.clean_temporary_files()) == sorted(stale)
    assert fresh.exists() and other.exists() and not any(p.exists() for p in stale)


@pytest.mark.skipif(os.name != "posix", reason="folders are fsynced on POSIX only")
def test_the_folder_is_fsynced_after_the_rename(tmp_path, monkeypatch):
    opened, order = {}, []
    real_open, real_fsync, real_replace = os.open, os.fsync, os.replace

    def record_open(path, flags, *a, **kw):
        fd = real_open(path, flags, *a, **kw)
        opened[fd] = os.fspath(path)
        return fd

    def record_fsync(fd):
        order.append("fsync " + opened.get(fd, "file"))
        real_fsync(fd)

    def record_replace(src, dst):
        order.append("replace")
        real_replace(src, dst)

    monkeypatch.setattr(files.os, "open", record_open)
    monkeypatch.setattr(files.os, "fsync", record_fsync)
    monkeypatch.setattr(files.os, "replace", record_replace)
    files.write_atomic(tmp_path / "stats.json", "{}")
    assert order[0].endswith(".tmp") and order[1:] == ["replace", f"fsync {tmp_path}"]


def test_the_start_cleans_temporary_files_and_names_the_last_crash(knjazja_home, monkeypatch):
    from knjazja.ui import main
    from knjazja.ui.app import App
    knjazja_home.mkdir(parents=True)
    stale = knjazja_home / "stats.json.k3j.tmp"
    stale.write_text("half a file")
    os.utime(stale, (1_000_000, 1_000_000))
    crash.write_report(RuntimeError("boom"))
    seen = []
    real_run = App.run

    def run_one_frame(app, scene=None):
        seen.append([type(s).__name__ for s in app.stack])
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        real_run(app, scene)

    monkeypatch.setattr(App, "run", run_one_frame)
    assert main.run() == 0
    assert not stale.exists() and crash.take_pending() is None
    assert seen == [["MenuScene", "MessageScene"]]


def test_the_statistics_screen_shows_a_stored_time_from_the_far_future(make_app, knjazja_home):
    knjazja_home.mkdir(parents=True)
    data = stats.empty_stats() | {"games": 1, "last_played": "9999-12-31T23:59:59-12:00"}
    stats.stats_path().write_text(json.dumps(data), "utf-8")
    app, flow = flow_on(make_app)
    flow.show_stats()
    app.step([])                      # astimezone() of that moment overflowed while drawing
    assert app.stack.top.stats["games"] == 1
