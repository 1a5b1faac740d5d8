"""Facts about a move that a player can check on the board, without words.

The Hint and the review say *why* with these: the Glory a move wins or costs, the city it
exposes or protects, the chance a war's city falls, who leads and by how much, the turns
left.  Every number is the one the position *after* the move shows: the move is applied to
a deal of the hidden cards consistent with the mover's own view (``after``), and only what
does not depend on the hidden cards is read from it (hand and deck sizes, Glory, walls);
chances are reckoned from the mover's view alone, never from the true hidden cards.  A
`Fact` names a string key (``advice.<key>``) and its arguments by kind — `Seat`, `Card`,
`Count` (a number that agrees with its word), `Signed`, `Tenths` or a bare int — and
``explain`` puts it into words.  What a move of each kind does is in ``movefacts``.
No pygame.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from knjazja.bots.view import View
from knjazja.bots.warmath import PoolProfile, p_no_answer
from knjazja.engine import Action, GameState, Observation, apply, determinize, final_scores, seen_from
from knjazja.engine.actions import DECLARE_WAR, DOWRY_BID, TURN
from knjazja.engine.cards import FOREIGN, IS_MILITIA, IS_TROOP
from knjazja.engine.public import attack_value, forms_squads

# a position the advice judges a move in: the game's state, or the mover's own observation (a
# network seat's: it never has the state); the advice reads the mover's view of it only
Position = GameState | Observation

NEAR_END = 4          # from this many turns left on, the turns left are worth saying
LOSING = 0.10         # a best win chance below this: every move loses, the Hint says so


@dataclass(frozen=True)
class Seat:
    seat: int


@dataclass(frozen=True)
class Card:
    card: int


@dataclass(frozen=True)
class Count:
    """``n`` of a counted word: ``unit`` names a plural string (``advice.n.<unit>``)."""
    unit: str
    n: int


@dataclass(frozen=True)
class Tenths:
    """A small amount of Glory in tenths ("0.3", Russian "0,3"): said with the genitive
    singular ("0,3 Славы"), as a fraction always is, so it needs no plural."""
    n: float


@dataclass(frozen=True)
class Signed:
    """A change, shown with its sign ("+3", "−1"): needs no agreement with a word."""
    n: int


@dataclass(frozen=True)
class Fact:
    key: str                                   # advice.<key>
    args: tuple[tuple[str, object], ...] = ()

    def kw(self) -> dict[str, object]:
        return dict(self.args)

    def get(self, name: str) -> object:
        return self.kw().get(name)


def fact(key: str, **kw: object) -> Fact:
    return Fact(key, tuple(kw.items()))


def cards(n: int) -> Count:
    return Count("cards", n)


def glory(n: int) -> Count:
    return Count("glory_nom", n)


# --- the position after the move ------------------------------------------------------------
def after(state: Position, seat: int, a: Action) -> GameState:
    """The position after ``seat`` plays ``a``, in a deal of the cards he cannot see (read
    only what the deal does not decide: sizes of hands and deck, cities, Glory)."""
    s = determinize(seen_from(state, seat), random.Random(0))
    apply(s, a)
    return s


def standing(s: GameState, me: int) -> Fact:
    """Who leads and by how much in ``s`` (the mover against the best other prince)."""
    scores = final_scores(s)
    rival = max((t for t in range(s.n) if t != me), key=lambda t: (scores[t], -t))
    gap = scores[me] - scores[rival]
    if gap > 0:
        return fact("you_lead", seat=Seat(rival), n=Count("glory_acc", gap))
    if gap < 0:
        return fact("rival_leads", seat=Seat(rival), n=Count("glory_acc", -gap))
    if scores[me] == 0:
        return fact("level_none", seat=Seat(rival))
    return fact("level", seat=Seat(rival), n=Count("glory_acc", scores[me]))


def turns_after(s: GameState, me: int) -> int | None:
    """The mover's turns still to come in ``s`` once the end is set (the turn in progress
    not counted), else None."""
    if s.end_turn is None or s.over:
        return 0 if s.over else None
    count = sum(1 for t in range(s.turn_no, s.end_turn + 1) if (s.current + t - s.turn_no) % s.n == me)
    return count - (1 if s.current == me else 0)


def turns_left(s: GameState, me: int) -> Fact | None:
    """The mover's turns left after the move, once the end is set and near."""
    t = turns_after(s, me)
    if t is None or t > NEAR_END:
        return None
    return fact("turns_set", n=Count("turns", t)) if t else fact("turns_none")


