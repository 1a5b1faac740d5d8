"""The game table, headless: a whole game played through the scene's own mouse handling,
refused drops, hot seat and spectators, and the layout at every player count."""
import random

import pygame
import pytest

import table_probes as P
from knjazja.app.wording import i18n
from knjazja.app.session import GameSession, Seat
from knjazja.app.store.settings import Settings
from knjazja.engine import Action, apply, legal_actions, new_game
from knjazja.engine.cards import CARD_ID, INSTANCES
from knjazja.engine.state import City
from knjazja.ui.scene_stack import Scene
from knjazja.ui.table.overlays import DiscardScene
from knjazja.ui.table.scene import TableScene

DT = 0.1   # the longest frame App.step allows: animations finish in a frame or two


# -- mouse helpers --------------------------------------------------------------------------
def motion(pos, buttons=(0, 0, 0)):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def click(app, pos, button=1):
    pos = (int(pos[0]), int(pos[1]))
    app.step([motion(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)], DT)


def drag(app, src, dst):
    src, dst = (int(src[0]), int(src[1])), (int(dst[0]), int(dst[1]))
    app.step([motion(src), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=src, button=1)], DT)
    mid = ((src[0] + dst[0]) // 2, (src[1] + dst[1]) // 2)
    app.step([motion(mid, (1, 0, 0))], DT)
    app.step([motion(dst, (1, 0, 0))], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=dst, button=1)], DT)


def make_table(make_app, seats, seed=7, size=(1280, 720), state=None, lang="en", **kw):
    settings = Settings()
    settings.animation_speed = 3.0
    settings.language = lang
    app = make_app(size, settings=settings, persist=False)
    session = GameSession(seats, seed=seed, state=state)
    over = []
    scene = TableScene(session, on_game_over=over.append, sync_bots=True, **kw)
    app.stack.push(scene)
    app.step([], DT)
    return app, session, scene, over


def settle(app, scene, limit=400):
    """Step frames until nothing animates and nobody but a human must decide (bounded)."""
    for _ in range(limit):
        if scene.session.over and not scene.controller.busy:
            app.step([], DT)
            return
        if scene.controller.can_act():
            return
        app.step([], DT)
    raise AssertionError("the table never came to rest")


# -- turning an action into clicks, as a player would -------------------------------------
def hand_instances(session, seat, cards):
    """Instances in hand standing for ``cards`` (identical copies are interchangeable)."""
    pool = list(session.state.hands[seat])
    out = []
    for c in cards:
        pick = next(x for x in pool if CARD_ID[x] == CARD_ID[c])
        pool.remove(pick)
        out.append(pick)
    return out


def target_rect(scene, a: Action):
    s = scene.session.state
    k = a.kind
    if k in ("build", "war"):
        return P.rect_of_city(scene, a.city)
    if k in ("play_city", "pass_igor"):
        return P.rect_of_seat(scene, a.seat)
    if k == "chronicle":
        return P.rect_of_city(scene, a.city) if a.city >= 0 else P.rect_of_seat(scene, a.seat)
    if k == "event":
        if a.target >= 0:
            return P.rect_of_chronicle(scene, a.target)
        if a.city >= 0:
            return P.rect_of_city(scene, a.city)
        if a.seat >= 0 and (s.war is None or a.seat != s.war.defender):
            return P.rect_of_seat(scene, a.seat)
        return P.rect_of_war(scene)
    if k == "bribe":
        return P.rect_of_troop(scene, a.target)
    return P.rect_of_war(scene)


