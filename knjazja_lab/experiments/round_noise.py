"""Does Hard's round look-ahead see more than Normal?  A diagnostic, not a bot.

Plays games of `hard` against three `normal` (game g: seed `game_seed(SEED, g)`, rotation
g % 4).  At every decision where Hard weighs more than one of Normal's candidates, the
candidates are also judged by the round look-ahead on REF worlds (a reference far
costlier than Hard can afford) and three times on WORLDS worlds (what Hard affords); one
JSON line per decision goes to OUT.  `--report` reads OUT and prints how often each way
of choosing picks the reference's best candidate, and what it gives up against it (in
P(win) as the reference sees it):

    .venv/bin/python -m knjazja_lab.experiments.round_noise --games 3 --seed 77 --out /tmp/rn.jsonl
    .venv/bin/python -m knjazja_lab.experiments.round_noise --out /tmp/rn.jsonl --report

It wraps `bots.rounds.choose_by_rounds`: Hard's own choices, and so the games, are
those of `knjazja simulate`.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
from pathlib import Path

import knjazja.bots.rounds as rounds
from knjazja_lab.arena import game_seed, play_game
from knjazja.bots.hard import root_candidates


def _argmax(values: list[float]) -> int:
    return max(range(len(values)), key=lambda k: (values[k], -k))


def record(games: int, seed: int, worlds: int, ref_worlds: int, out: Path) -> None:
    hard_choice = rounds.choose_by_rounds

    def probe(obs, legal, net, rng, max_worlds, deadline, top_k=4, margin=0.15,
              prior_weight=2.0, model_net=None):
        chosen = hard_choice(obs, legal, net, rng, max_worlds, deadline, top_k=top_k, margin=margin,
                             prior_weight=prior_weight, model_net=model_net)
        own = random.Random(f"{obs.turn_no}:{obs.seat}:{len(legal)}")   # not Hard's rng
        values, _, idx, _ = root_candidates(obs, legal, net, own, top_k, margin, worlds=3,
                                            tau=1.0)
        if len(idx) > 1:
            cands = [legal[i] for i in idx]
            ref, _ = rounds.round_values(obs, cands, net, random.Random(own.getrandbits(32)),
                                         ref_worlds, None)
            runs = [rounds.round_values(obs, cands, net, random.Random(own.getrandbits(32)),
                                        worlds, None)[0] for _ in range(3)]
            with out.open("a") as f:
                f.write(json.dumps({"prior": [values[i] for i in idx], "ref": ref,
                                    "runs": runs, "worlds": worlds,
                                    "turn": obs.turn_no}) + "\n")
        return chosen

    rounds.choose_by_rounds = probe       # type: ignore[assignment]
    for g in range(games):
        play_game(["hard", "normal", "normal", "normal"], game_seed(seed, g), g % 4)


def report(out: Path, prior_weight: float = 2.0) -> None:
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    picks: dict[str, list[int]] = {"Normal's value": [], "round look-ahead": [],
                                   "Hard (look-ahead shrunk to Normal)": []}
    regret: dict[str, list[float]] = {k: [] for k in picks}
    for r in rows:
        ref, prior = r["ref"], r["prior"]
        best = _argmax(ref)
        choices = [("Normal's value", _argmax(prior))]
        for run in r["runs"]:
            w = r["worlds"]
            shrunk = [(w * m + prior_weight * p) / (w + prior_weight) for m, p in zip(run, prior)]
            choices += [("round look-ahead", _argmax(run)),
                        ("Hard (look-ahead shrunk to Normal)", _argmax(shrunk))]
        for name, k in choices:
            picks[name].append(k == best)
            regret[name].append(ref[best] - ref[k])
    gaps = [sorted(r["ref"])[-1] - sorted(r["ref"])[-2] for r in rows]
    print(f"{len(rows)} decisions, {statistics.mean(len(r['ref']) for r in rows):.2f} "
          f"candidates each; the reference's best leads its second by "
          f"{statistics.median(gaps):.4f} (median)")
    for name in picks:
        print(f"  {name:36s} picks the reference's best {statistics.mean(picks[name]):.0%}, "
              f"gives up {statistics.mean(regret[name]):.4f} per decision")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--report", action="store_true", help="read OUT and print the summary")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=77)
    ap.add_argument("--worlds", type=int, default=8, help="what Hard affords")
    ap.add_argument("--ref-worlds", type=int, default=64, help="the reference")
    args = ap.parse_args(argv)
    if args.report:
        report(args.out)
    else:
        record(args.games, args.seed, args.worlds, args.ref_worlds, args.out)


if __name__ == "__main__":
    main()
