"""Which cards fill the places a prince has kept through his turns?  Measured card by card.

Plays the games of `knjazja simulate --seats S --games N --seed X` and, at every turn, looks
from the seat about to play at each other hand: its kept places (`Observation.kept`: the
cards its owner already held at the start of his last turn and still holds — here taken
from the true hands) against the cards the viewer cannot see.  A card's odds are how much
likelier it is to be in a kept place than an unseen card on average: (share of the times
it was unseen that it sat in a kept place) / (the same over all cards).  These are the
weights `determinize` deals the kept places with (`reading.HOLD_ODDS`, one number a kind
today); a card seldom seen unseen is pulled towards its kind's odds.

    .venv/bin/python -m knjazja_lab.experiments.keep_odds --seats normal,normal,normal,normal \
        --games 200 --seed 77 --out /tmp/odds.json --jobs 2
"""
from __future__ import annotations

import argparse
import json
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from knjazja_lab import arena
from knjazja_lab.factory import make_bot
from knjazja.bots.reading import kind_of
from knjazja.engine import apply, legal_actions, new_game, observation
from knjazja.engine.actions import TURN
from knjazja.engine.cards import CARD_ID, N_CARDS

PRIOR = 200      # unseen sightings a card's own odds must outweigh to leave its kind's


Stays = dict[str, list[int]]    # kind -> [turns at age 0, stayed, turns older, stayed]


def count_game(kinds: list[str], seed: int,
               game: int) -> tuple[list[int], list[int], Stays]:
    """Per card: how often it was unseen by a seat about to play, and how often it then
    sat in another seat's kept place; per kind: how often a card stayed in the hand through
    its owner's turn, on its first turn there and on later ones."""
    n = len(kinds)
    rotation = game % n
    entry_at = [(p + rotation) % n for p in range(n)]
    bots = [make_bot(kinds[e]) for e in entry_at]
    rngs = [random.Random(f"{arena.game_seed(seed, game)}:{e}") for e in entry_at]
    s = new_game(n, arena.game_seed(seed, game))
    turn_start: dict[int, set[int]] = {}
    unseen, kept = [0] * N_CARDS, [0] * N_CARDS
    stays: Stays = {}
    turns_held: dict[int, int] = {}
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
        was_turn, start = s.decision.kind == TURN, s.hands[seat][:]
        apply(s, bots[seat].choose(obs, legal_actions(s), rngs[seat]))
        if was_turn:
            for c in start:
                row = stays.setdefault(kind_of(c), [0, 0, 0, 0])
                at = 0 if turns_held.get(c, 0) == 0 else 2
                row[at] += 1
                if c in s.hands[seat]:
                    row[at + 1] += 1
                    turns_held[c] = turns_held.get(c, 0) + 1
        in_hand = {c for h in s.hands for c in h}
        turns_held = {c: k for c, k in turns_held.items() if c in in_hand}
    return unseen, kept, stays


def _count_part(args: tuple) -> tuple[list[int], list[int], Stays]:
    kinds, seed, games = args
    unseen, kept = [0] * N_CARDS, [0] * N_CARDS
    stays: Stays = {}
    for g in games:
        u, k, st = count_game(kinds, seed, g)
        unseen = [a + b for a, b in zip(unseen, u)]
        kept = [a + b for a, b in zip(kept, k)]
        for kind, row in st.items():
            stays[kind] = [a + b for a, b in zip(stays.get(kind, [0, 0, 0, 0]), row)]
    return unseen, kept, stays


def odds(unseen: list[int], kept: list[int]) -> list[float]:
    """Each card's odds of a kept place against the average unseen card, shrunk towards its
    kind's odds by `PRIOR` sightings."""
    mean = sum(kept) / sum(unseen)
    by_class: dict[str, list[int]] = {}
    for c in range(N_CARDS):
        u, k = by_class.setdefault(kind_of(c), [0, 0])
        by_class[kind_of(c)] = [u + unseen[c], k + kept[c]]
    class_odds = {k: (v[1] / v[0]) / mean if v[0] else 1.0 for k, v in by_class.items()}
    return [round((kept[c] / mean + PRIOR * class_odds[kind_of(c)]) / (unseen[c] + PRIOR), 4)
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
    stays: Stays = {}
    for r in results:
        for kind, row in r[2].items():
            stays[kind] = [a + b for a, b in zip(stays.get(kind, [0, 0, 0, 0]), row)]
    table = odds(unseen, kept)
    args.out.write_text(json.dumps({"odds": table, "unseen": unseen, "kept": kept,
                                    "stays": stays}) + "\n")
    print("kind: stayed through its owner's turn — on its first turn in hand, on later ones")
    for kind, (t0, s0, t1, s1) in sorted(stays.items()):
        print(f"  {kind:10s} {s0 / max(1, t0):.2f} of {t0}   {s1 / max(1, t1):.2f} of {t1}")
    seen_ids: dict[str, list[float]] = {}
    for c in range(N_CARDS):
        seen_ids.setdefault(CARD_ID[c], []).append(table[c])
    for cid, vals in sorted(seen_ids.items(), key=lambda kv: sum(kv[1]) / len(kv[1])):
        print(f"{cid:28s} {sum(vals) / len(vals):.2f}")


if __name__ == "__main__":
    main()
