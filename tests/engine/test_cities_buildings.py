"""Cities and buildings (docs/RULES.md §3): walls, Moat, blocking walls, Throne, Glory formula."""
import pytest

from knjazja.engine.scoring import city_score
from knjazja.engine.targets import defence_value
from scenario import buildings, city, discarded, hand, inst, legal, owner, play, scenario

WALLS = ["wall.palisade", "wall.wooden", "wall.stone", "wall.kremlin"]


def glory(s, cid):
    return city(s, cid).glory()


# --- cities ------------------------------------------------------------------------
def test_city_is_played_before_any_player_and_marks_owned_ever():
    s = scenario(n=3, hands={0: ["city.kiev"]})
    assert {a.seat for a in legal(s, "play_city", card="city.kiev")} == {0, 1, 2}
    play(s, "play_city", card="city.kiev", seat=2)
    assert owner(s, "city.kiev") == 2
    assert inst("city.kiev") in s.owned_ever[2]
    assert "city.kiev" not in hand(s, 0)
    assert s.decision.seat == 1                  # one card, and the turn is over


def test_city_moves_with_all_its_buildings():
    s = scenario(n=3, hands={0: ["ev.treachery"]},
                 cities={"city.kiev": (1, ["bld.church", "wall.wooden", "wall.moat"])})
    play(s, "event", card="ev.treachery", city="city.kiev")
    play(s, "decline", by=1)
    assert owner(s, "city.kiev") == 0
    assert buildings(s, "city.kiev") == ["bld.church", "wall.moat", "wall.wooden"]


# --- buildings: where they may go ---------------------------------------------------
def test_building_may_go_on_any_city_own_or_foreign():
    s = scenario(n=3, hands={0: ["bld.church"]},
                 cities={"city.kiev": (0, []), "city.pskov": (1, []), "city.murom": (2, [])})
    assert {a.city for a in legal(s, "build", card="bld.church")} == {
        inst("city.kiev"), inst("city.pskov"), inst("city.murom")}
    play(s, "build", card="bld.church", city="city.pskov")
    assert buildings(s, "city.pskov") == ["bld.church"]


def test_building_needs_a_city_in_play():
    s = scenario(n=3, hands={0: ["bld.church", "wall.palisade", "bld.throne"]})
    assert not legal(s, "build")


def test_identical_buildings_stand_together():
    s = scenario(n=3, hands={0: ["bld.church"], 1: ["bld.church"]},
                 cities={"city.kiev": (0, ["bld.church"])})
    play(s, "build", card="bld.church", city="city.kiev")
    play(s, "build", card="bld.church", city="city.kiev")
    assert buildings(s, "city.kiev") == ["bld.church"] * 3
    assert glory(s, "city.kiev") == 6


# --- walls ---------------------------------------------------------------------------
@pytest.mark.parametrize("old,new", [("wall.palisade", "wall.wooden"),
                                     ("wall.wooden", "wall.palisade"),
                                     ("wall.palisade", "wall.palisade"),
                                     ("wall.wooden", "wall.stone"),
                                     ("wall.palisade", "wall.kremlin")])
def test_new_walls_replace_old_walls_stronger_or_weaker(old, new):
    s = scenario(n=3, hands={0: [new]}, cities={"city.kiev": (1, [old, "bld.church"])})
    old_card, new_card = city(s, "city.kiev").walls, s.hands[0][0]
    play(s, "build", card=new, city="city.kiev")
    k = city(s, "city.kiev")
    assert k.walls == new_card
    assert old_card in s.discard
    assert buildings(s, "city.kiev") == sorted(["bld.church", new])
    assert old in discarded(s)
    assert k.wall_strength == {"wall.palisade": 2, "wall.wooden": 3,
                               "wall.stone": 4, "wall.kremlin": 5}[new]


