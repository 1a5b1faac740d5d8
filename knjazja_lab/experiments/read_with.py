"""Hard (or any reading bot) dealing the kept places with other odds: an arena run.

Plays the games of `knjazja simulate --seats S --games N --seed X` (game g: seed
`game_seed(X, g)`, rotation g % seats) with `reading.HOLD_ODDS` replaced by the odds in
FILE (`keep_odds.py` writes them) for every bot that reads — Hard, and `normal:read`; the
shipped Normal does not read.  Each game is appended to OUT as a JSON line, so a run can be
split (`--part`/`--parts`, one process each), resumed, and paired game by game with a run
of the shipped bot (`--odds` omitted) on the same seed.

    .venv/bin/python -m knjazja_lab.experiments.read_with --odds /tmp/odds.json \
        --seats hard,normal,normal,normal --games 300 --seed 2027 \
        --out /tmp/read.p0.jsonl --part 0 --parts 2
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import knjazja_lab.arena as arena
import knjazja.bots.reading as reading


def load_odds(path: Path) -> tuple[float, ...]:
    """The weights in `path` (`keep_odds.py`'s JSON), one positive number per card."""
    try:
        table = tuple(float(x) for x in json.loads(path.read_text())["odds"])
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise SystemExit(f"{path}: not an odds file ({e})") from None
    if len(table) != len(reading.HOLD_ODDS) or min(table) <= 0:
        raise SystemExit(f"{path}: need {len(reading.HOLD_ODDS)} positive odds")
    return table


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--odds", type=Path, help="JSON with 'odds': one weight per card")
    ap.add_argument("--seats", required=True)
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", type=Path, required=True, help="JSON lines, one per game")
    ap.add_argument("--part", type=int, default=0)
    ap.add_argument("--parts", type=int, default=1)
    args = ap.parse_args(argv)
    if args.odds is not None:
        table = load_odds(args.odds)
        reading.HOLD_ODDS = table
    kinds = arena.seat_kinds(args.seats.split(","), None)
    done = set()
    if args.out.exists():
        done = {json.loads(line)["g"] for line in args.out.read_text().splitlines()}
    for g in range(args.games):
        if g % args.parts != args.part or g in done:
            continue
        result = dict(arena.play_game(kinds, arena.game_seed(args.seed, g), g % len(kinds)), g=g)
        with args.out.open("a") as f:
            f.write(json.dumps(result) + "\n")
    rows = [json.loads(line) for line in args.out.read_text().splitlines()] \
        if args.out.exists() else []
    if not rows:
        return
    share = sum(r["win"][0] for r in rows) / len(rows)
    low, high = arena._wilson(share, len(rows))
    print(f"{kinds[0]}: {share:.1%} [{low:.1%}, {high:.1%}] of {len(rows)} games in {args.out}")


if __name__ == "__main__":
    main()
