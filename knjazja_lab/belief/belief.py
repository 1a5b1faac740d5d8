"""Reading each prince's hand from his play: the table's notes weighed card by card.

Every decision a prince takes is on the table (`engine.notes`): the turns he drew rather
than played while a city of his stood open to building or a rival's city to his troops, the
attacks he let through and the answers he gave, the cards he let take effect.  Each such
note makes some cards likelier in his hand and others less: a card he held through a turn
on which he drew was not worth playing then — a city hardly ever, an answer to a war nearly
always — and a card that would have held the city he gave up was seldom there.

The reading: a prince's unknown cards are split by how long they have been in his hand
(counted, as the table can count them, from his turns and the cards that left his hand
since: the oldest places are those no departure could have emptied), and each group of
places is dealt with weights exp(sum of the log-odds of every note it lived through),
`Belief.places`.  The log-odds are a table of a few hundred numbers per kind of note and
kind of card (`FEATURES`), fitted in the laboratory on bot games where the true hands are
known (`knjazja_lab/belief/fit.py`), and kept in `knjazja_lab/belief/belief.json`.

Pure Python; computed once per decision from the observation (a few milliseconds) and then
used for every world the decision deals (`Belief.deal`).
"""
from __future__ import annotations

import json
import math
import random
from functools import lru_cache
from pathlib import Path

from knjazja.bots.hard import HardBot
from knjazja.engine import GameState, Observation, determinize
from knjazja.engine.actions import (AMBUSH, BID, BRIBE, BUILD, CHRONICLE, CONDEMN, DECLARE_WAR,
                                    DECLINE, DEFEND, DOWRY_BID, EVENT, PASS_IGOR, PLAY_CITY,
                                    REACTION, TURN, WAR_ATTACK, WAR_DEFEND)
from knjazja.engine.cards import CARD_ID, FOREIGN, IS_MILITIA, IS_TROOP, N_CARDS, STRENGTH
from knjazja.engine.notes import Note
from knjazja.engine.public import ANNA_MALUS
from knjazja.engine.rules import REACTABLE

DATA = Path(__file__).with_name("belief.json")

CLASSES = ("city", "glory", "throne", "quarter", "walls", "strong_walls", "militia",
           "troop_weak", "troop_strong", "answer", "reaction", "ending", "blow", "chronicle_good",
           "chronicle_bad")
_CLASS_OF = {
    "bld.church": "glory", "bld.monastery": "glory", "bld.cathedral": "glory",
    "bld.throne": "throne", "bld.sloboda": "quarter", "bld.golden_gate": "quarter",
    "wall.palisade": "walls", "wall.wooden": "walls", "wall.stone": "strong_walls",
    "wall.kremlin": "strong_walls", "wall.moat": "strong_walls", "troop.militia": "militia",
    "ev.ambush": "answer", "ev.bribe": "answer", "ev.condemnation": "answer",
    "ev.city_watch": "reaction", "ev.outpost": "reaction", "ev.plunder": "reaction",
    "ev.tatar_invasion": "ending", "ev.silence": "ending",
    "chr.vasilko": "chronicle_bad", "chr.polovtsian_campaign": "chronicle_bad",
    "chr.congress": "chronicle_bad", "chr.igor": "chronicle_bad",
}
STRONG = 5                                   # a troop of this Strength or more is "strong"


def _card_class(card: int) -> int:
    cid = CARD_ID[card]
    name = _CLASS_OF.get(cid)
    if name is None:
        head = cid.split(".")[0]
        if head == "city":
            name = "city"
        elif head == "troop":
            name = "troop_strong" if STRENGTH[card] >= STRONG else "troop_weak"
        elif head == "chr":
            name = "chronicle_good"
        else:
            name = "blow"
    return CLASSES.index(name)


CLS: tuple[int, ...] = tuple(_card_class(c) for c in range(N_CARDS))
K = len(CLASSES)
_BUILDING = frozenset(CLASSES.index(n) for n in ("glory", "throne", "quarter", "walls", "strong_walls"))
_PLAIN_TROOP = tuple(IS_TROOP[c] and not IS_MILITIA[c] for c in range(N_CARDS))
_ALWAYS_ANSWERS = tuple(CARD_ID[c] in ("ev.ambush", "ev.condemnation") for c in range(N_CARDS))
_BRIBE = tuple(CARD_ID[c] == "ev.bribe" for c in range(N_CARDS))

