"""War (docs/RULES.md §4) and the war cards of §5."""
import pytest

from knjazja.engine import GameOptions, legal_actions
from knjazja.engine.actions import RAID_LAY, REACTION, TURN, WAR_ATTACK, WAR_COUNTER, WAR_DEFEND, Decision
from scenario import buildings, check_cards, city, discarded, hand, inst, kinds, legal, owner, play, scenario

D = "troop.druzhina."


def war(hand0, hand1, blds=(), cid="city.kiev", chronicles=None, options=None, n=3,
        hand2=(), extra_cities=None):
    """Seat 0 attacks seat 1's city `cid` (war declared)."""
    cities = {cid: (1, list(blds))}
    cities.update(extra_cities or {})
    s = scenario(n=n, hands={0: list(hand0), 1: list(hand1), 2: list(hand2)} if n > 2
                 else {0: list(hand0), 1: list(hand1)},
                 cities=cities, chronicles=chronicles, options=options)
    play(s, "war", by=0, city=cid)
    assert s.war is not None and s.decision == Decision(0, WAR_ATTACK)
    return s


def attack_values(s):
    return sorted(sum(1 for _ in a.cards) for a in legal(s, "attack"))


# --- declaring ---------------------------------------------------------------------------
def test_declare_needs_a_troop_that_could_attack():
    cities = {"city.kiev": (1, ["wall.palisade"])}
    assert not legal(scenario(hands={0: ["troop.militia", "ev.bribe"]}, cities=cities), "war")
    assert not legal(scenario(hands={0: [D + "2"]}, cities=cities), "war")      # 2 ≤ walls 2
    assert legal(scenario(hands={0: [D + "3"]}, cities=cities), "war")
    assert not legal(scenario(hands={0: [D + "9"]}, cities={"city.kiev": (0, [])}), "war")


def test_declare_with_a_voivode_squad_that_beats_the_walls():
    cities = {"city.kiev": (1, ["wall.kremlin"])}
    hands = {0: [D + "2", D + "4"]}
    assert not legal(scenario(hands=hands, cities=cities), "war")
    assert legal(scenario(hands=hands, cities=cities, chronicles={0: ["chr.voivode"]}), "war")


def test_declare_with_false_matchmaking_in_hand_against_walls_too_strong():
    cities = {"city.kiev": (1, ["wall.kremlin", "wall.moat"])}
    assert legal(scenario(hands={0: [D + "1", "ev.false_match"]}, cities=cities), "war")
    assert not legal(scenario(hands={0: ["troop.militia", "ev.false_match"]}, cities=cities),
                     "war")
    cities = {"city.kiev": (1, ["wall.moat"])}   # a Moat alone: any troop attacks anyway
    assert legal(scenario(hands={0: [D + "1"]}, cities=cities), "war")


def test_declare_respects_anna():
    cities = {"city.kiev": (1, [])}
    s = scenario(hands={0: ["troop.polovtsy.2", "troop.polovtsy.1"]}, cities=cities,
                 chronicles={1: ["chr.anna"], 0: ["chr.voivode"]})
    assert not legal(s, "war")
    s = scenario(hands={0: ["troop.polovtsy.3"]}, cities=cities, chronicles={1: ["chr.anna"]})
    assert legal(s, "war")


def test_war_is_on_one_city_of_another_player_and_is_the_whole_turn():
    s = scenario(hands={0: [D + "5", D + "6"]},
                 cities={"city.kiev": (1, []), "city.pskov": (2, []), "city.murom": (0, [])})
    assert {a.city for a in legal(s, "war")} == {inst("city.kiev"), inst("city.pskov")}
    play(s, "war", city="city.kiev")
    play(s, "attack", cards=[D + "5"])
    play(s, "yield", by=1)
    assert s.war is None and s.decision == Decision(1, TURN)
    assert owner(s, "city.pskov") == 2


# --- attacking ---------------------------------------------------------------------------
@pytest.mark.parametrize("walls,strength", [((), 0), (["wall.palisade"], 2),
                                            (["wall.wooden", "wall.moat"], 4),
                                            (["wall.kremlin", "wall.moat"], 6)])
