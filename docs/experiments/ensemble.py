"""Two evaluation networks averaged, written as one: is a pair of networks a better judge?

The strength u_r and the Glory head of each network are linear in its hidden units, so
their mean is itself a network of the same form: both hidden layers side by side (the
hidden size is the sum), the output weights halved, the output biases averaged.  The
result is an ordinary weights file that any `normal@FILE` / `hard@FILE` seat can use;
its cost per call is that of both networks together.

    .venv/bin/python docs/experiments/ensemble.py knjazja/bots/data/eval.json \
        /tmp/other.json --out /tmp/ens.json
    .venv/bin/python docs/experiments/paired.py --a normal --b normal@/tmp/ens.json \
        --others normal-classic,normal-classic,normal-classic --games 600 --seeds 101,102,103 \
        --out /tmp/ens.p0.jsonl --part 0 --parts 2

Before writing, it checks on the positions of one four-Normal game that the merged
network's heads are the mean of the two (to rounding).
"""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from knjazja.bots import net
from knjazja.bots.base import make_bot
from knjazja.bots.features import extract
from knjazja.bots.view import View
from knjazja.engine import apply, legal_actions, new_game, observation


def merge(a: dict, b: dict) -> dict:
    """The network whose heads are the mean of `a`'s and `b`'s."""
    out = {k: a[k] for k in ("format", "version", "feature_version", "feature_names") if k in a}
    out["hidden"] = a["hidden"] + b["hidden"]
    for key in ("Ws", "Wg", "Wh"):
        out[key] = [ra + rb for ra, rb in zip(a[key], b[key])]
    out["b1"] = a["b1"] + b["b1"]
    for key in ("w2", "w3"):
        out[key] = [x / 2 for x in a[key]] + [x / 2 for x in b[key]]
    for key in ("b2", "b3"):
        out[key] = (a[key] + b[key]) / 2
    out["train"] = {"ensemble_of": [a.get("train", {}), b.get("train", {})]}
    return out


def heads_gap(na: net.EvalNet, nb: net.EvalNet, nm: net.EvalNet, f) -> float:
    """How far `nm`'s heads are from the mean of `na`'s and `nb`'s on features `f`."""
    (ua, ga), (ub, gb), (um, gm) = na.heads(f), nb.heads(f), nm.heads(f)
    return max(abs((x + y) / 2 - z) for x, y, z in zip(ua + ga, ub + gb, um + gm))


def _check(a: dict, b: dict, m: dict) -> int:
    """Compare the heads on every position of one bot game; returns positions checked."""
    na, nb, nm = net.EvalNet(a), net.EvalNet(b), net.EvalNet(m)
    s = new_game(4, 5)
    bots = [make_bot("normal") for _ in range(4)]
    rng = random.Random(5)
    checked = 0
    while not s.over:
        seat = s.decision.seat
        obs = observation(s, seat)
        if heads_gap(na, nb, nm, extract(View.from_obs(obs))) > 1e-9:
            raise SystemExit(f"merged heads differ at position {checked}")
        checked += 1
        apply(s, bots[seat].choose(obs, legal_actions(s), rng))
    return checked


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("a", type=Path)
    ap.add_argument("b", type=Path)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    a, b = (json.loads(p.read_text("utf-8")) for p in (args.a, args.b))
    for d in (a, b):
        net.check(d)
    m = merge(a, b)
    n = _check(a, b, m)
    args.out.write_text(json.dumps(m), "utf-8")
    print(f"{args.out}: {m['hidden']} hidden units, heads checked on {n} positions")


if __name__ == "__main__":
    main()
