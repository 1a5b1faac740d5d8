"""Plain-language text for actions (buttons, hints, the review) and events (the game log).

No pygame and no phrases here: every phrase is a key of ``strings.<lang>.json`` (``act.*``
for actions, ``log.*`` for the log), filled with words that know their grammatical forms
(``knjazja.app.wording.words``).  Log lines mark card names as ``{card:N}`` / ``{card:N:case}``
tokens so the log panel can show the card when the mouse is over its name.
"""
from __future__ import annotations

import re

from knjazja.app.wording.i18n import strings, tr
from knjazja.app.wording.words import Word, card_list, card_word, name_form, prince_word
from knjazja.engine import Action, Event, PublicView
from knjazja.engine.kinds import ActionKind, AnswerKind, EventKind
from knjazja.engine import zones as Z
from knjazja.engine.cards import STRENGTH
from knjazja.engine.ops import PLAYED
from knjazja.engine.targets import draw_count, passable_chronicle, squad_strength
from knjazja.engine.zones import Zone

# actions whose phrase changes with the person (they have ``_3`` keys): the rest say the same
_TOLD_APART = frozenset({"chronicle", "event", "bribe"})
_TOKEN = re.compile(r"\{card:(-?\d+)(?::(\w+))?\}")


class Phrase(str):
    """A sentence that may be set after a colon: ``{move.lc}`` starts it in lower case.

    An action's phrase speaks to the player who may choose it ("Lay it before yourself");
    ``{move.third}`` is the same move told of him in the third person ("… before herself"),
    for lines that name him (the review).  ``{move.to}`` is the move after a verb that takes
    an infinitive ("You chose {move.to}": "to draw a card", "not to cancel Fire"; Russian
    «лучше было {move.to}»: «взять карту»), from ``review.to`` / ``review.not_to``."""

    _third: str | None = None
    _lang: str = ""

    def __new__(cls, text: str, third: str | None = None, lang: str = "") -> Phrase:
        self = super().__new__(cls, text)
        self._third = third
        self._lang = lang
        return self

    @property
    def lc(self) -> str:
        return self[:1].lower() + self[1:]

    @property
    def third(self) -> Phrase:
        return Phrase(self._third if self._third is not None else str(self), lang=self._lang)

    @property
    def to(self) -> str:
        lang = self._lang or "en"
        negation = tr("review.negation", lang=lang)
        rest = self[len(negation):]
        if negation and self.startswith(negation) and rest[:1] in (" ", "\u00a0"):
            return tr("review.not_to", lang=lang, move=rest[1:])
        return tr("review.to", lang=lang, move=self.lc)


def has_key(key: str, lang: str) -> bool:
    return key in strings(lang)


def expand_tokens(text: str, lang: str) -> str:
    """Replace ``{card:N}`` / ``{card:N:case}`` tokens with the card names they stand for."""
    return _TOKEN.sub(lambda m: name_form(int(m.group(1)), lang, m.group(2) or "nom"), text)


def parse_token(token: str) -> tuple[int, str] | None:
    """(card, form) of a whole token, or None."""
    m = _TOKEN.fullmatch(token)
    return (int(m.group(1)), m.group(2) or "nom") if m else None


