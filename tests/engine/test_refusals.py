"""Why a card cannot be played (or cannot go on a target): codes with parameters."""
import pytest

from knjazja.engine import CardArg, SeatArg, Target, why_not_declare, why_not_pass_igor, why_not_play
from knjazja.engine.refusals import CODES
from knjazja.engine.kinds import TargetKind
from scenario import inst, play, scenario

D = "troop.druzhina."


def code(r):
    assert r.code in CODES, r
    return r.code


def test_a_building_on_a_blocked_city_names_the_walls():
    s = scenario(hands={0: ["bld.church"]}, cities={"city.kiev": (1, ["wall.stone"])})
    r = why_not_play(s, 0, inst("bld.church"), Target(TargetKind.CITY, inst("city.kiev")))
    assert code(r) == "blocked"
    assert r.params == {"card": CardArg(inst("bld.church")), "city": CardArg(inst("city.kiev")),
                        "walls": CardArg(inst("wall.stone"))}
    assert code(why_not_play(s, 0, inst("bld.church"), Target(TargetKind.SEAT, 2))) == "build_on_city"
    assert code(why_not_play(s, 0, inst("bld.church"))) == "no_city_to_build"


@pytest.mark.parametrize("card, want", [("ev.ambush", "war_only"), ("ev.bribe", "war_only"),
                                        ("ev.city_watch", "reaction_only"), ("ev.outpost", "reaction_only"),
                                        ("ev.silence", "silence"), (D + "5", "troops_in_war"),
                                        ("troop.militia", "militia_defends")])
def test_cards_without_a_use_in_the_turn(card, want):
    s = scenario(hands={0: [card]})
    assert code(why_not_play(s, 0, inst(card))) == want


def test_invasion_not_in_the_first_round():
    s = scenario(hands={0: ["ev.tatar_invasion"]}, turn_no=0)
    assert code(why_not_play(s, 0, inst("ev.tatar_invasion"))) == "invasion"


def test_not_your_decision_and_game_over():
    s = scenario(hands={0: ["bld.church"], 1: [D + "5"]})
    r = why_not_play(s, 1, inst(D + "5"))
    assert code(r) == "not_yours" and r.params == {"name": SeatArg(0)}
    s.over = True
    assert code(why_not_play(s, 0, inst("bld.church"))) == "over"


def test_events_on_the_wrong_target():
    s = scenario(hands={0: ["ev.treachery", "ev.fire"]},
                 cities={"city.kiev": (0, ["bld.church"]), "city.pskov": (1, [])})
    assert code(why_not_play(s, 0, inst("ev.treachery"), Target(TargetKind.CITY, inst("city.kiev")))) == "own_city"
    assert code(why_not_play(s, 0, inst("ev.fire"), Target(TargetKind.SEAT, 0))) == "on_city"
    assert code(why_not_play(s, 0, inst("ev.fire"), Target(TargetKind.CITY, inst("city.pskov")))) == "no_buildings"


def war(hand0, hand1, blds=(), chronicles=None):
    s = scenario(hands={0: list(hand0), 1: list(hand1)}, cities={"city.kiev": (1, list(blds))},
                 chronicles=chronicles)
    play(s, "war", by=0, city="city.kiev")
    return s


def test_troops_in_a_war_say_how_strong_they_are():
    s = war([D + "2", D + "5", "troop.militia"], [D + "3"], blds=["wall.wooden"])
    r = why_not_play(s, 0, inst(D + "2"), Target(TargetKind.CENTRE))
    assert code(r) == "walls_hold" and r.params["n"] == 2 and r.params["walls"] == 3
    assert code(why_not_play(s, 0, inst("troop.militia"), Target(TargetKind.CENTRE))) == "militia_defends"
    play(s, "attack", cards=[D + "5"])
    r = why_not_play(s, 1, inst(D + "3"), Target(TargetKind.CENTRE))
    assert code(r) == "too_weak" and r.params["n"] == 3 and r.params["attack"] == 5


def test_anna_stops_weak_foreign_troops():
    s = war(["troop.polovtsy.2", D + "4"], [D + "1"], chronicles={1: ["chr.anna"]})
    assert code(why_not_play(s, 0, inst("troop.polovtsy.2"), Target(TargetKind.CENTRE))) == "anna"


def test_in_a_war_other_cards_wait():
    s = war([D + "5", "bld.church"], ["bld.church", D + "9"])
    assert code(why_not_play(s, 0, inst("bld.church", 0))) == "in_your_war"
    play(s, "attack", cards=[D + "5"])
    assert code(why_not_play(s, 1, inst("bld.church", 1))) == "answer_only"


def test_bribe_on_a_native_troop():
    s = war([D + "5"], ["ev.bribe"])
    play(s, "attack", cards=[D + "5"])
    assert code(why_not_play(s, 1, inst("ev.bribe"), Target(TargetKind.TROOP, inst(D + "5")))) == "bribe_foreign"


def test_declaring_war_and_passing_igor():
    s = scenario(hands={0: [D + "2"]}, cities={"city.kiev": (1, ["wall.wooden"]), "city.pskov": (0, [])},
                 chronicles={0: ["chr.igor"]})
    r = why_not_declare(s, 0, Target(TargetKind.CITY, inst("city.kiev")))
    assert code(r) == "war_city" and r.params == {"city": CardArg(inst("city.kiev")), "walls": 3, "n": 2}
    assert code(why_not_declare(s, 0, Target(TargetKind.CITY, inst("city.pskov")))) == "own_city_war"
    assert code(why_not_declare(s, 0, Target(TargetKind.CHRONICLE, inst("chr.igor")))) == "pick_city"
    assert code(why_not_pass_igor(s, 0, Target(TargetKind.SEAT, 0))) == "igor_seat"
