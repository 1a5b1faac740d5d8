"""The rules on the public table, held to the engine's own answers, position by position.

`Checker.position(s)` asks the rules of `engine/public.py` and of `City` — on the deciding
seat's `Observation` and on a bot's `View`, as the bots, the Hint's facts and the laboratory
ask them — and compares every answer with what the engine itself does there: its legal
actions (who may declare war on which city, and why not; which troops attack, which hold;
where a building may go; what False Matchmaking and Fire may strike).  `Checker.play(s, a)`
says beforehand, from the mover's observation, what `apply` will make of an attack, a
defence, a Bribe or the troop a Raid laid (its Strength, whether it holds), then applies
`a` and compares.  `counts` says how many of each were checked.
"""
from __future__ import annotations

from collections import Counter

from knjazja.bots.rules_of_thumb import best_attack
from knjazja.bots.view import View
from knjazja.bots.warmath import PoolProfile, answers_in_hand
from knjazja.engine import Action, GameState, apply, legal_actions, observation
from knjazja.engine import public as P
from knjazja.engine.actions import (ATTACK, BRIBE, BUILD, DECLARE_WAR, DEFEND, EVENT, TURN, WAR_ATTACK,
                                    WAR_COUNTER, WAR_DEFEND, YIELD, YIELD_PLUNDER)
from knjazja.engine.cards import CARD_ID, FOREIGN, IS_MILITIA, IS_TROOP, KIND
from knjazja.engine.kinds import AnswerKind, CardKind, EventKind, TargetKind
from knjazja.engine.refusals import Target, why_not_declare
from knjazja.engine.scoring import city_score, final_scores, seat_glory
from knjazja.engine.state import glory_of
from knjazja.engine.targets import attack_options

SQUADS_LISTED = 12      # the engine lists a Voivode's squads (2^k) only up to this many troops


def _holds_card(hand, cid: str) -> bool:
    return any(CARD_ID[c] == cid for c in hand)


