"""War arithmetic from one seat's knowledge: who can answer an attack.

The chance that a defender holds no answer is hypergeometric over the cards the seat
cannot place (its `View.pool`): how many of them would answer, and how many unknown
cards the defender holds.
"""
from __future__ import annotations

from knjazja.engine.cards import CARD_ID, IS_MILITIA, IS_TROOP, NATIVE_DRUZHINA, STRENGTH

from .view import View


class PoolProfile:
    """The unseen cards that matter in a war, counted once per position."""
    __slots__ = ("n", "troops", "militia", "always", "bribes")

    def __init__(self, pool: list[int]) -> None:
        self.n = len(pool)
        self.troops: list[tuple[int, bool]] = []     # (Strength, native Druzhina)
        self.militia = self.always = self.bribes = 0
        for c in pool:
            if IS_TROOP[c]:
                if IS_MILITIA[c]:
                    self.militia += 1
                else:
                    self.troops.append((STRENGTH[c], NATIVE_DRUZHINA[c]))
            else:
                cid = CARD_ID[c]
                if cid == "ev.ambush" or cid == "ev.condemnation":
                    self.always += 1
                elif cid == "ev.bribe":
                    self.bribes += 1

    def without(self, card: int) -> "PoolProfile":
        """The same profile less one `card` of the pool (as if counted without it)."""
        out = PoolProfile.__new__(PoolProfile)
        out.n, out.troops = self.n - 1, self.troops
        out.militia, out.always, out.bribes = self.militia, self.always, self.bribes
        if IS_TROOP[card]:
            if IS_MILITIA[card]:
                out.militia -= 1
            else:
                out.troops = self.troops[:]
                out.troops.remove((STRENGTH[card], NATIVE_DRUZHINA[card]))
        else:
            cid = CARD_ID[card]
            if cid == "ev.ambush" or cid == "ev.condemnation":
                out.always -= 1
            elif cid == "ev.bribe":
                out.bribes -= 1
        return out

    def answers(self, glory: int, strength: int, foreign: bool, bogatyrs: bool,
                strict: bool) -> int:
        """How many unseen cards would answer this attack."""
        need = strength + 1 if strict else strength
        k = self.always + (self.bribes if foreign else 0) + (self.militia if glory >= need else 0)
        bonus = 2 if bogatyrs else 0
        for s, native in self.troops:
            if s + (bonus if native else 0) >= need:
                k += 1
        return k


def pool_profile(v: View) -> PoolProfile:
    return PoolProfile(v.pool)


def hypergeom_none(pool_n: int, good: int, draws: int) -> float:
    """P(no 'good' card among `draws` cards taken from a pool of `pool_n`)."""
    if good <= 0 or draws <= 0:
        return 1.0
    if draws > pool_n - good:
        return 0.0
    p = 1.0
    for i in range(draws):
        p *= (pool_n - good - i) / (pool_n - i)
    return p


def answers_in_hand(cards, city, strength: int, foreign: bool, bogatyrs: bool,
                    strict: bool) -> int:
    """How many of `cards` would answer an attack of `strength` on `city`."""
    g = city.glory()
    k = 0
    for c in cards:
        if IS_TROOP[c]:
            d = g if IS_MILITIA[c] else STRENGTH[c] + (2 if bogatyrs and NATIVE_DRUZHINA[c] else 0)
            if d > strength or (d == strength and not strict):
                k += 1
        else:
            cid = CARD_ID[c]
            if cid == "ev.ambush" or cid == "ev.condemnation" or (foreign and cid == "ev.bribe"):
                k += 1
    return k


def p_no_answer(v: View, prof: PoolProfile, defender: int, city, strength: int,
                foreign: bool, used: int = 0) -> float:
    """P(the defender holds no answer to this attack), from what `v`'s seat knows."""
    strict = v.options.strict_defence
    bog = any(CARD_ID[c] == "chr.bogatyrs" for c in v.chronicles[defender])
    if defender == v.seat:
        return 0.0 if answers_in_hand(v.hand, city, strength, foreign, bog, strict) else 1.0
    known = v.known.get(defender, ())
    if known and answers_in_hand(known, city, strength, foreign, bog, strict):
        return 0.0
    unknown = v.hand_sizes[defender] - len(known)
    good = prof.answers(city.glory(), strength, foreign, bog, strict)
    return hypergeom_none(prof.n, good, unknown)
