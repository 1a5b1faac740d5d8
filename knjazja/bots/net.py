"""The learned evaluation: a small network read in pure Python.

For every seat r (counted from the viewer, r = 0 is the viewer) one hidden layer sees
that seat's features, the global features and — for the viewer only — its hand:

    h_r = relu(b1 + Ws·seat_r + Wg·glob + [r = 0]·Wh·hand)
    u_r = w2·h_r + b2           (the seat's "strength")
    P(r wins) = softmax_r(u_r)  (over the seats at the table)
    Glory_r ≈ 10·(w3·h_r + b3)  (final Glory: helps training, and breaks ties in play)

The weights are shared by all seats, so one network serves 2 to 8 players.  They live
in a small versioned JSON file in the package (`data/eval.json`), written by the
training command (`knjazja train`).  Inputs are mostly zeros, so each layer adds only
the rows of the non-zero inputs, and what a block of features adds is remembered by
its values, whole and by segment (a look-ahead changes one or two seats at a time, and
in each only a part), as are a row times a value and a seat's two heads.  Every sum is
made in the same order as without the caches, so they change no float.

All of a network's caches share one budget (`CACHE_MB`, counted in entries of at most
`ENTRY_BYTES` each): when it is spent they are all emptied together, so the memory they
hold never passes it.  The shipped network is loaded once per process (`default_net`), so
every bot and every table of a process shares it and its one budget.
"""
from __future__ import annotations

import json
import math
from operator import add, mul
from importlib import resources
from pathlib import Path

from .features import (FEATURE_VERSION, GLOB_BOUNDS, HAND_BOUNDS, N_GLOB, N_HAND, N_SEAT,
                       SEAT_BOUNDS, Features)

FORMAT = "knjazja-eval"
VERSION = 1
DEFAULT_FILE = "eval.json"
# All of a network's remembered sums together (per process: one network).  Normal's one-ply
# look-ahead fits in 4 MB: 12 MB and 4 MB gave it the same decision times (`knjazja simulate`
# of four Normal and `knjazja bench bots`, alternated).  Hard's search over dealt worlds reuses
# more: with 4 MB the Hint's first answers took 0.66–0.76 s against 0.44–0.49 s with 12 MB
# (`knjazja bench game`, alternated), and 8 MB answered as quickly as 12 (0.69–0.73 s against
# 0.70–0.73 s, the same hour), so a process that runs it grows the budget to SEARCH_CACHE_MB
# (`search_net`): the bots' worker, not the window's process.
CACHE_MB = 4.0
SEARCH_CACHE_MB = 8.0
ENTRY_BYTES = 2048          # what one remembered entry holds at most on average (64 hidden units: ~1.6 KB; see tests)
GLORY_WEIGHT = 0.02         # value of 10 Glory of margin, next to P(win) (0..1)


class WeightsError(ValueError):
    """A weights file that is not ours, or does not fit the features."""


# (first, end) feature index of a segment, its rows of W, its cache: values -> W·values
# (None where every value is zero), and its rows times values (see `_rows`)
_Segment = tuple[int, int, list[list[float]], dict[tuple[float, ...], list[float] | None],
                 dict[tuple[int, float], list[float]]]


class _Budget:
    """The entries a network's caches may still take before all are emptied together."""

    def __init__(self, entries: int) -> None:
        self.entries = self.left = max(1, entries)
        self.layers: list[_Layer] = []
        self.memos: list[dict] = []

    def spend(self, n: int = 1) -> None:
        """Note ``n`` new entries: when the budget is spent, every cache is emptied first."""
        self.left -= n
        if self.left < 0:
            self.clear()
            self.left = self.entries - n

    def grow(self, entries: int) -> None:
        """Room for ``entries`` from now on, if that is more than now (never less)."""
        if entries > self.entries:
            self.left += entries - self.entries
            self.entries = entries

    def clear(self) -> None:
        for layer in self.layers:
            layer.clear()
        for memo in self.memos:
            memo.clear()
        self.left = self.entries

    def held(self) -> int:
        """The entries held now (never more than ``entries``)."""
        return (sum(len(layer.cache) + sum(len(seg[3]) + len(seg[4]) for seg in layer.segments)
                    for layer in self.layers) + sum(len(m) for m in self.memos))


