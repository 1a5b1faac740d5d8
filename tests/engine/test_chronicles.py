"""Chronicles (docs/RULES.md §5)."""
import pytest

from knjazja.engine import score
from knjazja.engine.actions import CONGRESS, TURN, Decision
from scenario import buildings, check_cards, chronicle_ids, discarded, hand, inst, kinds, legal, owner, play, scenario

D = "troop.druzhina."


def total(s, seat):
    return score(s)[seat].total


@pytest.mark.parametrize("cid,glory", [("chr.polovtsian_campaign", 3), ("chr.vasilko", -4),
                                       ("chr.anna", 0), ("chr.bogatyrs", 0), ("chr.voivode", 0),
                                       ("chr.hermit", 0)])
def test_simple_chronicles_lie_before_any_player_with_their_glory(cid, glory):
    s = scenario(n=3, hands={0: [cid]}, cities={"city.kiev": (2, [])})
    play(s, "chronicle", card=cid, seat=2)
    assert chronicle_ids(s, 2) == [cid]
    assert total(s, 2) == 3 + glory
    assert s.decision == Decision(1, TURN)


# --- Byzantine Aid ------------------------------------------------------------------------------
def test_byzantine_aid_is_laid_with_a_troop_and_scores_its_strength():
    s = scenario(n=3, hands={0: ["chr.byzantium", "troop.varangians", "troop.militia", D + "4"]})
    opts = legal(s, "chronicle", card="chr.byzantium")
    assert {a.cards for a in opts} == {(inst("troop.varangians"),), (inst(D + "4"),)}
    assert {a.seat for a in opts} == {0, 1, 2}
    play(s, "chronicle", card="chr.byzantium", seat=0, cards=["troop.varangians"])
    assert s.under == {inst("chr.byzantium"): inst("troop.varangians")}
    assert hand(s, 0) == sorted([D + "4", "troop.militia"])
    sc = score(s)[0]
    assert sc.total == 7
    assert (sc.chronicles[0].chronicle, sc.chronicles[0].glory,
            sc.chronicles[0].troop) == ("chr.byzantium", 7, "troop.varangians")
    assert s.decision == Decision(1, TURN)
    check_cards(s)


def test_byzantine_troop_glory_is_printed_strength_whatever_anna_says():
    s = scenario(n=3, chronicles={1: [("chr.byzantium", "troop.poles"), "chr.anna"]})
    assert total(s, 1) == 5


def test_byzantine_aid_before_another_player_gives_him_the_glory():
    s = scenario(n=3, hands={0: ["chr.byzantium", D + "6"]})
    play(s, "chronicle", card="chr.byzantium", seat=2, cards=[D + "6"])
    assert total(s, 2) == 6 and total(s, 0) == 0


# --- Congress of Princes --------------------------------------------------------------------------
def congress():
    s = scenario(n=3, hands={0: ["chr.congress"]},
                 cities={"city.kiev": (1, ["bld.church"]), "city.murom": (1, []),
                         "city.pskov": (0, [])})
    assert [a.seat for a in legal(s, "chronicle", card="chr.congress")] == [1]
    play(s, "chronicle", card="chr.congress", seat=1)
    assert s.decision == Decision(1, CONGRESS)
    assert {a.city for a in legal(s, "give_city")} == {inst("city.kiev"), inst("city.murom")}
    return s


def test_congress_give_a_city_of_his_choice_chronicle_discarded():
    s = congress()
    play(s, "give_city", by=1, city="city.murom")
    assert owner(s, "city.murom") == 0 and owner(s, "city.kiev") == 1
    assert s.chronicles[1] == [] and "chr.congress" in discarded(s)
    assert s.decision == Decision(1, TURN)
    check_cards(s)


def test_congress_keep_costs_four_at_the_end():
    s = congress()
    play(s, "keep", by=1)
    assert chronicle_ids(s, 1) == ["chr.congress"]
    assert total(s, 1) == 4 + 1 - 4
    assert s.decision == Decision(1, TURN)


def test_congress_only_on_another_player_with_a_city():
    s = scenario(n=3, hands={0: ["chr.congress"]}, cities={"city.kiev": (0, [])})
    assert not legal(s, "chronicle")


