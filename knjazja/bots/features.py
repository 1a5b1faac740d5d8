"""Features of a position from one seat's view: the learned evaluation's input.

`extract(view)` reads a `View` (an observation, or a determinized state seen from one
seat) and returns three float vectors:

* `seats[r]` for every seat r places after the viewer (r = 0 is the viewer): Glory by
  cities and chronicles, the lead over the best other, walls, Throne/Quarter/Golden
  Gate, hand size, troops this seat knows in that hand, chronicles held, turns left,
  the viewer's reach against that seat's cities, its part in the war on the table;
* `glob`: player count, deck and turns left, the end of the game, what the viewer
  cannot see as a whole (is the Invasion still unseen, how strong the unseen troops
  are), the decision, the war on the table and a pending card;
* `hand`: the viewer's own hand, card by card and summed by kind and strength.

Never another seat's hidden cards: the unseen cards enter only as the pool the viewer
cannot place (the deck and the others' unknown cards together), so redealing the
others' hands and the deck leaves every feature unchanged.
"""
from __future__ import annotations

from knjazja.engine.actions import (CONGRESS, DOWRY_BID, RAID_LAY, REACTION, TURN, WAR_ATTACK,
                                    WAR_COUNTER, WAR_DEFEND)
from knjazja.engine.cards import (CARD_ID, CARDS, FOREIGN, GLORY_ROLE, IS_MILITIA, IS_TROOP, KIND,
                                  SCORES_TROOP, SPECS, STRENGTH)
from knjazja.engine.public import attack_malus, attack_sum, attack_values, troop_defence
from knjazja.engine.scoring import chronicle_glory
from knjazja.engine.state import Pending, War

from .view import View
from .warmath import PoolProfile, answers_in_hand, p_no_answer

FEATURE_VERSION = 2
DRAW_RATE = 0.55            # cards drawn per turn on average (how long the deck lasts)

IDS = tuple(sp.id for sp in SPECS)
_ID_INDEX = {cid: i for i, cid in enumerate(IDS)}
CARD_IDX = tuple(_ID_INDEX[CARD_ID[c]] for c in range(len(CARD_ID)))

CHRONICLE_FLAGS = ("chr.anna", "chr.bogatyrs", "chr.voivode", "chr.hermit", "chr.igor",
                   "chr.vasilko", "chr.congress", "chr.sviatopolk", "chr.polovtsian_campaign")
# Each block is a few segments that tend to change alone (the network caches its work
# per segment: a look-ahead move changes one or two of them).
SEAT_SEGMENTS = (
    ("present", "me", "next", "prev", "to_move", "turn_distance", "turns_left"),
    ("score", "lead", "first"),
    ("cities", "city_glory", "open_glory", "low_glory", "high_glory", "max_glory",
     "max_open_glory", "throne", "quarter", "gate", "buildings", "blocked"),
    ("chron_glory",) + tuple(f"holds.{c}" for c in CHRONICLE_FLAGS) + ("byzantium",),
    ("hand", "known", "known_troops", "known_max"),
    ("reach_glory", "reach_cities", "war_attacker", "war_defender"),
)
DECISIONS = (TURN, WAR_ATTACK, WAR_DEFEND, WAR_COUNTER, RAID_LAY, REACTION, DOWRY_BID, CONGRESS)
PENDING_CARDS = ("ev.treachery", "ev.fire", "ev.false_match", "ev.polovtsian_raid",
                 "ev.principality_raid", "ev.raid_city", "ev.dowry", "chr.congress")
GLOB_SEGMENTS = (
    tuple(f"players{k}" for k in range(2, 9)),
    ("deck", "rounds_left", "end_set", "end_invasion", "end_silence", "invasion_active",
     "first_round", "turn", "throne_in_play"),
    ("pool", "pool_invasion", "pool_silence", "pool_treachery", "pool_ambush", "pool_bribe",
     "pool_condemnation", "pool_troop_mean", "pool_strong", "pool_militia", "pool_cities",
     "pool_city_glory"),
    tuple(f"decision.{k}" for k in DECISIONS) + ("i_decide",),
    ("war", "war_me_attacker", "war_me_defender", "war_glory", "war_walls", "war_attacks",
     "war_attack", "war_defence", "war_raid", "war_p_open", "war_my_beaters", "war_my_answers"),
    ("pending", "pending_mine", "pending_target_me", "pending_glory", "dowry_my_best",
     "dowry_bids") + tuple(f"pending.{c}" for c in PENDING_CARDS),
)
HAND_SEGMENTS = (
    tuple(f"hand.{cid}" for cid in IDS),
    ("h_cards", "h_cities", "h_city_glory", "h_buildings", "h_build_glory", "h_walls",
     "h_troops", "h_troop_max", "h_troop_sum", "h_militia", "h_events", "h_chronicles",
     "h_active_excess", "h_city_excess"),
)
SEAT_NAMES = sum(SEAT_SEGMENTS, ())
GLOB_NAMES = sum(GLOB_SEGMENTS, ())
HAND_NAMES = sum(HAND_SEGMENTS, ())


