"""What one seat may know (hidden cards removed), and worlds consistent with it.

`observation(state, seat)` is all a bot ever sees. `determinize(obs, rng)` builds a
full state that agrees with the observation, for search bots.
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from . import zones as Z
from .actions import Decision
from .cards import N_CARDS
from .state import City, GameOptions, GameState, Pending, War


@dataclass
class Observation:
    seat: int
    n: int
    options: GameOptions
    decision: Decision
    hand: list[int]                       # own hand (sorted)
    hand_sizes: list[int]
    known: dict[int, list[int]]           # seat -> cards known to be in that hand
    deck_size: int
    discard: list[int]
    cities: dict[int, City]               # public
    chronicles: list[list[int]]
    under: dict[int, int]
    before: list[list[int]]
    current: int
    turn_no: int
    first_player: int
    end_turn: int | None
    end_cause: str
    invasion_active: bool
    over: bool
    owned_ever: list[set[int]]
    war: War | None                        # entirely public (troops are face up)
    pending: Pending | None                # others' Dowry bids hidden (card -1)
    pending_limbo_card: int = -1
    history_len: int = 0
    unseen: list[int] = field(default_factory=list)   # cards whose place this seat cannot know
    kept: list[int] = field(default_factory=list)     # per seat: cards kept through a turn
    gone: list[int] = field(default_factory=list)     # per seat: cards that left the hand
    # every decision as the table saw it (`notes.py`); None: not known (an observation
    # decoded from the network carries none, `net/codec.py`)
    notes: tuple | None = None


def observation(s: GameState, seat: int) -> Observation:
    known = {t: sorted(c for c in s.hands[t] if c in s.seen[seat]) for t in range(s.n) if t != seat}
    pend = None
    if s.pending is not None:
        pend = s.pending.copy()
        pend.bids = [(b, t if b == seat else -1) for b, t in pend.bids]
    visible = set(s.hands[seat])
    for cards in known.values():
        visible.update(cards)
    for loc, places in s.locations().items():
        if places and places[0].kind not in (Z.HAND, Z.DECK_KIND, Z.BID):
            visible.add(loc)
    if s.pending is not None:
        visible.update(t for b, t in s.pending.bids if b == seat)
    unseen = [c for c in range(N_CARDS) if c not in visible]
    return Observation(
        seat=seat, n=s.n, options=s.options, decision=s.decision,
        hand=sorted(s.hands[seat]), hand_sizes=[len(h) for h in s.hands], known=known,
        deck_size=len(s.deck), discard=s.discard[:],
        cities={k: c.copy() for k, c in s.cities.items()},
        chronicles=[c[:] for c in s.chronicles], under=dict(s.under),
        before=[b[:] for b in s.before], current=s.current, turn_no=s.turn_no,
        first_player=s.first_player, end_turn=s.end_turn, end_cause=s.end_cause,
        invasion_active=s.invasion_active, over=s.over,
        owned_ever=[set(o) for o in s.owned_ever], war=s.war.copy() if s.war else None,
        pending=pend, history_len=len(s.history), unseen=unseen, kept=s.kept[:],
        gone=s.gone[:], notes=s.notes)


# Places dealt first, in order: (seat, how many of his unknown cards, each card's weight).
Places = Sequence[tuple[int, int, Sequence[float]]]


NOBODY = -1     # the seat of `public_part`: nobody's hand, nobody's bid face up


def public_part(obs: Observation) -> Observation:
    """What every seat sees of ``obs``: its seat's hand, the cards it knows in others' hands and
    its own Dowry bid go among the unseen (``seat`` is `NOBODY`).  A table that shows no seat's
    eyes (a spectator, between two players at one screen) reads this: no hidden card is in it."""
    hidden = [*obs.hand, *(c for cards in obs.known.values() for c in cards)]
    pend = None
    if obs.pending is not None:
        pend = obs.pending.copy()
        hidden += [t for _, t in pend.bids if t >= 0]
        pend.bids = [(b, -1) for b, _ in pend.bids]
    return replace(obs, seat=NOBODY, hand=[], known={}, pending=pend,
                   discard=obs.discard[:], cities={k: c.copy() for k, c in obs.cities.items()},
                   chronicles=[c[:] for c in obs.chronicles], under=dict(obs.under),
                   before=[b[:] for b in obs.before], owned_ever=[set(o) for o in obs.owned_ever],
                   war=obs.war.copy() if obs.war else None, hand_sizes=obs.hand_sizes[:],
                   unseen=sorted([*obs.unseen, *hidden]), kept=obs.kept[:],
                   gone=obs.gone[:])


def public_observation(s: GameState) -> Observation:
    """What every seat sees of ``s`` (`public_part`), for a table that shows nobody's eyes."""
    return public_part(observation(s, 0))


def seen_from(position: GameState | Observation, seat: int) -> Observation:
    """``seat``'s view of ``position``: a state's `observation`, or the observation itself
    when it is that seat's (the advice reads a network seat's recorded views so)."""
    if isinstance(position, Observation):
        assert position.seat == seat, "an observation shows its own seat's view only"
        return position
    return observation(position, seat)