# What a turn's play was (the decider's own choice among his cards).
TURN_ACTS = ("draw", "city", "build", "chronicle", "event", "war", "igor")
_TURN_ACT = {PLAY_CITY: 1, BUILD: 2, CHRONICLE: 3, EVENT: 4, DECLARE_WAR: 5, PASS_IGOR: 6}
BIG_HAND = 7


def _feature_names() -> list[str]:
    names = [f"turn/{a}/{k}" for a in TURN_ACTS for k in CLASSES]
    names += [f"playable/{k}" for k in CLASSES]
    names += [f"first/{k}" for k in CLASSES]
    names += [f"big/{k}" for k in CLASSES]
    names += [f"defend/{r}/{ans}/{g}" for r in ("yield", "troop", "militia", "event")
              for ans in (0, 1) for g in ("troop", "militia", "answer", "other")]
    names += [f"attack/{a}/{rel}" for a in ("attack", "end", "event")
              for rel in ("stronger", "weaker", "other")]
    names += [f"react/{d}/{s}" for d in ("react", "decline") for s in (0, 1)]
    names += [f"bid/{b}/{t}" for b in ("no", "yes") for t in (0, 1)]
    return names


FEATURES: tuple[str, ...] = tuple(_feature_names())
INDEX = {name: i for i, name in enumerate(FEATURES)}
_F_TURN = INDEX["turn/draw/city"]
_F_PLAYABLE = INDEX["playable/city"]
_F_FIRST = INDEX["first/city"]
_F_BIG = INDEX["big/city"]
_F_DEFEND = INDEX["defend/yield/0/troop"]
_F_ATTACK = INDEX["attack/attack/stronger"]
_F_REACT = INDEX["react/react/0"]
_F_BID = INDEX["bid/no/0"]


def turn_features(note: Note, card: int, first: bool) -> list[int]:
    """The features a card held through the turn of `note` (and not played then) carries;
    `first`: the first turn it was held through."""
    k = CLS[card]
    out = [_F_TURN + K * _TURN_ACT.get(note.act, 0) + k]
    if _playable(note, card, k):
        out.append(_F_PLAYABLE + k)
    if first:
        out.append(_F_FIRST + k)
    if note.held >= BIG_HAND:
        out.append(_F_BIG + k)
    return out


def _playable(note: Note, card: int, k: int) -> bool:
    """Could the card have been played to effect at that turn, by the public table?  A
    building: a city of his own open to building; a troop: some rival's walls it beats."""
    if k in _BUILDING:
        return note.a > 0
    if _PLAIN_TROOP[card]:
        s = STRENGTH[card]
        return s > note.b or (s - (ANNA_MALUS if FOREIGN[card] else 0)) > note.c
    return False


def other_features(note: Note, card: int, strict: bool) -> list[int]:
    """The features a card held at a decision other than a turn carries (an answer to an
    attack, an attack, a reaction, a bid)."""
    kind = note.kind
    if kind == WAR_DEFEND:
        return [_F_DEFEND + 8 * _defend_reply(note) + 4 * _answers(note, card, strict)
                + _answer_group(card)]
    if kind == WAR_ATTACK:
        act = 0 if note.card >= 0 else (2 if note.act == EVENT else 1)
        return [_F_ATTACK + 3 * act + _relative(note, card)]
    if kind == REACTION:
        stops = REACTABLE.get(CARD_ID[note.a], "") == CARD_ID[card] if note.a >= 0 else False
        return [_F_REACT + 2 * (note.act == DECLINE) + int(stops)]
    if kind == DOWRY_BID:
        return [_F_BID + 2 * (note.act == BID) + int(bool(IS_TROOP[card]))]
    return []


def _defend_reply(note: Note) -> int:
    if note.act == DEFEND:
        return 2 if note.card >= 0 and IS_MILITIA[note.card] else 1
    if note.act in (AMBUSH, BRIBE, CONDEMN):
        return 3
    return 0                                         # he let the city fall


