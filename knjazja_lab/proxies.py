"""Seats that play like people on their first evenings, for the arena (measuring only:
no level a player picks plays like this).

People at the table keep their troops, build in their own cities and wait; a bot that
answers by waiting too lets the game pass without a war.  Three such players:

* `builder` — founds his cities and builds in them (Glory buildings first, then walls),
  lays good chronicles before himself, draws otherwise; keeps his troops for defence and
  never attacks;
* `hoarder` — founds the cities he draws (the first thing everyone learns) and keeps
  nearly everything else: one turn in five (and every turn once the deck is nearly gone)
  he builds in his own city or lays a good chronicle, otherwise he draws;
* `brawler` — declares war whenever a troop of his beats the walls of someone's city
  (the richest such city), attacks with his strongest troop, and otherwise plays as a
  rule-of-thumb player does (`classic.fast`).

All three answer an attack whenever they can hold (the cheapest answer that holds:
the smallest troop, then Bribe, Condemnation, Ambush), cancel what they can with City
Watch and Bogatyr Outpost, and take `classic.fast`'s choice in the rest (Dowry bids,
Congress, Raid on the City).  They read only their own hand and the table.
"""
from __future__ import annotations

import random

from knjazja.engine import Action, GameState, Observation, determinize
from knjazja.engine.actions import (AMBUSH, ATTACK, BRIBE, BUILD, CHRONICLE, CONDEMN, DECLARE_WAR,
                                    DEFEND, DRAW, END_WAR, EVENT, PASS, PLAY_CITY, TURN, WAR_ATTACK,
                                    WAR_DEFEND, YIELD, YIELD_PLUNDER)
from knjazja.engine.cards import CARD_ID, CARDS, IS_MILITIA, STRENGTH

from knjazja.bots.rules_of_thumb import _build_gain, fast_choose
from knjazja.bots.gifts import GOOD_CHRONICLES
from knjazja.bots.lookahead import pointless

PROXY_KINDS = ("builder", "hoarder", "brawler")
HOARDER_PLAYS = 0.2           # the share of a hoarder's turns on which he plays a card


def _answer(legal: list[Action]) -> Action:
    """The cheapest answer that holds the attack (a troop: by its Strength, Militia as 2),
    else Plunder as the city falls, else no answer."""
    cost: dict[str, float] = {BRIBE: 20.0, CONDEMN: 30.0, AMBUSH: 40.0}
    best, best_c = None, 1e9
    for a in legal:
        if a.kind == DEFEND:
            c = float(sum(2 if IS_MILITIA[t] else STRENGTH[t] for t in a.cards))
        elif a.kind in cost:
            c = cost[a.kind]
        else:
            continue
        if c < best_c:
            best, best_c = a, c
    if best is not None:
        return best
    return next((a for a in legal if a.kind == YIELD_PLUNDER),
                next(a for a in legal if a.kind == YIELD))


def _build_turn(s: GameState, me: int, legal: list[Action]) -> Action | None:
    """A builder's play: a city (the richest), a building in his own city (by the Glory
    it adds, walls where none stand), a good chronicle before himself; None: nothing."""
    best, best_v = None, 0.0
    for a in legal:
        if a.kind == PLAY_CITY and a.seat == me:
            v = 10.0 + CARDS[a.card].glory
        elif a.kind == BUILD and s.cities[a.city].owner == me:
            v = _build_gain(s, s.cities[a.city], a.card) + 0.5
        elif a.kind == CHRONICLE and a.seat == me and CARD_ID[a.card] in GOOD_CHRONICLES \
                and CARD_ID[a.card] != "chr.byzantium":
            v = 1.0
        else:
            continue
        if v > best_v:
            best, best_v = a, v
    return best


def _draw_or_pass(legal: list[Action]) -> Action:
    return next((a for a in legal if a.kind == DRAW),
                next((a for a in legal if a.kind == PASS), legal[0]))


class ProxyBot:
    """One of the human-like players (module text)."""

    def __init__(self, style: str) -> None:
        if style not in PROXY_KINDS:
            raise ValueError(f"unknown proxy {style!r} (use {', '.join(PROXY_KINDS)})")
        self.style = style
        self.name = style

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        kind = obs.decision.kind
        if kind == WAR_DEFEND:
            return _answer(legal)
        s = determinize(obs, rng)         # only its own hand and the table are read
        me = obs.seat
        if kind == WAR_ATTACK:
            return self._attack(legal) if self.style == "brawler" else \
                next((a for a in legal if a.kind == END_WAR), legal[-1])
        if kind != TURN:
            return fast_choose(s, legal, rng)
        if self.style == "brawler":
            wars = [a for a in legal if a.kind == DECLARE_WAR]
            if wars:
                return max(wars, key=lambda a: (s.cities[a.city].glory(), -s.cities[a.city].wall_strength))
            return fast_choose(s, legal, rng)
        play = _build_turn(s, me, legal)
        if self.style == "hoarder" and play is not None and play.kind != PLAY_CITY \
                and obs.deck_size > obs.n and rng.random() >= HOARDER_PLAYS:
            play = None
        if play is not None:
            return play
        if obs.deck_size == 0:          # nothing to draw: the safest card, or a pass
            safe = [a for a in legal if a.kind in (PLAY_CITY, BUILD, CHRONICLE, EVENT)
                    and not pointless(obs, a)]
            return _draw_or_pass(legal) if not safe else safe[0]
        return _draw_or_pass(legal)

    @staticmethod
    def _attack(legal: list[Action]) -> Action:
        raid = [a for a in legal if a.kind == EVENT and CARD_ID[a.card] == "ev.raid_city"]
        if raid:
            return raid[0]
        attacks = [a for a in legal if a.kind == ATTACK]
        if attacks:
            return max(attacks, key=lambda a: sum(STRENGTH[t] for t in a.cards))
        return next((a for a in legal if a.kind == END_WAR), legal[-1])