def perform(app, scene, a: Action, rng: random.Random):
    """Make ``a`` happen with the mouse alone; return how it was done."""
    session = scene.session
    s = session.state
    seat = s.decision.seat
    before = len(s.history)
    done = lambda: len(session.state.history) > before  # noqa: E731

    def finish_popup():
        if not done() and scene.controller.pointer.choices:
            r = P.rect_of_button(scene, a)
            assert r is not None, f"no popup button for {a}"
            click(app, r.center)

    r = P.rect_of_button(scene, a)
    if r is not None:
        click(app, r.center)
        return "button"
    if a.kind == "war":
        click(app, P.rect_of_button(scene, "start_war").center)
        click(app, P.rect_of_city(scene, a.city).center)
        finish_popup()
        return "war"
    if a.kind in ("attack", "defend"):
        troops = hand_instances(session, seat, a.cards)
        if s.holds_chronicle(seat, "chr.voivode"):
            for t in troops:
                click(app, P.rect_of_hand_card(scene, t).center)
            r = P.rect_of_button(scene, a)
            assert r is not None, f"no squad button for {a}"
            click(app, r.center)
            return "squad"
        if rng.random() < 0.5:
            click(app, P.rect_of_hand_card(scene, troops[0]).center)
            return "click troop"
        drag(app, P.rect_of_hand_card(scene, troops[0]).center, P.rect_of_war(scene).center)
        return "drag troop"
    if a.kind == "pass_igor":
        igor = next(c for c in s.chronicles[seat] if CARD_ID[c] == "chr.igor")
        click(app, P.rect_of_chronicle(scene, igor).center)
        click(app, P.rect_of_seat(scene, a.seat).center)
        finish_popup()
        return "igor"
    card = a.card if a.card >= 0 else a.cards[0]
    card = hand_instances(session, seat, [card])[0]
    src = P.rect_of_hand_card(scene, card)
    assert src is not None, f"{a}: card not in the fan"
    if rng.random() < 0.3:
        dst = target_rect(scene, a)
        drag(app, src.center, dst.center)
        finish_popup()
        return "drag"
    click(app, src.center)
    if done():
        return "click card"
    dst = target_rect(scene, a)
    assert dst is not None, f"{a}: no target on screen"
    click(app, dst.center)
    finish_popup()
    return "click card, click target"


# -- tests ------------------------------------------------------------------------------------
def test_a_whole_game_with_the_mouse(make_app):
    seats = [Seat("Ярослав", "human"), Seat("Мстислав", "easy"), Seat("Святослав", "easy")]
    app, session, scene, over = make_table(make_app, seats, seed=1)
    rng = random.Random(5)
    ways: dict[str, int] = {}
    moves = 0
    for _ in range(60000):
        if over:
            break
        if scene.controller.can_act():
            legal = session.legal()
            a = rng.choice(legal)
            before = len(session.state.history)
            how = perform(app, scene, a, rng)
            ways[how] = ways.get(how, 0) + 1
            history = session.state.history
            assert len(history) > before, f"{a} ({how}) did not happen"
            assert history[before] == a, f"clicked for {a}, got {history[before]}"   # bots may follow at once
            moves += 1
        else:
            app.step([], DT)
    assert over == [session], "on_game_over was not called once with the session"
    assert session.state.over
    assert moves > 30
    assert {"button", "click card, click target"} <= set(ways), ways


def test_an_illegal_drop_is_refused_with_a_reason(make_app):
    s = new_game(3, seed=11, first_player=0)
    church, kiev, stone = INSTANCES["bld.church"][0], INSTANCES["city.kiev"][0], INSTANCES["wall.stone"][0]
    for c in (church, kiev, stone):            # take the cards from wherever the deal put them
        for zone in s.hands + [s.deck]:
            if c in zone:
                zone.remove(c)
    s.hands[0].append(church)
    s.deck.append(s.hands[1].pop())            # keep the count: 100 cards
    city = City(kiev, 1)
    city.walls = stone
    s.cities[kiev] = city
    s.owned_ever[1].add(kiev)
    s.edited()
    seats = [Seat("Olga", "human"), Seat("Igor", "easy"), Seat("Oleg", "easy")]
    app, session, scene, _ = make_table(make_app, seats, state=s)
    settle(app, scene)
    assert scene.controller.can_act()
    history = list(session.state.history)
    hands = [list(h) for h in session.state.hands]
    drag(app, P.rect_of_hand_card(scene, church).center, P.rect_of_city(scene, kiev).center)
    assert scene.toasts.latest is not None
    assert "Stone Walls" in scene.toasts.latest and "Kiev" in scene.toasts.latest, scene.toasts.latest
    assert session.state.history == history and [list(h) for h in session.state.hands] == hands
    # a drop on a prince instead of a city is refused too, with its own reason
    drag(app, P.rect_of_hand_card(scene, church).center, P.rect_of_seat(scene, 2).center)
    assert "city" in scene.toasts.latest.lower()
    assert session.state.history == history
    assert [a for a in session.legal() if a.kind == "build"] == []   # Kiev, the only city, is walled


