"""Hard's paired search: the candidates compared on the same dealt worlds.

Each round deals one world from the observation and plays every surviving candidate in
it — the candidate, then the rule-of-thumb policy for a short horizon with the same
policy seed — and scores each end position with the network from the bot's own view.
Comparing candidates world by world (common random numbers) removes the luck of the
deal from their differences, which is most of the noise; a candidate whose mean paired
difference to the leader falls clearly below zero is dropped, so the rounds go to the
moves still in question.
"""
from __future__ import annotations

import math
import random
import time

from knjazja.engine import Action, Observation, apply, determinize, legal_actions
from knjazja.engine.actions import TURN

from knjazja.bots.rules_of_thumb import fast_choose
from knjazja.bots.net import EvalNet

DROP_Z = 2.5          # standard errors below the leader that drop a candidate
CHECK_EVERY = 4       # rounds between checks (after the first 8)


def play_out(s, horizon: int, rng: random.Random) -> None:
    """The rule-of-thumb policy for `horizon` turns, then on to the next turn's start."""
    limit = s.turn_no + horizon
    while not s.over and (s.turn_no < limit or s.decision.kind != TURN):
        la = legal_actions(s)
        apply(s, la[0] if len(la) == 1 else fast_choose(s, la, rng))


def paired_search(obs: Observation, cands: list[Action], rng: random.Random, net: EvalNet,
                  leaf, iterations: int | None, deadline: float | None, horizon: int) -> dict:
    """Rounds of worlds until `iterations` playouts or the deadline; per candidate
    (visits, mean reward) with the dropped ones kept at their last estimate."""
    me = obs.seat
    k = len(cands)
    rewards: list[list[float]] = [[] for _ in range(k)]
    alive = list(range(k))
    it = rounds = 0
    while len(alive) > 1:
        if iterations is not None and it + len(alive) > iterations and rounds:
            break
        if deadline is not None and time.perf_counter() >= deadline and rounds:
            break
        world = determinize(obs, rng)
        legal_actions(world)              # once: every clone keeps it
        seed = rng.getrandbits(32)
        for i in alive:
            s = world.clone()
            apply(s, cands[i])
            play_out(s, horizon, random.Random(seed))
            rewards[i].append(leaf(s, me, net)[me])
            it += 1
        rounds += 1
        if rounds >= 8 and rounds % CHECK_EVERY == 0:
            alive = _survivors(alive, rewards)
    return {"iterations": it, "rounds": rounds, "alive": alive,
            "candidates": [(cands[i], len(rewards[i]),
                            sum(rewards[i]) / len(rewards[i]) if rewards[i] else 0.0)
                           for i in range(k)]}


def _survivors(alive: list[int], rewards: list[list[float]]) -> list[int]:
    m = len(rewards[alive[0]])
    means = {i: sum(rewards[i]) / m for i in alive}
    lead = max(alive, key=lambda i: (means[i], -i))
    keep = []
    for i in alive:
        if i == lead:
            keep.append(i)
            continue
        d = [a - b for a, b in zip(rewards[i], rewards[lead])]
        mean = sum(d) / m
        var = max(1e-8, sum((x - mean) ** 2 for x in d) / (m - 1))
        if mean + DROP_Z * math.sqrt(var / m) >= 0.0:
            keep.append(i)
    return keep
