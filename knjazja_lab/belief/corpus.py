"""Games kept move by move, for reading the hands where the true hands are known.

`play` plays one game of an arena (the seats rotated as `knjazja simulate` rotates them:
game g with seed `arena.game_seed(seed, g)` and rotation g % seats) and returns its moves
with its result; `record` appends such games to a JSON-lines file (resumable, in parts),
so the same games serve the fit (`fit.py`), the beliefs' accuracy
(`experiments/belief_accuracy.py`) and Hard's decision times
(`experiments/belief_time.py`).  `replay` walks a kept game again through the engine: every state,
with the true hands, in order.

    .venv/bin/python -m knjazja_lab.belief.corpus --seats normal,normal,normal,normal \\
        --games 300 --seed 9100 --out /tmp/n4.jsonl --part 0 --parts 2
"""
from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

from knjazja.engine import Action, GameState, apply, legal_actions, new_game, observation
from knjazja.engine.scoring import final_scores, winners

from knjazja_lab import arena
from knjazja_lab.factory import make_bot


def play(kinds: list[str], seed: int, game: int, hard_budget=None) -> dict:
    """One game of the arena: its seed, rotation, kinds, moves, result and decision times."""
    n = len(kinds)
    gseed, rotation = arena.game_seed(seed, game), game % n
    entry_at = [(p + rotation) % n for p in range(n)]
    bots = [make_bot(kinds[e], **arena._bot_kwargs(kinds[e], hard_budget)) for e in entry_at]
    rngs = [random.Random(f"{gseed}:{e}") for e in entry_at]
    s = new_game(n, gseed)
    moves: list[list] = []
    times: list[list[float]] = [[] for _ in range(n)]
    while not s.over and len(moves) < arena.MAX_ACTIONS:
        seat = s.decision.seat
        legal = legal_actions(s)
        t0 = time.perf_counter()
        a = bots[seat].choose(observation(s, seat), legal, rngs[seat])
        if len(legal) > 1:
            times[entry_at[seat]].append(round((time.perf_counter() - t0) * 1000.0, 2))
        apply(s, a)
        moves.append(a.to_json())
    scores, won = final_scores(s), winners(s)
    win, glory = [0.0] * n, [0] * n
    for p in range(n):
        win[entry_at[p]] = 1.0 / len(won) if p in won else 0.0
        glory[entry_at[p]] = scores[p]
    return {"g": game, "seed": gseed, "rotation": rotation, "kinds": kinds, "moves": moves,
            "win": win, "glory": glory, "times": times}


def replay(game: dict) -> Iterator[tuple[GameState, Action]]:
    """Every state of a kept game before each of its moves, and the move (the state is the
    game's own: copy it to keep it)."""
    s = new_game(len(game["kinds"]), game["seed"])
    for move in game["moves"]:
        a = Action.from_json(move)
        yield s, a
        apply(s, a)


def entry_seat(game: dict, entry: int) -> int:
    """The table position of the kinds' list entry `entry` in this game."""
    n = len(game["kinds"])
    return (entry - game["rotation"]) % n


def load(paths: list[Path]) -> list[dict]:
    """The games of several files, in order of game number, each once."""
    games: dict[tuple, dict] = {}
    for path in paths:
        for line in path.read_text().splitlines():
            if line.strip():
                g = json.loads(line)
                games[(g["seed"], g["rotation"], tuple(g["kinds"]))] = g
    return sorted(games.values(), key=lambda g: (g["seed"], g["g"]))


def record(kinds: list[str], seed: int, games: int, out: Path, part: int = 0, parts: int = 1,
           hard_budget=None) -> None:
    """Play this part's games not yet in `out` and append each as one JSON line."""
    done = set()
    if out.exists():
        done = {json.loads(line)["g"] for line in out.read_text().splitlines() if line.strip()}
    for g in range(games):
        if g % parts != part or g in done:
            continue
        result = play(kinds, seed, g, hard_budget)
        with out.open("a") as f:
            f.write(json.dumps(result, separators=(",", ":")) + "\n")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seats", required=True)
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--part", type=int, default=0)
    ap.add_argument("--parts", type=int, default=1)
    ap.add_argument("--hard-iterations", type=int, default=None)
    args = ap.parse_args(argv)
    kinds = arena.seat_kinds(args.seats.split(","), None)
    record(kinds, args.seed, args.games, args.out, args.part, args.parts, args.hard_iterations)


if __name__ == "__main__":
    main()
