"""Evaluation networks averaged, written as one: are two or three networks a better judge?

The strength u_r and the Glory head of each network are linear in its hidden units, so
their mean is itself a network of the same form: the hidden layers side by side (the
hidden size is the sum), the output weights divided by their number, the output biases
averaged.  The result is an ordinary weights file that any `normal@FILE` / `hard@FILE`
seat can use; its cost per call is that of the networks together.

    .venv/bin/python -m knjazja_lab.experiments.ensemble knjazja/bots/data/eval.json \
        /tmp/other.json --out /tmp/ens.json
    .venv/bin/python -m knjazja_lab.experiments.paired --a normal --b normal@/tmp/ens.json \
        --others normal-classic,normal-classic,normal-classic --games 600 --seeds 101,102,103 \
        --out /tmp/ens.p0.jsonl --part 0 --parts 2

Before writing, it checks on the positions of one four-Normal game that the merged
network's heads are the mean of theirs (to rounding).
"""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from knjazja.bots import net
from knjazja_lab.factory import make_bot
from knjazja.bots.features import extract
from knjazja.bots.view import View
from knjazja.engine import apply, legal_actions, new_game, observation


def merge(*nets: dict) -> dict:
    """The network whose heads are the mean of the heads of `nets` (two or more)."""
    n, first = len(nets), nets[0]
    out = {k: first[k] for k in ("format", "version", "feature_version", "feature_names")
           if k in first}
    out["hidden"] = sum(d["hidden"] for d in nets)
    for key in ("Ws", "Wg", "Wh"):
        out[key] = [sum(rows, []) for rows in zip(*(d[key] for d in nets))]
    out["b1"] = sum((d["b1"] for d in nets), [])
    for key in ("w2", "w3"):
        out[key] = sum(([x / n for x in d[key]] for d in nets), [])
    for key in ("b2", "b3"):
        out[key] = sum(d[key] for d in nets) / n
    out["train"] = {"ensemble_of": [d.get("train", {}) for d in nets]}
    return out


def heads_gap(parts: list[net.EvalNet], merged: net.EvalNet, f) -> float:
    """How far `merged`'s heads are from the mean of the heads of `parts` on features `f`."""
    heads = [u + g for u, g in (p.heads(f) for p in parts)]
    um, gm = merged.heads(f)
    return max(abs(sum(col) / len(parts) - z) for col, z in zip(zip(*heads), um + gm))


def _check(nets: list[dict], m: dict) -> int:
    """Compare the heads on every position of one bot game; returns positions checked."""
    parts, nm = [net.EvalNet(d) for d in nets], net.EvalNet(m)
    s = new_game(4, 5)
    bots = [make_bot("normal") for _ in range(4)]
    rng = random.Random(5)
    checked = 0
    while not s.over:
        seat = s.decision.seat
        obs = observation(s, seat)
        if heads_gap(parts, nm, extract(View.from_obs(obs))) > 1e-9:
            raise SystemExit(f"merged heads differ at position {checked}")
        checked += 1
        apply(s, bots[seat].choose(obs, legal_actions(s), rng))
    return checked


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("weights", type=Path, nargs="+", help="two or more weights files")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    if len(args.weights) < 2:
        ap.error("give two weights files or more")
    nets = [json.loads(p.read_text("utf-8")) for p in args.weights]
    for d in nets:
        net.check(d)
    m = merge(*nets)
    n = _check(nets, m)
    args.out.write_text(json.dumps(m), "utf-8")
    print(f"{args.out}: {m['hidden']} hidden units, heads checked on {n} positions")


if __name__ == "__main__":
    main()
