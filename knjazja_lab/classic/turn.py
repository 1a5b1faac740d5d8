"""Normal-classic: scores of turn actions (draw, play a card, Igor) from the action's effect."""
from __future__ import annotations

from knjazja.engine import Action
from knjazja.engine.actions import (BUILD, CHRONICLE, DECLARE_WAR, DRAW, EVENT, PASS, PASS_IGOR,
                                    PLAY_CITY)
from knjazja.engine.cards import CARD_ID, CARDS, IS_MILITIA, IS_TROOP, STRENGTH
from knjazja.engine.public import best_troop
from knjazja.engine.state import City

from knjazja.bots.warmath import hypergeom_none
from .citystat import CHR_GLORY, is_reactive, stripped, with_building, without_throne
from .evaluator import Evaluator, J_with, swap_deltas
from .war import declare

NEG = -1e9


def score_turn(ev: Evaluator, legal: list[Action]) -> list[float]:
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
            out.append(declare(ev, a, cache))
        elif k == PASS_IGOR:
            hv = ev.hand_without((a.cards[0],))
            igor = CHR_GLORY["chr.igor"]
            out.append(J_with(ev, {me: -igor, a.seat: igor}, hv))
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
    return J_with(ev, {}, hv)


def _play_city(ev: Evaluator, a: Action) -> float:
    stat = City(a.card, a.seat)
    hv = ev.hand_without((a.card,))
    return J_with(ev, {a.seat: ev.city_value(stat)}, hv)


def _build(ev: Evaluator, a: Action) -> float:
    me = ev.me
    c = ev.stats[a.city]
    new = with_building(c, a.card)
    d = {c.owner: ev.city_value(new) - ev.city_value(c)}
    cid = CARD_ID[a.card]
    if cid == "bld.throne" and ev.throne_city >= 0 and ev.throne_city != a.city:
        tc = ev.stats[ev.throne_city]
        d[tc.owner] = d.get(tc.owner, 0.0) + ev.city_value(without_throne(tc)) - ev.city_value(tc)
    hv = ev.hand_without((a.card,))
    if new.blocked and not c.blocked and c.owner == me:
        # nothing more may be built here: count what the hand and the turns left could add
        lost = 0.0
        for b in ev.v.hand:
            if b != a.card and CARDS[b].kind == "building" and not CARDS[b].is_wall:
                lost += max(0.0, ev.build_delta(c, b))
        lost = min(lost, ev.R[me] * 1.5)
        d[me] = d.get(me, 0.0) - ev.p["kappa"] * lost - ev.p["block_penalty"] * ev.R[me] * (c.glory() > 2)
    return J_with(ev, d, hv)


def _chronicle(ev: Evaluator, a: Action) -> float:
    me = ev.me
    cid = CARD_ID[a.card]
    if cid == "chr.sviatopolk":
        c = ev.stats[a.city]
        hv = ev.hand_without((a.card,))
        return J_with(ev, swap_deltas(ev, c, me, extra={me: -4.0}), hv)
    if cid == "chr.congress":
        t = a.seat
        hv = ev.hand_without((a.card,))
        # t gives his least valuable city if it costs him less than keeping (−4)
        cheapest = min((c for c in ev.stats.values() if c.owner == t), key=ev.city_value, default=None)
        if cheapest is not None and ev.city_value(cheapest) < 4.0:
            return J_with(ev, swap_deltas(ev, cheapest, me), hv)
        return J_with(ev, {t: -4.0}, hv)
    if cid == "chr.byzantium":
        troop = a.cards[0]
        hv = ev.hand_without((a.card, troop))
        return J_with(ev, {a.seat: float(STRENGTH[troop])}, hv)
    hv = ev.hand_without((a.card,))
    return J_with(ev, {a.seat: ev.chronicle_value(a.card, a.seat)}, hv)


def _p_cancel(ev: Evaluator, target: int, rid: str) -> float:
    if target == ev.me or target < 0:
        return 0.0
    return ev.has_reaction(target, rid)


def _event(ev: Evaluator, a: Action) -> float:
    v = ev.v
    me = ev.me
    cid = CARD_ID[a.card]
    hv = ev.hand_without((a.card,))
    j_none = J_with(ev, {}, hv)
    if cid in ("ev.treachery", "ev.judgement"):
        c = ev.stats[a.city]
        p = _p_cancel(ev, c.owner, "ev.city_watch") if cid == "ev.treachery" else 0.0
        return (1 - p) * J_with(ev, swap_deltas(ev, c, me), hv) + p * j_none
    if cid in ("ev.fire", "ev.false_match"):
        c = ev.stats[a.city]
        new = stripped(c, walls_only=cid == "ev.false_match")
        d = {c.owner: ev.city_value(new) - ev.city_value(c)}
        if cid == "ev.false_match" and c.owner != me:
            # an opened city is a target for my troops
            d[me] = 0.15 * _my_best_attack(ev, new) * c.glory()
        p = _p_cancel(ev, c.owner, "ev.city_watch")
        return (1 - p) * J_with(ev, d, hv) + p * j_none
    if cid in ("ev.polovtsian_raid", "ev.principality_raid"):
        t = a.seat
        h = v.hand_sizes[t]
        k = min(2, h)
        loss = ev.hand_other[t] - ev.other_hand_value(t, h - k)
        d = {t: -loss}
        if cid == "ev.principality_raid":
            gain_hv = hv + k * ev.mean_card * ev.p["kappa"]
            p = _p_cancel(ev, t, "ev.outpost")
            return (1 - p) * J_with(ev, d, gain_hv) + p * j_none
        p = _p_cancel(ev, t, "ev.outpost")
        return (1 - p) * J_with(ev, d, hv) + p * j_none
    if cid == "ev.tatar_invasion":
        return _with_time(ev, v.n, hv)
    if cid == "ev.silence":
        if v.invasion_active and v.deck_size:
            return _with_time(ev, int(v.deck_size / ev.p["draw_rate"]) + v.n, hv)
        return _with_time(ev, v.n, hv)
    if cid == "ev.poisoner":
        t = a.seat
        return J_with(ev, {t: -ev.chronicle_value(a.target, t)}, hv)
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
        return J_with(ev, {}, hv) - 0.5
    best = max(troops, key=lambda t: STRENGTH[t])
    s = STRENGTH[best]
    p_win = 1.0
    for t in range(v.n):
        if t != me:
            p_win *= p_no_troop_at_least(ev, t, s, 1.0 if t == c.owner else 0.6)
    hv2 = hv - ev.react_value(best)
    win = J_with(ev, swap_deltas(ev, c, me), hv2)
    lose = J_with(ev, {}, hv2)
    return p_win * win + (1 - p_win) * lose


def p_no_troop_at_least(ev: Evaluator, seat: int, s: int, willing: float, strict: bool = False) -> float:
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


def _my_best_attack(ev: Evaluator, city: City) -> float:
    """P-ish: can my troops attack this city at all (0..1)."""
    return 1.0 if best_troop(ev.v, ev.v.hand, city.owner) > city.wall_strength else 0.0
