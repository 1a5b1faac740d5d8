"""The record of a war: every attack and every answer to it, as frozen values.

A war's record is the fold of its events (``war_after``): the engine keeps ``War.record``
by folding the events each action makes, and a UI that shows events one at a time folds
the same events with the same function, so both always agree and nothing is guessed.
Every card in a record was face up on the table when it got there, so the record in an
observation hides nothing: it is the fold of the events that seat saw.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from .actions import Event
from .kinds import AnswerKind, AttackResult, EventKind
from .zones import WAR

ANSWER_KINDS = tuple(AnswerKind)


@dataclass(frozen=True, slots=True)
class Answer:
    kind: AnswerKind
    seat: int                        # who answered
    card: int = -1                   # the event card played (Ambush, Bribe, Condemnation, Plunder)
    troops: tuple[int, ...] = ()     # troops laid, or the troop bribed
    strength: int = 0                # the Strength standing after it (see the kinds)


@dataclass(frozen=True, slots=True)
class AttackRecord:
    troops: tuple[int, ...]
    strength: int                    # effective Strength (Anna Yaroslavna, bribes counted)
    answers: tuple[Answer, ...] = ()
    result: str = ""                 # "" while it stands, or an AttackResult

    @property
    def bribed(self) -> frozenset[int]:
        """Troops of this attack or its defence that were bribed away."""
        return frozenset(t for a in self.answers if a.kind in (AnswerKind.BRIBE, AnswerKind.COUNTER_BRIBE)
                         for t in a.troops)


@dataclass(frozen=True, slots=True)
class WarEvent:
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class WarRecord:
    attacker: int
    defender: int
    city: int
    turn_no: int
    attacks: tuple[AttackRecord, ...] = ()
    events: tuple[WarEvent, ...] = ()   # event cards played during the war
    raid_troop: int = -1                # laid face up by Raid on the City, not yet used
    outcome: str = ""                   # "" while it runs, or a WarEnd

    @property
    def current(self) -> AttackRecord | None:
        """The attack that stands now, if any."""
        if self.attacks and not self.attacks[-1].result:
            return self.attacks[-1]
        return None


def _with_attacks(record: WarRecord, attacks: tuple[AttackRecord, ...]) -> WarRecord:
    """`replace(record, attacks=attacks)`, spelled out: it runs at every attack and answer
    of every war of the bots' look-aheads, and `replace` reads the fields each time."""
    return WarRecord(record.attacker, record.defender, record.city, record.turn_no, attacks,
                     record.events, record.raid_troop, record.outcome)


def _with_last(record: WarRecord, answers: tuple[Answer, ...] | None = None,
               strength: int | None = None, result: str | None = None) -> WarRecord:
    """The record with its last attack changed (none: the record as it is)."""
    if not record.attacks:
        return record
    last = record.attacks[-1]
    changed = AttackRecord(last.troops, last.strength if strength is None else strength,
                           last.answers if answers is None else answers,
                           last.result if result is None else result)
    return _with_attacks(record, record.attacks[:-1] + (changed,))


def war_after(record: WarRecord | None, e: Event) -> WarRecord | None:
    """The record after event ``e`` (a ``war_start`` begins one; other events only change
    a running record)."""
    fold = _FOLDS.get(e.kind)
    if fold is None:                       # an event no record keeps
        return record
    if fold is _started:
        return _started(record, e)
    return None if record is None else fold(record, e)


def _started(record: WarRecord | None, e: Event) -> WarRecord:
    return WarRecord(e.seat, e.other, e.city, e.value)


def _attacked(record: WarRecord, e: Event) -> WarRecord:
    return _with_attacks(record, record.attacks + (AttackRecord(tuple(e.cards), e.value),))


def _answered(record: WarRecord, e: Event) -> WarRecord:
    how = e.how
    answer = Answer(_ANSWER_KINDS.get(how) or AnswerKind(how), e.seat, e.card, tuple(e.cards), e.value)
    if how == _RAID_TROOP:
        record = replace(record, raid_troop=-1)
    last = record.attacks[-1] if record.attacks else None
    if last is None:
        return record
    strength = e.value if how == _BRIBE else last.strength
    return _with_last(record, answers=last.answers + (answer,), strength=strength)


def _raid_laid(record: WarRecord, e: Event) -> WarRecord:
    return replace(record, raid_troop=e.card)


def _left_war(record: WarRecord, e: Event) -> WarRecord:
    """A troop left the war's stack: bribed, or discarded (the Raid's laid troop is gone)."""
    if e.src == WAR and record.raid_troop >= 0 and e.card == record.raid_troop:
        return replace(record, raid_troop=-1)
    return record


def _event_played(record: WarRecord, e: Event) -> WarRecord:
    if record.outcome:
        return record
    return replace(record, events=record.events + (WarEvent(e.seat, e.card),))


def _repelled(record: WarRecord, e: Event) -> WarRecord:
    return _with_last(record, result=AttackResult.REPELLED)


def _fell(record: WarRecord, e: Event) -> WarRecord:
    return _with_last(record, result=AttackResult.FELL)


def _ended(record: WarRecord, e: Event) -> WarRecord:
    return replace(record, outcome=e.how)


# each kind of event a record keeps, and how (a dict: the kinds' class attributes are slow to
# read in Python 3.11, and most of a war's events change nothing)
_FOLDS: dict[str, Callable[..., WarRecord]] = {
    EventKind.WAR_START: _started, EventKind.ATTACK: _attacked, EventKind.ANSWER: _answered,
    EventKind.RAID_LAY: _raid_laid, EventKind.BRIBED: _left_war, EventKind.MOVE: _left_war,
    EventKind.PLAY_EVENT: _event_played, EventKind.REPELLED: _repelled,
    EventKind.CITY_FALLS: _fell, EventKind.WAR_END: _ended,
}
_ANSWER_KINDS = {kind.value: kind for kind in AnswerKind}
_RAID_TROOP, _BRIBE = AnswerKind.RAID_TROOP, AnswerKind.BRIBE
