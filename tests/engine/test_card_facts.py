"""The card facts of the catalogue (`CardSpec`), as docs/RULES.md gives them, and the rules
that read them: what each event and chronicle is pointed at, when it may be played, what
a building does to its city's Glory and what a chronicle scores (issue 47: each rule once)."""
from __future__ import annotations

import pytest
from scenario import scenario

from knjazja.engine import legal_actions
from knjazja.engine.actions import CHRONICLE, EVENT
from knjazja.engine.cards import (CARD_ID, COSTLY_CHRONICLES, HELPING_CHRONICLES, SPEC_BY_ID, SPECS,
                                  card_ids)
from knjazja.engine.kinds import CardKind, TargetKind
from knjazja.engine.rules import REACTABLE
from knjazja.engine.scoring import chronicle_glory

CITY, SEAT, CHRON = TargetKind.CITY, TargetKind.SEAT, TargetKind.CHRONICLE

# id: (aim, others_only, harms) — docs/RULES.md §2, §5.2, §5.3; RULINGS T4–T7
AIMS = {
    "ev.treachery": (CITY, True, True),          # a city of another player becomes yours
    "ev.dowry": (CITY, True, False),             # another player's city up for bids
    "ev.false_match": (CITY, False, True),       # a city with walls or a Moat loses them
    "ev.fire": (CITY, False, True),              # everything built in one city burns
    "ev.judgement": (CITY, True, True),          # a city once yours, held by another
    "ev.polovtsian_raid": (SEAT, True, True),    # another player loses 2 cards
    "ev.principality_raid": (SEAT, True, True),  # 2 cards of another player's come to you
    "ev.recon": (SEAT, True, False),             # see another player's cards
    "ev.poisoner": (CHRON, False, False),        # discard a chronicle, whoever holds it
    "chr.congress": (SEAT, True, True),          # aimed at another player with a city
    "chr.sviatopolk": (CITY, True, True),        # seize another player's city
    "chr.vasilko": (None, False, True),          # before any player: 4 less for the holder
    "chr.igor": (None, False, True),
}
WAR_ONLY = {"ev.ambush", "ev.condemnation", "ev.bribe", "ev.raid_city", "ev.plunder"}       # §4
STOPS = {"ev.city_watch": {"ev.fire", "ev.false_match", "ev.treachery"},                     # §5.1
         "ev.outpost": {"ev.raid_city", "ev.polovtsian_raid", "ev.principality_raid"}}
CHRONICLE_GLORY = {"chr.polovtsian_campaign": 3, "chr.vasilko": -4, "chr.congress": -4, "chr.igor": -4,
                   "chr.sviatopolk": -4, "chr.anna": 0, "chr.bogatyrs": 0, "chr.voivode": 0, "chr.hermit": 0}


@pytest.mark.parametrize("cid", sorted(sp.id for sp in SPECS if sp.kind in (CardKind.EVENT, CardKind.CHRONICLE)))
def test_each_card_s_aim_as_the_rule_book_says(cid):
    sp = SPEC_BY_ID[cid]
    aim, others, harms = AIMS.get(cid, (None, False, False))
    assert (sp.aim, sp.others_only, sp.harms) == (aim, others, harms)
    assert sp.war_only == (cid in WAR_ONLY)
    assert set(sp.stops) == STOPS.get(cid, set()) and sp.reaction == (cid in STOPS)
    assert sp.only_when == {"ev.tatar_invasion": "invasion", "ev.silence": "silence"}.get(cid, "")


def test_the_reactions_stop_what_the_rule_book_says():
    assert REACTABLE == {cid: r for r, ids in STOPS.items() for cid in ids}


