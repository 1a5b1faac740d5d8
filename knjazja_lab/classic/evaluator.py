"""Classic position evaluation from one seat's knowledge (Normal-classic, Hard-classic).

The evaluation estimates every seat's *final* Glory:

    U[s] = Σ risk-adjusted Glory of s's cities + chronicle Glory (+ the small worth
           of helper chronicles) + the worth of s's hand for the turns s has left

and the seat's objective is  J = U[me] − softmax_τ(U[others])  (≈ the margin over the
leader, smooth so that hurting the second player still counts a little).

The hand is split into *active* cards, which need one of the seat's own turns to be
played (cities, buildings, chronicles, most events), and *reactive* cards, which are
used out of turn or in a war (troops, Ambush, Bribe, City Watch …).  Active cards
compete for the R turns the seat has left: only the best R of them count, which is
what makes drawing worthless at the end and playing the best card the usual choice.

Everything here reads a `View` (an observation, or a rollout state seen from one seat):
hidden cards enter only through the pool of cards the seat cannot place.
"""
from __future__ import annotations

import math

from knjazja.engine.cards import CARD_ID, CARDS, FOREIGN, IS_MILITIA, IS_TROOP, KIND, SCORES_TROOP, STRENGTH
from knjazja.engine.state import City

from knjazja.bots.view import View
from knjazja.engine.scoring import chronicle_glory
from knjazja.bots.warmath import PoolProfile, answers_in_hand, hypergeom_none
from .citystat import (ATTACKABLE, CHR_GLORY, CHR_HAND, CHR_HELP, EVENT_BASE, INVASION, REACT_EVENT, is_reactive,
                       lse, with_building)

# --- tunable weights -------------------------------------------------------------------
PARAMS: dict[str, float] = {
    "draw_rate": 0.55,       # cards drawn per turn (estimates how long the deck lasts)
    "kappa": 0.85,           # worth of an active hand card relative to having played it
    "kappa_draw": 0.8,       # worth of a future draw-then-play pair
    "tau": 2.0,              # softness of the max over opponents
    "hazard": 0.2,           # chance per round that an open city of Glory ≥ 8 is taken
    "hazard_glory": 8.0,     # Glory at which a city draws the full hazard
    "react_time": 3.0,       # rounds left at which reactive cards keep their full worth
    "block_penalty": 0.25,
    "invasion_weight": 0.0,  # how much the unseen Tatar Invasion shortens the expected game
    "invasion_rounds": 3.0,  # rounds until a held Invasion is played
}


