"""Bots at a table with people: gifts never weighed, wars that pay pressed, blows aimed at
the leader, Igor's Campaign kept for the end, no Silence from a leader, and the arena's
measures of it (open chances, gifts) and its human-like seats."""
import random
from math import comb

import pytest

from knjazja.bots import make_bot
from knjazja.bots.gifts import is_gift
from knjazja.bots.lookahead import pointless, settle
from knjazja.bots.press import (PROBE_ROUNDS, PROBE_SLACK, PROBE_TIE, SIT_HAND, aim_edge, leaders, p_falls, p_fewer,
                                probe, victim, war_edge)
from knjazja.bots.sense import PRESSING, focus
from knjazja_lab.factory import STEADY           # the levels' preset before pressing (the arena's)
from knjazja.engine import Action, apply, legal_actions, observation, prepared_game
from knjazja.engine.actions import (BUILD, CHRONICLE, CONGRESS, DECLARE_WAR, DRAW, EVENT, GIVE_CITY, KEEP,
                                    PASS, PASS_IGOR, PLAY_CITY, WAR_ATTACK)
from knjazja.engine.cards import CARD_ID, INSTANCES


def card(cid: str, k: int = 0) -> int:
    return INSTANCES[cid][k]


def build(s, cid: str, city: str) -> Action:
    return Action(BUILD, card=next(c for c in s.hands[s.current] if CARD_ID[c] == cid),
                  city=card(city))


# --- gifts ---------------------------------------------------------------------------
def test_buildings_in_a_rivals_city_are_gifts_but_a_throne_that_takes_a_bigger_one():
    s = prepared_game(3, hands={0: ["bld.throne", "wall.palisade", "bld.church"]},
                      cities={"city.kiev": (0, []), "city.murom": (1, []),
                              "city.novgorod": (2, ["bld.cathedral", "bld.throne"])})
    obs = observation(s, 0)
    # Murom (1) gains (1)x3 - 1 = 2; Novgorod's Throne (3+3)x3 = 18 -> 6 loses 12: it pays
    assert not is_gift(obs, build(s, "bld.throne", "city.murom"))
    assert is_gift(obs, build(s, "wall.palisade", "city.murom"))      # walls shield him
    assert is_gift(obs, build(s, "bld.church", "city.murom"))
    assert not is_gift(obs, build(s, "bld.church", "city.kiev"))      # one's own city
    # with no other Throne in play, a Throne in a rival's city is a plain gift
    s2 = prepared_game(3, hands={0: ["bld.throne"]},
                       cities={"city.kiev": (0, []), "city.murom": (1, ["bld.cathedral"])})
    a = build(s2, "bld.throne", "city.murom")
    assert is_gift(observation(s2, 0), a) and pointless(observation(s2, 0), a)
    # ... but not when it raises the city's owner more than it costs the Throne's owner:
    # Novgorod (3 + 3) gains 12, the bare Murom's Throne costs its owner 2
    s4 = prepared_game(3, hands={0: ["bld.throne"]},
                       cities={"city.kiev": (0, []), "city.murom": (1, ["bld.throne"]),
                               "city.novgorod": (2, ["bld.cathedral"])})
    assert is_gift(observation(s4, 0), build(s4, "bld.throne", "city.novgorod"))
    # a Throne that would knock one's own Throne off is no gain either
    s3 = prepared_game(3, hands={0: ["bld.throne"]},
                       cities={"city.kiev": (0, ["bld.throne", "bld.cathedral"]),
                               "city.murom": (1, [])})
    assert is_gift(observation(s3, 0), build(s3, "bld.throne", "city.murom"))


def test_good_chronicles_before_a_rival_and_poisoning_his_bad_one_are_gifts():
    s = prepared_game(3, hands={0: ["chr.anna", "chr.vasilko", "ev.poisoner"]},
                      cities={"city.kiev": (0, []), "city.murom": (1, [])},
                      chronicles={1: ["chr.congress"], 2: ["chr.hermit"]})
    obs = observation(s, 0)
    assert is_gift(obs, Action(CHRONICLE, card=card("chr.anna"), seat=1))
    assert not is_gift(obs, Action(CHRONICLE, card=card("chr.anna"), seat=0))
    assert not is_gift(obs, Action(CHRONICLE, card=card("chr.vasilko"), seat=1))
    assert is_gift(obs, Action(EVENT, card=card("ev.poisoner"), seat=1, target=card("chr.congress")))
    assert not is_gift(obs, Action(EVENT, card=card("ev.poisoner"), seat=2, target=card("chr.hermit")))


