"""Reading the others' kept cards (`bots/reading.py`, the `:read` arena variants)."""
import random

import pytest

import knjazja_lab.belief.belief as belief
import knjazja.bots.reading as reading
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


def _spy(monkeypatch):
    """Record how each world is dealt: the odds, or the notes' places (`knjazja_lab.belief.belief`)."""
    seen = []

    def deal(obs, rng, hold_odds=None, places=None):
        seen.append("notes" if places is not None else hold_odds)
        return determinize(obs, rng, hold_odds, places)
    monkeypatch.setattr(reading, "determinize", deal)
    monkeypatch.setattr(belief, "determinize", deal)
    return seen


@pytest.mark.parametrize("kind, reads, notes", [("normal", False, False), ("normal:read", True, False),
                                                ("hard:uniform", False, False), ("hard", True, False),
                                                ("hard:read", True, False), ("hard:notes", True, True)])
def test_only_the_read_variants_deal_with_the_odds(monkeypatch, kind, reads, notes):
    seen = _spy(monkeypatch)                  # every world: Normal's, Hard's and the quick Normal's
    bot = make_bot(kind, **({"iterations": 2} if kind.startswith("hard") else {}))
    decided = 0
    for s in STATES:
        legal = legal_actions(s)
        if len(legal) > 1:
            bot.choose(observation(s, s.decision.seat), legal, random.Random(1))
            decided += 1
    assert decided and seen
    # hard:notes's own worlds read the notes; the quick Normal of its rounds reads the kept counts
    assert ("notes" in seen) == notes
    assert all((odds is HOLD_ODDS) == reads for odds in seen if odds != "notes")
    if kind.startswith("hard"):                 # the round look-ahead dealt its own worlds
        assert len(seen) > 3 * decided
