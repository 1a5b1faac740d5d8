"""A prince's sense near the end (`bots.sense`): the learned bots found their cities
before their turns run out, play the Tatar Invasion only when ahead, and play rather
than draw with a full hand."""
import random

import pytest

from knjazja_lab.factory import FULL, FULL_HAND, make_bot      # the arena's variants and presets too
from knjazja.bots.sense import INVASION_LEAD, focus, lead
from knjazja.engine import apply, legal_actions, new_game, observation
from knjazja.engine.actions import DRAW, EVENT, PLAY_CITY, TURN
from knjazja.engine.cards import CARD_ID, KIND


def _turn_state(seed: int, min_cities: int = 1):
    """A 4-player game played by Easy bots until a turn of a seat that owns a city."""
    s = new_game(4, seed)
    easy = make_bot("easy")
    rng = random.Random(seed)
    while True:
        assert not s.over
        if (s.decision.kind == TURN and s.turn_no >= 8
                and len(s.cities_of(s.current)) >= min_cities and len(s.hands[s.current]) >= 3):
            return s
        apply(s, easy.choose(observation(s, s.decision.seat), legal_actions(s), rng))


def _give(s, seat: int, cid: str) -> int:
    """Swap an instance of `cid` from the deck or another hand into `seat`'s hand."""
    for place in [s.deck] + [h for t, h in enumerate(s.hands) if t != seat]:
        for k, c in enumerate(place):
            if CARD_ID[c] == cid:
                mine = s.hands[seat]
                give_back = next(i for i, x in enumerate(mine) if KIND[x] != "city")
                place[k], mine[give_back] = mine[give_back], c
                s.edited()
                return c
    pytest.skip(f"no free {cid} in this deal")


def _city_in_hand(s, seat: int) -> None:
    if not any(KIND[c] == "city" for c in s.hands[seat]):
        free = next(c for c in s.deck if KIND[c] == "city")
        _give(s, seat, CARD_ID[free])


@pytest.mark.parametrize("kind", ["normal", "normal:full", "hard-classic:light", "hard-learned"])
def test_a_city_in_hand_is_founded_on_the_last_turn(kind):
    for seed in (3, 4):
        s = _turn_state(seed)
        me = s.current
        _city_in_hand(s, me)
        s.end_turn = s.turn_no + s.n - 1          # the end is set: this is my last turn
        s.edited()
        obs, legal = observation(s, me), legal_actions(s)
        open_ = [legal[i] for i in focus(obs, legal, sense=FULL)]
        assert open_ and all(a.kind == PLAY_CITY and a.seat == me for a in open_)
        bot = make_bot(kind, **({"iterations": 20} if kind.startswith("hard") else {}))
        a = bot.choose(obs, legal, random.Random(seed))
        assert a.kind == PLAY_CITY and a.seat == me


def test_the_invasion_is_played_when_ahead_and_kept_when_behind():
    s = _turn_state(5)
    me = s.current
    inv = _give(s, me, "ev.tatar_invasion")
    for c in s.cities.values():                # every city mine: far ahead
        c.owner = me
    s.edited()
    obs, legal = observation(s, me), legal_actions(s)
    assert lead(obs) >= INVASION_LEAD
    open_ = [legal[i] for i in focus(obs, legal, sense=FULL)]
    assert open_ == [a for a in legal if a.kind == EVENT and a.card == inv][:1]
    assert make_bot("normal").choose(obs, legal, random.Random(1)).card == inv
    other = (me + 1) % s.n
    for c in s.cities.values():                # every city another's: behind
        c.owner = other
    s.edited()
    obs, legal = observation(s, me), legal_actions(s)
    assert any(a.kind == EVENT and a.card == inv for a in legal)
    assert lead(obs) < 0
    assert all(legal[i].card != inv for i in focus(obs, legal, sense=FULL))


def test_a_full_hand_plays_rather_than_draws():
    s = _turn_state(6)
    me = s.current
    while len(s.hands[me]) < FULL_HAND:        # fill the hand from the deck
        s.hands[me].append(s.deck.pop())
    _give(s, me, "bld.church")                 # a church for my own city: a useful play
    s.edited()
    obs, legal = observation(s, me), legal_actions(s)
    assert any(a.kind == DRAW for a in legal)
    open_ = [legal[i] for i in focus(obs, legal, sense=FULL)]
    assert open_ and all(a.kind != DRAW for a in open_)


def test_in_the_last_turns_a_hand_is_played_rather_than_drawn_to():
    from knjazja.bots.sense import Sense
    s = _turn_state(6)
    me = s.current
    church = _give(s, me, "bld.church")        # a church for my own city: a useful play
    s.end_turn = s.turn_no + s.n               # the end is set: my last two turns
    s.edited()
    obs, legal = observation(s, me), legal_actions(s)
    assert any(a.kind == DRAW for a in legal)
    late = Sense(last_turns=2, last_wars=False)
    open_ = [legal[i] for i in focus(obs, legal, sense=late)]
    assert any(a.card == church for a in open_)
    assert all(a.kind != DRAW for a in open_)
    assert focus(obs, legal, sense=Sense()) == list(range(len(legal)))   # the rule is off
    s.end_turn = None                          # the end far away: the rule does not apply
    s.edited()
    obs, legal = observation(s, me), legal_actions(s)
    if len(s.deck) > 3 * s.n:
        assert focus(obs, legal, sense=late) == list(range(len(legal)))


