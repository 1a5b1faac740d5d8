"""The learned evaluation: features see only one seat's knowledge, the shipped weights
fit the features, the pure-Python network equals the training one, training lowers its
loss, and the bots that use it decide reproducibly."""
import json
import random

import pytest

from knjazja_lab.factory import make_bot      # the arena's variants too
from knjazja.bots.features import N_GLOB, N_HAND, N_SEAT, Features, extract, names
from knjazja.bots.net import EvalNet, WeightsError, default_net, load
from knjazja.bots.view import View
from knjazja.engine import determinize, legal_actions, observation

from bot_states import playout_states

STATES = playout_states(4, 41, 8, policy="normal") + playout_states(3, 42, 4) \
    + playout_states(6, 43, 4, policy="normal")


def _same(a, b):
    return a.seats == b.seats and a.glob == b.glob and a.hand == b.hand


def test_features_ignore_hidden_cards():
    """Redealing the others' hands and the deck leaves every feature unchanged, whether
    read from the observation or from the dealt world itself."""
    checked = 0
    for i, s in enumerate(STATES):
        for seat in range(s.n):
            obs = observation(s, seat)
            f = extract(View.from_obs(obs))
            assert len(f.seats) == s.n and len(f.seats[0]) == N_SEAT
            assert len(f.glob) == N_GLOB and len(f.hand) == N_HAND
            for j in range(2):
                world = determinize(obs, random.Random(100 * i + j))
                assert _same(f, extract(View.from_obs(observation(world, seat))))
                assert _same(f, extract(View.from_state(world, seat)))
                checked += 1
    assert checked >= 100


def test_features_follow_what_the_seat_does_see():
    """Guard against a vacuous test: the viewer's own hand and the public table move them."""
    moved = 0
    for s in STATES:
        s = s.clone()
        seat = s.decision.seat
        before = extract(View.from_state(s, seat))
        other = (seat + 1) % s.n
        if sorted(s.hands[seat]) == sorted(s.hands[other]):
            continue
        s.hands[seat], s.hands[other] = s.hands[other], s.hands[seat]
        after = extract(View.from_state(s, seat))
        assert before.hand != after.hand
        moved += 1
    assert moved >= 10


def test_feature_names_cover_the_vector():
    assert len(names()) == N_SEAT + N_GLOB + N_HAND
    assert len(set(names())) == len(names())


def test_shipped_weights_load_with_the_expected_shape():
    net = default_net()
    assert net.hidden >= 8
    assert len(net.Ws) == N_SEAT and len(net.Wg) == N_GLOB and len(net.Wh) == N_HAND
    assert all(len(row) == net.hidden for row in net.Ws + net.Wg + net.Wh)
    assert net.meta["train"]["games"] > 0
    f = extract(View.from_state(STATES[0], 0))
    p = net.win_probs(f)
    assert len(p) == STATES[0].n and abs(sum(p) - 1) < 1e-9 and all(0 < x < 1 for x in p)


def test_bad_weights_are_refused_with_one_line(tmp_path):
    good = json.loads(json.dumps(_tiny_weights()))
    EvalNet(good)
    bad = dict(good, Ws=good["Ws"][:-1])
    with pytest.raises(WeightsError, match="Ws"):
        EvalNet(bad)
    with pytest.raises(WeightsError, match="features"):
        EvalNet(dict(good, feature_version=-1))
    path = tmp_path / "w.json"
    path.write_text("{not json")
    with pytest.raises(WeightsError, match="not JSON"):
        load(path)


def _tiny_weights(hidden=4):
    np = pytest.importorskip("numpy")
    from knjazja_lab.model import init_params, to_json
    return to_json(init_params(hidden, np.random.default_rng(0)), {"games": 0})


def test_pure_python_network_equals_the_numpy_one():
    np = pytest.importorskip("numpy")
    from knjazja_lab.model import forward, from_json, init_params, to_json
    doc = to_json(init_params(12, np.random.default_rng(5)), {})
    net, params = EvalNet(doc), from_json(doc)
    for s in STATES[:6]:
        f = extract(View.from_state(s, s.decision.seat))
        prob, glory, _ = forward(params, np.array([f.seats], dtype=float),
                                 np.array([f.glob], dtype=float), np.array([f.hand], dtype=float))
        us, gs = net.heads(f)
        assert np.allclose(prob[0], net.win_probs(f), atol=1e-9)
        assert np.allclose(glory[0], gs, atol=1e-9)


