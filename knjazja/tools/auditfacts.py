"""Every number of a Hint's or a review's fact, worked out again from the engine alone.

`expected(state, seat, action, fact)` returns what each numeric argument of ``fact``
should be, reckoned here from the true position after the move (``state`` with ``action``
applied by the engine, reactions declined where the fact says "unless it is cancelled")
and from the mover's observation for what he can know (the cards he has not seen): no
code of ``facts`` or ``movefacts`` is used.  A fact whose key this module does not know
is a failure of its own (``UNKNOWN``): a new fact needs its check.  The war's chance is
reckoned by exact counting over the cards the mover cannot place (``no_answer``).
No pygame.
"""
from __future__ import annotations

from math import comb
from typing import Callable

from knjazja.engine import Action, GameState, apply, final_scores, legal_actions, observation, top_seats
from knjazja.engine.actions import DECLINE, REACTION
from knjazja.engine.cards import CARD_ID, CARDS, FOREIGN, IS_MILITIA, IS_TROOP, KIND, STRENGTH
from knjazja.engine.public import attack_value, defence_value, holds
from knjazja.engine.kinds import CardKind
from knjazja.engine.targets import attack_sum, defence_sum

UNKNOWN = "unknown fact"
Expect = dict[str, object]


class Ctx:
    """The positions a fact is checked against: before, after the move, after it with the
    reactions declined, and the mover's eyes."""

    def __init__(self, state: GameState, seat: int, action: Action) -> None:
        self.s, self.me, self.a = state, seat, action
        self._after: GameState | None = None
        self._declined: GameState | None = None

    @property
    def after(self) -> GameState:
        if self._after is None:
            self._after = self.s.clone()
            apply(self._after, self.a)
        return self._after

    @property
    def declined(self) -> GameState:
        if self._declined is None:
            d = self.after.clone()
            while d.decision.kind == REACTION and not d.over:
                apply(d, next(x for x in legal_actions(d) if x.kind == DECLINE))
            self._declined = d
        return self._declined

    def score(self, s: GameState, seat: int | None = None) -> int:
        return final_scores(s)[self.me if seat is None else seat]

    def unseen(self, s: GameState) -> list[int]:
        return observation(s, self.me).unseen


def _troops(hand: list[int]) -> int:
    return sum(1 for c in hand if IS_TROOP[c])


def answers(s: GameState, card: int, defender: int, city: int, attack: int, foreign: bool) -> bool:
    """Would ``card`` in the defender's hand answer an attack of this Strength alone?"""
    cid = CARD_ID[card]
    if cid in ("ev.ambush", "ev.condemnation") or (cid == "ev.bribe" and foreign):
        return True
    if not IS_TROOP[card]:
        return False
    return holds(s, defence_value(s, card, defender, city), attack)


def no_answer(s: GameState, me: int, defender: int, city: int, troop: int) -> float:
    """P(the defender holds no answer to ``troop``), over the deals the mover cannot tell
    apart: his known cards first, the rest drawn from what the mover has not seen."""
    obs = observation(s, me)
    attack, foreign = attack_value(s, troop, defender), FOREIGN[troop]
    known = obs.known.get(defender, [])
    if any(answers(s, c, defender, city, attack, foreign) for c in known):
        return 0.0
    pool = obs.unseen
    good = sum(1 for c in pool if answers(s, c, defender, city, attack, foreign))
    u = len(s.hands[defender]) - len(known)
    return comb(len(pool) - good, u) / comb(len(pool), u) if u <= len(pool) else 0.0


def standing(c: Ctx, s: GameState) -> tuple[str, Expect]:
    scores = final_scores(s)
    rival = max((t for t in range(s.n) if t != c.me), key=lambda t: (scores[t], -t))
    gap = scores[c.me] - scores[rival]
    key = "you_lead" if gap > 0 else "rival_leads" if gap < 0 else "level" if scores[c.me] else "level_none"
    return key, {"seat": rival, "n": abs(gap) if gap else scores[c.me]} if key != "level_none" else {"seat": rival}


