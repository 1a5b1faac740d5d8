"""No peeking: a bot's decision depends only on what its seat may know.

For random mid-game states, the deciding seat's observation is used to deal an
alternative world (`determinize`): the other hands and the deck reshuffled, consistent
with what the seat knows.  The bot, with the same rng seed, must decide the same there.
"""
import random

import pytest

from knjazja_lab.factory import make_bot      # the arena's variants too
from knjazja_lab.belief.belief import Belief
from knjazja.engine import determinize, legal_actions, observation

from bot_states import playout_states

BOTS = {
    "random": {},
    "easy": {},
    "normal": {},
    "normal:read": {},
    "hard": {"iterations": 3},
    "hard:notes": {"iterations": 3},
    "hard:uniform": {"iterations": 3},
    "hard:exact": {"iterations": 3},
    "hard:ply": {"iterations": 3},
    "hard:wide": {"iterations": 3},
    "hard-learned": {"iterations": 40},
    "normal-classic": {},
    "hard-classic": {"iterations": 40},
}


def _states():
    out = []
    for n, seed in ((2, 1), (3, 2), (4, 3), (5, 4), (8, 5)):
        out += playout_states(n, seed, 6, policy="normal")
    return out


STATES = _states()


@pytest.mark.parametrize("kind", sorted(BOTS))
def test_decision_unchanged_when_hidden_cards_are_reshuffled(kind):
    bot = make_bot(kind, **BOTS[kind])
    kinds_seen = set()
    for i, s in enumerate(STATES):
        seat = s.decision.seat
        obs = observation(s, seat)
        legal = legal_actions(s)
        a = bot.choose(obs, legal, random.Random(1000 + i))
        for j in range(3 if not kind.startswith("hard") else 1):
            alt = determinize(obs, random.Random(7 * i + j))
            assert sorted(alt.hands[seat]) == sorted(s.hands[seat])
            # the hidden part really differs in most worlds (or the seat sees everything)
            obs2 = observation(alt, seat)
            legal2 = legal_actions(alt)
            assert legal2 == legal
            a2 = bot.choose(obs2, legal2, random.Random(1000 + i))
            assert a2 == a, f"{kind} changed its mind at state {i} ({s.decision.kind}): {a} vs {a2}"
        kinds_seen.add(s.decision.kind)
    assert len(kinds_seen) >= 3


def test_alternative_worlds_really_differ():
    """Guard against a vacuous test: reshuffled worlds hide different cards."""
    differ = 0
    for i, s in enumerate(STATES):
        seat = s.decision.seat
        alt = determinize(observation(s, seat), random.Random(i))
        if any(alt.hands[t] != s.hands[t] for t in range(s.n) if t != seat) or alt.deck != s.deck:
            differ += 1
    assert differ >= len(STATES) * 0.8


def test_the_reading_of_the_notes_is_the_same_in_every_world_the_seat_cannot_tell_apart():
    """Hard's reading (`knjazja_lab/belief/belief.py`) reads the observation's notes and counts alone: in a
    world dealt from it, seen from the same seat, it places the same groups with the same
    weights.  (That the notes themselves hold no hidden card: tests/engine/test_notes.py.)"""
    read = 0
    for i, s in enumerate(STATES):
        seat = s.decision.seat
        obs = observation(s, seat)
        places = Belief(obs).places
        for j in range(2):
            alt = determinize(obs, random.Random(7 * i + j))
            assert Belief(observation(alt, seat)).places == places
        read += bool(places)
    assert read >= len(STATES) // 2
