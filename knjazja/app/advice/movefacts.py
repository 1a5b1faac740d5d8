"""What a move of each kind does, as facts with the numbers of the position after it.

Every legal move has at least one fact here, so that a reason can always say *why that
move* — what it wins, saves, exposes or costs — and never only the score.  The numbers come
from ``facts.after`` (a deal of the hidden cards the mover cannot tell apart, read only for
what the deal does not decide) or from the mover's observation; a card a reaction may still
cancel is told with "unless it is cancelled" and its effect as it would be (``declined``).
No pygame.
"""
from __future__ import annotations

from knjazja.app.advice.facts import (Card, Count, Fact, Position, Seat, after, cards, fact, glory, standing,
                                      unseen_takers, war_facts)
from knjazja.bots.idle import why_idle
from knjazja.bots.press import leaders, victim
from knjazja.engine import Action, GameState, Observation, apply, final_scores, legal_actions, seen_from
from knjazja.engine.actions import (ACCEPT, AMBUSH, ATTACK, BID, BRIBE, BUILD, CHRONICLE, CONDEMN, DECLINE,
                                    DEFEND, DRAW, END_WAR, EVENT, GIVE_CITY, KEEP, LAY, NO_BID, PASS, PASS_IGOR,
                                    PLAY_CITY, REACT, REACTION, YIELD, YIELD_PLUNDER)
from knjazja.engine.cards import CARDS, FOREIGN, IS_MILITIA, IS_TROOP, KIND, STRENGTH
from knjazja.engine.kinds import CardKind
from knjazja.engine.scoring import seat_glory
from knjazja.engine.targets import attack_sum, defence_sum

__all__ = ["move_facts", "declined"]


def declined(state: Position, seat: int, a: Action) -> tuple[GameState, bool]:
    """The position after ``a`` with any reaction it asks for declined, and whether one was
    asked (the card may still be cancelled)."""
    s = after(state, seat, a)
    asked = False
    while s.decision.kind == REACTION and not s.over:
        asked = True
        apply(s, next(x for x in legal_actions(s) if x.kind == DECLINE))
    return s, asked


def _troops(hand: list[int]) -> int:
    return sum(1 for c in hand if IS_TROOP[c])


def _buildings(cards_: list[int]) -> int:
    return sum(1 for c in cards_ if KIND[c] == CardKind.BUILDING and not CARDS[c].is_wall
               and CARDS[c].id != "wall.moat")


# --- a turn ------------------------------------------------------------------------------------
def _draw(state: Position, seat: int, a: Action) -> list[Fact]:
    s = after(state, seat, a)
    hand = cards(len(s.hands[seat]))
    if not s.deck:
        return [fact("draw_last", hand=hand)]
    return [fact("draw", hand=hand, deck=cards(len(s.deck)))]


def _build(state: Position, obs: Observation, a: Action) -> list[Fact]:
    city = obs.cities[a.city]
    s = after(state, obs.seat, a)
    now = s.cities[a.city]
    if city.owner != obs.seat:
        gain = seat_glory(s, city.owner) - seat_glory(obs, city.owner)
        return [fact("helps", seat=Seat(city.owner), n=Count("glory_acc", gain))] if gain > 0 else \
            [fact("shields", seat=Seat(city.owner), city=Card(a.city))]
    spec = CARDS[a.card]
    v, w = now.glory(), now.wall_strength
    if spec.is_wall or spec.id == "wall.moat":
        out: list[Fact] = []
        k = _buildings(s.hands[obs.seat])
        if spec.blocks and k:
            out.append(fact("closes", card=Card(a.card), city=Card(a.city), n=Count("buildings", k)))
        if w == 0:
            return out + [fact("moat_waits", city=Card(a.city))]
        return out + [fact("walls_hold", city=Card(a.city), w=w, v=v)]
    k = unseen_takers(obs, obs.seat, w)
    if w == 0:
        key = "exposed" if k else "exposed_safe"
    else:
        key = "thin_walls" if k else "walled"
    return [fact(key, city=Card(a.city), v=v, w=w, k=k)]


def _chronicle(state: Position, obs: Observation, a: Action) -> list[Fact]:
    cid = CARDS[a.card].id
    me = obs.seat
    if a.seat != me:
        if cid == "chr.congress":
            return [fact("congress", seat=Seat(a.seat))]
        return [fact("chronicle_for", card=Card(a.card), seat=Seat(a.seat))]
    if cid == "chr.hermit":
        return [fact("hermit", card=Card(a.card), deck=cards(obs.deck_size))]
    if cid == "chr.voivode":
        troops = [c for c in obs.hand if IS_TROOP[c] and not IS_MILITIA[c]]
        if len(troops) < 2:
            return [fact("voivode_later", card=Card(a.card), k=Count("troops", len(troops)))]
        return [fact("voivode", card=Card(a.card), k=Count("troops", len(troops)),
                     s=sum(STRENGTH[c] for c in troops))]
    if cid == "chr.bogatyrs":
        return [fact("bogatyrs", card=Card(a.card), k=Count("cities", sum(1 for c in obs.cities.values()
                                                                          if c.owner == me)))]
    if cid == "chr.anna":
        return [fact("anna", card=Card(a.card), k=sum(1 for c in obs.unseen if IS_TROOP[c] and FOREIGN[c]))]
    return []                               # the others: their Glory is the effect's


