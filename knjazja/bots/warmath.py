"""War arithmetic from one seat's knowledge: who can answer an attack.

The chance that a defender holds no answer is hypergeometric over the cards the seat
cannot place (its `View.pool`): how many of them would answer, and how many unknown
cards the defender holds.  Whether a troop answers is the engine's rule on the public
table (`engine.public`: its defence against the least that holds), never reckoned here.
"""
from __future__ import annotations

from collections.abc import Iterable

from knjazja.engine.cards import CARD_ID, IS_MILITIA, IS_TROOP
from knjazja.engine.public import PublicTable, defence_table, least_hold, militia_strength, troop_defence
from knjazja.engine.state import City

from .view import View


class PoolProfile:
    """The unseen cards that matter in a war, counted once per position."""
    __slots__ = ("n", "troops", "militia", "always", "bribes")

    def __init__(self, pool: list[int]) -> None:
        self.n = len(pool)
        self.troops: list[int] = []                  # the troops but Militia
        self.militia = self.always = self.bribes = 0
        for c in pool:
            if IS_TROOP[c]:
                if IS_MILITIA[c]:
                    self.militia += 1
                else:
                    self.troops.append(c)
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
                out.troops.remove(card)
        else:
            cid = CARD_ID[card]
            if cid == "ev.ambush" or cid == "ev.condemnation":
                out.always -= 1
            elif cid == "ev.bribe":
                out.bribes -= 1
        return out

    def answers(self, t: PublicTable, defender: int, city: City, strength: int, foreign: bool) -> int:
        """How many unseen cards would answer an attack of `strength` on `defender`'s `city`
        (`foreign`: a Bribe could take a troop of it)."""
        need = least_hold(t, strength)
        values = defence_table(t, defender)          # no Militia among `troops`: their entries
        k = self.always + (self.bribes if foreign else 0) + (self.militia if militia_strength(city) >= need else 0)
        for c in self.troops:
            if values[c] >= need:
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


def answers_in_hand(t: PublicTable, cards: Iterable[int], defender: int, city: City, strength: int,
                    foreign: bool) -> int:
    """How many of `cards` would answer an attack of `strength` on `defender`'s `city`."""
    need = least_hold(t, strength)
    values = defence_table(t, defender)
    k = 0
    for c in cards:
        if IS_TROOP[c]:
            if troop_defence(c, city, values) >= need:
                k += 1
        else:
            cid = CARD_ID[c]
            if cid == "ev.ambush" or cid == "ev.condemnation" or (foreign and cid == "ev.bribe"):
                k += 1
    return k


def p_no_answer(v: View, prof: PoolProfile, defender: int, city: City, strength: int,
                foreign: bool, used: int = 0) -> float:
    """P(the defender holds no answer to this attack), from what `v`'s seat knows."""
    if defender == v.seat:
        return 0.0 if answers_in_hand(v, v.hand, defender, city, strength, foreign) else 1.0
    known = v.known.get(defender, ())
    if known and answers_in_hand(v, known, defender, city, strength, foreign):
        return 0.0
    unknown = v.hand_sizes[defender] - len(known)
    good = prof.answers(v, defender, city, strength, foreign)
    return hypergeom_none(prof.n, good, unknown)
