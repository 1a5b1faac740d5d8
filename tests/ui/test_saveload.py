"""Named saves: a good save and an unreadable one side by side; load, save, delete."""
import json
import random

import pygame
import pytest

from knjazja.app.store import storage
from knjazja.app.session import GameSession, Seat
from knjazja.engine import apply, legal_actions
from knjazja.ui.scenes.saveload import ConfirmScene, SaveLoadScene, players_line, save_path, scan_saves


def session(moves: int = 25) -> GameSession:
    s = GameSession([Seat("Ярослав", "human"), Seat("Олег", "hard"), Seat("Игорь", "easy")], seed=11)
    rng = random.Random(3)
    for _ in range(moves):
        if s.state.over:
            break
        apply(s.state, rng.choice(legal_actions(s.state)))
    return s


@pytest.fixture
def saves(knjazja_home):
    d = storage.saves_dir()
    d.mkdir(parents=True)
    good = session()
    good.save_to(d / "good one.json")
    (d / "damaged.json").write_text("{not json at all", encoding="utf-8")
    (d / "foreign.json").write_text(json.dumps({"hello": "world"}), encoding="utf-8")
    (d / "future.json").write_text(json.dumps({"format": "knjazja-save", "version": 99}), encoding="utf-8")
    return good


def test_good_and_unreadable_saves_side_by_side(saves):
    entries = {e.name: e for e in scan_saves()}
    assert set(entries) == {"good one", "damaged", "foreign", "future"}
    assert entries["good one"].readable and entries["good one"].error is None
    for name in ("damaged", "foreign", "future"):
        e = entries[name]
        assert not e.readable and e.error and "\n" not in e.error
    assert "newer" in entries["future"].error
    assert "Ярослав" in players_line(entries["good one"].meta)


def test_load_the_good_one(make_app, saves):
    loaded = []
    app = make_app((1280, 720))
    scene = app.stack.push(SaveLoadScene("load", on_load=lambda st, meta: loaded.append((st, meta))))
    app.step([])
    names = [e.name for e in scene.entries]
    # an unreadable save cannot be loaded
    scene.select(names.index("damaged"))
    assert not scene.action_button.is_enabled and not scene.load_selected()
    # the good one loads by a click on its row and the Load button
    index = names.index("good one")
    row_y = scene.scroll.view.top + index * scene._row_h + scene._row_h // 2
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(scene.scroll.view.centerx, row_y), button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(scene.scroll.view.centerx, row_y), button=1)])
    assert scene.selected == index and scene.action_button.is_enabled
    pos = scene.action_button.rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    assert len(loaded) == 1
    state, meta = loaded[0]
    assert state.history == saves.state.history and meta["seats"][0]["name"] == "Ярослав"
    rebuilt = GameSession(GameSession.seats_from_meta(meta, state.n), state=state)
    assert rebuilt.legal() == saves.legal()


def test_save_with_a_name_then_overwrite_with_confirmation(make_app, knjazja_home):
    s = session(10)
    saved = []
    app = make_app((1920, 1080))
    app.set_language("ru")
    scene = app.stack.push(SaveLoadScene("save", session=s, on_saved=saved.append))
    app.step([])
    assert scene.name_entry.get_text()                 # a default name
    scene.name_entry.set_text("Вечерняя партия")
    app.step([pygame.event.Event(pygame.UI_TEXT_ENTRY_CHANGED if hasattr(pygame, "UI_TEXT_ENTRY_CHANGED")
                                 else __import__("pygame_gui").UI_TEXT_ENTRY_CHANGED,
                                 text="Вечерняя партия", ui_element=scene.name_entry)])
    path = scene.save()
    assert path == save_path("Вечерняя партия") and path.is_file()
    assert saved == [path] and not list(path.parent.glob("*.tmp"))
    assert [e.name for e in scene.entries] == ["Вечерняя партия"] and scene.entries[0].readable
    # saving again under the same name asks first
    apply(s.state, legal_actions(s.state)[0])
    assert scene.save() is None
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    app.step([])
    confirm.answer(True)
    assert len(saved) == 2
    assert scan_saves()[0].state.history == s.state.history


def test_delete_asks_first(make_app, saves):
    app = make_app((1280, 720))
    scene = app.stack.push(SaveLoadScene("load", on_load=lambda *a: None))
    app.step([])
    names = [e.name for e in scene.entries]
    scene.select(names.index("damaged"))
    scene.delete_selected()
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    app.step([])
    confirm.answer(False)
    assert len(scene.entries) == 4
    scene.select([e.name for e in scene.entries].index("damaged"))
    scene.delete_selected()
    app.stack.top.answer(True)
    assert sorted(e.name for e in scene.entries) == ["foreign", "future", "good one"]
    assert not (storage.saves_dir() / "damaged.json").exists()


def test_save_mode_needs_a_session():
    with pytest.raises(ValueError):
        SaveLoadScene("save")
    with pytest.raises(ValueError):
        SaveLoadScene("print")


def test_save_names_keep_every_printable_character(make_app, knjazja_home):
    """"#1" is listed as "#1" (its file is named safely), and "_1" is another save."""
    s = session(5)
    app = make_app((1280, 720))
    scene = app.stack.push(SaveLoadScene("save", session=s))
    app.step([])
    for name in ("#1", "_1", "Партия: «Киев»?"):
        scene.name = name
        path = scene.save()
        assert path is not None and path.is_file()
        assert all(ch not in path.name for ch in '#:?«»')     # the file name is made safe
    names = {e.name for e in scan_saves()}
    assert names == {"#1", "_1", "Партия: «Киев»?"}
    scene.name = "#1"                                         # the same name again: overwrite, asked
    assert scene.save() is None and isinstance(app.stack.top, ConfirmScene)
@pytest.mark.parametrize("key", [pygame.K_DELETE, pygame.K_BACKSPACE])    # Backspace: a Mac's Delete
def test_delete_and_backspace_key_ask_to_delete(make_app, saves, key):
    app = make_app((1280, 720))
    scene = app.stack.push(SaveLoadScene("load", on_load=lambda *a: None))
    app.step([])
    scene.select([e.name for e in scene.entries].index("damaged"))
    app.step([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])
    assert isinstance(app.stack.top, ConfirmScene)


@pytest.mark.parametrize("name", ["CON", "con", "Nul", "AUX", "PRN", "COM1", "lpt9", "COM¹", " con "])
def test_save_names_are_never_windows_devices(name):
    safe = storage.safe_name(name)
    assert safe.upper() not in storage.WINDOWS_DEVICE_NAMES
    assert safe.upper().startswith(name.strip().upper())        # still recognisably the name
    assert storage.safe_name("CONSOLE") == "CONSOLE" and storage.safe_name("COM10") == "COM10"
    assert save_path(name).stem.upper() not in storage.WINDOWS_DEVICE_NAMES
