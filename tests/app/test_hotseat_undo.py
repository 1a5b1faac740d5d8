"""Undo in hot seat belongs to the player who moved: only his own move, only while it is
still his decision or his own hand-over screen is up, never once another player has seen
the table or answered the move."""
from controller_driver import drain
from knjazja.app.table.controller import TableController
from knjazja.app.table.news import GameOver, HandOver
from knjazja.app.session import GameSession, Seat
from knjazja.engine import Action, dumps, new_game
from knjazja.engine.actions import ATTACK, DECLARE_WAR, DEFEND, WAR_DEFEND
from knjazja.engine.cards import INSTANCES
from knjazja.engine.state import City


def hot_seat(state) -> tuple[GameSession, TableController, list[int]]:
    seats = [Seat(f"P{i}", "human") for i in range(state.n)]
    session = GameSession(seats, state=state)
    c = TableController(session, sync_bots=True, handover_screens=True)
    c.update(0.1)                   # the first player is handed the device: he takes it
    assert c.news.pending(HandOver) == [HandOver(session.deciding)] and c.handover_pending
    c.claimed()
    c.news.drain()
    return session, c, Seen(c)


class Seen:
    """The seats the device was handed to since the last ``clear``."""

    def __init__(self, c: TableController) -> None:
        self.c = c

    def __eq__(self, other: object) -> bool:
        return [n.seat for n in self.c.news.pending(HandOver)] == other

    def clear(self) -> None:
        self.c.news.drain()


def settle(c: TableController) -> None:
    for _ in range(5):
        drain(c)
        c.update(0.1)


def founding_state():
    """P0 to move with Kiev in hand (a move that shows him nothing hidden)."""
    s = new_game(2, seed=5, first_player=0)
    kiev = INSTANCES["city.kiev"][0]
    for zone in s.hands + [s.deck]:
        if kiev in zone:
            zone.remove(kiev)
    s.hands[0].append(kiev)
    s.edited()
    return s, kiev


def test_undo_on_his_own_hand_over_screen_and_the_centre_and_log_follow():
    s, kiev = founding_state()
    session, c, handovers = hot_seat(s)
    before = dumps(session.state)
    assert c.play(Action("play_city", card=kiev, seat=0))
    settle(c)
    assert handovers == [1] and c.handover_pending and c.viewer == 1
    assert c.view.recent == (0, kiev) and any(e.card == kiev for e in c.logged)
    assert c.can_undo()                                   # P0's own hand-over screen
    assert c.undo()
    assert dumps(session.state) == before
    assert c.viewer == 0 and not c.handover_pending and c.can_act()
    assert c.view.recent is None                          # "Last played" forgets the move
    assert not any(e.card == kiev for e in c.logged)       # and so does the log


def test_refused_once_the_next_player_has_looked():
    s, kiev = founding_state()
    session, c, handovers = hot_seat(s)
    c.play(Action("play_city", card=kiev, seat=0))
    settle(c)
    c.claimed()                                           # P1 takes the device
    after = dumps(session.state)
    assert not c.can_act() or c.viewer == 1
    assert not c.can_undo() and not c.undo()              # P1 may not take back P0's move
    assert not session.can_undo(0) and not session.undo(0)
    assert dumps(session.state) == after


def test_refused_for_another_players_move():
    s, kiev = founding_state()
    session, c, _ = hot_seat(s)
    c.play(Action("play_city", card=kiev, seat=0))
    assert session.undo_owner() == 0
    after = dumps(session.state)
    assert not session.can_undo(1) and not session.undo(1)    # P1 asks: refused
    c.seating.viewer = 1                                     # P1 at the table (decision passed)
    c.seating.handing_over_from = None
    assert not c.can_undo() and not c.undo()
    assert dumps(session.state) == after


def war_state():
    """P0 to move with a Druzhina; P1 holds Kiev (unwalled) and a Druzhina to answer with."""
    s = new_game(2, seed=11, first_player=0)
    kiev = INSTANCES["city.kiev"][0]
    d0, d1 = INSTANCES["troop.druzhina.3"][0], INSTANCES["troop.druzhina.5"][0]
    for c in (kiev, d0, d1):
        for zone in s.hands + [s.deck]:
            if c in zone:
                zone.remove(c)
    s.hands[0].append(d0)
    s.hands[1].append(d1)
    s.cities[kiev] = City(kiev, 1)
    s.owned_ever[1].add(kiev)
    s.edited()
    return s, kiev, d0, d1


def test_refused_after_the_next_players_answer():
    s, kiev, d0, d1 = war_state()
    session, c, handovers = hot_seat(s)
    assert c.play(next(a for a in session.legal() if a.kind == DECLARE_WAR and a.city == kiev))
    settle(c)
    assert c.play(next(a for a in session.legal() if a.kind == ATTACK and d0 in a.cards))
    settle(c)
    assert session.state.decision.kind == WAR_DEFEND and handovers == [1]
    c.claimed()                                          # the defender sees which troop comes
    assert not c.can_undo() and not c.undo()              # he may not take the attack back
    defend = next((a for a in session.legal() if a.kind == DEFEND), None)
    assert defend is not None
    assert c.play(defend)                                 # he answers
    settle(c)
    assert handovers == [1, 0]
    assert not session.can_undo(0)                        # the attack stands for good
    assert c.can_undo() and session.undo_owner() == 1     # only his answer, on his own screen
    c.claimed()                                           # the attacker looks
    assert not c.can_undo() and not c.undo()


def test_a_hot_seat_game_ends_on_its_final_board():
    """Two humans to the end: the game-over callback once, then the board stays (finished,
    nothing pending, no hand-over), whoever made the last move."""
    import random
    session = GameSession([Seat("A", "human"), Seat("B", "human")], seed=3)
    c = TableController(session, sync_bots=True, handover_screens=True)
    rng = random.Random(3)
    for _ in range(5000):
        if session.over:
            break
        settle(c)
        c.claimed()
        if c.can_act():
            c.play(rng.choice(session.legal()))
    settle(c)
    assert session.over and len(c.news.pending(GameOver)) == 1 and c.finished
    assert not c.handover_pending and not c.can_act() and not c.can_undo()
    settle(c)
    assert len(c.news.pending(GameOver)) == 1              # once


def test_alone_against_a_bot_a_move_is_taken_back_until_the_bot_answers():
    s, kiev = founding_state()
    session = GameSession([Seat("A", "human"), Seat("Bot", "easy")], state=s)
    c = TableController(session, sync_bots=True)
    c.play(Action("play_city", card=kiev, seat=0))
    drain(c)
    assert session.deciding == 1 and c.can_undo()          # the bot has not answered yet
    c.update(0.1)                                           # it answers
    settle(c)
    assert not c.can_undo() and not session.can_undo(0)
