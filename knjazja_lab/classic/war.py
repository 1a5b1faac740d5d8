"""Normal-classic: war planning (which troops, in which order) and the answers in a war."""
from __future__ import annotations

from typing import cast

from knjazja.engine import Action, War
from knjazja.engine.actions import (ACCEPT, AMBUSH, ATTACK, BRIBE, CONDEMN, DEFEND, END_WAR, EVENT,
                                    YIELD, YIELD_PLUNDER)
from knjazja.engine.cards import CARD_ID, FOREIGN, STRENGTH
from knjazja.engine.public import attack_sum, attack_table, defence_table, holds, may_attack, troop_defence
from knjazja.engine.state import City

from .citystat import stripped
from .evaluator import Evaluator, J_with, swap_deltas

NEG = -1e9


def attack_troops(ev: Evaluator, defender: int) -> list[tuple[int, int, bool]]:
    """(card, attack Strength, foreign) of my troops that may attack this defender."""
    values = attack_table(ev.v, defender)
    return [(t, values[t], FOREIGN[t]) for t in ev.v.hand if may_attack(ev.v, t, defender)]


def plan_value(ev: Evaluator, city: City, gain: float, troops: list, ws: int,
                used: int, depth: int, memo: dict) -> tuple[float, int]:
    """Best value of continuing the war: (value, index of the troop to attack with or -1)."""
    key = (tuple(t[0] for t in troops), used)
    if key in memo:
        return memo[key]
    best, best_i = 0.0, -1
    if depth > 0:
        seen = set()
        for i, (card, s, foreign) in enumerate(troops):
            if s <= ws or (s, foreign) in seen:
                continue
            seen.add((s, foreign))
            p = ev.p_unanswered(city.owner, city, s, foreign, used)
            cost = ev.react_value(card)
            rest = troops[:i] + troops[i + 1:]
            cont = 0.0
            if p < 1.0 and rest:
                cont = plan_value(ev, city, gain, rest, ws, used + 1, depth - 1, memo)[0]
            val = p * gain - cost + (1 - p) * cont
            if val > best:
                best, best_i = val, i
    memo[key] = (best, best_i)
    return best, best_i


def war_gain(ev: Evaluator, city: City) -> float:
    """J gained by taking `city` (Plunder may strip it)."""
    me = ev.me
    j0 = ev.J(ev.U0)
    plunder = ev.has_reaction(city.owner, "ev.plunder") if city.buildings or city.walls >= 0 else 0.0
    full = J_with(ev, swap_deltas(ev, city, me)) - j0
    if plunder > 0:
        bare = J_with(ev, swap_deltas(ev, city, me, stripped(city))) - j0
        return (1 - plunder) * full + plunder * bare
    return full


def declare(ev: Evaluator, a: Action, cache: dict) -> float:
    v = ev.v
    city = ev.stats[a.city]
    troops = attack_troops(ev, city.owner)
    ws = city.wall_strength
    hand_ids = {CARD_ID[c] for c in v.hand}
    extra = 0.0
    if "ev.false_match" in hand_ids and ws > 0:
        # may open the walls first (card spent, walls gone for good)
        if not any(s > ws for _, s, _ in troops) or len(troops) > 1:
            extra -= ev.active_value(next(c for c in v.hand if CARD_ID[c] == "ev.false_match")) * 0.5
            ws = 0
    gain = war_gain(ev, city)
    val, _ = plan_value(ev, city, gain, troops, ws, 0, 3, {})
    if "ev.recon" in hand_ids:
        val *= 1.05
    if val <= 0:
        return NEG / 2          # a war with nothing to win: worse than any real move
    return ev.J(ev.U0) + val + extra


