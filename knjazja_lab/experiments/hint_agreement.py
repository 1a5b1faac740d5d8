"""Is the Hint the move Hard would make?  A diagnostic, not a bot.

The Hint button and the post-game review rank the legal actions with
`bots.hints.rank_actions`.  This plays games of four `normal` (game g: seed
`game_seed(SEED, g)`) and, at every third of the seats' own turns with more than one
legal action, asks:

* the Hard level (8 worlds, no time cap, so the same on every machine) with one
  generator, and again with another: how often Hard agrees with itself when only the
  dealt worlds change — the most any other judge can agree with it;
* the first move of the ranking as the review makes it (`app.analysis.WORLDS` worlds,
  the second generator): how often it is Hard's move;
* Normal: how often Normal's move is Hard's;

and times that ranking, and the Hint as the table asks for it (Hard's own budget: worlds
by the game's phase, with its time cap):

    .venv/bin/python -m knjazja_lab.experiments.hint_agreement --games 4 --seed 700
"""
from __future__ import annotations

import argparse
import random
import time

from knjazja.app.advice.analysis import WORLDS
from knjazja_lab.arena import game_seed
from knjazja.bots.hard import hard_level
from knjazja.bots.hints import rank_actions
from knjazja.bots.normal import NormalBot
from knjazja.engine import apply, legal_actions, new_game, observation
from knjazja.engine.actions import TURN

OTHER = 10**6          # the second generator's offset: other dealt worlds


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))] if xs else 0.0


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=700)
    args = ap.parse_args(argv)
    hard = hard_level(iterations=8)
    normal = NormalBot()
    turns = hard_self = hint_hard = normal_hard = 0
    hint_s: list[float] = []
    review_s: list[float] = []
    for g in range(args.games):
        s = new_game(4, game_seed(args.seed, g))
        players = [NormalBot() for _ in range(4)]
        rng = random.Random(g)
        k = 0
        while not s.over:
            obs, legal = observation(s, s.decision.seat), legal_actions(s)
            if s.decision.kind == TURN and len(legal) > 1 and k % 3 == 0:
                choice = hard.choose(obs, legal, random.Random(k))
                hard_self += hard.choose(obs, legal, random.Random(k + OTHER)) == choice
                t0 = time.perf_counter()
                hint = rank_actions(obs, legal, WORLDS, random.Random(k + OTHER))[0][0]
                review_s.append(time.perf_counter() - t0)
                hint_hard += hint == choice
                normal_hard += normal.choose(obs, legal, random.Random(k)) == choice
                t0 = time.perf_counter()
                rank_actions(obs, legal, None, random.Random(k))
                hint_s.append(time.perf_counter() - t0)
                turns += 1
            k += 1
            apply(s, players[s.decision.seat].choose(obs, legal, rng))
    if not turns:
        raise SystemExit("no turn with a choice was played")
    print(f"{turns} turns in {args.games} games: Hard's move on other worlds {hard_self / turns:.0%}, "
          f"the review's first {hint_hard / turns:.0%}, Normal's {normal_hard / turns:.0%}")
    print(f"the Hint (Hard's budget): p50 {_pct(hint_s, .5):.2f} s, p95 {_pct(hint_s, .95):.2f} s; "
          f"a review point ({WORLDS} worlds): p50 {_pct(review_s, .5):.2f} s, "
          f"p95 {_pct(review_s, .95):.2f} s")


if __name__ == "__main__":
    main()
