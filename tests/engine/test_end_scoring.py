"""End of the game, scoring and the series (docs/RULES.md §6)."""
import random

import pytest

from knjazja.engine import Series, final_scores, new_game, score, winners
from knjazja.engine.actions import OVER, Decision
from knjazja.engine.kinds import EventKind
from scenario import legal, play, random_playout, scenario

D = "troop.druzhina."


def turns_until_over(s, action="pass"):
    order = []
    while not s.over:
        order.append((s.turn_no, s.current))
        play(s, action)
    return order


# --- deck exhausted -------------------------------------------------------------------------
def test_deck_exhausted_each_player_one_more_turn_ends_with_the_drawer():
    s = scenario(n=4, current=2, turn_no=9, deck=["bld.church"])
    play(s, "draw", by=2)
    assert s.end_turn == 13 and s.end_cause == "deck" and not s.over
    assert turns_until_over(s) == [(10, 3), (11, 0), (12, 1), (13, 2)]
    assert s.decision == Decision(-1, OVER)


def test_the_last_turn_may_be_anything_and_the_game_ends_after_it():
    s = scenario(n=3, current=0, deck=["bld.church"],
                 hands={0: [D + "5"], 1: ["city.kiev"]}, cities={"city.pskov": (2, [])})
    play(s, "draw", by=0)
    play(s, "play_city", by=1, card="city.kiev", seat=1)
    play(s, "pass", by=2)
    assert not s.over
    play(s, "war", by=0, city="city.pskov")             # the drawer's own last turn
    play(s, "attack", cards=[D + "5"])
    assert not s.over
    play(s, "yield", by=2)
    assert s.over and final_scores(s) == [2, 3, 0]


def test_game_over_event_reports_final_scores():
    s = scenario(n=2, deck=[], end_turn=2, end_cause="deck", turn_no=2,
                 cities={"city.kiev": (1, ["bld.church"])})
    ev = play(s, "pass")
    over = [e for e in ev if e.kind == EventKind.GAME_OVER]
    assert len(over) == 1 and list(over[0].cards) == [0, 4]


# --- Invasion, Silence and overlapping endings ---------------------------------------------
def test_invasion_ending_invader_last():
    s = scenario(n=3, hands={1: ["ev.tatar_invasion"]}, current=1, turn_no=4)
    play(s, "event", card="ev.tatar_invasion")
    assert turns_until_over(s, "draw") == [(5, 2), (6, 0), (7, 1)]


def test_deck_running_out_never_postpones_an_invasion():
    s = scenario(n=3, hands={0: ["ev.tatar_invasion"]}, deck=["bld.church", "bld.church"])
    play(s, "event", card="ev.tatar_invasion")
    assert s.end_turn == 6
    play(s, "draw", by=1)
    play(s, "draw", by=2)                                  # the last card
    assert s.end_turn == 6 and s.end_cause == "invasion"
    assert turns_until_over(s) == [(6, 0)]


def test_earliest_ending_stands_deck_then_no_invasion():
    s = scenario(n=3, hands={1: ["ev.tatar_invasion"]}, deck=["bld.church"])
    play(s, "draw")
    assert s.end_turn == 6
    assert not legal(s, "event")


def test_silence_postpones_a_deck_ending():
    s = scenario(n=3, hands={1: ["ev.silence"]}, deck=["bld.church"])
    play(s, "draw", by=0)
    play(s, "event", by=1, card="ev.silence")
    assert turns_until_over(s) == [(5, 2), (6, 0), (7, 1)]


# --- score ------------------------------------------------------------------------------------------
def test_score_is_cities_plus_chronicles_hand_counts_nothing():
    s = scenario(n=3,
                 hands={0: ["bld.cathedral", "city.novgorod", "chr.polovtsian_campaign"]},
                 cities={"city.kiev": (0, ["bld.church", "wall.stone"]),
                         "city.vladimir": (0, ["bld.cathedral", "bld.throne"]),
                         "city.murom": (1, ["bld.monastery"])},
                 chronicles={0: ["chr.polovtsian_campaign", "chr.vasilko",
                                 ("chr.byzantium", "troop.hungarians")],
                             1: ["chr.congress", "chr.anna"]})
    sc = score(s)
    assert [c.city for c in sc[0].cities] == ["city.kiev", "city.vladimir"]
    assert [c.total for c in sc[0].cities] == [4, 15]
    assert [(c.chronicle, c.glory) for c in sc[0].chronicles] == [
        ("chr.polovtsian_campaign", 3), ("chr.vasilko", -4), ("chr.byzantium", 6)]
    assert sc[0].total == 4 + 15 + 3 - 4 + 6
    assert sc[1].total == 3 - 4
    assert sc[2].total == 0 and sc[2].cities == [] and sc[2].chronicles == []
    assert final_scores(s) == [24, -1, 0]
    js = sc[0].to_json()
    assert js["total"] == 24 and js["cities"][1]["throne"] == 3