def hidden_outcome(obs: Observation, a: Action) -> bool:
    """Does the position right after ``a`` turn on cards the mover cannot see?  Only the
    last bid of a Dowry: the bids are turned over at once, the others' face down till then."""
    p = obs.pending
    return obs.decision.kind == DOWRY_BID and p is not None and len(p.bidders) <= 1 \
        and any(t < 0 for _, t in p.bids)


def context(state: Position, seat: int, a: Action) -> list[Fact]:
    """The standing after the move, then the turns left when few (no standing when the
    position after the move turns on hidden cards: ``hidden_outcome``)."""
    if hidden_outcome(seen_from(state, seat), a):
        return []
    s = after(state, seat, a)
    out = [standing(s, seat)]
    t = turns_left(s, seat)
    if t is not None:
        out.append(t)
    return out


# --- wars ---------------------------------------------------------------------------------------
def attackers(obs: Observation, defender: int, walls: int) -> list[int]:
    """The mover's troops that beat ``walls`` against ``defender``, strongest first."""
    return sorted((c for c in obs.hand if IS_TROOP[c] and not IS_MILITIA[c]
                   and attack_value(obs, c, defender) > walls),
                  key=lambda c: (-attack_value(obs, c, defender), c))


def no_answer(obs: Observation, defender: int, city_card: int, troop: int) -> float | None:
    """P(``defender`` holds no answer to ``troop``'s attack on ``city_card``), from what the
    mover can see: hypergeometric over the cards he cannot place (None when the defender
    holds the Wise Voivode: an answer may then be a squad of several weaker troops)."""
    if forms_squads(obs, defender):
        return None
    view = View.from_obs(obs)
    return p_no_answer(view, PoolProfile(view.pool), defender, obs.cities[city_card],
                       attack_value(obs, troop, defender), FOREIGN[troop])


def war_facts(obs: Observation, a: Action) -> list[Fact]:
    """A war: the defender's hand, the troop he must answer, the chance he cannot."""
    if a.kind != DECLARE_WAR or a.city not in obs.cities:
        return []
    city = obs.cities[a.city]
    d = city.owner
    troops = attackers(obs, d, city.wall_strength)
    worth = glory(city.glory())
    if not troops:
        return [fact("war", city=Card(a.city), glory=worth)]
    n = obs.hand_sizes[d]
    common = dict(seat=Seat(d), cards=cards(n), troop=Card(troops[0]), city=Card(a.city), glory=worth)
    if n == 0:
        return [fact("war_empty", seat=Seat(d), troop=Card(troops[0]), city=Card(a.city), glory=worth)]
    p = no_answer(obs, d, a.city, troops[0])
    if p is None:
        return [fact("war_voivode", **common)]
    if p >= 1.0:
        return [fact("war_sure", n=n, **common)]
    if p <= 0.0:
        return [fact("war_held", n=n, **common)]
    return [fact("war_odds", n=n, p=min(99, max(1, round(100 * p))), **common)]


def unseen_takers(obs: Observation, owner: int, walls: int) -> int:
    """Troops the mover has not seen (in the deck or in rivals' hands) that could attack a
    city of ``owner`` with ``walls``: Strength above the walls, Anna's −2 counted."""
    return sum(1 for c in obs.unseen if IS_TROOP[c] and not IS_MILITIA[c] and attack_value(obs, c, owner) > walls)


def own_turn(obs: Observation) -> bool:
    return obs.decision.kind == TURN and obs.seat == obs.current


# --- what tells against a move ----------------------------------------------------------------
RISKY = frozenset({"closes", "bribable", "ends_behind", "off_leader", "off_coleaders", "exposed", "thin_walls",
                   "helps", "shields", "chronicle_for", "city_for", "glory_down"})


def risky(f: Fact) -> bool:
    """A fact that tells against the move that has it (a city exposed or closed, a troop
    that can be bribed, a gift, a card played for nothing ...)."""
    if f.key in ("silence_cancels", "silence_round"):
        return bool(f.get("leading"))
    return f.key in RISKY or f.key.startswith("idle_")


def long_odds(f: Fact) -> bool:
    """A war whose city more likely stands than falls (the review says so of a choice)."""
    return f.key == "war_held" or (f.key == "war_odds" and int(f.get("p")) < 50)  # type: ignore[call-overload]
