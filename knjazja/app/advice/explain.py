"""Why a move is good, in one line — for the Hint and the review.

A move's *effect* is what it changes at once on the public table, as the engine works it
out: the mover's Glory, the Glory of the rival who loses most, and the mover's cities.  It is
found by applying the move to deals of the hidden cards consistent with the mover's own view
(``determinize`` of his observation), never to the real hidden cards: an explanation must not
tell what the mover could not know, and an effect that differs between deals is *uncertain*
(a draw, a Dowry's bidding) and is not claimed.  Beside the effect, a reason names what the
move does on the board (``movefacts``: a war's odds, a city exposed or closed, the cards in
hand after a draw, a card played for nothing ...) and, in the Hint, the standing after the
move and the turns left — never the standing alone, never the search's verdict alone.

`hint_facts` and `better_facts` are the reasons as facts (what the checks read);
`why_good` and `why_better` are the same in words.  No pygame.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from knjazja.app.advice.facts import (LOSING, Card, Count, Fact, Position, Seat, Signed, Tenths, context, fact,
                                      hidden_outcome, long_odds, risky)
from knjazja.app.advice.movefacts import move_facts
from knjazja.app.wording.i18n import tr
from knjazja.app.wording.words import card_word, prince_word
from knjazja.engine import Action, IllegalAction, apply, determinize, final_scores, seen_from

SAMPLES = 2       # deals of the hidden cards an effect must agree on
HINT_PARTS = 3    # facts in a Hint at most: the bubble stays within three lines
REASON_PARTS = 2  # facts in a review's reason at most
# facts that already tell the Glory a move wins: the effect's Glory would say it twice
TELLS_GLORY = frozenset({"found", "takes", "takes_unless", "ends_leading", "helps", "fire", "fire_unless"})
# facts a chosen move is told by when a better one was missed: what it lost or gave up
GAVE_UP = frozenset({"yield", "yield_plunder", "gives_city", "keeps_congress", "decline_costs"})


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

    @property
    def margin(self) -> int:
        """What the move does to the mover's lead over the rivals, at once."""
        return self.glory + self.rival_loss - self.help


NOTHING = Effect(0, -1, 0, -1, 0, 0, 0, False)


def effect(state: Position, seat: int, action: Action) -> Effect:
    """The public effect of ``seat`` choosing ``action`` in ``state`` (see the module)."""
    obs = seen_from(state, seat)
    if hidden_outcome(obs, action):               # the Dowry's last bid: the others' are face down
        return NOTHING
    found: set[Effect] = set()
    for k in range(SAMPLES):
        s = determinize(obs, random.Random(k))
        before, cities = final_scores(s), len(s.cities_of(seat))
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
        found.add(Effect(after[seat] - before[seat], rival if loss > 0 else -1, max(0, loss),
                         helped if gain > 0 else -1, max(0, gain), len(s.cities_of(seat)) - cities, taken, True))
    return found.pop() if len(found) == 1 else NOTHING


def gained_as_much(state: Position, seat: int, chosen: Action, best: Action) -> bool:
    """The chosen move surely gained at once at least what the best one would have (Glory,
    the lead over the rivals) and did gain something: not a mistake, whatever the search's
    estimates say."""
    c, b = effect(state, seat, chosen), effect(state, seat, best)
    return c.certain and b.certain and c.margin > 0 and c.glory >= b.glory and c.margin >= b.margin


def effect_facts(e: Effect) -> list[Fact]:
    """The effect's certain gains as facts (none when the deals disagree)."""
    if not e.certain:
        return []
    if e.glory:
        return [fact("glory_up" if e.glory > 0 else "glory_down", n=Count("glory_acc", abs(e.glory)))]
    if e.rival >= 0:
        return [fact("rival_loses", seat=Seat(e.rival), n=Count("glory_acc", e.rival_loss))]
    return []


def say(f: Fact, names: list[str], lang: str) -> str:
    """A fact in words."""
    kw: dict[str, object] = {}
    for k, v in f.args:
        if isinstance(v, Seat):
            kw[k] = prince_word(names, v.seat, lang)
        elif isinstance(v, Card):
            kw[k] = card_word(v.card, lang)
        elif isinstance(v, Count):
            kw[k] = tr(f"advice.n.{v.unit}", lang=lang, n=v.n)
        elif isinstance(v, Tenths):
            kw[k] = f"{v.n:.1f}".replace(".", ",") if lang == "ru" else f"{v.n:.1f}"
        elif isinstance(v, Signed):
            kw[k] = f"{v.n:+d}" if v.n else "0"      # no sign on nothing
        elif isinstance(v, Fact):
            kw[k] = say(v, names, lang)
        else:
            kw[k] = v
    return tr(f"advice.{f.key}", lang=lang, **kw)


def _join(parts: list[str], lang: str) -> str:
    return tr("advice.join", lang=lang).join(parts)


def good_facts(state: Position, seat: int, action: Action) -> list[Fact]:
    """What speaks for ``action``, the most telling first (nothing that tells against it)."""
    moves = move_facts(state, seat, action)
    gains = effect_facts(effect(state, seat, action))
    if any(f.key in TELLS_GLORY for f in moves):
        gains = [f for f in gains if f.key not in ("glory_up", "glory_down")]
    return [f for f in gains + moves if not risky(f)]


