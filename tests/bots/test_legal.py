"""Every shipped bot returns one of the legal actions, for 2..8 players and all decision kinds
(the laboratory's variants: tests/lab/test_lab_legal.py)."""
import random

import pytest

from knjazja.bots import Bot
from knjazja.bots import KINDS, make_bot
from knjazja.engine import apply, legal_actions, new_game, observation

from bot_states import playout_states


@pytest.mark.parametrize("n", range(2, 9))
def test_every_bot_returns_a_legal_action(n):
    states = playout_states(n, 10 + n, 10) + playout_states(n, 20 + n, 6, policy="normal")
    bots = [make_bot(k, iterations=2 if k == "hard" else 15) if k.startswith("hard") else make_bot(k)
            for k in KINDS]
    for i, s in enumerate(states):
        seat = s.decision.seat
        obs = observation(s, seat)
        legal = legal_actions(s)
        for b in bots:
            a = b.choose(obs, legal, random.Random(i))
            assert a in legal, f"{b.name} chose illegal {a} ({s.decision.kind})"


@pytest.mark.parametrize("n", [2, 3, 5, 8])
def test_whole_games_between_levels_finish(n):
    kinds = ["easy", "normal", "random", "normal", "easy", "random", "normal", "easy"][:n]
    bots = [make_bot(k) for k in kinds]
    for g in range(2):
        s = new_game(n, 500 + g)
        rngs = [random.Random(g * 10 + i) for i in range(n)]
        steps = 0
        while not s.over and steps < 5000:
            seat = s.decision.seat
            legal = legal_actions(s)
            a = bots[seat].choose(observation(s, seat), legal, rngs[seat])
            assert a in legal
            apply(s, a)
            steps += 1
        assert s.over


def test_make_bot_and_protocol():
    for k in KINDS:
        b = make_bot(k)
        assert isinstance(b, Bot) and b.name == k
    with pytest.raises(ValueError):
        make_bot("grandmaster")


def test_single_legal_action_is_returned_at_once():
    s = new_game(3, 1)
    obs = observation(s, s.decision.seat)
    only = [legal_actions(s)[0]]
    for k in KINDS:
        assert make_bot(k).choose(obs, only, random.Random(0)) == only[0]
