"""How much are the hidden cards worth to a bot?  A diagnostic, not a bot anyone plays.

Plays the games of `knjazja simulate --seats S --games N --seed X` (game g: seed
`game_seed(X, g)`, rotation g % seats), but the bot of the first seat kind deals every
world of its look-ahead from the true hands (the deck is still shuffled, so it knows what
is held, not what will be drawn): the most any reading of the hands could give it.  The
other seats play as usual.  Each game is appended to OUT as a JSON line, so a long run can
be split (`--part`/`--parts`, one process each) and resumed; the share is printed at the end.

    .venv/bin/python docs/experiments/peek.py --seats hard,normal,normal,normal \
        --games 300 --seed 2027 --out /tmp/peek.p0.jsonl --part 0 --parts 2

It swaps `determinize` in `bots.lookahead` and `bots.rounds` (Normal's and Hard's
worlds) for the first seat kind's own decisions only; search code that deals elsewhere
(the classic bots, `hard-learned`) is not affected.
"""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import knjazja.bots.arena as arena
import knjazja.bots.lookahead as lookahead
import knjazja.bots.rounds as rounds
from knjazja.engine import GameState, Observation, determinize, observation

_table: dict = {"state": None, "obs": None, "seat": -1}


def _observe(s: GameState, seat: int) -> Observation:
    """The arena's observation, remembered with the true state it came from."""
    obs = observation(s, seat)
    _table.update(state=s, obs=obs)
    return obs


def _deal(obs: Observation, rng: random.Random, hold_odds=None) -> GameState:
    """The true hands for the peeking seat's own decisions; a fair deal otherwise (the
    worlds inside a look-ahead see from other seats, or from copies of the position)."""
    if obs is _table["obs"] and obs.seat == _table["seat"]:
        world = _table["state"].clone()
        world.rng = random.Random(rng.getrandbits(64))
        rng.shuffle(world.deck)
        return world
    return determinize(obs, rng, hold_odds)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seats", required=True, help="seat kinds; the first one peeks")
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", type=Path, required=True, help="JSON lines, one per game")
    ap.add_argument("--part", type=int, default=0)
    ap.add_argument("--parts", type=int, default=1)
    args = ap.parse_args(argv)
    kinds = arena.seat_kinds(args.seats.split(","), None)
    arena.observation = _observe          # type: ignore[assignment]
    lookahead.determinize = _deal         # type: ignore[assignment]
    rounds.determinize = _deal            # type: ignore[assignment]
    done = set()
    if args.out.exists():
        done = {json.loads(line)["g"] for line in args.out.read_text().splitlines()}
    n = len(kinds)
    for g in range(args.games):
        if g % args.parts != args.part or g in done:
            continue
        rotation = g % n
        _table["seat"] = (-rotation) % n  # the table position of the first seat kind
        result = dict(arena.play_game(kinds, arena.game_seed(args.seed, g), rotation), g=g)
        with args.out.open("a") as f:
            f.write(json.dumps(result) + "\n")
    rows = [json.loads(line) for line in args.out.read_text().splitlines()]
    share = sum(r["win"][0] for r in rows) / len(rows)
    low, high = arena._wilson(share, len(rows))      # the interval `knjazja simulate` prints
    print(f"{kinds[0]} (peeking): {share:.1%} [{low:.1%}, {high:.1%}] of {len(rows)} games "
          f"in {args.out}")


if __name__ == "__main__":
    main()
