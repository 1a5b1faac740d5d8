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
from knjazja.app.table.interaction import Squad
from knjazja.app.wording.i18n import tr
from knjazja.app.wording.words import card_list, card_word
from knjazja.engine import Action, GameState
from knjazja.engine.actions import (ACCEPT, AMBUSH, ATTACK, BRIBE, CONDEMN, CONGRESS, DECLINE, DEFEND,
                                    DOWRY_BID, END_WAR, EVENT, GIVE_CITY, KEEP, LAY, NO_BID, RAID_LAY, REACT,
                                    REACTION, WAR_ATTACK, WAR_COUNTER, WAR_DEFEND, YIELD, YIELD_PLUNDER)
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
    """What the table asks the viewer now, or None (no dialog: he acts with cards and buttons)."""
    if not c.can_act():
        return None
    if c.pointer.choices:
        return Dialog(tr("table.choose", lang=c.lang),
                      (*(Choice(label(c, a), a) for a in c.pointer.choices),
                       Choice(tr("common.cancel", lang=c.lang), CANCEL, answer=False)))
    if isinstance(c.pointer.mode, Squad):
        return _squad(c)
    if c.pointer.holding():               # a card picked up: out of the way of the targets it lights
        return None
    s = c.session.state
    asked = _ASKED.get(s.decision.kind)
    return asked(c, s, c.session.legal()) if asked is not None else None


def label(c: TableController, a: Action) -> str:
    """The words on the button that takes ``a``."""
    s = c.session.state
    if a.kind in _OWN_LABEL:
        w = s.war
        city = card_word(w.city, c.lang) if w is not None else ""
        return tr(f"table.choice.act.{a.kind}", lang=c.lang, card=card_word(a.card, c.lang), city=city)
    return str(c.narrator.action(a, s))


def _choices(c: TableController, actions: list[Action]) -> list[Choice]:
    return [Choice(label(c, a), a, answer=a.kind not in GIVING_UP) for a in actions]


def _troops(c: TableController, legal: list[Action], kind: str) -> list[Choice]:
    """Attacks or defences: each single troop, and each squad while there are few; with more,
    one choice that leads to putting a squad together."""
    mine = [a for a in legal if a.kind == kind]
    singles = [a for a in mine if len(a.cards) == 1]
    squads = [a for a in mine if len(a.cards) > 1]
    out = _choices(c, singles)
    if len(squads) <= MAX_SQUADS:
        return out + _choices(c, squads)
    return out + [Choice(tr("table.choice.squad", lang=c.lang), SQUAD)]


def _defend(c: TableController, s: GameState, legal: list[Action]) -> Dialog:
    w = s.current_war()
    answers = _troops(c, legal, DEFEND) + _choices(c, [a for a in legal if a.kind in (AMBUSH, CONDEMN, BRIBE)])
    words = dict(city=card_word(w.city, c.lang), troops=card_list(w.attack, c.lang),
                 n=attack_sum(s, w.attack, w.defender))
    title = tr("table.choice.defend" if answers else "table.choice.defend_none", lang=c.lang, **words)
    return Dialog(title, (*answers, *_choices(c, [a for a in legal if a.kind in (YIELD, YIELD_PLUNDER)])))


def _counter(c: TableController, s: GameState, legal: list[Action]) -> Dialog:
    w = s.current_war()
    answers = _choices(c, [a for a in legal if a.kind == BRIBE])
    title = tr("table.choice.counter" if answers else "table.choice.counter_none", lang=c.lang,
               troops=card_list(w.defence, c.lang), n=defence_sum(s, w.defence, w.defender, w.city))
    return Dialog(title, (*answers, *_choices(c, [a for a in legal if a.kind == ACCEPT])))


def _attack(c: TableController, s: GameState, legal: list[Action]) -> Dialog:
    w = s.current_war()
    attacks = _troops(c, legal, ATTACK)
    others = _choices(c, [a for a in legal if a.kind in (EVENT, BRIBE)])
    key = "table.choice.attack_none" if not attacks else \
        "table.choice.attack" if w.attacks_made == 0 else "table.choice.attack_again"
    title = tr(key, lang=c.lang, city=card_word(w.city, c.lang))
    return Dialog(title, (*attacks, *others, *_choices(c, [a for a in legal if a.kind == END_WAR])))


def _reaction(c: TableController, s: GameState, legal: list[Action]) -> Dialog:
    pend = s.current_pending()
    react = [a for a in legal if a.kind == REACT]
    words = dict(card=card_word(pend.card, c.lang))
    if react:
        words["reaction"] = card_word(react[0].card, c.lang)
    title = tr("table.choice.reaction" if react else "table.choice.reaction_none", lang=c.lang, **words)
    return Dialog(title, tuple(_choices(c, react + [a for a in legal if a.kind == DECLINE])))


def _dowry(c: TableController, s: GameState, legal: list[Action]) -> Dialog:
    bids = [a for a in legal if a.kind != NO_BID]
    city = card_word(s.current_pending().action.city, c.lang)
    title = tr("table.choice.dowry" if bids else "table.choice.dowry_none", lang=c.lang, city=city)
    return Dialog(title, tuple(_choices(c, bids + [a for a in legal if a.kind == NO_BID])))


def _raid_lay(c: TableController, s: GameState, legal: list[Action]) -> Dialog:
    return Dialog(tr("table.choice.raid_lay", lang=c.lang), tuple(_choices(c, [a for a in legal if a.kind == LAY])))


def _congress(c: TableController, s: GameState, legal: list[Action]) -> Dialog:
    return Dialog(tr("table.choice.congress", lang=c.lang),
                  tuple(_choices(c, [a for a in legal if a.kind in (GIVE_CITY, KEEP)])))


def _squad(c: TableController) -> Dialog:
    """A Wise Voivode's squad being put together: its button, once it is one, and a way back."""
    s = c.session.state
    picked = c.pointer.selected
    back = Choice(tr("table.squad.clear" if picked else "common.cancel", lang=c.lang), CLEAR, answer=False)
    if not picked:
        return Dialog(tr("table.squad.title", lang=c.lang),
                      (Choice(tr("table.choice.squad_pick", lang=c.lang), "none", enabled=False, answer=False),
                       back))
    legal = c.session.legal()
    action, strength = C.squad_action(legal, s, picked)
    first = Choice(label(c, action), action) if action is not None else \
        Choice(tr("table.squad.no", lang=c.lang, n=strength), "none", enabled=False)
    give_up = _choices(c, [a for a in legal if a.kind in (YIELD, YIELD_PLUNDER)])
    return Dialog(tr("table.squad.title", lang=c.lang), (first, back, *give_up))


_ASKED = {WAR_DEFEND: _defend, WAR_COUNTER: _counter, WAR_ATTACK: _attack, REACTION: _reaction,
          DOWRY_BID: _dowry, RAID_LAY: _raid_lay, CONGRESS: _congress}
