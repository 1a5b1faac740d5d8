"""`knjazja train`: self-play and training of the evaluation network (needs numpy).

    knjazja train --seed 7 --games 16000 --hidden 64 --jobs 2 --out knjazja/bots/data/eval.json

(the shipped network: 27 minutes on the 2 cores of our machine).

Three stages, after TD-Gammon and Keldon Jones's Race for the Galaxy AI, scaled down:

1. 60% of the games between classic players (with Easy seats and exploratory moves);
   a network is fitted to their results, then refitted to TD(λ) targets — each
   position's target mixes the network's own later estimates from the same seat with
   the final result, which cuts the noise of a single game's luck;
2. 20% between the learned Normal of stage 1 (with some classic and Easy seats and
   exploratory moves); the network goes on learning from all positions so far with
   TD(λ) targets;
3. 20% more with the learned Normal of stage 2, and the same again.

Everything follows from the seed: the games, the split into training and held-out
games, the initial weights and the batches (numpy runs single-threaded here), so a run
with the same arguments writes the same weights whatever the number of jobs.
"""
from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from typing import cast

from knjazja.bots.features import N_GLOB, N_HAND, N_SEAT
from .selfplay import PLAYER_COUNTS, SelfPlay, play_recorded

HIDDEN = 64             # the shipped network's hidden units
EPOCHS = 3
LAMBDA = 0.7
TD_ROUNDS = 2
STAGES = (0.6, 0.2, 0.2)  # shares of the games: classic players, then the learned Normal twice
HELD_OUT = 0.05           # share of games kept out of training to report an honest loss


def _np():
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    os.environ.setdefault("MKL_NUM_THREADS", "1")
    try:
        import numpy
    except ImportError:
        raise SystemExit("knjazja train needs numpy: pip install numpy") from None
    return numpy


def game_seeds(seed: int, stage: int, count: int) -> list[int]:
    return [random.Random(f"{seed}:{stage}:{g}").getrandbits(48) for g in range(count)]


# --- self-play in worker processes ------------------------------------------------------
def _gen_chunk(args: tuple) -> list[tuple]:
    """Play games and return them as float16 arrays (compact to send back)."""
    seeds, cfg = args
    np = _np()
    net = None
    if cfg.weights is not None:
        from knjazja.bots.net import EvalNet
        net = EvalNet(cfg.weights)
    out = []
    for sd in seeds:
        r = play_recorded(sd, cfg, net)
        n = r.n
        rot = [[(v + k) % n for k in range(n)] for v in range(n)]
        y = np.array([[r.win[i] for i in rot[v]] for v in r.viewers], dtype=np.float32)
        z = np.array([[r.glory[i] / 10 for i in rot[v]] for v in r.viewers], dtype=np.float32)
        rows = len(r.viewers)
        out.append((n, np.array(r.seats, dtype=np.float16).reshape(rows, n, N_SEAT),
                    np.array(r.glob, dtype=np.float16).reshape(rows, N_GLOB),
                    np.array(r.hand, dtype=np.float16).reshape(rows, N_HAND),
                    y.reshape(len(r.viewers), n), z.reshape(len(r.viewers), n),
                    np.array(r.viewers, dtype=np.int16), np.array(r.steps, dtype=np.int32)))
    return out


def generate(seeds: list[int], cfg: SelfPlay, jobs: int, log, label: str) -> list[tuple]:
    """Play every seed's game; results in seed order (independent of `jobs`)."""
    chunk = 20
    parts = [(seeds[i:i + chunk], cfg) for i in range(0, len(seeds), chunk)]
    games: list[tuple] = []
    t0 = time.perf_counter()
    done = 0

    def note(res):
        nonlocal done
        games.extend(res)
        done += len(res)
        if done % 200 < chunk or done == len(seeds):
            rate = done / max(1e-9, time.perf_counter() - t0)
            log(f"  {label}: {done}/{len(seeds)} games ({rate:.1f} games/s)")

    if jobs <= 1:
        for p in parts:
            note(_gen_chunk(p))
    else:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(jobs, mp_context=mp.get_context("spawn")) as ex:
            for res in ex.map(_gen_chunk, parts):
                note(res)
    return games


