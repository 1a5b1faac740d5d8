"""A prepared (stacked) position: hands, deck order, cities and chronicles named by card id.

Lessons and tests start from positions a shuffle would rarely deal.  ``prepared_game`` builds
one directly, pure and deterministic: the same arguments always give the same state, and the
state's own generator (random discards and steals) is seeded from ``seed`` as in ``new_game``::

    s = prepared_game(3, hands={0: ["city.kiev", "bld.church"]},
                      cities={"city.novgorod": (1, ["wall.palisade"])},
                      deck=["bld.cathedral"], rest="discard")

Cards are named by catalogue id; each name takes the next free instance of that id.  Every
card not named goes to the bottom of the deck (``rest="deck"``, in instance order) or to the
discard pile (``rest="discard"``).  All 100 cards end in exactly one place; a bad name, a
card named twice too often, a city that is not a city raise ``ValueError`` with one line.

A prepared game has no history to replay, so it cannot be saved (``saves`` replays actions
from a shuffle); a lesson is restarted from its data instead.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .actions import TURN, Decision
from .cards import CARD_ID, CARDS, INSTANCES, N_CARDS
from .kinds import CardKind
from .state import MAX_PLAYERS, MIN_PLAYERS, City, GameOptions, GameState

RESTS = ("deck", "discard")

CityPlan = tuple[int, Sequence[str]]             # (owner, building ids in order of play)
ChroniclePlan = str | tuple[str, str]            # an id, or ("chr.byzantium", troop id)


class _Pool:
    """Hands out free instances of each card id, lowest first."""

    def __init__(self) -> None:
        self.free = {cid: list(inst) for cid, inst in INSTANCES.items()}

    def take(self, cid: object) -> int:
        if not isinstance(cid, str) or cid not in self.free:
            raise ValueError(f"unknown card id {cid!r}")
        if not self.free[cid]:
            raise ValueError(f"no free copy of {cid!r} left (the deck has {len(INSTANCES[cid])})")
        return self.free[cid].pop(0)

    def rest(self) -> list[int]:
        out = sorted(c for cs in self.free.values() for c in cs)
        for cs in self.free.values():
            cs.clear()
        return out


def prepared_game(n: int, *, hands: Mapping[int, Iterable[str]] | None = None,
                  cities: Mapping[str, CityPlan] | None = None,
                  chronicles: Mapping[int, Iterable[ChroniclePlan]] | None = None,
                  before: Mapping[int, Iterable[str]] | None = None,
                  deck: Sequence[str] = (), discard: Sequence[str] = (), rest: str = "deck",
                  current: int = 0, turn_no: int | None = None, seed: int = 0,
                  options: GameOptions | None = None) -> GameState:
    """A state at the start of ``current``'s turn (see the module docstring).

    hands       {seat: [card ids]}
    cities      {city id: (owner, [building ids])}; walls and the Moat are placed as walls
    chronicles  {seat: [chronicle id | ("chr.byzantium", troop id)]}
    before      {seat: [ids]} a laid Tatar Invasion / Silence (its end of the game is the caller's)
    deck        card ids, the top card first; the unnamed cards follow (``rest="deck"``)
    discard     card ids at the bottom of the discard pile
    turn_no     the index of the current turn; default ``n`` (the first round is over)
    """
    if not isinstance(n, int) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, not {n!r}")
    if rest not in RESTS:
        raise ValueError(f"rest must be one of {RESTS}, not {rest!r}")
    if not isinstance(current, int) or not 0 <= current < n:
        raise ValueError(f"current must be a seat 0..{n - 1}, not {current!r}")
    turn_no = n if turn_no is None else turn_no
    if not isinstance(turn_no, int) or turn_no < 0:
        raise ValueError(f"turn_no must be a whole number, not {turn_no!r}")
    pool = _Pool()
    s = GameState(n, seed, options or GameOptions(), (current - turn_no) % n)
    for seat, cards in (hands or {}).items():
        s.hands[_seat(seat, n)] = [pool.take(c) for c in cards]
    for cid, city_plan in (cities or {}).items():
        _place_city(s, pool, cid, city_plan)
    for seat, plans in (chronicles or {}).items():
        for plan in plans:
            _place_chronicle(s, pool, _seat(seat, n), plan)
    for seat, laid in (before or {}).items():
        s.before[_seat(seat, n)] = [pool.take(c) for c in laid]
    top_first = [pool.take(c) for c in deck]
    s.discard = [pool.take(c) for c in discard]
    if rest == "deck":
        top_first += pool.rest()
    else:
        s.discard += pool.rest()
    s.deck = top_first[::-1]                    # the engine draws from the end of the list
    s.current, s.turn_no = current, turn_no
    s.decision = Decision(current, TURN)
    s.edited()
    _check_every_card_once(s)
    return s


def _seat(seat: object, n: int) -> int:
    if not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(f"no seat {seat!r} among {n} players")
    return seat


def _place_city(s: GameState, pool: _Pool, cid: str, plan: CityPlan) -> None:
    owner, buildings = plan
    card = pool.take(cid)
    if CARDS[card].kind != CardKind.CITY:
        raise ValueError(f"{cid} is not a city")
    city = City(card, _seat(owner, s.n))
    for bid in buildings:
        b = pool.take(bid)
        spec = CARDS[b]
        if spec.kind != CardKind.BUILDING:
            raise ValueError(f"{bid} is not a building (in {cid})")
        if spec.is_wall and city.walls >= 0:
            raise ValueError(f"two sets of walls in {cid}")
        city.put(b)
    if any(CARD_ID[b] == "bld.throne" for b in city.buildings) and any(
            CARD_ID[b] == "bld.throne" for c in s.cities.values() for b in c.buildings):
        raise ValueError("only one Prince's Throne may stand in play")
    s.cities[card] = city
    s.owned_ever[city.owner].add(card)


def _place_chronicle(s: GameState, pool: _Pool, seat: int, plan: ChroniclePlan) -> None:
    if isinstance(plan, (tuple, list)):
        cid, troop = plan
        card = pool.take(cid)
        under = pool.take(troop)
        if CARDS[under].kind != CardKind.TROOP:
            raise ValueError(f"{troop} is not a troop (under {cid})")
        s.under[card] = under
    else:
        card = pool.take(plan)
    if CARDS[card].kind != CardKind.CHRONICLE:
        raise ValueError(f"{CARD_ID[card]} is not a chronicle")
    s.chronicles[seat].append(card)


def _check_every_card_once(s: GameState) -> None:
    where = s.locations()
    bad = [CARD_ID[c] for c, places in where.items() if len(places) != 1]
    if len(where) != N_CARDS or bad:
        raise ValueError("cards not in exactly one place: " + ", ".join(bad))