# --- the evaluator -------------------------------------------------------------------------
class Evaluator:
    """All the numbers one decision needs, computed once from a View."""
    _pool_vals: dict[str, tuple[bool, float]]     # card id -> (is active, base worth)

    def __init__(self, view: View, params: dict | None = None) -> None:
        self.v = view
        self.p = PARAMS if not params else (params if params.keys() >= PARAMS.keys()
                                            else {**PARAMS, **params})
        self.me = me = view.seat
        self.n = n = view.n
        # --- time left -----------------------------------------------------------------
        self.set_time(self.expected_time_left())
        # --- board -----------------------------------------------------------------------
        self._pu: dict = {}
        self.stats: dict[int, City] = view.cities             # read, never changed
        self.throne_city = next((k for k, c in self.stats.items() if c.throne() >= 0), -1)
        self.board = [0.0] * n
        for st in self.stats.values():
            self.board[st.owner] += self.city_value(st)
        for s in range(n):
            self.board[s] += self.chronicles_value(s)
        # --- the pool of unseen cards ----------------------------------------------------------
        pool = view.pool
        self.pool_n = len(pool)
        act = [0.0, 0]
        react_sum = 0.0
        vals = self._pool_vals = {}
        for c in pool:
            cid = CARD_ID[c]
            val = vals.get(cid)
            if val is None:
                if is_reactive(c):
                    val = vals[cid] = (False, self.react_base(c))
                else:
                    val = vals[cid] = (True, self.active_value(c))
            if val[0]:
                act[0] += val[1]
                act[1] += 1
            else:
                react_sum += val[1]
        npool = max(1, self.pool_n)
        self.p_active = act[1] / npool
        self.mean_active = act[0] / act[1] if act[1] else 0.0
        self.mean_react_base = react_sum / max(1, self.pool_n - act[1])
        self._derive()
        # --- hands -----------------------------------------------------------------------------
        self.my_active = sorted((self.active_value(c) for c in view.hand if not is_reactive(c)),
                                reverse=True)
        self.my_react = sum(self.react_value(c) for c in view.hand if is_reactive(c))
        self.hand_other = [0.0] * n
        for s in range(n):
            if s != me:
                self.hand_other[s] = self.other_hand_value(s, view.hand_sizes[s])
        self.U0 = self.compute_U()

    # --- time ------------------------------------------------------------------------------------
    def expected_time_left(self) -> int:
        """Turns left after the current one: the set end, or the deck at the usual draw
        rate, shortened by the chance that another player holds the Tatar Invasion (a
        leader plays it within a few rounds)."""
        v, p, n = self.v, self.p, self.n
        if v.end_turn is not None:
            return max(0, v.end_turn - v.turn_no)
        t_deck = int(v.deck_size / p["draw_rate"]) + n
        w = p.get("invasion_weight", 0.0)
        if w <= 0 or INVASION in v.hand:
            return t_deck
        pool = v.pool
        if INVASION not in pool:
            return t_deck                     # played and cancelled, or known elsewhere
        pool_n = max(1, len(pool))
        others = sum(v.hand_sizes[t] - len(v.known.get(t, ())) for t in range(n) if t != self.me)
        p_held = min(1.0, others / pool_n)
        t_inv = int(p["invasion_rounds"] * n) + n
        t_drawn = min(t_deck, t_deck // 2 + t_inv)
        exp = p_held * min(t_deck, t_inv) + (1 - p_held) * t_drawn
        return int(round(t_deck + w * (exp - t_deck)))

    def set_time(self, t_left: int) -> None:
        """Turns left after the current one, and each seat's share of them."""
        v, n, p = self.v, self.n, self.p
        self.t_left = t_left
        cur = v.current
        self.R = [0] * n
        for s in range(n):
            o = (s - cur) % n
            if o == 0:
                self.R[s] = t_left // n
            else:
                self.R[s] = (t_left - o) // n + 1 if t_left >= o else 0
        rounds = t_left / n
        self.rounds = rounds
        self._risk = [1.0 - math.exp(-p["hazard"] * ATTACKABLE[ws] * rounds) for ws in range(11)]
        self.react_f = min(1.0, rounds / p["react_time"])
        self.rf = 0.3 + 0.7 * self.react_f
        self.help_rounds = min(4.0, rounds)
        if hasattr(self, "mean_react_base"):
            self._derive()

    def _derive(self) -> None:
        pa = self.p_active
        self.mean_react = self.mean_react_eff = self.mean_react_base * self.rf
        self.mean_card = pa * self.mean_active + (1 - pa) * self.mean_react
        self.e_card = self.mean_card
        self.future_per_turn = self.p["kappa_draw"] * self.e_card / (1 + pa)

    # --- values ----------------------------------------------------------------------------------
    def city_value(self, c: City) -> float:
        g = c.glory()
        if g <= 0:
            return 0.0
        attract = min(1.0, 0.4 + 0.6 * g / self.p["hazard_glory"])
        return g * (1.0 - self._risk[min(c.wall_strength, 10)] * attract)

    def chronicle_value(self, ch: int, holder: int = -1) -> float:
        cid = CARD_ID[ch]
        g = CHR_GLORY.get(cid)
        if g is not None:
            return g
        if SCORES_TROOP[ch]:                 # Byzantine Aid: the engine's rule
            return float(chronicle_glory(ch, self.v.under))
        if cid == "chr.hermit":
            return min(4.0, 0.12 * self.R[holder]) if holder >= 0 else 1.0
        return CHR_HELP.get(cid, 0.0) * self.help_rounds

    def chronicles_value(self, s: int) -> float:
        return sum(self.chronicle_value(ch, s) for ch in self.v.chronicles[s])

    def own_cities(self, s: int) -> list[City]:
        return [c for c in self.stats.values() if c.owner == s]

    def best_build_delta(self, card: int, s: int) -> tuple[float, int]:
        """Best (value gain, city) of building `card` on one of s's cities."""
        best, where = -1e9, -1
        for c in self.stats.values():
            if c.owner != s or c.blocked:
                continue
            d = self.build_delta(c, card)
            if d > best:
                best, where = d, c.card
        return best, where

    def build_delta(self, c: City, card: int) -> float:
        """Change in the owner's city value (only; Throne elsewhere handled by callers)."""
        new = with_building(c, card)
        d = self.city_value(new) - self.city_value(c)
        return d

    def active_value(self, card: int) -> float:
        """What playing this card is worth to the evaluator's seat (hand estimate)."""
        kind = KIND[card]
        cid = CARD_ID[card]
        me = self.me
        if kind == "city":
            g = CARDS[card].glory
            return g * (1.0 - self._risk[0] * min(1.0, 0.4 + 0.6 * g / self.p["hazard_glory"]))
        if kind == "building":
            d, where = self.best_build_delta(card, me)
            if where < 0:
                sp = CARDS[card]
                return 0.5 * (sp.glory or 1)
            if cid == "bld.throne" and self.throne_city >= 0 and self.stats[self.throne_city].owner != me:
                d += 0.5 * self.city_value(self.stats[self.throne_city])
            return max(0.1, d)
        if kind == "chronicle":
            if cid == "chr.hermit":
                return min(4.0, 0.12 * self.R[me])
            return CHR_HAND.get(cid, 0.5)
        if cid == "ev.treachery":
            best = max((self.city_value(c) for c in self.stats.values() if c.owner != me), default=0.0)
            return max(1.5, 0.9 * best)
        return EVENT_BASE.get(cid, REACT_EVENT.get(cid, 0.3))

    def react_value(self, card: int) -> float:
        return self.react_base(card) * self.rf

    def react_base(self, card: int) -> float:
        cid = CARD_ID[card]
        if IS_TROOP[card]:
            if IS_MILITIA[card]:
                best = max((c.glory() for c in self.stats.values() if c.owner == self.me), default=0)
                base = min(3.0, 0.35 * best + 0.3)
            else:
                s = STRENGTH[card]
                base = 0.5 + 0.3 * s if not FOREIGN[card] else 0.4 + 0.25 * s
        else:
            base = REACT_EVENT.get(cid, 0.3)
        return base

    def card_value(self, card: int) -> float:
        return self.react_value(card) if is_reactive(card) else self.active_value(card)

    def other_hand_value(self, s: int, h: int) -> float:
        """Expected worth of another seat's hand of `h` cards."""
        if h < 0:
            h = 0
        R = self.R[s]
        k, kd = self.p["kappa"], self.p["kappa_draw"]
        pa = self.p_active
        ha = h * pa
        act = min(ha, R) * self.mean_active * k
        rea = h * (1 - pa) * self.mean_react_eff
        fut = max(0.0, R - ha) / (1 + pa) * kd * self.e_card
        return act + rea + fut

    def my_hand_value(self, active: list[float], react: float, R: int | None = None) -> float:
        """H(active, R) + reactive worth. `active` must be sorted in decreasing order.

        The R turns left play the active cards (best first); free turns draw and play
        new cards, one card per (1 + p_active) turns, each worth `e_card`."""
        if R is None:
            R = self.R[self.me]
        h = len(active)
        if h >= R:
            val = sum(active[:R]) * self.p["kappa"]
        else:
            val = sum(active) * self.p["kappa"] + (R - h) * self.future_per_turn
        return val + react

    def compute_U(self) -> list[float]:
        U = [self.board[s] + self.hand_other[s] for s in range(self.n)]
        U[self.me] = self.board[self.me] + self.my_hand_value(self.my_active, self.my_react)
        return U

    # --- objective -------------------------------------------------------------------------------
    def J(self, U: list[float]) -> float:
        me = self.me
        others = [U[s] for s in range(self.n) if s != me]
        return U[me] - lse(others, self.p["tau"])

    def hand_without(self, cards) -> float:
        """My hand value with `cards` removed."""
        active = self.my_active
        react = self.my_react
        removed_active = []
        for c in cards:
            if is_reactive(c):
                react -= self.react_value(c)
            else:
                removed_active.append(self.active_value(c))
        if removed_active:
            active = active[:]
            for x in removed_active:
                active.remove(x)
        return self.my_hand_value(active, react)

    # --- war arithmetic ---------------------------------------------------------------------------
    def answers_in(self, cards, defender: int, city: City, strength: int, foreign: bool) -> int:
        """How many of `cards` would answer an attack of `strength` on `city`."""
        return answers_in_hand(self.v, cards, defender, city, strength, foreign)

    def pool_answers(self, defender: int, city: City, strength: int, foreign: bool) -> int:
        """How many unseen cards would answer it (`warmath.PoolProfile`, counted once)."""
        prof = getattr(self, "_prof", None)
        if prof is None:
            prof = self._prof = PoolProfile(self.v.pool)
        return prof.answers(self.v, defender, city, strength, foreign)

    def p_unanswered(self, defender: int, city: City, strength: int, foreign: bool,
                     used: int = 0) -> float:
        """P(the defender has no answer to this attack), from what this seat knows.
        `used`: answers the defender already spent in this war (shrinks his hand)."""
        key = (defender, city.card, strength, foreign, used)
        cache = self._pu
        r = cache.get(key)
        if r is not None:
            return r
        v = self.v
        if defender == self.me:
            r = 0.0 if self.answers_in(v.hand, defender, city, strength, foreign) else 1.0
        else:
            known = v.known.get(defender, ())
            if known and self.answers_in(known, defender, city, strength, foreign):
                r = 0.0
            else:
                unknown = v.hand_sizes[defender] - len(known) - used
                if unknown <= 0:
                    r = 1.0
                else:
                    good = self.pool_answers(defender, city, strength, foreign)
                    r = hypergeom_none(self.pool_n, good, unknown)
        cache[key] = r
        return r

    def has_reaction(self, seat: int, rid: str) -> float:
        """P(seat holds the reaction card `rid`)."""
        v = self.v
        if seat == self.me:
            return 1.0 if any(CARD_ID[c] == rid for c in v.hand) else 0.0
        known = v.known.get(seat, ())
        if any(CARD_ID[c] == rid for c in known):
            return 1.0
        unknown = v.hand_sizes[seat] - len(known)
        good = sum(1 for c in v.pool if CARD_ID[c] == rid)
        return 1.0 - hypergeom_none(self.pool_n, good, unknown)


def J_with(ev: Evaluator, deltas: dict[int, float], my_hand: float | None = None) -> float:
    """J after adding `deltas` to the U-vector (and replacing my hand's worth)."""
    U = ev.U0[:]
    if my_hand is not None:
        U[ev.me] = ev.board[ev.me] + my_hand
    for s, d in deltas.items():
        U[s] += d
    return ev.J(U)


def swap_deltas(ev: Evaluator, city: City, new_owner: int, new_stat: City | None = None,
                 extra: dict | None = None) -> dict[int, float]:
    """U deltas when `city` passes to `new_owner` (optionally changed to `new_stat`)."""
    old_v = ev.city_value(city)
    new_v = ev.city_value(new_stat) if new_stat is not None else old_v
    d = dict(extra or {})
    d[city.owner] = d.get(city.owner, 0.0) - old_v
    d[new_owner] = d.get(new_owner, 0.0) + new_v
    return d