def _bounds(segments: tuple) -> tuple[tuple[int, int], ...]:
    out, a = [], 0
    for seg in segments:
        out.append((a, a + len(seg)))
        a += len(seg)
    return tuple(out)


SEAT_BOUNDS, GLOB_BOUNDS, HAND_BOUNDS = (_bounds(SEAT_SEGMENTS), _bounds(GLOB_SEGMENTS),
                                         _bounds(HAND_SEGMENTS))
N_SEAT, N_GLOB, N_HAND = len(SEAT_NAMES), len(GLOB_NAMES), len(HAND_NAMES)

_S = {name: i for i, name in enumerate(SEAT_NAMES)}
_G = {name: i for i, name in enumerate(GLOB_NAMES)}
_H = {name: i for i, name in enumerate(HAND_NAMES)}
_CHR_SLOT = {cid: _S[f"holds.{cid}"] for cid in CHRONICLE_FLAGS}
(_I_CITIES, _I_GLORY, _I_OPEN, _I_LOW, _I_HIGH, _I_MAX, _I_MAX_OPEN, _I_BUILDINGS, _I_BLOCKED,
 _I_REACH, _I_REACH_N, _I_SCORE, _I_CHRON) = (
    _S[k] for k in ("cities", "city_glory", "open_glory", "low_glory", "high_glory", "max_glory",
                    "max_open_glory", "buildings", "blocked", "reach_glory", "reach_cities",
                    "score", "chron_glory"))
_I_LEAD, _I_FIRST, _I_BYZANTIUM = _S["lead"], _S["first"], _S["byzantium"]
# by a building's part in its city's Glory (`cards.GLORY_ROLE`: 1 Quarter, 2 Throne, 3 Golden Gate)
_SPECIAL_SLOT = (0, _S["quarter"], _S["throne"], _S["gate"])
_DEC_SLOT = {k: _G[f"decision.{k}"] for k in DECISIONS}
_PEND_SLOT = {cid: _G[f"pending.{cid}"] for cid in PENDING_CARDS}
# cards played in one's own turn: no troop, no war card, no reaction (the catalogue's facts)
_ACTIVE = tuple(KIND[c] != "troop" and not CARDS[c].war_only and not CARDS[c].reaction
                for c in range(len(CARD_ID)))
_POOL_COUNT = {"ev.tatar_invasion": "pool_invasion", "ev.silence": "pool_silence",
               "ev.treachery": "pool_treachery", "ev.ambush": "pool_ambush",
               "ev.bribe": "pool_bribe", "ev.condemnation": "pool_condemnation"}


class Features:
    """One position's features: per relative seat, global, and the viewer's hand."""
    __slots__ = ("seats", "glob", "hand")

    def __init__(self, seats: list[list[float]], glob: list[float], hand: list[float]) -> None:
        self.seats = seats
        self.glob = glob
        self.hand = hand


def turns_left(v: View) -> int:
    """Turns after the current one: the set end, or the deck at the usual draw rate."""
    if v.end_turn is not None:
        return max(0, v.end_turn - v.turn_no)
    return int(v.deck_size / DRAW_RATE) + v.n


def seat_turns(v: View, t_left: int) -> list[int]:
    """How many of the `t_left` turns each seat still takes."""
    n, cur = v.n, v.current
    out = [0] * n
    for s in range(n):
        o = (s - cur) % n
        out[s] = t_left // n if o == 0 else ((t_left - o) // n + 1 if t_left >= o else 0)
    return out


def extract(v: View, pool: PoolInfo | None = None,
            seats_by_troop: dict[float, list[list[float]]] | None = None) -> Features:
    """The features of the position `v` shows to its seat.  `pool`: its pool's features,
    when the caller has them already; `seats_by_troop`: the seat blocks of positions that
    differ from this one only in the viewer's hand and the pool, by the viewer's best troop
    (the one thing of the hand they read) — filled here, read by the next such call."""
    n, me = v.n, v.seat
    t_left = turns_left(v)
    R = seat_turns(v, t_left)
    if pool is None:
        pool = pool_features(v)
    hand = _hand_block(v, R[me])
    best_troop = hand[_H["h_troop_max"]] * 10
    seats = seats_by_troop.get(best_troop) if seats_by_troop is not None else None
    if seats is None:
        seats = [_seat_block(v, (me + r) % n, r, R) for r in range(n)]
        _cities_part(v, seats, best_troop)
        _leads(seats)
        if seats_by_troop is not None:
            seats_by_troop[best_troop] = seats
    glob = _glob_block(v, t_left, pool)
    return Features(seats, glob, hand)