def turns_left(s: GameState, me: int) -> int | None:
    """The seat's turns after the one in progress, once the end is set: turns are played
    in seat order from ``s.current``, the last one numbered ``s.end_turn``."""
    if s.over:
        return 0
    if s.end_turn is None:
        return None
    seat, count = s.current, 0
    for t in range(s.turn_no, s.end_turn + 1):
        if seat == me and not (t == s.turn_no and s.current == me):
            count += 1
        seat = (seat + 1) % s.n
    return count


# --- per key: what the numbers must be ---------------------------------------------------------
def _war(c: Ctx) -> Expect:
    city = c.s.cities[c.a.city]
    d = city.owner
    mine = sorted((t for t in c.s.hands[c.me] if IS_TROOP[t] and not IS_MILITIA[t]
                   and attack_value(c.s, t, d) > city.wall_strength), key=lambda t: (-attack_value(c.s, t, d), t))
    out: Expect = {"cards": len(c.s.hands[d]), "n": len(c.s.hands[d]), "seat": d, "city": c.a.city,
                   "glory": city.glory(), "w": city.wall_strength}
    if mine:
        out["troop"] = mine[0]
        p = no_answer(c.s, c.me, d, c.a.city, mine[0])
        out["p_exact"] = p
        out["p"] = min(99, max(1, round(100 * p)))
    return out


def _build(c: Ctx) -> Expect:
    a = c.after.cities[c.a.city]
    owner = a.owner
    takers = sum(1 for t in c.unseen(c.after) if IS_TROOP[t] and not IS_MILITIA[t]
                 and attack_value(c.after, t, owner) > a.wall_strength)
    rest = sum(1 for t in c.after.hands[c.me] if KIND[t] == CardKind.BUILDING and not CARDS[t].is_wall
               and CARD_ID[t] != "wall.moat")
    return {"city": c.a.city, "v": a.glory(), "w": a.wall_strength, "k": takers, "n": rest, "card": c.a.card,
            "seat": owner}


def _war_state(c: Ctx) -> Expect:
    w = c.s.war
    assert w is not None
    city = c.s.cities[w.city]
    return {"city": w.city, "glory": city.glory(), "w": city.wall_strength, "seat": w.defender
            if c.me == w.attacker else w.attacker, "cards": len(c.s.hands[w.defender if c.me == w.attacker
                                                                         else w.attacker]),
            "s": attack_sum(c.s, w.attack, w.defender) if w.attack else 0}