def test_attack_must_exceed_the_wall_strength(walls, strength):
    troops = [D + str(k) for k in range(1, 11)]
    s = war(troops, [], walls)
    assert sorted(a.cards[0] for a in legal(s, "attack")) == [
        inst(t) for t in troops if int(t.rsplit(".", 1)[1]) > strength]


def test_militia_never_attacks():
    s = war(["troop.militia", D + "3"], [], chronicles={0: ["chr.voivode"]})
    assert all(inst("troop.militia") not in a.cards for a in legal(s, "attack"))
    assert [tuple(a.cards) for a in legal(s, "attack")] == [(inst(D + "3"),)]


def test_single_troop_without_voivode():
    s = war([D + "2", D + "3", D + "4"], [], ["wall.wooden"])
    assert [a.cards for a in legal(s, "attack")] == [(inst(D + "4"),)]


def test_voivode_squad_attacks_with_summed_strength():
    s = war([D + "2", D + "3", "troop.poles"], [D + "7"], ["wall.kremlin"],
            chronicles={0: ["chr.voivode"]})
    squads = {tuple(sorted(a.cards)) for a in legal(s, "attack")}
    assert (inst(D + "2"), inst(D + "3")) not in squads                  # 5 ≤ 5
    assert tuple(sorted((inst(D + "3"), inst("troop.poles")))) in squads  # 8 > 5
    play(s, "attack", cards=[D + "3", "troop.poles"])
    assert s.war.record.attacks[-1].strength == 8
    assert s.decision == Decision(1, WAR_DEFEND)
    assert not legal(s, "defend")                                        # 7 < 8
    s = war([D + "3", "troop.poles"], [D + "8"], ["wall.kremlin"],
            chronicles={0: ["chr.voivode"]})
    play(s, "attack", cards=[D + "3", "troop.poles"])
    assert legal(s, "defend", cards=[D + "8"])                            # 8 ≥ 8


def test_squad_is_never_reinforced():
    s = war([D + "3", D + "4", D + "5"], [D + "9"], chronicles={0: ["chr.voivode"]})
    play(s, "attack", cards=[D + "3", D + "4"])
    assert s.decision == Decision(1, WAR_DEFEND)
    play(s, "defend", cards=[D + "9"])
    assert s.decision == Decision(0, WAR_ATTACK)
    assert s.war.attack == [] and hand(s, 0) == [D + "5"]


# --- defending ---------------------------------------------------------------------------
def test_defence_greater_or_equal_holds():
    s = war(["troop.poles"], [D + "4", D + "5", D + "6"])
    play(s, "attack", cards=["troop.poles"])
    assert sorted(a.cards[0] for a in legal(s, "defend")) == [inst(D + "5"), inst(D + "6")]
    play(s, "defend", cards=[D + "5"])
    assert s.decision == Decision(0, WAR_ATTACK)
    assert {D + "5", "troop.poles"} <= set(discarded(s))


def test_strict_defence_option_needs_greater():
    s = war(["troop.poles"], [D + "4", D + "5", D + "6"],
            options=GameOptions(strict_defence=True))
    play(s, "attack", cards=["troop.poles"])
    assert [a.cards[0] for a in legal(s, "defend")] == [inst(D + "6")]


def test_repelled_attack_and_its_repeller_are_discarded_attacker_may_attack_again():
    s = war([D + "5", "troop.varangians", D + "8"], [D + "6", D + "7"])
    play(s, "attack", cards=[D + "5"])
    play(s, "defend", by=1, cards=[D + "6"])
    assert {D + "5", D + "6"} <= set(discarded(s))
    assert s.decision == Decision(0, WAR_ATTACK) and s.war.city == inst("city.kiev")
    play(s, "attack", cards=["troop.varangians"])
    play(s, "defend", by=1, cards=[D + "7"])
    play(s, "attack", cards=[D + "8"])
    assert s.war.attacks_made == 3
    play(s, "yield", by=1)
    assert owner(s, "city.kiev") == 0
    check_cards(s)


