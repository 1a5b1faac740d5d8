"""The round look-ahead's experiments, the laboratory's (`knjazja_lab.factory`): "hard:exact"
models every seat with its draws valued exactly, "hard:ply" scores a round by the seat's
best move one ply on, "hard:wide" plays out more of Normal's moves.  The shipped Hard
plays none of them: its round takes a policy class and a leaf scorer, and the factory
gives these."""
import random

import pytest

from knjazja.bots.lookahead import evaluate
from knjazja.bots.net import default_net
from knjazja.bots.rounds import QuickPolicy, round_values
from knjazja.engine import legal_actions, observation
from knjazja.engine.actions import TURN
from knjazja_lab import factory
from knjazja_lab.factory import ExactModel, make_bot, ply_leaf

from bot_states import playout_states

STATES = playout_states(4, 61, 6, policy="normal") + playout_states(3, 62, 3)


def _count_calls(monkeypatch, module, name: str) -> list:
    """Patch `module.name` to note each call (and still do its work); returns the notes."""
    calls: list = []
    real = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **kw: calls.append(1) or real(*a, **kw))
    return calls


def _round_worlds(**kw) -> int:
    """Two worlds of the round look-ahead over two candidates; returns how many candidates."""
    s = STATES[0]
    obs = observation(s, s.decision.seat)
    cands = legal_actions(s)[:2]
    round_values(obs, cands, default_net(), random.Random(3), 2, None, **kw)
    return len(cands)


@pytest.mark.parametrize("model", [ExactModel, QuickPolicy])
def test_the_round_model_values_its_draws_as_asked(monkeypatch, model):
    """The quick Normal that plays every seat values a draw in its one world (the shipped
    `QuickPolicy`), and exactly, as Normal does, with `ExactModel` ("hard:exact")."""
    from knjazja.bots import lookahead
    calls = _count_calls(monkeypatch, lookahead, "draw_value")
    _round_worlds(model=model)
    assert bool(calls) == (model is ExactModel)


def test_hard_exact_is_the_model_valuing_draws_exactly():
    assert "model" not in make_bot("hard").search_kw
    assert make_bot("hard:exact").search_kw["model"] is ExactModel
    with pytest.raises(ValueError, match="exact"):
        make_bot("hard:nonsense")


def test_a_leaf_off_the_seats_turn_is_scored_by_the_network():
    s = STATES[0]
    other = (s.decision.seat + 1) % s.n
    net = default_net()
    assert ply_leaf(s, other, net, QuickPolicy(net), 1) == evaluate(s, other, net)


def test_a_leaf_at_the_seats_turn_is_its_best_move_one_ply_on(monkeypatch):
    """"hard:ply": at the seat's own turn the round is scored by the best of Normal's
    one-ply values over the moves its sense leaves open, not by the position itself."""
    from knjazja.bots import lookahead
    s = next(x for x in STATES if x.decision.kind == TURN and len(legal_actions(x)) > 2)
    me = s.decision.seat
    seen = []

    def fake_values(obs, legal, net, rng, worlds, refine):
        seen.append((obs.seat, len(legal), worlds))
        return [0.1 * (i % 3) for i in range(len(legal))]
    monkeypatch.setattr(lookahead, "action_values", fake_values)
    value = ply_leaf(s, me, default_net(), QuickPolicy(default_net()), 1)
    assert seen and seen[0][0] == me and seen[0][2] == 1
    assert value == pytest.approx(max(0.1 * (i % 3) for i in range(seen[0][1])))


def test_hard_ply_scores_its_rounds_one_ply_on(monkeypatch):
    assert "leaf" not in make_bot("hard").search_kw
    assert make_bot("hard:ply").search_kw["leaf"] is ply_leaf
    calls: list = []
    cands = _round_worlds(leaf=lambda *a: calls.append(1) or ply_leaf(*a))
    assert len(calls) == 2 * cands


def test_hard_wide_plays_out_more_of_normals_moves():
    """"hard:wide" takes Normal's best six moves within 0.3 into the round, the shipped Hard
    four within 0.15: on the same decision it judges at least as many, and somewhere more."""
    wide, hard = make_bot("hard:wide", iterations=1), make_bot("hard", iterations=1)
    assert wide.search_kw["top_k"] == factory.WIDE_CHOICE["top_k"] == 6
    assert wide.search_kw["margin"] == factory.WIDE_CHOICE["margin"] == 0.3
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
