"""`knjazja bench advice --sample`: ten Hints and ten review lines from one real game, in
both languages, each with the facts of its position beside it (to read them against).

One game of an Easy seat (the person, seat 0) against three Normal, the seed given.  The
Hints are the Hint button's at ten of the person's decisions with three moves or more
(Hard's ranking with its eight worlds, no time cap, so the run repeats); the review lines
are the review window's (``Analysis`` with its own budget and, for a lost game, the
end-of-game playouts), the moves it marks first.  Beside each: the hand and the deck before
and after the move, every prince's Glory after it, the win chance and the mark.
No pygame.
"""
from __future__ import annotations

import random

from knjazja.app.advice.analysis import WORLDS, Analysis, decision_points, losers, replay
from knjazja.app.advice.explain import why_good
from knjazja.app.advice.marks import marks
from knjazja.app.advice.verdict import point_verdict
from knjazja.app.wording.i18n import tr
from knjazja.app.wording.narrate import Narrator
from knjazja.bots.hints import rank_actions
from knjazja.engine import Action, GameState, apply, final_scores, legal_actions, observation
from knjazja.tools.reviewbench import SEATS, play      # (the same game: one Easy seat against three Normal)

NAMES = {"ru": ["Ольга", "Игорь", "Игрок 2", "Ярослав"], "en": ["Olga", "Igor", "Player 2", "Yaroslav"]}


def facts_line(s: GameState, seat: int, a: Action) -> str:
    """The position's facts around ``a``: hand, deck, Glory after, whose turn."""
    after = s.clone()
    apply(after, a)
    glory = ", ".join(f"{NAMES['en'][t]} {g}" for t, g in enumerate(final_scores(after)))
    end = f", end at turn {after.end_turn}" if after.end_turn is not None else ""
    return (f"turn {s.turn_no + 1}, {s.decision.kind}; hand {len(s.hands[seat])} -> {len(after.hands[seat])}, "
            f"deck {len(s.deck)} -> {len(after.deck)}; Glory after: {glory}{end}; "
            f"hands: {[len(h) for h in after.hands]}")


def advice_sample(seed: int = 59, count: int = 10, log=print) -> None:
    """Print the sample (see the module)."""
    final = play(seed)
    states = replay(final)
    points = decision_points(states, SEATS)
    log(f"game seed {seed}: Easy ({NAMES['en'][0]}) against three Normal; final Glory {final_scores(final)}, "
        f"{len(points)} decisions of the person")
    rich = [i for i in points if len(legal_actions(states[i])) >= 3]
    step = max(1, len(rich) // count)
    for k, i in enumerate(rich[::step][:count], 1):
        s = states[i]
        ranking = rank_actions(observation(s, 0), legal_actions(s), budget=WORLDS, rng=random.Random(i))
        best, value = ranking[0]
        log(f"Hint {k} (move {i + 1}) — {facts_line(s, 0, best)}; win chance {value:.3f}")
        for lang in ("ru", "en"):
            move = Narrator(NAMES[lang], lang).action(best, s)
            why = why_good(s, 0, best, value, NAMES[lang], lang)
            log(f"  [{lang}] " + tr("table.hint", lang=lang, move=move, why=why, chance=round(100 * value)))
    a = Analysis(states, points, WORLDS, use_process=False, lost=losers(states, SEATS))
    a.run_all()
    found = marks(a)
    order = a.costliest() + sorted((i for i in found if i not in a.costliest()),
                                   key=lambda i: (-a.results[i].loss, i))
    for k, i in enumerate(order[:count], 1):
        r, m = a.results[i], found[i]
        mark = m.grade + (" !!" if m.biggest else "") + (" costly" if m.costly else "")
        cost = f", end cost {a.costs[i]:.2f} Glory" if i in a.costs else ""
        log(f"Review {k} (move {i + 1}) — mark {mark}, loss {r.loss_points:.1f} points{cost}; "
            f"chosen {r.chosen_value:.3f}, best {r.best_value:.3f}; {facts_line(states[i], 0, r.chosen)}")
        for lang in ("ru", "en"):
            line = point_verdict(a, i, states[i], Narrator(NAMES[lang], lang), NAMES[lang], lang)
            log(f"  [{lang}] " + line.replace("\n", " | "))
    from knjazja.app.advice.marks import header_counts
    wrong, costly = header_counts(a)
    for lang in ("ru", "en"):
        log(f"  header [{lang}]: " + (tr("review.analysed_costly", lang=lang, n=wrong, m=costly) if costly
                                      else tr("review.analysed", lang=lang, n=wrong)))
