"""Hard's round look-ahead (`bots.rounds`): a round is played out to the seat's next
turn, every candidate is judged on the same worlds, and a fixed number of worlds
decides the same way every time."""
import json
import random
from importlib import resources

import pytest

from knjazja_lab.factory import make_bot      # the arena's variants too
from knjazja.bots.net import DEFAULT_FILE, EvalNet, default_net
from knjazja.bots import rounds
from knjazja.bots.lookahead import evaluate
from knjazja.bots.rounds import QuickPolicy, choose_by_rounds, leaf_value, play_round, round_values
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


def _count_calls(monkeypatch, module, name: str) -> list:
    """Patch `module.name` to note each call (and still do its work); returns the notes."""
    calls: list = []
    real = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a: calls.append(1) or real(*a))
    return calls


def _round_worlds(**kw) -> int:
    """Two worlds of the round look-ahead over two candidates; returns how many candidates."""
    s = STATES[0]
    obs = observation(s, s.decision.seat)
    cands = legal_actions(s)[:2]
    round_values(obs, cands, default_net(), random.Random(3), 2, None, **kw)
    return len(cands)


@pytest.mark.parametrize("exact", [True, False])
def test_the_round_model_values_its_draws_as_asked(monkeypatch, exact):
    """The quick Normal that plays every seat values a draw in its one world by default,
    and exactly (as Normal does) with `exact_model` ("hard:exact")."""
    from knjazja.bots import lookahead
    calls = _count_calls(monkeypatch, lookahead, "draw_value")
    _round_worlds(exact_model=exact)
    assert bool(calls) == exact


def test_hard_exact_is_the_model_valuing_draws_exactly():
    assert make_bot("hard").search_kw.get("exact_model", False) is False
    assert make_bot("hard:exact").search_kw["exact_model"] is True
    with pytest.raises(ValueError, match="exact"):
        make_bot("hard:nonsense")


def test_a_leaf_off_the_seats_turn_is_scored_by_the_network():
    s = STATES[0]
    other = (s.decision.seat + 1) % s.n
    net = default_net()
    policy = QuickPolicy(net)
    assert leaf_value(s, other, net, policy, random.Random(1)) == evaluate(s, other, net)


def test_a_leaf_at_the_seats_turn_is_its_best_move_one_ply_on(monkeypatch):
    """"hard:ply": at the seat's own turn the round is scored by the best of Normal's
    one-ply values over the moves its sense leaves open, not by the position itself."""
    s = next(x for x in STATES if x.decision.kind == TURN and len(legal_actions(x)) > 2)
    me = s.decision.seat
    seen = []

    def fake_values(obs, legal, net, rng, worlds, refine):
        seen.append((obs.seat, len(legal), worlds))
        return [0.1 * (i % 3) for i in range(len(legal))]
    monkeypatch.setattr(rounds, "action_values", fake_values)
    value = leaf_value(s, me, default_net(), QuickPolicy(default_net()), random.Random(1))
    assert seen and seen[0][0] == me and seen[0][2] == 1
    assert value == pytest.approx(max(0.1 * (i % 3) for i in range(seen[0][1])))


def test_hard_ply_scores_its_rounds_one_ply_on(monkeypatch):
    assert make_bot("hard").search_kw.get("leaf_ply", False) is False
    assert make_bot("hard:ply").search_kw["leaf_ply"] is True
    calls = _count_calls(monkeypatch, rounds, "leaf_value")
    _round_worlds()
    assert not calls
    cands = _round_worlds(leaf_ply=True)
    assert len(calls) == 2 * cands


def test_hard_wide_plays_out_more_of_normals_moves():
    """"hard:wide" takes Normal's best six moves within 0.3 into the round, the shipped Hard
    four within 0.15: on the same decision it judges at least as many, and somewhere more."""
    wide, hard = make_bot("hard:wide", iterations=1), make_bot("hard", iterations=1)
    assert wide.search_kw["top_k"] == 6 and wide.search_kw["margin"] == 0.3
    assert "top_k" not in hard.search_kw
    more = 0
    # positions with a real choice: most of STATES are answers in a war, with two or three
    many = [s for s in playout_states(4, 63, 60, policy="normal") if len(legal_actions(s)) >= 6]
    assert len(many) >= 4
    for i, s in enumerate(many[:8]):
        obs, legal = observation(s, s.decision.seat), legal_actions(s)
        _, idx_wide, _ = wide.judge(obs, legal, random.Random(i))
        _, idx_hard, _ = hard.judge(obs, legal, random.Random(i))
        assert len(idx_hard) <= 4 and len(idx_wide) <= 6
        assert set(idx_hard) <= set(idx_wide)
        more += len(idx_wide) > len(idx_hard)
    assert more > 0