def _answers(note: Note, card: int, strict: bool) -> int:
    """Would the card alone have answered the attack of `note`?"""
    need = note.a + 1 if strict else note.a
    if _PLAIN_TROOP[card]:
        return int(STRENGTH[card] >= need)
    if IS_MILITIA[card]:
        return int(note.b >= need)
    return int(_ALWAYS_ANSWERS[card] or (_BRIBE[card] and note.c == 1))


def _answer_group(card: int) -> int:
    if _PLAIN_TROOP[card]:
        return 0
    if IS_MILITIA[card]:
        return 1
    return 2 if _ALWAYS_ANSWERS[card] or _BRIBE[card] else 3


def _relative(note: Note, card: int) -> int:
    if not _PLAIN_TROOP[card]:
        return 2
    if note.card >= 0:
        return 0 if STRENGTH[card] > STRENGTH[note.card] else 1
    return 0 if STRENGTH[card] > note.a else 1


@lru_cache(maxsize=4)
def load_weights(path: str = str(DATA)) -> tuple[float, ...]:
    """The fitted log-odds, one per `FEATURES` name (a name the file lacks: 0)."""
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if data.get("format") != "knjazja-belief" or data.get("version") != 1:
        raise ValueError(f"{path}: not a belief file")
    table = data["weights"]
    return tuple(float(table.get(name, 0.0)) for name in FEATURES)


class Layout:
    """One prince's notes as his unknown places lived through them.  `turns`: his turns,
    newest first; `segments[i]`: his other decisions after turn i (`segments[0]`: since his
    last turn); `sizes[j]`: how many of his unknown places have been held through exactly
    his last j turns (`sizes[0]`: drawn since his last turn or whenever no count tells)."""
    __slots__ = ("seat", "turns", "segments", "sizes")

    def __init__(self, obs: Observation, seat: int) -> None:
        self.seat = seat
        turns: list[Note] = []
        segments: list[list[Note]] = [[]]
        for note in reversed(obs.notes or ()):
            if note.seat != seat:
                continue
            if note.kind == TURN:
                turns.append(note)
                segments.append([])
            else:
                segments[-1].append(note)
        self.turns = turns
        self.segments = segments[:len(turns) + 1]
        known = len(obs.known.get(seat, ()))
        hidden = max(0, obs.hand_sizes[seat] - known)
        kept = max(0, min(obs.kept[seat] - known, hidden)) if obs.kept else 0
        gone = obs.gone[seat] if obs.gone else 0
        older = kept                                  # places held through at least j turns
        at_least = [hidden]
        for note in turns:
            present = note.held - (gone - note.gone) - known
            older = max(0, min(older, present))
            if older == 0:
                break
            at_least.append(older)
        at_least.append(0)
        self.sizes = [at_least[j] - at_least[j + 1] for j in range(len(at_least) - 1)]


def seat_logits(layout: Layout, pool: list[int], theta: tuple[float, ...],
                strict: bool) -> list[tuple[int, dict[int, float]]]:
    """For each group of the seat's places that has any (`Layout.sizes`): its size and
    every pool card's log-weight there — the turns it was held through (the oldest as its
    first) and his other decisions since that turn (the places drawn since his last turn:
    his decisions since)."""
    out: list[tuple[int, dict[int, float]]] = []
    cache: dict[tuple, list[float]] = {}
    later = [0.0] * len(pool)                   # the turns held through since, as "later"
    others = [0.0] * len(pool)                  # the other decisions lived through
    for note in layout.segments[0]:             # since his last turn
        _add(others, _values(note, pool, theta, strict, cache))
    first = [theta[_F_FIRST + CLS[c]] for c in pool]
    for j, size in enumerate(layout.sizes):
        if j > 0:
            _add(later, _values(layout.turns[j - 1], pool, theta, strict, cache))
        if size > 0:
            out.append((size, {c: later[i] + (first[i] if j > 0 else 0.0) + others[i]
                               for i, c in enumerate(pool)}))
        if 0 < j < len(layout.segments):
            for note in layout.segments[j]:
                _add(others, _values(note, pool, theta, strict, cache))
    return out