def test_attacker_may_end_the_war_after_a_repulse():
    s = war([D + "5", D + "7"], [D + "6"])
    play(s, "attack", cards=[D + "5"])
    play(s, "defend", cards=[D + "6"])
    play(s, "end_war", by=0)
    assert s.war is None and owner(s, "city.kiev") == 1
    assert hand(s, 0) == [D + "7"]                    # unused troops stay in hand
    assert s.decision == Decision(1, TURN)


def test_fall_passes_the_city_with_its_buildings_and_discards_all_troops():
    blds = ["bld.church", "bld.cathedral", "wall.palisade", "wall.moat"]
    s = war([D + "4", D + "9"], [D + "3", D + "8"], blds)
    play(s, "attack", cards=[D + "4"])
    play(s, "defend", cards=[D + "8"])
    play(s, "attack", cards=[D + "9"])
    assert "yield_plunder" not in kinds(s)            # no Plunder in hand
    play(s, "yield", by=1)
    assert owner(s, "city.kiev") == 0
    assert inst("city.kiev") in s.owned_ever[0]
    assert buildings(s, "city.kiev") == sorted(blds)
    assert {D + "4", D + "8", D + "9"} <= set(discarded(s))
    assert hand(s, 1) == [D + "3"]                    # never took part: stays
    assert s.war is None and s.decision == Decision(1, TURN)


def test_defender_may_yield_even_when_he_could_hold():
    s = war([D + "5"], [D + "9"])
    play(s, "attack", cards=[D + "5"])
    assert legal(s, "yield")
    play(s, "yield")
    assert owner(s, "city.kiev") == 0 and hand(s, 1) == [D + "9"]


# --- Militia ---------------------------------------------------------------------------
@pytest.mark.parametrize("blds,glory", [
    (["bld.monastery", "bld.cathedral"], 8),                            # seed 002 example
    (["bld.sloboda", "bld.church"], 7),
    (["bld.throne"], 9),
    (["bld.golden_gate", "wall.palisade", "wall.moat"], 6),
    (["bld.sloboda", "bld.golden_gate", "wall.palisade"], 8),
])
def test_militia_defends_with_the_citys_full_glory(blds, glory):
    walls = 3 if "wall.moat" in blds else 2 if "wall.palisade" in blds else 0
    for attack, holds in ((glory, True), (glory + 1, False)):
        assert walls < attack <= 10
        s = war([D + str(attack)], ["troop.militia"], blds)
        play(s, "attack", cards=[D + str(attack)])
        assert bool(legal(s, "defend", cards=["troop.militia"])) == holds
        if holds:
            play(s, "defend", cards=["troop.militia"])
            assert s.war.record.attacks[-1].answers[0].strength == glory


def test_tmutarakan_church_militia_is_two():
    s = war([D + "2", D + "3"], ["troop.militia", "troop.militia"], ["bld.church"],
            cid="city.tmutarakan")
    play(s, "attack", cards=[D + "2"])
    play(s, "defend", cards=["troop.militia"])
    play(s, "attack", cards=[D + "3"])
    assert not legal(s, "defend")


def test_militia_counts_the_throne_vladimir_fifteen():
    s = war(["troop.varangians"], ["troop.militia"],
            ["bld.cathedral", "bld.throne", "wall.palisade", "wall.moat"], cid="city.vladimir")
    play(s, "attack", cards=["troop.varangians"])
    play(s, "defend", cards=["troop.militia"])
    assert s.war.record.attacks[-1].answers[0].strength == 15


