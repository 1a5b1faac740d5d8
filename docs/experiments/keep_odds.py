"""Which cards fill the places a prince has kept through his turns?  Measured card by card.

Plays the games of `knjazja simulate --seats S --games N --seed X` and, at every turn, looks
from the seat about to play at each other hand: its kept places (`Observation.kept`: the
cards its owner already held at the start of his last turn and still holds — here taken
from the true hands) against the cards the viewer cannot see.  A card's odds are how much
likelier it is to be in a kept place than an unseen card on average: (share of the times
it was unseen that it sat in a kept place) / (the same over all cards).  These are the
weights `determinize` deals the kept places with (`reading.HOLD_ODDS`, one number a kind
today); a card seldom seen unseen is pulled towards its kind's odds.

    .venv/bin/python docs/experiments/keep_odds.py --seats normal,normal,normal,normal \
        --games 200 --seed 77 --out /tmp/odds.json --jobs 2
"""
from __future__ import annotations

import argparse
import json
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from knjazja.bots import arena
from knjazja.bots.base import make_bot
from knjazja.engine import apply, legal_actions, new_game, observation
from knjazja.engine.actions import TURN
from knjazja.engine.cards import CARD_ID, KIND, N_CARDS

PRIOR = 200      # unseen sightings a card's own odds must outweigh to leave its kind's


def card_class(c: int) -> str:
    """The kind `bots.reading` uses (walls apart from the other buildings)."""
    return "walls" if CARD_ID[c].startswith("wall.") else KIND[c]


def count_game(kinds: list[str], seed: int, game: int) -> tuple[list[int], list[int]]:
    """Per card: how often it was unseen by a seat about to play, and how often it then
    sat in another seat's kept place."""
    n = len(kinds)
    rotation = game % n
    entry_at = [(p + rotation) % n for p in range(n)]
    bots = [make_bot(kinds[e]) for e in entry_at]
    rngs = [random.Random(f"{arena.game_seed(seed, game)}:{e}") for e in entry_at]
    s = new_game(n, arena.game_seed(seed, game))
    turn_start: dict[int, set[int]] = {}
    unseen, kept = [0] * N_CARDS, [0] * N_CARDS
    while not s.over:
        seat = s.decision.seat
        obs = observation(s, seat)
        if s.decision.kind == TURN:
            for c in obs.unseen:
                unseen[c] += 1
            for t in range(n):
                if t == seat:
                    continue
                known = set(obs.known.get(t, []))
                for c in s.hands[t]:
                    if c in turn_start.get(t, ()) and c not in known:
                        kept[c] += 1
            turn_start[seat] = set(s.hands[seat])
        apply(s, bots[seat].choose(obs, legal_actions(s), rngs[seat]))
    return unseen, kept


def _count_part(args: tuple) -> tuple[list[int], list[int]]:
    kinds, seed, games = args
    unseen, kept = [0] * N_CARDS, [0] * N_CARDS
    for g in games:
        u, k = count_game(kinds, seed, g)
        unseen = [a + b for a, b in zip(unseen, u)]
        kept = [a + b for a, b in zip(kept, k)]
    return unseen, kept


def odds(unseen: list[int], kept: list[int]) -> list[float]:
    """Each card's odds of a kept place against the average unseen card, shrunk towards its
    kind's odds by `PRIOR` sightings."""
    mean = sum(kept) / sum(unseen)
    by_class: dict[str, list[int]] = {}
    for c in range(N_CARDS):
        u, k = by_class.setdefault(card_class(c), [0, 0])
        by_class[card_class(c)] = [u + unseen[c], k + kept[c]]
    class_odds = {k: (v[1] / v[0]) / mean if v[0] else 1.0 for k, v in by_class.items()}
    return [round((kept[c] / mean + PRIOR * class_odds[card_class(c)]) / (unseen[c] + PRIOR), 4)
            for c in range(N_CARDS)]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seats", required=True)
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", type=Path, required=True, help="the odds, as JSON")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    kinds = arena.seat_kinds(args.seats.split(","), None)
    parts = [(kinds, args.seed, range(j, args.games, args.jobs)) for j in range(args.jobs)]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(_count_part, parts))
    unseen = [sum(r[0][c] for r in results) for c in range(N_CARDS)]
    kept = [sum(r[1][c] for r in results) for c in range(N_CARDS)]
    table = odds(unseen, kept)
    args.out.write_text(json.dumps({"odds": table, "unseen": unseen, "kept": kept}) + "\n")
    seen_ids: dict[str, list[float]] = {}
    for c in range(N_CARDS):
        seen_ids.setdefault(CARD_ID[c], []).append(table[c])
    for cid, vals in sorted(seen_ids.items(), key=lambda kv: sum(kv[1]) / len(kv[1])):
        print(f"{cid:28s} {sum(vals) / len(vals):.2f}")


if __name__ == "__main__":
    main()
