"""The table's notes: what every prince did, as every seat saw it, for bots that read hands.

Each decision a prince takes is public — the card he played or the answer he gave, or only
that he drew, bid face down or let his city fall — and so is what lay on the table when he
took it.  A `Note` keeps that much: who decided, what kind of decision, what he did, how
many cards he held, how many had left his hand before (`GameState.gone`: every card that
leaves a hand is seen to leave, even a face-down bid), and a few numbers of the public
table that say what his cards could have done then (whether a building had a city of his
to go to, what walls a troop had to beat, the attack he faced).  Nothing here reads a hidden
card: the action's own card is public (a Dowry bid's is not, and is left out), the rest are
counts and the public table.  `bots/reading.py` reads the notes into the worlds it deals.

A real game notes (`GameState.noting`); a world a bot deals for its look-ahead does not (it
carries the notes of the observation it was dealt from, unchanged), so the search pays
nothing for them.
"""
from __future__ import annotations

from typing import NamedTuple

from .actions import ATTACK, BID, DEFEND, REACTION, TURN, WAR_ATTACK, WAR_DEFEND, Action
from .cards import CARDS, FOREIGN
from .kinds import ActionKind, DecisionKind
from .public import attack_malus, attack_sum
from .state import GameState

BLOCKS = tuple(spec.blocks for spec in CARDS)
NONE = 99            # no such walls: no city of that sort to attack


class Note(NamedTuple):
    """One decision as the table saw it.  `card`: the public card of the action (the card
    played, the troop that attacked or defended first, the answer) or -1; `a`, `b`, `c`:
    the public table's numbers for that kind of decision —

    - a turn: `a` the decider's own cities still open to building; `b` and `c` the least
      walls among the other princes' cities, of princes without and with Anna Yaroslavna
      (`NONE`: no such city);
    - an answer to an attack (`war_defend`): `a` the attack's Strength, `b` the city's Glory
      (what a Militia defends with), `c` 1 when a foreign troop attacks (a Bribe could take it);
    - an attack (`war_attack`): `a` the city's walls, `b` the attacks made so far;
    - a reaction: `a` the card it may cancel."""
    seat: int
    kind: DecisionKind
    act: ActionKind
    turn_no: int
    held: int
    gone: int
    card: int = -1
    a: int = 0
    b: int = 0
    c: int = 0


def note_of(s: GameState, action: Action) -> Note:
    """The note of `action`, taken in `s` before it is applied."""
    seat, kind = s.decision.seat, s.decision.kind
    a = b = c = 0
    if kind == TURN:
        a, b, c = _turn_table(s, seat)
    elif kind == WAR_DEFEND and s.war is not None:
        w = s.war
        a, b = attack_sum(s, w.attack, w.defender), s.cities[w.city].glory()
        c = 1 if any(FOREIGN[t] for t in w.attack) else 0
    elif kind == WAR_ATTACK and s.war is not None:
        a, b = s.cities[s.war.city].wall_strength, s.war.attacks_made
    elif kind == REACTION and s.pending is not None:
        a = s.pending.card
    # tuple.__new__: a note is taken at every action of a real game, and this is the quick way
    return _new(Note, (seat, kind, action.kind, s.turn_no, len(s.hands[seat]), s.gone[seat],
                       _public_card(action), a, b, c))


_new = tuple.__new__


def _public_card(action: Action) -> int:
    """The card an action shows the table (a face-down bid shows none)."""
    kind = action.kind
    if kind == ATTACK or kind == DEFEND:
        return action.cards[0] if action.cards else -1
    if kind == BID:
        return -1
    return action.card


def _turn_table(s: GameState, seat: int) -> tuple[int, int, int]:
    """At a turn: the seat's own cities open to building, and the least walls of the other
    princes' cities, without and with Anna Yaroslavna's malus."""
    own = 0
    plain = anna = NONE
    annas = None
    for city in s.cities.values():
        owner = city.owner
        if owner == seat:
            if city.walls < 0 or not BLOCKS[city.walls]:
                own += 1
            continue
        walls = city.wall_strength
        if annas is None:
            annas = [attack_malus(s, t) > 0 for t in range(s.n)]
        if annas[owner]:
            if walls < anna:
                anna = walls
        elif walls < plain:
            plain = walls
    return own, plain, anna
