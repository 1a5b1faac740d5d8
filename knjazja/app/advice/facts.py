"""Facts about a move that a player can check on the board, without words.

The Hint and the review say *why* with these: the Glory a move wins or costs at once, the
city it exposes or protects, the chance a war's city falls (``bots.press.p_falls``, from the
mover's own view), who leads and by how much, the turns left.  Every fact is read from the
mover's observation (or from deals of it, ``explain.effect``), never from the true hidden
cards.  A `Fact` names a string key and its arguments by kind — `Seat`, `Card`, `Count` (a
number that agrees with its word) or a bare int — and ``explain`` puts it into words.
No pygame.
"""
from __future__ import annotations

from dataclasses import dataclass

from knjazja.bots.press import leaders, p_falls, victim
from knjazja.bots.sense import glory_now, lead, my_turns_left
from knjazja.engine import Action, GameState, Observation, observation
from knjazja.engine.actions import ATTACK, BUILD, CHRONICLE, DECLARE_WAR, DEFEND, DRAW, END_WAR, EVENT, PLAY_CITY
from knjazja.engine.cards import CARDS, FOREIGN, IS_MILITIA, IS_TROOP, KIND, STRENGTH
from knjazja.engine.kinds import CardKind
from knjazja.engine.public import attack_sum, attack_table
from knjazja.engine.scoring import city_score
from knjazja.engine.state import City

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


def fact(key: str, **kw: object) -> Fact:
    return Fact(key, tuple(kw.items()))


# --- the table as it stands -----------------------------------------------------------------
def standing(obs: Observation) -> Fact:
    """Who leads and by how much (the mover against the best other prince)."""
    me = obs.seat
    glory = [glory_now(obs, t) for t in range(obs.n)]
    rival = max((t for t in range(obs.n) if t != me), key=lambda t: (glory[t], -t))
    gap = glory[me] - glory[rival]
    if gap > 0:
        return fact("you_lead", seat=Seat(rival), n=Count("glory_acc", gap))
    if gap < 0:
        return fact("rival_leads", seat=Seat(rival), n=Count("glory_acc", -gap))
    return fact("level", seat=Seat(rival), v=glory[me])


def turns_left(obs: Observation) -> Fact | None:
    """The mover's turns left, once the end is near (exact once it is set)."""
    t = my_turns_left(obs)
    if obs.end_turn is None and t > NEAR_END:
        return None
    return fact("turns_set" if obs.end_turn is not None else "turns_soonest", n=Count("turns", t))


# --- what a move does -------------------------------------------------------------------------
def _attackers(obs: Observation, city: City) -> list[int]:
    """The mover's troops that beat ``city``'s walls attacking its owner (Anna Yaroslavna
    counted), strongest first."""
    values = attack_table(obs, city.owner)
    walls = city.wall_strength
    return sorted((c for c in obs.hand if IS_TROOP[c] and not IS_MILITIA[c] and values[c] > walls),
                  key=lambda c: -values[c])


def war_odds(obs: Observation, a: Action) -> Fact | None:
    """A war: the defender's hand, the troop he must answer, the chance the city falls."""
    if a.kind != DECLARE_WAR or a.city not in obs.cities:
        return None
    city = obs.cities[a.city]
    troops = _attackers(obs, city)
    if not troops:
        return None
    p = round(100 * p_falls(obs, a))
    d = city.owner
    key = "war_sure" if p >= 100 else "war_held" if p <= 0 else "war_odds"   # no "about 100 %"
    return fact(key, seat=Seat(d), cards=Count("cards", obs.hand_sizes[d]), troop=Card(troops[0]),
                city=Card(a.city), p=p, glory=Count("glory_nom", city.glory()))


def unseen_takers(obs: Observation, city: City) -> int:
    """Troops the mover has not seen (in the deck or in rivals' hands) that beat the walls of
    ``city``, his own, attacking him (Anna Yaroslavna counted)."""
    values = attack_table(obs, city.owner)
    walls = city.wall_strength
    return sum(1 for c in obs.unseen if IS_TROOP[c] and not IS_MILITIA[c] and values[c] > walls)


