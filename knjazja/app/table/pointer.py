"""What the mouse means at the table: a press, a drag, a drop or a click on a card, a city,
a seat, the deck or a button becomes one of ``session.legal()`` (played through the table)
or the engine's ``Refusal`` (a notice that says why).

The small states a gesture passes through (holding a card, picking a war's city, putting a
squad together, choosing between moves) are ``interaction``'s; matching targets onto legal
actions is ``clicks``'.
"""
from __future__ import annotations

from typing import Protocol

from knjazja.app.session import TableSession
from knjazja.app.table import clicks as C
from knjazja.app.table.interaction import (IDLE, Choosing, Hit, Holding, Idle, Mode, PickingIgorSeat, Pile,
                                           PickingWarCity, Press, Squad, base, held_card, squad_cards)
from knjazja.app.table.news import NewsQueue
from knjazja.app.wording.card_names import refusal_text
from knjazja.engine import Action, Observation
from knjazja.engine.actions import ATTACK, DEFEND, DRAW, TURN, WAR_ATTACK, WAR_DEFEND
from knjazja.engine.cards import IS_TROOP
from knjazja.engine.kinds import TargetKind
from knjazja.engine.refusals import Refusal, Target, why_not_declare, why_not_pass_igor, why_not_play
from knjazja.engine.targets import forms_squads, passable_chronicle


class Table(Protocol):
    """What the pointer asks of the table it points at (``TableController``)."""
    session: TableSession
    names: list[str]
    news: NewsQueue

    @property
    def viewer(self) -> int | None: ...
    @property
    def seen(self) -> Observation:
        """What the viewer sees (the pointer reads the table only through it)."""
    @property
    def me(self) -> int: ...
    @property
    def busy(self) -> bool: ...
    @property
    def lang(self) -> str: ...
    def can_act(self) -> bool: ...
    def play(self, action: Action) -> bool: ...


