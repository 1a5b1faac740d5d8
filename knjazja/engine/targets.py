"""Who and what a card may target, and troop Strength in war (docs/RULES.md §2–§5)."""
from __future__ import annotations

from itertools import combinations

from .cards import CARD_ID, CARDS, INSTANCES, IS_MILITIA, IS_TROOP
from .public import (PublicTable, PublicView, attack_sum, attack_table, attacking, defence_sum, defence_value,
                     forms_squads, least_hold, militia_strength)
from .public import attack_value as attack_value, holds as holds   # the table and tests ask them here
from .state import GameState


_HERMIT, = INSTANCES["chr.hermit"]
_ID_OF = CARD_ID.__getitem__


def distinct(cards: list[int]) -> list[int]:
    """First instance of each card id, in instance order: identical copies are one choice."""
    ordered = sorted(cards)
    if len(set(map(_ID_OF, ordered))) == len(ordered):     # no two copies: the common case
        return ordered
    out = []
    last = None
    for c in ordered:
        spec = CARDS[c]
        if spec is not last:        # a spec's instances are numbered one after another
            out.append(c)
            last = spec
    return out


def attacking_troops(s: GameState, attacker: int, defender: int) -> list[int]:
    """Troops in hand that may attack this defender at all (`public.may_attack`)."""
    return attacking(s, sorted(s.hands[attacker]), defender)


def attack_options(s: GameState, attacker: int, defender: int, walls: int) -> list[tuple]:
    """Every legal attack: single troops, and squads with the Wise Voivode; Strength > walls."""
    troops = attacking_troops(s, attacker, defender)
    vals = attack_table(s, defender)           # each troop's `public.attack_value`
    out: list[tuple[int, ...]] = [(t,) for t in troops if vals[t] > walls]
    if len(troops) > 1 and forms_squads(s, attacker):
        for k in range(2, len(troops) + 1):
            for combo in combinations(troops, k):
                if sum(vals[t] for t in combo) > walls:
                    out.append(combo)
    return out


def defence_options(s: GameState, defender: int, city: int, attack: int) -> list[tuple]:
    """Every troop or Voivode squad that holds against `attack` (identical Militia deduped)."""
    hand = sorted(s.hands[defender])
    militia = [t for t in hand if IS_MILITIA[t]]
    others = [t for t in hand if IS_TROOP[t] and not IS_MILITIA[t]]
    vals = {t: defence_value(s, t, defender, city) for t in others}
    mval = militia_strength(s.cities[city])
    need = least_hold(s, attack)
    out: list[tuple[int, ...]] = []
    if militia and mval >= need:
        out.append((militia[0],))
    out += [(t,) for t in others if vals[t] >= need]
    if forms_squads(s, defender) and len(militia) + len(others) > 1:
        for k in range(0, len(others) + 1):
            for combo in combinations(others, k):
                base = sum(vals[t] for t in combo)
                for m in range(0, len(militia) + 1):
                    if k + m < 2:
                        continue
                    if base + m * mval >= need:
                        out.append(combo + tuple(militia[:m]))
    return out


def other_cities(s: GameState, p: int) -> list[int]:
    """The cities of every prince but ``p``."""
    return [c.card for c in s.cities.values() if c.owner != p]


def others_with_cards(s: GameState, p: int) -> list[int]:
    """The princes but ``p`` with cards in hand."""
    return [t for t in range(s.n) if t != p and s.hands[t]]


def troops_for_sending(s: GameState, seat: int) -> list[int]:
    """Troops that may leave the hand outside war (Dowry bid, Byzantine Aid, Igor): no Militia."""
    return [t for t in distinct(s.hands[seat]) if IS_TROOP[t] and not IS_MILITIA[t]]


def draw_count(s: PublicTable, seat: int) -> int:
    """How many cards ``seat`` draws for his turn (two with the Hermit Elder)."""
    return 2 if _HERMIT in s.chronicles[seat] else 1


def squad_strength(s: PublicView, troops: list[int] | tuple) -> int:
    """The Strength ``troops`` would have in the war now: in attack when the attacker
    decides, in defence otherwise."""
    w = s.war
    if w is None:
        return 0
    if s.decision.seat == w.attacker:
        return attack_sum(s, troops, w.defender)
    return defence_sum(s, troops, w.defender, w.city)


def passable_chronicle(s: PublicTable, seat: int) -> int:
    """The chronicle ``seat`` may pass on with a troop (Prince Igor's Campaign), or -1."""
    return next((c for c in s.chronicles[seat] if CARD_ID[c] == "chr.igor"), -1)