# --- the Wise Voivode in defence ----------------------------------------------------------
def test_voivode_squad_defends_and_militia_may_join():
    s = war([D + "10"], [D + "4", D + "3", "troop.militia"], ["bld.church"],
            chronicles={1: ["chr.voivode"]})
    play(s, "attack", cards=[D + "10"])
    squads = {tuple(sorted(a.cards)) for a in legal(s, "defend")}
    m = inst("troop.militia")
    assert tuple(sorted((inst(D + "4"), inst(D + "3"), m))) in squads          # 4+3+4 = 11
    assert tuple(sorted((inst(D + "4"), m))) not in squads                      # 8 < 10
    play(s, "defend", cards=[D + "4", D + "3", "troop.militia"])
    assert s.decision == Decision(0, WAR_ATTACK)
    assert {D + "4", D + "3", "troop.militia", D + "10"} <= set(discarded(s))


def test_no_defence_squad_without_voivode():
    s = war([D + "10"], [D + "6", D + "5"])
    play(s, "attack", cards=[D + "10"])
    assert not legal(s, "defend")


# --- Anna Yaroslavna and the Russian Bogatyrs -------------------------------------------
def test_anna_weakens_foreign_attackers_by_two_for_walls_and_comparison():
    s = war(["troop.poles", "troop.hungarians", D + "4"], [D + "3", "troop.polovtsy.4"],
            ["wall.wooden"], chronicles={1: ["chr.anna"]})
    # Poles 5-2 = 3 ≤ walls 3: cannot attack; Hungarians 4 > 3 can; the Druzhina is untouched
    assert {a.cards for a in legal(s, "attack")} == {(inst("troop.hungarians"),),
                                                     (inst(D + "4"),)}
    play(s, "attack", cards=["troop.hungarians"])
    assert s.war.record.attacks[-1].strength == 4
    assert legal(s, "defend", cards=["troop.polovtsy.4"])   # Anna never weakens defenders
    assert not legal(s, "defend", cards=[D + "3"])


def test_anna_of_the_attacker_does_not_matter():
    s = war(["troop.poles"], [D + "4"], chronicles={0: ["chr.anna"]})
    play(s, "attack", cards=["troop.poles"])
    assert s.war.record.attacks[-1].strength == 5


def test_anna_polovtsians_one_and_two_cannot_attack_even_in_a_squad():
    s = war(["troop.polovtsy.1", "troop.polovtsy.2", "troop.polovtsy.3", D + "1"], [],
            chronicles={1: ["chr.anna"], 0: ["chr.voivode"]})
    bad = {inst("troop.polovtsy.1"), inst("troop.polovtsy.2")}
    attacks = legal(s, "attack")
    assert attacks and not [a for a in attacks if bad & set(a.cards)]
    play(s, "attack", cards=["troop.polovtsy.3", D + "1"])
    assert s.war.record.attacks[-1].strength == 2


def test_bogatyrs_give_each_native_druzhina_plus_two_in_defence_only():
    s = war([D + "7"], [D + "5", "troop.poles"], chronicles={1: ["chr.bogatyrs"]})
    play(s, "attack", cards=[D + "7"])
    assert legal(s, "defend", cards=[D + "5"])           # 5+2 = 7 holds
    assert not legal(s, "defend", cards=["troop.poles"])  # foreign: no bonus
    s = war([D + "10"], [D + "4", D + "2"], chronicles={1: ["chr.bogatyrs", "chr.voivode"]})
    play(s, "attack", cards=[D + "10"])
    play(s, "defend", cards=[D + "4", D + "2"])          # (4+2)+(2+2) = 10
    assert s.war.record.attacks[-1].answers[0].strength == 10
    s = war([D + "5"], [D + "6"], chronicles={0: ["chr.bogatyrs"]})
    play(s, "attack", cards=[D + "5"])
    assert s.war.record.attacks[-1].strength == 5            # no bonus in attack


# --- Ambush ---------------------------------------------------------------------------------
def test_ambush_repels_any_attack_and_destroys_a_whole_squad():
    s = war([D + "10", D + "9", D + "1"], ["ev.ambush"], chronicles={0: ["chr.voivode"]})
    play(s, "attack", cards=[D + "10", D + "9"])
    play(s, "ambush", by=1)
    assert {D + "10", D + "9", "ev.ambush"} <= set(discarded(s))
    assert s.war.attack == [] and s.decision == Decision(0, WAR_ATTACK)
    assert hand(s, 0) == [D + "1"] and hand(s, 1) == []
    assert owner(s, "city.kiev") == 1


