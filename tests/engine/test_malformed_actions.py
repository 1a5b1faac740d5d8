"""Malformed actions: `apply` refuses every one with IllegalAction and changes nothing.

Malformed means more than illegal: indexes out of range or negative, values of the wrong
type (True == 1 and 1.0 == 1, so a bool or a float can equal a legal action), unknown
kinds, a card twice in `cards`, fields a kind never uses, things that are not Actions.
"""
import random
from collections import Counter

import pytest

from knjazja.engine import (Action, IllegalAction, apply, card_label, dumps, explain_illegal,
                            legal_actions, new_game)
from knjazja.engine.actions import ACTION_FIELDS, ACTION_KINDS
from knjazja.engine.validation import check_action, stray_fields

from scenario import fingerprint

INT_FIELDS = ("card", "seat", "city", "target")
BAD_CARD_INDEXES = (100, 150, 10**20, -2, -100, -10**20)
WRONG_TYPES = (True, False, None, "3", [1], (1,), {}, 2.5)
BAD_KINDS = ("zzz", "", "DRAW", "draw ", "war\nwar", "x" * 5000, None, 3, ["draw"], b"draw")


def snapshot(s):
    """The whole state, type-exact (repr tells True from 1), plus its save."""
    return repr(fingerprint(s)), dumps(s)


def live_game(rng):
    """A game some random steps in (possibly at a war, a reaction, a Dowry, or over)."""
    s = new_game(rng.randint(2, 8), rng.randrange(10**9))
    for _ in range(rng.randrange(160)):
        if s.over:
            break
        apply(s, rng.choice(legal_actions(s)))
    return s


def _same_type_value(v):
    """A value equal to `v` under == but of another type."""
    if v in (0, 1):
        return bool(v)
    return float(v)


def malformed(s, rng):
    """One malformed action for state `s`, and its category."""
    legal = legal_actions(s)
    base = rng.choice(legal) if legal else Action("draw")
    way = rng.choice(("index", "seat", "type", "equal_type", "cards", "kind", "dup",
                      "stray", "not_action"))
    if way == "index":
        field = rng.choice(("card", "city", "target"))
        return base._replace(**{field: rng.choice(BAD_CARD_INDEXES)}), way
    if way == "seat":
        return base._replace(seat=rng.choice((s.n, 8, 9, 1000, -2, -(10**9)))), way
    if way == "type":
        return base._replace(**{rng.choice(INT_FIELDS): rng.choice(WRONG_TYPES)}), way
    if way == "equal_type":                 # == a legal action, but a bool or a float
        field = rng.choice(INT_FIELDS + ("cards",))
        if field == "cards":
            if base.cards:
                return base._replace(cards=tuple(_same_type_value(c) for c in base.cards)), way
            return base._replace(cards=[]), way                  # a list, not a tuple
        return base._replace(**{field: _same_type_value(getattr(base, field))}), way
    if way == "cards":
        bad = rng.choice(((150,), (-1,), (True,), (None,), ("5",), (1.0,), [0], None, 7,
                          tuple(range(101))))
        return base._replace(cards=bad), way
    if way == "kind":
        return base._replace(kind=rng.choice(BAD_KINDS)), way
    if way == "dup":
        c = base.cards[0] if base.cards else rng.randrange(100)
        kind = base.kind if base.cards else rng.choice(("attack", "defend", "pass_igor"))
        return base._replace(kind=kind, cards=(c, c) + base.cards[1:]), way
    if way == "stray":
        kind = rng.choice(sorted(ACTION_KINDS))
        unused = [f for f in INT_FIELDS if f not in ACTION_FIELDS[kind]]
        if unused:
            return Action(kind, **{rng.choice(unused): rng.randrange(s.n)}), way
        return Action(kind, cards=(rng.randrange(100),)) if "cards" not in ACTION_FIELDS[kind] \
            else Action(kind, card=0, seat=0, city=0, target=0, cards=(0,)), way
    not_actions = (tuple(base), list(base), None, "draw", {"kind": "draw"}, base._asdict(),
                   _Imposter(*base), 42)
    return rng.choice(not_actions), way


class _Imposter(Action):
    """An Action subclass: equal to a legal action, yet not one of the engine's own."""


def test_a_thousand_malformed_actions_on_live_games_only_raise_illegal_action():
    rng = random.Random(13)
    tried = Counter()
    while sum(tried.values()) < 1200:
        s = live_game(rng)
        for _ in range(8):
            bad, way = malformed(s, rng)
            before = snapshot(s)
            legal_before = list(legal_actions(s))
            with pytest.raises(IllegalAction) as exc:
                apply(s, bad)
            msg = str(exc.value)
            assert msg and "\n" not in msg and len(msg) < 400, msg
            assert snapshot(s) == before, (way, bad)
            assert legal_actions(s) == legal_before
            assert explain_illegal(s, bad) == msg
            tried[way] += 1
    assert sum(tried.values()) >= 1000
    assert min(tried.values()) >= 60, tried          # every category well exercised


