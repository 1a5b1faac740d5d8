"""Normal-classic: answers out of turn (reactions, Dowry bids, the Congress of Princes)."""
from __future__ import annotations

from typing import cast

from knjazja.engine import Action
from knjazja.engine.actions import DECLINE, KEEP, NO_BID
from knjazja.engine.cards import CARD_ID, IS_TROOP, STRENGTH
from knjazja.engine.state import Pending

from .citystat import stripped
from .evaluator import Evaluator, J_with, swap_deltas
from .turn import p_no_troop_at_least


def score_reaction(ev: Evaluator, legal: list[Action]) -> list[float]:
    v = ev.v
    me = ev.me
    pend = cast(Pending, v.pending)       # an answer decision: a card is pending
    pa = pend.action
    cid = CARD_ID[pend.card]
    j0 = ev.J(ev.U0)
    # what the card would cost me if it took effect
    if cid == "ev.treachery":
        c = ev.stats[pa.city]
        effect = J_with(ev, swap_deltas(ev, c, pend.player)) - j0
    elif cid in ("ev.fire", "ev.false_match"):
        c = ev.stats[pa.city]
        new = stripped(c, walls_only=cid == "ev.false_match")
        effect = J_with(ev, {me: ev.city_value(new) - ev.city_value(c)}) - j0
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


def score_dowry(ev: Evaluator, legal: list[Action]) -> list[float]:
    v = ev.v
    me = ev.me
    pend = cast(Pending, v.pending)       # an answer decision: a card is pending
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
                out.append(p_taken * (J_with(ev, swap_deltas(ev, c, player)) - j0))
            else:
                out.append(0.0)
            continue
        s = STRENGTH[a.card]
        p = 1.0
        for b in earlier_bids:
            p *= p_no_troop_at_least(ev, b, s, 1.0)
        for b in later:
            if b == me:
                continue
            willing = 1.0 if b in (player, c.owner) else 0.5
            p *= p_no_troop_at_least(ev, b, s, willing, strict=True)
        cost = ev.react_value(a.card)
        if c.owner == me:
            lose = J_with(ev, swap_deltas(ev, c, player)) - j0
            out.append((1 - p) * 0.85 * lose - cost)
        else:
            gain = J_with(ev, swap_deltas(ev, c, me)) - j0
            out.append(p * gain - cost)
    return out


def score_congress(ev: Evaluator, legal: list[Action]) -> list[float]:
    v = ev.v
    me = ev.me
    pend = cast(Pending, v.pending)       # an answer decision: a card is pending
    out = []
    for a in legal:
        if a.kind == KEEP:
            out.append(J_with(ev, {me: -4.0}))
        else:
            c = ev.stats[a.city]
            out.append(J_with(ev, swap_deltas(ev, c, pend.player)))
    return out
