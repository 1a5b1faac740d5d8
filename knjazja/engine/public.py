"""The rules of war as every seat can reckon them from the public table (docs/RULES.md §4).

A `PublicTable` is what lies face up: the cities and what stands in them, the chronicles
before each prince, Byzantine Aid's troop and the house rules.  A `GameState`, a seat's
`Observation` and the bots' `View` each are one, so the engine (its legal actions and
`apply`), the refusals, the bots, the Hint's facts and the laboratory all ask these
functions and reckon no rule of their own (issue 61; `tests/engine/test_public_rules.py`
holds them to the engine's own answers over many games).  A prince's hand lies on no
table: the rules that need it are given it.

A city's own arithmetic is `City`'s (state.py): its Glory (`glory_parts`, `glory`), its
wall Strength, the walls that close it to building (`blocked`), what Fire or False
Matchmaking sends away (`razed`) and its Throne.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from .cards import FOREIGN, INSTANCES, IS_MILITIA, IS_TROOP, NATIVE_DRUZHINA, STRENGTH
from .state import City, GameOptions

ANNA_MALUS = 2          # Anna Yaroslavna: less for each foreign troop attacking her holder (§4.3)
BOGATYRS_BONUS = 2      # Russian Bogatyrs: more for each native Druzhina defending for theirs (§4.4)
_ANNA, = INSTANCES["chr.anna"]
_BOGATYRS, = INSTANCES["chr.bogatyrs"]
_VOIVODE, = INSTANCES["chr.voivode"]
_FALSE_MATCH = frozenset(INSTANCES["ev.false_match"])


class PublicTable(Protocol):
    """What every seat sees: a `GameState`, an `Observation` or a bot's `View`."""
    @property
    def cities(self) -> Mapping[int, City]: ...
    @property
    def chronicles(self) -> Sequence[Sequence[int]]: ...
    @property
    def under(self) -> Mapping[int, int]: ...
    @property
    def options(self) -> GameOptions: ...


# --- attack ----------------------------------------------------------------------------------
def attack_malus(t: PublicTable, defender: int) -> int:
    """What each foreign troop attacking ``defender`` loses: `ANNA_MALUS` while he holds Anna
    Yaroslavna, else 0 (§4.3; she does nothing for an attacker who holds her)."""
    return ANNA_MALUS if _ANNA in t.chronicles[defender] else 0


def attack_of(troop: int, malus: int) -> int:
    """``troop``'s attacking Strength against a prince whose `attack_malus` is ``malus``."""
    return STRENGTH[troop] - malus if FOREIGN[troop] else STRENGTH[troop]


def attack_value(t: PublicTable, troop: int, defender: int) -> int:
    """``troop``'s Strength attacking ``defender`` (0 or less: it cannot attack him at all)."""
    return attack_of(troop, attack_malus(t, defender))


def attack_sum(t: PublicTable, troops: Iterable[int], defender: int) -> int:
    """The Strength of an attack (a troop, or a Wise Voivode's squad) on ``defender``."""
    malus = attack_malus(t, defender)
    return sum(attack_of(x, malus) for x in troops)


def may_attack(t: PublicTable, troop: int, defender: int) -> bool:
    """Whether ``troop`` may attack ``defender`` at all: a troop, no Militia, and not brought
    to 0 or below by Anna Yaroslavna (§4.3)."""
    return IS_TROOP[troop] and not IS_MILITIA[troop] and attack_value(t, troop, defender) > 0


def forms_squads(t: PublicTable, seat: int) -> bool:
    """Whether ``seat`` may attack or defend with several troops at once (the Wise Voivode)."""
    return _VOIVODE in t.chronicles[seat]


def strongest_attack(t: PublicTable, hand: Iterable[int], attacker: int, defender: int) -> int:
    """The Strength of the strongest attack ``attacker`` could make on ``defender`` with the
    troops of ``hand``: his best troop, or with the Wise Voivode the squad of every troop
    that may attack (their values are all positive); 0 when none may."""
    malus = attack_malus(t, defender)
    values = [v for v in (attack_of(x, malus) for x in hand if IS_TROOP[x] and not IS_MILITIA[x]) if v > 0]
    if not values:
        return 0
    return sum(values) if len(values) > 1 and forms_squads(t, attacker) else max(values)


def may_declare(t: PublicTable, hand: Sequence[int], attacker: int, city_card: int) -> bool:
    """Whether ``attacker``, holding ``hand``, may declare war on the city (§4.1, RULINGS W1):
    another prince's, and he holds a troop that could attack it — an attack stronger than
    its walls now (`strongest_attack`), or, with False Matchmaking in hand, one once its
    walls and Moat are gone."""
    city = t.cities[city_card]
    if city.owner == attacker:
        return False
    best = strongest_attack(t, hand, attacker, city.owner)
    return best > 0 and (best > city.wall_strength or (fortified(city) and not _FALSE_MATCH.isdisjoint(hand)))


# --- defence ---------------------------------------------------------------------------------
def militia_strength(city: City) -> int:
    """A Militia defends with its city's whole Glory (§3: multipliers and the Golden Gate
    counted, nothing for the walls as such; §4.4, [B ruling 2])."""
    return city.glory()


def defence_bonus(t: PublicTable, defender: int) -> int:
    """What each native Druzhina defending for ``defender`` gains: `BOGATYRS_BONUS` while
    he holds the Russian Bogatyrs, else 0 (§4.4)."""
    return BOGATYRS_BONUS if _BOGATYRS in t.chronicles[defender] else 0


def troop_defence(troop: int, city: City, bonus: int) -> int:
    """``troop``'s Strength defending ``city`` for a prince whose `defence_bonus` is
    ``bonus``: a Militia the city's Glory, a native Druzhina its Strength and the bonus."""
    if IS_MILITIA[troop]:
        return militia_strength(city)
    return STRENGTH[troop] + bonus if NATIVE_DRUZHINA[troop] else STRENGTH[troop]


def defence_value(t: PublicTable, troop: int, defender: int, city_card: int) -> int:
    """``troop``'s Strength defending ``defender``'s city ``city_card``."""
    return troop_defence(troop, t.cities[city_card], defence_bonus(t, defender))


def defence_sum(t: PublicTable, troops: Iterable[int], defender: int, city_card: int) -> int:
    """The Strength of a defence (a troop, or a Wise Voivode's squad)."""
    city, bonus = t.cities[city_card], defence_bonus(t, defender)
    return sum(troop_defence(x, city, bonus) for x in troops)


def least_hold(t: PublicTable, attack: int) -> int:
    """The least defence that holds against ``attack``: an equal one [B ruling 1], or with
    the house rule of strict defence (§7) one more."""
    return attack + 1 if t.options.strict_defence else attack


def holds(t: PublicTable, defence: int, attack: int) -> bool:
    """Whether a defence of Strength ``defence`` holds against ``attack`` (§4.4, §7)."""
    return defence >= least_hold(t, attack)


# --- what a card finds in a city -------------------------------------------------------------
def fortified(city: City) -> bool:
    """Walls or a Moat stand in ``city``: what False Matchmaking strips (§5.2)."""
    return city.walls >= 0 or city.moat >= 0


def built_on(city: City) -> bool:
    """Anything stands in ``city``, walls and Moat included: what Fire burns (§5.2)."""
    return bool(city.buildings) or fortified(city)
