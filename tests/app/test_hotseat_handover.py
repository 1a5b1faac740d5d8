"""Hot seat hands the screen over only when a player has something to decide there, and
never so that the others learn what he holds; the first player is handed the device before
any hand shows."""
from hotseat_war import play_war
from knjazja.app.table.controller import TableController
from knjazja.app.table.news import HandOver
from knjazja.app.session import GameSession, Seat


def test_the_first_player_gets_the_hand_over_screen_with_two_humans():
    session = GameSession([Seat("A", "human"), Seat("B", "easy"), Seat("C", "human")], seed=4)
    c = TableController(session, sync_bots=True, handover_screens=True)
    assert c.faces_hidden() and not c.can_act()       # not even the first frame shows a hand
    c.update(0.1)
    assert c.news.pending(HandOver) == [HandOver(c.viewer)] and c.handover_pending
    c.claimed()
    assert not c.faces_hidden()
    assert c.session.undo_owner() is None             # nothing to take back on a first screen


def test_one_human_gets_no_hand_over_screen():
    session = GameSession([Seat("A", "human"), Seat("B", "easy")], seed=4)
    c = TableController(session, sync_bots=True, handover_screens=True)
    c.update(0.1)
    assert c.news.pending(HandOver) == [] and not c.handover_pending


def test_no_bribe_question_without_a_bribe_and_the_defender_cannot_tell():
    """The attacker (same hand count either way) is asked to bribe or accept only with a
    Bribe in hand; the hand-overs and the defender's log are the same in both games."""
    with_bribe = play_war(attacker_bribe=True)
    without = play_war(attacker_bribe=False, same_count=True)
    assert "war_counter" in with_bribe[1] and "war_counter" not in without[1]
    assert with_bribe[0] == without[0] == [0, 1, 0, 1]
    assert with_bribe[2] == without[2]                 # P1's log: not a word differs


def test_a_war_ends_without_passing_the_screen_to_an_empty_hand():
    """The attacker sent his last troop (everyone sees his hand count 0): when it is repelled
    the war ends; the screen stays with the defender, whose turn is next."""
    handovers, asked, log = play_war(attacker_bribe=False, last_card=True)
    assert handovers == [0, 1]
    assert asked == ["turn", "war_attack"]
    handovers3, _, _ = play_war(attacker_bribe=False, n=3, last_card=True)
    assert handovers3 == [0, 1]
