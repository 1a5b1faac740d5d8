"""From a click on a named target to the legal actions it may mean — never a rule of our own.

A held card's *candidates* are the legal actions that use it (``card`` is it, or ``cards``
contains it; identical copies count as the same card, since the engine lists only the
lowest instance of each).  Every action names the targets a click may pick it with
(``targets_of``); a click on targets keeps the candidates that accept the most specific of
them (``match``).  One left: play it.  Several: ask which.  None: the engine says why
(``knjazja.engine.refusals``).
"""
from __future__ import annotations

from knjazja.app.table.interaction import Mode, PickingIgorSeat, PickingWarCity, Press, base, held_card
from knjazja.engine import Action, PublicView
from knjazja.engine.actions import (ACCEPT, AMBUSH, ATTACK, BID, BRIBE, BUILD, CHRONICLE, CONDEMN, CONGRESS,
                                    DECLARE_WAR, DECLINE, DEFEND, DOWRY_BID, DRAW, END_WAR, EVENT, GIVE_CITY,
                                    KEEP, LAY, NO_BID, PASS, PASS_IGOR, PLAY_CITY, RAID_LAY, REACT, REACTION,
                                    WAR_ATTACK, YIELD, YIELD_PLUNDER)
from knjazja.engine.cards import CARD_ID
from knjazja.engine.refusals import Target
from knjazja.engine.kinds import TargetKind
from knjazja.engine.targets import squad_strength

MIDDLE = Target(TargetKind.CENTRE)      # the middle of the table: the war stack, or the card being played
# decisions answered with buttons (one per legal action); cards may still be clicked
BUTTON_DECISIONS = (REACTION, DOWRY_BID, CONGRESS, RAID_LAY)
# actions that get a button in the choice panel
BUTTON_KINDS = (REACT, DECLINE, BID, NO_BID, GIVE_CITY, KEEP, YIELD, YIELD_PLUNDER, ACCEPT, LAY)
# actions behind the fixed buttons of the side panel
FIXED_BUTTONS = {"draw": DRAW, "pass": PASS, "end_war": END_WAR}


def same_card(a: int, b: int) -> bool:
    return a >= 0 and b >= 0 and (a == b or CARD_ID[a] == CARD_ID[b])


def squad_key(cards) -> tuple:
    """A squad as a multiset of card ids (copies of Militia are interchangeable)."""
    return tuple(sorted(CARD_ID[c] for c in cards))


def candidates_for(legal: list[Action], held: int) -> list[Action]:
    """Legal actions that use card ``held``."""
    return [a for a in legal if same_card(a.card, held) or any(same_card(c, held) for c in a.cards)]


def igor_candidates(legal: list[Action]) -> list[Action]:
    return [a for a in legal if a.kind == PASS_IGOR]


def war_candidates(legal: list[Action]) -> list[Action]:
    return [a for a in legal if a.kind == DECLARE_WAR]


def targets_of(a: Action, s: PublicView) -> set[Target]:
    """Every target a click may choose ``a`` with."""
    k = a.kind
    if k in (BUILD, DECLARE_WAR):
        return {Target(TargetKind.CITY, a.city)}
    if k in (PLAY_CITY, PASS_IGOR):
        return {Target(TargetKind.SEAT, a.seat)}
    if k == CHRONICLE:
        return {Target(TargetKind.CITY, a.city)} if a.city >= 0 else {Target(TargetKind.SEAT, a.seat)}
    if k == EVENT:
        return _event_targets(a, s)
    if k in (ATTACK, DEFEND):
        return {MIDDLE} | ({Target(TargetKind.CITY, s.war.city)} if s.war is not None else set())
    if k == BRIBE:
        return {Target(TargetKind.TROOP, a.target)}
    return {MIDDLE}


def _event_targets(a: Action, s: PublicView) -> set[Target]:
    if a.target >= 0:
        return {Target(TargetKind.CHRONICLE, a.target)}
    out: set[Target] = set()
    if a.city >= 0:
        out.add(Target(TargetKind.CITY, a.city))
    if a.seat >= 0:
        out.add(Target(TargetKind.SEAT, a.seat))
    if s.war is not None or a.seat == s.decision.seat:
        out.add(MIDDLE)
    return out


def targetless(a: Action) -> bool:
    """An action a click on its card alone may take (no target to point at)."""
    return a.kind in (AMBUSH, CONDEMN, YIELD_PLUNDER, REACT, LAY, BID)


def match(cands: list[Action], targets: list[Target], s: PublicView) -> tuple[list[Action], Target | None]:
    """The candidates a click on ``targets`` (most specific first) picks, and the target used."""
    for t in targets:
        hits = [a for a in cands if t in targets_of(a, s)]
        if hits:
            return hits, t
    return [], (targets[0] if targets else None)


def lit_targets(cands: list[Action], s: PublicView) -> set[Target]:
    out: set[Target] = set()
    for a in cands:
        out |= targets_of(a, s)
    return out


def lit_for(mode: Mode, press: Press | None, legal: list[Action], s: PublicView) -> set[Target]:
    """The targets lit while ``mode`` (or a drag of ``press``) is in hand."""
    drag = press if press is not None and press.dragging else None
    m = base(mode)
    if isinstance(m, PickingWarCity):
        return lit_targets(war_candidates(legal), s)
    if isinstance(m, PickingIgorSeat) or (drag is not None and drag.igor):
        return lit_targets(igor_candidates(legal), s)
    card = held_card(mode) if held_card(mode) >= 0 else (drag.card if drag is not None else -1)
    return lit_targets(candidates_for(legal, card), s) if card >= 0 else set()


def squad_action(legal: list[Action], s: PublicView, squad: tuple[int, ...]) -> tuple[Action | None, int]:
    """The legal attack or defence with exactly ``squad`` (or None), and its Strength."""
    want = ATTACK if s.decision.kind == WAR_ATTACK else DEFEND
    key = squad_key(squad)
    match = [a for a in legal if a.kind == want and squad_key(a.cards) == key]
    return (match[0] if match else None), squad_strength(s, squad)


def fixed_enabled(legal: list[Action]) -> dict[str, bool]:
    """Which side buttons (draw, start_war, end_war, pass) ``legal`` allows."""
    out = {k: Action(kind) in legal for k, kind in FIXED_BUTTONS.items()}
    out["start_war"] = bool(war_candidates(legal))
    return out
