"""Two bot kinds on the same games: is B stronger than A, with the luck of the deal shared?

For every seed S and game g it plays the game of `knjazja simulate --seats A,OTHERS --seed S`
(seed `game_seed(S, g)`, rotation g % seats) and the same game with B in A's place.  Normal
and the classic bots decide deterministically, so the two games are the same move for move
until the first decision A and B take differently: a change that alters few decisions leaves
most games identical, and the difference of the two win shares, taken game by game, has a
far smaller error than two separate runs (`knjazja simulate` twice) would have.  Hard's
time cap makes its games depend on the machine's load, so the pairing is looser there.

Each pair of games is appended to OUT as a JSON line, so a long run can be split
(`--part`/`--parts`, one process each) and resumed; `--report` reads one or more such files.

    .venv/bin/python -m knjazja_lab.experiments.paired --a normal --b normal:light \
        --others normal-classic,normal-classic,normal-classic --games 600 --seeds 101,102,103 \
        --out /tmp/light.p0.jsonl --part 0 --parts 2
    .venv/bin/python -m knjazja_lab.experiments.paired --report /tmp/light.p0.jsonl /tmp/light.p1.jsonl
"""
from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from knjazja_lab import arena
from knjazja_lab.factory import make_bot


def play_pair(a: str, b: str, others: list[str], seed: int, game: int) -> dict:
    """The game (`seed`, `game`) with `a` in the first seat kind's place, then with `b`."""
    row: dict = {"seed": seed, "g": game}
    for key, kind in (("a", a), ("b", b)):
        kinds = arena.seat_kinds([kind] + others, None)
        r = arena.play_game(kinds, arena.game_seed(seed, game), game % len(kinds))
        row[key] = {"win": r["win"][0], "actions": r["actions"], "glory": r["glory"]}
    return row


def same_game(row: dict) -> bool:
    """Did A and B play the game identically (as far as its outcome shows)?"""
    return row["a"]["actions"] == row["b"]["actions"] and row["a"]["glory"] == row["b"]["glory"]


def report(rows: list[dict]) -> dict:
    """Both shares with the interval `knjazja simulate` prints, and the paired difference
    B − A with its standard error (over games, so identical games count as zero)."""
    n = len(rows)
    if n < 2:
        raise ValueError("a report needs at least two pairs of games")
    wa = [r["a"]["win"] for r in rows]
    wb = [r["b"]["win"] for r in rows]
    d = [y - x for x, y in zip(wa, wb)]
    mean = sum(d) / n
    se = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n)
    share_a, share_b = sum(wa) / n, sum(wb) / n
    return {"games": n, "identical": sum(same_game(r) for r in rows),
            "a": share_a, "a_ci95": arena._wilson(share_a, n),
            "b": share_b, "b_ci95": arena._wilson(share_b, n),
            "b_minus_a": mean, "se": se,
            "glory_a": sum(r["a"]["glory"][0] for r in rows) / n,
            "glory_b": sum(r["b"]["glory"][0] for r in rows) / n}


def _print(rep: dict) -> None:
    def share(key: str) -> str:
        low, high = rep[f"{key}_ci95"]
        return f"{rep[key]:.1%} [{low:.1%}, {high:.1%}]"
    print(f"{rep['games']} games ({rep['identical']} played identically): "
          f"A {share('a')}, Glory {rep['glory_a']:.2f}; B {share('b')}, Glory {rep['glory_b']:.2f}; "
          f"B - A {100 * rep['b_minus_a']:+.1f} ± {100 * rep['se']:.1f} points (one standard error)")


def _read(paths: list[Path]) -> list[dict]:
    rows: dict = {}
    for p in paths:
        for line in p.read_text().splitlines():
            r = json.loads(line)
            rows[(r["seed"], r["g"])] = r
    return list(rows.values())


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--report", type=Path, nargs="+", help="only report these files")
    ap.add_argument("--a", help="the seat kind measured against")
    ap.add_argument("--b", help="the seat kind put in its place")
    ap.add_argument("--others", help="the other seat kinds, comma-separated")
    ap.add_argument("--games", type=int, help="games per seed")
    ap.add_argument("--seeds", help="comma-separated seeds")
    ap.add_argument("--out", type=Path, help="JSON lines, one per pair of games")
    ap.add_argument("--part", type=int, default=0)
    ap.add_argument("--parts", type=int, default=1)
    args = ap.parse_args(argv)
    if args.report:
        _print(report(_read(args.report)))
        return
    if not all((args.a, args.b, args.others, args.games, args.seeds, args.out)):
        ap.error("give --a, --b, --others, --games, --seeds and --out (or --report FILE...)")
    others = args.others.split(",")
    for kind in (args.a, args.b, *others):
        try:
            make_bot(kind)                   # an unknown kind stops here, with its message
        except ValueError as e:
            ap.error(str(e))
    seeds = [int(s) for s in args.seeds.split(",")]
    done = {(r["seed"], r["g"]) for r in _read([args.out])} if args.out.exists() else set()
    k = 0
    for seed in seeds:
        for g in range(args.games):
            k += 1
            if k % args.parts != args.part or (seed, g) in done:
                continue
            row = play_pair(args.a, args.b, others, seed, g)
            with args.out.open("a") as f:
                f.write(json.dumps(row) + "\n")
    _print(report(_read([args.out])))


if __name__ == "__main__":
    main()