def test_every_drop_on_an_unlit_target_leaves_the_state_alone(make_app):
    seats = [Seat("Olga", "human"), Seat("Igor", "easy"), Seat("Oleg", "easy")]
    app, session, scene, _ = make_table(make_app, seats, seed=3)
    settle(app, scene)
    from knjazja.app.table import clicks as C
    from knjazja.engine.refusals import Target
    from knjazja.engine.kinds import TargetKind
    s = session.state
    tried = 0
    for card in list(s.hands[0]):
        cands = C.candidates_for(session.legal(), card)
        for seat in range(3):
            if any(Target(TargetKind.SEAT, seat) in C.targets_of(a, s) for a in cands):
                continue
            history = list(s.history)
            scene.toasts.items.clear()
            drag(app, P.rect_of_hand_card(scene, card).center, P.rect_of_seat(scene, seat).center)
            assert scene.toasts.latest, f"no reason shown for {CARD_ID[card]} on seat {seat}"
            assert session.state.history == history
            tried += 1
            break
    assert tried


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("n", range(2, 9))
def test_layout_draws_and_cards_stay_inside(make_app, size, n):
    s = new_game(n, seed=100 + n)
    rng = random.Random(n)
    for _ in range(60 * n):                  # a game in full swing: cities, buildings, chronicles
        if s.over:
            break
        legal = legal_actions(s)
        builds = [a for a in legal if a.kind in ("play_city", "build", "chronicle")]
        apply(s, rng.choice(builds) if builds and rng.random() < 0.7 else rng.choice(legal))
    seats = [Seat("Ярослав Мудрый", "human")] + [Seat(f"Князь {i}", "easy") for i in range(1, n)]
    app, session, scene, _ = make_table(make_app, seats, size=size, state=s)
    for _ in range(5):
        app.step([], DT)
    scene.ensure_geometry()
    window = pygame.Rect((0, 0), size)
    drawn = [r for _, r in scene.fan.rects]
    for g in scene.board.geoms.values():
        for slot in g.cities:
            drawn += [slot.card] + [t.rect for t in slot.tabs]
            assert g.area.rect.contains(slot.card), (g.seat, slot.card, g.area.rect)
        drawn += [c.rect for c in g.chips]
    if scene.board.centre is not None:
        drawn += [pc.rect for pc in scene.board.centre.cards]
    assert drawn
    outside = [r for r in drawn if not window.contains(r)]
    assert not outside, outside


class Overlay(Scene):
    is_overlay = True


def test_hot_seat_hands_over_and_hides_hands(make_app):
    PassDevice = Overlay

    handovers = []
    seats = [Seat("Anna", "human"), Seat("Boris", "human"), Seat("Bot", "easy")]
    settings = Settings()
    settings.animation_speed = 3.0
    app = make_app((1280, 720), settings=settings, persist=False)
    session = GameSession(seats, state=new_game(3, seed=5, first_player=0))
    scene = TableScene(session, sync_bots=True,
                       on_handover=lambda seat: (handovers.append(seat), app.stack.push(PassDevice())))
    app.stack.push(scene)
    app.step([], DT)
    assert scene.controller.policy == "hotseat" and scene.controller.viewer == 0
    assert handovers == [0] and scene.controller.faces_hidden()   # Anna is handed the device first
    app.stack.pop()                                  # Anna has it
    handovers.clear()
    settle(app, scene)
    assert scene.controller.can_act() and not scene.controller.faces_hidden()
    click(app, P.rect_of_button(scene, Action("draw")).center)
    for _ in range(200):
        if handovers:
            break
        app.step([], DT)
    assert handovers == [1]
    assert scene.controller.viewer == 1 and scene.controller.faces_hidden() and not scene.controller.can_act()
    assert scene.card_at(P.rect_of_hand_card(scene, session.state.hands[1][0]).center) is None  # no peeking
    app.stack.pop()                                  # Boris has the device now
    app.step([], DT)
    assert not scene.controller.faces_hidden() and scene.controller.can_act()
    assert scene.layout.viewer == 1                  # his hand at the bottom


def test_spectator_sees_no_hand_and_the_bots_finish(make_app):
    seats = [Seat(f"Bot {i}", "easy") for i in range(4)]
    app, session, scene, over = make_table(make_app, seats, seed=9)
    assert scene.controller.viewer is None and scene.controller.faces_hidden() and scene.layout.viewer == 0
    for _ in range(20000):
        if over:
            break
        scene.skip()
        app.step([], DT)
    assert over == [session]


