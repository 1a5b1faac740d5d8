"""Events and reactions (docs/RULES.md §5)."""
import pytest

from knjazja.engine import GameOptions, observation
from knjazja.engine import zones as Z
from knjazja.engine.actions import DOWRY_BID, REACTION, TURN, Decision
from scenario import (buildings, check_cards, chronicle_ids, discarded, fingerprint, hand, inst, kinds, legal,
                      owner, play, scenario)

D = "troop.druzhina."


# --- reactions in general --------------------------------------------------------------------
REACTABLE = [
    # (event, needs, reaction, how to target it)
    ("ev.treachery", "ev.city_watch", {"city": "city.kiev"}),
    ("ev.false_match", "ev.city_watch", {"city": "city.kiev"}),
    ("ev.fire", "ev.city_watch", {"city": "city.kiev"}),
    ("ev.polovtsian_raid", "ev.outpost", {"seat": 2}),
    ("ev.principality_raid", "ev.outpost", {"seat": 2}),
]


def reaction_state(event, reaction_in_hand, n=4):
    return scenario(n=n, hands={0: [event], 1: ["ev.city_watch"],
                                2: reaction_in_hand + [D + "3", "bld.church"],
                                3: ["ev.outpost"]},
                    cities={"city.kiev": (2, ["wall.wooden", "wall.moat", "bld.church"])})


@pytest.mark.parametrize("event,reaction,target", REACTABLE)
def test_only_the_target_is_asked_and_always(event, reaction, target):
    for holds in (True, False):
        s = reaction_state(event, [reaction] if holds else [])
        play(s, "event", by=0, card=event, **target)
        assert s.decision == Decision(2, REACTION)     # not seat 1 or 3, who hold reactions
        assert kinds(s) == ({"react", "decline"} if holds else {"decline"})


@pytest.mark.parametrize("event,reaction,target", REACTABLE)
def test_reaction_cancels_card_discarded_action_spent(event, reaction, target):
    s = reaction_state(event, [reaction])
    before = fingerprint(s)
    kiev = buildings(s, "city.kiev")
    hand2 = sorted(s.hands[2])
    play(s, "event", card=event, **target)
    play(s, "react", by=2, card=reaction)
    assert event in discarded(s) and reaction in discarded(s)
    assert s.decision == Decision(1, TURN)               # the player's action is spent
    assert s.pending is None
    assert owner(s, "city.kiev") == 2 and buildings(s, "city.kiev") == kiev
    assert sorted(s.hands[2]) == sorted(set(hand2) - {s.discard[-2]})
    assert hand(s, 0) == []
    assert before != fingerprint(s)
    check_cards(s)


@pytest.mark.parametrize("event,other,target", [
    ("ev.fire", "ev.outpost", {"city": "city.kiev"}),
    ("ev.treachery", "ev.outpost", {"city": "city.kiev"}),
    ("ev.polovtsian_raid", "ev.city_watch", {"seat": 2}),
    ("ev.principality_raid", "ev.city_watch", {"seat": 2}),
])
def test_the_wrong_reaction_cannot_cancel(event, other, target):
    s = reaction_state(event, [other])
    play(s, "event", card=event, **target)
    assert kinds(s) == {"decline"}


def test_no_reaction_asked_when_you_target_yourself():
    s = scenario(n=3, hands={0: ["ev.fire", "ev.city_watch"]},
                 cities={"city.kiev": (0, ["bld.church"])})
    play(s, "event", card="ev.fire", city="city.kiev")
    assert s.decision == Decision(1, TURN) and buildings(s, "city.kiev") == []


# --- Treachery -----------------------------------------------------------------------------
def test_treachery_takes_a_city_of_another_player_with_its_buildings():
    s = scenario(n=3, hands={0: ["ev.treachery"]},
                 cities={"city.kiev": (1, ["bld.throne", "wall.stone"]), "city.murom": (0, [])})
    assert {a.city for a in legal(s, "event", card="ev.treachery")} == {inst("city.kiev")}
    play(s, "event", card="ev.treachery", city="city.kiev")
    play(s, "decline", by=1)
    assert owner(s, "city.kiev") == 0 and buildings(s, "city.kiev") == ["bld.throne",
                                                                        "wall.stone"]
    assert "ev.treachery" in discarded(s) and inst("city.kiev") in s.owned_ever[0]
    assert s.decision == Decision(1, TURN)


