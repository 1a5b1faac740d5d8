"""Hard's round look-ahead: each candidate played on until the seat's next turn.

Normal sees what an action does at once; what the others then do with it — the war on
the city just founded, the Fire on the church just raised, the Invasion that ends the
game before the chronicle pays — it leaves to the network.  Here each of Normal's best
candidates is applied in a dealt world and the whole round is played out by a quick
Normal (one world per decision) for every seat, the bot's own answers included, until
the bot's next turn begins; the position reached is scored by the network from the
bot's view, or exactly once the game is over.

All candidates are compared on the same worlds with the same policy seed (common random
numbers), so the luck of the deal and of the round mostly cancels out of their
differences; worlds are added while the iteration budget and the time cap allow, and
always for every candidate at once, so no candidate is judged on fewer worlds.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable

from knjazja.engine import Action, GameState, Observation, apply, legal_actions
from knjazja.engine import observation
from knjazja.engine.actions import TURN

from .lookahead import evaluate
from .net import EvalNet
from .reading import deal

ROUND_LIMIT = 200            # decisions at most in one played-out round

# How a round's end is scored: (the position reached, the seat, the scoring network, the
# round's policy, the policy's seed) -> the seat's value.  None: the network (`evaluate`);
# the laboratory's "hard:ply" gives another (`knjazja_lab.factory`).
Leaf = Callable[[GameState, int, EvalNet, "QuickPolicy", int], float]


class QuickPolicy:
    """Normal with one world per decision: the model of every seat in a played-out round.
    Its draw is valued in that one world, by the one card drawn there (the laboratory's
    "hard:exact" models the seats with the draw valued exactly, as Normal values it)."""

    def __init__(self, net: EvalNet, read: bool = False) -> None:
        from .normal import NormalBot
        self.bot = NormalBot(worlds=1, net=net, read=read, exact_draw=False)

    def play(self, s: GameState, rng: random.Random) -> None:
        legal = legal_actions(s)
        seat = s.decision.seat
        apply(s, legal[0] if len(legal) == 1 else self.bot.choose(observation(s, seat), legal, rng))


def play_round(s: GameState, me: int, policy: QuickPolicy, rng: random.Random) -> None:
    """Play on until `me`'s next turn begins (or the game ends)."""
    left_my_turn = False
    for _ in range(ROUND_LIMIT):
        if s.over:
            return
        mine = s.decision.kind == TURN and s.decision.seat == me
        if mine and left_my_turn:
            return
        if not mine:
            left_my_turn = True
        policy.play(s, rng)


def round_values(obs: Observation, cands: list[Action], net: EvalNet, rng: random.Random,
                 max_worlds: int, deadline: float | None,
                 model_net: EvalNet | None = None, read: object = False,
                 model: type[QuickPolicy] = QuickPolicy, leaf: Leaf | None = None) -> tuple[list[float], int]:
    """Each candidate's mean value over the worlds played, and how many worlds.  `net`
    scores the positions reached (`leaf`: another scoring, given the round's policy and its
    seed); `model_net` (default: `net`) drives the `model` policy that plays every seat in
    the round; `read` deals the others' kept cards with `reading.HOLD_ODDS`, or (a
    `knjazja_lab.belief.belief.Belief`, the laboratory's `hard:notes`) by the table's notes,
    `reading.deal`; the quick Normal then reads the kept counts (a world's notes are those of the decision)."""
    policy = model(model_net if model_net is not None else net, bool(read))
    total = [0.0] * len(cands)
    worlds = 0
    while worlds < max_worlds:
        if worlds and deadline is not None and time.perf_counter() >= deadline:
            break
        world = deal(obs, rng, read)
        legal_actions(world)                  # computed once: each clone keeps it
        policy_seed = rng.getrandbits(32)
        for i, a in enumerate(cands):
            s = world.clone()
            apply(s, a)
            play_round(s, obs.seat, policy, random.Random(policy_seed))
            total[i] += (evaluate(s, obs.seat, net) if leaf is None
                         else leaf(s, obs.seat, net, policy, policy_seed))
        worlds += 1
    return [t / worlds for t in total], worlds


def judge_by_rounds(obs: Observation, legal: list[Action], net: EvalNet, rng: random.Random,
                    max_worlds: int, deadline: float | None, top_k: int = 4,
                    margin: float = 0.15, prior_weight: float = 2.0,
                    model_net: EvalNet | None = None, read: object = False,
                    model: type[QuickPolicy] = QuickPolicy, leaf: Leaf | None = None,
                    edge: list[float] | None = None
                    ) -> tuple[list[float], list[int], list[float]]:
    """Normal's value of every action in `legal`, the indices of the candidates (Normal's
    best `top_k` within `margin`), and each candidate's score: the round look-ahead's
    mean shrunk towards Normal's value by `prior_weight` worlds' worth (a lone candidate
    keeps Normal's value).  `edge` (the sense's leans, `sense.edges`) is added to Normal's
    values before the candidates are picked and to the rounds' means."""
    from .hard import root_candidates
    values, _, idx, _ = root_candidates(obs, legal, net, rng, top_k, margin, worlds=3, tau=1.0,
                                        read=read, edge=edge)
    if len(idx) == 1:
        return values, idx, [values[idx[0]]]
    means, worlds = round_values(obs, [legal[i] for i in idx], net, rng, max_worlds, deadline,
                                  model_net, read, model, leaf)
    if edge is not None:
        means = [m + edge[i] for m, i in zip(means, idx)]
    score = [(worlds * m + prior_weight * values[i]) / (worlds + prior_weight)
             for m, i in zip(means, idx)]
    return values, idx, score


def choose_by_rounds(obs: Observation, legal: list[Action], net: EvalNet, rng: random.Random,
                     max_worlds: int, deadline: float | None, **kw) -> Action:
    """Normal's values pick the candidates; the round look-ahead decides among them
    (`judge_by_rounds`, whose keywords it takes)."""
    _, idx, score = judge_by_rounds(obs, legal, net, rng, max_worlds, deadline, **kw)
    return legal[idx[max(range(len(idx)), key=lambda k: (score[k], -k))]]