# --- the data set -------------------------------------------------------------------------
class Data:
    """Positions grouped by player count: dense arrays per group, plus sequence keys."""

    def __init__(self, games: list[tuple], first_game: int = 0) -> None:
        np = _np()
        by_n: dict[int, list] = {}
        for gi, g in enumerate(games):
            by_n.setdefault(g[0], []).append((gi + first_game, g))
        self.groups = {}
        for n, items in sorted(by_n.items()):
            cols = list(zip(*(g[1:] for _, g in items)))
            gid = np.concatenate([np.full(len(g[6]), gi, dtype=np.int32) for gi, g in items])
            self.groups[n] = {
                "seats": np.concatenate(cols[0]), "glob": np.concatenate(cols[1]),
                "hand": np.concatenate(cols[2]), "y": np.concatenate(cols[3]),
                "z": np.concatenate(cols[4]), "viewer": np.concatenate(cols[5]),
                "step": np.concatenate(cols[6]), "game": gid}
            self.groups[n]["target"] = self.groups[n]["y"].copy()

    @property
    def rows(self) -> int:
        return sum(len(g["y"]) for g in self.groups.values())

    def split(self, held_out: float, rng) -> tuple["Data", "Data"]:
        """(training, held-out) by whole games."""
        games = sorted({int(x) for g in self.groups.values() for x in g["game"]})
        k = min(len(games) - 1, max(1, int(len(games) * held_out)))
        out_games = set(rng.choice(games, size=k, replace=False).tolist())
        return self._subset(lambda gid: ~_isin(gid, out_games)), self._subset(
            lambda gid: _isin(gid, out_games))

    def _subset(self, pick) -> "Data":
        d = Data.__new__(Data)
        d.groups = {}
        for n, g in self.groups.items():
            m = pick(g["game"])
            if m.any():
                d.groups[n] = {k: v[m] for k, v in g.items()}
        return d

    def merged(self, other: "Data") -> "Data":
        np = _np()
        d = Data.__new__(Data)
        d.groups = {}
        for n in sorted(set(self.groups) | set(other.groups)):
            parts = [x.groups[n] for x in (self, other) if n in x.groups]
            d.groups[n] = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
        return d


def _isin(gid, games: set):
    np = _np()
    return np.isin(gid, np.array(sorted(games), dtype=np.int32))


def batches(data: Data, size: int, rng):
    """Shuffled mini-batches, each from one player-count group."""
    np = _np()
    order = []
    for n, g in data.groups.items():
        idx = rng.permutation(len(g["y"]))
        order += [(n, idx[i:i + size]) for i in range(0, len(idx), size)]
    for j in rng.permutation(len(order)):
        n, idx = order[j]
        g = data.groups[n]
        yield (g["seats"][idx].astype(np.float64), g["glob"][idx].astype(np.float64),
               g["hand"][idx].astype(np.float64), g["target"][idx].astype(np.float64),
               g["z"][idx].astype(np.float64))


def evaluate_loss(params: dict, data: Data) -> float:
    """Mean cross-entropy against the true results (not the TD targets)."""
    from .model import forward
    np = _np()
    total, rows = 0.0, 0
    for g in data.groups.values():
        for i in range(0, len(g["y"]), 4096):
            sl = slice(i, i + 4096)
            prob, _, _ = forward(params, g["seats"][sl].astype(np.float64),
                                 g["glob"][sl].astype(np.float64), g["hand"][sl].astype(np.float64))
            total += float(-np.sum(g["y"][sl] * np.log(prob + 1e-9)))
            rows += len(prob)
    return total / max(1, rows)


def fit(params: dict, data: Data, epochs: int, rng, log, lr: float = 2e-3,
        size: int = 256, held: Data | None = None, l2: float = 1e-4, aux: float = 0.1) -> float:
    """Adam on the current targets; the learning rate falls over the last third.  With a
    held-out set, the weights of the epoch with the lowest held-out loss are kept."""
    from .model import Adam, loss_and_grads
    opt = Adam(params, lr)
    best, best_params = float("inf"), None
    loss = 0.0
    for ep in range(epochs):
        if ep >= epochs * 2 // 3:
            opt.lr = lr * 0.4
        tot, k = 0.0, 0
        for b in batches(data, size, rng):
            loss, ce, g = loss_and_grads(params, b, aux=aux, l2=l2)
            opt.step(params, g)
            tot += ce
            k += 1
        loss = tot / max(1, k)
        msg = f"    epoch {ep + 1}/{epochs}: training loss {loss:.4f}"
        if held is not None:
            h = evaluate_loss(params, held)
            msg += f", held-out loss {h:.4f}"
            if h < best:
                best, best_params = h, {key: v.copy() for key, v in params.items()}
        log(msg)
    if best_params is not None:
        params.update(best_params)
    return loss