def test_zoom_discard_browser_and_log(make_app):
    seats = [Seat("Olga", "human"), Seat("Igor", "easy"), Seat("Oleg", "easy")]
    app, session, scene, _ = make_table(make_app, seats, seed=4)
    settle(app, scene)
    card = session.state.hands[0][0]
    r = P.rect_of_hand_card(scene, card)
    click(app, r.center, button=3)
    assert scene.zoom.right is not None and CARD_ID[scene.zoom.right] == CARD_ID[card]
    app.step([motion((5, 5))], DT)
    assert scene.zoom.right is None
    # the discard pile opens a browser; a click outside closes it
    click(app, P.rect_of_discard(scene).center)
    assert isinstance(app.stack.top, DiscardScene)
    click(app, (3, 3))
    assert app.stack.top is scene
    # the log names cards; hovering a name shows the card
    session.play(Action("draw"))
    for _ in range(30):
        app.step([], DT)
    assert scene.log_panel.lines
    if scene.log_panel.token_rects:
        rect, tok = scene.log_panel.token_rects[-1]
        app.step([motion(rect.center)], DT)
        assert scene.card_at(rect.center) == tok


def test_undo_and_resize(make_app):
    seats = [Seat("Olga", "human"), Seat("Igor", "human")]     # no bot reply blocks the undo
    app, session, scene, _ = make_table(make_app, seats, state=new_game(2, seed=6, first_player=0))
    scene.on_handover = lambda seat: app.stack.push(Overlay())
    settle(app, scene)
    move = next(a for a in session.legal() if a.kind != "draw" and a.kind != "war")
    perform(app, scene, move, random.Random(0))
    for _ in range(100):
        if isinstance(app.stack.top, Overlay):
            break
        app.step([], DT)
    assert scene.controller.viewer == 1 and scene.controller.can_undo()   # Olga's hand-over screen
    assert scene.undo()
    app.stack.pop()
    assert session.state.history == []
    settle(app, scene)
    assert scene.controller.viewer == 0 and scene.controller.can_act()
    app.resize((1600, 900))
    app.step([], DT)
    assert scene.layout.size == (1600, 900)
    assert pygame.Rect(0, 0, 1600, 900).contains(P.rect_of_deck(scene))


def test_no_undo_of_a_move_the_next_player_has_seen(make_app):
    seats = [Seat("Olga", "human"), Seat("Igor", "human")]
    app, session, scene, _ = make_table(make_app, seats, state=new_game(2, seed=6, first_player=0))
    settle(app, scene)                                          # no hand-over screen: Igor looks at once
    move = next(a for a in session.legal() if a.kind != "draw" and a.kind != "war")
    perform(app, scene, move, random.Random(0))
    settle(app, scene)
    assert scene.controller.viewer == 1 and not scene.controller.can_undo()
    assert not scene.controls.undo.visible and not scene.undo()
    assert len(session.state.history) == 1


def test_russian_table_draws(make_app):
    seats = [Seat("Ярослав", "human"), Seat("Мстислав", "easy"), Seat("Святослав", "easy")]
    app, session, scene, _ = make_table(make_app, seats, seed=8, lang="ru")
    assert i18n.get_language() == "ru"
    settle(app, scene)
    text, mine = scene.controller.prompt()
    assert mine and "Ваш ход" in text


def full_table(n: int, seed: int, moves: int):
    """A game in full swing (cities, buildings, chronicles) with seat 0 to move."""
    for attempt in range(50):
        s = new_game(n, seed=seed + attempt)
        rng = random.Random(seed + attempt)
        for i in range(3 * moves):
            if s.over or (i >= moves and s.decision == (0, "turn")):
                break
            legal = legal_actions(s)
            builds = [a for a in legal if a.kind in ("play_city", "build", "chronicle")]
            apply(s, rng.choice(builds) if builds and rng.random() < 0.7 else rng.choice(legal))
        if not s.over and s.decision == (0, "turn"):
            return s
    raise AssertionError("no such game found")


def test_hint_button_names_a_legal_move_and_raises_its_card(make_app):
    """The Hint comes from Hard's ranking in the background; it must be one of the legal moves."""
    from knjazja.bots.thinker import shutdown_worker
    seats = [Seat("Olga", "human"), Seat("Igor", "easy"), Seat("Oleg", "easy")]
    app, session, scene, _ = make_table(make_app, seats, seed=3)
    settle(app, scene)
    assert scene.controller.can_act()
    click(app, P.rect_of_button(scene, "hint").center)
    assert scene.controller.hints.thinking
    try:
        for _ in range(20000):
            app.step([], DT)
            if not scene.controller.hints.thinking:
                break
        best = scene.controller.hints.current(session)
        assert best is not None, "no hint arrived"
        action, chance = best
        assert action in session.legal() and 0.0 <= chance <= 1.0
        assert scene.toasts.latest and "%" in scene.toasts.latest
    finally:
        shutdown_worker()


