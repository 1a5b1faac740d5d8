"""The search tree shared by Hard and Hard-classic (single-observer ISMCTS).

`Root` keeps the statistics of the root's candidate actions (all legal in every dealt
world); `descend` walks the tree below one of them in a dealt world, choosing among
the actions available *in that world* by UCB with availability counts, and expands one
new node, chosen by the rule-of-thumb policy.  Every node keeps the reward of the seat
that moved into it, so each seat picks its own best replies in the tree.
"""
from __future__ import annotations

import math
import random

from knjazja.engine import Action, apply, legal_actions

from knjazja.bots.rules_of_thumb import fast_choose


class Node:
    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class Root:
    """Root statistics: visits, reward sums and squares per candidate."""

    def __init__(self, k: int) -> None:
        self.n = [0] * k
        self.w = [0.0] * k
        self.w2 = [0.0] * k
        self.children = [Node() for _ in range(k)]

    def select(self, it: int, prior: list[float], c_uct: float, bias: float) -> int:
        logt = math.log(it + 1)
        best_i, best_u = 0, -1e9
        for i, ni in enumerate(self.n):
            if ni == 0:
                u = 1e6 + prior[i]
            else:
                u = self.w[i] / ni + c_uct * math.sqrt(logt / ni) + bias * prior[i] / (1 + ni)
            if u > best_u:
                best_i, best_u = i, u
        return best_i

    def update(self, i: int, r: float) -> None:
        self.n[i] += 1
        self.w[i] += r
        self.w2[i] += r * r
        self.children[i].visits += 1


def descend(det, node: Node, max_depth: int, c_uct: float, rng: random.Random) -> list:
    """Walk the tree below a root candidate (UCB with availability counts), expanding one
    node; returns the path as (node, seat that moved into it)."""
    path: list[tuple[Node, int]] = []
    depth = 1
    while depth < max_depth and not det.over:
        la = legal_actions(det)
        if len(la) == 1:
            apply(det, la[0])
            continue
        seat = det.decision.seat
        for a in la:
            ch = node.children.get(a)
            if ch is not None:
                ch.avail += 1
        pick = fast_choose(det, la, rng)
        if pick not in node.children:
            ch = node.children[pick] = Node()
            ch.avail = 1
            apply(det, pick)
            path.append((ch, seat))
            break
        best_a, best_u = pick, -1e9
        for a in la:
            ch = node.children.get(a)
            if ch is None or ch.visits == 0:
                continue
            u = ch.total / ch.visits + c_uct * math.sqrt(math.log(ch.avail + 1) / ch.visits)
            if u > best_u:
                best_a, best_u = a, u
        node = node.children[best_a]
        apply(det, best_a)
        path.append((node, seat))
        depth += 1
    return path


def back_up(root: Root, i: int, path: list, rewards: list[float], me: int) -> None:
    """One iteration's rewards: to the root's candidate ``i`` as ``me`` values them, and to
    each node on ``path`` as the seat that chose there values them."""
    root.update(i, rewards[me])
    for nd, seat in path:
        nd.visits += 1
        nd.total += rewards[seat]
