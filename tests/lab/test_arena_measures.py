"""The laboratory's arena measures (`gamestats`: open chances, gifts) and its human-like
seats (`proxies`: builder, hoarder, brawler); moved here from tests/bots/test_press.py."""
import random

import pytest

from knjazja.engine import Action, apply, legal_actions, observation, prepared_game
from knjazja.engine.actions import BUILD, DECLARE_WAR, WAR_DEFEND
from knjazja.engine.cards import CARD_ID, INSTANCES
from knjazja_lab.factory import make_bot
from knjazja_lab.gamestats import PlayCounter
from knjazja_lab.proxies import ProxyBot


def build(s, cid: str, city: str) -> Action:
    return Action(BUILD, card=next(c for c in s.hands[s.current] if CARD_ID[c] == cid),
                  city=INSTANCES[city][0])


# --- the arena's measures and its human-like seats ----------------------------------------
def test_open_chances_are_the_turns_a_war_could_be_declared():
    s = prepared_game(3, hands={0: ["troop.druzhina.5"]},
                      cities={"city.kiev": (0, []), "city.murom": (1, [])})
    counter = PlayCounter(3)
    obs, legal = observation(s, 0), legal_actions(s)
    war = next(a for a in legal if a.kind == DECLARE_WAR)
    counter.add(0, war, apply(s, war), obs, legal)
    mine, theirs = counter.per_seat[0], counter.per_seat[1]
    assert (mine["open_chances"], mine["chances_taken"], mine["wars_declared"]) == (1, 1, 1)
    assert (theirs["exposed"], theirs["exposed_turns"], theirs["attacked"]) == (1, 1, 1)
    assert theirs["exposed_idle"] == 0                  # the chance was taken
    assert theirs["exposed_live"] == 1                  # Murom could fall: no card in his hand
    assert counter.wars_early_on[0][1] == 1
    # the same chance passed: a draw instead of a war leaves the city idle
    s1 = prepared_game(3, hands={0: ["troop.druzhina.5"]},
                       cities={"city.kiev": (0, []), "city.murom": (1, [])})
    c1 = PlayCounter(3)
    obs, legal = observation(s1, 0), legal_actions(s1)
    draw = next(a for a in legal if a.kind != DECLARE_WAR)
    c1.add(0, draw, apply(s1, draw), obs, legal)
    assert (c1.per_seat[1]["exposed"], c1.per_seat[1]["exposed_idle"]) == (1, 1)
    # a turn without a troop that beats any walls is no chance
    s2 = prepared_game(3, hands={0: ["troop.militia"]},
                       cities={"city.kiev": (0, []), "city.murom": (1, [])})
    c2 = PlayCounter(3)
    obs, legal = observation(s2, 0), legal_actions(s2)
    c2.add(0, legal[0], apply(s2, legal[0]), obs, legal)
    assert c2.per_seat[0]["open_chances"] == 0
    # a chance against a hand known to hold the answer is no live one
    s3 = prepared_game(3, hands={0: ["troop.druzhina.5"], 1: ["ev.ambush"]},
                       cities={"city.kiev": (0, []), "city.murom": (1, [])})
    s3.seen[0].update(s3.hands[1])
    s3.edited()
    c3 = PlayCounter(3)
    obs, legal = observation(s3, 0), legal_actions(s3)
    draw = next(a for a in legal if a.kind != DECLARE_WAR)
    c3.add(0, draw, apply(s3, draw), obs, legal)
    assert (c3.per_seat[1]["exposed"], c3.per_seat[1]["exposed_live"]) == (1, 0)


