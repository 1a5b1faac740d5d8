"""The rules of thumb: a fast policy for the look-aheads' answers and rollouts.

These run on the determinized `GameState`s that the search builds itself, for every
seat in turn; each decision reads only the deciding seat's own hand, the public table
and hand sizes — the same knowledge Normal has, scored with cheap formulas instead of
the full evaluation (Normal costs ~1 ms a decision, this ~0.1 ms).  Normal, Hard, the
Hint and the review's end cost play the others' answers with `fast_choose`, so it ships
with the game (it was `classic/fast.py`; the classic bots' leaf evaluation stayed in the
laboratory, `knjazja_lab/classic/leaf.py`).
"""
from __future__ import annotations

import random
from typing import cast

from knjazja.engine import Action, GameState, War
from knjazja.engine.actions import (AMBUSH, ATTACK, BID, BRIBE, BUILD, CHRONICLE, CONDEMN,
                                    CONGRESS, DECLARE_WAR, DEFEND, DOWRY_BID, DRAW, EVENT,
                                    GIVE_CITY, PASS, PASS_IGOR, PLAY_CITY, RAID_LAY, REACTION,
                                    TURN, WAR_ATTACK, WAR_COUNTER, WAR_DEFEND, YIELD, YIELD_PLUNDER)
from knjazja.engine.cards import CARD_ID, CARDS, IS_MILITIA, IS_TROOP, SCORES_TROOP, STRENGTH
from knjazja.engine.public import best_troop
from knjazja.engine.scoring import chronicle_glory
from knjazja.engine.state import City, Pending

# Share of the 17 attacking troops (not Militia) that beat walls of each Strength.
ATTACKABLE = (1.0, 1.0, 13 / 17, 11 / 17, 9 / 17, 7 / 17, 5 / 17, 3 / 17, 2 / 17, 1 / 17, 0.0)
# Glory of the chronicles at the end, as this policy weighs them (Igor's Campaign may still be
# passed on; Byzantine Aid is scored as the engine scores it).
CHR_GLORY = {"chr.polovtsian_campaign": 3.0, "chr.vasilko": -4.0, "chr.congress": -4.0,
             "chr.igor": -3.5, "chr.sviatopolk": -4.0}

GOOD_CHR = {"chr.polovtsian_campaign": 3.0, "chr.anna": 0.7, "chr.bogatyrs": 0.8,
            "chr.voivode": 0.8, "chr.hermit": 1.0}
BAD_CHR = ("chr.vasilko", "chr.igor")


def board_glory(s: GameState) -> list[float]:
    g = [0.0] * s.n
    for c in s.cities.values():
        g[c.owner] += c.glory()
    for t in range(s.n):
        for ch in s.chronicles[t]:
            if SCORES_TROOP[ch]:             # Byzantine Aid: as the engine scores it
                g[t] += chronicle_glory(ch, s.under)
            else:                            # the others as this policy weighs them
                g[t] += CHR_GLORY.get(CARD_ID[ch], 0.0)
    return g


def best_attack(s: GameState, p: int, defender: int) -> int:
    """The Strength of `p`'s strongest troop against `defender` (0: none may attack him)."""
    return best_troop(s, s.hands[p], defender)


def _build_gain(s: GameState, city: City, card: int) -> float:
    new = city.copy()
    new.put(card)
    d: float = new.glory() - city.glory()
    if CARDS[card].is_wall or CARD_ID[card] == "wall.moat":
        g = city.glory()
        d += 0.25 * g * (ATTACKABLE[min(city.wall_strength, 10)] - ATTACKABLE[min(new.wall_strength, 10)])
        if new.blocked:
            d -= 1.0
    return d


def _turn(s: GameState, p: int, legal: list[Action], rng: random.Random) -> Action:
    board = board_glory(s)
    others = [t for t in range(s.n) if t != p]
    leader = max(others, key=lambda t: board[t])
    lead_margin = board[p] - board[leader]
    hand = s.hands[p]
    late = s.end_turn is not None
    best, best_v = legal[0], -1e9
    for a in legal:
        k = a.kind
        if k == DRAW:
            v = 0.2 if late else (1.3 if len(hand) < 5 else 0.7)
        elif k == PASS:
            v = 0.0
        elif k == PLAY_CITY:
            v = CARDS[a.card].glory + 0.6 if a.seat == p else -5.0
        elif k == BUILD:
            c = s.cities[a.city]
            if c.owner == p:
                v = _build_gain(s, c, a.card) + 0.2
            else:
                v = -2.0
        elif k == CHRONICLE:
            cid = CARD_ID[a.card]
            if cid in GOOD_CHR:
                v = GOOD_CHR[cid] if a.seat == p else -3.0
                if cid == "chr.hermit" and late:
                    v = 0.1
            elif cid in BAD_CHR:
                v = -10.0 if a.seat == p else (3.5 if a.seat == leader else 2.5)
            elif cid == "chr.byzantium":
                v = STRENGTH[a.cards[0]] * 0.8 - 1.0 if a.seat == p else -3.0
            elif cid == "chr.congress":
                v = 3.0 if a.seat == leader else 2.0
            elif cid == "chr.sviatopolk":
                c = s.cities[a.city]
                v = 1.6 * c.glory() - 4.0 + (0.5 if c.owner == leader else 0.0)
            else:
                v = 0.0
        elif k == EVENT:
            v = _event_value(s, p, a, board, leader, lead_margin)
        elif k == DECLARE_WAR:
            c = s.cities[a.city]
            b = best_attack(s, p, c.owner)
            ws = c.wall_strength
            if b <= ws:
                v = -1.0
            else:
                g = c.glory()
                v = g * min(1.0, (b - 2) / 8.0) * 0.9 - 1.2 + (0.5 if c.owner == leader else 0.0)
        elif k == PASS_IGOR:
            v = 3.0 + (1.0 if a.seat == leader else 0.0) - 0.2 * STRENGTH[a.cards[0]]
        else:
            v = 0.0
        v += rng.random() * 0.6
        if v > best_v:
            best, best_v = a, v
    return best