EXPECT: dict[str, Callable[[Ctx], Expect]] = {
    "draw": lambda c: {"hand": len(c.after.hands[c.me]), "deck": len(c.after.deck)},
    "draw_last": lambda c: {"hand": len(c.after.hands[c.me]), "deck_empty": not c.after.deck},
    "pass": lambda c: {"hand": len(c.after.hands[c.me])},
    "found": lambda c: {"city": c.a.card, "glory": c.after.cities[c.a.card].glory()},
    "city_for": lambda c: {"city": c.a.card, "seat": c.a.seat, "glory": c.after.cities[c.a.card].glory()},
    "helps": lambda c: {"seat": c.s.cities[c.a.city].owner,
                        "n": c.score(c.after, c.s.cities[c.a.city].owner) - c.score(c.s, c.s.cities[c.a.city].owner)},
    "shields": lambda c: {"seat": c.s.cities[c.a.city].owner, "city": c.a.city},
    "closes": _build, "walls_hold": _build, "moat_waits": _build, "exposed": _build, "exposed_safe": _build,
    "thin_walls": _build, "walled": _build,
    "congress": lambda c: {"seat": c.a.seat},
    "chronicle_for": lambda c: {"card": c.a.card, "seat": c.a.seat},
    "igor": lambda c: {"seat": c.a.seat, "troop": c.a.cards[0]},
    "hermit": lambda c: {"card": c.a.card, "deck": len(c.after.deck)},
    "voivode": lambda c: {"card": c.a.card, "k": sum(1 for t in c.after.hands[c.me] if IS_TROOP[t]
                                                   and not IS_MILITIA[t]),
                          "s": sum(STRENGTH[t] for t in c.after.hands[c.me] if IS_TROOP[t] and not IS_MILITIA[t])},
    "voivode_later": lambda c: {"card": c.a.card, "k": sum(1 for t in c.after.hands[c.me] if IS_TROOP[t]
                                                         and not IS_MILITIA[t])},
    "bogatyrs": lambda c: {"card": c.a.card, "k": len(c.after.cities_of(c.me))},
    "anna": lambda c: {"card": c.a.card, "k": sum(1 for t in c.unseen(c.after) if IS_TROOP[t] and FOREIGN[t])},
    "recon": lambda c: {"seat": c.a.seat, "cards": len(c.s.hands[c.a.seat])},
    "poison": lambda c: {"target": c.a.target, "seat": c.a.seat, "gone": c.a.target not in
                         c.declined.chronicles[c.a.seat]},
    "dowry": lambda c: {"city": c.a.city, "glory": c.s.cities[c.a.city].glory(),
                        "s": max(STRENGTH[t] for t in c.s.hands[c.me] if IS_TROOP[t] and not IS_MILITIA[t])},
    "dowry_no_bid": lambda c: {"city": c.a.city, "glory": c.s.cities[c.a.city].glory()},
    "attack": lambda c: dict(_war_state(c), s=attack_sum(c.s, c.a.cards, c.s.war.defender)),   # type: ignore
    "end_war": lambda c: {"n": _troops(c.after.hands[c.me])},
    "bribe": lambda c: {"troop": c.a.target, "s": STRENGTH[c.a.target]},
    "accept": lambda c: {"has_bribe": c.s.first_in_hand(c.me, "ev.bribe") >= 0},
    "lay": lambda c: {"troop": c.a.card, "s": STRENGTH[c.a.card]},
    "no_bid": lambda c: {"n": _troops(c.s.hands[c.me])},
    "keeps_congress": lambda c: {},
    "turns_none": lambda c: {"left": turns_left(c.after, c.me) == 0},
    "turns_set": lambda c: {"n": turns_left(c.after, c.me)},
}


def _alias(keys: tuple[str, ...], fn: Callable[[Ctx], Expect]) -> None:
    for k in keys:
        EXPECT[k] = fn


_alias(("war_odds", "war_sure", "war_held", "war_empty", "war_voivode", "war_walls"), _war)
_alias(("attack_open",), EXPECT["attack"])
_alias(("poison_own",), EXPECT["poison"])
_alias(("takes", "takes_unless"), lambda c: {"city": c.a.city, "n": c.score(c.declined) - c.score(c.s),
                                             "owner": c.declined.cities[c.a.city].owner == c.me})
_alias(("fire", "fire_unless"), lambda c: {"city": c.a.city, "n": len(c.s.cities[c.a.city].all_buildings()),
                                           "v": c.declined.cities[c.a.city].glory()})
_alias(("strip", "strip_unless", "strip_moat", "strip_moat_unless"),
       lambda c: {"city": c.a.city, "w": c.s.cities[c.a.city].wall_strength,
                  "bare": c.declined.cities[c.a.city].walls < 0 and c.declined.cities[c.a.city].moat < 0})
_alias(("raid_discard", "raid_discard_unless"), lambda c: {"seat": c.a.seat,
                                                           "hand": len(c.declined.hands[c.a.seat])})
_alias(("raid_take", "raid_take_unless"), lambda c: {
    "seat": c.a.seat, "k": len(c.s.hands[c.a.seat]) - len(c.declined.hands[c.a.seat]),
    "hand": len(c.declined.hands[c.me])})
_alias(("raid_city", "raid_city_unless"), lambda c: {"seat": c.s.war.defender,                # type: ignore
                                                     "cards": len(c.s.hands[c.s.war.defender])})  # type: ignore


