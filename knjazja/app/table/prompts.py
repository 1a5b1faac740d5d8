"""What the table says it waits for, in one line, from the viewer's side.

"Your turn: draw, play a card or start a war", "Yaroslav attacks Kiev with Strength 7 —
answer!", "Mstislav is thinking…"; and the labels on the areas of whoever decides now and
whoever's turn it is.
"""
from __future__ import annotations

from collections.abc import Sequence

from knjazja.app.wording.words import Word, card_word, join_names, prince_word
from knjazja.app.wording.i18n import tr
from knjazja.app.table.interaction import IDLE, Mode, PickingIgorSeat, PickingWarCity, Squad, base
from knjazja.engine import Action, PublicView
from knjazja.engine.scoring import final_scores, winners
from knjazja.engine.actions import (BRIBE, CONGRESS, DOWRY_BID, RAID_LAY, REACTION, TURN, WAR_ATTACK, WAR_COUNTER,
                                   WAR_DEFEND)
from knjazja.engine.targets import attack_sum, defence_sum, forms_squads

# the tags on the areas: (seat, what) with what one of these
TAG_THINKING, TAG_YOU_DECIDE, TAG_DECIDING, TAG_TURN = "thinking", "you_decide", "deciding", "turn"


def _who(names: list[str], seat: int, lang: str) -> Word:
    """A player's name as a word that declines where the prompt needs it."""
    return prince_word(names, seat, lang)


def prompt_text(s: PublicView, names: list[str], humans: list[bool], viewer: int | None, lang: str, *,
                mode: Mode = IDLE, held: int = -1, thinking: bool = False,
                legal: Sequence[Action] | None = None) -> tuple[str, bool]:
    """(text, whether the viewer must act).  ``legal``: the viewer's legal actions when he
    decides, so the prompt offers only what he can do (no Bribe to offer when he holds none)."""
    if s.over:
        return over_text(s, names, lang), False
    seat = s.decision.seat
    if viewer is not None and seat == viewer and humans[seat]:
        return _my_prompt(s, names, lang, base(mode), held, legal), True
    name = _who(names, seat, lang)
    text = _their_prompt(s, names, lang, name)
    if thinking or (0 <= seat < len(humans) and not humans[seat]):
        text += " · " + tr("table.thinking", lang=lang, name=name)
    return text, False


def over_text(s: PublicView, names: list[str], lang: str | None = None) -> str:
    """"The game is over: Olga wins with 23 Glory" (the engine's scores)."""
    won = winners(s)
    glory = final_scores(s)[won[0]]
    if len(won) == 1:
        return tr("table.prompt.over_won", lang=lang, name=names[won[0]], n=glory)
    return tr("table.prompt.over_shared", lang=lang, names=join_names((names[i] for i in won), lang), n=glory)


def _my_prompt(s: PublicView, names: list[str], lang: str, mode: Mode, held: int,
               legal: Sequence[Action] | None = None) -> str:
    seat, kind = s.decision
    w, pend = s.war, s.pending
    city = card_word(w.city, lang) if w is not None else ""
    if isinstance(mode, PickingWarCity):
        return tr("table.prompt.pick_war_city", lang=lang)
    if isinstance(mode, PickingIgorSeat):
        return tr("table.prompt.pick_igor_seat", lang=lang)
    if isinstance(mode, Squad):
        return tr("table.prompt.squad", lang=lang)
    if held >= 0:
        return tr("table.prompt.holding", lang=lang, card=card_word(held, lang))
    if kind == TURN:
        return tr("table.prompt.your_turn", lang=lang)
    squad = forms_squads(s, seat)
    if kind == WAR_ATTACK and w is not None:
        key = "table.prompt.your_war_squad" if squad else "table.prompt.your_war"
        return tr(key, lang=lang, city=city, walls=s.cities[w.city].wall_strength)
    if kind == WAR_DEFEND and w is not None:
        key = "table.prompt.defend_squad" if squad else "table.prompt.defend"
        return tr(key, lang=lang, attacker=_who(names, w.attacker, lang), city=city,
                  n=attack_sum(s, w.attack, w.defender))
    if kind == WAR_COUNTER and w is not None:
        # the engine asks the attacker even without a Bribe (so the question tells no one
        # what he holds); the prompt then offers only what he can do
        bribes = legal is None or any(a.kind == BRIBE for a in legal)
        key = "table.prompt.counter" if bribes else "table.prompt.counter_no_bribe"
        return tr(key, lang=lang, defender=_who(names, w.defender, lang),
                  n=defence_sum(s, w.defence, w.defender, w.city))
    if kind == RAID_LAY:
        return tr("table.prompt.raid_lay", lang=lang)
    if kind == REACTION and pend is not None:
        return tr("table.prompt.reaction", lang=lang, name=_who(names, pend.player, lang),
                  card=card_word(pend.card, lang))
    if kind == DOWRY_BID and pend is not None:
        return tr("table.prompt.dowry", lang=lang, city=card_word(pend.action.city, lang))
    if kind == CONGRESS and pend is not None:
        return tr("table.prompt.congress", lang=lang, name=_who(names, pend.player, lang))
    return tr("table.prompt.your_decision", lang=lang)


def _their_prompt(s: PublicView, names: list[str], lang: str, name: Word) -> str:
    kind = s.decision.kind
    w, pend = s.war, s.pending
    city = card_word(w.city, lang) if w is not None else ""
    if kind == WAR_ATTACK and w is not None:
        return tr("table.prompt.other_war", lang=lang, name=name, city=city)
    if kind == WAR_DEFEND and w is not None:
        return tr("table.prompt.other_defend", lang=lang, attacker=_who(names, w.attacker, lang), city=city,
                  n=attack_sum(s, w.attack, w.defender), name=name)
    if kind == WAR_COUNTER:
        return tr("table.prompt.other_counter", lang=lang, name=name)
    if kind == RAID_LAY:
        return tr("table.prompt.other_raid_lay", lang=lang, name=name)
    if kind == REACTION and pend is not None:
        return tr("table.prompt.other_reaction", lang=lang, name=name, card=card_word(pend.card, lang))
    if kind == DOWRY_BID and pend is not None:
        return tr("table.prompt.other_dowry", lang=lang, name=name, city=card_word(pend.action.city, lang))
    if kind == CONGRESS:
        return tr("table.prompt.other_congress", lang=lang, name=name)
    return tr("table.prompt.turn_of", lang=lang, name=name)


def area_tags(s: PublicView, humans: list[bool], viewer: int | None, decider: int,
              current: int) -> tuple[tuple[int, str], ...]:
    """The labels on the areas of whoever decides now and whoever's turn it is."""
    if s.over:
        return ()
    out = []
    if 0 <= decider < len(humans):
        if not humans[decider]:
            out.append((decider, TAG_THINKING))
        else:
            out.append((decider, TAG_YOU_DECIDE if decider == viewer else TAG_DECIDING))
    if current != decider and 0 <= current < len(humans):
        out.append((current, TAG_TURN))
    return tuple(out)