def _seat_block(v: View, s: int, r: int, R: list[int]) -> list[float]:
    n = v.n
    f = [0.0] * N_SEAT
    f[0] = 1.0
    f[1] = 1.0 if r == 0 else 0.0
    f[2] = 1.0 if r == 1 else 0.0
    f[3] = 1.0 if r == n - 1 and n > 2 else 0.0
    f[4] = 1.0 if s == v.current else 0.0
    f[5] = ((s - v.current) % n) / n
    chron = 0.0
    under = v.under
    for ch in v.chronicles[s]:
        slot = _CHR_SLOT.get(CARD_ID[ch])
        if slot is not None:
            f[slot] += 1.0
        g = chronicle_glory(ch, under)
        if SCORES_TROOP[ch]:
            f[_I_BYZANTIUM] = g / 10
        chron += g
    f[_I_CHRON] = chron / 10
    f[_S["hand"]] = v.hand_sizes[s] / 10
    if r:
        known = v.known.get(s, ())
        if known:
            troops = [STRENGTH[c] for c in known if IS_TROOP[c] and not IS_MILITIA[c]]
            f[_S["known"]] = len(known) / 5
            f[_S["known_troops"]] = len(troops) / 5
            f[_S["known_max"]] = max(troops, default=0) / 10
    f[_S["turns_left"]] = R[s] / 10
    w = v.war
    if w is not None:
        f[_S["war_attacker"]] = 1.0 if w.attacker == s else 0.0
        f[_S["war_defender"]] = 1.0 if w.defender == s else 0.0
    return f


def _cities_part(v: View, seats: list[list[float]], my_best: float) -> None:
    """City Glory by wall strength, special buildings, and the viewer's reach, per seat."""
    n, me = v.n, v.seat
    # the viewer's best troop read as a foreign one: Anna Yaroslavna's malus on it whatever
    # it is (the feature the network learned, cached by that troop's Strength alone)
    malus = [attack_malus(v, s) for s in range(n)]
    for c in v.cities.values():
        f = seats[(c.owner - me) % n]
        g = c.glory()
        ws = c.wall_strength
        g10 = g / 10
        f[_I_CITIES] += 0.2
        f[_I_GLORY] += g10
        if ws == 0:
            f[_I_OPEN] += g10
            if g10 > f[_I_MAX_OPEN]:
                f[_I_MAX_OPEN] = g10
        elif ws < 4:
            f[_I_LOW] += g10
        else:
            f[_I_HIGH] += g10
            if c.blocked:
                f[_I_BLOCKED] += 1.0
        if g10 > f[_I_MAX]:
            f[_I_MAX] = g10
        for b in c.buildings:
            k = GLORY_ROLE[b]
            if k:
                f[_SPECIAL_SLOT[k]] = 1.0
        f[_I_BUILDINGS] += (len(c.buildings) + (c.walls >= 0) + (c.moat >= 0)) / 10
        if c.owner != me and my_best - malus[c.owner] > ws:
            if g10 > f[_I_REACH]:
                f[_I_REACH] = g10
            f[_I_REACH_N] += 0.2
    for f in seats:
        f[_I_SCORE] = f[_I_GLORY] + f[_I_CHRON]


def _leads(seats: list[list[float]]) -> None:
    scores = [f[_I_SCORE] for f in seats]
    top = max(scores)
    i_top = scores.index(top)
    second = max(scores[:i_top] + scores[i_top + 1:], default=0.0)
    for i, f in enumerate(seats):
        best_other = second if i == i_top else top
        f[_I_LEAD] = f[_I_SCORE] - best_other
        f[_I_FIRST] = 1.0 if f[_I_SCORE] >= best_other else 0.0