def test_every_legal_action_is_well_formed_and_uses_only_its_kinds_fields():
    """The shape check never refuses a legal action, and ACTION_FIELDS matches the rules."""
    seen = Counter()
    for seed in range(40):
        s = new_game(2 + seed % 7, seed)
        rng = random.Random(seed)
        while not s.over:
            for a in legal_actions(s):
                check_action(s, a)
                assert stray_fields(a) == [], a
                seen[a.kind] += 1
            apply(s, rng.choice(legal_actions(s)))
    assert len(seen) >= 20, seen


def _state():
    s = new_game(4, seed=2)
    return s, s.decision.seat


@pytest.mark.parametrize("bad,reason", [
    (Action("build", card=150, city=0), "card must be -1 (none) or a card 0..99, not 150"),
    (Action("war", city=-7), "city must be -1 (none) or a card 0..99, not -7"),
    (Action("event", card=3, target=10**30), "target must be -1 (none) or a card 0..99"),
    (Action("play_city", card=0, seat=4), "seat must be -1 (none) or a seat 0..3, not 4"),
    (Action("play_city", card=0, seat=True), "seat must be an integer, not True"),
    (Action("build", card=1.0, city=0), "card must be an integer, not 1.0"),
    (Action("build", card="1", city=0), "card must be an integer, not '1'"),
    (Action("build", card=None, city=0), "card must be an integer, not None"),
    (Action("war", city=[0]), "city must be an integer, not [0]"),
    (Action("attack", cards=[60]), "cards must be a tuple of cards, not [60]"),
    (Action("attack", cards=(60, 60)), "troop.militia#4 appears twice in cards"),
    (Action("attack", cards=(60, 100)), "cards must hold cards 0..99, not 100"),
    (Action("attack", cards=(False,)), "cards must hold cards 0..99, not False"),
    (Action("zzz"), "unknown kind 'zzz'"),
    (Action("war\nwar"), "unknown kind 'war\\nwar'"),
    (Action(None), "the kind must be a string, not None"),
    (("draw",), "malformed action ('draw',): not an Action"),
    (None, "malformed action None: not an Action"),
])
def test_malformed_actions_are_refused_with_a_clear_one_line_reason(bad, reason):
    s, _ = _state()
    before = snapshot(s)
    with pytest.raises(IllegalAction) as exc:
        apply(s, bad)
    msg = str(exc.value)
    assert reason in msg and "\n" not in msg, msg
    assert snapshot(s) == before


def test_a_field_the_kind_never_uses_is_named():
    s, seat = _state()
    card = s.hands[seat][0]
    with pytest.raises(IllegalAction, match="'draw' takes no card"):
        apply(s, Action("draw", card=card))
    with pytest.raises(IllegalAction, match="'draw' takes no seat and no cards"):
        apply(s, Action("draw", seat=1, cards=(card,)))


def test_a_float_or_bool_equal_to_a_legal_action_is_refused():
    """The trap the shape check closes: == alone would accept these."""
    s, seat = _state()
    legal = [a for a in legal_actions(s) if a.card >= 0]
    assert legal
    for a in legal:
        for twin in (a._replace(card=float(a.card)), _Imposter(*a)):
            assert twin == a
            with pytest.raises(IllegalAction):
                apply(s, twin)
    seat_zero = [a for a in legal_actions(s) if a.seat == 0]
    assert seat_zero
    with pytest.raises(IllegalAction, match="seat must be an integer, not False"):
        apply(s, seat_zero[0]._replace(seat=False))


def test_labels_and_str_never_fail_on_bad_values():
    assert card_label(150) == "<no card 150>"
    assert card_label(-3) == "<no card -3>"
    assert card_label(True) == "<no card True>"
    assert card_label(10**5000).startswith("<no card <")        # no 4300-digit ValueError
    deep = []
    for _ in range(10_000):
        deep = [deep]
    assert card_label(deep) == "<no card [[[[...]]]]>"            # no RecursionError
    text = str(Action(deep, card="x" * 10**6, seat=None, city=150, target=2.5, cards=deep))
    assert "\n" not in text and len(text) < 300
    assert str(Action("build", card=150, city=150)) == "build <no card 150> @ <no card 150>"
    assert str(Action("attack", cards=tuple(range(20)))).endswith(", ...]")
    many = str(Action("attack", cards=(10**20,) * 20, card=10**20, target=10**20, city=10**20))
    assert len(many) == 150 and many.endswith("...")


def test_str_of_legal_actions_is_unchanged():
    assert str(Action("build", card=14, city=0)) == "build bld.church#4 @ city.kiev"
    assert str(Action("event", card=80, seat=2, target=90)) == \
        f"event {card_label(80)} -> seat 2 on {card_label(90)}"
    assert str(Action("draw")) == "draw"
