"""Bot-vs-bot matches: `run_arena` (win shares with position bias rotated out, and how
the bots played).

Determinism: the games, seeds and bot generators depend only on the arguments, so the
same call gives the same games, wins and Glory — *apart from timings* — provided every
bot decides deterministically.  Hard does when its budget is an iteration count
(`hard_budget` given as an int); with a budget in seconds (a float, or Hard's default)
its choices depend on how fast the machine runs, and so do the results.
"""
from __future__ import annotations

import hashlib
import json
import math
import random
import time
from typing import TypedDict

from knjazja.engine import apply, legal_actions, new_game, observation
from knjazja.engine.actions import TURN
from knjazja.engine.scoring import final_scores, winners

from .factory import make_bot
from .gamestats import PlayCounter, by_kind, summary, table_summary

MAX_ACTIONS = 20_000          # a safety net against bots that never end a game


class GameResult(TypedDict):
    """One game, per list entry (not per table position)."""
    turns: int
    actions: int
    winner_glory: int
    glory: list[int]
    win: list[float]
    times: list[list[float]]       # decision times, ms
    play: list[dict]               # `PlayCounter.finish`'s counts
    actions_sha256: str            # the game's seed, rotation and every action, in order


def game_seed(seed: int, game: int) -> int:
    return seed * 1_000_003 + game


def _bot_kwargs(kind: str, hard_budget) -> dict:
    if kind.partition("@")[0].partition(":")[0] in ("hard", "hard-classic", "hard-learned") \
            and hard_budget is not None:
        if isinstance(hard_budget, bool):
            raise ValueError("hard_budget must be seconds (float) or iterations (int)")
        if isinstance(hard_budget, int):
            return {"iterations": hard_budget}
        return {"budget": float(hard_budget)}
    return {}


def seat_kinds(seats: list[str], players: int | None) -> list[str]:
    """The kind of each list position; extra players take the last kind of the list."""
    n = len(seats) if players is None else players
    if not seats:
        raise ValueError("seats must name at least one bot kind")
    if n < len(seats):
        raise ValueError(f"players ({n}) is less than the number of seat kinds ({len(seats)})")
    if not 2 <= n <= 8:
        raise ValueError(f"a game needs 2..8 players, not {n}")
    return list(seats) + [seats[-1]] * (n - len(seats))


def play_game(kinds: list[str], gseed: int, rotation: int, hard_budget=None) -> GameResult:
    """One game. Position p holds list entry (p + rotation) % n."""
    n = len(kinds)
    entry_at = [(p + rotation) % n for p in range(n)]
    bots = [make_bot(kinds[e], **_bot_kwargs(kinds[e], hard_budget)) for e in entry_at]
    rngs = [random.Random(f"{gseed}:{e}") for e in entry_at]
    s = new_game(n, gseed)
    times: list[list[float]] = [[] for _ in range(n)]
    counter = PlayCounter(n)
    actions = 0
    # the identity check: same seeds, same moves (each action as its save form, JSON: the
    # kinds are written as their strings whatever type holds them)
    log = hashlib.sha256(f"{gseed}:{rotation}:{kinds}".encode())
    while not s.over and actions < MAX_ACTIONS:
        seat = s.decision.seat
        legal = legal_actions(s)
        obs = observation(s, seat)
        if len(legal) > 1:
            t0 = time.perf_counter()
            a = bots[seat].choose(obs, legal, rngs[seat])
            times[seat].append((time.perf_counter() - t0) * 1000.0)
        else:
            a = bots[seat].choose(obs, legal, rngs[seat])
        log.update(f"|{seat}:{json.dumps(a.to_json())}".encode())
        hands = [h[:] for h in s.hands] if s.decision.kind == TURN else None  # the truth, for
        counter.add(seat, a, apply(s, a), obs, legal, hands)           # the takeable cities
        actions += 1
    scores = final_scores(s)
    won = winners(s)
    play = counter.finish(s)
    # report per list entry
    res: GameResult = {"turns": s.turn_no + 1, "actions": actions, "winner_glory": max(scores),
                       "glory": [0] * n, "win": [0.0] * n, "times": [[] for _ in range(n)],
                       "play": [{} for _ in range(n)], "actions_sha256": log.hexdigest()}
    for p in range(n):
        e = entry_at[p]
        res["glory"][e] = scores[p]
        res["win"][e] = 1.0 / len(won) if p in won else 0.0
        res["times"][e] = times[p]
        res["play"][e] = dict(play[p], **{key: _by_kind(play[p][key], kinds, entry_at)
                                          for key in ("wars_on", "wars_early_on", "chances_on")})
    return res


