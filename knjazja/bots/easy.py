"""Easy: a random player with a little sense.

It picks an action kind at random, then an action of that kind, after striking out the
moves that only hurt itself: harmful events and chronicles on its own cities or before
itself, help for others (cities, buildings, good chronicles before them), poisoning its
own good chronicle, Sviatopolk for a city worth less than its −4, and a card played for
nothing (`idle`: Plunder with nothing to plunder, ...).  In a war it defends
whenever it can and attacks rather than giving the war up; it always uses a reaction,
and it passes only when there is nothing else to do.
"""
from __future__ import annotations

import random

from knjazja.engine import Action, Observation
from knjazja.engine.actions import (BUILD, CHRONICLE, CONGRESS, END_WAR, EVENT, GIVE_CITY, KEEP,
                                    PASS, PLAY_CITY, REACT, REACTION, TURN, WAR_ATTACK, WAR_DEFEND,
                                    YIELD, YIELD_PLUNDER)
from knjazja.engine.cards import CARD_ID

# the same sets as the other bots' (`gifts`), from the catalogue; Sviatopolk, which costs
# Glory too, is judged on its own below (worth its −4 for the city it takes?)
from .gifts import BAD_CHRONICLES, CITY_EVENTS, GOOD_CHRONICLES, PRINCE_EVENTS
from .idle import idle_play


def harms_self(obs: Observation, a: Action) -> bool:
    """True for an action that hurts the acting seat (or only helps another)."""
    me = obs.seat
    k = a.kind
    cid = CARD_ID[a.card] if a.card >= 0 else ""
    if k == PLAY_CITY:
        return a.seat != me
    if k == BUILD:
        return obs.cities[a.city].owner != me
    if k == CHRONICLE:
        if cid == "chr.sviatopolk":
            return obs.cities[a.city].glory() < 4
        if cid in BAD_CHRONICLES:
            return a.seat == me
        if cid in GOOD_CHRONICLES:
            return a.seat != me
        return False
    if k == EVENT:
        if cid in CITY_EVENTS:
            return a.city >= 0 and obs.cities[a.city].owner == me
        if cid == "ev.poisoner":
            good = CARD_ID[a.target] in GOOD_CHRONICLES
            return good == (a.seat == me)      # own good one, or another's bad one
        if cid in PRINCE_EVENTS:
            return a.seat == me
    return False


def sensible(obs: Observation, legal: list[Action]) -> list[Action]:
    """The legal actions Easy is willing to take."""
    kind = obs.decision.kind
    ok = [a for a in legal if not harms_self(obs, a) and not idle_play(obs, a)]
    if kind == TURN:
        not_pass = [a for a in ok if a.kind != PASS]
        ok = not_pass or ok
    elif kind == WAR_DEFEND:
        answers = [a for a in ok if a.kind not in (YIELD, YIELD_PLUNDER)]
        ok = answers or ok
    elif kind == WAR_ATTACK:
        fight = [a for a in ok if a.kind != END_WAR]
        ok = fight or ok
    elif kind == REACTION:
        ok = [a for a in ok if a.kind == REACT] or ok
    elif kind == CONGRESS:
        cheap = [a for a in ok if a.kind == GIVE_CITY and obs.cities[a.city].glory() < 4]
        ok = cheap[:1] or [a for a in ok if a.kind == KEEP] or ok
    return ok or legal


class EasyBot:
    name = "easy"

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        ok = sensible(obs, legal)
        kinds = sorted({a.kind for a in ok})
        k = kinds[rng.randrange(len(kinds))]
        same = [a for a in ok if a.kind == k]
        return same[rng.randrange(len(same))]