def _builds_in_hand(obs: Observation, besides: int) -> int:
    return sum(1 for c in obs.hand if c != besides and KIND[c] == CardKind.BUILDING and not CARDS[c].is_wall
               and CARDS[c].id != "wall.moat")


def build_facts(obs: Observation, a: Action) -> list[Fact]:
    """A building in the mover's own city: what it protects, closes or exposes."""
    if a.kind != BUILD or a.city not in obs.cities or obs.cities[a.city].owner != obs.seat:
        return []
    city = obs.cities[a.city].copy()
    spec = CARDS[a.card]
    city.put(a.card)
    out: list[Fact] = []
    if spec.is_wall or spec.id == "wall.moat":
        if city.blocked and (k := _builds_in_hand(obs, a.card)):
            out.append(fact("closes", card=Card(a.card), city=Card(a.city), n=Count("buildings", k)))
        out.append(fact("walls_hold", city=Card(a.city), w=city.wall_strength, v=city.glory()))
    else:
        walls = city.wall_strength
        out.append(fact("exposed" if walls == 0 else "thin_walls", city=Card(a.city), v=city.glory(), w=walls,
                        k=unseen_takers(obs, city)))
    return out


def defend_facts(obs: Observation, a: Action) -> list[Fact]:
    """A defence: the city held, and a foreign troop that a Bribe can take away."""
    w = obs.war
    if a.kind != DEFEND or w is None or not a.cards:
        return []
    out: list[Fact] = []
    foreign = [c for c in a.cards if FOREIGN[c]]
    if foreign:
        out.append(fact("bribable", troop=Card(foreign[0]), seat=Seat(w.attacker),
                        cards=Count("cards", obs.hand_sizes[w.attacker])))
    if w.city in obs.cities:
        out.append(fact("holds_city", city=Card(w.city), glory=Count("glory_nom", obs.cities[w.city].glory())))
    return out


def attack_facts(obs: Observation, a: Action) -> list[Fact]:
    w = obs.war
    if a.kind != ATTACK or w is None or w.city not in obs.cities or not a.cards:
        return []
    city = obs.cities[w.city]
    strength = attack_sum(obs, a.cards, city.owner)
    return [fact("attack" if city.wall_strength else "attack_open", city=Card(w.city), s=strength,
                 w=city.wall_strength, seat=Seat(city.owner),
                 cards=Count("cards", obs.hand_sizes[city.owner]))]


def end_facts(obs: Observation, a: Action) -> list[Fact]:
    """The Tatar Invasion and And There Was Silence: the end of the game moves."""
    if a.kind != EVENT:
        return []
    cid = CARDS[a.card].id
    ahead = lead(obs)
    if cid == "ev.tatar_invasion":
        if ahead > 0:
            return []                     # the effect says it: the end comes while you lead
        return [fact("ends_behind", card=Card(a.card), stand=standing(obs))]
    if cid == "ev.silence":
        if obs.invasion_active and obs.deck_size:
            return [fact("silence_cancels", card=Card(a.card), deck=Count("cards", obs.deck_size),
                         leading=ahead > 0)]
        return [fact("silence_round", card=Card(a.card), leading=ahead > 0)]
    return []


def aim_facts(obs: Observation, a: Action) -> list[Fact]:
    """A blow (a war, Fire, a raid, Vasilko ...): at the prince who leads the others, or
    past him at one who does not."""
    hit = victim(obs, a)
    if hit < 0 or obs.n < 3:
        return []
    top = leaders(obs)
    if not top:                       # all level: nobody to aim at
        return []
    leader = min(top)
    glory = glory_now(obs, leader)
    if hit in top:
        return [fact("at_leader", seat=Seat(hit), n=Count("glory_nom", glory))]
    return [fact("off_leader", seat=Seat(hit), leader=Seat(leader), n=Count("glory_nom", glory),
                 m=Count("glory_nom", glory_now(obs, hit)))]


