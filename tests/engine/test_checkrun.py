"""Checked random games (`knjazja simulate --check`): a small run in the suite, and the
checker's own faults — it must notice a lost card, and `may_declare`'s shortcut must agree
with the attack options it does not list."""
import random

import pytest

from knjazja.engine import apply, legal_actions, new_game
from knjazja.tools import checkrun
from knjazja.engine.public import may_declare
from knjazja.engine.targets import attack_options, attacking_troops

from scenario import inst, scenario


def test_a_small_checked_run_covers_every_player_count_and_house_rule_with_no_failure():
    res = checkrun.check_games(56, seed=3)
    assert res["failures"] == 0, res["failed_games"]
    assert res["games"] == 56 and res["actions"] > 56 * 50
    setups = {checkrun.game_setup(3, g)[::2] for g in range(56)}
    assert {n for n, _ in setups} == set(range(2, 9))
    assert {(o.strict_defence, o.invasion_first_round) for _, o in setups} == {
        (False, False), (True, False), (False, True), (True, True)}


def test_a_lost_card_is_a_failure_naming_the_game(monkeypatch):
    real_apply = checkrun.apply

    def losing_apply(s, action):
        events = real_apply(s, action)
        if len(s.history) == 5 and s.deck:
            s.deck.pop()                       # a card vanishes
        return events

    monkeypatch.setattr(checkrun, "apply", losing_apply)
    res = checkrun.check_games(3, seed=1)
    assert res["failures"] == 3
    first = res["failed_games"][0]
    assert first["game"] == 0 and "nowhere" in first["error"]
    assert first["deck_seed"] == checkrun.game_setup(1, 0)[1]
    with pytest.raises(checkrun.CheckFailure, match="exactly one place"):
        checkrun.check_game(1, 0)


@pytest.mark.parametrize("seed", range(30))
def test_may_declare_agrees_with_the_attack_options(seed):
    s = new_game(2 + seed % 7, seed)
    rng = random.Random(seed)
    checked = 0
    while not s.over:
        if s.decision.kind == "turn":
            p = s.current
            for c in s.cities.values():
                if c.owner == p:
                    continue
                false_match = ((c.walls >= 0 or c.moat >= 0)
                               and s.first_in_hand(p, "ev.false_match") >= 0
                               and bool(attacking_troops(s, p, c.owner)))
                want = bool(attack_options(s, p, c.owner, c.wall_strength)) or false_match
                assert may_declare(s, s.hands[p], p, c.card) == want
                checked += 1
        apply(s, rng.choice(legal_actions(s)))
    assert checked > 0


@pytest.mark.parametrize("troops,walls,voivode,want", [
    (["troop.druzhina.1", "troop.druzhina.2"], ["wall.wooden"], True, False),    # 3 = walls
    (["troop.druzhina.1", "troop.druzhina.3"], ["wall.wooden"], True, True),     # squad of 4
    (["troop.druzhina.1", "troop.druzhina.3"], ["wall.wooden"], False, False),   # no squads
    (["troop.druzhina.4"], ["wall.wooden"], False, True),
    (["troop.militia", "troop.militia"], [], True, False),                      # never attack
])
def test_may_declare_with_and_without_the_voivode(troops, walls, voivode, want):
    s = scenario(n=2, hands={0: troops}, chronicles={0: ["chr.voivode"] if voivode else []},
                 cities={"city.kiev": (1, walls)})
    kiev = inst("city.kiev")
    assert may_declare(s, s.hands[0], 0, kiev) is want
    city = s.cities[kiev]
    assert bool(attack_options(s, 0, 1, city.wall_strength)) is want
