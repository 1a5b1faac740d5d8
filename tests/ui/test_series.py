"""The series file and the standings screen."""
import json

import pygame
import pytest

from knjazja.app.store import series_store
from knjazja.app.store.settings import MIN_WINDOW_SIZE
from knjazja.app.session import Seat
from knjazja.engine import Series
from knjazja.ui import style
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
    from knjazja.app.store import notices
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


@pytest.mark.parametrize("size", [MIN_WINDOW_SIZE, (1280, 720), (1920, 1080)])
def test_many_games_still_fit(make_app, size):
    """Eight princes and thirty games: every row, column and line inside the panel and the
    window, none over another or over the buttons; the oldest games fold into one column."""
    s = Series(8, target=1000)
    for i in range(30):
        s.add_game([(i * 7 + k * 3) % 20 for k in range(8)], s.next_starter())
    seats = [{"name": f"Князь {i}", "kind": "human"} for i in range(8)]
    app = make_app(size)
    scene = app.stack.push(SeriesScene(s, seats, on_next=lambda: None, on_menu=lambda: None))
    rows, grids, verdict = [], [], []
    draw_row, grid, draw_verdict = scene._draw_row, scene._grid, scene._draw_verdict
    scene._draw_row = lambda surface, g, row, i: (rows.append(row.copy()), draw_row(surface, g, row, i))
    scene._grid = lambda inner: grids.append(grid(inner)) or grids[-1]
    scene._draw_verdict = lambda surface, inner, y: (verdict.append(y), draw_verdict(surface, inner, y))
    app.step([])
    window = pygame.Rect((0, 0), app.size)
    buttons = [scene.menu_button.rect, scene.next_button.rect]
    assert len(rows) == 8 and len(grids) == 1 and len(verdict) == 1
    assert all(window.contains(b) and scene.panel.contains(b) for b in buttons)
    for row in rows:
        assert scene.panel.contains(row) and window.contains(row), row
        assert row.height >= scene.px(21), row           # a name's line of text at least
        assert not any(row.colliderect(b) for b in buttons), row
    assert all(a.bottom <= b.top for a, b in zip(rows, rows[1:])), rows   # one under another
    # the two lines under the table (who leads, who starts) end above the buttons
    line = style.font("body", scene.px(21)).get_linesize() + scene.px(4)
    assert rows[-1].bottom < verdict[0] and verdict[0] + 2 * line <= min(b.top for b in buttons)
    g = grids[0]
    columns = len(g.games) + (1 if g.hidden else 0)
    assert g.hidden and len(g.hidden) + len(g.games) == 30          # the oldest games are folded
    assert g.inner.left < g.x_games and g.x_games + columns * g.game_w <= g.x_total
    assert g.x_total + g.total_w <= g.x_bar and g.bar_w > 0 and g.x_bar + g.bar_w <= g.inner.right