def _event(state: Position, obs: Observation, a: Action) -> list[Fact]:
    cid = CARDS[a.card].id
    me = obs.seat
    s, unless = declined(state, me, a)
    tag = "_unless" if unless else ""
    if cid in ("ev.treachery", "ev.judgement") and a.city in s.cities:
        gain = seat_glory(s, me) - seat_glory(obs, me)
        return [fact("takes" + tag, city=Card(a.city), seat=Seat(obs.cities[a.city].owner),
                     n=Count("glory_acc", gain))]
    if cid == "ev.fire" and a.city in obs.cities:
        before = obs.cities[a.city]
        return [fact("fire" + tag, city=Card(a.city), n=Count("buildings", len(before.all_buildings())),
                     v=s.cities[a.city].glory())]
    if cid == "ev.false_match" and a.city in obs.cities:
        w = obs.cities[a.city].wall_strength
        return [fact(("strip" if w else "strip_moat") + tag, city=Card(a.city), w=w)]
    if cid == "ev.polovtsian_raid":
        return [fact("raid_discard" + tag, seat=Seat(a.seat), hand=cards(len(s.hands[a.seat])))]
    if cid == "ev.principality_raid":
        return [fact("raid_take" + tag, seat=Seat(a.seat), k=Count("cards_acc", obs.hand_sizes[a.seat]
                                                                   - len(s.hands[a.seat])),
                     hand=cards(len(s.hands[me])))]
    if cid == "ev.recon":
        return [fact("recon", seat=Seat(a.seat), cards=cards(obs.hand_sizes[a.seat]))]
    if cid == "ev.poisoner":
        return [fact("poison_own" if a.seat == me else "poison", target=Card(a.target), seat=Seat(a.seat))]
    if cid == "ev.dowry" and a.city in obs.cities:
        bids = [STRENGTH[c] for c in obs.hand if IS_TROOP[c] and not IS_MILITIA[c] and c != a.card]
        worth = glory(obs.cities[a.city].glory())
        return [fact("dowry", city=Card(a.city), glory=worth, s=max(bids))] if bids else \
            [fact("dowry_no_bid", city=Card(a.city), glory=worth)]
    if cid == "ev.raid_city" and obs.war is not None:
        return [fact("raid_city" + tag, seat=Seat(obs.war.defender), cards=cards(obs.hand_sizes[obs.war.defender]))]
    return _end_event(obs, a, s)


def _end_event(obs: Observation, a: Action, s: GameState) -> list[Fact]:
    """The Tatar Invasion and And There Was Silence: the end of the game moves."""
    cid = CARDS[a.card].id
    scores = final_scores(s)
    ahead = scores[obs.seat] - max(v for t, v in enumerate(scores) if t != obs.seat)
    if cid == "ev.tatar_invasion":
        if ahead > 0:
            return [fact("ends_leading", n=Count("glory_acc", ahead))]
        return [fact("ends_behind", card=Card(a.card), stand=standing(s, obs.seat))]
    if cid == "ev.silence":
        if s.end_turn is None:
            return [fact("silence_cancels", card=Card(a.card), deck=cards(len(s.deck)), leading=ahead > 0)]
        return [fact("silence_round", card=Card(a.card), leading=ahead > 0)]
    return []


def _turn(state: Position, obs: Observation, a: Action) -> list[Fact]:
    k = a.kind
    if k == DRAW:
        return _draw(state, obs.seat, a)
    if k == PASS:
        return [fact("pass", hand=cards(len(obs.hand)))]
    if k == PLAY_CITY:
        if a.seat != obs.seat:
            return [fact("city_for", city=Card(a.card), seat=Seat(a.seat), glory=glory(CARDS[a.card].glory))]
        return [fact("found", city=Card(a.card), glory=Count("glory_acc", after(state, obs.seat, a)
                                                             .cities[a.card].glory()))]
    if k == BUILD:
        return _build(state, obs, a)
    if k == CHRONICLE:
        return _chronicle(state, obs, a)
    if k == EVENT:
        return _event(state, obs, a)
    if k == PASS_IGOR:
        return [fact("igor", seat=Seat(a.seat), troop=Card(a.cards[0]))]
    return war_facts(obs, a)