def _hand_block(v: View, my_turns: int) -> list[float]:
    f = [0.0] * N_HAND
    cities = city_glory = buildings = build_glory = walls = troops = tmax = tsum = 0
    militia = events = chronicles = active = 0
    for c in v.hand:
        f[CARD_IDX[c]] += 1.0
        kind = KIND[c]
        active += _ACTIVE[c]
        if kind == "city":
            cities += 1
            city_glory += CARDS[c].glory
        elif kind == "building":
            buildings += 1
            build_glory += CARDS[c].glory
            walls += CARDS[c].is_wall
        elif kind == "troop":
            if IS_MILITIA[c]:
                militia += 1
            else:
                troops += 1
                tsum += STRENGTH[c]
                tmax = max(tmax, STRENGTH[c])
        elif kind == "event":
            events += 1
        else:
            chronicles += 1
    base = len(IDS)
    f[base:] = [len(v.hand) / 10, cities / 3, city_glory / 10, buildings / 5, build_glory / 10,
                walls / 3, troops / 5, tmax / 10, tsum / 20, militia / 3, events / 5,
                chronicles / 3, max(0, active - my_turns) / 5, max(0, cities - my_turns)]
    return f


def _glob_block(v: View, t_left: int, pool: PoolInfo) -> list[float]:
    n = v.n
    f = [0.0] * N_GLOB
    f[n - 2] = 1.0
    f[_G["deck"]] = v.deck_size / 80
    f[_G["rounds_left"]] = t_left / n / 10
    if v.end_turn is not None:
        f[_G["end_set"]] = 1.0
        f[_G["end_invasion"]] = 1.0 if v.invasion_active else 0.0
    f[_G["invasion_active"]] = 1.0 if v.invasion_active else 0.0
    f[_G["end_silence"]] = 1.0 if v.end_turn is not None and not v.invasion_active and v.deck_size else 0.0
    f[_G["first_round"]] = 1.0 if v.turn_no < n else 0.0
    f[_G["turn"]] = v.turn_no / 100
    f[_G["throne_in_play"]] = 1.0 if any(
        CARD_ID[b] == "bld.throne" for c in v.cities.values() for b in c.buildings) else 0.0
    for i, x in pool.values:
        f[i] = x
    kind = v.decision.kind
    slot = _DEC_SLOT.get(kind)
    if slot is not None:
        f[slot] = 1.0
    f[_G["i_decide"]] = 1.0 if v.decision.seat == v.seat else 0.0
    if v.war is not None:
        _war_part(v, v.war, f, pool.prof)
    if v.pending is not None:
        _pending_part(v, v.pending, f)
    return f


class PoolInfo:
    """What the viewer cannot see, as a whole: the war profile and the pool features."""
    __slots__ = ("prof", "values", "_n", "_named", "_cities", "_glory")

    def __init__(self, pool: list[int]) -> None:
        self.prof = PoolProfile(pool)
        named = dict.fromkeys(_POOL_COUNT.values(), 0)
        cities = glory = 0
        for c in pool:
            name = _POOL_NAME_OF[c]
            if name is not None:
                named[name] += 1
            elif _CITY_GLORY_OF[c] >= 0:
                cities += 1
                glory += _CITY_GLORY_OF[c]
        self._fill(len(pool), named, cities, glory)

    def without(self, card: int) -> "PoolInfo":
        """The same pool less one `card` (a draw's look-ahead puts each unseen card on top
        in turn): counted from this one, the same floats as counting afresh."""
        info = PoolInfo.__new__(PoolInfo)
        info.prof = self.prof.without(card)
        named, cities, glory = self._named, self._cities, self._glory
        name = _POOL_NAME_OF[card]
        if name is not None:
            named = dict(named)
            named[name] -= 1
        elif _CITY_GLORY_OF[card] >= 0:
            cities -= 1
            glory -= _CITY_GLORY_OF[card]
        info._fill(self._n - 1, named, cities, glory)
        return info

    def _fill(self, n: int, named: dict[str, int], cities: int, glory: int) -> None:
        """The pool features from the counts: (index, value) of the non-zero ones, in the
        order of `_POOL_NAMES`."""
        self._n, self._named, self._cities, self._glory = n, named, cities, glory
        troops = self.prof.troops
        values = [(_G["pool"], n / 80)] if n else []
        values += [(_G[name], float(k)) for name, k in named.items() if k]
        values += [(i, x) for i, x in (
            (_G["pool_troop_mean"], (sum(STRENGTH[c] for c in troops) / len(troops) / 10) if troops else 0.0),
            (_G["pool_strong"], sum(1 for c in troops if STRENGTH[c] >= 6) / 5),
            (_G["pool_militia"], self.prof.militia / 7),
            (_G["pool_cities"], cities / 5),
            (_G["pool_city_glory"], glory / 10)) if x]
        self.values = values


