"""`knjazja bench bots`: what the bots cost on one core, on turn decisions of
Normal-classic-played 4-player games.

* the learned evaluation per call — features of one seat's view, and the network on
  them: cold (caches cleared before each call), warm (the same positions again) and in
  play (every position four Normals' look-aheads weigh in one game, in their order: what
  a bot pays) — next to one engine `apply`;
* Normal's decision time (p50/p95) and Hard's search iterations per second.

Timings are process CPU time, so that other programs on the machine disturb them less.
"""
from __future__ import annotations

import random
import time

from knjazja.engine import apply, legal_actions, new_game, observation
from knjazja.engine.actions import TURN

from knjazja.bots.features import Features, extract
from knjazja.bots.net import EvalNet, default_net
from knjazja.bots.normal import NormalBot
from knjazja.bots.view import View

from .arena import _pct
from .classic.normal import NormalClassicBot
from .learned import search


def positions(count: int = 8, seed: int = 1) -> list:
    """Turn decisions (three or more legal actions) of Normal-classic games."""
    rng = random.Random(seed)
    bot = NormalClassicBot()
    out = []
    for g in range(count):
        s = new_game(4, seed * 100 + g)
        stop = rng.randrange(15, 70)
        while not s.over and (s.turn_no < stop or s.decision.kind != TURN
                              or len(legal_actions(s)) < 3):
            la = legal_actions(s)
            apply(s, bot.choose(observation(s, s.decision.seat), la, rng))
        if not s.over:
            out.append(s)
    return out


def _per_call_us(fn, items, repeat: int) -> float:
    t0 = time.process_time()
    for _ in range(repeat):
        for x in items:
            fn(x)
    return (time.process_time() - t0) / (repeat * len(items)) * 1e6


class _Noting(EvalNet):
    """A network that notes every position it is asked to value."""

    def __init__(self, net: EvalNet) -> None:
        self.__dict__.update(net.__dict__)
        self.asked: list[Features] = []

    def value(self, f: Features) -> float:
        self.asked.append(f)
        return super().value(f)


def _asked_in_a_game(net: EvalNet, seed: int) -> list[Features]:
    """Every position four Normal bots, sharing one network as in the arena, ask it to
    value in one game, in their order."""
    noting = _Noting(net)
    bots = [NormalBot(net=noting) for _ in range(4)]
    rngs = [random.Random(seed * 10 + p) for p in range(4)]
    s = new_game(4, seed)
    while not s.over:
        seat = s.decision.seat
        apply(s, bots[seat].choose(observation(s, seat), legal_actions(s), rngs[seat]))
    return noting.asked


def bench_bots(iterations: int = 200, seed: int = 1) -> dict:
    states = positions(8, seed)
    net = default_net()
    views = [View.from_state(s, s.decision.seat) for s in states]
    feats = [extract(v) for v in views]
    clones = [(s.clone(), a) for s in states for a in legal_actions(s)]
    apply_us = _per_call_us(lambda ca: apply(ca[0].clone(), ca[1]), clones, 1)
    clone_us = _per_call_us(lambda ca: ca[0].clone(), clones, 1)

    def cold_value(f: Features) -> float:
        net.clear_caches()
        return net.value(f)

    res = {
        "features_us": round(_per_call_us(extract, views, 20), 1),
        "network_us_cold": round(_per_call_us(cold_value, feats, 20), 1),
        "network_us_warm": round(_per_call_us(net.value, feats, 50), 1),
        "engine_apply_us": round(apply_us - clone_us, 1),
        "engine_clone_us": round(clone_us, 1),
    }
    bot = NormalBot()
    times = []
    for i, s in enumerate(states * 3):
        obs, la = observation(s, s.decision.seat), legal_actions(s)
        t0 = time.process_time()
        bot.choose(obs, la, random.Random(i))
        times.append((time.process_time() - t0) * 1000)
    res["normal_ms_p50"] = round(_pct(times, 0.5), 2)
    res["normal_ms_p95"] = round(_pct(times, 0.95), 2)
    asked = _asked_in_a_game(net, seed)
    net.clear_caches()
    res["network_us_in_play"] = round(_per_call_us(net.value, asked, 1), 1)
    res["network_calls_in_play"] = len(asked)
    iters = 0
    t0 = time.process_time()
    for s in states:
        st = search(observation(s, s.decision.seat), legal_actions(s), random.Random(seed),
                    iterations=iterations)
        iters += st["iterations"]
    dt = time.process_time() - t0
    res["hard_iterations_per_s"] = round(iters / dt, 1) if dt > 0 else 0.0
    res["positions"] = len(states)
    return res
