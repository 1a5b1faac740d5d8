"""How likely did the dealing think the cards that were really there?  Beliefs' accuracy.

On kept games (`knjazja_lab/belief/corpus.py`: the moves of arena games, replayed with the
true hands), at every `--every`-th turn of the viewing seat (the seats list's entry
`--viewer`, its table position rotating from game to game), each way of dealing the hidden
cards deals `--deals` worlds from the viewer's observation; a card's probability of lying in
a prince's hand is the share of those worlds that put it there.  For every card truly in
another prince's hand and unknown to the viewer: the mean of that probability (higher is
better), and the mean log-loss, −ln of it (lower is better; a card never dealt there counts
as half a deal).  The dealings: `uniform` (every unseen card alike), `kept` (today's Hard:
the kept places with `reading.HOLD_ODDS`) and `notes` (`knjazja_lab.belief.belief.Belief`, the table's
notes with the fitted log-odds of `--weights`, by default the shipped ones).  Also by the
card's kind, and for the places kept through a turn alone.

    .venv/bin/python -m knjazja_lab.experiments.belief_accuracy /tmp/belief/h_test.p*.jsonl \\
        --deals 100
"""
from __future__ import annotations

import argparse
import math
import random
from collections import defaultdict
from pathlib import Path

from knjazja_lab.belief.belief import Belief, load_weights
from knjazja.bots.reading import HOLD_ODDS, kind_of
from knjazja.engine import Observation, determinize

from knjazja_lab.belief.corpus import load
from knjazja_lab.belief.samples import game_samples

DEALINGS = ("uniform", "kept", "notes")


def marginals(obs: Observation, how: str, deals: int, rng: random.Random,
              theta: tuple[float, ...]) -> dict[tuple[int, int], float]:
    """(seat, card) -> the share of `deals` worlds that put the card in that seat's hand."""
    belief = Belief(obs, theta) if how == "notes" else None
    counts: dict[tuple[int, int], int] = defaultdict(int)
    for _ in range(deals):
        if belief is not None:
            world = belief.deal(obs, rng)
        else:
            world = determinize(obs, rng, HOLD_ODDS if how == "kept" else None)
        for t in range(obs.n):
            if t != obs.seat:
                for c in world.hands[t]:
                    counts[(t, c)] += 1
    return {k: v / deals for k, v in counts.items()}


class Score:
    """Sums of the probability and the log-loss of the true cards, overall and by part."""

    def __init__(self) -> None:
        self.sums: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0])

    def add(self, part: str, p: float, floor: float) -> None:
        row = self.sums[part]
        row[0] += p
        row[1] -= math.log(max(p, floor))
        row[2] += 1

    def line(self, part: str) -> str:
        p, loss, n = self.sums[part]
        return f"{p / n:.4f} / {loss / n:.3f}" if n else "—"


def measure(games: list[dict], viewer: int, every: int, deals: int, seed: int,
            theta: tuple[float, ...]) -> tuple[dict[str, Score], int]:
    scores = {how: Score() for how in DEALINGS}
    looks = 0
    for g in games:
        for obs, samples in game_samples(g, viewers=[viewer], every=every):
            looks += 1
            truth = [(x.seat, c, x.age) for x in samples for c in x.truth]
            for how in DEALINGS:
                rng = random.Random(f"{seed}:{g['seed']}:{obs.turn_no}:{how}")
                probs = marginals(obs, how, deals, rng, theta)
                for seat, card, age in truth:
                    p = probs.get((seat, card), 0.0)
                    for part in ("all", kind_of(card)) + (("kept",) if age > 0 else ()):
                        scores[how].add(part, p, 0.5 / deals)
    return scores, looks


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="+", type=Path, help="corpus files (knjazja_lab.belief.corpus)")
    ap.add_argument("--viewer", type=int, default=0, help="the seats list's entry that looks")
    ap.add_argument("--every", type=int, default=1, help="every N-th turn of the viewer")
    ap.add_argument("--deals", type=int, default=100, help="worlds per look and dealing")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--weights", type=Path, default=None, help="a belief file (default: shipped)")
    ap.add_argument("--kinds", default=None, help="only games of these seat kinds (comma list)")
    args = ap.parse_args(argv)
    games = load(args.games)
    if args.kinds:
        games = [g for g in games if g["kinds"] == args.kinds.split(",")]
    theta = load_weights(str(args.weights)) if args.weights else load_weights()
    scores, looks = measure(games, args.viewer, args.every, args.deals, args.seed, theta)
    n = scores["uniform"].sums["all"][2]
    print(f"{len(games)} games, {looks} looks, {n} hidden cards; "
          "mean P(true card in its hand) / log-loss:")
    parts = ["all", "kept"] + sorted(k for k in scores["uniform"].sums if k not in ("all", "kept"))
    print(f"  {'':14s}" + "".join(f"{how:>18s}" for how in DEALINGS))
    for part in parts:
        count = scores["uniform"].sums[part][2]
        print(f"  {part:8s}{count:6d}" + "".join(f"{scores[how].line(part):>18s}" for how in DEALINGS))


if __name__ == "__main__":
    main()