def hint_facts(state: Position, seat: int, action: Action) -> list[Fact]:
    """The Hint's reason as facts: at most two facts of the move, then the standing after
    it and, near the end, the turns left (at most `HINT_PARTS` in all)."""
    own = good_facts(state, seat, action)[:2] or move_facts(state, seat, action)[:1]
    rest = [f for f in context(state, seat, action) if not (_names_leader(own) and _standing(f))]
    return (own + rest)[:HINT_PARTS]


def why_good(state: Position, seat: int, action: Action, value: float, names: list[str], lang: str) -> str:
    """Why the Hint recommends ``action`` (``value``: its win chance).  Below ``LOSING`` it
    says first that every move loses and this one loses least."""
    text = _join([say(f, names, lang) for f in hint_facts(state, seat, action)], lang)
    if value < LOSING:
        text = tr("advice.least_bad", lang=lang, why=text)
    return text


def _names_leader(found: list[Fact]) -> bool:
    return any(f.key in ("at_leader", "off_leader", "at_coleader", "off_coleaders", "ends_behind", "ends_leading")
               for f in found)


def _standing(f: Fact) -> bool:
    return f.key in ("you_lead", "rival_leads", "level", "level_none")


def _compare(b: Effect, c: Effect) -> Fact | None:
    """What the best move's effect gains over the chosen one's, at once and surely."""
    if not (b.certain and c.certain):
        return None
    if b.glory > c.glory:
        if b.glory == 0:
            return fact("cost_now", n=Count("glory_acc", -c.glory))
        return fact("more_glory", n=Signed(b.glory), m=Signed(c.glory))
    if b.rival_loss > c.rival_loss and b.rival >= 0:
        return fact("rival_loses_more", seat=Seat(b.rival), n=Count("glory_acc", b.rival_loss))
    if c.cities < b.cities:
        return fact("keeps_city", n=Count("cities", b.cities - c.cities))
    if c.help > b.help and c.helped >= 0:
        return fact("helps_rival", seat=Seat(c.helped), n=Count("glory_acc", c.help))
    return None


def end_cost_fact(cost: float | None) -> Fact | None:
    """What the move cost at the end of the game (``costs``): about so many Glory from one
    Glory on, else a small figure in tenths; nothing when it cost nothing."""
    if cost is None or cost <= 0.0:
        return None
    if cost >= 1.0:
        return fact("end_cost", n=Count("glory_acc", round(cost)))
    if round(cost, 1) < 0.1:
        return fact("end_cost_tiny", n=Tenths(0.1))
    return fact("end_cost_small", n=Tenths(round(cost, 1)))


def against(f: Fact) -> bool:
    """A fact of the chosen move that tells why it was worse (exposed, closed, given up,
    long odds, a card played for nothing)."""
    return risky(f) or long_odds(f) or f.key in GAVE_UP


def better_facts(state: Position, seat: int, best: Action, chosen: Action,
                 cost: float | None = None) -> list[Fact]:
    """Why ``best`` beats ``chosen``, the most telling first (at most `REASON_PARTS`): what
    the choice cost at the end, the sure difference at once, what the choice exposed, gave
    up or threw away, what the best move does."""
    out: list[Fact] = []
    end = end_cost_fact(cost)
    if end is not None:
        out.append(end)
    diff = _compare(effect(state, seat, best), effect(state, seat, chosen))
    if diff is not None:
        out.append(diff)
    told = {"helps"} if diff is not None and diff.key == "helps_rival" else set()
    out += [Fact("yours", (("what", f),)) for f in move_facts(state, seat, chosen)
            if against(f) and f.key not in told][:1]
    # what the better move does (its effect only when no sure difference told it already)
    good = [f for f in move_facts(state, seat, best) if not risky(f)] if diff is not None \
        else good_facts(state, seat, best)
    out += [Fact("better", (("what", f),)) for f in good[:1]]
    if not out:                           # nothing but what the better move does, whatever it is
        out = [Fact("better", (("what", f),)) for f in move_facts(state, seat, best)[:1]]
    return out[:REASON_PARTS]


def why_better(state: Position, seat: int, best: Action, chosen: Action, names: list[str],
               lang: str, cost: float | None = None) -> str:
    """Why ``best`` was better than ``chosen`` (the review, which shows the two win chances
    beside it); ``cost``: what the choice cost at the end of the game, in Glory."""
    return _join([say_nested(f, names, lang) for f in better_facts(state, seat, best, chosen, cost)], lang)


def say_nested(f: Fact, names: list[str], lang: str) -> str:
    """A fact, or a fact of the chosen or the better move ("yours", "better"), in words."""
    if f.key in ("yours", "better"):
        inner = f.kw()["what"]
        assert isinstance(inner, Fact)
        return tr(f"advice.{f.key}", lang=lang, what=say(inner, names, lang))
    return say(f, names, lang)


def idle_note(state: Position, seat: int, chosen: Action, names: list[str], lang: str) -> str | None:
    """For a move that played a card for nothing: what was thrown away, in words."""
    found = [f for f in move_facts(state, seat, chosen) if f.key.startswith("idle_")]
    return say(found[0], names, lang) if found else None