class Pointer:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.mode: Mode = IDLE
        self.press: Press | None = None
        self.last_refusal: Refusal | None = None

    @property
    def held(self) -> int:
        return held_card(self.mode)

    @property
    def selected(self) -> tuple[int, ...]:
        return squad_cards(self.mode)

    @property
    def choices(self) -> tuple[Action, ...] | None:
        return self.mode.actions if isinstance(self.mode, Choosing) else None

    @property
    def picking_war(self) -> bool:
        return isinstance(base(self.mode), PickingWarCity)

    def reset(self) -> None:
        self.mode = IDLE
        self.press = None

    def cancel(self) -> bool:
        """Right click: put back whatever is picked up; False if nothing was."""
        if isinstance(self.mode, Idle):
            return False
        self.reset()
        return True

    def _refuse(self, r: Refusal) -> None:
        self.last_refusal = r
        self.table.news.say(refusal_text(r, self.table.names, self.table.lang))

    def press_at(self, pos: tuple[int, int], hand_card: int | None, targets: list[Target],
                 pile: Pile | None) -> Hit | None:
        """The left button went down at ``pos`` over a face-up card of the viewer's hand (or
        None), ``targets`` (most specific first) and a pile (or None); what it hit."""
        if hand_card is not None:
            self.press = Press(hand_card, pos)
            return Hit.HAND
        mine = any(t.kind == TargetKind.SEAT and t.key == self.table.viewer for t in targets)
        chronicle = next((t.key for t in targets if t.kind == TargetKind.CHRONICLE), -1)
        if mine and chronicle >= 0 and self.press_chronicle(chronicle, pos):
            return Hit.CHRONICLE
        if self.holding():
            self.click_targets(targets) if targets else self.reset()
            return Hit.TARGET
        if pile == Pile.DECK:
            self.click_deck()
            return Hit.DECK
        return Hit.DISCARD if pile == Pile.DISCARD else None

    def press_chronicle(self, card: int, pos: tuple[int, int]) -> bool:
        """A press on a chronicle before the viewer: only Igor's Campaign, when passable."""
        t = self.table
        if (t.viewer is None or not t.can_act() or card != passable_chronicle(t.seen, t.viewer)
                or not C.igor_candidates(t.session.legal())):
            return False
        self.press = Press(card, pos, igor=True)
        return True

    def motion(self, pos: tuple[int, int]) -> None:
        if self.press is not None and self.press.moved_to(pos) and not self.press.igor:
            self.mode = Holding(self.press.card)

    @property
    def dragging(self) -> bool:
        return self.press is not None and self.press.dragging

    def holding(self) -> bool:
        """A card, a war or Igor's Campaign is in hand: a click goes to a target."""
        return self.held >= 0 or isinstance(base(self.mode), (PickingWarCity, PickingIgorSeat))

    def release(self, targets: list[Target]) -> bool:
        """The mouse button went up over ``targets``: a click or the end of a drag."""
        press, self.press = self.press, None
        if press is None:
            return False
        if not press.dragging:
            if press.igor:
                self.mode = IDLE if isinstance(self.mode, PickingIgorSeat) else PickingIgorSeat()
            else:
                self.click_hand_card(press.card)
            return True
        if press.igor:
            self.mode = PickingIgorSeat()
        if targets:
            self.click_targets(targets)
        if not isinstance(self.mode, Choosing):     # a drop ends the drag whatever came of it
            self.mode = IDLE if isinstance(self.mode, (Holding, PickingIgorSeat)) else self.mode
        return True

    def click_hand_card(self, card: int) -> None:
        """A click (not a drag) on a card of the viewer's hand."""
        s, legal = self.table.seen, self.table.session.legal()
        if not self.table.can_act():
            if not self.table.busy and not s.over and self.table.viewer is not None:
                self._refuse(why_not_play(s, self.table.me, card, legal=legal))
            return
        kind = s.decision.kind
        if kind in (WAR_ATTACK, WAR_DEFEND) and IS_TROOP[card]:
            self._click_troop(card, legal)
            return
        cands = C.candidates_for(legal, card)
        if not cands:
            self._refuse(why_not_play(s, self.table.me, card, legal=legal))
            self.reset()
            return
        if kind != TURN and len(cands) == 1 and C.targetless(cands[0]):
            self.table.play(cands[0])
            return
        was = self.held
        self.reset()
        if was != card:
            self.mode = Holding(card)

    def _click_troop(self, card: int, legal: list[Action]) -> None:
        s = self.table.seen
        if forms_squads(s, s.decision.seat):     # put a squad together, then press its button
            picked = list(self.selected)
            picked.remove(card) if card in picked else picked.append(card)
            self.mode = Squad(tuple(picked)) if picked else IDLE
            return
        want = ATTACK if s.decision.kind == WAR_ATTACK else DEFEND
        single = [a for a in C.candidates_for(legal, card) if a.kind == want and len(a.cards) == 1]
        if single:
            self.table.play(single[0])
        else:
            self._refuse(why_not_play(s, self.table.me, card, C.MIDDLE, legal=legal))

    def click_targets(self, targets: list[Target]) -> None:
        """A click (or drop) on ``targets`` (most specific first) while something is in hand."""
        if not self.table.can_act():
            self.reset()
            return
        s, legal = self.table.seen, self.table.session.legal()
        m = base(self.mode)
        if isinstance(m, PickingWarCity):
            cands = C.war_candidates(legal)
        elif isinstance(m, PickingIgorSeat):
            cands = C.igor_candidates(legal)
        elif isinstance(m, Holding):
            cands = C.candidates_for(legal, m.card)
        else:
            return
        hits, used = C.match(cands, targets, s)
        if len(hits) == 1:
            self.table.play(hits[0])
        elif hits:
            self.mode = Choosing(tuple(hits), m)
        elif isinstance(m, PickingWarCity):
            self._refuse(why_not_declare(s, self.table.me, used, legal=legal))
        elif isinstance(m, PickingIgorSeat):
            self._refuse(why_not_pass_igor(s, self.table.me, used))
        else:
            self._refuse(why_not_play(s, self.table.me, m.card, used, legal=legal))

    def click_deck(self) -> None:
        if self.table.can_act() and Action(DRAW) in self.table.session.legal():
            self.table.play(Action(DRAW))

    def press_button(self, key: str) -> None:
        """One of the side buttons: draw, pass, end_war, start_war (toggles war mode)."""
        if not self.table.can_act():
            return
        if key == "start_war":
            was_war = self.picking_war
            self.reset()
            if not was_war and C.war_candidates(self.table.session.legal()):
                self.mode = PickingWarCity()
            return
        a = Action(C.FIXED_BUTTONS[key])
        if a in self.table.session.legal():
            self.table.play(a)

    def choose(self, payload: object) -> None:
        """A button of the choice panel: an action, "cancel", "clear" (the squad), or "squad"
        (put a Wise Voivode's squad together: click its troops)."""
        if payload == "cancel":
            self.reset()
        elif payload == "clear":
            self.mode = IDLE
        elif payload == "squad":
            self.reset()
            self.mode = Squad(())
        elif isinstance(payload, Action):
            self.table.play(payload)
