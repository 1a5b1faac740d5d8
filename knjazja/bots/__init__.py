"""Bots: players that see only what their seat may see (never the GameState).

    from knjazja.bots import make_bot
    bot = make_bot("normal")
    action = bot.choose(observation(state, seat), legal_actions(state), rng)

The shipped bots: random, easy, normal (one-ply look-ahead with the learned evaluation)
and hard (Normal's best moves, each played on for a round: `hard`, `rounds`).  The
evaluation: `features` (one seat's view as numbers) and `net` (the network, pure Python,
weights in `data/eval.json`); `rules_of_thumb` plays the others' answers in the
look-aheads.  Also: `hints.rank_actions` (the Hard level's ranking for the Hint and the
review, run by `advisor.HintAdvisor`), `endcost` (the review's end cost) and
`thinker.Thinker` (decisions off the UI thread).

Arenas, variants, training, self-play, the classic bots and the experiments are the
laboratory's (`knjazja_lab/` in a checkout, not in the wheel nor the executable).
"""
from .base import KINDS, Bot, RandomBot, make_bot

__all__ = ["KINDS", "Bot", "RandomBot", "make_bot"]