class _Layer:
    """One input block's share of the hidden layer: base + W·vec.

    Remembered at two levels: the whole block by its values, and each segment of it (a
    group of features that tend to change together) by its values, so that a block seen
    for the first time costs only the rows of the segments that are new."""

    def __init__(self, W: list[list[float]], bounds, base: list[float], budget: _Budget) -> None:
        self.base = base
        self.segments: list[_Segment] = [(a, b, W[a:b], {}, {}) for a, b in bounds]
        self.cache: dict[tuple, list[float]] = {}
        self.budget = budget
        budget.layers.append(self)

    def clear(self) -> None:
        self.cache.clear()
        for seg in self.segments:
            seg[3].clear()
            seg[4].clear()

    def __call__(self, vec: list[float]) -> list[float]:
        key = tuple(vec)
        out = self.cache.get(key)
        if out is not None:
            return out
        budget = self.budget
        out = self.base
        for a, b, W, cache, scaled in self.segments:
            seg = key[a:b]
            part = cache.get(seg)
            if part is None:
                part = _rows(seg, W, scaled, budget)
                budget.spend()          # (may empty every cache: what is being summed stays)
                cache[seg] = part
            if part is not None:
                out = list(map(add, out, part))
        budget.spend()
        self.cache[key] = out
        return out


def _rows(vec: tuple, W: list[list[float]], scaled: dict[tuple[int, float], list[float]],
          budget: _Budget) -> list[float] | None:
    """W·vec over the non-zero entries (None when all are zero).  A row times a value
    other than 1 is remembered in `scaled` by (row, value): the features take few values,
    and the sum is the same float for float as when the product is made afresh."""
    acc: list[float] | None = None
    for i, x in enumerate(vec):
        if x:
            row: list[float] | None = W[i] if x == 1.0 else scaled.get((i, x))
            if row is None:
                row = [x * w for w in W[i]]
                budget.spend()
                scaled[(i, x)] = row
            acc = row if acc is None else list(map(add, acc, row))
    return acc


class EvalNet:
    """Inference for one set of weights (plain lists of floats)."""

    def __init__(self, data: dict, cache_mb: float = CACHE_MB) -> None:
        check(data)
        self.meta = {k: data[k] for k in ("format", "version", "feature_version", "hidden")}
        self.meta["train"] = data.get("train", {})
        self.hidden = data["hidden"]
        self.Ws = [list(map(float, row)) for row in data["Ws"]]
        self.Wg = [list(map(float, row)) for row in data["Wg"]]
        self.Wh = [list(map(float, row)) for row in data["Wh"]]
        self.b1 = list(map(float, data["b1"]))
        self.w2 = list(map(float, data["w2"]))
        self.b2 = float(data["b2"])
        self.w3 = list(map(float, data["w3"]))
        self.b3 = float(data["b3"])
        zero = [0.0] * self.hidden
        self.budget = _Budget(int(cache_mb * 1024 * 1024 / ENTRY_BYTES))
        self._seat = _Layer(self.Ws, SEAT_BOUNDS, zero, self.budget)
        self._glob = _Layer(self.Wg, GLOB_BOUNDS, self.b1, self.budget)
        self._hand = _Layer(self.Wh, HAND_BOUNDS, zero, self.budget)
        # a seat's (u, Glory / 10) by the layer outputs it sums: (common, seat, hand or
        # None) -> those three and the two heads.  Keyed by identity — the layers hand
        # back the same list for the same values — and the entry keeps the lists alive,
        # so no other list can come to have their ids while it stands.
        self._seat_heads: dict[tuple[int, int, int], tuple] = {}
        self.budget.memos.append(self._seat_heads)

    def clear_caches(self) -> None:
        self.budget.clear()

    def heads(self, f: Features) -> tuple[list[float], list[float]]:
        """(u_r, Glory_r / 10) for every seat at the table, viewer first."""
        common = self._glob(f.glob)
        mine = self._hand(f.hand)
        memo = self._seat_heads
        us, gs = [], []
        for r, seat in enumerate(f.seats):
            part = self._seat(seat)
            hand = mine if r == 0 else None
            key = (id(common), id(part), id(hand))
            known = memo.get(key)
            if known is None:
                known = (common, part, hand, *self._seat_head(common, part, hand))
                self.budget.spend()
                memo[key] = known
            us.append(known[3])
            gs.append(known[4])
        return us, gs

    def _seat_head(self, common: list[float], part: list[float],
                   hand: list[float] | None) -> tuple[float, float]:
        """One seat's (u, Glory / 10) from its share of the hidden layer."""
        pre = list(map(add, common, part))
        if hand is not None:
            pre = list(map(add, pre, hand))
        h = [x if x > 0.0 else 0.0 for x in pre]
        return sum(map(mul, self.w2, h)) + self.b2, sum(map(mul, self.w3, h)) + self.b3

    def win_probs(self, f: Features) -> list[float]:
        """P(each seat wins), viewer first, as the viewer sees the position."""
        return softmax(self.heads(f)[0])

    def value(self, f: Features) -> float:
        """What the viewer plays for: P(win), plus a little for its Glory margin over the
        others' average, so that a lost or won game is still played out as a prince
        would (found the cities, build, fight for more Glory)."""
        us, gs = self.heads(f)
        p = softmax(us)[0]
        if len(gs) < 2:
            return p
        return p + GLORY_WEIGHT * (gs[0] - sum(gs[1:]) / (len(gs) - 1))


