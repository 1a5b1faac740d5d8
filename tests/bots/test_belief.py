"""Reading the hands from the table's notes (`knjazja_lab/belief/belief.py`): the places, their weights,
the worlds dealt with them."""
import random
from collections import Counter

import pytest

from knjazja_lab.belief.belief import (CLS, FEATURES, INDEX, Belief, Layout, load_weights,
                                 seat_features, seat_logits)
from knjazja.engine import (Action, apply, determinize, legal_actions, new_game, observation,
                            prepared_game)
from knjazja.engine.actions import ATTACK, DECLARE_WAR, DRAW, TURN, YIELD
from knjazja.engine.cards import CARD_ID, IS_TROOP, IS_MILITIA, KIND, STRENGTH
from knjazja.engine.cards import INSTANCES

from bot_states import playout_states

STATES = playout_states(4, 7, 12, policy="normal")
THETA = load_weights()


def _turn_positions():
    """Turn decisions of a four-Normal game, late enough to have notes."""
    return [s for s in STATES if s.decision.kind == TURN and s.turn_no > 8] or STATES


def test_the_shipped_weights_name_only_known_features_and_read_the_first_lessons():
    assert len(THETA) == len(FEATURES)
    # a city let fall: the cards that would have answered it were seldom in the hand
    for group in ("troop", "militia", "answer"):
        assert THETA[INDEX[f"defend/yield/1/{group}"]] < THETA[INDEX[f"defend/yield/0/{group}"]]
    # a troop that could have taken a rival's city on a turn he did not: less likely there
    assert THETA[INDEX["playable/troop_strong"]] < 0 and THETA[INDEX["playable/troop_weak"]] < 0


@pytest.mark.parametrize("s", STATES)
def test_the_groups_share_out_every_unknown_place_of_each_prince(s):
    obs = observation(s, s.decision.seat)
    for t in range(s.n):
        if t == obs.seat:
            continue
        layout = Layout(obs, t)
        hidden = obs.hand_sizes[t] - len(obs.known.get(t, []))
        assert sum(layout.sizes) == hidden and min(layout.sizes) >= 0
        kept = max(0, min(obs.kept[t] - len(obs.known.get(t, [])), hidden))
        assert sum(layout.sizes[1:]) <= kept          # no more old places than the count


def test_the_fitted_features_and_the_shipped_log_weights_agree():
    for s in STATES[:6]:
        obs = observation(s, s.decision.seat)
        for t in range(s.n):
            if t == obs.seat:
                continue
            layout = Layout(obs, t)
            logits = seat_logits(layout, obs.unseen, THETA, False)
            feats = seat_features(layout, obs.unseen, False)
            assert [size for size, _ in logits] == [size for size, _, _ in feats]
            for (_, lg), (_, _, fs) in zip(logits, feats):
                for c in obs.unseen:
                    assert lg[c] == pytest.approx(sum(THETA[f] for f in fs[c]), abs=1e-9)


def test_a_world_dealt_by_the_notes_agrees_with_the_observation():
    for k, s in enumerate(STATES):
        obs = observation(s, s.decision.seat)
        w = Belief(obs).deal(obs, random.Random(k))
        assert sorted(w.hands[obs.seat]) == obs.hand
        assert [len(h) for h in w.hands] == obs.hand_sizes and len(w.deck) == obs.deck_size
        for t, cards in obs.known.items():
            assert Counter(cards) <= Counter(w.hands[t])
        placed = sum(w.hands, []) + w.deck + ([c for _, c in w.pending.bids] if w.pending else [])
        assert sorted(c for c in placed if c in set(obs.unseen) | set(obs.hand)
                      or any(c in v for v in obs.known.values())) == sorted(placed)
        assert legal_actions(w) == legal_actions(s)


def _drawn_rounds(rounds: int):
    s = new_game(4, seed=5)
    for _ in range(4 * rounds):
        apply(s, next(a for a in legal_actions(s) if a.kind == DRAW))
    return s


