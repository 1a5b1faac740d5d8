"""From mouse gestures to legal actions — never a rule check of our own.

A held card's *candidates* are the legal actions that use it (``card`` is it, or ``cards``
contains it; identical copies count as the same card, since the engine lists only the
lowest instance of each).  Every action names the targets a click may pick it with
(``targets_of``); a click on a target keeps the candidates that accept it.  One left: play
it.  Several: the scene asks which (Byzantine Aid's troop, Igor's troop, Voivode squads).
None: the move is refused, and ``explain`` says why in plain words.
"""
from __future__ import annotations

from knjazja.engine import Action, GameState
from knjazja.engine.actions import (ACCEPT, AMBUSH, ATTACK, BID, BRIBE, BUILD, CHRONICLE, CONDEMN,
                                    CONGRESS, DECLARE_WAR, DECLINE, DEFEND, DOWRY_BID, DRAW,
                                    END_WAR, EVENT, GIVE_CITY, KEEP, LAY, NO_BID, PASS, PASS_IGOR,
                                    PLAY_CITY, RAID_LAY, REACT, REACTION, TURN, WAR_ATTACK,
                                    WAR_COUNTER, WAR_DEFEND, YIELD, YIELD_PLUNDER)
from knjazja.engine.cards import CARD_ID, CARDS, FOREIGN, IS_MILITIA
from knjazja.engine.targets import attack_sum, defence_sum
from knjazja.app.i18n import tr
from knjazja.app.words import card_word, seat_word

Target = tuple   # ("city", c) | ("seat", s) | ("chronicle", c) | ("troop", c) | ("centre",)

CENTRE: Target = ("centre",)
# decisions answered with buttons (one per legal action); cards may still be clicked
BUTTON_DECISIONS = (REACTION, DOWRY_BID, CONGRESS, RAID_LAY)
# actions that get a button in the prompt's choice panel
BUTTON_KINDS = (REACT, DECLINE, BID, NO_BID, GIVE_CITY, KEEP, YIELD, YIELD_PLUNDER, ACCEPT, LAY)
# actions behind the fixed buttons of the side panel
FIXED_BUTTONS = {DRAW: "draw", PASS: "pass", END_WAR: "end_war"}


def same_card(a: int, b: int) -> bool:
    return a >= 0 and b >= 0 and (a == b or CARD_ID[a] == CARD_ID[b])


def squad_key(cards) -> tuple:
    """A squad as a multiset of card ids (copies of Militia are interchangeable)."""
    return tuple(sorted(CARD_ID[c] for c in cards))


def candidates_for(legal: list[Action], held: int) -> list[Action]:
    """Legal actions that use card ``held``."""
    out = []
    for a in legal:
        if same_card(a.card, held) or any(same_card(c, held) for c in a.cards):
            out.append(a)
    return out


def igor_candidates(legal: list[Action]) -> list[Action]:
    return [a for a in legal if a.kind == PASS_IGOR]


def war_candidates(legal: list[Action]) -> list[Action]:
    return [a for a in legal if a.kind == DECLARE_WAR]


def targets_of(a: Action, s: GameState) -> set[Target]:
    """Every target a click may choose ``a`` with."""
    k = a.kind
    me = s.decision.seat
    if k in (BUILD, DECLARE_WAR):
        return {("city", a.city)}
    if k == PLAY_CITY or k == PASS_IGOR:
        return {("seat", a.seat)}
    if k == CHRONICLE:
        if a.city >= 0:
            return {("city", a.city)}
        return {("seat", a.seat)}
    if k == EVENT:
        if a.target >= 0:
            return {("chronicle", a.target)}
        out: set[Target] = set()
        if a.city >= 0:
            out.add(("city", a.city))
        if a.seat >= 0:
            out.add(("seat", a.seat))
        if s.war is not None or a.seat == me:
            out.add(CENTRE)
        return out
    if k in (ATTACK, DEFEND):
        out = {CENTRE}
        if s.war is not None:
            out.add(("city", s.war.city))
        return out
    if k == BRIBE:
        return {("troop", a.target)}
    return {CENTRE}


def targetless(a: Action) -> bool:
    """An action a click on its card alone may take (no target to point at)."""
    return a.kind in (AMBUSH, CONDEMN, YIELD_PLUNDER, REACT, LAY, BID)


def match(cands: list[Action], targets: list[Target], s: GameState) -> tuple[list[Action], Target | None]:
    """The candidates a click on ``targets`` (most specific first) picks, and the target used."""
    for t in targets:
        hits = [a for a in cands if t in targets_of(a, s)]
        if hits:
            return hits, t
    return [], (targets[0] if targets else None)


def lit_targets(cands: list[Action], s: GameState) -> set[Target]:
    out: set[Target] = set()
    for a in cands:
        out |= targets_of(a, s)
    return out


