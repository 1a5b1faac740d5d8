"""The classic Hard's leaf evaluation: every seat's final Glory estimated by formulas, and
the win chances it gives (was the second half of `classic/fast.py`)."""
from __future__ import annotations

import math

from .citystat import ATTACKABLE, CHR_GLORY
from knjazja.engine import GameState
from knjazja.engine.cards import CARD_ID, CARDS, IS_MILITIA, KIND, SCORES_TROOP, STRENGTH
from knjazja.engine.scoring import chronicle_glory


# --- leaf evaluation --------------------------------------------------------------------------
HAND_WORTH = {"building": 1.2, "chronicle": 1.5, "event": 1.0}   # a city: by its Glory


def leaf_values(s: GameState, hazard: float = 0.06, draw_rate: float = 0.55) -> list[float]:
    """Estimated final Glory of every seat in a (determinized) state."""
    n = s.n
    if s.end_turn is not None:
        t_left = max(0, s.end_turn - s.turn_no)
    else:
        t_left = int(len(s.deck) / draw_rate) + n
    rounds = t_left / n
    risk = [1.0 - math.exp(-hazard * ATTACKABLE[ws] * rounds) for ws in range(11)]
    U = [0.0] * n
    for c in s.cities.values():
        g = c.glory()
        if g > 0:
            attract = min(1.0, 0.4 + 0.6 * g / 8.0)
            U[c.owner] += g * (1.0 - risk[min(c.wall_strength, 10)] * attract)
    rf = 0.3 + 0.7 * min(1.0, rounds / 3.0)
    for t in range(n):
        for ch in s.chronicles[t]:
            if SCORES_TROOP[ch]:             # Byzantine Aid: the engine's rule
                U[t] += chronicle_glory(ch, s.under)
            else:
                U[t] += CHR_GLORY.get(CARD_ID[ch], 0.0)
        R = rounds
        act = []
        react = 0.0
        for card in s.hands[t]:
            kind = KIND[card]
            if kind == "troop":
                react += (0.5 + 0.25 * STRENGTH[card] if not IS_MILITIA[card] else 1.2) * rf
            elif kind == "city":
                act.append(CARDS[card].glory * 0.9)
            else:
                act.append(HAND_WORTH[kind])
        act.sort(reverse=True)
        U[t] += 0.8 * sum(act[:int(R)]) + react
    return U


def win_probs(U: list[float], rounds: float) -> list[float]:
    temp = 1.5 + 0.35 * rounds
    m = max(U)
    e = [math.exp((u - m) / temp) for u in U]
    z = sum(e)
    return [x / z for x in e]
