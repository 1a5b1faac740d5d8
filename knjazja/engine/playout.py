"""Random-legal playouts: the engine's own simulation and speed benchmark."""
from __future__ import annotations

import random
import time

from .game import new_game
from .rules import apply_legal, legal_actions
from .scoring import final_scores, win_shares, winners


def game_seed(seed: int, game: int) -> int:
    """The seed of game `game` in a run started with `seed` (stable across versions)."""
    return seed * 1_000_003 + game


def random_game(n_players: int, seed: int) -> tuple[list[int], list[int], int, int]:
    """Play one game with uniformly random legal actions.

    Returns (glory per seat, winners, turns, actions)."""
    s = new_game(n_players, seed)
    s.noting = False            # no reader of the table's notes here (engine/notes.py)
    rng = random.Random(seed ^ 0x5EED)
    actions = 0
    while not s.over:
        legal = legal_actions(s)
        apply_legal(s, legal[rng.randrange(len(legal))])     # taken from the list: unchecked
        actions += 1
    return final_scores(s), winners(s), s.turn_no + 1, actions


def simulate_random(n_players: int, games: int, seed: int) -> dict:
    """Per-seat wins (shared wins count fractionally), mean Glory, mean length, speed."""
    wins = [0.0] * n_players
    glory = [0] * n_players
    turns = 0
    t0 = time.perf_counter()
    for g in range(games):
        scores, _won, n_turns, _ = random_game(n_players, game_seed(seed, g))
        for i, share in enumerate(win_shares(scores)):
            wins[i] += share
        for i, v in enumerate(scores):
            glory[i] += v
        turns += n_turns
    dt = time.perf_counter() - t0
    return {
        "players": n_players, "games": games, "seed": seed,
        "mean_length_turns": turns / games if games else 0.0,
        "games_per_s": games / dt if dt > 0 else 0.0,
        "seats": [{"bot": "random", "wins": round(wins[i], 6),
                   "win_share": round(wins[i] / games, 6) if games else 0.0,
                   "mean_glory": round(glory[i] / games, 6) if games else 0.0}
                  for i in range(n_players)],
    }


def bench_engine(seconds: float = 5.0, n_players: int = 4, seed: int = 1) -> dict:
    """Random-playout throughput on one core: complete 4-player games for ~`seconds`."""
    games = actions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        _, _, _, n = random_game(n_players, game_seed(seed, games))
        games += 1
        actions += n
    dt = time.perf_counter() - t0
    return {"players": n_players, "games": games, "seconds": round(dt, 3),
            "games_per_s": round(games / dt, 2), "actions_per_s": round(actions / dt, 1)}
