"""`knjazja bench review`: does the review find what lost the game, and say why?

Plays games in which one Easy seat (treated as the human) sits with three Normal bots,
keeps those the Easy seat lost, reviews each as the review window does (`Analysis`, in
this process, with the end-of-game playouts of its costliest moves), and prints per game
the costliest moves with their reasons in Russian and English, then a summary line: how
many lost games showed at least three costliest moves, each with a reason.  It also
prints Hint texts (Hard's first-ranked move at the Easy seat's decision points, in words
as the table says it) and review marks.  A benchmark, not a test: it takes minutes.
"""
from __future__ import annotations

import random
import re
from collections.abc import Callable

from knjazja.app.advice.analysis import WORLDS, Analysis, cost_candidates, decision_points, losers, replay
from knjazja.app.advice.explain import why_better, why_good
from knjazja.app.wording.i18n import tr
from knjazja.app.wording.narrate import Narrator
from knjazja.app.advice.verdict import point_verdict
from knjazja.bots import make_bot
from knjazja.bots.endcost import PLAYOUTS
from knjazja.engine import GameState, apply, final_scores, legal_actions, new_game, observation

NAMES = {"ru": ["Вася", "Ольга", "Ярослав", "Игорь"], "en": ["Vasya", "Olga", "Yaroslav", "Igor"]}
KINDS = ["easy", "normal", "normal", "normal"]
SEATS = [True, False, False, False]          # the Easy seat is the one reviewed


def play(seed: int) -> GameState:
    """One game of `KINDS`, each bot deciding on its own observation."""
    s = new_game(len(KINDS), seed, first_player=seed % len(KINDS))
    bots = [make_bot(k) for k in KINDS]
    rng = random.Random(seed)
    while not s.over:
        legal = legal_actions(s)
        seat = s.decision.seat
        a = legal[0] if len(legal) == 1 else bots[seat].choose(observation(s, seat), legal, rng)
        apply(s, a)
    return s


def concrete(text: str, names: list[str]) -> bool:
    """Does a reason name something one can check: a number or a prince?"""
    return bool(re.search(r"\d", text)) or any(n in text for n in names)


def _samples(a: Analysis, states: list[GameState], points: list[int], hints: dict[str, list[str]],
             marks: dict[str, list[str]], samples: int, per_game: int) -> None:
    """Up to ``per_game`` Hint texts (Hard's first move at the seat's richer decisions, from
    the middle of the game on) and review marks (the costliest moves first, then the others
    in game order), until ``samples`` of each."""
    rich = [i for i in points if len(legal_actions(states[i])) >= 3 and i in a.results]
    for i in (rich[len(rich) // 2:] + rich[:len(rich) // 2])[:per_game]:
        if len(hints["ru"]) >= samples:
            break
        got = a.results[i]
        best, value = got.ranking[0]
        for lang in ("ru", "en"):
            n = Narrator(NAMES[lang], lang)
            hints[lang].append(tr("table.hint", lang=lang, move=n.action(best, states[i]),
                                  why=why_good(states[i], got.seat, best, value, NAMES[lang], lang),
                                  chance=round(100 * value)))
    order = a.costliest() + [i for i in points if i in a.results and i not in a.costliest()]
    for i in order[:per_game]:
        if len(marks["ru"]) >= samples:
            break
        for lang in ("ru", "en"):
            marks[lang].append(point_verdict(a, i, states[i], Narrator(NAMES[lang], lang), NAMES[lang],
                                             lang).replace("\n", " "))


def bench_review(games: int = 20, seed: int = 1, worlds: int = WORLDS, playouts: int = PLAYOUTS,
                 samples: int = 10, log: Callable[[str], None] = print) -> dict:
    """Review ``games`` lost games (see the module); returns the summary."""
    lost_games = shown = with_reasons = tries = eligible = eligible_shown = 0
    hints: dict[str, list[str]] = {"ru": [], "en": []}
    marks: dict[str, list[str]] = {"ru": [], "en": []}
    costs: list[float] = []
    while lost_games < games and tries < games * 4:
        gseed = seed * 1000 + tries
        tries += 1
        final = play(gseed)
        states = replay(final)
        lost = losers(states, SEATS)
        if not lost:
            continue
        lost_games += 1
        points = decision_points(states, SEATS)
        a = Analysis(states, points, worlds, use_process=False, lost=lost, playouts=playouts)
        a.run_all()
        top = a.costliest()
        scores = final_scores(final)
        with_loss = len(cost_candidates(a.results, lost, k=len(points)))
        log(f"game {lost_games} (seed {gseed}): Glory {scores}, {len(points)} decision points, "
            f"{with_loss} with a loss, {len(a.costs)} played out")
        reasons = 0
        for i in top:
            r, s = a.results[i], states[i]
            costs.append(a.costs[i])
            for lang in ("ru", "en"):
                why = why_better(s, r.seat, a.better(i), r.chosen, NAMES[lang], lang, a.costs[i])
                ok = concrete(why, NAMES[lang])
                if lang == "ru":
                    reasons += ok
                line = point_verdict(a, i, s, Narrator(NAMES[lang], lang), NAMES[lang], lang).replace("\n", " ")
                log(f"  move {i + 1} (end cost {a.costs[i]:+.1f} Glory, one ply {r.loss_points:.1f} pts) "
                    f"[{lang}] {line}")
        shown += len(top) >= 3
        with_reasons += len(top) >= 3 and reasons == len(top)
        eligible += with_loss >= 3
        eligible_shown += with_loss >= 3 and len(top) >= 3 and reasons == len(top)
        _samples(a, states, points, hints, marks, samples, per_game=max(1, -(-samples // games)))
    for lang in ("ru", "en"):
        log(f"-- {len(hints[lang])} Hint texts [{lang}]")
        for h in hints[lang]:
            log("  " + h)
        log(f"-- {len(marks[lang])} review marks [{lang}]")
        for m in marks[lang]:
            log("  " + m)
    summary = {"lost_games": lost_games, "games_played": tries, "with_3_costliest": shown,
               "with_3_costliest_each_with_reason": with_reasons,
               "with_3_points_of_loss": eligible, "of_them_shown_with_reasons": eligible_shown,
               "mean_end_cost": round(sum(costs) / len(costs), 2) if costs else 0.0,
               "worlds": worlds, "playouts": playouts}
    log(f"summary: {with_reasons}/{lost_games} lost games show >= 3 costliest moves, each with a reason "
        f"({shown} show >= 3); of the {eligible} with >= 3 decision points of any loss, {eligible_shown} do; "
        f"mean end cost of a shown move {summary['mean_end_cost']} Glory "
        f"(worlds {worlds}, playouts {playouts}; {tries} games played)")
    return summary