def _congress(city_buildings: list[str]):
    """Seat 1 is asked by seat 0's Congress of Princes for a city (Murom with buildings)."""
    s = prepared_game(3, hands={0: ["chr.congress"]},
                      cities={"city.kiev": (0, []), "city.murom": (1, city_buildings),
                              "city.novgorod": (2, [])})
    apply(s, Action(CHRONICLE, card=card("chr.congress"), seat=1))
    assert s.decision.kind == CONGRESS and s.decision.seat == 1
    return s


def test_giving_a_city_to_the_congress_is_a_gift_only_when_keeping_costs_less():
    small = _congress([])                              # Murom: 1 Glory, keeping costs 4
    obs = observation(small, 1)
    give = next(a for a in legal_actions(small) if a.kind == GIVE_CITY)
    assert not is_gift(obs, give)
    rich = _congress(["bld.cathedral", "bld.monastery"])    # Murom: 6 Glory
    obs = observation(rich, 1)
    give = next(a for a in legal_actions(rich) if a.kind == GIVE_CITY)
    assert is_gift(obs, give)
    assert not is_gift(obs, next(a for a in legal_actions(rich) if a.kind == KEEP))
    # the bots keep the chronicle then
    assert make_bot("normal").choose(obs, legal_actions(rich), random.Random(1)).kind == KEEP


# --- the chance that a city falls ---------------------------------------------------------
def test_p_fewer_is_the_hypergeometric_tail():
    pool, good, draws = 40, 7, 9
    exact = [comb(good, x) * comb(pool - good, draws - x) / comb(pool, draws) for x in range(8)]
    for k in range(1, 5):
        assert p_fewer(pool, good, draws, k) == pytest.approx(sum(exact[:k]))
    assert p_fewer(pool, 0, draws, 1) == 1.0 and p_fewer(5, 5, 3, 1) == 0.0


def _war_table(defender_hand: list[str], walls: list[str] = ()):
    s = prepared_game(3, hands={0: ["troop.druzhina.7", "troop.druzhina.3"], 1: defender_hand},
                      cities={"city.kiev": (0, []), "city.novgorod": (1, list(walls))})
    return s, observation(s, 0), [a for a in legal_actions(s) if a.kind == DECLARE_WAR]


def test_a_city_falls_for_sure_without_cards_and_never_against_known_answers():
    s, obs, wars = _war_table([])
    assert p_falls(obs, wars[0]) == 1.0
    s, obs, wars = _war_table(["ev.ambush", "ev.condemnation", "troop.druzhina.9"])
    assert 0.0 < p_falls(obs, wars[0]) < 1.0
    s.seen[0].update(s.hands[1])                   # a Reconnaissance showed his hand
    obs = observation(s, 0)
    assert p_falls(obs, wars[0]) == 0.0
    # behind Wooden Walls only the Druzhina 7 attacks; a bigger hand answers it more often
    s, obs, wars = _war_table(["troop.militia"] * 2, ["wall.wooden"])
    few = p_falls(obs, wars[0])
    s, obs, wars = _war_table(["troop.militia"] * 7, ["wall.wooden"])
    assert 0.0 < p_falls(obs, wars[0]) < few


