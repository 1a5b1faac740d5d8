"""Cards played for nothing (`bots.idle`): each case of the rules is found, each play that
does something is not, and no level makes such a play while the same move without the card
is legal."""
from __future__ import annotations

import random

import pytest

from knjazja.bots import make_bot
from knjazja.bots.idle import (HERMIT_NO_DECK, LAST_TURN, PLUNDER_EMPTY, RAID_NO_TROOP, RECON_NOTHING, SAME_THRONE,
                               SAME_WALLS, idle_play, why_idle, without_idle)
from knjazja.engine import apply, legal_actions, observation
from knjazja.engine.actions import BRIBE, BUILD, CHRONICLE, DECLARE_WAR, EVENT, YIELD, YIELD_PLUNDER
from knjazja.engine.cards import CARD_ID, FOREIGN
from knjazja.engine.prepared import prepared_game


def _war_on_kiev(defender_hand: list[str], buildings: list[str], attacker_hand: list[str] | None = None):
    """Seat 1 declares war on seat 0's Kiev and attacks with the Druzhina 8."""
    s = prepared_game(3, hands={0: defender_hand, 1: attacker_hand or ["troop.druzhina.8"]},
                      cities={"city.kiev": (0, buildings)}, current=1)
    apply(s, next(a for a in legal_actions(s) if a.kind == DECLARE_WAR))
    return s


def _attack(s):
    apply(s, next(a for a in legal_actions(s) if a.kind == "attack"))
    return s


def _of(s, cid: str):
    return [a for a in legal_actions(s) if a.card >= 0 and CARD_ID[a.card] == cid]


def test_plunder_with_nothing_to_plunder_is_idle_and_with_a_building_is_not():
    s = _attack(_war_on_kiev(["ev.plunder"], []))
    obs = observation(s, 0)
    plunder = next(a for a in legal_actions(s) if a.kind == YIELD_PLUNDER)
    assert why_idle(obs, plunder) == PLUNDER_EMPTY
    assert [a.kind for a in without_idle(obs, legal_actions(s))] == [YIELD]
    for built in (["bld.church"], ["wall.palisade"], ["wall.moat"]):
        s = _attack(_war_on_kiev(["ev.plunder"], built))
        plunder = next(a for a in legal_actions(s) if a.kind == YIELD_PLUNDER)
        assert not idle_play(observation(s, 0), plunder), built


def test_a_raid_at_a_hand_known_to_hold_no_troop_is_idle():
    s = _war_on_kiev([], [], ["troop.druzhina.8", "ev.raid_city"])
    raid = _of(s, "ev.raid_city")[0]
    assert why_idle(observation(s, 1), raid) == RAID_NO_TROOP     # no cards at all
    s = _war_on_kiev(["bld.church"], [], ["troop.druzhina.8", "ev.raid_city"])
    raid = _of(s, "ev.raid_city")[0]
    assert not idle_play(observation(s, 1), raid)                   # a card he may not show
    s.seen[1].update(s.hands[0])                                    # ... seen: no troop
    assert why_idle(observation(s, 1), raid) == RAID_NO_TROOP
    s = _war_on_kiev(["troop.militia"], [], ["troop.druzhina.8", "ev.raid_city"])
    s.seen[1].update(s.hands[0])
    assert not idle_play(observation(s, 1), _of(s, "ev.raid_city")[0])   # he must show it


def test_reconnaissance_of_an_empty_or_wholly_seen_hand_is_idle():
    s = _war_on_kiev([], [], ["troop.druzhina.8", "ev.recon"])
    assert why_idle(observation(s, 1), _of(s, "ev.recon")[0]) == RECON_NOTHING
    s = prepared_game(3, hands={0: ["ev.recon"], 1: ["bld.church", "troop.militia"]})
    recon = next(a for a in _of(s, "ev.recon") if a.seat == 1)
    assert not idle_play(observation(s, 0), recon)
    s.seen[0].update(s.hands[1])
    assert why_idle(observation(s, 0), recon) == RECON_NOTHING


