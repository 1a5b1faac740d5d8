"""Many random games with the engine's invariants checked at every step.

`knjazja simulate --check --games 100000 --jobs 2` runs it. Game `g` of a run is fixed by
the run's seed and `g` alone — its player count (2..8 in turn), house rules (all four
combinations in turn), deck seed and choice of actions — so a failure names a game that
anyone can replay with `check_game`.

At every step: all 100 cards stand in exactly one place, and the deciding seat has a
legal action while the game is not over. Every game must end within the save limit of
actions, and every 100th game must survive a save and reload unchanged.
"""
from __future__ import annotations

import random
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Callable

from knjazja.engine.cards import CARD_ID
from knjazja.engine.game import new_game
from knjazja.engine.playout import game_seed
from knjazja.engine.rules import apply, legal_actions
from knjazja.engine.saves import MAX_ACTIONS, dumps, loads
from knjazja.engine.state import GameOptions, GameState

CHUNK = 250                      # games per job handed to a worker


class CheckFailure(AssertionError):
    """An invariant broke; the message names the step and what is wrong."""


def game_setup(seed: int, game: int, players: int | None = None) -> tuple[int, int, GameOptions]:
    """(players, deck seed, house rules) of game `game` in a run started with `seed`."""
    n = players or 2 + game % 7
    options = GameOptions(strict_defence=(game // 7) % 2 == 1,
                          invasion_first_round=(game // 14) % 2 == 1)
    return n, game_seed(seed, game), options


def check_cards(s: GameState) -> None:
    bad = {c: where for c, where in s.locations().items() if len(where) != 1}
    if bad:
        raise CheckFailure("cards not in exactly one place: " + ", ".join(
            f"{CARD_ID[c]} in {where or 'nowhere'}" for c, where in sorted(bad.items())[:5]))


def check_game(seed: int, game: int, players: int | None = None) -> int:
    """Play game `game` of a run with random legal actions, checking every step.

    Returns the number of actions; raises CheckFailure (or whatever the engine raised)."""
    n, deck_seed, options = game_setup(seed, game, players)
    s = new_game(n, deck_seed, options)
    rng = random.Random(deck_seed ^ 0x5EED)
    check_cards(s)
    while not s.over:
        legal = legal_actions(s)
        if not legal:
            raise CheckFailure(f"no legal action at step {len(s.history)} ({s.decision})")
        if len(s.history) >= MAX_ACTIONS:
            raise CheckFailure(f"game still running after {MAX_ACTIONS} actions")
        apply(s, legal[rng.randrange(len(legal))])
        check_cards(s)
    if game % 100 == 0:
        back, _ = loads(dumps(s))
        if back.history != s.history or back.locations() != s.locations():
            raise CheckFailure("the save of the finished game reloads differently")
    return len(s.history)


def _check_range(seed: int, start: int, stop: int, players: int | None) -> dict:
    actions, failures = 0, []
    for g in range(start, stop):
        try:
            actions += check_game(seed, g, players)
        except Exception as e:     # a checker records every fault it meets, and goes on
            n, deck_seed, options = game_setup(seed, g, players)
            failures.append({"game": g, "players": n, "deck_seed": deck_seed,
                             "options": options.to_json(),
                             "error": f"{type(e).__name__}: {e}"})
    return {"games": stop - start, "actions": actions, "failures": failures}


def check_games(games: int, seed: int = 1, jobs: int = 1, players: int | None = None,
                progress: Callable[[int, int], None] | None = None) -> dict:
    """Run `games` checked games on `jobs` processes; a summary with every failure."""
    t0 = time.perf_counter()
    ranges = [(seed, a, min(a + CHUNK, games), players) for a in range(0, games, CHUNK)]
    done = actions = 0
    failures: list[dict] = []

    def add(part: dict) -> None:
        nonlocal done, actions
        done += part["games"]
        actions += part["actions"]
        failures.extend(part["failures"])
        if progress:
            progress(done, games)

    if jobs <= 1:
        for r in ranges:
            add(_check_range(*r))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_check_range, *zip(*ranges)):
                add(part)
    dt = time.perf_counter() - t0
    failures.sort(key=lambda f: f["game"])
    return {"games": games, "seed": seed, "players": players or "2-8", "jobs": jobs,
            "actions": actions, "seconds": round(dt, 1),
            "games_per_s": round(games / dt, 1) if dt > 0 else 0.0,
            "failures": len(failures), "failed_games": failures[:50]}