# --- Bribe ------------------------------------------------------------------------------------
def test_defender_bribes_a_lone_foreign_attacker_into_his_hand():
    s = war(["troop.varangians", D + "2"], ["ev.bribe"])
    play(s, "attack", cards=["troop.varangians"])
    play(s, "bribe", by=1, target="troop.varangians")
    assert hand(s, 1) == ["troop.varangians"]
    assert "ev.bribe" in discarded(s) and "troop.varangians" not in discarded(s)
    assert s.decision == Decision(0, WAR_ATTACK)
    assert inst("troop.varangians") in s.seen[0] and inst("troop.varangians") in s.seen[2]
    play(s, "attack", cards=[D + "2"])
    play(s, "defend", by=1, cards=["troop.varangians"])      # the bribed troop now defends
    # a foreign troop defends: the attacker is asked even without a Bribe (W7)
    assert [a.kind for a in legal_actions(s)] == ["accept"]
    play(s, "accept")
    play(s, "end_war")
    assert "troop.varangians" in discarded(s)


def test_bribe_only_on_foreign_attacking_troops():
    s = war([D + "7"], ["ev.bribe"])
    play(s, "attack", cards=[D + "7"])
    assert not legal(s, "bribe")


def test_bribed_troop_stays_with_its_new_owner_after_the_war():
    s = war(["troop.poles", D + "6"], ["ev.bribe"])
    play(s, "attack", cards=["troop.poles"])
    play(s, "bribe", target="troop.poles")
    play(s, "attack", cards=[D + "6"])
    play(s, "yield")
    assert owner(s, "city.kiev") == 0 and hand(s, 1) == ["troop.poles"]


def test_defender_bribe_remaining_squad_still_attacks():
    s = war(["troop.poles", D + "4"], ["ev.bribe", D + "5", D + "3"], ["wall.palisade"],
            chronicles={0: ["chr.voivode"]})
    play(s, "attack", cards=["troop.poles", D + "4"])
    assert not legal(s, "defend", cards=[D + "5"])           # 5 < 9
    play(s, "bribe", by=1, target="troop.poles")
    assert s.decision == Decision(1, WAR_DEFEND)            # 4 > walls 2: still attacks
    assert s.war.attack == [inst(D + "4")]
    assert s.war.record.attacks[-1].strength == 4
    assert not legal(s, "defend", cards=[D + "3"])
    play(s, "defend", cards=[D + "5"])
    assert s.decision == Decision(0, WAR_ATTACK)
    assert hand(s, 1) == sorted([D + "3", "troop.poles"])


def test_defender_bribe_rest_no_longer_beats_the_walls_is_repelled():
    s = war(["troop.poles", D + "2"], ["ev.bribe"], ["wall.palisade"],
            chronicles={0: ["chr.voivode"]})
    play(s, "attack", cards=["troop.poles", D + "2"])
    play(s, "bribe", target="troop.poles")
    assert s.decision == Decision(0, WAR_ATTACK) and s.war.attack == []
    assert D + "2" in discarded(s) and hand(s, 1) == ["troop.poles"]


def test_attacker_bribes_a_defending_foreign_troop_defender_answers_again():
    s = war([D + "5", "ev.bribe"], ["troop.hungarians", D + "7"])
    play(s, "attack", cards=[D + "5"])
    play(s, "defend", cards=["troop.hungarians"])
    assert s.decision == Decision(0, WAR_COUNTER)
    play(s, "bribe", by=0, target="troop.hungarians")
    assert "troop.hungarians" in hand(s, 0)
    assert s.decision == Decision(1, WAR_DEFEND)            # the attack stands unanswered
    play(s, "defend", cards=[D + "7"])
    assert s.decision == Decision(0, WAR_ATTACK)
    play(s, "attack", cards=["troop.hungarians"])           # the bribed troop attacks
    play(s, "yield")
    assert owner(s, "city.kiev") == 0


