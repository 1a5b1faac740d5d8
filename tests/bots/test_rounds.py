"""Hard's round look-ahead (`bots.rounds`): a round is played out to the seat's next
turn, every candidate is judged on the same worlds, and a fixed number of worlds
decides the same way every time."""
import json
import random
from importlib import resources

import pytest

from knjazja_lab.factory import make_bot      # the arena's variants too
from knjazja.bots.net import DEFAULT_FILE, EvalNet, default_net
from knjazja.bots.rounds import QuickPolicy, choose_by_rounds, play_round, round_values
from knjazja.engine import apply, legal_actions, new_game, observation
from knjazja.engine.actions import TURN

from bot_states import playout_states

STATES = playout_states(4, 61, 6, policy="normal") + playout_states(3, 62, 3)


def test_a_round_is_played_out_to_the_seats_next_turn():
    s = new_game(4, 5)
    me = s.decision.seat
    first = s.turn_no
    apply(s, legal_actions(s)[0])               # my turn's action
    play_round(s, me, QuickPolicy(default_net()), random.Random(1))
    assert not s.over
    assert s.decision.kind == TURN and s.decision.seat == me
    assert s.turn_no == first + 4                # the three others had their turns


def test_every_candidate_is_judged_on_the_same_number_of_worlds():
    s = STATES[0]
    obs = observation(s, s.decision.seat)
    cands = legal_actions(s)[:3]
    means, worlds = round_values(obs, cands, default_net(), random.Random(3), 4, None)
    assert worlds == 4 and len(means) == len(cands)
    assert all(0.0 <= m <= 1.0 for m in means)


def test_a_fixed_number_of_worlds_decides_the_same_every_time():
    net = default_net()
    for i, s in enumerate(STATES):
        obs = observation(s, s.decision.seat)
        legal = legal_actions(s)
        a = choose_by_rounds(obs, legal, net, random.Random(i), 3, None)
        assert a in legal
        assert a == choose_by_rounds(obs, legal, net, random.Random(i), 3, None)


def _shipped_weights():
    return resources.files("knjazja.bots").joinpath("data", DEFAULT_FILE)


def test_the_round_models_the_seats_with_its_own_network():
    """`round_values` plays every seat with `model_net` and scores with `net`: a network
    that sees nothing (all weights zero) as the scorer makes every candidate equal, and as
    the model it leaves the scores to the real network."""
    doc = json.loads(_shipped_weights().read_text("utf-8"))
    zero = [[0.0] * doc["hidden"]]
    blind = EvalNet(dict(doc, Ws=zero * len(doc["Ws"]), Wg=zero * len(doc["Wg"]),
                         Wh=zero * len(doc["Wh"])))
    s = STATES[1]
    obs = observation(s, s.decision.seat)
    cands = legal_actions(s)[:3]
    flat, _ = round_values(obs, cands, blind, random.Random(5), 3, None, model_net=default_net())
    sharp, _ = round_values(obs, cands, default_net(), random.Random(5), 3, None, model_net=blind)
    unfinished = [m for m in flat if 0.0 < m < 1.0]
    assert len(set(round(m, 9) for m in unfinished)) <= 1      # the blind scorer: all alike
    assert len(set(round(m, 9) for m in sharp)) > 1             # the real scorer tells apart


def test_hard_with_a_weights_file_still_models_the_seats_as_normal_plays():
    bot = make_bot(f"hard@{_shipped_weights()}")
    assert bot._model_net is default_net() and bot._net is not default_net()
    with pytest.raises(ValueError, match="unknown variant"):
        make_bot("hard-classic:iterations=20")
