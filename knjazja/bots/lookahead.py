"""One-ply look-ahead with the learned evaluation (Normal's move choice, Hard's priors).

Each legal action is applied in a world dealt from the seat's observation, and the
rest of the turn is played out by the rule-of-thumb policy (`classic.fast`) — the
answers of other seats (a reaction, a defence, the rest of a Dowry round) and, in a
war, the further attacks — until the next turn begins; the position reached, a quiet
one, is scored by the network from the seat's own view.  The features ignore the
hidden cards, so an action whose result does not depend on them (found a city, build,
lay a chronicle) needs one world; a draw, an event or a fight is averaged over
`worlds` worlds (a war over twice as many), dealt with the same generator for every
action (common random numbers: the actions are compared on the same deals).
"""
from __future__ import annotations

import random

from knjazja.engine import Action, GameState, Observation, apply, determinize, legal_actions
from knjazja.engine.actions import DECLARE_WAR, DRAW, EVENT, TURN

from .classic.fast import fast_choose
from .features import extract
from .net import EvalNet
from .view import View

SETTLE_LIMIT = 60            # answers settled at most (a war has a handful)


def settle(s: GameState, rng: random.Random) -> int:
    """Play on with the rule-of-thumb policy until a turn begins (or the game ends).
    Returns how many decisions were made."""
    made = 0
    while not s.over and made < SETTLE_LIMIT and s.decision.kind != TURN:
        la = legal_actions(s)
        apply(s, la[0] if len(la) == 1 else fast_choose(s, la, rng))
        made += 1
    return made


def evaluate(s: GameState, me: int, net: EvalNet) -> float:
    """P(`me` wins) in state `s`, read from `me`'s view (exact once the game is over)."""
    if s.over:
        from knjazja.engine.scoring import final_scores
        sc = final_scores(s)
        best = max(sc)
        return (1.0 / sc.count(best)) if sc[me] == best else 0.0
    return net.value(extract(View.from_state(s, me)))


def action_values(obs: Observation, legal: list[Action], net: EvalNet, rng: random.Random,
                  worlds: int = 4, refine: int = 4) -> list[float]:
    """P(win) after each legal action.  Every action is tried in two worlds (one when
    its result cannot depend on the hidden cards); then the `refine` best actions whose
    results do depend on them get up to `worlds` worlds (a war twice as many)."""
    me = obs.seat
    worlds = max(2, worlds)
    deals = [determinize(obs, rng) for _ in range(2 * worlds)]
    for world in deals:
        legal_actions(world)              # computed once: every clone of the world keeps it
    policy_rng = random.Random(rng.getrandbits(32))   # the policy hardly draws on it
    total = [0.0] * len(legal)
    used = [0] * len(legal)
    chancy = []

    def run(i: int, w: int) -> int:
        s = deals[w].clone()
        apply(s, legal[i])
        made = settle(s, policy_rng)
        total[i] += evaluate(s, me, net)
        used[i] += 1
        return made

    for i, a in enumerate(legal):
        if run(i, 0) or a.kind == DRAW or a.kind == EVENT:
            chancy.append(i)
            run(i, 1)
    chancy.sort(key=lambda i: (-total[i] / used[i], i))
    for i in chancy[:refine]:
        limit = 2 * worlds if legal[i].kind == DECLARE_WAR or obs.war is not None else worlds
        for w in range(used[i], limit):
            run(i, w)
    return [total[i] / used[i] for i in range(len(legal))]