def test_a_war_on_a_rich_city_likely_to_fall_is_pressed_and_blows_aim_at_the_leader():
    s = prepared_game(3, hands={0: ["troop.druzhina.9", "chr.vasilko"], 1: [], 2: ["ev.ambush"]},
                      cities={"city.kiev": (0, []), "city.novgorod": (1, ["bld.cathedral"]),
                              "city.murom": (2, [])})
    obs, legal = observation(s, 0), legal_actions(s)
    edge = war_edge(obs, legal, 0.03)
    war = {CARD_ID[a.city]: edge[i] for i, a in enumerate(legal) if a.kind == DECLARE_WAR}
    assert war["city.novgorod"] > war["city.murom"] > 0          # 6 Glory, no cards: sure
    assert all(e == 0 for a, e in zip(legal, edge) if a.kind != DECLARE_WAR)
    aim = aim_edge(obs, legal, 0.015)
    blows = {(a.kind, a.seat, CARD_ID[a.city] if a.city >= 0 else ""): aim[i]
             for i, a in enumerate(legal) if victim(obs, a) >= 0}
    assert blows[(CHRONICLE, 1, "")] == 0.015 and blows[(CHRONICLE, 2, "")] == 0.0
    assert blows[(DECLARE_WAR, -1, "city.novgorod")] == 0.015
    # only the leader's city in reach: no choice of target, so no edge for the war as such
    s = prepared_game(3, hands={0: ["troop.druzhina.3"], 1: [], 2: []},
                      cities={"city.kiev": (0, []), "city.novgorod": (1, ["bld.cathedral"]),
                              "city.murom": (2, ["wall.stone"])})
    obs, legal = observation(s, 0), legal_actions(s)
    assert leaders(obs) == {1} and [CARD_ID[a.city] for a in legal if a.kind == DECLARE_WAR] == ["city.novgorod"]
    assert all(e == 0.0 for e in aim_edge(obs, legal, 0.015))

    # every other prince level (Smolensk and Murom, 1 Glory each): nobody leads, no blow gets the edge
    s = prepared_game(3, hands={0: ["troop.druzhina.9", "chr.vasilko"], 1: [], 2: []},
                      cities={"city.kiev": (0, []), "city.smolensk": (1, []), "city.murom": (2, [])})
    obs, legal = observation(s, 0), legal_actions(s)
    assert leaders(obs) == set()
    assert all(e == 0.0 for e in aim_edge(obs, legal, 0.015))
    edge = war_edge(obs, legal, 0.03)
    assert len({round(e, 9) for a, e in zip(legal, edge) if a.kind == DECLARE_WAR}) == 1   # no city counts more
    assert leaders(observation(prepared_game(2, cities={"city.kiev": (0, []), "city.murom": (1, [])}), 0)) == {1}


# --- patience and commitment ---------------------------------------------------------------
def test_igors_campaign_is_passed_only_near_the_end():
    s = prepared_game(3, hands={0: ["troop.druzhina.5"]},
                      cities={"city.kiev": (0, []), "city.murom": (1, [])},
                      chronicles={0: ["chr.igor"]})
    obs, legal = observation(s, 0), legal_actions(s)
    assert any(a.kind == PASS_IGOR for a in legal)
    assert not any(legal[i].kind == PASS_IGOR for i in focus(obs, legal, sense=PRESSING))
    assert any(legal[i].kind == PASS_IGOR for i in focus(obs, legal, sense=STEADY))
    s.end_turn = s.turn_no + 2                    # the end is set: the last pass sticks
    s.edited()
    obs, legal = observation(s, 0), legal_actions(s)
    assert any(legal[i].kind == PASS_IGOR for i in focus(obs, legal, sense=PRESSING))


def test_a_leader_plays_no_silence():
    s = prepared_game(3, hands={0: ["ev.silence"]},
                      cities={"city.kiev": (0, ["bld.cathedral"]), "city.murom": (1, [])},
                      turn_no=40)
    s.end_turn = s.turn_no + 2
    s.edited()
    obs, legal = observation(s, 0), legal_actions(s)
    silence = [a for a in legal if a.kind == EVENT and CARD_ID[a.card] == "ev.silence"]
    assert silence
    kept = [legal[i] for i in focus(obs, legal, sense=PRESSING)]
    assert not any(a in kept for a in silence)


def test_settle_fights_a_war_just_declared_even_for_a_small_city():
    s = prepared_game(3, hands={0: ["troop.druzhina.4"], 1: []},
                      cities={"city.kiev": (0, []), "city.murom": (1, [])})
    war = next(a for a in legal_actions(s) if a.kind == DECLARE_WAR)
    apply(s, war)
    assert s.decision.kind == WAR_ATTACK
    settle(s, random.Random(1))
    assert s.cities[card("city.murom")].owner == 0     # attacked, unanswered: it fell


def test_pressing_normal_attacks_a_bare_rich_city_that_cannot_be_held():
    s = prepared_game(3, hands={0: ["troop.druzhina.9", "bld.church"], 1: [], 2: ["ev.ambush"]},
                      cities={"city.kiev": (0, []),
                              "city.novgorod": (1, ["bld.cathedral", "bld.monastery"]),
                              "city.murom": (2, [])})
    obs, legal = observation(s, 0), legal_actions(s)
    a = make_bot("normal").choose(obs, legal, random.Random(3))
    assert a.kind == DECLARE_WAR and CARD_ID[a.city] == "city.novgorod"


