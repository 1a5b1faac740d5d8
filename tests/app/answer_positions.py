"""Positions where seat 0 must answer, one per kind of answer decision the engine has, built
with the engine's ``prepared_game`` (``tests/engine/scenario.py``) and driven to the decision by
card ids.  Shared by the app tests, the UI tests, the network test and ``tests/answer_shots.py``.

Seat 0 («Вася» / "Vasya") decides in each; seat 1 attacks or plays the card answered.
"""
from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))

from scenario import play, scenario  # noqa: E402

from knjazja.engine import GameState  # noqa: E402
from knjazja.engine.actions import (CONGRESS, DOWRY_BID, RAID_LAY, REACTION, WAR_ATTACK,  # noqa: E402
                                    WAR_COUNTER, WAR_DEFEND)

D = "troop.druzhina."


def _war_on_me(hand: list[str], attack: list[str], buildings: list[str] | None = None,
               chronicles: list[str] | None = None, city: str = "city.smolensk",
               attacker_hand: list[str] | None = None, attacker_chronicles: list[str] | None = None) -> GameState:
    """Seat 1 declares war on seat 0's ``city`` and attacks with ``attack``."""
    others = [c for c in ("city.kiev", "city.pskov", "city.murom") if c != city][:2]
    s = scenario(3, hands={0: hand, 1: attacker_hand or attack}, current=1,
                 cities={city: (0, buildings or []), others[0]: (1, []), others[1]: (2, [])},
                 chronicles={0: chronicles or [], 1: attacker_chronicles or []})
    play(s, "war", by=1, city=city)
    play(s, "attack", by=1, cards=attack)
    assert s.decision.seat == 0 and s.decision.kind == WAR_DEFEND
    return s


def defend_condemnation_plunder() -> GameState:
    """Issue 58's: Strength 1 on an unwalled Smolensk, the Condemnation and Plunder in hand."""
    return _war_on_me(["ev.condemnation", "ev.plunder", "bld.church"], [D + "1"], ["bld.church"])


def defend_many() -> GameState:
    """The Poles (5, foreign) on Smolensk; every kind of answer in hand, and a troop too weak."""
    return _war_on_me(["ev.condemnation", "ev.ambush", "ev.bribe", "ev.plunder", "troop.militia",
                       D + "6", D + "2"], ["troop.poles"], ["bld.cathedral", "bld.monastery"])


def defend_nothing() -> GameState:
    """No answer and no Plunder: the city can only be given up."""
    return _war_on_me(["bld.church", D + "1"], [D + "4"])


def defend_plunder_only() -> GameState:
    """No answer, but Plunder: give up, or give up and burn."""
    return _war_on_me(["ev.plunder", "bld.church"], [D + "4"], ["bld.church"])


def defend_voivode() -> GameState:
    """The Wise Voivode: no single troop holds against 6, squads of two do."""
    return _war_on_me([D + "3", D + "4", "ev.ambush"], [D + "6"], chronicles=["chr.voivode"])


def counter_bribe() -> GameState:
    """Seat 0's Druzhina 5 beaten off by the Hungarians (6, foreign); a Bribe in seat 0's hand."""
    s = scenario(3, hands={0: [D + "5", "ev.bribe", D + "2"], 1: ["troop.hungarians"]}, current=0,
                 cities={"city.novgorod": (1, []), "city.kiev": (0, []), "city.pskov": (2, [])})
    play(s, "war", by=0, city="city.novgorod")
    play(s, "attack", by=0, cards=[D + "5"])
    play(s, "defend", by=1, cards=["troop.hungarians"])
    assert s.decision.seat == 0 and s.decision.kind == WAR_COUNTER
    return s


def attack_again() -> GameState:
    """Seat 0's first attack beaten off: attack again (two troops left), Reconnaissance, or stop."""
    s = scenario(3, hands={0: [D + "3", D + "7", D + "8", "ev.recon"], 1: [D + "9"]}, current=0,
                 cities={"city.novgorod": (1, []), "city.kiev": (0, []), "city.pskov": (2, [])})
    play(s, "war", by=0, city="city.novgorod")
    play(s, "attack", by=0, cards=[D + "3"])
    play(s, "defend", by=1, cards=[D + "9"])
    if s.decision.kind == WAR_COUNTER:
        play(s, "accept", by=0)
    assert s.decision.seat == 0 and s.decision.kind == WAR_ATTACK
    return s


def attack_first() -> GameState:
    """Seat 0 has just declared war on Novgorod (a Palisade): two troops get over it, one does not."""
    s = scenario(3, hands={0: [D + "1", D + "5", "troop.poles", "ev.raid_city"], 1: [D + "9"]}, current=0,
                 cities={"city.novgorod": (1, ["wall.palisade"]), "city.kiev": (0, []), "city.pskov": (2, [])})
    play(s, "war", by=0, city="city.novgorod")
    assert s.decision.seat == 0 and s.decision.kind == WAR_ATTACK
    return s


