"""What a table sees of a hand over time: the cards each player kept through his own turn
(`GameState.kept`, public: draws and plays are seen), and worlds dealt with it."""
import random

from knjazja.engine import apply, determinize, legal_actions, new_game, observation
from knjazja.engine.actions import DRAW
from knjazja.engine.cards import KIND, N_CARDS
from scenario import check_cards, play, scenario

D = "troop.druzhina."


def test_a_draw_keeps_every_card_held_and_the_new_card_is_not_kept():
    s = scenario(n=3, hands={0: ["bld.church", D + "5", "ev.fire"]})
    assert s.kept == [0, 0, 0]
    play(s, "draw", by=0)
    assert len(s.hands[0]) == 4 and s.kept[0] == 3


def test_a_card_played_leaves_the_rest_kept():
    s = scenario(n=3, hands={0: ["city.kiev", D + "5", "ev.fire"]})
    play(s, "play_city", by=0, card="city.kiev", seat=0)
    assert s.kept[0] == 2


def test_a_card_lost_out_of_turn_shrinks_the_count_only_as_far_as_the_hand():
    s = scenario(n=3, hands={0: [D + "7", "bld.church"], 1: [D + "2", D + "8", "ev.fire"],
                             2: ["bld.church"]},
                 cities={"city.kiev": (1, [])})
    s.kept = [0, 3, 0]                       # seat 1 held all three through its last turn
    play(s, "war", by=0, city="city.kiev")
    play(s, "attack", by=0, cards=[D + "7"])
    play(s, "defend", by=1, cards=[D + "8"])
    assert len(s.hands[1]) == 2 and s.kept[1] == 2


def test_the_count_is_in_the_observation_and_in_a_dealt_world():
    s = new_game(4, seed=5)
    for _ in range(8):                        # two rounds of draws
        apply(s, next(a for a in legal_actions(s) if a.kind == DRAW))
    assert s.kept == [5, 5, 5, 5] and [len(h) for h in s.hands] == [6, 6, 6, 6]
    obs = observation(s, 2)
    assert obs.kept == [5, 5, 5, 5]
    assert determinize(obs, random.Random(1)).kept == [5, 5, 5, 5]


def _cities_per_hand(s, seat):
    return [sum(KIND[c] == "city" for c in s.hands[t]) for t in range(s.n) if t != seat]


def test_kept_places_are_dealt_with_the_hold_odds():
    s = new_game(4, seed=5)
    for _ in range(8):                        # everyone drew twice: 5 kept cards and 1 new
        apply(s, next(a for a in legal_actions(s) if a.kind == DRAW))
    obs = observation(s, 0)
    never_kept = [1e-9 if KIND[c] == "city" else 1.0 for c in range(N_CARDS)]
    with_odds, uniform = [], []
    for k in range(150):
        w = determinize(obs, random.Random(k), never_kept)
        assert [len(h) for h in w.hands] == obs.hand_sizes and len(w.deck) == obs.deck_size
        check_cards(w)                        # every card in exactly one place
        assert w.hands[0] == obs.hand
        with_odds += _cities_per_hand(w, 0)
        uniform += _cities_per_hand(determinize(obs, random.Random(k)), 0)
    assert max(with_odds) <= 1                # only the one new card may be a city
    assert max(uniform) >= 2                  # ...which uniform dealing does not respect
    assert sum(with_odds) > 0                 # and the new card still may be one


def test_uniform_dealing_is_unchanged_without_odds():
    s = new_game(4, seed=9)
    for _ in range(6):
        apply(s, next(a for a in legal_actions(s) if a.kind == DRAW))
    obs = observation(s, 1)
    a = determinize(obs, random.Random(3))
    obs.kept = []                             # as an observation from before the count
    b = determinize(obs, random.Random(3))
    assert a.hands == b.hands and a.deck == b.deck
