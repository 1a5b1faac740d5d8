"""The table's dialog: what the viewer is asked, and one choice per thing he may answer.

Whenever the viewer must answer — attacked (``WAR_DEFEND``), his attack beaten off
(``WAR_COUNTER``), his war going on (``WAR_ATTACK``), a card aimed at him (``REACTION``), a
Raid on the City (``RAID_LAY``), a Dowry's bidding (``DOWRY_BID``), a Congress
(``CONGRESS``) — the dialog lists every legal answer he holds as its own choice, named as the
game names it, beside giving up; its title says what is asked, and, when nothing in his hand
answers, says that.  Each choice is exactly one of ``session.legal()``, or a step that leads to
the further choice an answer needs (a Wise Voivode's squad).  The cards stay playable from the
hand as before (the dialog steps aside while a card is picked up, for the targets it lights):
the dialog says out loud what the lit cards mean.

The same dialog serves a question a click raised (several actions for one click) and a
squad being put together.  No pygame: the table draws it (``ui.table.controls``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from knjazja.app.table import clicks as C
from knjazja.app.table.interaction import (IDLE, Choosing, Mode, PickingIgorSeat, PickingWarCity, Squad,
                                           held_card)
from knjazja.app.wording.i18n import tr
from knjazja.app.wording.narrate import Narrator
from knjazja.app.wording.words import card_list, card_word
from knjazja.engine import Action, PublicView
from knjazja.engine.actions import (ACCEPT, AMBUSH, ATTACK, BID, BRIBE, CONDEMN, CONGRESS, DECLINE, DEFEND,
                                    DOWRY_BID, END_WAR, EVENT, GIVE_CITY, KEEP, LAY, NO_BID, RAID_LAY, REACT,
                                    REACTION, WAR_ATTACK, WAR_COUNTER, WAR_DEFEND, YIELD, YIELD_PLUNDER)
from knjazja.engine.state import Pending, War
from knjazja.engine.targets import attack_sum, defence_sum

if TYPE_CHECKING:
    from knjazja.app.table.controller import TableController

# steps a choice may lead to instead of an action
SQUAD, CLEAR, CANCEL = "squad", "clear", "cancel"
# the most squads listed one by one; more, and one choice leads to putting a squad together
MAX_SQUADS = 3
# actions that give up or let be: they come after the answers, in the plain style
GIVING_UP = frozenset({YIELD, YIELD_PLUNDER, ACCEPT, END_WAR, DECLINE, NO_BID, KEEP, GIVE_CITY})
# actions named in the dialog by a phrase of its own (shorter than the Hint's, or saying more)
_OWN_LABEL = frozenset({AMBUSH, CONDEMN, YIELD_PLUNDER})


@dataclass(frozen=True)
class Choice:
    """One button: its words, what choosing it does (an ``Action``, or a step: SQUAD, CLEAR,
    CANCEL), whether it may be pressed, and whether it answers (drawn as the main kind)."""
    label: str
    payload: Action | str
    enabled: bool = True
    answer: bool = True


@dataclass(frozen=True)
class Dialog:
    title: str
    choices: tuple[Choice, ...]

    def actions(self) -> list[Action]:
        """The actions its choices take, in order."""
        return [c.payload for c in self.choices if isinstance(c.payload, Action)]


def dialog(c: TableController) -> Dialog | None:
    """What the table asks its viewer now, or None (no dialog: he acts with cards and buttons)."""
    if not c.can_act():
        return None
    return asked(c.seen, c.session.legal(), c.narrator, c.pointer.mode)


def asked(s: PublicView, legal: list[Action], narrator: Narrator, mode: Mode = IDLE) -> Dialog | None:
    """The dialog of the one who decides in ``s`` (his ``legal`` actions), in the narrator's
    language, while the mouse is in ``mode``."""
    q = _Asking(s, legal, narrator)
    if isinstance(mode, Choosing):
        return Dialog(tr("table.choose", lang=q.lang),
                      (*(Choice(q.label(a), a) for a in mode.actions),
                       Choice(tr("common.cancel", lang=q.lang), CANCEL, answer=False)))
    if isinstance(mode, Squad):
        return _squad(q, mode.cards)
    if held_card(mode) >= 0 or isinstance(mode, (PickingWarCity, PickingIgorSeat)):
        return None                     # a card picked up: out of the way of the targets it lights
    ask = _ASKED.get(s.decision.kind)
    return ask(q) if ask is not None else None


def label(c: TableController, a: Action) -> str:
    """The words on the button that takes ``a``."""
    return _Asking(c.seen, c.session.legal(), c.narrator).label(a)


@dataclass(frozen=True)
class _Asking:
    """A position, the legal actions of its decider, and the narrator who words them."""
    s: PublicView
    legal: list[Action]
    narrator: Narrator

    @property
    def lang(self) -> str:
        return self.narrator.lang

    @property
    def war(self) -> War:
        """The war asked about (the war's questions are asked only during one)."""
        assert self.s.war is not None, "no war in progress"
        return self.s.war

    @property
    def pending(self) -> Pending:
        """The card waiting on the answer asked (a reaction, a Dowry's bidding)."""
        assert self.s.pending is not None, "no card is pending"
        return self.s.pending

    def of(self, *kinds: str) -> list[Action]:
        return [a for a in self.legal if a.kind in kinds]

    def label(self, a: Action) -> str:
        if a.kind in _OWN_LABEL:
            w = self.s.war
            city = card_word(w.city, self.lang) if w is not None else ""
            return tr(f"table.choice.act.{a.kind}", lang=self.lang, card=card_word(a.card, self.lang), city=city)
        return str(self.narrator.action(a, self.s))

    def choices(self, actions: list[Action]) -> list[Choice]:
        return [Choice(self.label(a), a, answer=a.kind not in GIVING_UP) for a in actions]


def _troops(q: _Asking, kind: str) -> list[Choice]:
    """Attacks or defences: each single troop, and each squad while there are few; with more,
    one choice that leads to putting a squad together."""
    mine = q.of(kind)
    singles = [a for a in mine if len(a.cards) == 1]
    squads = [a for a in mine if len(a.cards) > 1]
    out = q.choices(singles)
    if len(squads) <= MAX_SQUADS:
        return out + q.choices(squads)
    return out + [Choice(tr("table.choice.squad", lang=q.lang), SQUAD)]


def _defend(q: _Asking) -> Dialog:
    s, w = q.s, q.war
    answers = _troops(q, DEFEND) + q.choices(q.of(AMBUSH, CONDEMN, BRIBE))
    words = dict(city=card_word(w.city, q.lang), troops=card_list(w.attack, q.lang),
                 n=attack_sum(s, w.attack, w.defender))
    title = tr("table.choice.defend" if answers else "table.choice.defend_none", lang=q.lang, **words)
    return Dialog(title, (*answers, *q.choices(q.of(YIELD, YIELD_PLUNDER))))


def _counter(q: _Asking) -> Dialog:
    s, w = q.s, q.war
    answers = q.choices(q.of(BRIBE))
    title = tr("table.choice.counter" if answers else "table.choice.counter_none", lang=q.lang,
               troops=card_list(w.defence, q.lang), n=defence_sum(s, w.defence, w.defender, w.city))
    return Dialog(title, (*answers, *q.choices(q.of(ACCEPT))))


def _attack(q: _Asking) -> Dialog:
    w = q.war
    attacks = _troops(q, ATTACK)
    key = "table.choice.attack_none" if not attacks else \
        "table.choice.attack" if w.attacks_made == 0 else "table.choice.attack_again"
    title = tr(key, lang=q.lang, city=card_word(w.city, q.lang))
    return Dialog(title, (*attacks, *q.choices(q.of(EVENT, BRIBE)), *q.choices(q.of(END_WAR))))


def _reaction(q: _Asking) -> Dialog:
    react = q.of(REACT)
    words = dict(card=card_word(q.pending.card, q.lang))
    if react:
        words["reaction"] = card_word(react[0].card, q.lang)
    title = tr("table.choice.reaction" if react else "table.choice.reaction_none", lang=q.lang, **words)
    return Dialog(title, tuple(q.choices(react + q.of(DECLINE))))


def _dowry(q: _Asking) -> Dialog:
    bids = q.of(BID)
    city = card_word(q.pending.action.city, q.lang)
    title = tr("table.choice.dowry" if bids else "table.choice.dowry_none", lang=q.lang, city=city)
    return Dialog(title, tuple(q.choices(bids + q.of(NO_BID))))


def _raid_lay(q: _Asking) -> Dialog:
    return Dialog(tr("table.choice.raid_lay", lang=q.lang), tuple(q.choices(q.of(LAY))))


def _congress(q: _Asking) -> Dialog:
    return Dialog(tr("table.choice.congress", lang=q.lang), tuple(q.choices(q.of(GIVE_CITY, KEEP))))


def _squad(q: _Asking, picked: tuple[int, ...]) -> Dialog:
    """A Wise Voivode's squad being put together: its button, once it is one, and a way back."""
    back = Choice(tr("table.squad.clear" if picked else "common.cancel", lang=q.lang), CLEAR, answer=False)
    if not picked:
        return Dialog(tr("table.squad.title", lang=q.lang),
                      (Choice(tr("table.choice.squad_pick", lang=q.lang), "none", enabled=False, answer=False),
                       back))
    action, strength = C.squad_action(q.legal, q.s, picked)
    first = Choice(q.label(action), action) if action is not None else \
        Choice(tr("table.squad.no", lang=q.lang, n=strength), "none", enabled=False)
    return Dialog(tr("table.squad.title", lang=q.lang), (first, back, *q.choices(q.of(YIELD, YIELD_PLUNDER))))


_ASKED = {WAR_DEFEND: _defend, WAR_COUNTER: _counter, WAR_ATTACK: _attack, REACTION: _reaction,
          DOWRY_BID: _dowry, RAID_LAY: _raid_lay, CONGRESS: _congress}