def test_attacker_bribe_rest_of_squad_still_holds():
    s = war([D + "7", "ev.bribe"], ["troop.poles", D + "8"], chronicles={1: ["chr.voivode"]})
    play(s, "attack", cards=[D + "7"])
    play(s, "defend", cards=["troop.poles", D + "8"])
    play(s, "bribe", by=0, target="troop.poles")
    assert s.decision == Decision(0, WAR_ATTACK)            # 8 ≥ 7: still repelled
    assert {D + "7", D + "8"} <= set(discarded(s)) and "troop.poles" in hand(s, 0)


def test_attacker_bribe_rest_of_squad_fails_defender_answers_again():
    s = war([D + "9", "ev.bribe"], ["troop.poles", D + "4", "ev.ambush"],
            chronicles={1: ["chr.voivode"]})
    play(s, "attack", cards=[D + "9"])
    play(s, "defend", cards=["troop.poles", D + "4"])
    play(s, "bribe", by=0, target="troop.poles")
    assert s.decision == Decision(1, WAR_DEFEND)
    assert D + "4" in discarded(s)                           # spent: it no longer holds
    play(s, "ambush")
    assert s.decision == Decision(0, WAR_ATTACK)


def test_attacker_may_accept_the_repulse_instead_of_bribing():
    s = war([D + "5", "ev.bribe"], ["troop.hungarians"])
    play(s, "attack", cards=[D + "5"])
    play(s, "defend", cards=["troop.hungarians"])
    play(s, "accept", by=0)
    assert s.decision == Decision(0, WAR_ATTACK) and hand(s, 0) == ["ev.bribe"]


def test_no_counter_decision_without_a_foreign_defender():
    s = war([D + "5", "ev.bribe"], [D + "6"])
    play(s, "attack", cards=[D + "5"])
    play(s, "defend", cards=[D + "6"])
    assert s.decision == Decision(0, WAR_ATTACK)


def test_counter_decision_asked_for_a_foreign_defender_even_without_a_bribe():
    # Asking only Bribe holders would tell the table who holds one.
    s = war([D + "5"], ["troop.poles"])
    play(s, "attack", cards=[D + "5"])
    play(s, "defend", cards=["troop.poles"])
    assert s.decision == Decision(0, WAR_COUNTER)
    assert [a.kind for a in legal_actions(s)] == ["accept"]


# --- Metropolitan's Condemnation ------------------------------------------------------------
def test_condemnation_ends_the_war_at_once():
    s = war([D + "5", D + "6"], ["ev.condemnation"])
    play(s, "attack", cards=[D + "5"])
    play(s, "condemn", by=1)
    assert s.war is None and owner(s, "city.kiev") == 1
    assert {D + "5", "ev.condemnation"} <= set(discarded(s))
    assert hand(s, 0) == [D + "6"] and s.decision == Decision(1, TURN)


# --- Raid on the City -------------------------------------------------------------------------
def raid(hand0, hand1, blds=(), chronicles=None):
    s = war(["ev.raid_city"] + list(hand0), hand1, blds, chronicles=chronicles)
    play(s, "event", card="ev.raid_city")
    assert s.decision == Decision(1, REACTION)
    return s


def test_raid_defender_lays_a_troop_which_is_his_first_answer_and_holds():
    s = raid([D + "5", D + "8"], [D + "6", D + "9"])
    play(s, "decline", by=1)
    assert s.decision == Decision(1, RAID_LAY)
    assert "ev.raid_city" in discarded(s)
    play(s, "lay", card=D + "6")
    assert s.war.raid_troop == inst(D + "6") and s.decision == Decision(0, WAR_ATTACK)
    assert not legal(s, "event", card="ev.raid_city")
    play(s, "attack", cards=[D + "5"])                  # 6 ≥ 5: repelled at once
    assert s.decision == Decision(0, WAR_ATTACK)
    assert {D + "5", D + "6"} <= set(discarded(s))
    assert s.war.raid_troop == -1


