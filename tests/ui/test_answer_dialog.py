"""The answer dialog on the table (issue 58): every choice the controller's dialog offers is a
button inside the window, its words whole and inside their button, at 960×540 up to 2560×1440
in both languages; the words are drawn over pygame-gui's buttons; a click on a button plays its
answer; and a seat played over the network (``RemoteSession``) gets the same dialog from the
legal actions its host sends."""
import sys
import threading
from pathlib import Path

import pygame
import pytest
from pygame import Rect

sys.path.insert(0, str(Path(__file__).parents[1] / "app"))

from answer_positions import POSITIONS, defend_condemnation_plunder, defend_many  # noqa: E402

from knjazja.app.session import GameSession, Seat  # noqa: E402
from knjazja.app.store.settings import Settings  # noqa: E402
from knjazja.engine.actions import CONDEMN, WAR_DEFEND  # noqa: E402
from knjazja.ui.table.choice import ChoicePanel, Item  # noqa: E402
from knjazja.ui.table.scene import TableScene  # noqa: E402

NAMES = {"ru": ["Вася", "Ольга", "Ярослав"], "en": ["Vasya", "Olga", "Yaroslav"]}
ISSUE = ("defend_condemnation_plunder", "defend_many")


def settled_table(app, state, lang, frames=3):
    """The table at ``state``, seat 0 (a person) to answer, after ``frames`` whole frames (none:
    only the scene's updates, which lay the dialog out, without drawing)."""
    seats = [Seat(NAMES[lang][0], "human")] + [Seat(n, "easy") for n in NAMES[lang][1:]]
    scene = TableScene(GameSession(seats, state=state), viewer_policy=0, sync_bots=True)
    app.stack.push(scene)
    for _ in range(frames):
        app.step([], 1 / 30)
    if not frames:
        scene.update(1 / 30)
    return scene


def check_drawn(scene, size, where):
    """The panel offers every legal action as a button, inside the window, every word inside
    its button; it shows the controller's dialog."""
    panel = scene.controls.choice
    assert panel.visible, where
    offered = [p for _, p in panel.buttons if not isinstance(p, str)]
    assert sorted(map(str, offered)) == sorted(map(str, scene.session.legal())), where
    from knjazja.app.table import answers
    asked = answers.dialog(scene.controller)
    assert [p for _, p in panel.buttons] == [ch.payload for ch in asked.choices], where
    window = Rect((0, 0), size)
    assert window.contains(panel.rect), (where, panel.rect)
    boxes = panel.label_boxes()
    for i, ((button, lines), choice) in enumerate(zip(boxes, asked.choices)):
        assert panel.rect.contains(button), (where, choice.label)
        assert not any(button.colliderect(other) for other, _ in boxes[i + 1:]), (where, choice.label)
        inside = button.inflate(-6, -2)               # clear of the border and its rounded corners
        assert all(inside.contains(line) for line in lines), (where, choice.label, button, lines)
        assert panel.label_of(choice.payload) == choice.label, (where, "words lost")
    assert all(b.text == "" for b, _ in panel.buttons)      # pygame-gui draws no words of its own to cut
    title = panel.title_boxes()
    first = min(b.top for b, _ in boxes)
    assert title and all(panel.rect.contains(r) and r.bottom <= first for r in title), (where, title)
    assert " ".join(panel.title_lines) == asked.title, where
    return panel


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_every_dialog_is_drawn_whole(make_app, size, lang):
    settings = Settings()
    settings.language = lang
    app = make_app(size, settings=settings, persist=False)
    for name in sorted(POSITIONS):
        scene = settled_table(app, POSITIONS[name](), lang, frames=0)
        check_drawn(scene, size, f"{name} {size} {lang}")
        app.stack.pop()


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (2560, 1440)])
def test_the_issues_dialogs_are_whole_at_the_other_sizes(make_app, size, lang):
    settings = Settings()
    settings.language = lang
    app = make_app(size, settings=settings, persist=False)
    for name in ISSUE:
        check_drawn(settled_table(app, POSITIONS[name](), lang, frames=0), size, f"{name} {size} {lang}")
        app.stack.pop()


def test_the_words_are_drawn_over_the_buttons_and_a_click_answers(make_app):
    app = make_app((960, 540), persist=False)
    scene = settled_table(app, defend_condemnation_plunder(), "en")
    panel = scene.controls.choice
    assert panel.title.replace("\u00a0", " ") == "The Druzhina 1 attacks Smolensk (Strength 1): how will you answer?"
    frame = pygame.Surface(app.size)
    app.draw(frame)
    button, lines = panel.label_boxes()[0]
    ink = [frame.get_at((x, y))[:3] for r in lines for x in range(r.left, r.right) for y in range(r.top, r.bottom)]
    assert any(min(c) > 180 for c in ink), "no light letters on the first button"     # cream on crimson
    condemn = next(p for _, p in panel.buttons if getattr(p, "kind", "") == CONDEMN)
    at = panel.rect_of(condemn).center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))], 1 / 30)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)], 1 / 30)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)], 1 / 30)
    s = scene.session.state
    assert s.history[-1] == condemn and s.war is None


