"""Statistics: record, load, reset; damaged files never stop the game; the screen's Reset."""
import json

import pygame

from knjazja.app.store import stats
from knjazja.ui.scenes.saveload import ConfirmScene
from knjazja.ui.scenes.stats import StatsScene

H = {"name": "Я", "kind": "human"}


def test_level_of_a_game():
    assert stats.game_level([H, {"name": "b", "kind": "easy"}, {"name": "c", "kind": "hard"}]) == "hard"
    assert stats.game_level([H, {"name": "b", "kind": "normal"}]) == "normal"
    assert stats.game_level([H, dict(H, name="Ты")]) == "hotseat"


def test_record_load_reset_round_trip(knjazja_home):
    assert stats.load_stats() == stats.empty_stats()
    stats.record_game([H, {"name": "b", "kind": "normal"}, {"name": "c", "kind": "easy"}], [14, 9, 3], [0])
    stats.record_game([H, {"name": "b", "kind": "hard"}], [5, 17], [1])
    stats.record_game([H, dict(H, name="Ты")], [11, 11], [0, 1])          # shared hot-seat win
    stats.record_game([{"name": "b", "kind": "easy"}, {"name": "c", "kind": "hard"}], [3, 4], [1])
    s = stats.load_stats()
    assert stats.stats_path().is_file() and stats.stats_path().parent == knjazja_home
    assert s["games"] == 4 and s["watched"] == 1
    assert s["levels"]["normal"] == {"games": 1, "seats": 1, "wins": 1}
    assert s["levels"]["hard"] == {"games": 1, "seats": 1, "wins": 0}
    assert s["levels"]["hotseat"] == {"games": 1, "seats": 2, "wins": 2}
    assert s["levels"]["easy"] == {"games": 0, "seats": 0, "wins": 0}
    assert s["glory_best"] == 14 and s["glory_count"] == 4
    assert stats.mean_glory(s) == (14 + 5 + 11 + 11) / 4
    assert stats.human_wins(s) == 1
    stats.reset_stats()
    assert stats.load_stats() == stats.empty_stats()
    assert not list(knjazja_home.glob("*.tmp"))


def test_damaged_files_are_tolerated_and_set_aside(knjazja_home):
    knjazja_home.mkdir(parents=True, exist_ok=True)
    junks = ("{not json", json.dumps([1, 2]), json.dumps({"levels": {"easy": {"games": -3}}}),
             json.dumps({"levels": {}, "games": 10**30}))
    for junk in junks:
        stats.stats_path().write_text(junk, encoding="utf-8")
        assert stats.load_stats() == stats.empty_stats()
        assert not stats.stats_path().exists() and not stats.stats_damaged()
    kept = sorted(knjazja_home.glob("stats.damaged-*.json"))
    assert sorted(p.read_text(encoding="utf-8") for p in kept) == sorted(junks)   # nothing lost
    s = stats.record_game([H, {"name": "b", "kind": "easy"}], [6, 2], [0])
    assert s["games"] == 1 and s["levels"]["easy"]["wins"] == 1
    assert stats.load_stats()["games"] == 1 and len(list(knjazja_home.glob("stats.damaged-*"))) == 4


def test_stats_scene_reset_asks_first(make_app):
    stats.record_game([H, {"name": "b", "kind": "normal"}], [9, 4], [0])
    app = make_app((1280, 720))
    app.set_language("ru")
    scene = app.stack.push(StatsScene())
    app.step([])
    assert scene.stats["games"] == 1
    pos = scene.reset_button.rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    app.step([])
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert app.stack.top is scene and stats.load_stats()["games"] == 1
    scene.ask_reset()
    app.step([])
    app.stack.top.answer(True)
    app.step([])
    assert app.stack.top is scene
    assert stats.load_stats()["games"] == 0 and scene.stats["games"] == 0
