"""The classic bots' what-if cities (`knjazja_lab/classic/citystat.py`) are the engine's: a
city with a building added, burnt, stripped of its walls or robbed of its Throne has the
Glory, walls and buildings the engine gives it when the move is really made.

The `CityStat` these replaced cached a city's parts and set the Quarter's and the Throne's
factors to False when it stripped a city or took its Throne away (issue 61): every city Fire
or Plunder would burn scored 0 — its printed Glory gone too — and the evaluator took the
first city in play for the Throne's.  The first two tests fail on that code.
"""
from __future__ import annotations

import random

from knjazja.bots.view import View
from knjazja.engine import Action, apply, legal_actions, new_game, observation
from knjazja.engine.actions import BUILD, DECLINE, EVENT, REACTION, TURN, WAR_DEFEND, YIELD_PLUNDER
from knjazja.engine.cards import CARD_ID, INSTANCES
from knjazja.tools.checkrun import game_setup
from knjazja.engine.state import City
from knjazja_lab.classic.citystat import stripped, with_building, without_throne
from knjazja_lab.classic.evaluator import Evaluator


def _city(cid: str, *buildings: str) -> City:
    c = City(INSTANCES[cid][0], 1)
    for b in buildings:
        c.put(INSTANCES[b][0])
    return c


def test_a_city_stripped_or_without_a_throne_keeps_its_printed_glory():
    plain = _city("city.kiev")                                       # 3 Glory, nothing built
    assert stripped(plain).glory() == stripped(plain, walls_only=True).glory() == 3
    assert without_throne(plain).glory() == 3
    rich = _city("city.kiev", "bld.sloboda", "bld.church", "bld.throne", "wall.stone", "wall.moat")
    assert rich.glory() == (3 * 2 + 1) * 3
    assert without_throne(rich).glory() == 3 * 2 + 1
    assert stripped(rich).glory() == 3 and stripped(rich).wall_strength == 0
    assert stripped(rich, walls_only=True).glory() == rich.glory() and not stripped(rich, walls_only=True).blocked
    assert rich.glory() == (3 * 2 + 1) * 3 and rich.blocked          # the city itself unchanged


def test_the_evaluator_finds_the_throne_where_it_stands():
    s = new_game(3, 5)
    first, second = (City(INSTANCES[c][0], seat) for c, seat in (("city.kiev", 0), ("city.pskov", 1)))
    s.cities = {first.card: first, second.card: second}
    view = View.from_state(s, 0)
    assert Evaluator(view).throne_city == -1                          # no Throne in play
    second.put(INSTANCES["bld.throne"][0])
    assert Evaluator(View.from_state(s, 0)).throne_city == second.card


def _shape(c: City) -> tuple:
    return c.owner, c.glory(), c.wall_strength, c.blocked, sorted(c.buildings), c.walls, c.moat


def _apply_through(s, a: Action) -> None:
    """Apply `a`, and let a reaction it waits on be declined: the card takes effect."""
    apply(s, a)
    while not s.over and s.decision.kind == REACTION:
        apply(s, Action(DECLINE))


def _what_ifs(s) -> int:
    """At this position, every building, Fire, False Matchmaking and Plunder the engine allows,
    made on a copy: the city after it against the what-if from the mover's observation."""
    obs = observation(s, s.decision.seat)
    checked = 0
    for a in legal_actions(s):
        cid = CARD_ID[a.card] if a.card >= 0 else ""
        if a.kind == BUILD:
            want = with_building(obs.cities[a.city], a.card)
            others = {c: without_throne(city) if cid == "bld.throne" else city
                      for c, city in obs.cities.items() if c != a.city}
        elif a.kind == EVENT and cid in ("ev.fire", "ev.false_match"):      # False Matchmaking in a war too
            want = stripped(obs.cities[a.city], walls_only=cid == "ev.false_match")
            others = {c: city for c, city in obs.cities.items() if c != a.city}
        elif a.kind == YIELD_PLUNDER and s.decision.kind == WAR_DEFEND:
            war = s.current_war()
            want = stripped(obs.cities[war.city])
            want.owner = war.attacker
            others = {c: city for c, city in obs.cities.items() if c != war.city}
        else:
            continue
        after = s.clone()
        _apply_through(after, a)
        assert _shape(after.cities[want.card]) == _shape(want), a
        assert {c: _shape(city) for c, city in others.items()} == \
            {c: _shape(after.cities[c]) for c in others}, a
        checked += 1
    return checked


def test_the_what_if_cities_are_what_the_engine_makes_of_the_move():
    checked = positions = 0
    for game in range(21):                    # 2..8 players, every house rule
        n, seed, options = game_setup(62, game)
        s = new_game(n, seed, options)
        rng = random.Random(seed)
        while not s.over:
            checked += _what_ifs(s)
            if s.decision.kind == TURN:
                throne = next((c for c, city in s.cities.items()
                               if any(CARD_ID[b] == "bld.throne" for b in city.buildings)), -1)
                assert Evaluator(View.from_obs(observation(s, s.current))).throne_city == throne
                positions += 1
            apply(s, rng.choice(legal_actions(s)))
    assert checked > 2500 and positions > 2000, (checked, positions)