def _answer_war(c: Ctx) -> Expect:
    w = c.s.war
    assert w is not None
    city = c.s.cities[w.city]
    out: Expect = {"city": w.city, "glory": city.glory(), "s": attack_sum(c.s, w.attack, w.defender),
           "n": _troops(c.after.hands[c.me]), "hand": len(c.after.hands[c.me]), "seat": w.attacker,
           "cards": len(c.s.hands[w.attacker]), "card": c.a.card}
    if c.a.cards:
        out["d"] = defence_sum(c.s, c.a.cards, c.me, w.city)
        out["troop"] = next((t for t in c.a.cards if FOREIGN[t]), -1)
    out["v"] = c.after.cities[w.city].glory()
    out["kept_city"] = c.after.cities[w.city].owner == c.me
    return out


def _reaction(c: Ctx) -> Expect:
    """What the card reacted to would do if let through (the reaction declined)."""
    p = c.s.pending
    assert p is not None
    d = c.s.clone()
    while d.decision.kind == REACTION and not d.over:
        apply(d, next(x for x in legal_actions(d) if x.kind == DECLINE))
    return {"card": c.a.card, "target": p.card, "n": c.score(c.s) - c.score(d),
            "k": len(c.s.hands[c.me]) - len(d.hands[c.me])}


def _ends(c: Ctx) -> Expect:
    scores = final_scores(c.after)
    ahead = scores[c.me] - max(v for t, v in enumerate(scores) if t != c.me)
    return {"card": c.a.card, "n": ahead, "leading": ahead > 0, "deck": len(c.after.deck),
            "ended": c.after.end_turn is not None}


def _aim(c: Ctx) -> Expect:
    scores = final_scores(c.s)
    others = [t for t in range(c.s.n) if t != c.me]
    top = {others[i] for i in top_seats([scores[t] for t in others])}
    if len(top) == len(others) and len(others) > 1:
        top = set()
    return {"top": top}


def _bid(c: Ctx) -> Expect:
    p = c.s.pending
    assert p is not None
    return {"s": STRENGTH[c.a.card], "city": p.action.city, "glory": c.s.cities[p.action.city].glory()}


def _gives(c: Ctx) -> Expect:
    p = c.s.pending
    assert p is not None
    return {"city": c.a.city, "seat": p.player, "glory": c.s.cities[c.a.city].glory()}


EXPECT.update({
    "defend": _answer_war, "bribable": _answer_war, "ambush": _answer_war, "ambush_bare": _answer_war,
    "condemn": _answer_war, "yield": _answer_war,
    "yield_plunder": lambda c: dict(_answer_war(c), n=len(c.s.cities[c.s.war.city].all_buildings())),  # type: ignore
    "react_glory": _reaction, "react_hand": _reaction, "react": _reaction,
    "decline_costs": _reaction, "decline_free": _reaction,
    "bid": _bid, "gives_city": _gives,
    "ends_leading": _ends, "ends_behind": _ends, "silence_cancels": _ends, "silence_round": _ends,
    "at_leader": _aim, "off_leader": _aim, "at_coleader": _aim, "off_coleaders": _aim,
    "glory_up": lambda c: {"n": c.score(c.after) - c.score(c.s)},
    "glory_down": lambda c: {"n": c.score(c.s) - c.score(c.after)},
    "rival_loses": lambda c: {"losses": {t: c.score(c.s, t) - c.score(c.after, t) for t in range(c.s.n) if t != c.me}},
})


