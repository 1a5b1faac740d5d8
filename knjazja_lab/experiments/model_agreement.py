"""How well does Hard's model of the other seats predict Normal?  A diagnostic, not a bot.

Hard's round look-ahead (`bots/rounds.py`) plays every seat with a quick Normal: one
dealt world per decision.  At a table of Normal bots that quick Normal is Hard's model of
its opponents, and a round it plays is only as telling as its moves are like theirs.
This plays games of four `normal` (game g: seed `game_seed(SEED, g)`) and, at every
decision with more than one legal action, asks each model what it would do in the same
observation; it prints how often each picks Normal's move, split into the seat's own
turns and the rest (answers in a war, reactions, bids), and each model's mean cost per
decision on this machine:

    .venv/bin/python -m knjazja_lab.experiments.model_agreement --games 3 --seed 301

The models: `sampled` is the quick Normal as Hard has used it (a draw valued in its one
world, by the one card drawn there), `exact` values a draw over every card it may bring
(`lookahead.draw_value`, as Normal does), the rest of the decision in one world.
"""
from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from knjazja_lab.arena import game_seed
from knjazja.bots.normal import NormalBot
from knjazja.engine import apply, legal_actions, new_game, observation
from knjazja.engine.actions import TURN


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=301)
    args = ap.parse_args()
    models = {"sampled": NormalBot(worlds=1, exact_draw=False),
              "exact": NormalBot(worlds=1, exact_draw=True)}
    same: Counter = Counter()
    decisions: Counter = Counter()
    cost: dict[str, float] = dict.fromkeys(models, 0.0)
    for g in range(args.games):
        gs = game_seed(args.seed, g)
        n = 4
        bots = [NormalBot() for _ in range(n)]
        rngs = [random.Random(f"{gs}:{i}") for i in range(n)]
        model_rng = random.Random(gs)
        s = new_game(n, gs)
        while not s.over:
            seat = s.decision.seat
            legal = legal_actions(s)
            if len(legal) == 1:
                apply(s, legal[0])
                continue
            obs = observation(s, seat)
            move = bots[seat].choose(obs, legal, rngs[seat])
            where = "turn" if s.decision.kind == TURN else "other"
            decisions[where] += 1
            for name, model in models.items():
                start = time.perf_counter()
                guess = model.choose(obs, legal, random.Random(model_rng.getrandbits(32)))
                cost[name] += time.perf_counter() - start
                same[(name, where)] += guess == move
            apply(s, move)
    total = sum(decisions.values())
    print(f"{args.games} games, {decisions['turn']} turns and {decisions['other']} other decisions")
    for name in models:
        print(f"{name:8s} same move as Normal: turns {same[(name, 'turn')] / decisions['turn']:.3f}, "
              f"other {same[(name, 'other')] / max(1, decisions['other']):.3f}; "
              f"{1000 * cost[name] / total:.2f} ms a decision")


if __name__ == "__main__":
    main()