def test_the_same_walls_and_the_same_throne_are_idle():
    s = prepared_game(3, hands={0: ["wall.palisade", "wall.wooden", "bld.throne"]},
                      cities={"city.kiev": (0, ["wall.palisade", "bld.throne"]), "city.pskov": (0, [])})
    obs = observation(s, 0)
    builds = {(CARD_ID[a.card], CARD_ID[a.city]): a for a in legal_actions(s) if a.kind == BUILD}
    assert why_idle(obs, builds["wall.palisade", "city.kiev"]) == SAME_WALLS
    assert why_idle(obs, builds["bld.throne", "city.kiev"]) == SAME_THRONE
    for other in (("wall.wooden", "city.kiev"), ("wall.palisade", "city.pskov"), ("bld.throne", "city.pskov")):
        assert not idle_play(obs, builds[other]), other


def test_the_hermit_with_no_deck_left_is_idle():
    s = prepared_game(3, hands={0: ["chr.hermit"]}, rest="discard")
    assert observation(s, 0).deck_size == 0
    laid = [a for a in legal_actions(s) if a.kind == CHRONICLE]
    assert laid and all(why_idle(observation(s, 0), a) == HERMIT_NO_DECK for a in laid)
    s = prepared_game(3, hands={0: ["ev.poisoner"]}, chronicles={1: ["chr.hermit", "chr.voivode"]}, rest="discard")
    poison = {CARD_ID[a.target]: a for a in legal_actions(s) if a.kind == EVENT}
    assert why_idle(observation(s, 0), poison["chr.hermit"]) == HERMIT_NO_DECK
    assert not idle_play(observation(s, 0), poison["chr.voivode"])
    s = prepared_game(3, hands={0: ["chr.hermit"]}, deck=["bld.church", "bld.church"])
    assert not any(idle_play(observation(s, 0), a) for a in legal_actions(s))


def test_on_the_last_turn_a_play_for_later_turns_is_idle_and_glory_is_not():
    s = prepared_game(3, hands={0: ["chr.voivode", "chr.polovtsian_campaign", "bld.church", "wall.palisade",
                                    "ev.polovtsian_raid"], 1: ["bld.church"]},
                      cities={"city.kiev": (0, [])})
    s.end_turn = s.turn_no
    s.edited()
    obs = observation(s, 0)
    idle = {CARD_ID[a.card] for a in legal_actions(s) if a.card >= 0 and why_idle(obs, a) == LAST_TURN}
    assert idle == {"chr.voivode", "wall.palisade", "ev.polovtsian_raid"}
    s.end_turn = s.turn_no + 1                                    # a turn later: all of them count
    s.edited()
    assert not any(idle_play(observation(s, 0), a) for a in legal_actions(s))


def test_the_engine_offers_no_bribe_fire_or_raid_at_nothing():
    """The cards the engine itself keeps from being played for nothing (RULINGS T5, T6)."""
    rng = random.Random(4)
    from knjazja.engine import new_game
    for g in range(6):
        s = new_game(4, 50 + g)
        while not s.over:
            legal = legal_actions(s)
            for a in legal:
                cid = CARD_ID[a.card] if a.card >= 0 else ""
                if a.kind == BRIBE:
                    assert FOREIGN[a.target], a
                if cid == "ev.fire":
                    assert s.cities[a.city].all_buildings(), a
                if cid in ("ev.polovtsian_raid", "ev.principality_raid") or (cid == "ev.recon" and s.war is None):
                    assert s.hands[a.seat], a
            apply(s, rng.choice(legal))
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_no_level_plunders_an_empty_city(level):
    s = _attack(_war_on_kiev(["ev.plunder", "bld.church"], []))
    bot = make_bot(level, **({"iterations": 1} if level == "hard" else {}))
    for seed in range(6 if level != "hard" else 2):
        assert bot.choose(observation(s, 0), legal_actions(s), random.Random(seed)).kind == YIELD
