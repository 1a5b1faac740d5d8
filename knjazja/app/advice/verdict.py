"""The review's verdict on one move of a person, as the review window and `bench review`
show it, on the review's own scale (``analysis.GOOD_POINTS``, ``analysis.END_MARGIN``):

* the best move, or one within ``GOOD_POINTS`` of it: "the best move" / "close to the
  best", with its win chance — no better move is named, for none is better past the
  scale (a card it played for nothing is noted: ``explain.idle_note``);
* a loss of ``GOOD_POINTS`` or more one ply on: the better move, both win chances (so they
  always differ) and why;
* a move within ``GOOD_POINTS`` one ply on that cost ``END_MARGIN`` Glory or more by the end
  of a lost game (``Analysis.judged_at_end``): the better move without the one-ply chances,
  which would not show it, and why.
"""
from __future__ import annotations

from knjazja.app.advice.analysis import GOOD_POINTS, Analysis
from knjazja.app.advice.explain import idle_note, why_better
from knjazja.app.wording.i18n import tr
from knjazja.app.wording.narrate import Narrator
from knjazja.bots.idle import idle_play
from knjazja.app.advice.facts import Position
from knjazja.engine import seen_from

NEAR = 0.05           # a loss below this many points is no loss: "the best move"


def verdict_kind(analysis: Analysis, index: int) -> str:
    """"best" | "near" | "worse" | "worse_end": which verdict the move gets (module text)."""
    r = analysis.results[index]
    if analysis.judged_at_end(index):
        return "worse_end"
    if r.loss_points >= GOOD_POINTS and r.best != r.chosen:
        return "worse"
    state = analysis.states[index]
    if idle_play(seen_from(state, r.seat), r.chosen):
        return "near"                     # the same move without the card was better, if a little
    return "best" if r.best == r.chosen or r.loss_points < NEAR else "near"


def point_verdict(analysis: Analysis, index: int, state: Position, narrator: Narrator,
                  names: list[str], lang: str, many: bool = False) -> str:
    """The verdict on the analysed move ``index`` played from ``state`` (``many``: the table
    had several people, so the mover is named)."""
    r = analysis.results[index]
    seat = state.decision.seat
    who = "named" if many else "you"
    name, chosen = narrator.seat(seat), narrator.action(r.chosen, state)
    kind = verdict_kind(analysis, index)
    if kind in ("best", "near"):
        text = tr(f"review.{who}_{kind}", lang=lang, name=name, chosen=chosen, p=round(100 * r.chosen_value))
        note = idle_note(state, seat, r.chosen, names, lang)
        # the reasons speak to the mover ("your Glory"): at a table of several people, named
        return text + ("\n" + tr(f"review.{_addressed('note', many)}", lang=lang, name=name, why=note)
                       if note else "")
    better = analysis.better(index)
    best = narrator.action(better, state)
    text = tr(f"review.{who}_{kind}", lang=lang, name=name, chosen=chosen, best=best,
              p=round(100 * r.chosen_value), q=round(100 * r.best_value))
    why = why_better(state, seat, better, r.chosen, names, lang, analysis.costs.get(index))
    return text + "\n" + tr(f"review.{_addressed('why', many)}", lang=lang, name=name, why=why)


def _addressed(key: str, many: bool) -> str:
    """The reason's line: to "you", or at a table of several people to the mover by name."""
    return f"{key}_named" if many else key