def chronicle_facts(obs: Observation, a: Action) -> list[Fact]:
    """A chronicle that gives no Glory, laid before oneself: what it will do, in numbers;
    Recon: whose hand it shows."""
    if a.kind == EVENT and CARDS[a.card].id == "ev.recon" and 0 <= a.seat < obs.n and a.seat != obs.seat:
        return [fact("recon", seat=Seat(a.seat), cards=Count("cards", obs.hand_sizes[a.seat]))]
    if a.kind != CHRONICLE or a.seat != obs.seat:
        return []
    cid = CARDS[a.card].id
    troops = [c for c in obs.hand if IS_TROOP[c] and not IS_MILITIA[c]]
    if cid == "chr.hermit":
        return [fact("hermit", card=Card(a.card), deck=Count("cards", obs.deck_size))]
    if cid == "chr.voivode" and len(troops) > 1:
        return [fact("voivode", card=Card(a.card), s=sum(STRENGTH[c] for c in troops))]
    if cid == "chr.bogatyrs":
        return [fact("bogatyrs", card=Card(a.card), k=sum(1 for c in obs.cities.values() if c.owner == obs.seat))]
    if cid == "chr.anna":
        return [fact("anna", card=Card(a.card), k=sum(1 for c in obs.unseen if IS_TROOP[c] and FOREIGN[c]))]
    return []


def kind_facts(state: GameState, obs: Observation, a: Action) -> list[Fact]:
    """What a move of this kind does, with its numbers."""
    if a.kind == DRAW:
        return [fact("draw", hand=Count("cards", len(obs.hand) + 1), deck=Count("cards", obs.deck_size))]
    if a.kind == PLAY_CITY and a.seat == obs.seat:
        return [fact("found", city=Card(a.card), glory=Count("glory_acc", CARDS[a.card].glory))]
    if a.kind == END_WAR and obs.war is not None:
        kept = sum(1 for c in obs.hand if IS_TROOP[c])
        return [fact("end_war", n=Count("troops", kept))]
    if a.kind == DECLARE_WAR and a.city in state.cities:
        city = state.cities[a.city]
        return [fact("war", city=Card(a.city), glory=Count("glory_nom", city_score(city).total))]
    return []


def move_facts(state: GameState, seat: int, a: Action) -> list[Fact]:
    """The board facts of ``seat`` choosing ``a``, the most telling first (no effect facts:
    ``explain`` adds those from deals of the hidden cards)."""
    obs = observation(state, seat)
    out: list[Fact] = []
    odds = war_odds(obs, a)
    if odds is not None:
        out.append(odds)
    out += defend_facts(obs, a) + attack_facts(obs, a) + build_facts(obs, a) + end_facts(obs, a) \
        + chronicle_facts(obs, a) + aim_facts(obs, a)
    if not out:
        out += kind_facts(state, obs, a)
    return out


def risky(f: Fact) -> bool:
    """A fact that tells against the move that has it (a city exposed or closed, a troop
    that can be bribed)."""
    if f.key in ("closes", "bribable", "ends_behind", "off_leader"):
        return True
    if f.key in ("silence_cancels", "silence_round"):
        return bool(f.kw()["leading"])
    return f.key in ("exposed", "thin_walls") and int(f.kw()["k"]) > 0     # type: ignore[call-overload]


def long_odds(f: Fact) -> bool:
    """A war whose city more likely stands than falls (the review says so of a choice)."""
    return f.key == "war_held" or (f.key == "war_odds" and int(f.kw()["p"]) < 50)  # type: ignore[call-overload]


def context(state: GameState, seat: int) -> list[Fact]:
    """The standing, then the turns left when few."""
    obs = observation(state, seat)
    out = [standing(obs)]
    t = turns_left(obs)
    if t is not None:
        out.append(t)
    return out
