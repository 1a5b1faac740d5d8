"""`knjazja bench advice`: the advice check (``audit``) over positions of seeded bot games.

Games of Normal and Easy seats (three, four and five princes, seeds from ``seed``) are
played; positions with a choice are sampled from them (a war, an answer or a bid more often
than a turn, every position where a card could be played for nothing), and at each the
person's move is the bot's or, one time in four, any legal move (a person plays those too).
The Hint's ranking is the Hard level's (``rank_actions``) with one dealt world instead of
Hard's eight (``BUDGET``: the same judgement, noisier; a full budget would take minutes a
hundred positions).  ``record`` writes the games' moves and the rankings to a file, so the
test suite checks the same positions without the search (``load``); the test also ranks a
few of them again live, so a file left behind by a change of the bots fails.

Besides the positions, a few lost games of an Easy seat against three Normal are reviewed
as the window reviews them (``Analysis``, with the end-of-game playouts of its costliest
moves, a small budget): every analysed move's line and the marks of each game.
No pygame.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

from knjazja.tools import audit
from knjazja.app.advice.analysis import Analysis, decision_points, losers, replay, result_from_ranking
from knjazja.bots import make_bot
from knjazja.bots.hints import rank_actions
from knjazja.engine import Action, GameState, apply, legal_actions, new_game, observation
from knjazja.engine.actions import TURN

BUDGET = 1            # worlds of the Hint's ranking here (the Hint: Hard's 8)
SIZES = (4, 3, 5)


def _kinds(n: int, g: int) -> list[str]:
    return [("normal", "easy")[(i + g) % 2] for i in range(n)]


def play_positions(count: int, seed: int = 1) -> tuple[list[dict], list[dict]]:
    """Games (their moves) and positions sampled from them: ``{"game", "at", "chosen"}``."""
    from knjazja.bots.idle import idle_play
    rng = random.Random(seed)
    games: list[dict] = []
    picks: list[dict] = []
    g = 0
    while len(picks) < count:
        n = SIZES[g % len(SIZES)]
        gseed = seed * 1000 + g
        bots = [make_bot(k) for k in _kinds(n, g)]
        s = new_game(n, gseed)
        moves: list[int] = []
        while not s.over:
            legal = legal_actions(s)
            seat = s.decision.seat
            obs = observation(s, seat)
            a = legal[0] if len(legal) == 1 else bots[seat].choose(obs, legal, rng)
            idle = [x for x in legal if idle_play(obs, x)]
            odds = 1.0 if idle else 0.15 if s.decision.kind == TURN else 0.5
            if len(legal) > 1 and len(picks) < count and rng.random() < odds:
                chosen = rng.choice(idle) if idle and rng.random() < 0.5 else \
                    rng.choice(legal) if rng.random() < 0.25 else a
                picks.append({"game": g, "at": len(moves), "chosen": legal.index(chosen)})
            moves.append(legal.index(a))
            apply(s, a)
        games.append({"n": n, "seed": gseed, "moves": moves})
        g += 1
    return games, picks


def states_of(game: dict) -> list[GameState]:
    """Every position of a recorded game."""
    s = new_game(game["n"], game["seed"])
    out = [s.clone()]
    for k in game["moves"]:
        apply(s, legal_actions(s)[k])
        out.append(s.clone())
    return out


def ranking_at(s: GameState, at: int, seed: int) -> list[tuple[Action, float]]:
    """The Hint's ranking of a position (``BUDGET`` worlds, its own generator)."""
    return rank_actions(observation(s, s.decision.seat), legal_actions(s), budget=BUDGET,
                        rng=random.Random(seed * 7919 + at))


def record(path: Path, count: int, seed: int = 1) -> dict:
    """Play, rank and write the positions (see the module)."""
    games, picks = play_positions(count, seed)
    states = {g: states_of(game) for g, game in enumerate(games)}
    for p in picks:
        s = states[p["game"]][p["at"]]
        legal = legal_actions(s)
        p["ranking"] = [[legal.index(a), v] for a, v in ranking_at(s, p["at"], seed + p["game"])]
    data = {"seed": seed, "budget": BUDGET, "games": games, "positions": picks}
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return data


def load(path: Path) -> tuple[dict, dict[int, list[GameState]]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return data, {g: states_of(game) for g, game in enumerate(data["games"])}


def check(data: dict, states: dict[int, list[GameState]], report: audit.Report | None = None,
          live: bool = False) -> audit.Report:
    """The advice check at every recorded position (``live``: rank them again now, as the
    code being checked ranks them, instead of reading the recorded rankings)."""
    report = report if report is not None else audit.Report()
    by_game: dict[int, dict] = {}
    for p in data["positions"]:
        s = states[p["game"]][p["at"]]
        legal = legal_actions(s)
        ranking = ranking_at(s, p["at"], data["seed"] + p["game"]) if live else \
            [(legal[k], v) for k, v in p["ranking"]]
        where = f"game {p['game']} move {p['at'] + 1}"
        report.positions += 1
        audit.audit_hint(report, s, ranking, where)
        chosen = legal[p["chosen"]]
        r = result_from_ranking(p["at"], s.decision.seat, chosen, ranking, s)
        game = by_game.setdefault(p["game"], {})
        game[p["at"]] = r
        a = audit.review_analysis(states[p["game"]], {p["at"]: r})
        audit.audit_review(report, a, p["at"], where)
    for g, results in by_game.items():
        audit.audit_marks(report, audit.review_analysis(states[g], results), f"game {g}")
    return report


def review_games(report: audit.Report, games: int, seed: int = 1, worlds: int = 1, playouts: int = 6,
                 limit: int | None = None) -> None:
    """Lost games of an Easy seat against three Normal, reviewed as the window does (the
    first ``limit`` of the person's moves, when given)."""
    from knjazja.tools.reviewbench import KINDS, SEATS, play
    done = tries = 0
    while done < games and tries < games * 6:
        final = play(seed * 7000 + tries)
        tries += 1
        states = replay(final)
        lost = losers(states, SEATS)
        if not lost:
            continue
        done += 1
        points = decision_points(states, SEATS)[:limit]
        a = Analysis(states, points, worlds, use_process=False, lost=lost, playouts=playouts)
        a.run_all()
        for i in sorted(a.results):
            audit.audit_review(report, a, i, f"review {done} move {i + 1}")
        audit.audit_marks(report, a, f"review {done}")
    assert len(KINDS) == len(SEATS)


def bench_advice(positions: int = 500, seed: int = 59, games: int = 3, source: Path | None = None,
                 log=print) -> dict:
    """The advice check over ``positions`` positions of new games (or those of ``source``,
    ranked again now) and ``games`` reviewed lost games; returns the summary."""
    import time
    t0 = time.perf_counter()
    if source is not None:
        data, states = load(source)
    else:
        found, picks = play_positions(positions, seed)
        data = {"seed": seed, "games": found, "positions": picks}
        states = {g: states_of(game) for g, game in enumerate(found)}
    report = check(data, states, live=True)
    review_games(report, games, seed)
    out = report.summary()
    out["seconds"] = round(time.perf_counter() - t0, 1)
    out["ranking_budget_worlds"] = BUDGET
    for claim, (n, bad) in out["by_claim"].items():
        log(f"{claim:24} {n:6} checked {bad:5} wrong")
        for example in out["examples"].get(claim, [])[:3]:
            log(f"    {example[:300]}")
    log(f"advice check: {out['positions']} positions and {games} reviewed games, {out['claims_checked']} claims, "
        f"{out['claims_wrong']} wrong ({out['seconds']} s; the Hint's ranking with {BUDGET} world)")
    return out
