"""Set-up and the turn (docs/RULES.md §2)."""
import pytest

from knjazja.engine import IllegalAction, apply, legal_actions, new_game
from knjazja.engine.actions import TURN, Action, Decision
from knjazja.engine.cards import CARD_ID, KIND
from scenario import check_cards, hand, inst, kinds, legal, play, scenario


# --- set-up ----------------------------------------------------------------------------
@pytest.mark.parametrize("n", range(2, 9))
def test_deal_four_cards_each_rest_is_the_deck(n):
    s = new_game(n, seed=11)
    assert [len(h) for h in s.hands] == [4] * n
    assert len(s.deck) == 100 - 4 * n
    check_cards(s)
    assert s.decision == Decision(s.first_player, TURN)
    assert s.current == s.first_player and s.turn_no == 0 and s.first_round


@pytest.mark.parametrize("n", [1, 9, 0])
def test_player_count_is_2_to_8(n):
    with pytest.raises(ValueError):
        new_game(n, seed=1)


def test_first_player_is_drawn_from_the_seed():
    starters = {new_game(5, seed=k).first_player for k in range(40)}
    assert len(starters) > 1                        # it is really drawn...
    for k in range(10):                             # ...and deterministic per seed
        assert new_game(5, seed=k).first_player == new_game(5, seed=k).first_player


def test_chosen_starter_deals_the_same_deck():
    a = new_game(4, seed=3)
    b = new_game(4, seed=3, first_player=(a.first_player + 1) % 4)
    assert b.first_player == (a.first_player + 1) % 4
    assert a.deck == b.deck
    assert sorted(map(sorted, a.hands)) == sorted(map(sorted, b.hands))


def test_bad_first_player_rejected():
    with pytest.raises(ValueError):
        new_game(3, seed=1, first_player=3)


# --- one action per turn -------------------------------------------------------------
def test_draw_takes_the_top_card_and_ends_the_turn():
    s = scenario(n=3, deck=["bld.church", "city.kiev"], hands={0: []})
    play(s, "draw", by=0)
    assert hand(s, 0) == ["bld.church"]
    assert s.deck == [inst("city.kiev")]
    assert s.decision == Decision(1, TURN) and s.current == 1


@pytest.mark.parametrize("kind,fields,hand0", [
    ("play_city", {"card": "city.kiev", "seat": 0}, ["city.kiev", "city.pskov"]),
    ("build", {"card": "bld.church", "city": "city.murom"}, ["bld.church", "bld.church"]),
    ("chronicle", {"card": "chr.polovtsian_campaign", "seat": 0},
     ["chr.polovtsian_campaign", "chr.vasilko"]),
])
def test_playing_a_card_is_the_whole_turn(kind, fields, hand0):
    s = scenario(n=3, hands={0: hand0}, cities={"city.murom": (0, [])})
    n_before = len(s.hands[0])
    play(s, kind, by=0, **fields)
    assert len(s.hands[0]) == n_before - 1
    assert s.decision == Decision(1, TURN)


def test_pass_only_with_an_empty_deck():
    s = scenario(n=3, hands={0: ["city.kiev"]})
    assert "pass" not in kinds(s) and "draw" in kinds(s)
    s = scenario(n=3, hands={0: ["city.kiev"]}, deck=[])
    assert "pass" in kinds(s) and "draw" not in kinds(s)
    play(s, "pass")
    assert s.decision == Decision(1, TURN)
    assert hand(s, 0) == ["city.kiev"]


def test_turns_go_clockwise_and_wrap():
    s = scenario(n=4, current=2)
    order = []
    for _ in range(6):
        order.append(s.decision.seat)
        play(s, "draw")
    assert order == [2, 3, 0, 1, 2, 3]


def test_order_never_changes_after_a_war():
    s = scenario(n=4, current=1, hands={1: ["troop.druzhina.5"]},
                 cities={"city.kiev": (3, [])})
    play(s, "war", city="city.kiev")
    play(s, "attack", cards=["troop.druzhina.5"])
    play(s, "yield", by=3)
    assert s.decision == Decision(2, TURN)


def test_first_round_ends_when_everyone_has_had_a_turn():
    s = new_game(3, seed=5)
    seen = []
    while s.first_round:
        seen.append(s.current)
        play(s, "draw")
    assert sorted(seen) == [0, 1, 2]
    assert s.current == s.first_player and s.turn_no == 3


def test_legal_actions_belong_to_the_deciding_seat_and_apply_checks_them():
    s = scenario(n=3, hands={0: ["city.kiev"], 1: ["city.pskov"]})
    assert not legal(s, "play_city", card="city.pskov")
    with pytest.raises(IllegalAction):
        apply(s, Action("play_city", card=inst("city.pskov"), seat=1))