def test_glory_effects_are_catalogue_fields():
    """§3: the Quarter doubles the base, the Throne triples the whole, the Gate adds the
    walls; the Glory buildings add their Glory; §5.3: Byzantine Aid scores its troop."""
    facts = {sp.id: (sp.base_times, sp.city_times, sp.adds_walls) for sp in SPECS if sp.kind == CardKind.BUILDING}
    assert facts.pop("bld.sloboda") == (2, 1, False)
    assert facts.pop("bld.throne") == (1, 3, False)
    assert facts.pop("bld.golden_gate") == (1, 1, True)
    assert set(facts.values()) == {(1, 1, False)}
    assert {sp.id: sp.glory for sp in SPECS if sp.kind == CardKind.BUILDING and sp.glory} == \
        {"bld.church": 1, "bld.monastery": 2, "bld.cathedral": 3}
    assert [sp.id for sp in SPECS if sp.scores_troop] == ["chr.byzantium"]
    assert {cid: SPEC_BY_ID[cid].glory for cid in CHRONICLE_GLORY} == CHRONICLE_GLORY
    assert COSTLY_CHRONICLES == {c for c, g in CHRONICLE_GLORY.items() if g < 0}
    assert HELPING_CHRONICLES == card_ids(CardKind.CHRONICLE) - COSTLY_CHRONICLES


def test_byzantine_aid_scores_its_troop():
    s = scenario(n=3, chronicles={0: [("chr.byzantium", "troop.druzhina.7"), "chr.vasilko"]})
    got = {CARD_ID[c]: chronicle_glory(c, s.under) for c in s.chronicles[0]}
    assert got == {"chr.byzantium": 7, "chr.vasilko": -4}
    assert [chronicle_glory(c, {}) for c in s.chronicles[0]] == [0, -4]       # no troop beneath: 0


def _rich_turn():
    """Seat 0's turn with a card of every aim; every prince has cities, walls, buildings,
    chronicles and a hand; Galich was seat 0's before."""
    hand = ["ev.treachery", "ev.dowry", "ev.false_match", "ev.fire", "ev.judgement", "ev.polovtsian_raid",
            "ev.principality_raid", "ev.recon", "ev.poisoner", "chr.congress", "chr.sviatopolk",
            "chr.vasilko", "chr.igor", "ev.ambush", "ev.bribe", "ev.condemnation", "ev.plunder",
            "ev.raid_city", "ev.city_watch", "ev.outpost", "ev.silence", "troop.druzhina.5"]
    return scenario(n=3, hands={0: hand, 1: ["bld.church"], 2: ["bld.church"]},
                    cities={"city.kiev": (0, ["wall.palisade", "bld.church"]), "city.pskov": (1, ["wall.moat"]),
                            "city.galich": (1, ["bld.church"]), "city.smolensk": (2, ["wall.wooden"])},
                    chronicles={1: ["chr.anna"], 2: ["chr.voivode"]}, owned_ever={0: ["city.galich"]})


def test_the_legal_plays_point_where_the_catalogue_says():
    s = _rich_turn()
    plays: dict[str, list] = {}
    for a in legal_actions(s):
        if a.kind in (EVENT, CHRONICLE):
            plays.setdefault(CARD_ID[a.card], []).append(a)
    for cid, acts in plays.items():
        sp = SPEC_BY_ID[cid]
        for a in acts:
            if sp.aim == CITY:
                assert a.city in s.cities, a
                assert not sp.others_only or s.cities[a.city].owner != 0, a
            elif sp.aim == SEAT:
                assert a.city < 0 and 0 <= a.seat < s.n and (not sp.others_only or a.seat != 0), a
            elif sp.aim == CHRON:
                assert any(a.target in ch for ch in s.chronicles), a
    hand_ids = {CARD_ID[c] for c in s.hands[0]}
    aimed = {cid for cid in hand_ids if SPEC_BY_ID[cid].aim is not None}
    assert aimed <= set(plays)                                   # each has a target here
    never = {cid for cid in hand_ids if SPEC_BY_ID[cid].war_only or SPEC_BY_ID[cid].reaction}
    assert never and not never & set(plays)                     # war cards, reactions: not in a turn
    assert "ev.silence" not in plays                             # only once an end is set


def test_timing_facts_hold_in_play():
    first = scenario(n=3, hands={0: ["ev.tatar_invasion"]}, turn_no=0)
    assert not any(a.kind == EVENT for a in legal_actions(first))            # never in the first round
    ended = scenario(n=3, hands={0: ["ev.silence", "ev.tatar_invasion"]}, end_turn=5, end_cause="deck")
    played = {CARD_ID[a.card] for a in legal_actions(ended) if a.kind == EVENT}
    assert played == {"ev.silence"}                               # Silence once an end is set, no Invasion