def softmax(u: list[float]) -> list[float]:
    m = max(u)
    e = [math.exp(x - m) for x in u]
    z = sum(e)
    return [x / z for x in e]


def check(data: dict) -> None:
    """Raise WeightsError unless `data` is a weights file for these features."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise WeightsError("not a Knjaz'ja evaluation weights file")
    if data.get("version") != VERSION:
        raise WeightsError(f"weights version {data.get('version')!r}, expected {VERSION}")
    if data.get("feature_version") != FEATURE_VERSION:
        raise WeightsError(f"weights for features v{data.get('feature_version')!r}, "
                           f"expected v{FEATURE_VERSION}")
    h = data.get("hidden")
    if not isinstance(h, int) or h < 1:
        raise WeightsError("weights: bad hidden size")
    for key, rows in (("Ws", N_SEAT), ("Wg", N_GLOB), ("Wh", N_HAND)):
        m = data.get(key)
        if not isinstance(m, list) or len(m) != rows or any(
                not isinstance(r, list) or len(r) != h for r in m):
            raise WeightsError(f"weights: {key} must be {rows}×{h}")
    for key in ("b1", "w2", "w3"):
        if not isinstance(data.get(key), list) or len(data[key]) != h:
            raise WeightsError(f"weights: {key} must have {h} values")
    for key in ("b2", "b3"):
        if not isinstance(data.get(key), (int, float)):
            raise WeightsError(f"weights: {key} must be a number")


def load(path: str | Path | None = None) -> EvalNet:
    """The weights in `path`, or the shipped ones."""
    if path is None:
        text = resources.files("knjazja.bots").joinpath("data", DEFAULT_FILE).read_text("utf-8")
    else:
        text = Path(path).read_text("utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise WeightsError(f"weights file is not JSON: {e.msg} (line {e.lineno})") from None
    return EvalNet(data)


_DEFAULT: EvalNet | None = None


def default_net() -> EvalNet:
    """The shipped network, loaded once per process."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load()
    return _DEFAULT


def search_net() -> EvalNet:
    """The shipped network, its caches' budget grown to ``SEARCH_CACHE_MB`` in this process
    (for Hard's search; see CACHE_MB)."""
    net = default_net()
    net.budget.grow(int(SEARCH_CACHE_MB * 1024 * 1024 / ENTRY_BYTES))
    return net