def _event_value(s: GameState, p: int, a: Action, board, leader: int, margin: float) -> float:
    cid = CARD_ID[a.card]
    if cid in ("ev.treachery", "ev.judgement"):
        c = s.cities[a.city]
        return 1.6 * c.glory() + (0.5 if c.owner == leader else 0.0)
    if cid == "ev.fire":
        c = s.cities[a.city]
        if c.owner == p:
            return -5.0
        return (c.glory() - CARDS[c.card].glory) * 1.3 - 0.5
    if cid == "ev.false_match":
        return 0.1 if s.cities[a.city].owner != p else -5.0
    if cid == "ev.polovtsian_raid":
        return 0.6 * min(2, len(s.hands[a.seat])) + (0.4 if a.seat == leader else 0.0)
    if cid == "ev.principality_raid":
        return 1.0 * min(2, len(s.hands[a.seat]))
    if cid == "ev.tatar_invasion":
        return margin - 2.0
    if cid == "ev.silence":
        return 3.0 if margin < 0 else -1.0
    if cid == "ev.poisoner":
        tcid = CARD_ID[a.target]
        if SCORES_TROOP[a.target]:
            val: float = chronicle_glory(a.target, s.under)
        else:
            val = CHR_GLORY.get(tcid, GOOD_CHR.get(tcid, 0.0))
        if a.seat == p:
            return -val - 0.3 if val < 0 else -5.0
        return val * (1.2 if a.seat == leader else 1.0) - 0.3 if val > 0 else -5.0
    if cid == "ev.dowry":
        best = max((STRENGTH[t] for t in s.hands[p] if IS_TROOP[t] and not IS_MILITIA[t]), default=0)
        return 0.5 * s.cities[a.city].glory() - 1.0 if best >= 7 else -1.0
    return 0.05


def _war_attack(s: GameState, p: int, legal: list[Action]) -> Action:
    w = cast(War, s.war)                              # a war decision: the war is on
    attacks = [a for a in legal if a.kind == ATTACK and len(a.cards) == 1]
    g = s.cities[w.city].glory()
    if attacks and (w.attacks_made < 3 and g >= 2):
        if w.attacks_made == 0:
            for a in legal:
                if a.kind == EVENT and CARD_ID[a.card] == "ev.raid_city":
                    return a
        return max(attacks, key=lambda a: STRENGTH[a.cards[0]])
    if not attacks:
        for a in legal:
            if a.kind == EVENT and CARD_ID[a.card] == "ev.false_match":
                return a
    return legal[-1]                                  # END_WAR


def _war_defend(s: GameState, p: int, legal: list[Action]) -> Action:
    w = cast(War, s.war)                              # a war decision: the war is on
    g = s.cities[w.city].glory()
    if g < 2:
        return next(a for a in legal if a.kind == YIELD)
    best, best_c = None, 1e9
    for a in legal:
        k = a.kind
        if k == DEFEND:
            c = sum(3 if IS_MILITIA[t] else STRENGTH[t] for t in a.cards)
        elif k == BRIBE:
            c = 1.0
        elif k == AMBUSH:
            c = 5.0
        elif k == CONDEMN:
            c = 4.0
        else:
            continue
        if c < best_c:
            best, best_c = a, c
    if best is not None and best_c <= 2 * g + 3:
        return best
    for a in legal:
        if a.kind == YIELD_PLUNDER:
            return a
    return next(a for a in legal if a.kind == YIELD)


def fast_choose(s: GameState, legal: list[Action], rng: random.Random) -> Action:
    if len(legal) == 1:
        return legal[0]
    seat, kind = s.decision
    if kind == TURN:
        return _turn(s, seat, legal, rng)
    if kind == WAR_ATTACK:
        return _war_attack(s, seat, legal)
    if kind == WAR_DEFEND:
        return _war_defend(s, seat, legal)
    if kind == WAR_COUNTER:
        return legal[0]                               # bribe if possible, else ACCEPT
    if kind == RAID_LAY:
        return min(legal, key=lambda a: 2 if IS_MILITIA[a.card] else STRENGTH[a.card])
    if kind == REACTION:
        return legal[0]                               # REACT if held, else DECLINE
    if kind == DOWRY_BID:
        city = s.cities[cast(Pending, s.pending).action.city]    # a Dowry is pending
        bids = [a for a in legal if a.kind == BID]
        if bids:
            b = max(bids, key=lambda a: STRENGTH[a.card])
            need = 5 if city.owner == seat else 7
            if STRENGTH[b.card] >= need and city.glory() >= 4:
                return b
        return legal[-1]
    if kind == CONGRESS:
        gives = [a for a in legal if a.kind == GIVE_CITY]
        if gives:
            g = min(gives, key=lambda a: s.cities[a.city].glory())
            if s.cities[g.city].glory() < 4:
                return g
        return legal[-1]
    return legal[rng.randrange(len(legal))]
