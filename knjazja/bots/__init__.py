"""Bots: players that see only what their seat may see (never the GameState).

    from knjazja.bots import make_bot
    bot = make_bot("normal")
    action = bot.choose(observation(state, seat), legal_actions(state), rng)

Levels: random, easy, normal (one-ply look-ahead with the learned evaluation), hard
(Normal's best moves, each played on for a round: `rounds`); normal-classic and
hard-classic are the hand-written versions, kept for side-by-side arenas, and
hard-learned the tree search with the learned evaluation at its leaves (`hard.search`).
The evaluation: `features` (one seat's view as numbers), `net` (the network, pure
Python, weights in `data/eval.json`), `train` / `selfplay` / `model` (`knjazja train`,
numpy).  Also: `hints.rank_actions` (the Hard level's ranking for hints/review),
`thinker.Thinker` (background decisions), `arena.run_arena` (matches), `bench.bench_bots` (speed).
"""
from .base import ALL_KINDS, CLASSIC_KINDS, KINDS, Bot, RandomBot, make_bot

__all__ = ["ALL_KINDS", "CLASSIC_KINDS", "KINDS", "Bot", "RandomBot", "make_bot"]