def test_the_dealing_follows_the_weights_of_each_group():
    s = _drawn_rounds(4)                       # everyone drew four times
    obs = observation(s, 0)
    belief = Belief(obs)
    assert belief.places and all(t != 0 for t, _, _ in belief.places)
    # the same places with cities weighed out of the oldest groups
    belief.places = [(t, k, [1e-9 if KIND[c] == "city" else 1.0 for c in range(len(w))])
                     for t, k, w in belief.places]
    cities = Counter()
    for k in range(100):
        world = belief.deal(obs, random.Random(k))
        cities.update(KIND[c] for t in (1, 2, 3) for c in world.hands[t])
    fair = Counter()
    for k in range(100):
        fair.update(KIND[c] for t in (1, 2, 3) for c in determinize(obs, random.Random(k)).hands[t])
    assert fair["city"] > 0 and cities["city"] < 0.35 * fair["city"]


def _logits(s, viewer: int, seat: int) -> dict[int, float]:
    obs = observation(s, viewer)
    groups = seat_logits(Layout(obs, seat), obs.unseen, THETA, False)
    return groups[0][1]


def test_a_city_let_fall_makes_the_answers_it_needed_rarer_in_that_hand():
    s = prepared_game(3, hands={0: ["bld.church"], 1: ["ev.fire", "ev.recon", "bld.monastery"],
                                2: ["troop.druzhina.7"]},
                      cities={"city.kiev": (1, [])}, current=2, turn_no=5)
    before = _logits(s, 0, 1)
    apply(s, Action(DECLARE_WAR, city=INSTANCES["city.kiev"][0]))
    apply(s, Action(ATTACK, cards=(INSTANCES["troop.druzhina.7"][0],)))
    apply(s, Action(YIELD))
    after = _logits(s, 0, 1)
    shift = {c: after[c] - before[c] for c in before if c in after}
    strong = [c for c in shift if IS_TROOP[c] and not IS_MILITIA[c] and STRENGTH[c] >= 7]
    weak = [c for c in shift if IS_TROOP[c] and not IS_MILITIA[c] and STRENGTH[c] < 7]
    assert strong and weak
    assert max(shift[c] for c in strong) < min(shift[c] for c in weak)


def test_the_reading_costs_the_search_nothing_in_its_worlds():
    s = STATES[-1]
    obs = observation(s, s.decision.seat)
    w = Belief(obs).deal(obs, random.Random(3))
    assert not w.noting and w.notes == obs.notes
    apply(w, legal_actions(w)[0])
    assert w.notes == obs.notes


def test_card_classes_cover_the_catalogue():
    assert len(CLS) == len(CARD_ID)
    assert {CLS[c] for c in INSTANCES["city.kiev"]} == {0}
    assert len(set(CLS)) >= 12
    assert Action(YIELD).kind == YIELD


def test_hard_reads_the_notes_only_from_an_observation_that_has_them_all():
    """An observation without the game's notes (the network's codec sends none: None) is
    read by the kept counts alone, as the shipped Hard reads every one; a world dealt from it
    has none either, so the seat decides there as it did."""
    from dataclasses import replace

    from knjazja.bots.hard import HardBot
    from knjazja_lab.belief.belief import NotesHardBot
    s = _turn_positions()[-1]
    obs = observation(s, s.decision.seat)
    assert obs.notes and len(obs.notes) == obs.history_len
    bot = NotesHardBot(iterations=2)
    assert isinstance(bot._round_args(obs)[2]["read"], Belief)
    blind = replace(obs, notes=None)
    assert bot._round_args(blind)[2]["read"] is True
    world = determinize(blind, random.Random(3))
    assert world.notes is None and observation(world, obs.seat).notes is None
    assert bot._round_args(observation(world, obs.seat))[2]["read"] is True
    assert isinstance(bot._round_args(observation(determinize(obs, random.Random(3)),
                                                  obs.seat))[2]["read"], Belief)
    assert HardBot(iterations=2)._round_args(obs)[2]["read"] is True