def test_identical_copies_appear_once():
    s = scenario(n=3, hands={0: ["bld.church", "bld.church", "bld.church"]},
                 cities={"city.kiev": (0, [])})
    acts = legal(s, "build", card="bld.church")
    assert len(acts) == 1 and acts[0].card == min(s.hands[0])


# --- a card without a legal target stays in hand -------------------------------------
@pytest.mark.parametrize("card,hands,cities,chronicles", [
    ("bld.church", {}, {}, {}),                                   # no city in play
    ("wall.moat", {}, {"city.kiev": (1, ["wall.stone"])}, {}),   # only a blocked city
    ("ev.treachery", {}, {"city.kiev": (0, [])}, {}),            # no other player's city
    ("ev.dowry", {}, {"city.kiev": (0, [])}, {}),
    ("ev.fire", {}, {"city.kiev": (1, [])}, {}),                 # no building anywhere
    ("ev.false_match", {}, {"city.kiev": (1, ["bld.church"])}, {}),   # no walls or Moat
    ("ev.polovtsian_raid", {}, {}, {}),                          # nobody else holds a card
    ("ev.principality_raid", {}, {}, {}),
    ("ev.recon", {}, {}, {}),
    ("ev.judgement", {}, {"city.kiev": (1, [])}, {}),            # never owned it
    ("ev.poisoner", {}, {}, {}),                                  # no chronicle in play
    ("ev.silence", {}, {}, {}),                                   # no end set
    ("chr.sviatopolk", {}, {"city.kiev": (0, [])}, {}),          # no other player's city
    ("chr.congress", {}, {"city.kiev": (0, [])}, {}),            # nobody else owns a city
    ("chr.byzantium", {0: ["troop.militia"]}, {}, {}),           # no troop but Militia
    ("troop.druzhina.5", {}, {}, {}),                             # troops only in war
    ("ev.ambush", {}, {"city.kiev": (1, [])}, {}),               # war and reaction cards
    ("ev.bribe", {}, {"city.kiev": (1, [])}, {}),
    ("ev.condemnation", {}, {"city.kiev": (1, [])}, {}),
    ("ev.plunder", {}, {"city.kiev": (1, [])}, {}),
    ("ev.raid_city", {}, {"city.kiev": (1, [])}, {}),
    ("ev.city_watch", {}, {"city.kiev": (1, [])}, {}),
    ("ev.outpost", {}, {"city.kiev": (1, [])}, {}),
])
def test_card_without_a_legal_target_is_not_playable(card, hands, cities, chronicles):
    h = {0: [card] + hands.get(0, [])}
    s = scenario(n=3, hands=h, cities=cities, chronicles=chronicles)
    c = s.hands[0][0]
    assert not [a for a in legal_actions(s) if a.card == c or c in a.cards]
    play(s, "draw")
    assert c in s.hands[0]


def test_troops_never_leave_the_hand_on_a_turn_outside_war():
    s = scenario(n=3, hands={0: ["troop.druzhina.5", "troop.poles", "troop.militia"]},
                 cities={"city.kiev": (0, [])})
    troops = set(s.hands[0])
    assert not [a for a in legal_actions(s) if a.card in troops or set(a.cards) & troops]


def test_chronicles_go_before_any_player_sviatopolk_only_before_yourself():
    s = scenario(n=3, hands={0: ["chr.vasilko", "chr.sviatopolk"]},
                 cities={"city.kiev": (1, [])})
    assert {a.seat for a in legal(s, "chronicle", card="chr.vasilko")} == {0, 1, 2}
    assert {a.seat for a in legal(s, "chronicle", card="chr.sviatopolk")} == {0}


def test_every_turn_action_kind_is_one_action():
    """Whatever a random player does on a turn, the next TURN decision is the next seat's."""
    import random
    rng = random.Random(4)
    for seed in range(15):
        s = new_game(4, seed=seed)
        for _ in range(200):
            if s.over:
                break
            if s.decision.kind == TURN:
                who, t = s.current, s.turn_no
            apply(s, rng.choice(legal_actions(s)))
            if s.decision.kind == TURN:
                assert s.current == (who + 1) % 4 and s.turn_no == t + 1


def test_over_game_has_no_legal_action_and_rejects_all():
    s = scenario(n=3, deck=[], end_turn=3, end_cause="deck", turn_no=3)
    play(s, "pass")
    assert s.over and s.decision.kind == "over"
    assert legal_actions(s) == []
    with pytest.raises(IllegalAction, match="over"):
        apply(s, Action("pass"))


def test_no_hand_limit():
    s = scenario(n=2, hands={0: ["bld.church"] * 10 + ["bld.monastery"] * 5}, deck=["city.kiev"])
    play(s, "draw")
    assert len(s.hands[0]) == 16


def test_cards_kinds_match_catalogue():
    assert sum(1 for k in KIND if k == "city") == 11
    assert sum(1 for c in CARD_ID if c == "troop.militia") == 7
