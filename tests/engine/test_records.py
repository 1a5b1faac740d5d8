"""War records: every attack and every answer, typed and frozen, kept from the events."""
import dataclasses

import pytest

from knjazja.engine import records as R
from knjazja.engine.kinds import AnswerKind, AttackResult, EventKind, WarEnd
from knjazja.engine import war_after
from knjazja.engine.actions import WAR_ATTACK, Decision
from scenario import inst, play, scenario

D = "troop.druzhina."


def war(hand0, hand1, blds=(), chronicles=None, n=3):
    s = scenario(n=n, hands={0: list(hand0), 1: list(hand1)}, cities={"city.kiev": (1, list(blds))},
                 chronicles=chronicles)
    play(s, "war", by=0, city="city.kiev")
    return s


def fold(events, record=None):
    for e in events:
        record = war_after(record, e)
    return record


def test_the_record_starts_with_the_war_and_is_frozen():
    s = war([D + "5"], [D + "3"])
    r = s.war.record
    assert (r.attacker, r.defender, r.city, r.turn_no) == (0, 1, inst("city.kiev"), s.turn_no)
    assert r.attacks == () and r.outcome == "" and r.current is None
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.outcome = "captured"


def test_attack_and_defence_with_effective_strength():
    s = war([D + "5", D + "4"], [D + "7", "troop.militia"], blds=["bld.church"])
    play(s, "attack", cards=[D + "5"])
    play(s, "defend", cards=[D + "7"])
    first = s.war.record.attacks[0]
    assert first.troops == (inst(D + "5"),) and first.strength == 5 and first.result == AttackResult.REPELLED
    (answer,) = first.answers
    assert (answer.kind, answer.seat, answer.troops, answer.strength) == (AnswerKind.DEFEND, 1, (inst(D + "7"),), 7)
    play(s, "attack", cards=[D + "4"])
    play(s, "defend", cards=["troop.militia"])          # Militia = the city's Glory (3 + 1)
    assert s.war.record.attacks[1].answers[0].strength == 4
    assert s.war.record.current is None


def test_every_answer_is_an_event_and_is_recorded():
    s = war([D + "5", D + "6", D + "7"], ["ev.ambush", "ev.condemnation"])
    play(s, "attack", cards=[D + "5"])
    ev = play(s, "ambush")
    assert [e.how for e in ev if e.kind == EventKind.ANSWER] == [AnswerKind.AMBUSH]
    assert s.war.record.attacks[0].answers[0] == R.Answer(AnswerKind.AMBUSH, 1, inst("ev.ambush"))
    play(s, "attack", cards=[D + "6"])
    ev = play(s, "condemn")
    (answer,) = [e for e in ev if e.kind == EventKind.ANSWER]
    assert answer.how == AnswerKind.CONDEMN and answer.card == inst("ev.condemnation")
    assert s.war is None


def test_bribes_tag_troops_and_keep_the_attack_strength():
    s = war([D + "3", "troop.polovtsy.4"], ["ev.bribe", D + "10"],
            chronicles={0: ["chr.voivode"]})
    play(s, "attack", cards=[D + "3", "troop.polovtsy.4"])
    assert s.war.record.current.strength == 7
    play(s, "bribe", target="troop.polovtsy.4")
    attack = s.war.record.current
    assert attack.strength == 3                       # the attack goes on with what is left
    assert attack.bribed == {inst("troop.polovtsy.4")}
    assert attack.answers[0].kind == AnswerKind.BRIBE and attack.answers[0].card == inst("ev.bribe")


def test_a_bribe_that_repels_keeps_the_strength_the_attack_had():
    s = war(["troop.polovtsy.4"], ["ev.bribe"])
    play(s, "attack", cards=["troop.polovtsy.4"])
    play(s, "bribe", target="troop.polovtsy.4")
    attack = s.war.record.attacks[0]
    assert attack.result == AttackResult.REPELLED and attack.strength == 4


def test_counter_bribe_and_accept_are_answers_too():
    s = war([D + "5", "ev.bribe"], ["troop.polovtsy.2", "troop.poles"])
    play(s, "attack", cards=[D + "5"])
    play(s, "defend", cards=["troop.poles"])
    play(s, "bribe", by=0, target="troop.poles")
    kinds = [a.kind for a in s.war.record.attacks[0].answers]
    assert kinds == [AnswerKind.DEFEND, AnswerKind.COUNTER_BRIBE]
    assert s.war.record.attacks[0].bribed == {inst("troop.poles")}


def test_the_city_falls_and_the_war_ends_captured():
    s = war([D + "5"], [D + "3"])
    play(s, "attack", cards=[D + "5"])
    before = s.war.record
    ev = play(s, "yield")
    record = fold(ev, before)
    assert record.attacks[0].result == AttackResult.FELL and record.outcome == WarEnd.CAPTURED
    assert record.attacks[0].answers[-1].kind == AnswerKind.YIELD


def test_raid_troop_and_war_events():
    s = war(["ev.raid_city", D + "5"], [D + "4", D + "2"])
    play(s, "event", card="ev.raid_city")
    play(s, "decline", by=1)
    play(s, "lay", by=1, card=D + "2")
    r = s.war.record
    assert r.raid_troop == inst(D + "2") and [e.card for e in r.events] == [inst("ev.raid_city")]
    assert s.decision == Decision(0, WAR_ATTACK)
    play(s, "attack", cards=[D + "5"])                 # the laid troop answers first, and fails
    r = s.war.record
    assert r.raid_troop == -1
    assert r.attacks[0].answers[0].kind == AnswerKind.RAID_TROOP and r.attacks[0].answers[0].strength == 2


def test_the_record_is_the_fold_of_the_events():
    s = war([D + "5", D + "6"], [D + "7"])
    events = []
    for kind, kw in (("attack", {"cards": [D + "5"]}), ("defend", {"cards": [D + "7"]}),
                     ("attack", {"cards": [D + "6"]})):
        events += play(s, kind, **kw)
    start = R.WarRecord(0, 1, inst("city.kiev"), s.turn_no)
    assert fold(events, start) == s.war.record
