"""prepared_game: a stacked position built from card ids, pure and deterministic."""
import pytest

from knjazja.engine import apply, legal_actions, prepared_game
from knjazja.engine.actions import TURN, Action, Decision
from knjazja.engine.cards import CARD_ID, INSTANCES, N_CARDS
from scenario import check_cards, fingerprint


def lesson_like(**kw):
    return prepared_game(3, hands={0: ["city.kiev", "bld.church"], 1: ["troop.druzhina.5"]},
                         cities={"city.novgorod": (1, ["wall.palisade", "wall.moat", "bld.church"])},
                         chronicles={0: ["chr.anna"], 2: [("chr.byzantium", "troop.poles")]},
                         deck=["bld.cathedral", "bld.church"], **{"current": 1, **kw})


def test_cards_land_where_named_and_every_card_is_somewhere_once():
    s = lesson_like()
    check_cards(s)
    assert [CARD_ID[c] for c in s.hands[0]] == ["city.kiev", "bld.church"]
    novgorod = s.cities[INSTANCES["city.novgorod"][0]]
    assert novgorod.owner == 1 and novgorod.wall_strength == 3 and novgorod.glory() == 4
    assert CARD_ID[s.deck[-1]] == "bld.cathedral" and CARD_ID[s.deck[-2]] == "bld.church"   # top first
    assert [CARD_ID[c] for c in s.chronicles[0]] == ["chr.anna"]
    assert CARD_ID[s.under[s.chronicles[2][0]]] == "troop.poles"
    assert s.decision == Decision(1, TURN) and s.current == 1 and s.turn_no == 3 and not s.first_round
    assert INSTANCES["city.novgorod"][0] in s.owned_ever[1]


def test_the_rest_goes_under_the_deck_or_to_the_discard_pile():
    kept = lesson_like(rest="deck")
    assert kept.discard == [] and len(kept.deck) == N_CARDS - 10
    short = lesson_like(rest="discard", discard=["ev.fire"])
    assert [CARD_ID[c] for c in short.deck] == ["bld.church", "bld.cathedral"]
    assert CARD_ID[short.discard[0]] == "ev.fire" and len(short.discard) == N_CARDS - 12


def test_same_arguments_same_game():
    a, b = lesson_like(seed=5), lesson_like(seed=5)
    assert fingerprint(a) == fingerprint(b)
    for _ in range(30):
        if a.over:
            break
        act = legal_actions(a)[-1]
        assert act == legal_actions(b)[-1]
        assert apply(a, act) == apply(b, act)
    assert fingerprint(a) == fingerprint(b)


def test_the_engine_plays_on_from_it():
    s = lesson_like(current=0)
    build = Action("build", card=INSTANCES["bld.church"][0], city=INSTANCES["city.novgorod"][0])
    assert build in legal_actions(s)
    apply(s, Action("draw"))
    assert CARD_ID[s.hands[0][-1]] == "bld.cathedral"


@pytest.mark.parametrize("kw,message", [
    ({"hands": {0: ["city.atlantis"]}}, "unknown card id"),
    ({"hands": {0: ["city.kiev"]}, "cities": {"city.kiev": (0, [])}}, "no free copy"),
    ({"cities": {"bld.church": (0, [])}}, "not a city"),
    ({"cities": {"city.kiev": (0, ["troop.poles"])}}, "not a building"),
    ({"cities": {"city.kiev": (0, ["wall.palisade", "wall.stone"])}}, "two sets of walls"),
    ({"cities": {"city.kiev": (0, ["bld.throne"]), "city.pskov": (1, ["bld.throne"])}}, "one Prince's Throne"),
    ({"chronicles": {0: ["bld.church"]}}, "not a chronicle"),
    ({"hands": {5: ["city.kiev"]}}, "no seat 5"),
    ({"rest": "sideboard"}, "rest must be"),
    ({"current": 3}, "current must be"),
])
def test_bad_positions_are_refused_with_one_line(kw, message):
    with pytest.raises(ValueError, match=message):
        prepared_game(3, **kw)


def test_player_count_is_checked():
    with pytest.raises(ValueError, match="players"):
        prepared_game(9)


def test_a_laid_invasion_lies_before_its_player():
    s = prepared_game(3, before={1: ["ev.tatar_invasion"]}, deck=["bld.church"], rest="discard")
    assert [CARD_ID[c] for c in s.before[1]] == ["ev.tatar_invasion"]
    check_cards(s)