def determinize(obs: Observation, rng: random.Random,
                hold_odds: Sequence[float] | None = None,
                places: Places | None = None) -> GameState:
    """A full state consistent with `obs`: unseen cards dealt at random into the hidden
    places (others' unknown hand cards, the deck, others' face-down bids).

    `hold_odds[c]` (> 0), if given, is how much likelier card c is than another to be one
    a player kept through one of his turns rather than played: those places (`obs.kept`)
    are dealt first, with these odds; the rest uniformly.  `places`, if given instead, are
    dealt first in their order, each group of a seat's places with its own weights (a
    reading of his play, `bots/reading.py`); the rest uniformly."""
    s = GameState(obs.n, 0, obs.options, obs.first_player)
    s.rng = random.Random(rng.getrandbits(64))
    pool = obs.unseen[:]
    rng.shuffle(pool)
    s.hands = [[] for _ in range(obs.n)]
    kept_deal = (_deal_places(obs, pool, rng, places) if places is not None
                 else _deal_kept(obs, pool, rng, hold_odds) if hold_odds is not None else None)
    for t in range(obs.n):
        if t == obs.seat:
            s.hands[t] = obs.hand[:]
            continue
        s.hands[t] = obs.known.get(t, [])[:]
        if kept_deal is not None:
            s.hands[t] += kept_deal.get(t, [])
        need = obs.hand_sizes[t] - len(s.hands[t])
        s.hands[t] += [pool.pop() for _ in range(need)]
        s.seen[obs.seat].update(obs.known.get(t, []))
    if obs.pending is not None:
        s.pending = obs.pending.copy()
        s.pending.bids = [(b, t if t >= 0 else pool.pop()) for b, t in s.pending.bids]
    s.deck = pool[:obs.deck_size]
    assert len(pool) == obs.deck_size, "observation is inconsistent"
    s.discard = obs.discard[:]
    s.cities = {k: c.copy() for k, c in obs.cities.items()}
    s.chronicles = [c[:] for c in obs.chronicles]
    s.under = dict(obs.under)
    s.before = [b[:] for b in obs.before]
    s.current, s.turn_no = obs.current, obs.turn_no
    s.end_turn, s.end_cause, s.invasion_active, s.over = (obs.end_turn, obs.end_cause,
                                                          obs.invasion_active, obs.over)
    s.owned_ever = [set(o) for o in obs.owned_ever]
    s.war = obs.war.copy() if obs.war else None
    s.decision = obs.decision
    if obs.kept:
        s.kept = obs.kept[:]
    if obs.gone:
        s.gone = obs.gone[:]
    s.notes, s.noting = obs.notes, False        # the table's notes as seen; none added
    return s


def _deal_places(obs: Observation, pool: list[int], rng: random.Random,
                 places: Places) -> dict[int, list[int]]:
    """Take each group of `places` out of `pool` (in place), in order, drawn without
    replacement with the group's weights (the smallest Exp(1) / w keys: Efraimidis and
    Spirakis again); no seat gets more than his unknown cards."""
    room = {t: obs.hand_sizes[t] - len(obs.known.get(t, [])) for t in range(obs.n) if t != obs.seat}
    out: dict[int, list[int]] = {}
    left = pool[:]
    for t, k, weights in places:
        k = min(k, room.get(t, 0), len(left))
        if k <= 0:
            continue
        room[t] -= k
        if k == 1:                        # one place (most groups): a single weighted pick
            at = _pick(left, weights, rng)
            out.setdefault(t, []).append(left.pop(at))
            continue
        keyed = sorted(left, key=lambda c: -math.log(1.0 - rng.random()) / weights[c])
        out.setdefault(t, []).extend(keyed[:k])
        left = keyed[k:]
    rng.shuffle(left)
    pool[:] = left
    return out


def _pick(cards: list[int], weights: Sequence[float], rng: random.Random) -> int:
    """The index of one of `cards`, each as likely as its weight."""
    r = rng.random() * sum(weights[c] for c in cards)
    for i, c in enumerate(cards):
        r -= weights[c]
        if r < 0:
            return i
    return len(cards) - 1


def _deal_kept(obs: Observation, pool: list[int], rng: random.Random,
               hold_odds: Sequence[float]) -> dict[int, list[int]]:
    """Take the others' kept-but-unknown cards out of `pool` (in place), drawn without
    replacement with weights `hold_odds` (Efraimidis and Spirakis: the largest
    u ** (1 / w) keys); the rest of the pool is shuffled again."""
    if not obs.kept:
        return {}
    counts = {}
    for t in range(obs.n):
        if t != obs.seat:
            known = len(obs.known.get(t, []))
            counts[t] = max(0, min(obs.kept[t] - known, obs.hand_sizes[t] - known))
    if not any(counts.values()):
        return {}
    keyed = sorted(pool, key=lambda c: rng.random() ** (1.0 / hold_odds[c]), reverse=True)
    out: dict[int, list[int]] = {}
    at = 0
    for t, k in counts.items():
        out[t] = keyed[at:at + k]
        at += k
    rest = keyed[at:]
    rng.shuffle(rest)
    pool[:] = rest
    return out
