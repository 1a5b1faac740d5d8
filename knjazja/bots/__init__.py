"""Bots: players that see only what their seat may see (never the GameState).

    from knjazja.bots import make_bot
    bot = make_bot("normal")
    action = bot.choose(observation(state, seat), legal_actions(state), rng)

Levels: random, easy, normal (one-ply heuristic), hard (information-set MCTS).
Also: `hints.rank_actions` (Hard's statistics for hints/review), `thinker.Thinker`
(background decisions), `arena.run_arena` / `arena.bench_bots` (matches, speed).
"""
from .base import KINDS, Bot, RandomBot, make_bot

__all__ = ["KINDS", "Bot", "RandomBot", "make_bot"]