def key(app, k):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)], DT)


def test_overlays_swallow_clicks(make_app):
    """With the discard browser or a dialog open, the table's buttons beneath do nothing."""
    from knjazja.ui.scenes.message import MessageScene
    seats = [Seat("Olga", "human"), Seat("Igor", "easy"), Seat("Oleg", "easy")]
    app, session, scene, _ = make_table(make_app, seats, seed=4)
    settle(app, scene)
    draw_button = P.rect_of_button(scene, Action("draw"))
    assert draw_button is not None
    history = list(session.state.history)
    click(app, P.rect_of_discard(scene).center)
    assert isinstance(app.stack.top, DiscardScene)
    click(app, draw_button.center)                     # Draw beneath the browser
    for k in (pygame.K_SPACE, pygame.K_RETURN):
        key(app, k)
    assert session.state.history == history
    click(app, P.rect_of_discard(scene).center)        # the browser is open or closed, never the table
    if isinstance(app.stack.top, DiscardScene):
        key(app, pygame.K_ESCAPE)                      # Escape closes it
    assert app.stack.top is scene
    app.stack.push(MessageScene("Title", "Text"))
    app.step([], DT)
    click(app, draw_button.center)
    assert session.state.history == history
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    # a card zoomed with the right button takes the next click (it closes), not the table
    card = session.state.hands[0][0]
    click(app, P.rect_of_hand_card(scene, card).center, button=3)
    assert scene.zoom.right is not None
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=draw_button.center, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=draw_button.center, button=1)], DT)
    assert scene.zoom.right is None and session.state.history == history


def test_escape_opens_and_closes_the_pause_menu(make_app):
    from knjazja.ui.main import GameFlow
    from knjazja.ui.scenes.pause import PauseScene
    app = make_app((1280, 720), persist=False)
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    app.step([], DT)
    flow.start_game({"seats": [{"name": "Olga", "kind": "human"}, {"name": "Igor", "kind": "easy"}],
                     "first_player": 0}, seed=5)
    table = flow.table
    settle(app, table)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScene)
    assert table.zoom.hover is None and table.zoom.right is None
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    # holding a card, Escape puts it back first
    card = next(c for c in table.session.state.hands[0] if table.controller.playable([c]))
    click(app, P.rect_of_hand_card(table, card).center)
    if table.controller.pointer.held >= 0:
        key(app, pygame.K_ESCAPE)
        assert table.controller.pointer.held < 0 and app.stack.top is table


def test_a_city_in_play_zooms_to_its_tableau(make_app):
    """Hovering a city on the table shows its buildings, walls and Glory, not its printed card."""
    from knjazja.ui.table.city_zoom import tableau_rects
    s = full_table(4, seed=21, moves=40)
    seats = [Seat("Olga", "human")] + [Seat(f"Bot {i}", "easy") for i in range(3)]
    app, session, scene, _ = make_table(make_app, seats, state=s)
    settle(app, scene)
    city = max(session.state.cities.values(), key=lambda c: len(c.all_buildings()))
    rect = P.rect_of_city(scene, city.card)
    app.step([motion(rect.center)], DT)
    for _ in range(10):
        app.step([], DT)
    assert scene.zoomed() == ("city", city.card)
    panel, card, cards = tableau_rects(city, scene.size, scene.layout.unit)
    assert len(cards) == len(city.all_buildings()) and all(panel.contains(r) for r in cards + [card])
    hand_card = session.state.hands[0][0]
    app.step([motion(P.rect_of_hand_card(scene, hand_card).center)], DT)
    for _ in range(10):
        app.step([], DT)
    assert scene.zoomed() == ("card", hand_card)


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_new_lines_below_is_written_under_the_log_not_over_its_last_line(make_app, size):
    seats = [Seat("Olga", "human"), Seat("Igor", "easy")]
    app, session, scene, _ = make_table(make_app, seats, seed=4, size=size, lang="ru")
    panel = scene.log_panel
    panel.lines = [f"Строка журнала номер {i}" for i in range(120)]
    panel.scroll = 5
    surface = pygame.Surface(size)
    panel.draw(surface, scene.layout.log, scene._ctx())
    assert panel.more_rect.height > 0
    assert panel.last_row_bottom <= panel.more_rect.top
    assert scene.layout.log.contains(panel.more_rect)