def test_moat_stays_when_walls_are_replaced():
    s = scenario(n=3, hands={0: ["wall.wooden"]},
                 cities={"city.kiev": (0, ["wall.palisade", "wall.moat"])})
    assert city(s, "city.kiev").wall_strength == 3
    play(s, "build", card="wall.wooden", city="city.kiev")
    assert buildings(s, "city.kiev") == ["wall.moat", "wall.wooden"]
    assert city(s, "city.kiev").wall_strength == 4
    assert "wall.moat" not in discarded(s)


def test_moat_alone_gives_nothing_until_walls_come():
    s = scenario(n=3, hands={0: ["wall.moat"], 1: ["wall.palisade"]},
                 cities={"city.kiev": (0, [])})
    play(s, "build", card="wall.moat", city="city.kiev")
    assert city(s, "city.kiev").wall_strength == 0
    play(s, "build", card="wall.palisade", city="city.kiev")
    assert city(s, "city.kiev").wall_strength == 3


def test_walls_give_no_glory():
    for w in WALLS:
        s = scenario(n=3, cities={"city.kiev": (0, [w, "wall.moat"])})
        assert glory(s, "city.kiev") == 3


@pytest.mark.parametrize("blocking", ["wall.stone", "wall.kremlin"])
def test_stone_walls_and_kremlin_block_all_building_walls_and_moat_included(blocking):
    every_building = ["bld.church", "bld.monastery", "bld.cathedral", "wall.palisade",
                      "wall.wooden", "wall.moat", "bld.throne", "bld.sloboda",
                      "bld.golden_gate"]
    other_walls = [w for w in ("wall.stone", "wall.kremlin") if w != blocking]
    s = scenario(n=3, hands={0: every_building + other_walls},
                 cities={"city.kiev": (1, [blocking]), "city.pskov": (2, [])})
    assert not [a for a in legal(s, "build") if a.city == inst("city.kiev")]
    # every card is still playable elsewhere
    assert {a.card for a in legal(s, "build", city="city.pskov")} == set(s.hands[0])


def test_stone_walls_block_only_once_built():
    s = scenario(n=3, hands={0: ["wall.stone"], 1: ["bld.church"]},
                 cities={"city.kiev": (0, ["wall.wooden"])})
    play(s, "build", card="wall.stone", city="city.kiev")
    assert not legal(s, "build", card="bld.church", city="city.kiev")


def test_blocked_city_can_build_again_after_its_walls_are_destroyed():
    s = scenario(n=3, hands={0: ["ev.false_match"], 1: ["bld.church"]},
                 cities={"city.kiev": (1, ["wall.kremlin"])})
    play(s, "event", card="ev.false_match", city="city.kiev")
    play(s, "decline", by=1)
    assert legal(s, "build", card="bld.church", city="city.kiev")


# --- the Prince's Throne -----------------------------------------------------------
def test_second_throne_discards_the_first_wherever_it_stands():
    s = scenario(n=3, hands={0: ["bld.throne"]},
                 cities={"city.vladimir": (0, []), "city.murom": (2, ["bld.church"]),
                         "city.kiev": (1, ["bld.church", "bld.throne"])})
    assert glory(s, "city.kiev") == 12
    new_throne = s.hands[0][0]
    play(s, "build", card="bld.throne", city="city.vladimir")
    assert buildings(s, "city.kiev") == ["bld.church"]
    assert buildings(s, "city.vladimir") == ["bld.throne"]
    assert discarded(s).count("bld.throne") == 1
    assert city(s, "city.vladimir").buildings == [new_throne]
    assert glory(s, "city.kiev") == 4
    assert glory(s, "city.vladimir") == 6


def test_second_throne_in_the_same_city_leaves_one_throne():
    s = scenario(n=3, hands={0: ["bld.throne"]}, cities={"city.kiev": (0, ["bld.throne"])})
    old_throne, new_throne = city(s, "city.kiev").buildings[0], s.hands[0][0]
    play(s, "build", card="bld.throne", city="city.kiev")
    assert city(s, "city.kiev").buildings == [new_throne]
    assert old_throne in s.discard
    assert glory(s, "city.kiev") == 9