def _by_kind(per_position: list[int], kinds: list[str], entry_at: list[int]) -> dict[str, int]:
    """Counts by table position, summed by the seat kind sitting there."""
    out: dict[str, int] = {}
    for q, count in enumerate(per_position):
        kind = kinds[entry_at[q]]
        out[kind] = out.get(kind, 0) + count
    return out


def _play_many(args: tuple) -> list[tuple[int, GameResult]]:
    kinds, seed, game_ids, hard_budget = args
    n = len(kinds)
    return [(g, play_game(kinds, game_seed(seed, g), g % n, hard_budget)) for g in game_ids]


def _wilson(p: float, n: int) -> list[float]:
    if n <= 0:
        return [0.0, 1.0]
    z = 1.96
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def _pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    i = min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))
    return xs[i]


def run_arena(seats: list[str], games: int, seed: int, jobs: int = 1,
              hard_budget: float | None = None, players: int | None = None) -> dict:
    """Play `games` games and report per entry of `seats`.

    Game g uses rotation g % n: list entry i sits at position (i - g) % n, so every
    entry plays every position equally often over n consecutive games.  `players` larger
    than len(seats) fills the extra seats with the last kind (its stats then sum over
    those seats).  Shared wins count fractionally.  `hard_budget`: int = iterations per
    decision (deterministic), float = seconds (timing-dependent).  `jobs` > 1 splits the
    games over processes (game g goes to job g % jobs); results are merged in game order
    and do not depend on `jobs`.  Decision times cover decisions with more than one legal
    action.  `play` (per entry: means per seat and game) and `table` (per game, all seats
    together) say how the bots played: wars declared and the share won, cities founded,
    buildings built, cards and cities still in hand at the end, the winner's Glory."""
    kinds_all = seat_kinds(list(seats), players)
    n = len(kinds_all)
    entries = len(seats)
    group = [min(i, entries - 1) for i in range(n)]
    t0 = time.perf_counter()
    if jobs <= 1 or games <= 1:
        results = _play_many((kinds_all, seed, list(range(games)), hard_budget))
    else:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor
        jobs = min(jobs, games)
        chunks = [(kinds_all, seed, list(range(j, games, jobs)), hard_budget) for j in range(jobs)]
        with ProcessPoolExecutor(jobs, mp_context=mp.get_context("spawn")) as ex:
            results = [r for part in ex.map(_play_many, chunks) for r in part]
    dt = time.perf_counter() - t0
    results.sort(key=lambda r: r[0])
    wins = [0.0] * entries
    glory = [0.0] * entries
    count = [0] * entries
    times: list[list[float]] = [[] for _ in range(entries)]
    plays: list[list[dict]] = [[] for _ in range(entries)]
    turns = 0
    actions_log = hashlib.sha256()
    for g, r in results:
        turns += r["turns"]
        actions_log.update(f"{g}:{r['actions_sha256']};".encode())
        for i in range(n):
            e = group[i]
            wins[e] += r["win"][i]
            glory[e] += r["glory"][i]
            count[e] += 1
            times[e] += r["times"][i]
            plays[e].append(r["play"][i])
    out_seats = []
    for e in range(entries):
        share = wins[e] / games if games else 0.0
        out_seats.append({
            "bot": seats[e],
            "wins": round(wins[e], 6),
            "win_share": round(share, 6),
            "win_share_ci95": _wilson(min(1.0, share), games),
            "mean_glory": round(glory[e] / count[e], 4) if count[e] else 0.0,
            "decision_ms_p50": round(_pct(times[e], 0.50), 3),
            "decision_ms_p95": round(_pct(times[e], 0.95), 3),
            "play": summary(plays[e], games),
        })
    return {
        "games": games, "players": n, "seed": seed,
        "games_per_s": round(games / dt, 4) if dt > 0 else 0.0,
        "mean_length_turns": round(turns / games, 3) if games else 0.0,
        "table": table_summary([p for ps in plays for p in ps], games,
                               [r["winner_glory"] for _, r in results]),
        "by_kind": by_kind(kinds_all, [r["play"] for _, r in results], games),
        "seats": out_seats,
        # every game's seed and action log in game order: equal hashes, the same games move
        # for move (deterministic bots only: see the module's note on Hard's budget)
        "actions_sha256": actions_log.hexdigest(),
    }
