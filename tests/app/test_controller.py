"""The table's controller without a window (and without pygame): what a click means, the
interaction states, refusals, the event queue, hot seat and bot pacing."""
import subprocess
import sys
from pathlib import Path

from controller_driver import drain, play_game
from knjazja.app.table import clicks as C
from knjazja.app.table.controller import BOT_PAUSE, TableController
from knjazja.app.table.interaction import IDLE, Choosing, Hit, Holding, PickingIgorSeat, PickingWarCity, Pile, Squad
from knjazja.app.session import GameSession, Seat
from knjazja.app.table.table_view import TableView
from knjazja.engine import Action, Target, new_game
from knjazja.engine.cards import INSTANCES
from knjazja.engine.kinds import TargetKind
from knjazja.engine.state import City

HERE = Path(__file__).parent


def test_a_whole_game_through_the_controller():
    moves, ways = play_game(seed=1)
    assert moves > 30
    assert {"button", "click card, click target"} <= set(ways), ways


def test_the_controller_needs_no_pygame():
    """Import it and play a whole game in a fresh interpreter: no pygame module loads."""
    out = subprocess.run([sys.executable, str(HERE / "controller_driver.py")], capture_output=True,
                         text=True, cwd=HERE, timeout=600)
    assert out.returncode == 0, out.stderr
    ok, moves, ways, pygame_modules = out.stdout.split()
    assert ok == "ok" and int(moves) > 30 and pygame_modules == "0"


def table(state, humans=1, **kw):
    seats = [Seat(f"P{i}", "human" if i < humans else "easy") for i in range(state.n)]
    session = GameSession(seats, state=state)
    return session, TableController(session, sync_bots=True, **kw)


def walled_kiev_state():
    """Olga (seat 0) to move with a Church and an Ambush; Kiev of seat 1 behind Stone Walls."""
    s = new_game(3, seed=11, first_player=0)
    church, ambush = INSTANCES["bld.church"][0], INSTANCES["ev.ambush"][0]
    kiev, stone = INSTANCES["city.kiev"][0], INSTANCES["wall.stone"][0]
    for c in (church, ambush, kiev, stone):
        for zone in s.hands + [s.deck]:
            if c in zone:
                zone.remove(c)
    s.hands[0] += [church, ambush]
    s.deck += [s.hands[1].pop(), s.hands[2].pop()]
    s.cities[kiev] = city = City(kiev, 1)
    city.walls = stone
    s.owned_ever[1].add(kiev)
    s.edited()
    return s, church, ambush, kiev


def test_refusals_come_from_the_engine_and_change_nothing():
    s, church, ambush, kiev = walled_kiev_state()
    session, c = table(s)
    assert c.can_act()
    c.click_hand_card(church)                 # nowhere to build it: refused, not picked up
    assert c.mode == IDLE and c.last_refusal.code == "no_city_to_build"
    c.press_at((0, 0), church, [], None)       # dragged onto the walled city anyway
    c.motion((40, 0))
    c.release([Target(TargetKind.CITY, kiev), Target(TargetKind.SEAT, 1)])
    assert c.last_refusal.code == "blocked" and "Stone Walls" in c.notices[-1]
    c.press_at((0, 0), church, [], None)
    c.motion((40, 0))
    c.release([Target(TargetKind.SEAT, 2)])
    assert c.last_refusal.code == "build_on_city"
    c.click_hand_card(ambush)
    assert c.last_refusal.code == "war_only"
    assert session.state.history == []


def test_interaction_states():
    s, church, ambush, kiev = walled_kiev_state()
    session, c = table(s)
    c.mode = Holding(church)
    assert c.held == church and c.holding()
    assert c.press_at((0, 0), None, [], Pile.DECK) == Hit.TARGET   # holding: a click goes to a target
    assert c.mode == IDLE                                      # … and nowhere puts it back
    c.press_button("start_war")
    assert c.mode == IDLE                       # no troop: no war to start
    c.press_at((0, 0), church, [], None)
    c.motion((40, 0))                           # past the drag threshold
    assert c.dragging and c.mode == Holding(church)
    assert c.lit() == set()                     # Kiev is walled: nowhere to build
    c.release([Target(TargetKind.SEAT, 1)])
    assert c.mode == IDLE and c.press is None   # a drop ends the drag
    assert c.cancel() is False