def test_raid_laid_troop_fails_and_defender_may_answer_again():
    s = raid([D + "8"], [D + "6", D + "9"])
    play(s, "decline")
    play(s, "lay", card=D + "6")
    play(s, "attack", cards=[D + "8"])
    assert s.decision == Decision(1, WAR_DEFEND)
    assert D + "6" in discarded(s)
    play(s, "defend", cards=[D + "9"])
    assert s.decision == Decision(0, WAR_ATTACK)


def test_raid_militia_may_be_laid_at_glory_strength():
    s = raid([D + "5"], ["troop.militia"], ["bld.monastery", "bld.church"])
    play(s, "decline")
    assert legal(s, "lay", card="troop.militia")
    play(s, "lay", card="troop.militia")
    play(s, "attack", cards=[D + "5"])                  # Militia 3+2+1 = 6 holds
    assert s.decision == Decision(0, WAR_ATTACK) and "troop.militia" in discarded(s)


def test_raid_laid_troop_discarded_when_the_attacker_stops():
    s = raid([D + "5"], [D + "9"])
    play(s, "decline")
    play(s, "lay", card=D + "9")
    play(s, "end_war")
    assert D + "9" in discarded(s) and hand(s, 0) == [D + "5"]
    check_cards(s)


def test_raid_attacker_bribes_the_laid_foreign_troop():
    s = raid([D + "5", "ev.bribe"], ["troop.varangians", D + "3"])
    play(s, "decline")
    play(s, "lay", card="troop.varangians")
    play(s, "bribe", by=0, target="troop.varangians")
    assert "troop.varangians" in hand(s, 0) and s.war.raid_troop == -1
    play(s, "attack", cards=["troop.varangians"])
    assert s.decision == Decision(1, WAR_DEFEND)


def test_raid_defender_without_troops_lays_nothing():
    s = raid([D + "5"], ["ev.ambush"])
    play(s, "decline")
    assert s.decision == Decision(0, WAR_ATTACK) and s.war.raid_troop == -1


def test_raid_only_before_the_first_attack():
    s = war(["ev.raid_city", D + "5", D + "6"], [D + "7"])
    play(s, "attack", cards=[D + "5"])
    play(s, "defend", cards=[D + "7"])
    assert not legal(s, "event", card="ev.raid_city")


def test_outpost_cancels_the_raid_and_the_war_goes_on():
    s = raid([D + "5"], ["ev.outpost", D + "9"])
    play(s, "react", by=1, card="ev.outpost")
    assert {"ev.raid_city", "ev.outpost"} <= set(discarded(s))
    assert s.war is not None and s.decision == Decision(0, WAR_ATTACK)
    assert s.war.raid_troop == -1 and hand(s, 1) == [D + "9"]
    play(s, "attack", cards=[D + "5"])
    assert s.decision == Decision(1, WAR_DEFEND)


# --- False Matchmaking, Reconnaissance and Plunder in war --------------------------------------
def test_false_matchmaking_in_war_only_on_the_attacked_city():
    s = war(["ev.false_match", D + "3"], [], ["wall.wooden", "wall.moat", "bld.church"],
            extra_cities={"city.pskov": (2, ["wall.palisade"])})
    fm = legal(s, "event", card="ev.false_match")
    assert [a.city for a in fm] == [inst("city.kiev")]
    assert not legal(s, "attack")
    play(s, "event", card="ev.false_match")
    play(s, "decline", by=1)
    assert buildings(s, "city.kiev") == ["bld.church"]
    assert s.decision == Decision(0, WAR_ATTACK)
    assert legal(s, "attack", cards=[D + "3"])


def test_city_watch_cancels_false_matchmaking_in_war():
    s = war(["ev.false_match", D + "3"], ["ev.city_watch"], ["wall.wooden"])
    play(s, "event", card="ev.false_match")
    play(s, "react", by=1, card="ev.city_watch")
    assert buildings(s, "city.kiev") == ["wall.wooden"]
    assert s.decision == Decision(0, WAR_ATTACK) and s.war is not None


