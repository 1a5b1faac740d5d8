"""The review's marks on a person's moves, on one scale, without pygame.

Each analysed move gets the grade of its one-ply loss (``analysis.grade``: close to the best
below ``GOOD_POINTS``, an inaccuracy, a mistake from ``MISTAKE_POINTS``); the biggest
mistakes (``analysis.biggest_mistakes``, at most three, all of them mistakes) are marked
"!!" on top of their grade, so a bigger loss never gets a milder mark.  In a game the
person lost, the moves that cost ``END_MARGIN`` Glory or more by the end of the game
(``Analysis.costliest``) carry a mark of their own — what they cost at the end, not a grade
of the one-ply loss shown beside them.

``marked`` is every move with a mark that calls it bad (a mistake, or costly at the end):
the review's header counts them (``header_counts``) and its "next" button visits them, so
the count and the moves it leads to are the same.
"""
from __future__ import annotations

from dataclasses import dataclass

from knjazja.app.advice.analysis import Analysis, biggest_mistakes, grade

MISTAKE = "mistake"


@dataclass(frozen=True)
class Mark:
    grade: str                 # "good" | "inaccuracy" | "mistake", by the one-ply loss
    biggest: bool = False      # one of the biggest mistakes ("!!")
    costly: bool = False       # cost END_MARGIN Glory or more by the end of a lost game


def marks(analysis: Analysis) -> dict[int, Mark]:
    """The mark of every analysed move."""
    top = set(biggest_mistakes(analysis.results))
    costly = set(analysis.costliest())
    return {i: Mark(grade(r.loss_points), i in top, i in costly) for i, r in analysis.results.items()}


def mistakes(analysis: Analysis) -> list[int]:
    """The moves graded mistakes, in game order."""
    return sorted(i for i, m in marks(analysis).items() if m.grade == MISTAKE)


def costly(analysis: Analysis) -> list[int]:
    """The moves that cost the lost game most by its end, in game order."""
    return sorted(analysis.costliest())


def marked(analysis: Analysis) -> list[int]:
    """The moves the review marks as bad (mistakes and costly ones), in game order."""
    return sorted(set(mistakes(analysis)) | set(costly(analysis)))


def header_counts(analysis: Analysis) -> tuple[int, int]:
    """(mistakes, costly moves that are no mistakes): what the header says, together the
    moves ``marked`` lists."""
    found = set(mistakes(analysis))
    return len(found), len(set(costly(analysis)) - found)
