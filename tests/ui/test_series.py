"""The series file and the standings screen."""
import json

import pygame
import pytest

from knjazja.app import series_store
from knjazja.app.session import Seat
from knjazja.engine import Series
from knjazja.ui.scenes.series import SeriesScene, leaders

SEATS = [{"name": "Ярослав", "kind": "human"}, {"name": "Олег", "kind": "hard"}, {"name": "Игорь", "kind": "easy"}]


def played(*games) -> Series:
    s = Series(3)
    for g in games:
        s.add_game(list(g), s.next_starter())
    return s


def test_round_trip_survives_a_restart(knjazja_home):
    assert series_store.load_series() is None
    s = played([14, 22, 9], [18, 11, 30])
    path = series_store.save_series(s, [Seat(**x) for x in SEATS])
    assert path.parent == knjazja_home and not list(knjazja_home.glob("*.tmp"))
    stored = series_store.load_series()
    assert stored.series.to_json() == s.to_json()
    assert stored.seats == SEATS and stored.names()[0] == "Ярослав"
    assert series_store.has_series()
    series_store.clear_series()
    assert series_store.load_series() is None


@pytest.mark.parametrize("junk", [
    "{broken",
    json.dumps({"format": "something else"}),
    json.dumps({"format": "knjazja-series", "version": 99, "series": {}, "seats": []}),
    json.dumps({"format": "knjazja-series", "version": 1, "seats": SEATS,
                "series": {"n": 3, "totals": [1, 2, 3], "games": [[9, 9, 9]], "starters": [0]}}),
    json.dumps({"format": "knjazja-series", "version": 1, "seats": SEATS[:2],
                "series": {"n": 3, "totals": [0, 0, 0], "games": [], "starters": []}}),
])
def test_a_damaged_file_is_set_aside_with_a_message(knjazja_home, junk):
    from knjazja.app import notices
    knjazja_home.mkdir(parents=True, exist_ok=True)
    series_store.series_path().write_text(junk, encoding="utf-8")
    assert series_store.load_series() is None
    told = notices.take()
    assert [n.key for n in told] == ["storage.damaged.series"]
    assert not series_store.series_path().exists()             # set aside: the message shows once
    kept = list(knjazja_home.glob("series.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == junk
    assert told[0].params["name"] == kept[0].name
    assert series_store.load_series() is None and not notices.take()


def test_seats_must_match():
    with pytest.raises(ValueError):
        series_store.save_series(played([1, 2, 3]), SEATS[:2])


def test_standings_screen_next_and_menu(make_app):
    s = played([14, 22, 9], [18, 11, 30])
    calls = []
    app = make_app((1280, 720))
    scene = app.stack.push(SeriesScene(s, SEATS, on_next=lambda: calls.append("next"),
                                       on_menu=lambda: calls.append("menu")))
    app.step([])
    assert leaders(s) == [2]
    for button in (scene.next_button, scene.menu_button):
        pos = button.rect.center
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    assert calls == ["next", "menu"]


def test_finished_series_names_the_winner(make_app):
    s = played([60, 20, 10], [45, 30, 20])
    assert s.over and s.winners() == [0]
    calls = []
    app = make_app((1920, 1080))
    app.set_language("ru")
    scene = app.stack.push(SeriesScene(s, SEATS, on_next=lambda: calls.append("next"),
                                       on_menu=lambda: calls.append("menu")))
    app.step([])
    assert scene.next_button is None
    scene.next_game()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)])
    assert calls == ["menu"]


def test_many_games_still_fit(make_app):
    s = Series(8, target=1000)
    for i in range(30):
        s.add_game([(i * 7 + k * 3) % 20 for k in range(8)], s.next_starter())
    seats = [{"name": f"Князь {i}", "kind": "human"} for i in range(8)]
    app = make_app((1280, 720))
    app.stack.push(SeriesScene(s, seats, on_next=lambda: None, on_menu=lambda: None))
    app.step([])
