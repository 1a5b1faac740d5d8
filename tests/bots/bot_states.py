"""Mid-game states for bot tests: seeded playouts stopped at every kind of decision."""
from __future__ import annotations

import random

from knjazja.engine import apply, legal_actions, new_game
from knjazja.engine.actions import TURN


def playout_states(n_players: int, seed: int, count: int, policy: str = "random",
                   max_actions: int = 400) -> list:
    """Up to `count` cloned states with more than one legal action, taken along seeded
    playouts (random legal moves, or Normal's, which makes more wars and late games).
    Non-turn decisions (wars, reactions, bids) are favoured so that every kind shows up."""
    from knjazja.bots import make_bot
    from knjazja.engine import observation
    rng = random.Random(seed)
    bot = make_bot("normal") if policy == "normal" else None
    out: list = []
    game = 0
    while len(out) < count and game < 50:
        s = new_game(n_players, seed * 101 + game)
        game += 1
        acts = 0
        while not s.over and acts < max_actions and len(out) < count:
            la = legal_actions(s)
            if len(la) > 1 and acts > 3:
                p = 0.5 if s.decision.kind != TURN else 0.06
                if rng.random() < p:
                    out.append(s.clone())
            if bot is not None and rng.random() < 0.8:
                a = bot.choose(observation(s, s.decision.seat), la, rng)
            else:
                a = la[rng.randrange(len(la))]
            apply(s, a)
            acts += 1
    return out