# --- Dowry -------------------------------------------------------------------------------------
def dowry(hands, n=4, player=1, city_owner=3, chronicles=None):
    h = {k: list(v) for k, v in hands.items()}
    h.setdefault(player, []).append("ev.dowry")
    s = scenario(n=n, hands=h, current=player, cities={"city.kiev": (city_owner, ["bld.church"])},
                 chronicles=chronicles)
    play(s, "event", by=player, card="ev.dowry", city="city.kiev")
    return s


def bid_round(s, bids):
    """bids: {seat: card id or None}, applied in the order the engine asks."""
    order = []
    while s.decision.kind == DOWRY_BID:
        seat = s.decision.seat
        order.append(seat)
        if bids.get(seat):
            play(s, "bid", by=seat, card=bids[seat])
        else:
            play(s, "no_bid", by=seat)
    return order


def test_dowry_bidding_starts_left_of_the_player_owner_included_player_last():
    s = dowry({})
    assert s.decision == Decision(2, DOWRY_BID)
    assert bid_round(s, {}) == [2, 3, 0, 1]


def test_dowry_highest_printed_strength_wins_all_bids_discarded():
    s = dowry({0: [D + "6"], 2: [D + "5", D + "9"], 3: ["troop.poles"], 1: [D + "2"]})
    bid_round(s, {2: D + "5", 3: "troop.poles", 0: D + "6", 1: D + "2"})
    assert owner(s, "city.kiev") == 0 and buildings(s, "city.kiev") == ["bld.church"]
    assert {D + "5", "troop.poles", D + "6", D + "2", "ev.dowry"} <= set(discarded(s))
    assert hand(s, 2) == [D + "9"]
    assert s.decision == Decision(2, TURN) and s.pending is None
    check_cards(s)


def test_dowry_tie_goes_to_the_earlier_bid():
    s = dowry({0: [D + "5"], 2: ["troop.poles"]})
    bid_round(s, {2: "troop.poles", 0: D + "5"})
    assert owner(s, "city.kiev") == 2
    s = dowry({0: [D + "5"], 2: ["troop.poles"]}, player=3, city_owner=1)   # order 0,1,2,3
    bid_round(s, {2: "troop.poles", 0: D + "5"})
    assert owner(s, "city.kiev") == 0


def test_dowry_ignores_anna_and_bogatyrs():
    s = dowry({0: [D + "4"], 2: ["troop.polovtsy.4"]},
              chronicles={0: ["chr.bogatyrs"], 3: ["chr.anna"]})
    bid_round(s, {0: D + "4", 2: "troop.polovtsy.4"})
    assert owner(s, "city.kiev") == 2                     # 4 = 4, seat 2 bid first


def test_dowry_owner_may_win_and_keep():
    s = dowry({3: [D + "9"], 2: [D + "8"]})
    bid_round(s, {3: D + "9", 2: D + "8"})
    assert owner(s, "city.kiev") == 3
    assert {D + "9", D + "8"} <= set(discarded(s))


def test_dowry_player_bids_last_and_may_win():
    s = dowry({1: [D + "7"], 2: [D + "6"]})
    assert bid_round(s, {1: D + "7", 2: D + "6"})[-1] == 1
    assert owner(s, "city.kiev") == 1


def test_dowry_militia_cannot_bid():
    s = dowry({2: ["troop.militia", "troop.militia"]})
    assert kinds(s) == {"no_bid"}


def test_dowry_no_bids_nothing_happens():
    s = dowry({0: [D + "3"]})
    bid_round(s, {})
    assert owner(s, "city.kiev") == 3 and hand(s, 0) == [D + "3"]
    assert "ev.dowry" in discarded(s) and s.decision == Decision(2, TURN)


def test_dowry_card_waits_on_the_table_during_bidding_and_bids_are_secret():
    s = dowry({2: [D + "6"], 3: [D + "7"]})
    play(s, "bid", by=2, card=D + "6")
    assert s.locations()[inst("ev.dowry")] == [Z.TABLE]
    assert s.locations()[inst(D + "6")] == [Z.bid(2)]
    for seat in (0, 1, 3):
        assert observation(s, seat).pending.bids == [(2, -1)]
    assert observation(s, 2).pending.bids == [(2, inst(D + "6"))]
    check_cards(s)


def test_dowry_only_on_a_city_of_another_player():
    s = scenario(n=3, hands={0: ["ev.dowry"]},
                 cities={"city.kiev": (0, []), "city.pskov": (2, [])})
    assert [a.city for a in legal(s, "event", card="ev.dowry")] == [inst("city.pskov")]


