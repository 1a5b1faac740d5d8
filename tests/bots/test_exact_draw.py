"""Normal's draw is valued exactly: the mean over every card the draw may bring."""
from __future__ import annotations

import random

import pytest

from knjazja.bots.lookahead import action_values, draw_value, evaluate, settle
from knjazja.bots.net import default_net
from knjazja.engine import Action, apply, determinize, legal_actions, observation
from knjazja.engine.actions import DRAW, TURN
from knjazja.engine.cards import CARD_ID

from bot_states import playout_states

HERMIT = CARD_ID.index("chr.hermit")


def _draw_turns(count: int) -> list:
    """(state, seat) at turns where the seat may draw one card."""
    out = []
    for n, seed in ((4, 3), (3, 8), (2, 5)):
        for s in playout_states(n, seed, 40, policy="normal"):
            seat = s.decision.seat
            if s.decision.kind == TURN and any(a.kind == DRAW for a in legal_actions(s)) \
                    and HERMIT not in s.chronicles[seat]:
                out.append((s, seat))
    assert len(out) >= count, "too few turns with a draw in the sample"
    return out[:count]


def _brute_force(world, me: int, unseen: list[int], net) -> float:
    """Every unseen card in turn put on top of the deck, drawn and scored; the plain mean."""
    values = []
    for c in unseen:
        s = world.clone()
        where = s.deck if c in s.deck else next(
            (h for t, h in enumerate(s.hands) if t != me and c in h), None)
        if where is None:                 # in a face-down bid: cannot be drawn
            continue
        i = where.index(c)
        where[i], s.deck[-1] = s.deck[-1], c
        apply(s, Action(DRAW))
        settle(s, random.Random(0))
        values.append(evaluate(s, me, net))
    return sum(values) / len(values)


def test_the_draw_value_is_the_mean_over_every_card_on_top():
    net = default_net()
    for s, me in _draw_turns(8):
        obs = observation(s, me)
        world = determinize(obs, random.Random(1))
        exact = draw_value(world, me, obs.unseen, net)
        assert exact is not None
        assert exact == pytest.approx(_brute_force(world, me, obs.unseen, net), abs=1e-9)
        assert world.hands == determinize(obs, random.Random(1)).hands   # left as dealt


def test_the_draw_value_is_the_same_in_every_dealt_world():
    # the noise of a sampled draw is gone: the deal of the hidden cards no longer matters
    net = default_net()
    for s, me in _draw_turns(6):
        obs = observation(s, me)
        values = {round(draw_value(determinize(obs, random.Random(k)), me, obs.unseen, net), 12)
                  for k in range(4)}
        assert len(values) == 1


def test_a_two_card_draw_falls_back_to_dealt_worlds():
    net = default_net()
    s, me = _draw_turns(1)[0]
    s = s.clone()
    for place in [s.deck, s.discard, *s.hands, *s.chronicles]:
        if HERMIT in place:
            place.remove(HERMIT)
    s.chronicles[me].append(HERMIT)       # the Hermit Elder: two cards a draw
    assert any(a.kind == DRAW for a in legal_actions(s)) and len(s.deck) >= 2
    obs = observation(s, me)
    assert draw_value(determinize(obs, random.Random(1)), me, obs.unseen, net) is None
    legal = legal_actions(s)
    values = action_values(obs, legal, net, random.Random(3))
    assert len(values) == len(legal) and all(0.0 <= v <= 1.5 for v in values)


def test_normal_values_a_draw_the_same_with_any_seed():
    # a sampled draw's value moved with the deal; the exact one only with the position
    s, me = _draw_turns(1)[0]
    obs = observation(s, me)
    legal = legal_actions(s)
    d = next(i for i, a in enumerate(legal) if a.kind == DRAW)
    net = default_net()
    exact = {round(action_values(obs, legal, net, random.Random(k))[d], 12) for k in range(3)}
    sampled = {round(action_values(obs, legal, net, random.Random(k), exact_draw=False)[d], 12)
               for k in range(3)}
    assert len(exact) == 1 and len(sampled) > 1


def test_the_draw_value_counted_from_one_pool_is_the_value_counted_afresh(monkeypatch):
    # draw_value counts each card's pool from the pool before the draw and keeps the
    # others' side of the table: the same floats as extracting every position afresh
    import knjazja.bots.lookahead as lookahead
    net = default_net()
    cases = [(determinize(observation(s, me), random.Random(2)), me, observation(s, me).unseen)
             for s, me in _draw_turns(8)]
    fast = [draw_value(w, me, unseen, net) for w, me, unseen in cases]
    afresh = lookahead.evaluate
    monkeypatch.setattr(lookahead, "evaluate", lambda s, me, net, *shortcuts: afresh(s, me, net))
    assert fast == [draw_value(w, me, unseen, net) for w, me, unseen in cases]
    assert all(v is not None for v in fast)


def test_a_pool_less_one_card_has_the_features_of_that_pool_counted_afresh():
    from knjazja.bots.features import PoolInfo
    for s, me in _draw_turns(4):
        pool = observation(s, me).unseen
        whole = PoolInfo(pool)
        for c in pool:
            rest = [x for x in pool if x != c]
            less, fresh = whole.without(c), PoolInfo(rest)
            assert less.values == fresh.values
            assert (less.prof.n, sorted(less.prof.troops), less.prof.militia, less.prof.always,
                    less.prof.bribes) == (fresh.prof.n, sorted(fresh.prof.troops),
                                          fresh.prof.militia, fresh.prof.always, fresh.prof.bribes)
