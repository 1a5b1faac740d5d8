"""Normal: a one-ply heuristic player.

Every legal action is scored by the evaluation it leads to (`heuristics.Evaluator`),
computed directly from the action's effect rather than by simulating it:

* turn actions: the new U-vector after the card lands (a City Watch / Outpost that
  may cancel it is weighed by the chance the target holds one);
* wars: an attack plan — attacks in the order that pays best, each with the chance
  that the defender holds no answer (hypergeometric over the cards this seat cannot
  see), the troops spent either way;
* answers out of turn (defence, reactions, Dowry bids, Congress) by the Glory they save
  against the card they spend.

The scores are in Glory units of  J = own U − softmax(others' U).
"""
from __future__ import annotations

import random

from knjazja.engine import Action, Observation
from knjazja.engine.actions import (ACCEPT, AMBUSH, ATTACK, BRIBE, BUILD, CHRONICLE, CONDEMN,
                                    CONGRESS, DECLARE_WAR, DECLINE, DEFEND, DOWRY_BID, DRAW,
                                    END_WAR, EVENT, KEEP, NO_BID, PASS, PASS_IGOR, PLAY_CITY,
                                    RAID_LAY, REACTION, TURN, WAR_ATTACK, WAR_COUNTER, WAR_DEFEND,
                                    YIELD, YIELD_PLUNDER)
from knjazja.engine.cards import CARD_ID, CARDS, FOREIGN, IS_MILITIA, IS_TROOP, STRENGTH
from knjazja.engine.state import City

from .heuristics import CHR_GLORY, PARAMS, CityStat, Evaluator, hypergeom_none, is_reactive
from .view import View

NEG = -1e9


class NormalBot:
    name = "normal"

    def __init__(self, params: dict | None = None) -> None:
        self.params = dict(PARAMS, **(params or {}))

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        return decide(View.from_obs(obs), legal, self.params)


def decide(view: View, legal: list[Action], params: dict | None = None) -> Action:
    scores = score_actions(view, legal, params)
    best = 0
    for i in range(1, len(scores)):
        if scores[i] > scores[best]:
            best = i
    return legal[best]


def score_actions(view: View, legal: list[Action], params: dict | None = None) -> list[float]:
    """One score per legal action (higher is better), in the seat's J units."""
    ev = Evaluator(view, params)
    kind = view.decision.kind
    fn = _SCORERS.get(kind)
    if fn is None:
        return [0.0] * len(legal)
    return fn(ev, legal)


# =====================================================================================
# helpers
# =====================================================================================
def _J_with(ev: Evaluator, deltas: dict[int, float], my_hand: float | None = None) -> float:
    U = ev.U0[:]
    if my_hand is not None:
        U[ev.me] = ev.board[ev.me] + my_hand
    for s, d in deltas.items():
        U[s] += d
    return ev.J(U)


def _swap_deltas(ev: Evaluator, city: CityStat, new_owner: int, new_stat: CityStat | None = None,
                 extra: dict | None = None) -> dict[int, float]:
    """U deltas when `city` passes to `new_owner` (optionally changed to `new_stat`)."""
    old_v = ev.city_value(city)
    new_v = ev.city_value(new_stat) if new_stat is not None else old_v
    d = dict(extra or {})
    d[city.owner] = d.get(city.owner, 0.0) - old_v
    d[new_owner] = d.get(new_owner, 0.0) + new_v
    return d


# =====================================================================================
# the turn
# =====================================================================================
def _score_turn(ev: Evaluator, legal: list[Action]) -> list[float]:
    me = ev.me
    cache: dict = {}
    out = []
    for a in legal:
        k = a.kind
        if k == DRAW:
            out.append(_draw(ev))
        elif k == PASS:
            out.append(ev.J(ev.U0))
        elif k == PLAY_CITY:
            out.append(_play_city(ev, a))
        elif k == BUILD:
            out.append(_build(ev, a))
        elif k == CHRONICLE:
            out.append(_chronicle(ev, a))
        elif k == EVENT:
            out.append(_event(ev, a))
        elif k == DECLARE_WAR:
            out.append(_declare(ev, a, cache))
        elif k == PASS_IGOR:
            hv = ev.hand_without((a.cards[0],))
            igor = CHR_GLORY["chr.igor"]
            out.append(_J_with(ev, {me: -igor, a.seat: igor}, hv))
        else:
            out.append(NEG)
    return out


