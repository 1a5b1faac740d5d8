"""Normal: one-ply look-ahead with the learned evaluation.

Every legal action is tried in worlds dealt from the seat's observation, the others'
immediate answers settled, and the result scored by the network from the seat's own
view (`lookahead.action_values`; a draw is valued exactly, over every card it may
bring); Normal takes the best.  A few worlds only, so it decides in milliseconds: it
sees what an action does at once (a city founded, a war begun, a card drawn), not how
the war will go — that is Hard's search.
"""
from __future__ import annotations

import random

from knjazja.engine import Action, Observation

from .idle import without_idle
from .lookahead import action_values
from .net import EvalNet, default_net
from .sense import Sense, adjust, focus, preset

DEFAULT_WORLDS = 3


class NormalBot:
    name = "normal"

    def __init__(self, worlds: int = DEFAULT_WORLDS, net: EvalNet | None = None,
                 sense: str | Sense | None = "pressing", read: bool = False,
                 exact_draw: bool = True) -> None:
        self.worlds = worlds
        self.exact_draw = exact_draw      # a draw valued over every card it may bring
        self.read = read                  # deal the others' kept cards with `reading`'s odds
        self.sense = preset(sense)        # which `bots.sense` rules narrow the choice
        self._net = net                   # None: the shipped network, loaded where it runs

    def choose(self, obs: Observation, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        legal = without_idle(obs, legal)          # no card played for nothing
        open_ = [legal[i] for i in focus(obs, legal, sense=self.sense)] \
            if self.sense is not None else legal
        if len(open_) == 1:
            return open_[0]
        net = self._net if self._net is not None else default_net()
        values = action_values(obs, open_, net, rng, self.worlds, read=self.read,
                               exact_draw=self.exact_draw)
        vals = adjust(obs, open_, values, self.sense)
        best = max(range(len(open_)), key=vals.__getitem__)
        if self.sense is not None and self.sense.probe:      # no war chosen: a sitter's open city
            from .press import probe
            war = probe(obs, open_, best, rng, vals, self.sense.probe)
            if war >= 0:
                return open_[war]
        return open_[best]