# --- Fire and False Matchmaking ---------------------------------------------------------------
def test_fire_discards_every_building_walls_and_moat_included():
    blds = ["bld.church", "bld.throne", "bld.golden_gate", "wall.kremlin", "wall.moat"]
    s = scenario(n=3, hands={0: ["ev.fire"]}, cities={"city.kiev": (1, blds)})
    play(s, "event", card="ev.fire", city="city.kiev")
    play(s, "decline", by=1)
    assert buildings(s, "city.kiev") == [] and owner(s, "city.kiev") == 1
    assert set(blds) | {"ev.fire"} <= set(discarded(s))


def test_fire_needs_a_city_with_a_building():
    s = scenario(n=3, hands={0: ["ev.fire"]},
                 cities={"city.kiev": (1, []), "city.pskov": (1, ["wall.moat"])})
    assert [a.city for a in legal(s, "event", card="ev.fire")] == [inst("city.pskov")]


def test_false_matchmaking_destroys_walls_and_moat_only():
    s = scenario(n=3, hands={0: ["ev.false_match"]},
                 cities={"city.kiev": (1, ["wall.wooden", "wall.moat", "bld.church",
                                           "bld.golden_gate"]),
                         "city.pskov": (1, ["wall.palisade"]), "city.murom": (1, ["bld.church"])})
    assert {a.city for a in legal(s, "event", card="ev.false_match")} == {
        inst("city.kiev"), inst("city.pskov")}
    play(s, "event", card="ev.false_match", city="city.kiev")
    play(s, "decline")
    assert buildings(s, "city.kiev") == ["bld.church", "bld.golden_gate"]
    assert {"wall.wooden", "wall.moat", "ev.false_match"} <= set(discarded(s))


def test_false_matchmaking_on_a_lone_moat():
    s = scenario(n=3, hands={0: ["ev.false_match"]}, cities={"city.pskov": (2, ["wall.moat"])})
    play(s, "event", card="ev.false_match", city="city.pskov")
    play(s, "decline", by=2)
    assert buildings(s, "city.pskov") == [] and "wall.moat" in discarded(s)


# --- Polovtsian Raid and Raid on the Principality -------------------------------------------
def test_polovtsian_raid_discards_two_at_random():
    results = set()
    for seed in range(12):
        s = scenario(n=3, seed=seed, hands={0: ["ev.polovtsian_raid", "bld.church"],
                                            1: ["city.kiev", "city.pskov", "bld.cathedral"]})
        play(s, "event", card="ev.polovtsian_raid", seat=1)
        play(s, "decline", by=1)
        assert len(s.hands[1]) == 1 and hand(s, 0) == ["bld.church"]
        lost = {"city.kiev", "city.pskov", "bld.cathedral"} - set(hand(s, 1))
        assert len(lost) == 2 and lost <= set(discarded(s))
        results.add(tuple(hand(s, 1)))
        check_cards(s)
    assert len(results) > 1                               # really at random


def test_polovtsian_raid_on_a_single_card_takes_it():
    s = scenario(n=3, hands={0: ["ev.polovtsian_raid"], 2: ["city.kiev"]})
    assert [a.seat for a in legal(s, "event", card="ev.polovtsian_raid")] == [2]
    play(s, "event", card="ev.polovtsian_raid", seat=2)
    play(s, "decline")
    assert s.hands[2] == [] and "city.kiev" in discarded(s)


def test_principality_raid_takes_two_at_random_victim_knows_which():
    s = scenario(n=3, hands={0: ["ev.principality_raid"],
                             1: ["city.kiev", "city.pskov", "bld.cathedral"],
                             2: ["bld.church"]})
    play(s, "event", card="ev.principality_raid", seat=1)
    play(s, "decline", by=1)
    taken = set(s.hands[0])
    assert len(taken) == 2 and len(s.hands[1]) == 1
    assert taken | set(s.hands[1]) == {inst("city.kiev"), inst("city.pskov"),
                                       inst("bld.cathedral")}
    assert set(observation(s, 1).known[0]) == taken       # the victim saw what went
    assert observation(s, 2).known[0] == []               # a third player did not
    assert "ev.principality_raid" in discarded(s)


def test_raids_need_another_player_with_cards():
    s = scenario(n=3, hands={0: ["ev.principality_raid", "ev.recon"], 2: ["city.kiev"]})
    assert [a.seat for a in legal(s, "event", card="ev.principality_raid")] == [2]
    assert [a.seat for a in legal(s, "event", card="ev.recon")] == [2]


