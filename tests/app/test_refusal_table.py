"""Every wrong drop of every kind of card on every kind of target gets a reason that is true
of the position (checked against the state, not against the wording), in both languages.
The table itself: ``python tests/app/refusal_table.py``."""
import pytest

from refusal_table import declares, rows, wrong_drops

from knjazja.app.wording.card_names import refusal_text
from knjazja.app.table.clicks import candidates_for
from knjazja.engine import legal_actions
from knjazja.engine.cards import CARD_ID, FOREIGN, IS_MILITIA, IS_TROOP, KIND
from knjazja.engine.refusals import Target, why_not_declare
from knjazja.engine.kinds import TargetKind
from knjazja.engine.targets import attack_value, holds

GENERIC = {"wrong_target", "cannot_now"}      # true, but they do not say what is wrong


def true_of(s, seat, card, t: Target | None, r) -> bool:
    """Whether the reason ``r`` states something true of ``s`` (a drop of ``card`` on ``t``)."""
    p, w, cid = r.params, s.war, CARD_ID[card]
    target_city = s.cities.get(t.key) if t is not None and t.kind == TargetKind.CITY else None
    has_use = bool(candidates_for(legal_actions(s), card))
    checks = {
        "walls_hold": lambda: w is not None and p["n"] <= s.cities[w.city].wall_strength == p["walls"],
        "too_weak": lambda: w is not None and not holds(s, p["n"], p["attack"]),
        "war_elsewhere": lambda: w is not None and target_city is not None and target_city.card != w.city,
        "drop_on_war": lambda: w is not None and has_use and p["city"].card == w.city,
        "blocked": lambda: target_city is not None and target_city.blocked,
        "own_city": lambda: target_city is not None and target_city.owner == seat,
        "no_buildings": lambda: target_city is not None and not target_city.buildings and target_city.walls < 0,
        "no_walls": lambda: target_city is not None and target_city.walls < 0 and target_city.moat < 0,
        "empty_hand": lambda: not s.hands[p["seat"].seat],
        "no_cities": lambda: not s.cities_of(p["seat"].seat),
        "militia_defends": lambda: IS_MILITIA[card],
        "anna": lambda: FOREIGN[card] and attack_value(s, card, w.defender) <= 0,
        "troops_in_war": lambda: IS_TROOP[card] and w is None,
        "on_troop": lambda: cid == "ev.bribe" and has_use and (t is None or t.kind != "troop"),
        "drop_in_middle": lambda: has_use and t is not None and t.kind != TargetKind.CENTRE,
        "bribe_foreign": lambda: cid == "ev.bribe" and t is not None and t.kind == "troop"
        and not candidates_for(legal_actions(s), card)[0].target == t.key,
        "on_self": lambda: t is not None and not (t.kind == TargetKind.SEAT and t.key == seat),
        "needs_troop": lambda: not any(IS_TROOP[c] and not IS_MILITIA[c] for c in s.hands[seat]),
        "build_on_city": lambda: KIND[card] == "building" and (t is None or t.kind != TargetKind.CITY),
        "on_city": lambda: t is not None and t.kind != TargetKind.CITY,
        "on_prince": lambda: t is not None and t.kind != TargetKind.SEAT,
        "on_chronicle": lambda: t is not None and t.kind != "chronicle",
        "before_prince": lambda: t is not None and t.kind != TargetKind.SEAT and KIND[card] in ("city", "chronicle"),
        "to_middle": lambda: has_use and t is not None and t.kind != TargetKind.CENTRE,
        "not_on_self": lambda: t is not None and t.kind == TargetKind.SEAT and t.key == seat,
        "war_only": lambda: cid in ("ev.ambush", "ev.condemnation", "ev.plunder", "ev.bribe") and not has_use,
        "reaction_only": lambda: cid in ("ev.city_watch", "ev.outpost") and not has_use,
        "silence": lambda: s.end_turn is None,
        "in_your_war": lambda: w is not None and not has_use,
        "answer_only": lambda: w is not None and not has_use,
        "reaction_now": lambda: s.pending is not None and not has_use,
        "no_city_to_build": lambda: all(c.blocked for c in s.cities.values()),
        "no_target": lambda: not has_use,
        "never_owned": lambda: target_city is not None and target_city.card not in s.owned_ever[seat],
    }
    assert r.code in checks, f"no truth check for {r.code}"
    return checks[r.code]()


def test_every_wrong_drop_gets_a_true_and_specific_reason():
    drops = wrong_drops()
    assert len(drops) > 150
    kinds = {(name, KIND[card], t.kind if t is not None else None) for name, _, _, card, _, t, _ in drops}
    assert {k[1] for k in kinds} == {"city", "building", "troop", "event", "chronicle"}
    assert {k[2] for k in kinds} >= {"city", "seat", "chronicle", "troop", "centre", None}
    for name, s, seat, card, tname, t, r in drops:
        assert r.code not in GENERIC, (name, CARD_ID[card], tname, r)
        assert true_of(s, seat, card, t, r), (name, CARD_ID[card], tname, r)


def test_every_war_that_cannot_start_says_why_truly():
    want = {"own city": "own_city_war", "no troops": "no_troops", "only Militia": "militia_defends",
            "Anna Yaroslavna": "anna_war", "walls too strong": "war_city",
            "walls too strong for a squad": "war_city_squad", "another's decision": "not_yours",
            "in a war": "war_not_now"}
    for what, s, seat, cid in declares():
        city = s.cities[next(c for c in s.cities if CARD_ID[c] == cid)]
        r = why_not_declare(s, seat, Target(TargetKind.CITY, city.card))
        assert r.code == want[what], what
        if r.code in ("war_city", "war_city_squad"):
            assert r.params["n"] <= r.params["walls"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_table_reads_in_both_languages(lang):
    column = 4 if lang == "ru" else 5
    texts = [row[column] for row in rows()]
    assert all(t and "{" not in t and "table.why" not in t for t in texts)
    assert len(set(texts)) > 30


def test_a_troop_dropped_on_a_city_not_at_war_names_the_war_city():
    r = next(d[6] for d in wrong_drops() if d[0] == "attack" and d[6].code == "war_elsewhere")
    assert refusal_text(r, ["Ярослав", "Ольга", "Вася"], "ru") == \
        "Война идёт за\u00a0Киев, а\u00a0не\u00a0за\u00a0Смоленск"
    assert refusal_text(r, ["Yaroslav", "Olga", "Bob"], "en") == "The war is for Kiev, not Smolensk"