_POOL_NAMES = ("pool", "pool_invasion", "pool_silence", "pool_treachery", "pool_ambush",
               "pool_bribe", "pool_condemnation", "pool_troop_mean", "pool_strong",
               "pool_militia", "pool_cities", "pool_city_glory")
# Keyed by the pool's cards, sorted, as bytes (card indexes are < 100): ~90 bytes a key where
# a frozenset took ~2.3 KB — 4096 of those were ~15 MB of each process that thinks, for a
# look-up no slower.  1024 entries (~1.7 MB): Hard's one 6-seat game at 8 worlds made 81,661
# pools with them against 81,421 with 4096 (the reuse is within a look-ahead).
POOL_CACHE_LIMIT = 1024
_POOL_CACHE: dict[bytes, PoolInfo] = {}
# per card: the pool count it adds to (or None), and a city's Glory (-1: not a city)
_POOL_NAME_OF = tuple(_POOL_COUNT.get(CARD_ID[c]) for c in range(len(CARD_ID)))
_CITY_GLORY_OF = tuple(CARDS[c].glory if KIND[c] == "city" else -1 for c in range(len(CARD_ID)))


def pool_features(v: View) -> PoolInfo:
    """The pool's features, remembered by the set of unseen cards (a look-ahead meets
    the same pool again and again)."""
    pool = v.pool
    key = bytes(sorted(pool))
    info = _POOL_CACHE.get(key)
    if info is None:
        if len(_POOL_CACHE) > POOL_CACHE_LIMIT:
            _POOL_CACHE.clear()
        info = _POOL_CACHE[key] = PoolInfo(pool)
    return info


def _war_part(v: View, w: War, f: list[float], prof: PoolProfile) -> None:
    me = v.seat
    city = v.cities[w.city]
    ws = city.wall_strength
    f[_G["war"]] = 1.0
    f[_G["war_me_attacker"]] = 1.0 if w.attacker == me else 0.0
    f[_G["war_me_defender"]] = 1.0 if w.defender == me else 0.0
    f[_G["war_glory"]] = city.glory() / 10
    f[_G["war_walls"]] = ws / 5
    f[_G["war_attacks"]] = w.attacks_made / 3
    att = attack_sum(v, w.attack, w.defender)
    f[_G["war_attack"]] = att / 10
    # the defence at its printed Strength (`STRENGTH` as the table: no Bogatyrs), the feature
    # the network learned
    f[_G["war_defence"]] = sum(troop_defence(t, city, STRENGTH) for t in w.defence) / 10
    if w.raid_troop >= 0:
        f[_G["war_raid"]] = troop_defence(w.raid_troop, city, STRENGTH) / 10
    mine = attack_values(v, v.hand, w.defender)
    beaters = [s for s in mine if s > ws]
    f[_G["war_my_beaters"]] = len(beaters) / 3
    if w.attacker == me:
        s = att if w.attack else max(beaters, default=0)
        foreign = any(FOREIGN[t] for t in w.attack)
        if s > ws:
            f[_G["war_p_open"]] = p_no_answer(v, prof, w.defender, city, s, foreign, w.attacks_made)
    elif w.defender == me and w.attack:
        f[_G["war_my_answers"]] = answers_in_hand(v, v.hand, me, city, att, any(FOREIGN[t] for t in w.attack)) / 3


def _pending_part(v: View, p: Pending, f: list[float]) -> None:
    me = v.seat
    f[_G["pending"]] = 1.0
    f[_G["pending_mine"]] = 1.0 if p.player == me else 0.0
    act = p.action
    city = getattr(act, "city", -1)
    target = p.target_seat if p.target_seat >= 0 else (v.cities[city].owner if city in v.cities else -1)
    f[_G["pending_target_me"]] = 1.0 if target == me else 0.0
    if city in v.cities:
        f[_G["pending_glory"]] = v.cities[city].glory() / 10
    slot = _PEND_SLOT.get(CARD_ID[p.card])
    if slot is not None:
        f[slot] = 1.0
    if CARD_ID[p.card] == "ev.dowry":
        f[_G["dowry_my_best"]] = max((STRENGTH[t] for t in v.hand
                                      if IS_TROOP[t] and not IS_MILITIA[t]), default=0) / 10
        f[_G["dowry_bids"]] = len(p.bids) / v.n


def names() -> list[str]:
    """Every feature's name, in the order the network reads them (seat, global, hand)."""
    return ([f"seat.{x}" for x in SEAT_NAMES] + [f"glob.{x}" for x in GLOB_NAMES]
            + [f"hand.{x}" if not x.startswith("hand.") else x for x in HAND_NAMES])