def _draw(ev: Evaluator) -> float:
    v = ev.v
    me = ev.me
    n_draw = 2 if v.holds_chronicle(me, "chr.hermit") else 1
    n_draw = min(n_draw, v.deck_size)
    if v.end_turn is None and v.deck_size <= n_draw:
        # the last card: the end is set, everyone has one more turn
        saved = (ev.t_left, ev.U0)
        ev.set_time(v.n)
        ev.hand_other = [ev.other_hand_value(s, v.hand_sizes[s]) if s != me else 0.0
                         for s in range(v.n)]
        U = ev.compute_U()
        base_active = ev.my_active
        U[me] = ev.board[me] + ev.my_hand_value(base_active + [ev.mean_active] * n_draw, ev.my_react)
        j = ev.J(U)
        ev.set_time(saved[0])
        ev.hand_other = [ev.other_hand_value(s, v.hand_sizes[s]) if s != me else 0.0
                         for s in range(v.n)]
        return j
    pa = ev.p_active
    act = ev.my_active
    hv0 = ev.my_hand_value(act, ev.my_react)
    with_one = sorted(act + [ev.mean_active], reverse=True)
    h_act = ev.my_hand_value(with_one, ev.my_react)
    h_rea = hv0 + ev.mean_react_eff
    hv = pa * h_act + (1 - pa) * h_rea
    if n_draw == 2:
        hv += hv - hv0
    return _J_with(ev, {}, hv)


def _play_city(ev: Evaluator, a: Action) -> float:
    stat = CityStat(City(a.card, a.seat))
    hv = ev.hand_without((a.card,))
    return _J_with(ev, {a.seat: ev.city_value(stat)}, hv)


def _build(ev: Evaluator, a: Action) -> float:
    me = ev.me
    c = ev.stats[a.city]
    new = c.with_building(a.card)
    d = {c.owner: ev.city_value(new) - ev.city_value(c)}
    cid = CARD_ID[a.card]
    if cid == "bld.throne" and ev.throne_city >= 0 and ev.throne_city != a.city:
        tc = ev.stats[ev.throne_city]
        d[tc.owner] = d.get(tc.owner, 0.0) + ev.city_value(tc.without_throne()) - ev.city_value(tc)
    hv = ev.hand_without((a.card,))
    if new.blocked and not c.blocked and c.owner == me:
        # nothing more may be built here: count what the hand and the turns left could add
        lost = 0.0
        for b in ev.v.hand:
            if b != a.card and CARDS[b].kind == "building" and not CARDS[b].is_wall:
                lost += max(0.0, ev.build_delta(c, b))
        lost = min(lost, ev.R[me] * 1.5)
        d[me] = d.get(me, 0.0) - ev.p["kappa"] * lost - ev.p["block_penalty"] * ev.R[me] * (c.glory() > 2)
    return _J_with(ev, d, hv)


def _chronicle(ev: Evaluator, a: Action) -> float:
    me = ev.me
    cid = CARD_ID[a.card]
    if cid == "chr.sviatopolk":
        c = ev.stats[a.city]
        hv = ev.hand_without((a.card,))
        return _J_with(ev, _swap_deltas(ev, c, me, extra={me: -4.0}), hv)
    if cid == "chr.congress":
        t = a.seat
        hv = ev.hand_without((a.card,))
        # t gives his least valuable city if it costs him less than keeping (−4)
        cheapest = min((c for c in ev.stats.values() if c.owner == t), key=ev.city_value, default=None)
        if cheapest is not None and ev.city_value(cheapest) < 4.0:
            return _J_with(ev, _swap_deltas(ev, cheapest, me), hv)
        return _J_with(ev, {t: -4.0}, hv)
    if cid == "chr.byzantium":
        troop = a.cards[0]
        hv = ev.hand_without((a.card, troop))
        return _J_with(ev, {a.seat: float(STRENGTH[troop])}, hv)
    hv = ev.hand_without((a.card,))
    return _J_with(ev, {a.seat: ev.chronicle_value(a.card, a.seat)}, hv)


def _p_cancel(ev: Evaluator, target: int, rid: str) -> float:
    if target == ev.me or target < 0:
        return 0.0
    return ev.has_reaction(target, rid)


