"""The table's notes (`engine/notes.py`): every decision as the table saw it, never a hidden card."""
import random

from knjazja.engine import apply, determinize, legal_actions, new_game, observation
from knjazja.engine.actions import DRAW, TURN, WAR_DEFEND, YIELD, Action
from knjazja.engine.kinds import ActionKind
from scenario import play, scenario

D = "troop.druzhina."


def _random_game(seed: int, steps: int = 10_000):
    s = new_game(4, seed)
    rng = random.Random(seed)
    while not s.over and steps:
        legal = legal_actions(s)
        apply(s, legal[rng.randrange(len(legal))])
        steps -= 1
    return s


def test_every_decision_of_a_real_game_is_noted_with_its_hand_and_the_cards_gone():
    s = _random_game(3)
    assert len(s.notes) == len(s.history)
    assert sum(s.gone) > 0
    for note, action in zip(s.notes, s.history):
        assert note.act == action.kind and note.held >= 0
        if action.kind == ActionKind.BID:
            assert note.card == -1                        # a face-down bid shows nothing


def test_a_turn_notes_the_cities_open_to_building_and_the_walls_a_troop_must_beat():
    s = scenario(n=3, hands={0: [D + "5", "bld.church"], 1: ["ev.fire"], 2: ["ev.dowry"]},
                 cities={"city.kiev": (0, []), "city.pskov": (1, ["wall.wooden"]),
                         "city.smolensk": (2, [])})
    s.noting = True
    play(s, "draw", by=0)
    note = s.notes[-1]
    assert (note.seat, note.kind, note.act, note.held, note.gone) == (0, TURN, DRAW, 2, 0)
    assert note.a == 1 and note.b == 0 and note.c == 99         # Smolensk is bare; no Anna


def test_a_city_let_fall_notes_the_attack_and_the_hand_it_was_let_fall_from():
    s = scenario(n=3, hands={0: [D + "7"], 1: ["bld.church", "ev.fire"], 2: []},
                 cities={"city.kiev": (1, [])})
    s.noting = True
    play(s, "war", by=0, city="city.kiev")
    play(s, "attack", by=0, cards=[D + "7"])
    assert s.decision.kind == WAR_DEFEND
    apply(s, Action(YIELD))
    note = s.notes[-1]
    assert (note.seat, note.kind, note.act, note.held, note.a) == (1, WAR_DEFEND, YIELD, 2, 7)
    assert s.gone[0] == 1 and s.gone[1] == 0          # the troop left the attacker's hand


def _swap_unplayed(s0, history):
    """A game with the same moves where a hidden card that is never played swapped places
    with another — in another hand, or at the bottom of the deck: the table saw the same
    game, the hands differed."""
    played = {c for a in history for c in (a.card, *a.cards) if c >= 0}
    places = [(t, c) for t in range(s0.n) for c in s0.hands[t] if c not in played]
    if not places:
        return None
    a_seat, a = places[0]
    s = s0.clone()
    other = next(((t, c) for t, c in places if t != a_seat), None)
    if other is None:                                  # the bottom card: never drawn
        s.hands[a_seat][s.hands[a_seat].index(a)], s.deck[0] = s.deck[0], a
    else:
        b_seat, b = other
        s.hands[a_seat][s.hands[a_seat].index(a)] = b
        s.hands[b_seat][s.hands[b_seat].index(b)] = a
    s.edited()
    return s


def test_the_notes_are_the_same_when_unplayed_hidden_cards_lie_elsewhere():
    """No peeking in the notes: two games with the same moves whose hands differ in cards
    nobody ever showed are noted alike, as long as the moves stay legal in both."""
    compared = 0
    for seed in range(12):
        full = _random_game(100 + seed, steps=30)
        start = new_game(4, 100 + seed)
        other = _swap_unplayed(start, full.history)
        if other is None:
            continue
        s = new_game(4, 100 + seed)
        legal_both = True
        for action in full.history:
            if action not in legal_actions(other):
                legal_both = False
                break
            apply(s, action)
            apply(other, action)
        if legal_both:
            assert other.notes == s.notes and other.gone == s.gone and other.hands != s.hands
            compared += 1
    assert compared >= 6


def test_a_dealt_world_carries_the_notes_it_was_dealt_from_and_adds_none():
    s = _random_game(5, steps=80)
    obs = observation(s, s.decision.seat)
    assert obs.notes == s.notes and obs.gone == s.gone
    world = determinize(obs, random.Random(1))
    assert world.notes == s.notes and world.gone == s.gone and not world.noting
    apply(world, legal_actions(world)[0])
    assert world.notes == s.notes                     # a look-ahead notes nothing
    assert observation(world, obs.seat).notes == s.notes


def test_a_loaded_save_has_the_same_notes_rebuilt_by_its_replay():
    """The notes are not in a save (its format is unchanged): loading replays every action
    through `apply`, which notes them again, the same ones."""
    from knjazja.engine import saves
    s = _random_game(11, steps=300)
    text = saves.dumps(s)
    assert "notes" not in saves.to_json(s)
    loaded, _meta = saves.loads(text)
    assert loaded.noting and loaded.notes == s.notes and loaded.gone == s.gone
    assert len(loaded.notes) == len(loaded.history) == len(s.history) > 0


def test_a_save_with_notes_written_into_it_is_refused_in_one_line():
    """A save carries no notes; one edited to hold some (nonsense, its checksum made again)
    is refused with a `SaveError` naming the field, never a traceback."""
    import json

    import pytest

    from knjazja.engine import saves
    s = _random_game(12, steps=40)
    for notes in ([[0, "turn", "draw", 1, 2, 3]], "x" * 50, {"0": None}, [[1e308] * 3]):
        body = {k: v for k, v in saves.to_json(s).items() if k != "checksum"}
        body["notes"] = notes
        text = json.dumps(dict(body, checksum=saves._checksum(body)))
        with pytest.raises(saves.SaveError) as err:
            saves.loads(text)
        assert "unknown field" in str(err.value) and "notes" in str(err.value)
        assert "\n" not in str(err.value)
