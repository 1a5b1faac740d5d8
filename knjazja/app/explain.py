"""Why a move is good, in one line — for the Hint and the review.

A move's *effect* is what it changes at once on the public table, as the engine works it
out: the mover's Glory, the Glory of the rival who loses most, and the mover's cities.  It is
found by applying the move to deals of the hidden cards consistent with the mover's own view
(``determinize`` of his observation), never to the real hidden cards: an explanation must not
tell what the mover could not know, and an effect that differs between deals is *uncertain*
(a draw, a Dowry's bidding) and is not claimed.  When the effects say nothing, the reason
falls back on the kind of move, then on Hard's look-ahead.  No pygame.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from knjazja.app.i18n import tr
from knjazja.app.words import Word, card_word, seat_word
from knjazja.engine import Action, GameState, IllegalAction, apply, determinize, final_scores, observation
from knjazja.engine.actions import ATTACK, DECLARE_WAR, DEFEND, DRAW, END_WAR
from knjazja.engine.scoring import city_score

SAMPLES = 2       # deals of the hidden cards an effect must agree on


@dataclass(frozen=True)
class Effect:
    glory: int            # the mover's Glory, now
    rival: int            # the seat whose Glory falls most (−1: nobody's falls)
    rival_loss: int       # … by this much (≥ 0)
    helped: int           # the seat whose Glory rises most (−1: nobody's rises)
    help: int             # … by this much (≥ 0)
    cities: int           # cities the mover gains (+) or loses (−)
    taken: int            # … of them taken from another prince (not founded)
    certain: bool         # the same in every deal of the hidden cards
    ends_leading: int = 0  # the move sets the game's end while the mover leads by this much

    @property
    def margin(self) -> int:
        """What the move does to the mover's lead over the rivals, at once."""
        return self.glory + self.rival_loss - self.help


NOTHING = Effect(0, -1, 0, -1, 0, 0, 0, False)


def effect(state: GameState, seat: int, action: Action) -> Effect:
    """The public effect of ``seat`` choosing ``action`` in ``state`` (see the module)."""
    obs = observation(state, seat)
    found: set[Effect] = set()
    for k in range(SAMPLES):
        s = determinize(obs, random.Random(k))
        before, cities, end = final_scores(s), len(s.cities_of(seat)), s.end_turn
        others = {k for k, c in s.cities.items() if c.owner != seat}
        try:
            apply(s, action)
        except IllegalAction:
            return NOTHING
        after = final_scores(s)
        taken = sum(1 for k in others if k in s.cities and s.cities[k].owner == seat)
        losses = {t: before[t] - after[t] for t in range(s.n) if t != seat}
        rival = max(losses, key=lambda t: losses[t], default=-1)
        helped = min(losses, key=lambda t: losses[t], default=-1)
        loss, gain = losses.get(rival, 0), -losses.get(helped, 0)
        lead = after[seat] - max(after[t] for t in range(s.n) if t != seat)
        ends = lead if end is None and s.end_turn is not None and lead > 0 else 0
        found.add(Effect(after[seat] - before[seat], rival if loss > 0 else -1, max(0, loss),
                         helped if gain > 0 else -1, max(0, gain), len(s.cities_of(seat)) - cities, taken, True,
                         ends))
    return found.pop() if len(found) == 1 else NOTHING


def gained_as_much(state: GameState, seat: int, chosen: Action, best: Action) -> bool:
    """The chosen move surely gained at once at least what the best one would have (Glory,
    the lead over the rivals) and did gain something: not a mistake, whatever the search's
    estimates say."""
    c, b = effect(state, seat, chosen), effect(state, seat, best)
    return c.certain and b.certain and c.margin > 0 and c.glory >= b.glory and c.margin >= b.margin


def _kind_reason(state: GameState, action: Action, lang: str) -> str | None:
    """What a move of this kind is for, when its effect shows nothing at once."""
    w = state.war
    if action.kind == DRAW:
        return tr("why.draw", lang=lang)
    if action.kind == DECLARE_WAR and action.city in state.cities:
        city = state.cities[action.city]
        return tr("why.war", lang=lang, city=card_word(city.card, lang), n=city_score(city).total)
    if action.kind == ATTACK and w is not None:
        return tr("why.attack", lang=lang, city=card_word(w.city, lang))
    if action.kind == DEFEND and w is not None:
        return tr("why.defend", lang=lang, city=card_word(w.city, lang))
    if action.kind == END_WAR:
        return tr("why.end_war", lang=lang)
    return None


def _gain_reason(e: Effect, names: list[str], lang: str) -> str | None:
    if not e.certain:
        return None
    if e.taken > 0:
        return tr("why.takes_city", lang=lang, n=e.glory)
    if e.glory > 0:
        return tr("why.glory", lang=lang, n=e.glory)
    if e.rival >= 0:
        return tr("why.rival_loses", lang=lang, seat=_seat(e.rival, names, lang), n=e.rival_loss)
    if e.ends_leading:
        return tr("why.ends_leading", lang=lang, n=e.ends_leading)
    return None


def why_good(state: GameState, seat: int, action: Action, value: float, names: list[str], lang: str) -> str:
    """One line on why the Hint recommends ``action`` (``value``: its win chance)."""
    return (_gain_reason(effect(state, seat, action), names, lang) or _kind_reason(state, action, lang)
            or tr("why.search", lang=lang, p=round(100 * value)))


def why_better(state: GameState, seat: int, best: Action, chosen: Action, names: list[str],
               lang: str) -> str:
    """One line on why ``best`` was better than ``chosen`` (the review, which shows the two
    win chances beside it)."""
    b, c = effect(state, seat, best), effect(state, seat, chosen)
    if b.certain and c.certain:
        if b.glory > c.glory:
            return tr("why.more_glory", lang=lang, n=b.glory, m=c.glory)
        if b.rival_loss > c.rival_loss and b.rival >= 0:
            return tr("why.rival_loses_more", lang=lang, seat=_seat(b.rival, names, lang), n=b.rival_loss)
        if c.cities < b.cities:
            return tr("why.keeps_city", lang=lang)
        if c.help > b.help and c.helped >= 0:
            return tr("why.helps_rival", lang=lang, seat=_seat(c.helped, names, lang), n=c.help)
    return _kind_reason(state, best, lang) or tr("why.search_better", lang=lang)


def _seat(seat: int, names: list[str], lang: str) -> Word:
    return seat_word(names[seat] if 0 <= seat < len(names) else "?", lang)