# -- why not ---------------------------------------------------------------------------------
def explain(s: GameState, seat: int, held: int, target: Target | None, names: list[str],
            lang: str, legal: list[Action]) -> str:
    """A short, plain reason why ``held`` cannot be played on ``target`` now."""
    dseat, kind = s.decision
    name = card_word(held, lang)
    if s.over:
        return tr("table.why.over")
    if dseat != seat:
        who = names[dseat] if 0 <= dseat < len(names) else "?"
        return tr("table.why.not_yours", name=seat_word(who, lang))
    spec = CARDS[held] if held >= 0 else None
    cands = candidates_for(legal, held) if held >= 0 else []
    specific = _target_reason(s, seat, held, spec, name, target, kind, lang) if spec is not None else None
    if specific:
        return specific
    if spec is not None and not cands:
        return _no_use(s, seat, held, spec, name, kind, lang)
    if target is None:
        return tr("table.why.no_target", card=name)
    return tr("table.why.wrong_target", card=name)


def _target_reason(s: GameState, seat: int, held: int, spec, name, target: Target | None,
                   kind: str, lang: str) -> str | None:
    """A reason tied to the place the card was dropped on, if there is a telling one."""
    if target is None:
        return None
    tkind = target[0]
    if tkind == "city":
        city = s.cities.get(target[1])
        if city is None:
            return None
        cname = card_word(target[1], lang)
        if spec.kind == "building" and city.blocked:
            return tr("table.why.blocked", card=name, city=cname, walls=card_word(city.walls, lang))
        if kind in (WAR_ATTACK, WAR_DEFEND) and spec.kind == "troop":
            return _troop_reason(s, held, name, kind, lang)
        if spec.kind == "event" and CARD_ID[held] in ("ev.treachery", "ev.dowry") and city.owner == seat:
            return tr("table.why.own_city", card=name)
        return None
    if tkind == "centre" and spec.kind == "troop" and kind in (WAR_ATTACK, WAR_DEFEND):
        return _troop_reason(s, held, name, kind, lang)
    if tkind == "troop" and CARD_ID[held] == "ev.bribe":
        return tr("table.why.bribe_foreign")
    if tkind == "seat" and spec.kind == "building" and kind == TURN:
        return tr("table.why.build_on_city", card=name)
    if tkind == "seat" and spec.kind == "event" and target[1] == seat and kind == TURN \
            and CARD_ID[held] not in ("ev.tatar_invasion", "ev.silence"):
        return tr("table.why.not_on_self", card=name)
    return None


def _troop_reason(s: GameState, troop: int, name, kind: str, lang: str) -> str:
    w = s.war
    if w is None:
        return tr("table.why.troops_in_war")
    if kind == WAR_ATTACK:
        if IS_MILITIA[troop]:
            return tr("table.why.militia_defends")
        n = attack_sum(s, [troop], w.defender)
        walls = s.cities[w.city].wall_strength
        if FOREIGN[troop] and s.holds_chronicle(w.defender, "chr.anna") and n <= 0:
            return tr("table.why.anna", card=name)
        return tr("table.why.walls_hold", card=name, n=n, city=card_word(w.city, lang), walls=walls)
    n = defence_sum(s, [troop], w.defender, w.city)
    att = attack_sum(s, w.attack, w.defender)
    return tr("table.why.too_weak", card=name, n=n, attack=att)


def _no_use(s: GameState, seat: int, held: int, spec, name, kind: str, lang: str) -> str:
    cid = spec.id
    if kind == TURN:
        if spec.kind == "troop":
            return tr("table.why.militia_defends") if IS_MILITIA[held] else tr("table.why.troops_in_war")
        if cid in ("ev.ambush", "ev.condemnation", "ev.plunder", "ev.bribe"):
            return tr("table.why.war_only", card=name)
        if cid in ("ev.city_watch", "ev.outpost"):
            return tr("table.why.reaction_only", card=name)
        if cid == "ev.tatar_invasion":
            return tr("table.why.invasion", card=name)
        if cid == "ev.silence":
            return tr("table.why.silence", card=name)
        if spec.kind == "building":
            return tr("table.why.no_city_to_build", card=name)
        return tr("table.why.no_target", card=name)
    if kind == WAR_ATTACK:
        if spec.kind == "troop":
            return _troop_reason(s, held, name, kind, lang)
        return tr("table.why.in_your_war", card=name)
    if kind == WAR_DEFEND:
        if spec.kind == "troop":
            return _troop_reason(s, held, name, kind, lang)
        return tr("table.why.answer_only", card=name)
    if kind == WAR_COUNTER:
        return tr("table.why.counter_only", card=name)
    if kind == RAID_LAY:
        return tr("table.why.lay_troop")
    if kind == REACTION:
        return tr("table.why.reaction_now")
    if kind == DOWRY_BID:
        return tr("table.why.bid_troop")
    if kind == CONGRESS:
        return tr("table.why.congress_now")
    return tr("table.why.cannot_now", card=name)
