"""A state changed by hand (tests, prepared positions) says so with ``GameState.edited()``:
the legal actions are worked out again, and no test reaches into the engine's cache."""
import re
from pathlib import Path

from knjazja.engine import legal_actions, new_game
from knjazja.engine.actions import PLAY_CITY
from knjazja.engine.cards import INSTANCES

TESTS = Path(__file__).resolve().parents[1]


def test_edited_makes_the_legal_actions_follow_a_hand_changed_by_hand():
    s = new_game(2, seed=5, first_player=0)
    kiev = INSTANCES["city.kiev"][0]
    before = legal_actions(s)
    assert not any(a.kind == PLAY_CITY and a.card == kiev for a in before)
    for zone in s.hands + [s.deck]:
        if kiev in zone:
            zone.remove(kiev)
    s.hands[0].append(kiev)
    assert legal_actions(s) == before               # kept from before the change ...
    s.edited()
    assert any(a.kind == PLAY_CITY and a.card == kiev for a in legal_actions(s))   # ... now seen


def test_no_test_resets_the_engines_private_cache():
    pattern = re.compile(r"\._legal\s*=")
    found = [f"{p.relative_to(TESTS)}:{i}" for p in sorted(TESTS.rglob("*.py"))
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line) and p.name != Path(__file__).name]
    assert not found, found