def test_reconnaissance_in_war_on_the_defender():
    s = war(["ev.recon", D + "5"], [D + "3", "ev.ambush"], hand2=["ev.bribe"])
    assert [a.seat for a in legal(s, "event", card="ev.recon")] == [1]
    play(s, "event", card="ev.recon")
    assert s.seen[0] == set(s.hands[1]) and s.decision == Decision(0, WAR_ATTACK)


def test_plunder_as_the_city_falls_discards_every_building():
    blds = ["bld.church", "bld.throne", "wall.stone", "wall.moat"]
    s = war([D + "6"], ["ev.plunder", "ev.ambush"], blds)
    play(s, "attack", cards=[D + "6"])
    play(s, "yield_plunder", by=1)
    assert owner(s, "city.kiev") == 0 and buildings(s, "city.kiev") == []
    assert set(blds) | {"ev.plunder", D + "6"} <= set(discarded(s))
    assert hand(s, 1) == ["ev.ambush"]


# --- the worked example of seed 002: the war for Vladimir -----------------------------------
def test_the_war_for_vladimir():
    s = scenario(n=3, hands={0: ["troop.polovtsy.4", "ev.false_match", D + "4"],
                             1: ["troop.militia", D + "2", D + "3", "ev.plunder"]},
                 cities={"city.vladimir": (1, ["bld.cathedral", "bld.throne",
                                                "wall.palisade", "wall.moat"])})
    v = city(s, "city.vladimir")
    assert v.glory() == 15 and v.wall_strength == 3
    play(s, "war", by=0, city="city.vladimir")
    play(s, "attack", cards=["troop.polovtsy.4"])            # 4 > walls 3
    play(s, "defend", by=1, cards=["troop.militia"])          # Militia = 15
    assert s.war.record.attacks[0].answers[0].strength == 15
    assert {"troop.polovtsy.4", "troop.militia"} <= set(discarded(s))
    play(s, "event", card="ev.false_match", city="city.vladimir")
    play(s, "decline", by=1)
    assert v.wall_strength == 0 and buildings(s, "city.vladimir") == ["bld.cathedral",
                                                                     "bld.throne"]
    play(s, "attack", by=0, cards=[D + "4"])
    assert not legal(s, "defend")                             # nothing stronger than 4
    play(s, "yield_plunder", by=1)
    assert owner(s, "city.vladimir") == 0
    assert buildings(s, "city.vladimir") == [] and v.glory() == 2
    assert s.war is None and hand(s, 1) == sorted([D + "2", D + "3"])
    check_cards(s)


def test_wall_strength_and_the_walls_alone_never_block_a_declared_war_event():
    # declared with False Matchmaking in hand, walls too strong: the attacker may play it
    s = war(["ev.false_match", D + "2"], [], ["wall.kremlin"])
    assert not legal(s, "attack") and legal(s, "event", card="ev.false_match")
    assert legal(s, "end_war")


def test_attacker_may_end_the_war_before_any_attack():
    s = war([D + "5"], [D + "9"])
    play(s, "end_war")
    assert s.war is None and hand(s, 0) == [D + "5"] and s.decision == Decision(1, TURN)


def test_voivode_defence_squad_of_several_militia():
    s = war([D + "10"], ["troop.militia", "troop.militia"], ["bld.monastery"],
            chronicles={1: ["chr.voivode"]})
    play(s, "attack", cards=[D + "10"])
    assert not legal(s, "defend", cards=["troop.militia"])            # 5 < 10
    play(s, "defend", cards=["troop.militia", "troop.militia"])       # 5 + 5 = 10
    assert s.war.record.attacks[-1].answers[0].strength == 10
    assert discarded(s).count("troop.militia") == 2


def test_counter_bribe_offers_the_lowest_copy_whatever_the_hand_order():
    s = war([D + "5", "ev.bribe", "ev.bribe"], ["troop.hungarians"])
    s.hands[0].reverse()
    play(s, "attack", cards=[D + "5"])
    play(s, "defend", cards=["troop.hungarians"])
    assert legal(s, "bribe")[0].card == inst("ev.bribe")