# --- probing a rival's open city on an idle turn (bots.press.probe) ----------------------------
SITTER = ["troop.druzhina.5", "troop.druzhina.6", "ev.ambush", "ev.bribe", "troop.militia", "troop.militia",
          "bld.church", "bld.monastery", "wall.palisade", "troop.druzhina.8", "ev.condemnation",
          "troop.druzhina.4"]          # a prince who sits on twelve cards, answers among them


def _sitter_table(mine=(), cities=None, **kw):
    """Seat 0 holds a Druzhina 3; seat 1 sits on `SITTER` with Murom bare; seat 2's
    Novgorod stands behind Stone Walls."""
    return prepared_game(3, hands={0: ["troop.druzhina.3", *mine], 1: SITTER, 2: ["wall.wooden"]},
                         cities=cities or {"city.kiev": (0, []), "city.murom": (1, []),
                                           "city.novgorod": (2, ["wall.stone"])}, **kw)


def _normal(probe: float):
    from dataclasses import replace
    from knjazja.bots.normal import NormalBot
    return NormalBot(sense=replace(PRESSING, probe=probe))


def test_an_idle_bot_probes_a_rivals_open_city():
    """Nothing better than a draw, and Murom bare before a Druzhina 3 while its prince sits
    on twelve cards: the bot sends the troop to see."""
    s = _sitter_table()
    obs, legal = observation(s, 0), legal_actions(s)
    war = next(a for a in legal if a.kind == DECLARE_WAR)
    assert 0.0 < p_falls(obs, war) < 0.3                     # by the odds alone, not worth it
    assert all(_normal(0.0).choose(obs, legal, random.Random(k)).kind == DRAW for k in range(3))
    for k in range(3):
        a = _normal(1.0).choose(obs, legal, random.Random(k))
        assert a.kind == DECLARE_WAR and CARD_ID[a.city] == "city.murom"
    assert make_bot("normal").choose(obs, legal, random.Random(1)).kind == DECLARE_WAR    # shipped
    # a prince with a small hand is left to the odds (`war_edge`): no probe of his bare city
    s.hands[1] = s.hands[1][:SIT_HAND - 1]
    s.edited()
    obs, legal = observation(s, 0), legal_actions(s)
    draw = next(i for i, a in enumerate(legal) if a.kind == DRAW)
    assert probe(obs, legal, draw, random.Random(1), odds=1.0) == -1


def test_no_probe_when_a_better_war_or_a_clearly_better_play_exists():
    # a bare Galich with a Cathedral and a Monastery whose owner holds no answer: that war
    s = _sitter_table(cities={"city.kiev": (0, []), "city.murom": (1, []),
                              "city.galich": (2, ["bld.cathedral", "bld.monastery"]),
                              "city.novgorod": (2, ["wall.stone"])})
    obs, legal = observation(s, 0), legal_actions(s)
    for k in range(3):
        a = _normal(1.0).choose(obs, legal, random.Random(k))
        assert a.kind == DECLARE_WAR and CARD_ID[a.city] == "city.galich"
    # a city in hand to found: that, not a probe
    s = _sitter_table(mine=["city.smolensk"])
    obs, legal = observation(s, 0), legal_actions(s)
    for k in range(3):
        assert _normal(1.0).choose(obs, legal, random.Random(k)).kind == PLAY_CITY


def test_no_probe_when_hopeless_late_or_at_walls():
    s = _sitter_table()
    s.seen[0].update(s.hands[1])                  # his hand is known: answers to the troop
    s.edited()
    obs, legal = observation(s, 0), legal_actions(s)
    war = next(i for i, a in enumerate(legal) if a.kind == DECLARE_WAR)
    draw = next(i for i, a in enumerate(legal) if a.kind == DRAW)
    assert p_falls(obs, legal[war]) == 0.0
    assert probe(obs, legal, draw, random.Random(1), odds=1.0) == -1
    assert all(_normal(1.0).choose(obs, legal, random.Random(k)).kind == DRAW for k in range(3))
    # the deck nearly out: the troop is kept for the last round
    s = _sitter_table(rest="discard")
    obs, legal = observation(s, 0), legal_actions(s)
    assert obs.deck_size <= PROBE_ROUNDS * obs.n
    draw = next((i for i, a in enumerate(legal) if a.kind in (DRAW, PASS)))
    assert probe(obs, legal, draw, random.Random(1), odds=1.0) == -1
    # only walled cities in reach: no probe (it is for a city left open)
    s = _sitter_table(cities={"city.kiev": (0, []), "city.murom": (1, ["wall.palisade"]),
                              "city.novgorod": (2, ["wall.stone"])})
    s.hands[0] = [card("troop.druzhina.8")]
    s.edited()
    obs, legal = observation(s, 0), legal_actions(s)
    assert any(a.kind == DECLARE_WAR for a in legal)
    draw = next(i for i, a in enumerate(legal) if a.kind == DRAW)
    assert probe(obs, legal, draw, random.Random(1), odds=1.0) == -1
    # not worth it against the draw by more than the slack: no probe
    s = _sitter_table()
    obs, legal = observation(s, 0), legal_actions(s)
    war = next(i for i, a in enumerate(legal) if a.kind == DECLARE_WAR)
    draw = next(i for i, a in enumerate(legal) if a.kind == DRAW)
    values = [0.0] * len(legal)
    values[draw], values[war] = 0.30, 0.30 - 2 * PROBE_SLACK
    assert probe(obs, legal, draw, random.Random(1), values, odds=1.0) == -1
    values[war] = 0.30 - PROBE_SLACK / 2
    assert probe(obs, legal, draw, random.Random(1), values, odds=1.0) == war