def test_throne_destroyed_by_fire_simply_leaves_play():
    s = scenario(n=3, hands={0: ["ev.fire"], 1: ["bld.throne"]},
                 cities={"city.kiev": (2, ["bld.throne"]), "city.pskov": (1, [])})
    play(s, "event", card="ev.fire", city="city.kiev")
    play(s, "decline", by=2)
    assert buildings(s, "city.kiev") == []
    play(s, "build", card="bld.throne", city="city.pskov")
    assert buildings(s, "city.pskov") == ["bld.throne"]


# --- Glory formula ---------------------------------------------------------------------
@pytest.mark.parametrize("cid,blds,expected", [
    ("city.vladimir", ["bld.cathedral", "bld.throne"], 15),       # seed 002 example: (2+3)×3
    ("city.kiev", ["bld.sloboda"], 6),                            # breakdown: Kiev + Quarter
    ("city.kiev", ["bld.sloboda", "bld.church"], 7),              # not 8: base only doubles
    ("city.kiev", ["bld.monastery", "bld.cathedral"], 8),         # seed 002 Militia example
    ("city.tmutarakan", ["bld.church"], 2),                       # seed 002 Militia example
    ("city.kiev", ["bld.sloboda", "bld.church", "bld.throne"], 21),
    ("city.kiev", ["bld.golden_gate", "wall.wooden", "wall.moat"], 7),
    ("city.kiev", ["bld.golden_gate", "wall.kremlin"], 8),
    ("city.kiev", ["bld.golden_gate"], 3),                        # no walls: nothing
    ("city.kiev", ["bld.golden_gate", "wall.moat"], 3),           # a Moat alone: nothing
    ("city.pskov", ["bld.sloboda", "bld.golden_gate", "bld.monastery", "bld.throne",
                    "wall.palisade", "wall.moat"], (4 + 2 + 3) * 3),
])
def test_city_glory(cid, blds, expected):
    s = scenario(n=3, cities={cid: (0, blds)})
    assert glory(s, cid) == expected
    sc = city_score(city(s, cid))
    assert sc.total == expected
    assert sc.city == cid


def test_city_score_breakdown_fields():
    s = scenario(n=3, cities={"city.pskov": (0, ["bld.sloboda", "bld.golden_gate",
                                                  "bld.monastery", "bld.church", "bld.throne",
                                                  "wall.palisade", "wall.moat"])})
    sc = city_score(city(s, "city.pskov"))
    assert (sc.base, sc.quarter, sc.buildings, sc.golden_gate, sc.throne) == (2, 2, 3, 3, 3)
    assert sc.total == (2 * 2 + 3 + 3) * 3


def test_golden_gate_follows_the_walls():
    s = scenario(n=3, hands={0: ["wall.kremlin"]},
                 cities={"city.kiev": (0, ["bld.golden_gate", "wall.palisade", "wall.moat"])})
    assert glory(s, "city.kiev") == 6
    play(s, "build", card="wall.kremlin", city="city.kiev")
    assert glory(s, "city.kiev") == 9


@pytest.mark.parametrize("cid,blds,militia", [
    ("city.kiev", ["bld.monastery", "bld.cathedral"], 8),          # seed 002, line ~88
    ("city.tmutarakan", ["bld.church"], 2),                        # seed 002, line ~88
    ("city.vladimir", ["bld.cathedral", "bld.throne", "wall.palisade", "wall.moat"], 15),
    ("city.kiev", ["bld.sloboda", "bld.golden_gate", "wall.wooden"], 9),
])
def test_militia_strength_is_the_defended_citys_glory_without_walls(cid, blds, militia):
    s = scenario(n=3, hands={1: ["troop.militia"]}, cities={cid: (1, blds)})
    assert defence_value(s, inst("troop.militia"), 1, inst(cid)) == militia
