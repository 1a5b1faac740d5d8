"""What a move cost at the end of the game, not one ply on: the review's costliest moves.

From a seat's observation, deal the hidden cards many times (`determinize`: never the true
hidden cards), and in each deal play the given moves one after the other on copies of the
same world, then the rest of the game with the fast rule-of-thumb policy for every seat
(`rules_of_thumb.fast_choose`, about 0.1 ms a decision) on the same random numbers — common
random numbers, so the two moves' difference is far less noisy than either's result.
Each playout ends in the seat's final margin: its Glory less the best other prince's.

`EndCost` runs that as a bot decision, so the review computes it in its background
`Thinker` like the Hint's ranking; its "choice" is [(move, mean final margin)] in the
order given.
"""
from __future__ import annotations

import random

from knjazja.engine import Action, GameState, IllegalAction, Observation, apply, determinize, final_scores
from knjazja.engine import legal_actions

from .rules_of_thumb import fast_choose

PLAYOUTS = 32          # deals per move compared (each move is played in every deal)
MAX_ACTIONS = 4000     # a playout is cut off after this many decisions (none comes near it)


def margin(s: GameState, seat: int) -> int:
    """``seat``'s Glory less the best other prince's, as the game would score now."""
    scores = final_scores(s)
    return scores[seat] - max(scores[t] for t in range(s.n) if t != seat)


def play_out(s: GameState, rng: random.Random) -> None:
    """Play ``s`` to its end with the fast policy for every seat."""
    made = 0
    while not s.over and made < MAX_ACTIONS:
        legal = legal_actions(s)
        apply(s, legal[0] if len(legal) == 1 else fast_choose(s, legal, rng))
        made += 1


def end_margins(obs: Observation, moves: list[Action], rng: random.Random,
                playouts: int = PLAYOUTS) -> list[float]:
    """The seat's mean final margin after each of ``moves``, over ``playouts`` deals shared
    by all of them (a move the deal does not allow scores as the deal's worst)."""
    totals = [0.0] * len(moves)
    for _ in range(playouts):
        world = determinize(obs, random.Random(rng.getrandbits(64)))
        seed = rng.getrandbits(64)
        found: list[float | None] = []
        for a in moves:
            s = world.clone()
            s.rng = random.Random(seed)       # the game's own chance, the same for every move
            try:
                apply(s, a)
            except IllegalAction:
                found.append(None)
                continue
            play_out(s, random.Random(seed))
            found.append(float(margin(s, obs.seat)))
        worst = min((m for m in found if m is not None), default=0.0)
        for i, m in enumerate(found):
            totals[i] += worst if m is None else m
    return [t / max(1, playouts) for t in totals]


class EndCost:
    """A `Thinker` bot whose decision is [(move, mean final margin)] for the given moves."""
    name = "endcost"
    needs_process = True       # the playouts take seconds: a worker process (`Thinker`)

    def __init__(self, playouts: int = PLAYOUTS) -> None:
        self.playouts = playouts

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> list[tuple[Action, float]]:
        return list(zip(legal, end_margins(obs, legal, rng, self.playouts)))