def _add(total: list[float], values: list[float]) -> None:
    for i, v in enumerate(values):
        total[i] += v


def _values(note: Note, pool: list[int], theta: tuple[float, ...], strict: bool,
            cache: dict[tuple, list[float]]) -> list[float]:
    """Every pool card's log-odds from one note (a turn's as a later turn), by the note's
    public numbers: notes alike in them weigh alike."""
    if note.kind == TURN:
        key: tuple = (TURN, _TURN_ACT.get(note.act, 0), note.a > 0, note.b, note.c,
                      note.held >= BIG_HAND)
    else:
        key = (note.kind, note.act, note.card, note.a, note.b, note.c)
    values = cache.get(key)
    if values is None:
        if note.kind == TURN:
            values = [sum(theta[f] for f in turn_features(note, c, False)) for c in pool]
        else:
            values = [sum(theta[f] for f in other_features(note, c, strict)) for c in pool]
        cache[key] = values
    return values


def seat_features(layout: Layout, pool: list[int], strict: bool
                  ) -> list[tuple[int, int, dict[int, list[int]]]]:
    """The same groups as `seat_logits`, with every pool card's features (for fitting):
    (size, age, card -> feature indices, repeated as often as they count)."""
    out: list[tuple[int, int, dict[int, list[int]]]] = []
    later: dict[int, list[int]] = {c: [] for c in pool}
    others: dict[int, list[int]] = {c: [] for c in pool}
    for note in layout.segments[0]:
        for c in pool:
            others[c] = others[c] + other_features(note, c, strict)
    for j, size in enumerate(layout.sizes):
        if j > 0:
            note = layout.turns[j - 1]
            for c in pool:
                later[c] = later[c] + turn_features(note, c, False)
        if size > 0:
            out.append((size, j, {c: later[c] + ([_F_FIRST + CLS[c]] if j > 0 else [])
                                  + others[c] for c in pool}))
        if 0 < j < len(layout.segments):
            for note in layout.segments[j]:
                for c in pool:
                    others[c] = others[c] + other_features(note, c, strict)
    return out


LIMIT = 20.0             # log-weights clipped to ± this: no weight 0 nor overflow


class Belief:
    """What one seat's observation says of every other hand: the groups of places to deal
    first (`places`: seat, size, each card's weight), oldest first within a seat."""

    def __init__(self, obs: Observation, theta: tuple[float, ...] | None = None) -> None:
        theta = load_weights() if theta is None else theta
        pool = obs.unseen
        strict = obs.options.strict_defence
        self.places: list[tuple[int, int, list[float]]] = []
        for t in range(obs.n):
            if t == obs.seat:
                continue
            groups = seat_logits(Layout(obs, t), pool, theta, strict)
            for size, logits in reversed(groups):        # the oldest, best read, first
                w = [1.0] * N_CARDS
                for c, v in logits.items():
                    w[c] = math.exp(max(-LIMIT, min(LIMIT, v)))
                self.places.append((t, size, w))

    def deal(self, obs: Observation, rng: random.Random) -> GameState:
        """A world dealt from `obs` with these places (the seats in a random order)."""
        seats = sorted({t for t, _, _ in self.places})
        rng.shuffle(seats)
        rank = {t: i for i, t in enumerate(seats)}
        order = sorted(self.places, key=lambda p: rank[p[0]])     # stable: oldest first
        return determinize(obs, rng, places=order)


class NotesHardBot(HardBot):
    """`hard:notes`: Hard dealing its own worlds by the table's notes (`Belief`) when the
    observation has them all, else by the kept counts as the shipped Hard does (an
    observation decoded from the network, `net/codec.py`, carries none).  Not shipped: a
    strength probe leaned against it (the log's "Reading the table")."""

    def _round_args(self, obs: Observation) -> tuple[int, float | None, dict]:
        iters, deadline, kw = super()._round_args(obs)
        if kw.get("read") is True and obs.notes is not None:
            kw["read"] = Belief(obs)
        return iters, deadline, kw
