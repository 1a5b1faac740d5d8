"""The rules of war as every seat can reckon them from the public table (docs/RULES.md §4).

A `PublicTable` is what lies face up: the cities and what stands in them, the chronicles
before each prince, Byzantine Aid's troop and the house rules.  A `GameState`, a seat's
`Observation` and the bots' `View` each are one, so the engine (its legal actions and
`apply`), the refusals, the bots, the Hint's facts and the laboratory all ask these
functions and reckon no rule of their own (issue 61; `tests/code/test_each_rule_once.py`
holds their answers on observations and views to the engine's own over many games).  A
prince's hand lies on no table: the rules that need it are given it.

A city's own arithmetic is `City`'s (state.py): its Glory (`glory_parts`, `glory`), its
wall Strength, the walls that close it to building (`blocked`), what Fire or False
Matchmaking sends away (`razed`) and its Throne.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from typing import Protocol

from .actions import Decision
from .cards import CARD_ID, FOREIGN, INSTANCES, IS_MILITIA, IS_TROOP, NATIVE_DRUZHINA, STRENGTH
from .state import City, GameOptions, Pending, War

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


class PublicView(PublicTable, Protocol):
    """The whole table as every seat sees it: the public table, whose decision and whose turn,
    the war and the card waiting, the end, and of the hidden places only their sizes.  A
    `GameState` is one and so is every `Observation` (a seat's, or `observation.public_part`:
    nobody's hand) — what a table draws and words (its prompts, dialogs, clicks, scores) reads
    this, so a network seat's table needs no state it cannot see (issue 61).  Hands by their
    sizes (``hand_sizes``), the deck by ``deck_size``, the past by ``history_len``; a seat's own
    hand is its observation's (``Observation.hand``)."""
    @property
    def n(self) -> int: ...
    @property
    def decision(self) -> Decision: ...
    @property
    def war(self) -> War | None: ...
    @property
    def pending(self) -> Pending | None: ...
    @property
    def discard(self) -> Sequence[int]: ...
    @property
    def before(self) -> Sequence[Sequence[int]]: ...
    @property
    def current(self) -> int: ...
    @property
    def turn_no(self) -> int: ...
    @property
    def first_player(self) -> int: ...
    @property
    def end_turn(self) -> int | None: ...
    @property
    def end_cause(self) -> str: ...
    @property
    def invasion_active(self) -> bool: ...
    @property
    def over(self) -> bool: ...
    @property
    def owned_ever(self) -> Sequence[Set[int]]: ...
    @property
    def hand_sizes(self) -> Sequence[int]: ...
    @property
    def deck_size(self) -> int: ...
    @property
    def history_len(self) -> int: ...


def cities_of(t: PublicTable, seat: int) -> list[City]:
    """The cities ``seat`` holds, in order of play."""
    return [c for c in t.cities.values() if c.owner == seat]


def holds_chronicle(t: PublicTable, seat: int, cid: str) -> bool:
    """Whether ``seat`` holds a chronicle of card id ``cid``."""
    return any(CARD_ID[c] == cid for c in t.chronicles[seat])


# --- attack ----------------------------------------------------------------------------------
def attack_malus(t: PublicTable, defender: int) -> int:
    """What each foreign troop attacking ``defender`` loses: `ANNA_MALUS` while he holds Anna
    Yaroslavna, else 0 (§4.3; she does nothing for an attacker who holds her)."""
    return ANNA_MALUS if _ANNA in t.chronicles[defender] else 0


# the troops that may attack at all: no Militia (it only defends)
_ATTACKS: tuple[bool, ...] = tuple(troop and not militia for troop, militia in zip(IS_TROOP, IS_MILITIA))
# every card's attacking Strength against a holder of Anna Yaroslavna (the foreign troops less
# her malus), and against anyone else: its printed Strength
_UNDER_ANNA: tuple[int, ...] = tuple(s - ANNA_MALUS if foreign else s for s, foreign in zip(STRENGTH, FOREIGN))


def attack_table(t: PublicTable, defender: int) -> Sequence[int]:
    """Every troop's Strength attacking ``defender``, indexed by card (0 or less: it cannot
    attack him at all): one look-up per troop in the bots' inner loops."""
    return _UNDER_ANNA if _ANNA in t.chronicles[defender] else STRENGTH


def attack_value(t: PublicTable, troop: int, defender: int) -> int:
    """``troop``'s Strength attacking ``defender`` (0 or less: it cannot attack him at all)."""
    return attack_table(t, defender)[troop]


def attack_sum(t: PublicTable, troops: Iterable[int], defender: int) -> int:
    """The Strength of an attack (a troop, or a Wise Voivode's squad) on ``defender``."""
    values = attack_table(t, defender)
    return sum(values[x] for x in troops)


def may_attack(t: PublicTable, troop: int, defender: int) -> bool:
    """Whether ``troop`` may attack ``defender`` at all: a troop, no Militia, and not brought
    to 0 or below by Anna Yaroslavna (§4.3)."""
    return _ATTACKS[troop] and attack_table(t, defender)[troop] > 0


def attacking(t: PublicTable, hand: Iterable[int], defender: int) -> list[int]:
    """The troops of ``hand`` that may attack ``defender`` at all (`may_attack`), in the
    hand's order."""
    values = attack_table(t, defender)
    return [x for x in hand if _ATTACKS[x] and values[x] > 0]


def attack_values(t: PublicTable, hand: Iterable[int], defender: int) -> list[int]:
    """The Strength against ``defender`` of every troop of ``hand`` but the Militia (which
    never attacks), in the hand's order; one brought to 0 or less cannot attack him."""
    values = attack_table(t, defender)
    return [values[x] for x in hand if IS_TROOP[x] and not IS_MILITIA[x]]


def forms_squads(t: PublicTable, seat: int) -> bool:
    """Whether ``seat`` may attack or defend with several troops at once (the Wise Voivode)."""
    return _VOIVODE in t.chronicles[seat]


def best_troop(t: PublicTable, hand: Iterable[int], defender: int) -> int:
    """The Strength of the strongest troop of ``hand`` attacking ``defender`` (0: none may)."""
    return _strongest(hand, False, attack_table(t, defender))


def _holder(t: PublicTable, chronicle: int) -> int:
    """The seat before whom ``chronicle`` (a card with one copy) lies, or -1."""
    for seat, held in enumerate(t.chronicles):
        if chronicle in held:
            return seat
    return -1


def strongest_attack(t: PublicTable, hand: Iterable[int], attacker: int, defender: int) -> int:
    """The Strength of the strongest attack ``attacker`` could make on ``defender`` with the
    troops of ``hand``: his best troop, or with the Wise Voivode the squad of every troop
    that may attack (their values are all positive); 0 when none may."""
    return _strongest(hand, forms_squads(t, attacker), attack_table(t, defender))


def _strongest(hand: Iterable[int], squads: bool, values: Sequence[int]) -> int:
    """`strongest_attack` with the attack table chosen: with ``squads`` all troops that may
    attack together, else the best one."""
    if squads:
        return sum(v for x in hand if _ATTACKS[x] and (v := values[x]) > 0)
    best = 0
    for x in hand:
        if _ATTACKS[x] and values[x] > best:
            best = values[x]
    return best


def may_declare(t: PublicTable, hand: Sequence[int], attacker: int, city_card: int) -> bool:
    """Whether ``attacker``, holding ``hand``, may declare war on the city (§4.1, RULINGS W1):
    another prince's, and he holds a troop that could attack it — an attack stronger than
    its walls now (`strongest_attack`), or, with False Matchmaking in hand, one once its
    walls and Moat are gone (`declarable`)."""
    return city_card in declarable(t, hand, attacker)


def declarable(t: PublicTable, hand: Sequence[int], attacker: int) -> list[int]:
    """Every city ``attacker`` may declare war on, holding ``hand``, in the table's order
    (`may_declare`): his strongest attack is reckoned once against Anna Yaroslavna's holder
    and once against the others, for the legal actions ask it after every action."""
    squads = forms_squads(t, attacker)
    plain = _strongest(hand, squads, STRENGTH)
    if plain <= 0:                     # no troop that may attack (Anna only lowers them)
        return []
    anna = _holder(t, _ANNA)
    under_anna = _strongest(hand, squads, _UNDER_ANNA) if anna >= 0 else 0
    matchmaking = not _FALSE_MATCH.isdisjoint(hand)
    out = []
    for card, city in t.cities.items():
        owner = city.owner
        if owner != attacker:
            best = under_anna if owner == anna else plain
            if best > 0 and (best > city.wall_strength or (matchmaking and fortified(city))):
                out.append(card)
    return out


# --- defence ---------------------------------------------------------------------------------
def militia_strength(city: City) -> int:
    """A Militia defends with its city's whole Glory (§3: multipliers and the Golden Gate
    counted, nothing for the walls as such; §4.4, [B ruling 2])."""
    return city.glory()


# every troop's defending Strength for a holder of the Russian Bogatyrs (a native Druzhina's
# with their bonus), a Militia's aside (`militia_strength`)
_WITH_BOGATYRS: tuple[int, ...] = tuple(s + BOGATYRS_BONUS if native else s
                                        for s, native in zip(STRENGTH, NATIVE_DRUZHINA))


def defence_table(t: PublicTable, defender: int) -> Sequence[int]:
    """Every troop's Strength defending for ``defender``, indexed by card, a Militia's aside
    (`troop_defence`): the printed one, or with the Russian Bogatyrs (§4.4) a native
    Druzhina's and `BOGATYRS_BONUS`."""
    return _WITH_BOGATYRS if _BOGATYRS in t.chronicles[defender] else STRENGTH


def troop_defence(troop: int, city: City, table: Sequence[int]) -> int:
    """``troop``'s Strength defending ``city`` for a prince whose `defence_table` is
    ``table``: a Militia the city's Glory, any other troop its entry."""
    return militia_strength(city) if IS_MILITIA[troop] else table[troop]


def defence_value(t: PublicTable, troop: int, defender: int, city_card: int) -> int:
    """``troop``'s Strength defending ``defender``'s city ``city_card``."""
    return troop_defence(troop, t.cities[city_card], defence_table(t, defender))


def defence_sum(t: PublicTable, troops: Iterable[int], defender: int, city_card: int) -> int:
    """The Strength of a defence (a troop, or a Wise Voivode's squad)."""
    city, table = t.cities[city_card], defence_table(t, defender)
    return sum(troop_defence(x, city, table) for x in troops)


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