# --- Tatar Invasion ---------------------------------------------------------------------------
def test_invasion_not_in_the_first_round():
    s = scenario(n=3, hands={2: ["ev.tatar_invasion"]}, turn_no=2, current=2)
    assert s.first_round and not legal(s, "event", card="ev.tatar_invasion")
    s = scenario(n=3, hands={0: ["ev.tatar_invasion"]}, turn_no=3, current=0)
    assert not s.first_round and legal(s, "event", card="ev.tatar_invasion")


def test_invasion_first_round_house_option():
    s = scenario(n=3, hands={0: ["ev.tatar_invasion"]}, turn_no=0, current=0,
                 options=GameOptions(invasion_first_round=True))
    assert s.first_round and legal(s, "event", card="ev.tatar_invasion", seat=0)


def test_invasion_every_other_player_one_more_turn_invader_last():
    s = scenario(n=4, hands={1: ["ev.tatar_invasion"]}, current=1, turn_no=5)
    play(s, "event", by=1, card="ev.tatar_invasion", seat=1)
    assert s.before[1] == [inst("ev.tatar_invasion")]
    assert s.end_turn == 9 and s.end_cause == "invasion" and s.invasion_active
    order = []
    while not s.over:
        order.append(s.current)
        play(s, "draw")
    assert order == [2, 3, 0, 1]
    assert "ev.tatar_invasion" not in discarded(s)


def test_invasion_not_playable_once_an_end_is_set():
    s = scenario(n=3, hands={0: ["ev.tatar_invasion"]}, deck=[], end_turn=5, end_cause="deck",
                 turn_no=3)
    assert not legal(s, "event", card="ev.tatar_invasion")


# --- And There Was Silence ----------------------------------------------------------------------
def test_silence_only_once_the_end_is_set():
    s = scenario(n=3, hands={0: ["ev.silence"]})
    assert not legal(s, "event", card="ev.silence")


def test_silence_cancels_the_invasion_game_goes_on_to_the_deck():
    s = scenario(n=3, hands={0: ["ev.tatar_invasion"], 1: ["ev.silence"]},
                 deck=["bld.church"] * 5)
    play(s, "event", by=0, card="ev.tatar_invasion", seat=0)
    assert s.end_turn == 6
    play(s, "event", by=1, card="ev.silence", seat=1)
    assert s.end_turn is None and not s.invasion_active
    assert s.before[1] == [inst("ev.silence")] and s.before[0] == [inst("ev.tatar_invasion")]
    turns = 0
    while s.deck:                                       # the game goes on...
        play(s, "draw")
        turns += 1
    assert not s.over and s.end_cause == "deck"         # ...until the deck runs out
    drawer = (s.current - 1) % 3
    order = []
    while not s.over:
        order.append(s.current)
        play(s, "pass")
    assert order[-1] == drawer and len(order) == 3


def test_silence_by_the_invasions_own_player():
    s = scenario(n=3, hands={0: ["ev.tatar_invasion", "ev.silence"]})
    play(s, "event", card="ev.tatar_invasion")
    play(s, "draw")
    play(s, "draw")
    play(s, "event", by=0, card="ev.silence")
    assert s.end_turn is None and not s.over


def test_silence_after_the_deck_ran_out_everyone_one_more_turn_silencer_last():
    s = scenario(n=3, hands={2: ["ev.silence"]}, deck=["bld.church"])
    play(s, "draw", by=0)                               # seat 0 draws the last card
    assert s.end_turn == 3 + 3 and s.end_cause == "deck"
    play(s, "pass", by=1)
    play(s, "event", by=2, card="ev.silence", seat=2)   # turn 5
    assert s.end_turn == 5 + 3 and s.end_cause == "silence"
    order = []
    while not s.over:
        order.append(s.current)
        play(s, "pass")
    assert order == [0, 1, 2]


def test_silence_against_invasion_after_the_deck_ran_out_is_the_second_case():
    s = scenario(n=3, hands={0: ["ev.tatar_invasion"], 2: ["ev.silence"]},
                 deck=["bld.church"])
    play(s, "event", by=0, card="ev.tatar_invasion")    # turn 3: ends after turn 6
    play(s, "draw", by=1)                               # last card: the earlier end stands
    assert s.end_turn == 6 and s.end_cause == "invasion"
    play(s, "event", by=2, card="ev.silence")           # turn 5
    assert s.end_turn == 8 and s.end_cause == "silence" and not s.invasion_active


