"""The table's controller without a window (and without pygame): what a click means, the
interaction states, refusals, the event queue, hot seat and bot pacing."""
import subprocess
import sys
from pathlib import Path

from controller_driver import drain, play_game
from knjazja.app.table import clicks as C
from knjazja.app.table.controller import TableController
from knjazja.app.table.news import KEPT, GameOver, HandOver, Notice, NewsQueue, ViewerChanged
from knjazja.app.table.pacing import BOT_PAUSE
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
    c.pointer.click_hand_card(church)                 # nowhere to build it: refused, not picked up
    assert c.pointer.mode == IDLE and c.pointer.last_refusal.code == "no_city_to_build"
    c.pointer.press_at((0, 0), church, [], None)       # dragged onto the walled city anyway
    c.pointer.motion((40, 0))
    c.pointer.release([Target(TargetKind.CITY, kiev), Target(TargetKind.SEAT, 1)])
    assert c.pointer.last_refusal.code == "blocked" and "Stone Walls" in c.news.texts()[-1]
    c.pointer.press_at((0, 0), church, [], None)
    c.pointer.motion((40, 0))
    c.pointer.release([Target(TargetKind.SEAT, 2)])
    assert c.pointer.last_refusal.code == "build_on_city"
    c.pointer.click_hand_card(ambush)
    assert c.pointer.last_refusal.code == "war_only"
    assert session.state.history == []


def test_interaction_states():
    s, church, ambush, kiev = walled_kiev_state()
    session, c = table(s)
    c.pointer.mode = Holding(church)
    assert c.pointer.held == church and c.pointer.holding()
    assert c.pointer.press_at((0, 0), None, [], Pile.DECK) == Hit.TARGET   # holding: a click goes to a target
    assert c.pointer.mode == IDLE                                      # … and nowhere puts it back
    c.pointer.press_button("start_war")
    assert c.pointer.mode == IDLE                       # no troop: no war to start
    c.pointer.press_at((0, 0), church, [], None)
    c.pointer.motion((40, 0))                           # past the drag threshold
    assert c.pointer.dragging and c.pointer.mode == Holding(church)
    assert c.lit() == set()                     # Kiev is walled: nowhere to build
    c.pointer.release([Target(TargetKind.SEAT, 1)])
    assert c.pointer.mode == IDLE and c.pointer.press is None   # a drop ends the drag
    assert c.pointer.cancel() is False


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
    c.pointer.press_button("start_war")
    assert c.pointer.mode == PickingWarCity() and c.pointer.picking_war
    assert Target(TargetKind.CITY, kiev) in c.lit()
    c.pointer.press_button("start_war")                 # pressed again: cancelled
    assert c.pointer.mode == IDLE
    c.pointer.press_button("start_war")
    c.pointer.click_targets([Target(TargetKind.CITY, kiev)])
    assert session.state.war is not None
    drain(c)
    c.update(0.1)
    c.pointer.click_hand_card(d5)
    c.pointer.click_hand_card(d6)
    assert c.pointer.mode == Squad((d5, d6))
    action, strength = C.squad_action(session.legal(), session.state, c.pointer.selected)
    assert strength == 11 and action.kind == "attack" and set(action.cards) == {d5, d6}
    c.pointer.click_hand_card(d6)
    assert c.pointer.mode == Squad((d5,))
    c.pointer.choose("clear")
    assert c.pointer.mode == IDLE
    # several actions for one click: a question, answered from the choices
    legal = [Action("attack", cards=(d5,)), Action("attack", cards=(d6,))]
    c.pointer.mode = Choosing(tuple(legal), Holding(d5))
    assert c.pointer.held == d5 and c.pointer.choices == tuple(legal)
    c.pointer.choose("cancel")
    assert c.pointer.mode == IDLE


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
    pressed = c.pointer.press_at((5, 5), None, [Target(TargetKind.CHRONICLE, igor), Target(TargetKind.SEAT, 0)], None)
    assert pressed == Hit.CHRONICLE
    c.pointer.release([])
    assert c.pointer.mode == PickingIgorSeat()
    assert c.lit() == {Target(TargetKind.SEAT, 1), Target(TargetKind.SEAT, 2)}
    c.pointer.click_targets([Target(TargetKind.SEAT, 0)])
    assert c.pointer.last_refusal.code == "igor_seat"
    c.pointer.click_targets([Target(TargetKind.SEAT, 2)])
    assert session.state.history[-1].kind == "pass_igor"


