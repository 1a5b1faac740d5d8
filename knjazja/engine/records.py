"""The record of a war: every attack and every answer to it, as frozen values.

A war's record is the fold of its events (``war_after``): the engine keeps ``War.record``
by folding the events each action makes, and a UI that shows events one at a time folds
the same events with the same function, so both always agree and nothing is guessed.
Every card in a record was face up on the table when it got there, so the record in an
observation hides nothing: it is the fold of the events that seat saw.
"""
from __future__ import annotations

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

    def _last(self, **changes) -> WarRecord:
        if not self.attacks:
            return self
        return _with_attacks(self, self.attacks[:-1] + (replace(self.attacks[-1], **changes),))


def _with_attacks(record: WarRecord, attacks: tuple[AttackRecord, ...]) -> WarRecord:
    """`replace(record, attacks=attacks)`, spelled out: it runs at every attack and answer
    of every war of the bots' look-aheads, and `replace` reads the fields each time."""
    return WarRecord(record.attacker, record.defender, record.city, record.turn_no, attacks,
                     record.events, record.raid_troop, record.outcome)


def war_after(record: WarRecord | None, e: Event) -> WarRecord | None:
    """The record after event ``e`` (a ``war_start`` begins one; other events only change
    a running record)."""
    k = e.kind
    if k == EventKind.WAR_START:
        return WarRecord(e.seat, e.other, e.city, e.value)
    if record is None:
        return None
    if k == EventKind.ATTACK:
        return _with_attacks(record, record.attacks + (AttackRecord(tuple(e.cards), e.value),))
    if k == EventKind.ANSWER:
        return _answered(record, e)
    if k == EventKind.RAID_LAY:
        return replace(record, raid_troop=e.card)
    if k in (EventKind.BRIBED, EventKind.MOVE) and e.src == WAR and record.raid_troop >= 0 \
            and e.card == record.raid_troop:
        return replace(record, raid_troop=-1)
    if k == EventKind.PLAY_EVENT and not record.outcome:
        return replace(record, events=record.events + (WarEvent(e.seat, e.card),))
    if k == EventKind.REPELLED:
        return record._last(result=AttackResult.REPELLED)
    if k == EventKind.CITY_FALLS:
        return record._last(result=AttackResult.FELL)
    if k == EventKind.WAR_END:
        return replace(record, outcome=e.how)
    return record


def _answered(record: WarRecord, e: Event) -> WarRecord:
    answer = Answer(AnswerKind(e.how), e.seat, e.card, tuple(e.cards), e.value)
    if e.how == AnswerKind.RAID_TROOP:
        record = replace(record, raid_troop=-1)
    last = record.attacks[-1] if record.attacks else None
    if last is None:
        return record
    strength = e.value if e.how == AnswerKind.BRIBE else last.strength
    return record._last(answers=last.answers + (answer,), strength=strength)