def test_laid_invasion_and_silence_cannot_be_poisoned_or_burnt():
    s = scenario(n=3, hands={0: ["ev.poisoner", "ev.fire"]},
                 before={1: ["ev.tatar_invasion"], 2: ["ev.silence"]},
                 end_turn=10, end_cause="silence")
    assert not legal(s, "event", card="ev.poisoner")
    assert not legal(s, "event", card="ev.fire")


# --- Metropolitan's Judgement ---------------------------------------------------------------------
def test_judgement_returns_a_city_you_owned_earlier_with_its_buildings():
    s = scenario(n=3, hands={0: ["ev.judgement"]},
                 cities={"city.kiev": (1, ["bld.cathedral"]), "city.pskov": (2, []),
                         "city.murom": (0, [])},
                 owned_ever={0: ["city.kiev"]})
    assert [a.city for a in legal(s, "event", card="ev.judgement")] == [inst("city.kiev")]
    play(s, "event", card="ev.judgement", city="city.kiev")
    assert owner(s, "city.kiev") == 0 and buildings(s, "city.kiev") == ["bld.cathedral"]
    assert s.decision == Decision(1, TURN) and "ev.judgement" in discarded(s)


def test_judgement_after_a_city_was_lost_in_war():
    s = scenario(n=3, hands={0: ["ev.judgement"], 1: [D + "5"]}, current=1,
                 cities={"city.kiev": (0, [])})
    assert not legal(s, "event")
    play(s, "war", by=1, city="city.kiev")
    play(s, "attack", cards=[D + "5"])
    play(s, "yield", by=0)
    play(s, "draw", by=2)
    play(s, "event", by=0, card="ev.judgement", city="city.kiev")
    assert owner(s, "city.kiev") == 0


# --- Reconnaissance ---------------------------------------------------------------------------------
def test_recon_reveals_only_to_its_player_until_the_cards_leave_the_hand():
    s = scenario(n=3, hands={0: ["ev.recon"], 1: ["city.kiev", "bld.church", "ev.fire"],
                             2: ["city.pskov"]}, deck=["city.murom", "bld.cathedral", "city.galich"])
    play(s, "event", card="ev.recon", seat=1)
    assert "ev.recon" in discarded(s)
    assert observation(s, 0).known[1] == sorted(s.hands[1])
    assert observation(s, 0).known[2] == []
    assert observation(s, 2).known == {0: [], 1: []}
    play(s, "play_city", by=1, card="city.kiev", seat=1)      # one card leaves the hand
    assert set(observation(s, 0).known[1]) == {inst("bld.church"), inst("ev.fire")}
    play(s, "draw", by=2)
    play(s, "draw", by=0)
    play(s, "draw", by=1)                                      # a new card is not known
    assert len(s.hands[1]) == 3
    assert set(observation(s, 0).known[1]) == {inst("bld.church"), inst("ev.fire")}


# --- Poisoner Adviser ----------------------------------------------------------------------------
def test_poisoner_discards_one_chronicle_before_any_player():
    s = scenario(n=3, hands={0: ["ev.poisoner"]},
                 chronicles={0: ["chr.vasilko"], 1: ["chr.anna", "chr.voivode"]})
    targets = {(a.seat, a.target) for a in legal(s, "event", card="ev.poisoner")}
    assert targets == {(0, inst("chr.vasilko")), (1, inst("chr.anna")),
                       (1, inst("chr.voivode"))}
    play(s, "event", card="ev.poisoner", target="chr.anna")
    assert chronicle_ids(s, 1) == ["chr.voivode"]
    assert {"chr.anna", "ev.poisoner"} <= set(discarded(s))


def test_poisoner_takes_byzantine_aid_with_its_troop():
    s = scenario(n=3, hands={0: ["ev.poisoner"]},
                 chronicles={2: [("chr.byzantium", "troop.varangians")]})
    play(s, "event", card="ev.poisoner", target="chr.byzantium")
    assert s.chronicles[2] == [] and s.under == {}
    assert {"chr.byzantium", "troop.varangians"} <= set(discarded(s))
    check_cards(s)


def test_reaction_offers_the_lowest_copy_whatever_the_hand_order():
    """Legal actions never depend on the order of a hand (determinized worlds sort hands)."""
    s = scenario(n=3, hands={0: ["ev.fire"], 1: ["ev.city_watch", "ev.city_watch"]},
                 cities={"city.kiev": (1, ["bld.church"])})
    s.hands[1].reverse()
    play(s, "event", card="ev.fire", city="city.kiev")
    assert legal(s, "react")[0].card == min(s.hands[1]) == inst("ev.city_watch")
