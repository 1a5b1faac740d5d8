"""Every bot of the laboratory (the arena's variants, the classic and learned searches)
returns one of the legal actions, for 2..8 players and all decision kinds."""
import random

import pytest

from knjazja.bots import KINDS, Bot
from knjazja.engine import legal_actions, new_game, observation
from knjazja_lab.factory import ALL_KINDS, make_bot

from bot_states import playout_states

LAB_KINDS = [k for k in ALL_KINDS if k not in KINDS]


def test_the_laboratory_has_its_own_kinds():
    assert LAB_KINDS and set(KINDS) <= set(ALL_KINDS)


@pytest.mark.parametrize("n", [2, 4, 8])
def test_every_lab_bot_returns_a_legal_action(n):
    states = playout_states(n, 10 + n, 6) + playout_states(n, 20 + n, 4, policy="normal")
    bots = [make_bot(k, iterations=15) if k.startswith("hard") else make_bot(k) for k in LAB_KINDS]
    for i, s in enumerate(states):
        seat = s.decision.seat
        obs, legal = observation(s, seat), legal_actions(s)
        for b in bots:
            a = b.choose(obs, legal, random.Random(i))
            assert a in legal, f"{b.name} chose illegal {a} ({s.decision.kind})"


def test_lab_bots_keep_the_protocol_and_answer_a_single_action_at_once():
    s = new_game(3, 1)
    obs = observation(s, s.decision.seat)
    only = [legal_actions(s)[0]]
    for k in LAB_KINDS:
        b = make_bot(k)
        assert isinstance(b, Bot) and b.name == k
        assert b.choose(obs, only, random.Random(0)) == only[0]


def test_hard_classic_root_parallel_search_is_deterministic():
    from knjazja_lab.classic.hard import best_of, parallel_search
    s = playout_states(4, 78, 1, policy="normal")[0]
    obs = observation(s, s.decision.seat)
    legal = legal_actions(s)
    st1 = parallel_search(obs, legal, random.Random(3), workers=2, iterations=40)
    st2 = parallel_search(obs, legal, random.Random(3), workers=2, iterations=40)
    assert st1["candidates"] == st2["candidates"]
    assert best_of(st1) in legal
    assert make_bot("hard-classic", iterations=40, workers=2).choose(obs, legal, random.Random(3)) in legal