# --- the rules a fact's key must agree with (besides its numbers) ---------------------------------
RULES: dict[str, Callable[[Expect], bool]] = {
    "war_sure": lambda e: e.get("p_exact") == 1.0 and bool(e["cards"]),
    "war_held": lambda e: e.get("p_exact") == 0.0,
    "war_odds": lambda e: 0.0 < float(e.get("p_exact", -1)) < 1.0,       # type: ignore[arg-type]
    "war_empty": lambda e: e["cards"] == 0 and "troop" in e,
    "war_walls": lambda e: "troop" not in e,
    "exposed": lambda e: e["w"] == 0 and bool(e["k"]),
    "exposed_safe": lambda e: e["w"] == 0 and not e["k"],
    "thin_walls": lambda e: bool(e["w"]) and bool(e["k"]),
    "walled": lambda e: bool(e["w"]) and not e["k"],
    "moat_waits": lambda e: e["w"] == 0,
    "walls_hold": lambda e: bool(e["w"]),
    "closes": lambda e: bool(e["n"]),
    "helps": lambda e: int(e["n"]) > 0,                                    # type: ignore[call-overload]
    "draw_last": lambda e: bool(e["deck_empty"]),
    "takes": lambda e: bool(e["owner"]), "takes_unless": lambda e: bool(e["owner"]),
    "strip": lambda e: bool(e["bare"]) and bool(e["w"]), "strip_unless": lambda e: bool(e["bare"]) and bool(e["w"]),
    "strip_moat": lambda e: bool(e["bare"]) and not e["w"],
    "strip_moat_unless": lambda e: bool(e["bare"]) and not e["w"],
    "poison": lambda e: bool(e["gone"]), "poison_own": lambda e: bool(e["gone"]),
    "accept": lambda e: bool(e["has_bribe"]),
    "condemn": lambda e: bool(e["kept_city"]),
    "defend": lambda e: int(e["d"]) >= int(e["s"]),                         # type: ignore[call-overload]
    "bribable": lambda e: int(e["troop"]) >= 0,                             # type: ignore[call-overload]
    "yield": lambda e: not e["kept_city"], "yield_plunder": lambda e: not e["kept_city"],
    "ends_leading": lambda e: bool(e["leading"]) and bool(e["ended"]),
    "silence_cancels": lambda e: not e["ended"], "silence_round": lambda e: bool(e["ended"]),
    "react_glory": lambda e: int(e["n"]) > 0,                                # type: ignore[call-overload]
    "react_hand": lambda e: int(e["n"]) <= 0 < int(e["k"]),                  # type: ignore[call-overload]
    "decline_costs": lambda e: int(e["n"]) > 0,                              # type: ignore[call-overload]
    "decline_free": lambda e: int(e["n"]) <= 0,                              # type: ignore[call-overload]
    "glory_up": lambda e: int(e["n"]) > 0, "glory_down": lambda e: int(e["n"]) > 0,   # type: ignore[call-overload]
    "turns_none": lambda e: bool(e["left"]),
}


# --- the review's comparisons: the better move against the chosen one -------------------------------
COMPARE = frozenset({"more_glory", "cost_now", "rival_loses_more", "keeps_city", "helps_rival", "end_cost",
                     "end_cost_small", "end_cost_tiny"})


def check_compare(state: GameState, seat: int, best: Action, chosen: Action, f, cost: float | None) -> bool:
    """Is the comparison ``f`` true of the two moves, on the engine's positions after each
    (the effect at once), or of ``cost`` (what the move cost at the end of the game)?"""
    kw = {k: getattr(v, "n", getattr(v, "seat", v)) for k, v in f.args}
    if f.key.startswith("end_cost"):
        if cost is None:
            return False
        if f.key == "end_cost":
            return kw["n"] == round(cost) and cost >= 1.0
        return abs(float(kw["n"]) - cost) <= 0.05 + 1e-9 or (f.key == "end_cost_tiny" and cost < 0.1)
    b, c = Ctx(state, seat, best), Ctx(state, seat, chosen)
    gb, gc = b.score(b.after) - b.score(state), c.score(c.after) - c.score(state)
    if f.key == "more_glory":
        return kw["n"] == gb and kw["m"] == gc and gb > gc
    if f.key == "cost_now":
        return gb == 0 and kw["n"] == -gc > 0
    if f.key == "rival_loses_more":
        t = kw["seat"]
        return kw["n"] == b.score(state, t) - b.score(b.after, t) > c.score(state, t) - c.score(c.after, t)
    if f.key == "keeps_city":
        return kw["n"] == len(b.after.cities_of(seat)) - len(c.after.cities_of(seat)) > 0
    if f.key == "helps_rival":
        t = kw["seat"]
        return kw["n"] == c.score(c.after, t) - c.score(state, t) > b.score(b.after, t) - b.score(state, t)
    return False