def test_a_city_is_takeable_only_when_its_owner_truly_holds_no_answer():
    # the attacker cannot see the hands; the count reads the true one before the move
    def chance(defender_hand):
        s = prepared_game(3, hands={0: ["troop.druzhina.5"], 1: defender_hand},
                          cities={"city.kiev": (0, []), "city.murom": (1, [])})
        counter = PlayCounter(3)
        obs, legal = observation(s, 0), legal_actions(s)
        hands = [h[:] for h in s.hands]
        draw = next(a for a in legal if a.kind != DECLARE_WAR)
        counter.add(0, draw, apply(s, draw), obs, legal, hands)
        return counter.per_seat[1]
    bare = chance(["bld.church", "city.suzdal"])
    assert (bare["exposed_live"], bare["exposed_takeable"]) == (1, 1)
    held = chance(["troop.druzhina.6"])           # an answer in the hand: live, not takeable
    assert (held["exposed_live"], held["exposed_takeable"]) == (1, 0)
    weak = chance(["troop.druzhina.4"])           # a troop too weak to answer the 5
    assert weak["exposed_takeable"] == 1


def test_the_arena_counts_takeable_cities_from_the_true_hands():
    from knjazja_lab.arena import run_arena
    res = run_arena(["normal", "normal", "hoarder"], games=4, seed=5)
    for kind in ("normal", "hoarder"):
        mine = res["by_kind"][kind]
        assert mine["exposed_takeable_games"] <= mine["exposed_live_games"]
        assert 0.0 <= mine["untouched_takeable_share"] <= 1.0
    assert sum(s["play"]["exposed_takeable"] for s in res["seats"]) > 0


def test_a_gift_is_counted():
    s = prepared_game(3, hands={0: ["bld.church"]},
                      cities={"city.kiev": (0, []), "city.murom": (1, [])})
    counter = PlayCounter(3)
    obs, legal = observation(s, 0), legal_actions(s)
    gift = build(s, "bld.church", "city.murom")
    counter.add(0, gift, apply(s, gift), obs, legal)
    assert counter.per_seat[0]["gifts"] == 1


@pytest.mark.parametrize("style", ["builder", "hoarder", "brawler"])
def test_human_like_seats_play_their_style_and_answer_attacks(style):
    bot = ProxyBot(style)
    s = prepared_game(3, hands={0: ["troop.druzhina.6", "city.kiev"]},
                      cities={"city.murom": (1, [])}, turn_no=3)
    a = bot.choose(observation(s, 0), legal_actions(s), random.Random(1))
    if style == "brawler":
        assert a.kind == DECLARE_WAR
    else:
        assert a.kind == "play_city" and a.seat == 0        # a city is founded at once
    # attacked, each answers with the smallest troop that holds
    d = prepared_game(3, hands={0: ["troop.druzhina.5"], 1: ["troop.druzhina.9", "troop.druzhina.6"]},
                      cities={"city.kiev": (0, []), "city.murom": (1, ["bld.church"])})
    apply(d, next(a for a in legal_actions(d) if a.kind == DECLARE_WAR))
    apply(d, next(a for a in legal_actions(d) if a.kind == "attack"))
    assert d.decision.kind == WAR_DEFEND and d.decision.seat == 1
    answer = bot.choose(observation(d, 1), legal_actions(d), random.Random(1))
    assert answer.kind == "defend" and [CARD_ID[c] for c in answer.cards] == ["troop.druzhina.6"]


def test_builders_and_hoarders_never_attack():
    for style in ("builder", "hoarder"):
        bot = ProxyBot(style)
        s = prepared_game(3, hands={0: ["troop.druzhina.10"]},
                          cities={"city.kiev": (0, []), "city.murom": (1, [])})
        for k in range(10):
            a = bot.choose(observation(s, 0), legal_actions(s), random.Random(k))
            assert a.kind != DECLARE_WAR


def test_unknown_proxy_is_refused():
    with pytest.raises(ValueError, match="builder"):
        make_bot("lurker")
    with pytest.raises(ValueError):
        ProxyBot("lurker")


def test_no_bot_level_makes_a_gift_in_short_arenas():
    from knjazja_lab.arena import run_arena
    res = run_arena(["normal", "normal", "builder"], games=3, seed=9)
    assert res["by_kind"]["normal"]["gifts_per_game"] == 0
