"""The review's verdict on one move of a person, as the review window and `bench review`
show it: the best move, or the better one with both win chances and the reason; a move
that was the best one ply on but lost at the end of the game (``Analysis.judged_at_end``)
names the better move without the one-ply chances, which would contradict it."""
from __future__ import annotations

from collections.abc import Collection

from knjazja.app.advice.analysis import Analysis
from knjazja.app.advice.explain import why_better
from knjazja.app.wording.i18n import tr
from knjazja.app.wording.narrate import Narrator
from knjazja.engine import GameState


def point_verdict(analysis: Analysis, index: int, state: GameState, narrator: Narrator,
                  names: list[str], lang: str, many: bool = False,
                  flagged: Collection[int] = ()) -> str:
    """The verdict on the analysed move ``index`` played from ``state`` (``many``: the table
    had several people, so the mover is named; ``flagged``: moves shown as costliest even
    when their one-ply loss rounds to nothing)."""
    r = analysis.results[index]
    seat = state.decision.seat
    name, chosen = narrator.seat(seat), narrator.action(r.chosen, state)
    p = round(100 * r.chosen_value)
    at_end = analysis.judged_at_end(index)
    if not at_end and (r.best == r.chosen or (r.loss_points < 0.05 and index not in flagged)):
        return tr("review.named_best" if many else "review.you_best", lang=lang, name=name,
                  chosen=chosen, p=p)
    better = analysis.better(index)
    best = narrator.action(better, state)
    if at_end:
        text = tr("review.named_worse_end" if many else "review.you_worse_end", lang=lang,
                  name=name, chosen=chosen, best=best)
    else:
        text = tr("review.named_worse" if many else "review.you_worse", lang=lang, name=name,
                  chosen=chosen, best=best, p=p, q=round(100 * r.best_value))
    why = why_better(state, seat, better, r.chosen, names, lang, analysis.costs.get(index))
    return text + "\n" + tr("review.why", lang=lang, why=why)