# --- Prince Igor's Campaign ----------------------------------------------------------------------
def test_igor_passed_on_by_discarding_a_troop_as_the_turns_action():
    s = scenario(n=3, hands={0: [D + "3", "troop.militia"]}, chronicles={0: ["chr.igor"]})
    opts = legal(s, "pass_igor")
    assert {a.seat for a in opts} == {1, 2}
    assert {a.cards for a in opts} == {(inst(D + "3"),)}           # never Militia
    assert total(s, 0) == -4
    play(s, "pass_igor", seat=2, cards=[D + "3"])
    assert chronicle_ids(s, 2) == ["chr.igor"] and s.chronicles[0] == []
    assert D + "3" in discarded(s) and hand(s, 0) == ["troop.militia"]
    assert total(s, 0) == 0 and total(s, 2) == -4
    assert s.decision == Decision(1, TURN)


def test_igor_cannot_be_passed_without_a_troop():
    s = scenario(n=3, hands={0: ["troop.militia", "ev.bribe"]}, chronicles={0: ["chr.igor"]})
    assert not legal(s, "pass_igor")


def test_igor_may_be_played_on_another_player():
    s = scenario(n=3, hands={0: ["chr.igor"]})
    play(s, "chronicle", card="chr.igor", seat=1)
    assert total(s, 1) == -4


# --- Sviatopolk the Accursed -----------------------------------------------------------------------
def test_sviatopolk_before_yourself_takes_a_city_with_buildings_minus_four():
    s = scenario(n=3, hands={0: ["chr.sviatopolk"]},
                 cities={"city.kiev": (1, ["bld.cathedral", "wall.wooden"]),
                         "city.pskov": (2, []), "city.murom": (0, [])})
    opts = legal(s, "chronicle", card="chr.sviatopolk")
    assert {(a.seat, a.city) for a in opts} == {(0, inst("city.kiev")), (0, inst("city.pskov"))}
    play(s, "chronicle", card="chr.sviatopolk", city="city.kiev")
    assert owner(s, "city.kiev") == 0 and buildings(s, "city.kiev") == ["bld.cathedral",
                                                                        "wall.wooden"]
    assert chronicle_ids(s, 0) == ["chr.sviatopolk"]
    assert total(s, 0) == 6 + 1 - 4
    assert s.decision == Decision(1, TURN)


def test_sviatopolk_poisoned_the_city_stays():
    s = scenario(n=3, hands={0: ["chr.sviatopolk"], 1: ["ev.poisoner"]},
                 cities={"city.kiev": (1, [])})
    play(s, "chronicle", card="chr.sviatopolk", city="city.kiev")
    play(s, "event", by=1, card="ev.poisoner", target="chr.sviatopolk")
    assert owner(s, "city.kiev") == 0 and total(s, 0) == 3


# --- Hermit Elder ----------------------------------------------------------------------------------
def test_hermit_draws_two():
    s = scenario(n=3, deck=["city.kiev", "city.pskov", "city.murom"],
                 chronicles={0: ["chr.hermit"]})
    play(s, "draw")
    assert hand(s, 0) == ["city.kiev", "city.pskov"] and len(s.deck) == 1
    play(s, "draw", by=1)
    assert hand(s, 1) == ["city.murom"]                # others draw one


def test_hermit_with_one_card_left_draws_it_and_is_the_drawer_of_the_last_card():
    s = scenario(n=3, deck=["city.kiev"], chronicles={1: ["chr.hermit"]}, current=1, turn_no=7)
    play(s, "draw", by=1)
    assert hand(s, 1) == ["city.kiev"] and s.deck == []
    assert s.end_turn == 10 and s.end_cause == "deck"
    order = []
    while not s.over:
        order.append(s.current)
        play(s, "pass")
    assert order == [2, 0, 1]


def test_hermit_with_two_cards_left_takes_both_and_ends_the_deck():
    s = scenario(n=3, deck=["city.kiev", "bld.church"], chronicles={0: ["chr.hermit"]})
    play(s, "draw")
    assert s.deck == [] and s.end_turn == 3 + 3
    assert "pass" in kinds(s)


def test_hermit_not_on_other_actions():
    s = scenario(n=3, hands={0: ["city.kiev"]}, deck=["city.pskov", "city.murom"],
                 chronicles={0: ["chr.hermit"]})
    play(s, "play_city", card="city.kiev", seat=0)
    assert len(s.deck) == 2