def test_near_the_end_a_leader_may_still_draw_to_bring_it_nearer():
    from knjazja_lab.factory import PRINCE
    s = _turn_state(6)
    me = s.current
    anna = _give(s, me, "chr.anna")            # a chronicle before myself: a useful play
    del s.deck[2:]                             # the deck nearly out: my last turns
    other = (me + 1) % s.n
    for c in s.cities.values():                # every city another's: I trail
        c.owner = other
    s.edited()
    obs, legal = observation(s, me), legal_actions(s)
    assert lead(obs) < 0 and any(a.kind == DRAW for a in legal)
    open_ = [legal[i] for i in focus(obs, legal, sense=PRINCE)]
    assert any(a.card == anna for a in open_) and all(a.kind != DRAW for a in open_)
    for c in s.cities.values():                # every city mine: I lead
        c.owner = me
    s.edited()
    obs, legal = observation(s, me), legal_actions(s)
    assert lead(obs) > 0
    assert any(legal[i].kind == DRAW for i in focus(obs, legal, sense=PRINCE))


def test_steady_waits_for_the_end_to_be_set_before_the_last_turns_rule():
    """Normal's preset: with the deck nearly out but the end not yet set, a trailing seat
    may still draw (the soonest-end count is only a guess); once the end is set it may not."""
    from knjazja_lab.factory import PRINCE, STEADY
    s = _turn_state(6)
    me = s.current
    anna = _give(s, me, "chr.anna")            # a chronicle before myself: a useful play
    del s.deck[2:]                             # the deck nearly out: my last turns, at the soonest
    other = (me + 1) % s.n
    for c in s.cities.values():                # every city another's: I trail
        c.owner = other
    s.edited()
    obs, legal = observation(s, me), legal_actions(s)
    assert obs.end_turn is None and lead(obs) < 0
    assert all(legal[i].kind != DRAW for i in focus(obs, legal, sense=PRINCE))
    assert any(legal[i].kind == DRAW for i in focus(obs, legal, sense=STEADY))
    s.end_turn = s.turn_no + s.n               # the end is set: now the rule applies
    s.edited()
    obs, legal = observation(s, me), legal_actions(s)
    open_ = [legal[i] for i in focus(obs, legal, sense=STEADY)]
    assert any(a.card == anna for a in open_) and all(a.kind != DRAW for a in open_)


def test_a_full_hand_leans_towards_plays_but_not_draws_wars_or_gifts():
    from knjazja.bots.lookahead import pointless
    from knjazja.bots.sense import LEAN_HAND, Sense, lean
    from knjazja_lab.factory import STEADY
    from knjazja.engine.actions import DECLARE_WAR, PASS
    s = _turn_state(6)
    me = s.current
    while len(s.hands[me]) < LEAN_HAND:        # fill my hand from the deck
        s.hands[me].append(s.deck.pop())
    s.edited()
    obs, legal = observation(s, me), legal_actions(s)
    values = [0.1 * i for i in range(len(legal))]
    leaned = lean(obs, legal, values, STEADY)
    plays = [i for i, a in enumerate(legal) if a.kind not in (DRAW, PASS, DECLARE_WAR)
             and not pointless(obs, a)]
    assert plays and any(a.kind == DRAW for a in legal)
    for i in range(len(legal)):
        assert leaned[i] == pytest.approx(values[i] + (STEADY.lean if i in plays else 0.0))
    assert lean(obs, legal, values, Sense()) == values          # no lean: unchanged
    s.deck.extend(s.hands[me][LEAN_HAND - 1:])                # one card short of a full hand
    del s.hands[me][LEAN_HAND - 1:]
    s.edited()
    obs, legal = observation(s, me), legal_actions(s)
    values = [0.0] * len(legal)
    assert lean(obs, legal, values, STEADY) == values


@pytest.mark.parametrize("kind", ["normal", "hard"])
def test_the_levels_weigh_a_draw_near_the_end_until_the_end_is_set(kind, monkeypatch):
    """Normal and Hard apply the last-turns rule only once the end is set: before, a
    trailing seat with the deck nearly out still weighs a draw; after, it does not."""
    import knjazja.bots.normal as normal_mod
    import knjazja.bots.rounds as rounds_mod
    weighed: list = []

    def record(obs, legal, *args, **kw):
        weighed.append(list(legal))
        return [0.0] * len(legal) if kind == "normal" else legal[0]
    monkeypatch.setattr(normal_mod if kind == "normal" else rounds_mod,
                        "action_values" if kind == "normal" else "choose_by_rounds", record)
    s = _turn_state(6)
    me = s.current
    _give(s, me, "chr.anna")                   # a useful play besides the draw
    del s.deck[2:]                             # the deck nearly out: my last turns, at the soonest
    for c in s.cities.values():                # every city another's: I trail
        c.owner = (me + 1) % s.n
    bot = make_bot(kind, **({"iterations": 2} if kind == "hard" else {}))
    for end_set in (False, True):
        s.end_turn = s.turn_no + s.n if end_set else None
        s.edited()
        obs, legal = observation(s, me), legal_actions(s)
        assert any(a.kind == DRAW for a in legal)
        weighed.clear()
        chosen = bot.choose(obs, legal, random.Random(1))
        considered = weighed[0] if weighed else [chosen]     # one open action: no weighing
        assert any(a.kind == DRAW for a in considered) is not end_set