def score_war_attack(ev: Evaluator, legal: list[Action]) -> list[float]:
    v = ev.v
    w = cast(War, v.war)                  # a war decision: the war is on
    city = ev.stats[w.city]
    gain = war_gain(ev, city)
    troops = attack_troops(ev, w.defender)
    used = w.attacks_made
    memo: dict = {}
    plan, _ = plan_value(ev, city, gain, troops, city.wall_strength, used, 3, memo)
    out = []
    for a in legal:
        k = a.kind
        if k == END_WAR:
            out.append(0.0)
        elif k == ATTACK:
            s = attack_sum(v, a.cards, w.defender)
            foreign = any(FOREIGN[t] for t in a.cards)
            p = ev.p_unanswered(w.defender, city, s, foreign, used)
            cost = sum(ev.react_value(t) for t in a.cards)
            rest = [t for t in troops if t[0] not in a.cards]
            cont = 0.0
            if rest and p < 1:
                cont = plan_value(ev, city, gain, rest, city.wall_strength, used + 1, 2, memo)[0]
            if w.raid_troop >= 0:
                # the laid troop answers first; it is known
                if holds(v, defence_of(ev, w.defender, city, w.raid_troop), s):
                    p = 0.0
            out.append(p * gain - cost + (1 - p) * cont)
        elif k == EVENT:
            cid = CARD_ID[a.card]
            if cid == "ev.recon":
                out.append(0.05 + 0.1 * plan if v.hand_sizes[w.defender] > len(v.known.get(w.defender, ())) else -1)
            elif cid == "ev.raid_city":
                out.append(0.3 * plan + 0.02 if plan > 0 and v.hand_sizes[w.defender] else -1)
            elif cid == "ev.false_match":
                opened = stripped(city, walls_only=True)
                plan2, _ = plan_value(ev, opened, gain, troops, 0, used, 3, {})
                cost = ev.react_value(a.card)
                out.append(plan2 - cost - 0.01 if plan2 - cost > plan + 0.3 else -1)
            else:
                out.append(-1)
        elif k == BRIBE:
            out.append(ev.react_value(a.target) - ev.react_value(a.card) + 0.5)
        else:
            out.append(-1)
    return out


def defence_of(ev: Evaluator, defender: int, city: City, troop: int) -> int:
    return troop_defence(troop, city, defence_table(ev.v, defender))


def score_war_defend(ev: Evaluator, legal: list[Action]) -> list[float]:
    v = ev.v
    w = cast(War, v.war)                  # a war decision: the war is on
    me = ev.me
    city = ev.stats[w.city]
    j0 = ev.J(ev.U0)
    loss = J_with(ev, swap_deltas(ev, city, w.attacker)) - j0           # negative
    # further attacks may follow: the attacker's hand may hold more troops
    more = max(0, v.hand_sizes[w.attacker]) * 0.04
    out = []
    for a in legal:
        k = a.kind
        if k == YIELD:
            out.append(loss)
        elif k == YIELD_PLUNDER:
            l2 = J_with(ev, swap_deltas(ev, city, w.attacker, stripped(city))) - j0
            out.append(l2 - ev.react_value(a.card))
        elif k == DEFEND:
            cost = sum(ev.react_value(t) for t in a.cards)
            out.append(-cost + more * loss)
        elif k == AMBUSH:
            # an ambush destroys a whole squad: better spent on a big attack
            s = sum(STRENGTH[t] for t in w.attack)
            out.append(-ev.react_value(a.card) + 0.05 * s + more * loss)
        elif k == CONDEMN:
            out.append(-ev.react_value(a.card) + 0.2)
        elif k == BRIBE:
            gain = ev.react_value(a.target)
            rest = [t for t in w.attack if t != a.target]
            rs = attack_sum(v, rest, me)
            val = gain - ev.react_value(a.card)
            if rest and rs > city.wall_strength:
                # still has to be answered: the cheapest remaining answer
                opts = [sum(ev.react_value(t) for t in b.cards) for b in legal if b.kind == DEFEND
                        and holds(v, defence_sum(ev, me, city, b.cards), rs) and a.card not in b.cards]
                val -= min(opts) if opts else -loss
            out.append(val + more * loss + 0.1)
        else:
            out.append(NEG)
    return out


def defence_sum(ev: Evaluator, defender: int, city: City, cards) -> int:
    return sum(defence_of(ev, defender, city, t) for t in cards)


def score_counter(ev: Evaluator, legal: list[Action]) -> list[float]:
    v = ev.v
    w = cast(War, v.war)                  # a war decision: the war is on
    city = ev.stats[w.city]
    out = []
    for a in legal:
        if a.kind == ACCEPT:
            out.append(0.0)
        else:
            gain = ev.react_value(a.target) - ev.react_value(a.card)
            rest = [t for t in w.defence if t != a.target]
            att = attack_sum(v, w.attack, w.defender)
            d = defence_sum(ev, w.defender, city, rest)
            if not rest or not holds(v, d, att):
                foreign = any(FOREIGN[t] for t in w.attack)
                p = ev.p_unanswered(w.defender, city, att, foreign, w.attacks_made)
                gain += p * war_gain(ev, city)
            out.append(gain)
    return out


def score_raid_lay(ev: Evaluator, legal: list[Action]) -> list[float]:
    w = cast(War, ev.v.war)               # a war decision: the war is on
    city = ev.stats[w.city]
    out = []
    for a in legal:
        d = defence_of(ev, ev.me, city, a.card)
        out.append(-ev.react_value(a.card) + 0.08 * d)
    return out