def _event(ev: Evaluator, a: Action) -> float:
    v = ev.v
    me = ev.me
    cid = CARD_ID[a.card]
    hv = ev.hand_without((a.card,))
    j_none = _J_with(ev, {}, hv)
    if cid in ("ev.treachery", "ev.judgement"):
        c = ev.stats[a.city]
        p = _p_cancel(ev, c.owner, "ev.city_watch") if cid == "ev.treachery" else 0.0
        return (1 - p) * _J_with(ev, _swap_deltas(ev, c, me), hv) + p * j_none
    if cid in ("ev.fire", "ev.false_match"):
        c = ev.stats[a.city]
        new = c.stripped(walls_only=cid == "ev.false_match")
        d = {c.owner: ev.city_value(new) - ev.city_value(c)}
        if cid == "ev.false_match" and c.owner != me:
            # an opened city is a target for my troops
            d[me] = 0.15 * _my_best_attack(ev, new) * c.glory()
        p = _p_cancel(ev, c.owner, "ev.city_watch")
        return (1 - p) * _J_with(ev, d, hv) + p * j_none
    if cid in ("ev.polovtsian_raid", "ev.principality_raid"):
        t = a.seat
        h = v.hand_sizes[t]
        k = min(2, h)
        loss = ev.hand_other[t] - ev.other_hand_value(t, h - k)
        d = {t: -loss}
        if cid == "ev.principality_raid":
            gain_hv = hv + k * ev.mean_card * ev.p["kappa"]
            p = _p_cancel(ev, t, "ev.outpost")
            return (1 - p) * _J_with(ev, d, gain_hv) + p * j_none
        p = _p_cancel(ev, t, "ev.outpost")
        return (1 - p) * _J_with(ev, d, hv) + p * j_none
    if cid == "ev.tatar_invasion":
        return _with_time(ev, v.n, hv)
    if cid == "ev.silence":
        if v.invasion_active and v.deck_size:
            return _with_time(ev, int(v.deck_size / ev.p["draw_rate"]) + v.n, hv)
        return _with_time(ev, v.n, hv)
    if cid == "ev.poisoner":
        t = a.seat
        return _J_with(ev, {t: -ev.chronicle_value(a.target, t)}, hv)
    if cid == "ev.dowry":
        return _dowry_play(ev, a, hv)
    if cid == "ev.recon":
        return j_none + 0.1
    return j_none


def _with_time(ev: Evaluator, t_left: int, hv_minus_card: float) -> float:
    """J if the game had `t_left` turns left after this one (Invasion, Silence)."""
    v = ev.v
    me = ev.me
    saved_t = ev.t_left
    saved_other = ev.hand_other
    saved_board = ev.board
    ev.set_time(t_left)
    ev.board = [0.0] * v.n
    for c in ev.stats.values():
        ev.board[c.owner] += ev.city_value(c)
    for s in range(v.n):
        ev.board[s] += ev.chronicles_value(s)
    ev.hand_other = [ev.other_hand_value(s, v.hand_sizes[s]) if s != me else 0.0 for s in range(v.n)]
    U = ev.compute_U()
    # my hand without the played card, re-valued for the new time
    active = sorted((ev.active_value(c) for c in v.hand if not is_reactive(c)), reverse=True)
    react = sum(ev.react_value(c) for c in v.hand if is_reactive(c))
    # drop one active card (the event played): approximate by removing the smallest
    if active:
        active = active[:-1]
    U[me] = ev.board[me] + ev.my_hand_value(active, react)
    j = ev.J(U)
    ev.set_time(saved_t)
    ev.hand_other, ev.board = saved_other, saved_board
    return j


def _dowry_play(ev: Evaluator, a: Action, hv: float) -> float:
    v = ev.v
    me = ev.me
    c = ev.stats[a.city]
    troops = [t for t in v.hand if IS_TROOP[t] and not IS_MILITIA[t]]
    if not troops:
        return _J_with(ev, {}, hv) - 0.5
    best = max(troops, key=lambda t: STRENGTH[t])
    s = STRENGTH[best]
    p_win = 1.0
    for t in range(v.n):
        if t != me:
            p_win *= _p_no_troop_at_least(ev, t, s, 1.0 if t == c.owner else 0.6)
    hv2 = hv - ev.react_value(best)
    win = _J_with(ev, _swap_deltas(ev, c, me), hv2)
    lose = _J_with(ev, {}, hv2)
    return p_win * win + (1 - p_win) * lose


