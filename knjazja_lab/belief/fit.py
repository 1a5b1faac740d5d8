"""Fitting the reading's log-odds (`knjazja_lab.belief.belief.FEATURES`) on kept games (numpy).

Each `Sample` (a group of one prince's unknown places, seen from one seat) is a choice
among the cards that seat cannot place: the true cards of the group were chosen, each with
probability exp(its log-weight) over the pool's sum (a conditional logit, the first draw of
the dealing `knjazja_lab.belief.belief.Belief` does).  The log-weights are linear in the features, so the
log-likelihood is concave; it is maximised with Adam, with a small L2 pull towards 0 (no
note: the uniform deal), and the epoch with the best held-out likelihood is kept.

    .venv/bin/python -m knjazja_lab.belief.fit /tmp/belief/n4_train.p*.jsonl \\
        --out knjazja_lab/belief/belief.json
"""
from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

import numpy as np

from knjazja_lab.belief.belief import FEATURES

from .corpus import load
from .samples import Sample, game_samples


class Design:
    """Samples as arrays: unique feature rows per sample with their pool multiplicity and
    true count, and the rows' features as (row, feature, count) triples."""

    def __init__(self, samples: list[Sample]) -> None:
        nz_row: list[int] = []
        nz_col: list[int] = []
        nz_val: list[float] = []
        row_sample: list[int] = []
        mult: list[int] = []
        true: list[int] = []
        sizes: list[int] = []
        for i, smp in enumerate(samples):
            sizes.append(smp.size)
            truth = set(smp.truth)
            rows: dict[tuple, int] = {}
            for c in smp.pool:
                key = tuple(sorted(Counter(smp.features[c]).items()))
                r = rows.get(key)
                if r is None:
                    r = rows[key] = len(mult)
                    row_sample.append(i)
                    mult.append(0)
                    true.append(0)
                    for f, v in key:
                        nz_row.append(r)
                        nz_col.append(f)
                        nz_val.append(v)
                mult[r] += 1
                if c in truth:
                    true[r] += 1
        self.nz_row = np.asarray(nz_row, dtype=np.int64)
        self.nz_col = np.asarray(nz_col, dtype=np.int64)
        self.nz_val = np.asarray(nz_val, dtype=np.float64)
        self.row_sample = np.asarray(row_sample, dtype=np.int64)
        self.mult = np.asarray(mult, dtype=np.float64)
        self.true = np.asarray(true, dtype=np.float64)
        self.sizes = np.asarray(sizes, dtype=np.float64)
        self.starts = np.flatnonzero(np.r_[True, np.diff(self.row_sample) != 0])

    def loss_grad(self, theta: np.ndarray) -> tuple[float, np.ndarray]:
        """Minus the mean log-likelihood per true card, and its gradient."""
        logit = np.bincount(self.nz_row, weights=self.nz_val * theta[self.nz_col],
                            minlength=len(self.mult))
        top = np.maximum.reduceat(logit, self.starts)[self.row_sample]
        e = self.mult * np.exp(logit - top)
        z = np.add.reduceat(e, self.starts)
        lse = np.log(z) + np.maximum.reduceat(logit, self.starts)
        n_true = self.true.sum()
        ll = float(self.true @ logit - self.sizes @ lse)
        p = e / z[self.row_sample]
        coef = self.sizes[self.row_sample] * p - self.true
        grad = np.bincount(self.nz_col, weights=self.nz_val * coef[self.nz_row],
                           minlength=len(theta))
        return -ll / n_true, grad / n_true


def collect(games: list[dict], every: int) -> list[Sample]:
    out: list[Sample] = []
    for g in games:
        for _, samples in game_samples(g, viewers=[0], every=every):
            out += [x for x in samples if x.size > 0 and x.truth]
    return out


def fit(train: Design, held: Design, steps: int = 400, lr: float = 0.05,
        l2: float = 1e-4) -> tuple[np.ndarray, list[tuple[int, float, float]]]:
    """Adam on the training design; the held-out best epoch's weights and the trace."""
    theta = np.zeros(len(FEATURES))
    m = np.zeros_like(theta)
    v = np.zeros_like(theta)
    best, best_theta, trace = np.inf, theta.copy(), []
    for step in range(1, steps + 1):
        loss, grad = train.loss_grad(theta)
        grad = grad + l2 * theta
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        theta = theta - lr * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
        if step % 10 == 0 or step == steps:
            held_loss, _ = held.loss_grad(theta)
            trace.append((step, loss, held_loss))
            if held_loss < best:
                best, best_theta = held_loss, theta.copy()
    return best_theta, trace


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="+", type=Path, help="corpus files (corpus.py)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--every", type=int, default=2, help="every N-th turn of the viewer")
    ap.add_argument("--held", type=float, default=0.15, help="share of games held out")
    ap.add_argument("--steps", type=int, default=400)
    ap.add_argument("--l2", type=float, default=1e-4)
    args = ap.parse_args(argv)
    games = load(args.games)
    cut = int(len(games) * (1 - args.held))
    train, held = Design(collect(games[:cut], args.every)), Design(collect(games[cut:], args.every))
    zero = np.zeros(len(FEATURES))
    print(f"{cut} games to fit, {len(games) - cut} held out; "
          f"uniform: {train.loss_grad(zero)[0]:.4f} / {held.loss_grad(zero)[0]:.4f}")
    theta, trace = fit(train, held, args.steps, l2=args.l2)
    for step, loss, held_loss in trace[::5] + trace[-1:]:
        print(f"  step {step}: {loss:.4f} held out {held_loss:.4f}")
    weights = {name: round(float(x), 4) for name, x in zip(FEATURES, theta) if abs(x) >= 1e-4}
    args.out.write_text(json.dumps({
        "format": "knjazja-belief", "version": 1,
        "fitted_on": {"files": [p.name for p in args.games], "games": len(games),
                      "held_out": len(games) - cut, "every": args.every, "l2": args.l2,
                      "held_out_loss": round(min(h for _, _, h in trace), 4),
                      "uniform_held_out_loss": round(held.loss_grad(zero)[0], 4)},
        "weights": weights}, indent=1) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