class Narrator:
    """Texts for one game: knows the players' names and the language."""

    def __init__(self, names: list[str], lang: str = "en") -> None:
        self.names = names
        self.lang = lang
        self._answered = -1          # the card of the answer just told (its discard goes untold)
        self._third = False          # phrasing actions in the third person (``Phrase.third``)

    def _p(self, key: str, **kw: object) -> str:
        if self._third and has_key(f"{key}_3", self.lang):
            key = f"{key}_3"
        return tr(key, lang=self.lang, **kw)

    def seat(self, seat: int) -> Word:
        """A player's name as a word that declines where a phrase needs it."""
        return prince_word(self.names, seat, self.lang)

    def card(self, card: int, tokens: bool = False) -> Word:
        return card_word(card, self.lang, tokens=tokens)

    def cards(self, cards, tokens: bool = False) -> Word:
        """Several cards as one word, copies counted ("тремя «Ополчениями»")."""
        return card_list(cards, self.lang, tokens=tokens)

    # --- actions ------------------------------------------------------------------
    def action(self, a: Action, s: PublicView) -> Phrase:
        """One line saying what choosing `a` does, for the player who may choose it (and,
        as ``.third``, told of him)."""
        second = self._action(a, s)
        if a.kind not in _TOLD_APART:
            return Phrase(second, lang=self.lang)
        self._third = True
        try:
            third = self._action(a, s)
        finally:
            self._third = False
        return Phrase(second, third, self.lang)

    def _action(self, a: Action, s: PublicView) -> str:
        me = s.decision.seat
        k, p = a.kind, self._p
        card, city, seat = self.card(a.card), self.card(a.city), self.seat(a.seat)
        own = a.seat == me
        if k == ActionKind.DRAW:
            two = draw_count(s, me) > 1 and s.deck_size > 1       # the Hermit's last card comes alone
            return Phrase(p("act.draw2") if two else p("act.draw"))
        if k == ActionKind.PLAY_CITY:
            return Phrase(p("act.play_city_self", card=card) if own else p("act.play_city", card=card, seat=seat))
        if k == ActionKind.CHRONICLE:
            return Phrase(self._chronicle(a, s, card, city, seat, own))
        if k == ActionKind.EVENT:
            return Phrase(self._event(a, s, card, city, seat, own))
        if k == ActionKind.DECLARE_WAR:
            return Phrase(p("act.war", city=city, owner=self.seat(s.cities[a.city].owner)))
        if k == ActionKind.PASS_IGOR:
            return Phrase(p("act.pass_igor", card=self.card(passable_chronicle(s, me)), seat=seat,
                            troop=self.cards(a.cards)))
        return Phrase(self._war_action(a, s, card, city))

    def _chronicle(self, a: Action, s: PublicView, card: Word, city: Word, seat: Word, own: bool) -> str:
        p = self._p
        if a.city >= 0:                  # Sviatopolk takes a city as he is laid
            return p("act.chronicle_city", card=card, city=city, seat=self.seat(s.cities[a.city].owner))
        if a.cards:                      # Byzantine Aid with its troop
            key = "act.chronicle_troop_self" if own else "act.chronicle_troop"
            return p(key, card=card, seat=seat, troop=self.cards(a.cards))
        return p("act.chronicle_self", card=card, seat=seat) if own else p("act.chronicle", card=card, seat=seat)

    def _event(self, a: Action, s: PublicView, card: Word, city: Word, seat: Word, own: bool) -> str:
        p = self._p
        if a.target >= 0:
            key = "act.event_chronicle_self" if own else "act.event_chronicle"
            return p(key, card=card, target=self.card(a.target), seat=seat)
        if a.city >= 0 and a.seat < 0:
            return p("act.event_city", card=card, city=city)
        if a.seat >= 0 and not own and a.city < 0:
            return p("act.event_seat", card=card, seat=seat)
        return p("act.event", card=card)       # on oneself, or the Raid in one's own war

    def _war_action(self, a: Action, s: PublicView, card: Word, city: Word) -> str:
        k, p, w = a.kind, self._p, s.war
        war_city = self.card(w.city) if w is not None else city
        if k == ActionKind.BUILD:
            return p("act.build", card=card, city=city)
        if k in (ActionKind.ATTACK, ActionKind.DEFEND):
            return p(f"act.{k}", troops=self.cards(a.cards), n=squad_strength(s, a.cards))
        if k in (ActionKind.BRIBE, ActionKind.REACT, ActionKind.DECLINE):
            target = a.target if k == ActionKind.BRIBE else (s.pending.card if s.pending is not None else -1)
            return p(f"act.{k}", card=card, target=self.card(target))
        if k in (ActionKind.YIELD, ActionKind.YIELD_PLUNDER):
            return p(f"act.{k}", card=card, city=war_city)
        if k in (ActionKind.LAY, ActionKind.BID):
            return p(f"act.{k}", card=card, n=STRENGTH[a.card])
        if k in (ActionKind.GIVE_CITY, ActionKind.KEEP):
            congress = s.pending.card if s.pending is not None else -1
            return p(f"act.{k}", card=self.card(congress), city=city)
        return p(f"act.{k}", card=card)

    # --- events -------------------------------------------------------------------
    def event(self, e: Event, viewer: int | None) -> str | None:
        """A log line for `e` as `viewer` may see it (None: everything visible), or None
        for bookkeeping events not worth a line. Card names are ``{card:N}`` tokens."""
        if viewer is not None:
            e = e.for_seat(viewer)
        t = lambda c: self.card(c, tokens=True)  # noqa: E731
        p, k, seat, other = self._p, e.kind, self.seat(e.seat), self.seat(e.other)
        answered, self._answered = self._answered, -1
        if k == EventKind.MOVE:
            return None if (e.card == answered and e.card >= 0 and e.dst == Z.DISCARD) else self._move(e)
        if k == EventKind.ANSWER:
            return self._answer(e)
        if k == EventKind.PLAY_EVENT:
            return p("log.event", seat=seat, card=t(e.card))
        if k in (EventKind.BRIBED, EventKind.KEEP, EventKind.RAID_LAY):
            return p(f"log.{k}", seat=seat, card=t(e.card))
        if k == EventKind.CANCELLED:
            self._answered = e.card          # its way to the discard pile follows, untold
            return p("log.cancelled", seat=seat, card=t(e.card), target=t(e.value))
        if k in (EventKind.CITY_OWNER, EventKind.WAR_START):
            return p(f"log.{k}", seat=seat, city=t(e.city), other=other)
        if k == EventKind.ATTACK:
            return p("log.attack", seat=seat, cards=self.cards(e.cards, tokens=True), value=e.value)
        if k in (EventKind.REPELLED, EventKind.WAR_END, EventKind.GAME_OVER, EventKind.END_CANCELLED):
            return p(f"log.{k}")
        if k in (EventKind.CITY_FALLS, EventKind.PLUNDER):
            return p(f"log.{k}", city=t(e.city), seat=seat)
        if k in (EventKind.DECLINE, EventKind.NO_BID, EventKind.BID, EventKind.PASS, EventKind.TURN):
            return p(f"log.{k}", seat=seat)
        if k == EventKind.BIDS_REVEALED:          # every outcome of a Dowry is told
            city, cards = t(e.city), self.cards(e.cards, tokens=True)
            if not e.cards or e.seat < 0:
                return p("log.no_bids_kept", city=city, other=other)
            key = "log.bids_kept" if e.seat == e.other else "log.bids_won"
            return p(key, cards=cards, city=city, seat=seat, other=other)
        if k == EventKind.REVEAL:
            if e.cards and e.cards[0] >= 0:
                return p("log.reveal", seat=seat, other=other, cards=self.cards(e.cards, tokens=True))
            return p("log.reveal_hidden", seat=seat, other=other)
        if k == EventKind.END_SET:                # whose turn is the last, as the table counts turns
            return p("log.end_set", other=other)
        return None

    def _answer(self, e: Event) -> str | None:
        """A war answer: troops laid, a card played (a Bribe too: the troop going over is told
        next), or none; an accepted repulse is told by "the attack is repelled"."""
        p, seat = self._p, self.seat(e.seat)
        if e.how in (AnswerKind.DEFEND, AnswerKind.RAID_TROOP):
            return p("log.defend", seat=seat, cards=self.cards(e.cards, tokens=True), value=e.value)
        if e.how in (AnswerKind.AMBUSH, AnswerKind.CONDEMN, AnswerKind.BRIBE, AnswerKind.COUNTER_BRIBE,
                     AnswerKind.YIELD_PLUNDER):
            self._answered = e.card          # its discard, next, goes untold
            return p("log.answer_card", seat=seat, card=self.card(e.card, tokens=True))
        if e.how == AnswerKind.YIELD:
            return p("log.no_answer", seat=seat)
        return None

    def _move(self, e: Event) -> str | None:
        t = lambda c: self.card(c, tokens=True)  # noqa: E731
        p, seat, other = self._p, self.seat(e.seat), self.seat(e.other)
        src, dst = e.src or Zone(""), e.dst or Zone("")
        if src == Z.DECK:
            return p("log.draw", seat=seat, card=t(e.card)) if e.card >= 0 else p("log.draw_hidden", seat=seat)
        if dst.kind == Z.CITIES:
            if e.other == e.seat:
                return p("log.city_self", seat=seat, card=t(e.card))
            return p("log.city", seat=seat, card=t(e.card), other=other)
        if dst.kind == Z.CITY:
            return p("log.build", seat=seat, card=t(e.card), city=t(e.city))
        if dst.kind == Z.CHRONICLES:
            if src.kind == Z.CHRONICLES:
                return p("log.pass_chronicle", seat=seat, card=t(e.card), other=other)
            if e.other == e.seat:
                return p("log.chronicle_self", seat=seat, card=t(e.card))
            return p("log.chronicle", seat=seat, card=t(e.card), other=other)
        if dst.kind == Z.HAND and src.kind == Z.HAND:
            return p("log.steal", seat=seat, card=t(e.card), other=other) if e.card >= 0 else \
                p("log.steal_hidden", seat=seat, other=other)
        if dst.kind == Z.UNDER:
            return p("log.under", card=t(e.card), chronicle=t(dst.key))
        if dst == Z.DISCARD and e.how == PLAYED:       # played straight from the hand
            return p("log.event", seat=seat, card=t(e.card))
        if dst == Z.DISCARD and src not in (Z.WAR, Z.TABLE):
            return p("log.discard", card=t(e.card))
        return None