# --- a war, an answer, a bid ------------------------------------------------------------------
def _war(state: Position, obs: Observation, a: Action) -> list[Fact]:
    w = obs.war
    k = a.kind
    if w is None:
        return []
    city = obs.cities[w.city]
    me = obs.seat
    s = after(state, me, a)
    if k == ATTACK:
        strength = attack_sum(s, a.cards, w.defender)
        d = w.defender
        return [fact("attack" if city.wall_strength else "attack_open", city=Card(w.city), s=strength,
                     w=city.wall_strength, seat=Seat(d), cards=cards(obs.hand_sizes[d]))]
    if k == END_WAR:
        return [fact("end_war", n=Count("troops", _troops(s.hands[me])))]
    if k == DEFEND:
        out = [fact("defend", d=defence_sum(s, a.cards, me, w.city), s=attack_sum(state, w.attack, me),
                    city=Card(w.city), glory=glory(city.glory()))]
        foreign = [c for c in a.cards if FOREIGN[c]]
        if foreign:
            out.append(fact("bribable", troop=Card(foreign[0]), seat=Seat(w.attacker),
                            cards=cards(obs.hand_sizes[w.attacker])))
        return out
    if k == AMBUSH:
        kept = _troops(s.hands[me])
        return [fact("ambush" if kept else "ambush_bare", card=Card(a.card), s=attack_sum(state, w.attack, me),
                     n=Count("troops", kept))]
    if k == CONDEMN:
        return [fact("condemn", card=Card(a.card), city=Card(w.city), glory=glory(city.glory()))]
    if k == BRIBE:
        return [fact("bribe", troop=Card(a.target), s=STRENGTH[a.target])]
    if k == YIELD:
        return [fact("yield", city=Card(w.city), seat=Seat(w.attacker), glory=glory(city.glory()),
                     hand=cards(len(s.hands[me])))]
    if k == YIELD_PLUNDER:
        return [fact("yield_plunder", city=Card(w.city), seat=Seat(w.attacker),
                     n=Count("buildings", len(city.all_buildings())), v=s.cities[w.city].glory())]
    if k == ACCEPT:
        return [fact("accept", card=Card(s.first_in_hand(me, "ev.bribe")))] \
            if s.first_in_hand(me, "ev.bribe") >= 0 else []
    if k == EVENT:
        return _event(state, obs, a)
    return []


def _answer(state: Position, obs: Observation, a: Action) -> list[Fact]:
    """A reaction, the Raid's troop, a Dowry bid, the Congress."""
    k = a.kind
    me = obs.seat
    pend = obs.pending
    if k in (REACT, DECLINE) and pend is not None:
        s = after(state, me, Action(DECLINE))          # what the card does if let through
        while s.decision.kind == REACTION:
            apply(s, Action(DECLINE))
        lost = seat_glory(obs, me) - seat_glory(s, me)
        gone = len(obs.hand) - len(s.hands[me])
        if k == REACT:
            key = "react_glory" if lost > 0 else "react_hand" if gone > 0 else "react"
            return [fact(key, card=Card(a.card), target=Card(pend.card), n=Count("glory_acc", lost),
                         k=Count("cards_acc", gone))]
        return [fact("decline_costs" if lost > 0 else "decline_free", target=Card(pend.card),
                     n=Count("glory_acc", lost))]
    if k == LAY:
        return [fact("lay", troop=Card(a.card), s=STRENGTH[a.card])]
    if k == BID and pend is not None:
        city = obs.cities[pend.action.city]
        return [fact("bid", s=STRENGTH[a.card], city=Card(city.card), glory=glory(city.glory()))]
    if k == NO_BID:
        return [fact("no_bid", n=Count("troops", _troops(obs.hand)))]
    if k == GIVE_CITY and pend is not None:
        return [fact("gives_city", city=Card(a.city), seat=Seat(pend.player),
                     glory=glory(obs.cities[a.city].glory()))]
    if k == KEEP:
        return [fact("keeps_congress")]
    return []


def aim_facts(obs: Observation, a: Action) -> list[Fact]:
    """A blow (a war, Fire, a raid, Vasilko ...): at the prince who leads the others as the
    move is made, or past him at one who does not."""
    hit = victim(obs, a)
    if hit < 0 or obs.n < 3:
        return []
    top = leaders(obs)
    if not top:                       # all level: nobody to aim at
        return []
    if len(top) > 1:                  # a shared lead: neither "the leader" nor one name for it
        return [fact("at_coleader" if hit in top else "off_coleaders", seat=Seat(hit))]
    if hit in top:
        return [fact("at_leader", seat=Seat(hit))]
    return [fact("off_leader", seat=Seat(hit), leader=Seat(min(top)))]


def idle_fact(obs: Observation, a: Action, code: str) -> Fact:
    """A card played for nothing, and why (``bots.idle``)."""
    city = a.city if a.city >= 0 else (obs.war.city if obs.war is not None else -1)
    seat = a.seat if a.seat >= 0 else (obs.war.defender if obs.war is not None else obs.seat)
    return fact("idle_" + code, card=Card(a.card), city=Card(city), seat=Seat(seat))


def move_facts(state: Position, seat: int, a: Action) -> list[Fact]:
    """The facts of ``seat`` choosing ``a``, the most telling first (at least one for every
    legal move; the effect on the Glory is ``explain.effect``'s)."""
    obs = seen_from(state, seat)
    code = why_idle(obs, a)
    if code is not None:
        return [idle_fact(obs, a, code)]
    if a.kind in (REACT, DECLINE, LAY, BID, NO_BID, GIVE_CITY, KEEP):
        out = _answer(state, obs, a)
    elif obs.war is not None:
        out = _war(state, obs, a)
    else:
        out = _turn(state, obs, a)
    return out + aim_facts(obs, a)