def _p_no_troop_at_least(ev: Evaluator, seat: int, s: int, willing: float, strict: bool = False) -> float:
    """P(seat would not outbid a bid of printed Strength s)."""
    v = ev.v
    known = v.known.get(seat, ())
    thr = s + 1 if strict else s
    if any(IS_TROOP[c] and not IS_MILITIA[c] and STRENGTH[c] >= thr for c in known):
        return 1.0 - willing
    unknown = v.hand_sizes[seat] - len(known)
    good = sum(1 for c in v.pool if IS_TROOP[c] and not IS_MILITIA[c] and STRENGTH[c] >= thr)
    p_has = 1.0 - hypergeom_none(ev.pool_n, good, unknown)
    return 1.0 - willing * p_has


def _my_best_attack(ev: Evaluator, city: CityStat) -> float:
    """P-ish: can my troops attack this city at all (0..1)."""
    hand = ev.v.hand
    anna = ev.v.holds_chronicle(city.owner, "chr.anna")
    ws = city.ws
    for t in hand:
        if IS_TROOP[t] and not IS_MILITIA[t]:
            s = STRENGTH[t] - (2 if anna and FOREIGN[t] else 0)
            if s > ws:
                return 1.0
    return 0.0


# --- war planning -----------------------------------------------------------------------
def _attack_troops(ev: Evaluator, defender: int) -> list[tuple[int, int, bool]]:
    """(card, attack Strength, foreign) of my troops that may attack this defender."""
    anna = ev.v.holds_chronicle(defender, "chr.anna")
    out = []
    for t in ev.v.hand:
        if IS_TROOP[t] and not IS_MILITIA[t]:
            s = STRENGTH[t] - (2 if anna and FOREIGN[t] else 0)
            if s > 0:
                out.append((t, s, FOREIGN[t]))
    return out