class Checker:
    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    # --- one position ----------------------------------------------------------------------
    def position(self, s: GameState) -> None:
        seat, kind = s.decision
        obs, view = observation(s, seat), View.from_state(s, seat)
        legal = legal_actions(s)
        self.counts["positions"] += 1
        self._same_on_every_table(s, obs, view)
        if kind == TURN:
            self._turn(s, obs, legal)
        elif kind == WAR_ATTACK:
            self._war_attack(s, obs, legal)
        elif kind == WAR_DEFEND:
            self._war_defend(s, obs, view, legal)

    def _same_on_every_table(self, s: GameState, obs, view) -> None:
        """The state, the observation and the view give every rule the same answer, and a
        city's Glory is its parts' formula and its score's total."""
        for d in range(s.n):
            for t in (obs, view):
                assert P.attack_table(t, d) == P.attack_table(s, d)
                assert P.defence_table(t, d) == P.defence_table(s, d)
                assert P.forms_squads(t, d) == P.forms_squads(s, d)
                assert P.attack_malus(t, d) == P.attack_malus(s, d)
            assert seat_glory(obs, d) == seat_glory(view, d) == final_scores(s)[d]
        assert P.least_hold(obs, 5) == P.least_hold(s, 5) == (6 if s.options.strict_defence else 5)
        for c, city in s.cities.items():
            theirs = obs.cities[c]
            assert theirs.glory() == city.glory() == city_score(city).total == glory_of(*city.glory_parts())
            assert P.militia_strength(theirs) == city.glory()
            assert (theirs.wall_strength, theirs.blocked, P.fortified(theirs), P.built_on(theirs),
                    theirs.throne()) == (city.wall_strength, city.blocked, P.fortified(city),
                                         P.built_on(city), city.throne())
            self.counts["cities"] += 1

    def _turn(self, s: GameState, obs, legal: list[Action]) -> None:
        seat, hand = obs.seat, obs.hand
        declared = {a.city for a in legal if a.kind == DECLARE_WAR}
        assert declared == {c for c in obs.cities if P.may_declare(obs, hand, seat, c)}
        for c, city in s.cities.items():
            if city.owner != seat:
                self._declare(s, obs, c, c in declared)
        builds = {a.city for a in legal if a.kind == BUILD}
        if any(KIND[c] == CardKind.BUILDING for c in hand):
            assert builds == {c for c, city in obs.cities.items() if not city.blocked}
            self.counts["builds"] += 1
        for cid, rule in (("ev.false_match", P.fortified), ("ev.fire", P.built_on)):
            if _holds_card(hand, cid):
                struck = {a.city for a in legal if a.kind == EVENT and CARD_ID[a.card] == cid}
                assert struck == {c for c, city in obs.cities.items() if rule(city)}
                self.counts["fire_or_matchmaking"] += 1

    def _declare(self, s: GameState, obs, c: int, declared: bool) -> None:
        """One city of another prince: the engine's every attack on it (its squads listed)
        against `strongest_attack`, `may_declare`, the refusal's numbers and the rules of
        thumb's best troop."""
        seat, city = obs.seat, obs.cities[c]
        d, walls = city.owner, city.wall_strength
        troops = [t for t in obs.hand if P.may_attack(obs, t, d)]
        if P.forms_squads(obs, seat) and len(troops) > SQUADS_LISTED:
            self.counts["declare_unlisted"] += 1
            return
        every = attack_options(s, seat, d, -1)              # every attack at all, walls aside
        strongest = max((P.attack_sum(s, o, d) for o in every), default=0)
        assert P.strongest_attack(obs, obs.hand, seat, d) == strongest
        single = max((P.attack_sum(s, o, d) for o in every if len(o) == 1), default=0)
        assert best_attack(s, seat, d) == P.best_troop(obs, obs.hand, d) == single
        opened = P.fortified(city) and _holds_card(obs.hand, "ev.false_match")
        assert declared == (strongest > walls or (opened and strongest > 0))
        assert declared == P.may_declare(s, s.hands[seat], seat, c)
        self.counts["declare"] += 1
        if declared:
            return
        refusal = why_not_declare(s, seat, Target(TargetKind.CITY, c))
        if refusal.code in ("war_city", "war_city_squad"):
            assert refusal.params["n"] == strongest and refusal.params["walls"] == walls >= strongest > 0
        elif refusal.code == "anna_war":
            assert strongest == 0 and any(IS_TROOP[t] and not IS_MILITIA[t] for t in obs.hand)
        else:
            assert refusal.code in ("militia_defends", "no_troops"), refusal
            assert not any(IS_TROOP[t] and not IS_MILITIA[t] for t in obs.hand)
        self.counts["why_not_declare"] += 1

    def _war_attack(self, s: GameState, obs, legal: list[Action]) -> None:
        w = s.current_war()
        city = obs.cities[w.city]
        singles = {a.cards[0] for a in legal if a.kind == ATTACK and len(a.cards) == 1}
        assert singles == {t for t in obs.hand if P.may_attack(obs, t, w.defender)
                           and P.attack_value(obs, t, w.defender) > city.wall_strength}
        matchmaking = any(a.kind == EVENT and CARD_ID[a.card] == "ev.false_match" for a in legal)
        assert matchmaking == (P.fortified(city) and _holds_card(obs.hand, "ev.false_match"))
        self.counts["attacks"] += 1

    def _war_defend(self, s: GameState, obs, view, legal: list[Action]) -> None:
        w = s.current_war()
        d, city = w.defender, obs.cities[w.city]
        attack = P.attack_sum(obs, w.attack, d)
        held = {CARD_ID[a.cards[0]] for a in legal if a.kind == DEFEND and len(a.cards) == 1}
        assert held == {CARD_ID[t] for t in obs.hand
                        if IS_TROOP[t] and P.holds(obs, P.defence_value(obs, t, d, w.city), attack)}
        foreign = any(FOREIGN[t] for t in w.attack)
        answers = answers_in_hand(obs, obs.hand, d, city, attack, foreign)
        answered = any(a.kind not in (YIELD, YIELD_PLUNDER) for a in legal)
        assert answered >= bool(answers)
        if not P.forms_squads(obs, d):          # a Voivode's squad may hold where no troop does
            assert answered == bool(answers)
        unseen = answers_in_hand(obs, obs.unseen, d, city, attack, foreign)
        assert PoolProfile(obs.unseen).answers(obs, d, city, attack, foreign) == unseen
        assert PoolProfile(view.pool).answers(view, d, city, attack, foreign) == unseen
        self.counts["defences"] += 1

    # --- one move and what apply made of it ------------------------------------------------------
    def play(self, s: GameState, a: Action) -> list:
        """Apply `a`; when it is an attack, a defence or a Bribe in a war, first say from the
        mover's observation what the engine will make of it, and compare."""
        w = s.war
        if w is None or s.decision.kind not in (WAR_ATTACK, WAR_DEFEND, WAR_COUNTER) \
                or a.kind not in (ATTACK, DEFEND, BRIBE):
            events = apply(s, a)
            if s.over:
                assert [e for e in events if e.kind == EventKind.GAME_OVER][0].cards == tuple(final_scores(s))
            return events
        obs = observation(s, s.decision.seat)
        d, walls = w.defender, obs.cities[w.city].wall_strength
        attack = P.attack_sum(obs, w.attack, d)
        kind = s.decision.kind
        expect: dict[str, int] = {}
        held = None
        if a.kind == ATTACK:
            attack = expect[EventKind.ATTACK] = P.attack_sum(obs, a.cards, d)
            self.counts["applied_attack"] += 1
            if w.raid_troop >= 0:              # the troop a Raid laid answers first
                value = expect[AnswerKind.RAID_TROOP] = P.defence_value(obs, w.raid_troop, d, w.city)
                held = P.holds(obs, value, attack)
        elif a.kind == DEFEND:
            value = expect[AnswerKind.DEFEND] = P.defence_sum(obs, a.cards, d, w.city)
            held = P.holds(obs, value, attack)
            assert held
        elif kind == WAR_COUNTER:              # the attacker bribes a defending troop
            rest = [t for t in w.defence if t != a.target]
            value = expect[AnswerKind.COUNTER_BRIBE] = P.defence_sum(obs, rest, d, w.city)
            held = bool(rest) and P.holds(obs, value, attack)
        elif kind == WAR_DEFEND:               # the defender bribes an attacking troop
            rest = [t for t in w.attack if t != a.target]
            goes_on = bool(rest) and P.attack_sum(obs, rest, d) > walls
            held = not goes_on
        events = apply(s, a)
        for e in events:
            if e.kind == EventKind.ATTACK:
                assert e.value == expect.pop(EventKind.ATTACK)
            elif e.kind == EventKind.ANSWER and e.how in expect:
                assert e.value == expect.pop(e.how)
        assert not expect, expect
        if held is not None:
            repelled = any(e.kind == EventKind.REPELLED for e in events) or s.decision.kind == WAR_COUNTER
            assert held == repelled, (a, held)
            self.counts["applied_hold"] += 1
        return events
