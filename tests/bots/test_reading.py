"""Reading the others' kept cards (`bots/reading.py`, the `:read` arena variants)."""
import random

import pytest

import knjazja.bots.lookahead as lookahead
import knjazja.bots.rounds as rounds
from knjazja_lab.factory import make_bot      # the arena's variants too
from knjazja.bots.reading import HOLD_ODDS, KEEP_RATE
from knjazja.engine import determinize, legal_actions, observation
from knjazja.engine.cards import CARD_ID, KIND, N_CARDS

from bot_states import playout_states

STATES = playout_states(4, 3, 6, policy="normal")      # played before any spying


def test_odds_cover_every_card_and_keep_cities_least_and_troops_most():
    assert len(HOLD_ODDS) == N_CARDS and all(0.0 < w <= 1.0 for w in HOLD_ODDS)
    city = {w for c, w in enumerate(HOLD_ODDS) if KIND[c] == "city"}
    militia = {w for c, w in enumerate(HOLD_ODDS) if CARD_ID[c] == "troop.militia"}
    assert city == {KEEP_RATE["city"]} and militia == {KEEP_RATE["troop"]}
    assert min(HOLD_ODDS) == KEEP_RATE["city"] and max(HOLD_ODDS) == KEEP_RATE["troop"]


def _spy(monkeypatch, module):
    """Record the odds each world of `module` is dealt with."""
    seen = []

    def deal(obs, rng, hold_odds=None):
        seen.append(hold_odds)
        return determinize(obs, rng, hold_odds)
    monkeypatch.setattr(module, "determinize", deal)
    return seen


@pytest.mark.parametrize("kind, reads", [("normal", False), ("normal:read", True),
                                         ("hard:uniform", False), ("hard", True),
                                         ("hard:read", True)])
def test_only_the_read_variants_deal_with_the_odds(monkeypatch, kind, reads):
    seen = _spy(monkeypatch, lookahead)        # Normal's worlds, and the quick Normal's
    seen_rounds = _spy(monkeypatch, rounds)    # Hard's played-out rounds
    bot = make_bot(kind, **({"iterations": 2} if kind.startswith("hard") else {}))
    decided = 0
    for s in STATES:
        legal = legal_actions(s)
        if len(legal) > 1:
            bot.choose(observation(s, s.decision.seat), legal, random.Random(1))
            decided += 1
    assert decided and seen
    assert all((odds is HOLD_ODDS) == reads for odds in seen + seen_rounds)
    if kind.startswith("hard"):
        assert seen_rounds                      # the round look-ahead dealt its own worlds