def _plan_value(ev: Evaluator, city: CityStat, gain: float, troops: list, ws: int,
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
                cont = _plan_value(ev, city, gain, rest, ws, used + 1, depth - 1, memo)[0]
            val = p * gain - cost + (1 - p) * cont
            if val > best:
                best, best_i = val, i
    memo[key] = (best, best_i)
    return best, best_i


def _war_gain(ev: Evaluator, city: CityStat) -> float:
    """J gained by taking `city` (Plunder may strip it)."""
    me = ev.me
    j0 = ev.J(ev.U0)
    plunder = ev.has_reaction(city.owner, "ev.plunder") if city.nbuild or city.wall else 0.0
    full = _J_with(ev, _swap_deltas(ev, city, me)) - j0
    if plunder > 0:
        stripped = _J_with(ev, _swap_deltas(ev, city, me, city.stripped())) - j0
        return (1 - plunder) * full + plunder * stripped
    return full


def _declare(ev: Evaluator, a: Action, cache: dict) -> float:
    v = ev.v
    city = ev.stats[a.city]
    troops = _attack_troops(ev, city.owner)
    ws = city.ws
    hand_ids = {CARD_ID[c] for c in v.hand}
    extra = 0.0
    if "ev.false_match" in hand_ids and ws > 0:
        # may open the walls first (card spent, walls gone for good)
        if not any(s > ws for _, s, _ in troops) or len(troops) > 1:
            extra -= ev.active_value(next(c for c in v.hand if CARD_ID[c] == "ev.false_match")) * 0.5
            ws = 0
    gain = _war_gain(ev, city)
    val, _ = _plan_value(ev, city, gain, troops, ws, 0, 3, {})
    if "ev.recon" in hand_ids:
        val *= 1.05
    if val <= 0:
        return NEG / 2          # a war with nothing to win: worse than any real move
    return ev.J(ev.U0) + val + extra


def _score_war_attack(ev: Evaluator, legal: list[Action]) -> list[float]:
    v = ev.v
    w = v.war
    city = ev.stats[w.city]
    gain = _war_gain(ev, city)
    troops = _attack_troops(ev, w.defender)
    used = w.attacks_made
    memo: dict = {}
    plan, _ = _plan_value(ev, city, gain, troops, city.ws, used, 3, memo)
    out = []
    for a in legal:
        k = a.kind
        if k == END_WAR:
            out.append(0.0)
        elif k == ATTACK:
            s = sum(STRENGTH[t] - (2 if FOREIGN[t] and v.holds_chronicle(w.defender, "chr.anna") else 0)
                    for t in a.cards)
            foreign = any(FOREIGN[t] for t in a.cards)
            p = ev.p_unanswered(w.defender, city, s, foreign, used)
            cost = sum(ev.react_value(t) for t in a.cards)
            rest = [t for t in troops if t[0] not in a.cards]
            cont = 0.0
            if rest and p < 1:
                cont = _plan_value(ev, city, gain, rest, city.ws, used + 1, 2, memo)[0]
            if w.raid_troop >= 0:
                # the laid troop answers first; it is known
                d = _defence_of(ev, w.defender, city, w.raid_troop)
                holds = d > s or (d == s and not v.options.strict_defence)
                if holds:
                    p = 0.0
            out.append(p * gain - cost + (1 - p) * cont)
        elif k == EVENT:
            cid = CARD_ID[a.card]
            if cid == "ev.recon":
                out.append(0.05 + 0.1 * plan if v.hand_sizes[w.defender] > len(v.known.get(w.defender, ())) else -1)
            elif cid == "ev.raid_city":
                out.append(0.3 * plan + 0.02 if plan > 0 and v.hand_sizes[w.defender] else -1)
            elif cid == "ev.false_match":
                opened = city.stripped(walls_only=True)
                plan2, _ = _plan_value(ev, opened, gain, troops, 0, used, 3, {})
                cost = ev.react_value(a.card)
                out.append(plan2 - cost - 0.01 if plan2 - cost > plan + 0.3 else -1)
            else:
                out.append(-1)
        elif k == BRIBE:
            out.append(ev.react_value(a.target) - ev.react_value(a.card) + 0.5)
        else:
            out.append(-1)
    return out


def _defence_of(ev: Evaluator, defender: int, city: CityStat, troop: int) -> int:
    if IS_MILITIA[troop]:
        return city.glory()
    s = STRENGTH[troop]
    if CARD_ID[troop].startswith("troop.druzhina") and ev.v.holds_chronicle(defender, "chr.bogatyrs"):
        s += 2
    return s


def _score_war_defend(ev: Evaluator, legal: list[Action]) -> list[float]:
    v = ev.v
    w = v.war
    me = ev.me
    city = ev.stats[w.city]
    j0 = ev.J(ev.U0)
    loss = _J_with(ev, _swap_deltas(ev, city, w.attacker)) - j0           # negative
    # further attacks may follow: the attacker's hand may hold more troops
    more = max(0, v.hand_sizes[w.attacker]) * 0.04
    out = []
    for a in legal:
        k = a.kind
        if k == YIELD:
            out.append(loss)
        elif k == YIELD_PLUNDER:
            l2 = _J_with(ev, _swap_deltas(ev, city, w.attacker, city.stripped())) - j0
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
            anna = v.holds_chronicle(me, "chr.anna")
            rs = sum(STRENGTH[t] - (2 if anna and FOREIGN[t] else 0) for t in rest)
            val = gain - ev.react_value(a.card)
            if rest and rs > city.ws:
                # still has to be answered: the cheapest remaining answer
                opts = [sum(ev.react_value(t) for t in b.cards) for b in legal if b.kind == DEFEND
                        and _defence_sum(ev, me, city, b.cards) >= rs and a.card not in b.cards]
                val -= min(opts) if opts else -loss
            out.append(val + more * loss + 0.1)
        else:
            out.append(NEG)
    return out


def _defence_sum(ev: Evaluator, defender: int, city: CityStat, cards) -> int:
    return sum(_defence_of(ev, defender, city, t) for t in cards)


def _score_counter(ev: Evaluator, legal: list[Action]) -> list[float]:
    v = ev.v
    w = v.war
    city = ev.stats[w.city]
    out = []
    for a in legal:
        if a.kind == ACCEPT:
            out.append(0.0)
        else:
            gain = ev.react_value(a.target) - ev.react_value(a.card)
            rest = [t for t in w.defence if t != a.target]
            att = sum(STRENGTH[t] for t in w.attack)
            d = _defence_sum(ev, w.defender, city, rest)
            if not rest or not (d > att or (d == att and not v.options.strict_defence)):
                foreign = any(FOREIGN[t] for t in w.attack)
                p = ev.p_unanswered(w.defender, city, att, foreign, w.attacks_made)
                gain += p * _war_gain(ev, city)
            out.append(gain)
    return out


def _score_raid_lay(ev: Evaluator, legal: list[Action]) -> list[float]:
    w = ev.v.war
    city = ev.stats[w.city]
    out = []
    for a in legal:
        d = _defence_of(ev, ev.me, city, a.card)
        out.append(-ev.react_value(a.card) + 0.08 * d)
    return out


def _score_reaction(ev: Evaluator, legal: list[Action]) -> list[float]:
    v = ev.v
    me = ev.me
    pend = v.pending
    pa = pend.action
    cid = CARD_ID[pend.card]
    j0 = ev.J(ev.U0)
    # what the card would cost me if it took effect
    if cid == "ev.treachery":
        c = ev.stats[pa.city]
        effect = _J_with(ev, _swap_deltas(ev, c, pend.player)) - j0
    elif cid in ("ev.fire", "ev.false_match"):
        c = ev.stats[pa.city]
        new = c.stripped(walls_only=cid == "ev.false_match")
        effect = _J_with(ev, {me: ev.city_value(new) - ev.city_value(c)}) - j0
        if cid == "ev.false_match" and v.war is not None:
            effect *= 2.5           # the walls are what stops this war
    elif cid in ("ev.polovtsian_raid", "ev.principality_raid"):
        vals = sorted((ev.card_value(c) for c in v.hand), reverse=True)
        k = min(2, len(vals))
        mean = sum(vals) / len(vals) if vals else 0.0
        effect = -k * mean * (2.0 if cid == "ev.principality_raid" else 1.0)
    elif cid == "ev.raid_city":
        troops = [t for t in v.hand if IS_TROOP[t]]
        effect = -min((ev.react_value(t) for t in troops), default=0.0) - 0.3
    else:
        effect = 0.0
    out = []
    for a in legal:
        if a.kind == DECLINE:
            out.append(effect)
        else:
            # the reaction card itself is spent (it counts a little less when the card is an own bonus)
            out.append(-ev.react_value(a.card))
    return out


def _score_dowry(ev: Evaluator, legal: list[Action]) -> list[float]:
    v = ev.v
    me = ev.me
    pend = v.pending
    c = ev.stats[pend.action.city]
    j0 = ev.J(ev.U0)
    player = pend.player
    later = pend.bidders[1:] if pend.bidders and pend.bidders[0] == me else pend.bidders
    earlier_bids = [b for b, _ in pend.bids if b != me]
    out = []
    for a in legal:
        if a.kind == NO_BID:
            if c.owner == me:
                # someone (the Dowry's player surely) will bid
                p_taken = 0.85
                out.append(p_taken * (_J_with(ev, _swap_deltas(ev, c, player)) - j0))
            else:
                out.append(0.0)
            continue
        s = STRENGTH[a.card]
        p = 1.0
        for b in earlier_bids:
            p *= _p_no_troop_at_least(ev, b, s, 1.0)
        for b in later:
            if b == me:
                continue
            willing = 1.0 if b in (player, c.owner) else 0.5
            p *= _p_no_troop_at_least(ev, b, s, willing, strict=True)
        cost = ev.react_value(a.card)
        if c.owner == me:
            lose = _J_with(ev, _swap_deltas(ev, c, player)) - j0
            out.append((1 - p) * 0.85 * lose - cost)
        else:
            gain = _J_with(ev, _swap_deltas(ev, c, me)) - j0
            out.append(p * gain - cost)
    return out


def _score_congress(ev: Evaluator, legal: list[Action]) -> list[float]:
    v = ev.v
    me = ev.me
    pend = v.pending
    out = []
    for a in legal:
        if a.kind == KEEP:
            out.append(_J_with(ev, {me: -4.0}))
        else:
            c = ev.stats[a.city]
            out.append(_J_with(ev, _swap_deltas(ev, c, pend.player)))
    return out


_SCORERS = {
    TURN: _score_turn,
    WAR_ATTACK: _score_war_attack,
    WAR_DEFEND: _score_war_defend,
    WAR_COUNTER: _score_counter,
    RAID_LAY: _score_raid_lay,
    REACTION: _score_reaction,
    DOWRY_BID: _score_dowry,
    CONGRESS: _score_congress,
}