def test_of_two_wars_as_good_the_one_on_the_prince_who_sits_on_his_hand():
    s = _sitter_table(cities={"city.kiev": (0, []), "city.murom": (1, []), "city.galich": (2, [])})
    obs, legal = observation(s, 0), legal_actions(s)
    on = {CARD_ID[a.city]: i for i, a in enumerate(legal) if a.kind == DECLARE_WAR}
    values = [0.0] * len(legal)
    values[on["city.galich"]], values[on["city.murom"]] = 0.40, 0.40 - PROBE_TIE / 2
    assert probe(obs, legal, on["city.galich"], random.Random(1), values) == on["city.murom"]
    values[on["city.murom"]] = 0.40 - 2 * PROBE_TIE            # clearly worse: the better war
    assert probe(obs, legal, on["city.galich"], random.Random(1), values) == -1
    values[on["city.murom"]] = 0.40
    assert probe(obs, legal, on["city.murom"], random.Random(1), values) == -1     # already his


def test_a_play_nearly_as_good_yields_to_a_probe_only_where_the_bot_has_values():
    """Not only a draw: a chronicle or an event valued within the slack of the war on a
    sitter's bare city yields to it (Normal's values) — a city founded or a building raised
    does not (sure Glory); Hard's round look-ahead has no values for its moves, so there only
    a draw or a pass does."""
    s = _sitter_table(mine=["chr.anna", "city.smolensk"])
    obs, legal = observation(s, 0), legal_actions(s)
    war = next(i for i, a in enumerate(legal) if a.kind == DECLARE_WAR)
    play = next(i for i, a in enumerate(legal) if a.kind == CHRONICLE)
    found = next(i for i, a in enumerate(legal) if a.kind == PLAY_CITY)
    values = [0.0] * len(legal)
    values[play], values[found], values[war] = 0.30, 0.30, 0.30 - PROBE_SLACK / 2
    assert probe(obs, legal, play, random.Random(1), values, odds=1.0) == war
    assert probe(obs, legal, found, random.Random(1), values, odds=1.0) == -1
    values[war] = 0.30 - 2 * PROBE_SLACK                      # clearly worse: the chronicle
    assert probe(obs, legal, play, random.Random(1), values, odds=1.0) == -1
    assert probe(obs, legal, play, random.Random(1), odds=1.0) == -1        # no values: no probe
    draw = next(i for i, a in enumerate(legal) if a.kind == DRAW)
    assert probe(obs, legal, draw, random.Random(1), odds=1.0) == war


def test_no_sitter_war_chosen_over_a_better_one_when_his_city_cannot_fall():
    """Within the tie, the sitter's bare city is taken only if it may fall: against a hand
    known to hold the answers, the better war stands."""
    s = _sitter_table(cities={"city.kiev": (0, []), "city.murom": (1, []), "city.galich": (2, [])})
    s.seen[0].update(s.hands[1])                  # his hand is known: answers to the troop
    s.edited()
    obs, legal = observation(s, 0), legal_actions(s)
    on = {CARD_ID[a.city]: i for i, a in enumerate(legal) if a.kind == DECLARE_WAR}
    assert p_falls(obs, legal[on["city.murom"]]) == 0.0
    values = [0.0] * len(legal)
    values[on["city.galich"]], values[on["city.murom"]] = 0.40, 0.40 - PROBE_TIE / 2
    assert probe(obs, legal, on["city.galich"], random.Random(1), values) == -1
