"""Old saves, played on (issue 47: the game must stay the same move for move).

    python -m knjazja_lab.identity.saves make DIR     # write saves with this checkout's code
    python -m knjazja_lab.identity.saves play DIR     # load them, play on, print hashes

`play` loads each save, plays 120 more actions with the shipped levels (Hard at 4
iterations, so deterministic) and prints a hash of those actions; the saves made before
the laboratory was split off lie beside this file, their hash in hashes.json.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from knjazja.bots import make_bot
from knjazja.engine import GameState, apply, legal_actions, new_game, observation
try:                                    # the app's files since issue 47; the engine's before
    from knjazja.app.store.files import load_game, save_game
except ImportError:                     # a checkout from before the split
    from knjazja.engine.saves import load_game, save_game  # type: ignore[attr-defined,no-redef]

KINDS = ["easy", "normal", "hard", "normal", "easy"]
GAMES = ((3, 41, 60), (4, 42, 150), (5, 43, 250))      # players, seed, actions before the save


def play_on(s: GameState, actions: int, seed: int, log=None) -> None:
    """`actions` more actions by the shipped levels (each seat its own seeded generator)."""
    bots = [make_bot(k, iterations=4) if k == "hard" else make_bot(k) for k in KINDS[:s.n]]
    rngs = [random.Random(seed * 7 + i) for i in range(s.n)]
    for _ in range(actions):
        if s.over:
            return
        seat = s.decision.seat
        a = bots[seat].choose(observation(s, seat), legal_actions(s), rngs[seat])
        if log is not None:
            log.update(json.dumps(a.to_json()).encode())
        apply(s, a)


def make(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for n, seed, actions in GAMES:
        s = new_game(n, seed)
        play_on(s, actions, seed)
        seats = [{"name": f"P{i}", "kind": k} for i, k in enumerate(KINDS[:n])]
        save_game(s, folder / f"save_{n}p.json", {"seats": seats, "series": False})


def play(folder: Path) -> str:
    total = hashlib.sha256()
    for path in sorted(folder.glob("save_*.json")):
        s, meta = load_game(path)
        h = hashlib.sha256()
        play_on(s, 120, 99, h)
        print(path.name, [x["kind"] for x in meta["seats"]], "history", len(s.history), h.hexdigest()[:16])
        total.update(h.digest())
    print("all", total.hexdigest())
    return total.hexdigest()


if __name__ == "__main__":
    mode, where = sys.argv[1], Path(sys.argv[2])
    make(where) if mode == "make" else play(where)