def test_remembered_sums_give_the_network_float_for_float():
    """One network over many positions — its caches warm, and cleared when full — gives
    exactly what a fresh network gives on each, and both match the training model's
    forward pass (a cache keyed wrongly would hand one sum for another)."""
    np = pytest.importorskip("numpy")
    from knjazja.bots import net as net_module
    from knjazja_lab.model import forward, from_json
    doc = json.loads(net_module.resources.files("knjazja.bots").joinpath(
        "data", net_module.DEFAULT_FILE).read_text("utf-8"))
    params = from_json(doc)
    warm = EvalNet(doc, cache_mb=40 * net_module.ENTRY_BYTES / 2**20)     # room for 40 entries
    assert warm.budget.entries == 40
    feats = [extract(View.from_state(s, seat)) for s in STATES for seat in range(s.n)]
    # each table also with the hand of the one before (as after a draw: only the hand differs)
    feats = [x for f, before in zip(feats[1:], feats) for x in (f, Features(f.seats, f.glob, before.hand))]
    for f in feats + feats[::-1]:
        assert warm.heads(f) == EvalNet(doc).heads(f)
    for f in feats:
        prob, glory, _ = forward(params, np.array([f.seats], dtype=float),
                                 np.array([f.glob], dtype=float), np.array([f.hand], dtype=float))
        assert np.allclose(prob[0], warm.win_probs(f), atol=1e-9)
        assert np.allclose(glory[0], warm.heads(f)[1], atol=1e-9)


def test_a_tiny_training_run_lowers_its_loss():
    np = pytest.importorskip("numpy")
    from knjazja_lab.model import init_params
    from knjazja_lab.selfplay import SelfPlay
    from knjazja_lab.train import Data, evaluate_loss, fit, game_seeds, generate
    games = generate(game_seeds(3, 1, 6), SelfPlay(record_p=0.3, counts=(3, 4)), 1,
                     lambda m: None, "test")
    data = Data(games)
    assert data.rows > 50
    rng = np.random.default_rng(0)
    params = init_params(16, rng)
    before = evaluate_loss(params, data)
    fit(params, data, 6, rng, lambda m: None)
    assert evaluate_loss(params, data) < before - 0.02


def test_training_is_reproducible_from_its_seed(tmp_path):
    pytest.importorskip("numpy")
    from knjazja_lab.train import train
    kw = {"seed": 4, "games": 4, "epochs": 1, "hidden": 8, "counts": (2, 3), "log": lambda m: None}
    a = train(out=tmp_path / "a.json", **kw)
    b = train(**kw)
    strip = ("seconds",)
    assert {k: v for k, v in a["train"].items() if k not in strip} == \
        {k: v for k, v in b["train"].items() if k not in strip}
    assert a["Ws"] == b["Ws"] and a["w2"] == b["w2"]
    assert load(tmp_path / "a.json").hidden == a["hidden"]


@pytest.mark.parametrize("kind", ["hard", "hard-learned"])
def test_fixed_iteration_hard_is_deterministic(kind):
    bot = make_bot(kind, iterations=3 if kind == "hard" else 30)
    for i, s in enumerate(STATES[:6]):
        obs = observation(s, s.decision.seat)
        legal = legal_actions(s)
        assert bot.choose(obs, legal, random.Random(i)) == bot.choose(obs, legal, random.Random(i))


def test_normal_looks_ahead_deterministically():
    bot = make_bot("normal")
    for i, s in enumerate(STATES[:8]):
        obs = observation(s, s.decision.seat)
        legal = legal_actions(s)
        a = bot.choose(obs, legal, random.Random(i))
        assert a in legal and a == bot.choose(obs, legal, random.Random(i))


def test_the_bench_notes_every_position_the_look_ahead_values():
    """`bench bots` times the network on the positions Normal's look-ahead weighs; the
    noting network must value them as the plain one does and miss none."""
    from knjazja_lab.bench import _Noting
    from knjazja.bots.normal import NormalBot
    from knjazja.bots.sense import focus
    plain, noting = NormalBot(), NormalBot(net=_Noting(default_net()))
    asked = valued = 0
    for i, s in enumerate(STATES):         # all of them: a floor of real choices, whatever the bots play
        obs, legal = observation(s, s.decision.seat), legal_actions(s)
        assert noting.choose(obs, legal, random.Random(i)) == plain.choose(obs, legal, random.Random(i))
        before, asked = asked, len(noting._net.asked)
        # a real choice is valued by the network, unless every move ends the game (then
        # the look-ahead scores the final Glory exactly)
        valued += len(focus(obs, legal, sense=noting.sense)) > 1 and asked > before
    assert valued >= 5
    fresh = load()
    assert [default_net().value(f) for f in noting._net.asked] == \
        [fresh.value(f) for f in noting._net.asked]
