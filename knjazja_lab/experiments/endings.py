"""How do the games of a table end?  A diagnostic: it plays the bots, it changes none.

Plays the games of `knjazja simulate --seats S --games N --seed X` (game g: seed
`game_seed(X, g)`, rotation g % seats; decisions as in the arena, so bots with a time cap
play as they do there) and notes, for each game, what set the end — the deck run out, the
Tatar Invasion or Silence — at which turn, by which seat kind, that seat's lead in Glory
on the table then, and who won.  Each game is appended to OUT as a JSON line (resumable,
`--part`/`--parts` to split a run over processes); `--report` prints, per seat kind, how
often it set the end by the Invasion, how early and from what lead, and its win share in
the games each way of ending.

    .venv/bin/python -m knjazja_lab.experiments.endings --seats normal,hard-classic,hard-classic,hard-classic \
        --games 40 --seed 2027 --out /tmp/end.p0.jsonl --part 0 --parts 2
    .venv/bin/python -m knjazja_lab.experiments.endings --seats normal,hard-classic --report /tmp/end.p*.jsonl
"""
from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from pathlib import Path

from knjazja_lab.arena import MAX_ACTIONS, _bot_kwargs, game_seed, seat_kinds
from knjazja_lab.factory import make_bot
from knjazja.bots.sense import lead
from knjazja.engine import apply, final_scores, legal_actions, new_game, observation, winners


def play_one(kinds: list[str], gseed: int, rotation: int) -> dict:
    """One game; seats reported by their list entry (as `arena.play_game` does)."""
    n = len(kinds)
    entry_at = [(p + rotation) % n for p in range(n)]
    bots = [make_bot(kinds[e], **_bot_kwargs(kinds[e], None)) for e in entry_at]
    rngs = [random.Random(f"{gseed}:{e}") for e in entry_at]
    s = new_game(n, gseed)
    ending: dict = {"cause": "", "turn": None, "by": None, "lead": None}
    setters = 0                     # how often the end was set (Silence can lift an Invasion)
    for _ in range(MAX_ACTIONS):
        if s.over:
            break
        seat = s.decision.seat
        legal = legal_actions(s)
        obs = observation(s, seat)
        lead_before = lead(obs)
        a = bots[seat].choose(obs, legal, rngs[seat])
        apply(s, a)
        if s.end_cause and s.end_cause != ending["cause"]:
            # the ending that stands is the last one set
            ending = {"cause": s.end_cause, "turn": s.turn_no, "by": entry_at[seat],
                      "lead": lead_before}
            setters += 1
    scores = final_scores(s)
    won = winners(s)
    return {"ending": ending, "endings_set": setters, "turns": s.turn_no + 1,
            "glory": [scores[entry_at.index(e)] for e in range(n)],
            "win": [1.0 / len(won) if entry_at.index(e) in won else 0.0 for e in range(n)]}


def report(seats: list[str], files: list[Path]) -> None:
    """Per seat kind (the last one stands for the rest, as in `knjazja simulate`)."""
    rows = [json.loads(line) for f in files for line in f.read_text().splitlines() if line]
    seats = list(dict.fromkeys(seats))
    games = len(rows)
    n = len(rows[0]["win"])
    group = [seats[min(e, len(seats) - 1)] for e in range(n)]
    print(f"{games} games")
    causes: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        causes[r["ending"]["cause"] or "none"].append(r)
    for cause, rs in sorted(causes.items()):
        share = {k: sum(r["win"][e] for r in rs for e in range(n) if group[e] == k) / len(rs)
                 for k in seats}
        print(f"  ended by {cause}: {len(rs)} games, mean turns {sum(r['turns'] for r in rs) / len(rs):.0f}; "
              + ", ".join(f"{k} wins {v:.1%}" for k, v in share.items()))
    for k in seats:
        seats_of_k = sum(1 for e in range(n) if group[e] == k)
        inv = [r for r in rows if r["ending"]["cause"] == "invasion" and group[r["ending"]["by"]] == k]
        if not inv:
            print(f"  {k}: never set the end by the Invasion")
            continue
        won = sum(r["win"][r["ending"]["by"]] for r in inv)
        leads = sorted(r["ending"]["lead"] for r in inv)
        turns = sorted(r["ending"]["turn"] for r in inv)
        print(f"  {k}: the Invasion in {len(inv)} games ({len(inv) / (games * seats_of_k):.1%} per seat), "
              f"won {won / len(inv):.0%} of them; lead when played: median {leads[len(leads) // 2]}, "
              f"min {leads[0]}; turn: median {turns[len(turns) // 2]}, first {turns[0]}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seats", required=True)
    ap.add_argument("--games", type=int, default=0)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--part", type=int, default=0)
    ap.add_argument("--parts", type=int, default=1)
    ap.add_argument("--report", type=Path, nargs="+", help="JSON-lines files to summarise")
    args = ap.parse_args(argv)
    seats = args.seats.split(",")
    if args.report:
        report(seats, args.report)
        return
    if args.out is None:
        ap.error("--out is needed to play games")
    try:
        kinds = seat_kinds(seats, None)
    except ValueError as e:
        ap.error(str(e))
    done = set()
    if args.out.exists():
        done = {json.loads(line)["g"] for line in args.out.read_text().splitlines() if line}
    for g in range(args.part, args.games, args.parts):
        if g in done:
            continue
        r = play_one(kinds, game_seed(args.seed, g), g % len(kinds))
        with args.out.open("a") as f:
            f.write(json.dumps({"g": g, **r}) + "\n")


if __name__ == "__main__":
    main()