def test_a_long_label_wraps_in_a_narrow_room(make_app):
    """Three columns in a small room: every label whole on up to three lines, inside its button."""
    app = make_app((960, 540), persist=False)
    manager = app.make_ui_manager()
    panel = ChoicePanel()
    long = "Сыграть «Городскую стражу» и отменить «Обманное сватовство», сохранив стены и ров"
    items = [Item(f"{long} {i}", i, main=i < 4) for i in range(6)]
    panel.show(manager, Rect(100, 100, 480, 200), "Отменить «Обманное сватовство»?", items, 0.6, key=None,
               window=Rect(0, 0, 960, 540))
    assert Rect(0, 0, 960, 540).contains(panel.rect)
    for (button, lines), item in zip(panel.label_boxes(), items):
        assert 1 < len(lines) <= 3 and all(button.inflate(-6, -2).contains(r) for r in lines)
        assert panel.label_of(item.payload) == item.label


# --- the same dialog at a network table ---------------------------------------------------------
@pytest.fixture
def served_position():
    """A host on loopback serving a table at a prepared position, seat 0 remote (the window's),
    seats 1 and 2 its bots; yields (url, code, host, table)."""
    from knjazja.net.host import Host, Limits
    from knjazja.net.server import ServerThread
    from knjazja.net.table import Table

    host = Host(limits=Limits(rate=1e6, burst=10**6))
    threads = []

    def serve(state, code="answers"):
        table = Table(code, ["remote", "easy", "easy"], state=state)
        host.tables[code] = table
        host.active[code] = host.clock()
        st = ServerThread(host, port=0)
        st.start()
        threads.append(st)
        return f"ws://127.0.0.1:{st.server.port}", code, st, table
    yield serve
    for st in threads:
        st.stop()


def frames_until(app, bell, done):
    """Frames until ``done()``; no deadline (a hang is stopped by pytest-timeout)."""
    while not done():
        bell.clear()
        app.step([], 1 / 30)
        if not done():
            bell.wait(0.05)          # until the network thread brings something (not a timing assertion)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_network_seat_gets_the_same_dialog(make_app, served_position, lang):
    """Issue 58: 'No answer in hand? Give up Novgorod without an answer' with a lit answer in
    hand at a network table.  Over a RemoteSession the dialog offers the host's legal answers."""
    from knjazja.net.client import ClientSession
    from knjazja.net.remote import RemoteSession
    from knjazja.ui.table.remote_scene import RemoteTableScene

    settings = Settings()
    settings.language = lang
    app = make_app((960, 540), settings=settings, persist=False)
    url, code, server, table = served_position(defend_many())
    bell = threading.Event()
    remote = RemoteSession(ClientSession(url, code, name=NAMES[lang][0], on_arrival=bell.set).start())
    frames_until(app, bell, lambda: remote.update() is not None and remote.ready and bool(remote.legal()))
    scene = RemoteTableScene(remote, settings=settings)
    app.stack.push(scene)
    frames_until(app, bell, lambda: scene.controls.choice.visible)
    from knjazja.app.table import answers
    local = settled_table(app, defend_many(), lang, frames=0)
    want = [(ch.label, ch.payload) for ch in answers.dialog(local.controller).choices]
    want_title = answers.dialog(local.controller).title
    app.stack.pop()
    asked = answers.dialog(scene.controller)
    assert asked.title == want_title
    assert [(ch.label, ch.payload) for ch in asked.choices] == want          # the same dialog, word for word
    assert set(asked.actions()) == set(remote.client.legal)
    panel = check_drawn(scene, (960, 540), f"network {lang}")
    condemn = next(p for _, p in panel.buttons if getattr(p, "kind", "") == CONDEMN)
    before = server.call(lambda: len(table.state.history))
    scene.controller.pointer.choose(condemn)
    frames_until(app, bell, lambda: server.call(lambda: table.state.decision.kind != WAR_DEFEND))
    assert server.call(lambda: table.state.history[before]) == condemn       # the host played it (its bots go on)
    app.stack.clear()


def test_no_card_beneath_the_dialog_zooms_over_it(make_app):
    """At 960×540 the dialog covers the war's cards: hovering its buttons shows no zoomed card."""
    app = make_app((960, 540), persist=False)
    scene = settled_table(app, defend_many(), "ru", frames=1)
    panel = scene.controls.choice.rect
    beneath = [(x, y) for x in range(panel.left, panel.right, 4) for y in range(panel.top, panel.bottom, 4)
               if scene.board.card_at((x, y), scene.controller.view) is not None]
    assert beneath, "the dialog no longer covers a card: pick a position where it does"
    assert all(scene.card_at(p) is None for p in beneath)