def test_events_wait_in_the_feed_and_the_view_follows_them():
    session, c = table(new_game(3, seed=5, first_player=0))
    c.pointer.press_button("draw")
    assert c.waiting() is not None and c.busy and not c.can_act()
    while (e := c.next_event()) is not None:
        c.view.begin(e)
        c.view.land(e)
    fresh = TableView(session.seen_by(c.viewer))       # what the viewer sees, synced afresh
    assert [sorted(h) for h in c.view.hands] == fresh.hands and c.view.deck == fresh.deck
    assert c.logged and c.log_lines()


def test_bots_wait_before_moving():
    session, c = table(new_game(3, seed=5, first_player=1), humans=0, speed=lambda: 1.0)
    c.pacer.sync_bots = False
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


def test_the_controller_tells_its_news_in_order_and_calls_no_scene():
    """No callback reaches the controller: a hand-over is news, drained in the order it happened."""
    import inspect
    assert not [p for p in inspect.signature(TableController).parameters if p.startswith("on_")]
    session, c = table(new_game(3, seed=5, first_player=0), humans=2, handover_screens=True)
    c.update(0.1)
    assert c.news.drain() == [ViewerChanged(0), HandOver(0)] and not c.news
    c.claimed()
    c.pointer.press_button("draw")
    drain(c)
    c.update(0.1)
    assert c.news.drain() == [ViewerChanged(1), HandOver(1)]
    assert not c.undo() and not c.news           # a drawn card is not taken back: nothing said


def test_news_nobody_drains_stays_bounded():
    q = NewsQueue()
    for i in range(KEPT + 10):
        q.say(f"n{i}")
    q.post(GameOver())
    assert len(q) == KEPT and q.pending(GameOver) == [GameOver()]
    assert q.drain()[0] == Notice("n11") and not q


def test_each_table_speaks_its_own_language_whatever_the_screen_shows():
    """The language is given, not read: a Russian table's banner is Russian under an English UI."""
    from knjazja.app.wording.i18n import get_language
    assert get_language() == "en"
    s = new_game(2, seed=5, first_player=0)
    texts = {}
    for lang in ("en", "ru"):
        session = GameSession([Seat("Ольга", "human"), Seat("Игорь", "easy")], state=s)
        c = TableController(session, lang=lang, sync_bots=True)
        texts[lang] = c.prompt()[0]
    assert texts["en"] != texts["ru"] and any("а" <= ch <= "я" for ch in texts["ru"].lower())
    assert not any("а" <= ch <= "я" for ch in texts["en"].lower())


def test_hot_seat_turns_to_the_next_human():
    s = new_game(3, seed=5, first_player=0)
    session, c = table(s, humans=2, handover_screens=True)

    def handovers() -> list[int]:
        return [n.seat for n in c.news.pending(HandOver)]
    assert c.policy == "hotseat" and c.viewer == 0
    c.update(0.1)                               # the first player is handed the device
    assert handovers() == [0] and c.handover_pending and c.faces_hidden()
    c.claimed()
    c.pointer.press_button("draw")
    drain(c)
    c.update(0.1)
    assert handovers() == [0, 1] and c.viewer == 1
    assert c.news.pending(ViewerChanged)[-1] == ViewerChanged(1)
    assert c.handover_pending and c.faces_hidden() and not c.can_act()
    c.claimed()
    assert c.can_act() and c.shows_hand(1)


def test_fixed_buttons_follow_the_legal_actions():
    session, c = table(new_game(3, seed=5, first_player=0))
    enabled = C.fixed_enabled(session.legal())
    assert enabled == {"draw": True, "pass": False, "end_war": False,
                       "start_war": bool(C.war_candidates(session.legal()))}
    c.pointer.press_button("draw")
    assert not c.can_act()                        # busy now: the buttons are off