def test_war_mode_squads_and_questions():
    s = new_game(3, seed=11, first_player=0)
    d5, d6 = INSTANCES["troop.druzhina.5"][0], INSTANCES["troop.druzhina.6"][0]
    voivode, kiev = INSTANCES["chr.voivode"][0], INSTANCES["city.kiev"][0]
    for card in (d5, d6, voivode, kiev):
        for zone in s.hands + [s.deck]:
            if card in zone:
                zone.remove(card)
    s.hands[0] += [d5, d6]
    s.deck += [s.hands[1].pop(), s.hands[2].pop()]
    s.chronicles[0].append(voivode)
    s.cities[kiev] = City(kiev, 1)
    s.owned_ever[1].add(kiev)
    s.edited()
    session, c = table(s)
    c.press_button("start_war")
    assert c.mode == PickingWarCity() and c.picking_war
    assert Target(TargetKind.CITY, kiev) in c.lit()
    c.press_button("start_war")                 # pressed again: cancelled
    assert c.mode == IDLE
    c.press_button("start_war")
    c.click_targets([Target(TargetKind.CITY, kiev)])
    assert session.state.war is not None
    drain(c)
    c.update(0.1)
    c.click_hand_card(d5)
    c.click_hand_card(d6)
    assert c.mode == Squad((d5, d6))
    action, strength = C.squad_action(session.legal(), session.state, c.selected)
    assert strength == 11 and action.kind == "attack" and set(action.cards) == {d5, d6}
    c.click_hand_card(d6)
    assert c.mode == Squad((d5,))
    c.choose("clear")
    assert c.mode == IDLE
    # several actions for one click: a question, answered from the choices
    legal = [Action("attack", cards=(d5,)), Action("attack", cards=(d6,))]
    c.mode = Choosing(tuple(legal), Holding(d5))
    assert c.held == d5 and c.choices == tuple(legal)
    c.choose("cancel")
    assert c.mode == IDLE


def test_igor_is_picked_up_from_the_viewers_chronicles():
    s = new_game(3, seed=11, first_player=0)
    igor = INSTANCES["chr.igor"][0]
    troop = INSTANCES["troop.druzhina.5"][0]
    for card in (igor, troop):
        for zone in s.hands + [s.deck]:
            if card in zone:
                zone.remove(card)
    s.chronicles[0].append(igor)
    s.hands[0].append(troop)
    s.deck.append(s.hands[1].pop())
    s.edited()
    session, c = table(s)
    pressed = c.press_at((5, 5), None, [Target(TargetKind.CHRONICLE, igor), Target(TargetKind.SEAT, 0)], None)
    assert pressed == Hit.CHRONICLE
    c.release([])
    assert c.mode == PickingIgorSeat()
    assert c.lit() == {Target(TargetKind.SEAT, 1), Target(TargetKind.SEAT, 2)}
    c.click_targets([Target(TargetKind.SEAT, 0)])
    assert c.last_refusal.code == "igor_seat"
    c.click_targets([Target(TargetKind.SEAT, 2)])
    assert session.state.history[-1].kind == "pass_igor"


def test_events_wait_in_the_feed_and_the_view_follows_them():
    session, c = table(new_game(3, seed=5, first_player=0))
    c.press_button("draw")
    assert c.waiting() is not None and c.busy and not c.can_act()
    while (e := c.next_event()) is not None:
        c.view.begin(e)
        c.view.land(e)
    fresh = TableView(session.state)
    assert c.view.hands == fresh.hands and c.view.deck == fresh.deck
    assert c.logged and c.log_lines()


def test_bots_wait_before_moving():
    session, c = table(new_game(3, seed=5, first_player=1), humans=0, speed=lambda: 1.0)
    c.sync_bots = False
    calls = []
    session.bot_step = lambda background=True: calls.append(background)
    c.update(0.0)
    assert calls == []                          # the pause starts
    c.update(BOT_PAUSE / 2)
    assert calls == []
    c.update(BOT_PAUSE / 2)
    assert calls == []
    c.update(0.0)                               # the pause is over: the bot decides
    assert calls == [True]                      # in the background


def test_hot_seat_turns_to_the_next_human():
    s = new_game(3, seed=5, first_player=0)
    handovers, changes = [], []
    session, c = table(s, humans=2, on_handover=handovers.append,
                       on_viewer_change=lambda: changes.append(True))
    assert c.policy == "hotseat" and c.viewer == 0
    c.update(0.1)                               # the first player is handed the device
    assert handovers == [0] and c.handover_pending and c.faces_hidden()
    c.claimed()
    c.press_button("draw")
    drain(c)
    c.update(0.1)
    assert handovers == [0, 1] and changes and c.viewer == 1
    assert c.handover_pending and c.faces_hidden() and not c.can_act()
    c.handover_pending = False
    assert c.can_act() and c.shows_hand(1)


def test_fixed_buttons_follow_the_legal_actions():
    session, c = table(new_game(3, seed=5, first_player=0))
    enabled = C.fixed_enabled(session.legal())
    assert enabled == {"draw": True, "pass": False, "end_war": False,
                       "start_war": bool(C.war_candidates(session.legal()))}
    c.press_button("draw")
    assert not c.can_act()                        # busy now: the buttons are off