def td_targets(params: dict, data: Data, lam: float = LAMBDA) -> None:
    """Set each row's target to its TD(λ) return along the same seat's positions in the
    same game: the last one's target is the result, each earlier one mixes the next
    position's estimate (1 − λ) with the next target (λ)."""
    from .model import forward
    np = _np()
    for g in data.groups.values():
        m = len(g["y"])
        prob = np.empty_like(g["y"], dtype=np.float64)
        for i in range(0, m, 4096):
            sl = slice(i, i + 4096)
            prob[sl] = forward(params, g["seats"][sl].astype(np.float64),
                               g["glob"][sl].astype(np.float64), g["hand"][sl].astype(np.float64))[0]
        order = np.lexsort((g["step"], g["viewer"], g["game"]))
        key = g["game"][order].astype(np.int64) * 16 + g["viewer"][order]
        last = np.append(key[1:] != key[:-1], True)
        target = g["y"][order].astype(np.float64)
        p = prob[order]
        for i in range(m - 2, -1, -1):            # backwards along the sorted rows
            if not last[i]:
                target[i] = (1 - lam) * p[i + 1] + lam * target[i + 1]
        g["target"] = np.empty_like(target, dtype=np.float32)
        g["target"][order] = target


# --- the command ---------------------------------------------------------------------------
def stage_games(games: int) -> list[int]:
    """How many of the games each stage plays (the last stage takes the rest)."""
    out = [int(games * share) for share in STAGES[:-1]]
    return out + [games - sum(out)]


def train(seed: int, games: int, jobs: int = 1, out: str | Path | None = None,
          hidden: int = HIDDEN, epochs: int = EPOCHS, log=print,
          counts: tuple = PLAYER_COUNTS) -> dict:
    """Self-play `games` games in stages from `seed`, fitting the network after each;
    write the weights to `out` (if given) and return them as the JSON document."""
    np = _np()
    from .model import init_params, to_json
    t_start = time.perf_counter()
    rng = np.random.default_rng(seed)
    params = init_params(hidden, rng)
    data = held = None
    first = 0
    for k, n_games in enumerate(stage_games(games)):
        if n_games == 0:
            continue
        if k == 0:
            log(f"stage 1: {n_games} games between classic players")
            cfg = SelfPlay(counts=counts, record_p=0.12)
        else:
            log(f"stage {k + 1}: {n_games} games with the learned Normal of stage {k}")
            cfg = SelfPlay(weights=to_json(params, {}), counts=counts)
        g = generate(game_seeds(seed, k + 1, n_games), cfg, jobs, log, f"stage {k + 1}")
        d, h = Data(g, first_game=first).split(HELD_OUT, rng)
        first += n_games
        data, held = (d, h) if data is None else (data.merged(d), cast(Data, held).merged(h))
        log(f"  {data.rows} positions for training, {held.rows} held out")
        if k == 0 or not data.rows:
            log("  fitting to the results")
            fit(params, data, epochs, rng, log, held=held)
        for r in range(TD_ROUNDS):
            log(f"  fitting to TD(λ={LAMBDA}) targets, round {r + 1}")
            td_targets(params, data)
            fit(params, data, epochs, rng, log, lr=1e-3, held=held)
    seconds = time.perf_counter() - t_start
    data, held = cast(Data, data), cast(Data, held)    # games >= 1: the last stage played
    info = {"seed": seed, "games": games, "stages": stage_games(games), "hidden": hidden,
            "epochs": epochs, "positions": data.rows + held.rows,
            "held_out_loss": round(evaluate_loss(params, held), 5),
            "seconds": round(seconds, 1), "jobs": jobs}
    doc = to_json(params, info)
    if out is not None:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        Path(out).write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
        log(f"wrote {out}")
    log(f"done in {seconds / 60:.1f} min: {games} games, {info['positions']} positions, "
        f"held-out loss {info['held_out_loss']}")
    return doc
