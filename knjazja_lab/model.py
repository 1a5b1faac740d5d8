"""The evaluation network in numpy, for training only (the game reads it with `net.py`).

Positions are grouped by player count n, so a batch is dense: seats [B, n, S],
glob [B, G], hand [B, H_in]; targets are the win shares [B, n] (ties split) and the
final Glory / 10 [B, n], both in the viewer's seat order (viewer first).
Loss = cross-entropy of the win shares + `aux` × squared error of the Glory head.
"""
from __future__ import annotations

import numpy as np

from knjazja.bots.features import FEATURE_VERSION, N_GLOB, N_HAND, N_SEAT, names
from knjazja.bots.net import FORMAT, VERSION

PARAM_NAMES = ("Ws", "Wg", "Wh", "b1", "w2", "b2", "w3", "b3")


def init_params(hidden: int, rng: np.random.Generator) -> dict[str, np.ndarray]:
    def he(rows: int) -> np.ndarray:
        return rng.normal(0.0, np.sqrt(2.0 / (rows + 30)), (rows, hidden))
    return {"Ws": he(N_SEAT), "Wg": he(N_GLOB), "Wh": he(N_HAND),
            "b1": np.full(hidden, 0.05), "w2": rng.normal(0.0, 0.1, hidden), "b2": np.zeros(1),
            "w3": rng.normal(0.0, 0.1, hidden), "b3": np.zeros(1)}


def forward(p: dict, seats: np.ndarray, glob: np.ndarray, hand: np.ndarray):
    """Returns (win probabilities [B, n], Glory [B, n], cache for backward)."""
    pre = seats @ p["Ws"] + (glob @ p["Wg"])[:, None, :] + p["b1"]
    pre[:, 0, :] += hand @ p["Wh"]
    h = np.maximum(pre, 0.0)
    u = h @ p["w2"] + p["b2"][0]
    u = u - u.max(axis=1, keepdims=True)
    e = np.exp(u)
    prob = e / e.sum(axis=1, keepdims=True)
    glory = h @ p["w3"] + p["b3"][0]
    return prob, glory, (seats, glob, hand, pre, h)


def loss_and_grads(p: dict, batch: tuple, aux: float = 0.1, l2: float = 1e-5):
    seats, glob, hand, y, z = batch
    prob, glory, (_, _, _, pre, h) = forward(p, seats, glob, hand)
    B = seats.shape[0]
    ce = -np.sum(y * np.log(prob + 1e-9)) / B
    gerr = glory - z
    mse = np.sum(gerr * gerr) / B
    loss = ce + aux * mse
    du = (prob - y) / B                                   # [B, n]
    dg = 2.0 * aux * gerr / B                             # [B, n]
    g = {"w2": np.einsum("bn,bnh->h", du, h), "b2": np.array([du.sum()]),
         "w3": np.einsum("bn,bnh->h", dg, h), "b3": np.array([dg.sum()])}
    dh = du[:, :, None] * p["w2"] + dg[:, :, None] * p["w3"]
    dpre = dh * (pre > 0)
    g["Ws"] = np.einsum("bns,bnh->sh", seats, dpre) + l2 * p["Ws"]
    g["Wg"] = glob.T @ dpre.sum(axis=1) + l2 * p["Wg"]
    g["Wh"] = hand.T @ dpre[:, 0, :] + l2 * p["Wh"]
    g["b1"] = dpre.sum(axis=(0, 1))
    return loss, ce, g


class Adam:
    def __init__(self, params: dict, lr: float = 2e-3, b1: float = 0.9, b2: float = 0.999) -> None:
        self.lr, self.b1, self.b2 = lr, b1, b2
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}
        self.t = 0

    def step(self, params: dict, grads: dict) -> None:
        self.t += 1
        c1 = 1 - self.b1 ** self.t
        c2 = 1 - self.b2 ** self.t
        for k, g in grads.items():
            self.m[k] = self.b1 * self.m[k] + (1 - self.b1) * g
            self.v[k] = self.b2 * self.v[k] + (1 - self.b2) * g * g
            params[k] -= self.lr * (self.m[k] / c1) / (np.sqrt(self.v[k] / c2) + 1e-8)


def to_json(p: dict, train_info: dict) -> dict:
    """The weights as the versioned JSON document `net.py` reads (5 significant digits)."""
    def r(a):
        return [float(f"{x:.5g}") for x in a]
    return {"format": FORMAT, "version": VERSION, "feature_version": FEATURE_VERSION,
            "hidden": int(p["b1"].shape[0]), "feature_names": names(), "train": train_info,
            "Ws": [r(row) for row in p["Ws"]], "Wg": [r(row) for row in p["Wg"]],
            "Wh": [r(row) for row in p["Wh"]], "b1": r(p["b1"]), "w2": r(p["w2"]),
            "b2": float(f"{p['b2'][0]:.5g}"), "w3": r(p["w3"]), "b3": float(f"{p['b3'][0]:.5g}")}


def from_json(data: dict) -> dict[str, np.ndarray]:
    p = {k: np.array(data[k], dtype=np.float64) for k in ("Ws", "Wg", "Wh", "b1", "w2", "w3")}
    p["b2"] = np.array([data["b2"]], dtype=np.float64)
    p["b3"] = np.array([data.get("b3", 0.0)], dtype=np.float64)
    return p