def reaction_watch() -> GameState:
    """Seat 1 sets fire to Smolensk; seat 0 holds City Watch."""
    s = scenario(3, hands={0: ["ev.city_watch", "bld.church"], 1: ["ev.fire"]}, current=1,
                 cities={"city.smolensk": (0, ["bld.church"]), "city.kiev": (1, []), "city.pskov": (2, [])})
    play(s, "event", by=1, card="ev.fire", city="city.smolensk")
    assert s.decision.seat == 0 and s.decision.kind == REACTION
    return s


def reaction_none() -> GameState:
    """Seat 1 plays Treachery on Smolensk; seat 0 has no City Watch (he is asked all the same)."""
    s = scenario(3, hands={0: ["bld.church"], 1: ["ev.treachery"]}, current=1,
                 cities={"city.smolensk": (0, ["bld.church"]), "city.kiev": (1, []), "city.pskov": (2, [])})
    play(s, "event", by=1, card="ev.treachery", city="city.smolensk")
    assert s.decision.seat == 0 and s.decision.kind == REACTION
    return s


def reaction_outpost() -> GameState:
    """Seat 1 raids seat 0's principality; seat 0 holds the Bogatyr Outpost."""
    s = scenario(3, hands={0: ["ev.outpost", "bld.church"], 1: ["ev.principality_raid"]}, current=1,
                 cities={"city.smolensk": (0, []), "city.kiev": (1, []), "city.pskov": (2, [])})
    play(s, "event", by=1, card="ev.principality_raid", seat=0)
    assert s.decision.seat == 0 and s.decision.kind == REACTION
    return s


def raid_lay() -> GameState:
    """Seat 1's Raid on the City in his war on Smolensk: seat 0 must show a troop."""
    s = scenario(3, hands={0: [D + "2", "troop.militia", "ev.ambush"], 1: [D + "6", "ev.raid_city"]},
                 current=1, cities={"city.smolensk": (0, []), "city.kiev": (1, []), "city.pskov": (2, [])})
    play(s, "war", by=1, city="city.smolensk")
    play(s, "event", by=1, card="ev.raid_city")
    if s.decision.kind == REACTION:
        play(s, "decline", by=0)
    assert s.decision.seat == 0 and s.decision.kind == RAID_LAY
    return s


def dowry() -> GameState:
    """Seat 2's Dowry for seat 1's Kiev: seat 0, on seat 2's left, bids first."""
    s = scenario(3, hands={0: [D + "4", "troop.poles", "troop.militia"], 2: ["ev.dowry"]}, current=2,
                 cities={"city.smolensk": (0, []), "city.kiev": (1, []), "city.pskov": (2, [])})
    play(s, "event", by=2, card="ev.dowry", city="city.kiev")
    assert s.decision.seat == 0 and s.decision.kind == DOWRY_BID
    return s


def dowry_nothing() -> GameState:
    """The same Dowry; seat 0 has no troop to bid."""
    s = scenario(3, hands={0: ["troop.militia", "bld.church"], 2: ["ev.dowry"]}, current=2,
                 cities={"city.smolensk": (0, []), "city.kiev": (1, []), "city.pskov": (2, [])})
    play(s, "event", by=2, card="ev.dowry", city="city.kiev")
    assert s.decision.seat == 0 and s.decision.kind == DOWRY_BID
    return s


def congress() -> GameState:
    """Seat 1 calls the Congress of Princes on seat 0, who has two cities."""
    s = scenario(3, hands={0: ["bld.church"], 1: ["chr.congress"]}, current=1,
                 cities={"city.smolensk": (0, []), "city.murom": (0, []), "city.kiev": (1, []),
                         "city.pskov": (2, [])})
    play(s, "chronicle", by=1, card="chr.congress", seat=0)
    assert s.decision.seat == 0 and s.decision.kind == CONGRESS
    return s


POSITIONS: dict[str, Callable[[], GameState]] = {
    "defend_condemnation_plunder": defend_condemnation_plunder, "defend_many": defend_many,
    "defend_nothing": defend_nothing, "defend_plunder_only": defend_plunder_only,
    "defend_voivode": defend_voivode, "counter_bribe": counter_bribe, "attack_again": attack_again,
    "attack_first": attack_first, "reaction_watch": reaction_watch, "reaction_none": reaction_none,
    "reaction_outpost": reaction_outpost, "raid_lay": raid_lay, "dowry": dowry,
    "dowry_nothing": dowry_nothing, "congress": congress,
}