def test_winner_and_shared_win():
    s = scenario(n=3, cities={"city.kiev": (0, []), "city.pskov": (1, ["bld.church"]),
                              "city.murom": (2, [])})
    assert winners(s) == [0, 1]
    s = scenario(n=3, cities={"city.kiev": (0, []), "city.pskov": (1, [])})
    assert winners(s) == [0]
    s = scenario(n=2)
    assert winners(s) == [0, 1]                            # 0 = 0


def test_negative_glory_is_possible():
    s = scenario(n=2, chronicles={0: ["chr.vasilko", "chr.igor"]},
                 cities={"city.murom": (1, [])})
    assert final_scores(s) == [-8, 1] and winners(s) == [1]


# --- series -------------------------------------------------------------------------------------
def test_series_to_one_hundred():
    ser = Series(3)
    ser.add_game([40, 30, 20], starter=0)
    assert not ser.over and ser.winners() == [] and ser.next_starter() == 0
    ser.add_game([30, 50, 20], starter=0)
    assert ser.totals == [70, 80, 40] and ser.next_starter() == 1
    ser.add_game([31, 20, 10], starter=1)
    assert ser.over and ser.totals == [101, 100, 50]
    assert ser.winners() == [0]                           # both reached 100: the highest wins
    with pytest.raises(ValueError):
        ser.add_game([1, 1, 1], starter=0)


def test_series_equal_totals_share():
    ser = Series(3)
    ser.add_game([100, 100, 3], starter=2)
    assert ser.winners() == [0, 1]


@pytest.mark.parametrize("last,prev,expected", [
    ([10, 20, 20, 5], 0, 1),        # tied winners 1 and 2: first clockwise from seat 0
    ([10, 20, 20, 5], 2, 2),        # the previous starter, if tied, starts again
    ([20, 5, 5, 20], 1, 3),         # from seat 1: 2, 3 -> seat 3
    ([20, 5, 5, 20], 3, 3),
    ([20, 5, 5, 20], 2, 3),
    ([1, 2, 3, 4], 0, 3),           # a single winner starts
])
def test_series_next_starter(last, prev, expected):
    ser = Series(4)
    ser.add_game(last, starter=prev)
    assert ser.next_starter() == expected


def test_series_json_round_trip_and_validation():
    ser = Series(2)
    ser.add_game([10, 20], starter=1)
    back = Series.from_json(ser.to_json())
    assert back == ser
    with pytest.raises(ValueError):
        Series.from_json({"n": 2, "totals": [1], "games": [], "starters": []})
    with pytest.raises(ValueError):
        Series.from_json({"n": 2})
    with pytest.raises(ValueError):
        ser.add_game([1, 2, 3], starter=0)


def test_series_played_with_real_games():
    ser = Series(3)
    rng = random.Random(9)
    starter = 0
    seed = 0
    while not ser.over:
        s = new_game(3, seed=seed, first_player=starter)
        assert s.first_player == starter
        random_playout(s, rng)
        glory = final_scores(s)
        before = list(ser.totals)
        ser.add_game(glory, starter)
        assert ser.totals == [a + b for a, b in zip(before, glory)]
        starter = ser.next_starter()
        assert glory[starter] == max(glory)
        seed += 1
        assert seed < 500
    assert ser.winners() and all(ser.totals[w] == max(ser.totals) for w in ser.winners())


def test_the_one_rule_of_who_wins_shares_a_tie():
    from knjazja.engine import top_seats, win_shares
    assert top_seats([3, 7, 7, 1]) == [1, 2] and win_shares([3, 7, 7, 1]) == [0.0, 0.5, 0.5, 0.0]
    assert top_seats([0, 0]) == [0, 1] and win_shares([5]) == [1.0]
    assert top_seats([]) == [] and win_shares([]) == []
    assert win_shares([-2, -5, -2]) == [0.5, 0.0, 0.5]     # a lead below zero still wins
