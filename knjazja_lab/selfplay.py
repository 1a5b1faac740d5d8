"""Self-play games that record positions for training the evaluation (pure Python).

Each game seats a mix of players — the learned Normal (once a network exists), the
classic Normal and now and then Easy — and every decision is, with a small chance, an
exploratory one (Easy's choice), so that the network sees wars, hoarding and blunders
as well as good play.  At a random share of the decisions the position is recorded
from every seat's view; the game's result (win shares, final Glory) is the label.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from knjazja.engine import apply, legal_actions, new_game, observation
from knjazja.engine.scoring import final_scores, winners

from knjazja.bots.base import Bot
from knjazja.bots.easy import EasyBot
from knjazja.bots.features import extract
from knjazja.bots.net import EvalNet
from knjazja.bots.normal import NormalBot
from knjazja.bots.view import View

from .classic.normal import NormalClassicBot
from .factory import LIGHT

# Player counts of the self-play games (four players are the usual table).
PLAYER_COUNTS = (2, 3, 3, 4, 4, 4, 4, 4, 5, 5, 6, 7, 8)
EPSILONS = (0.0, 0.03, 0.08, 0.15)
MAX_ACTIONS = 5000


@dataclass(frozen=True)
class SelfPlay:
    """How one batch of games is played and recorded."""
    weights: dict | None = None   # the learned Normal's network (None: classic players only)
    classic_share: float = 0.25   # chance a seat is the classic Normal when a network exists
    easy_share: float = 0.06      # chance a seat is Easy
    record_p: float = 0.25        # chance a decision's position is recorded
    worlds: int = 2               # the learned Normal's worlds (fewer than in play: speed)
    counts: tuple = PLAYER_COUNTS  # player counts to draw from


@dataclass
class GameRecord:
    n: int
    viewers: list[int]
    steps: list[int]
    seats: list[list[list[float]]]     # per row: the n seat blocks, viewer first
    glob: list[list[float]]
    hand: list[list[float]]
    win: list[float]                   # per absolute seat (shared wins split)
    glory: list[int]


def _players(cfg: SelfPlay, n: int, rng: random.Random, net: EvalNet | None) -> list[Bot]:
    out: list[Bot] = []
    for _ in range(n):
        x = rng.random()
        if x < cfg.easy_share:
            out.append(EasyBot())
        elif net is None or x < cfg.easy_share + cfg.classic_share:
            out.append(NormalClassicBot())
        else:
            # the sense rules and the sampled draw are pinned, so that changes to Normal's
            # play leave training alone
            out.append(NormalBot(worlds=cfg.worlds, net=net, sense=LIGHT, exact_draw=False))
    return out


def play_recorded(seed: int, cfg: SelfPlay, net: EvalNet | None = None) -> GameRecord:
    """One self-play game (its player count, players and exploration drawn from `seed`)."""
    rng = random.Random(seed)
    n = cfg.counts[rng.randrange(len(cfg.counts))]
    eps = EPSILONS[rng.randrange(len(EPSILONS))]
    players = _players(cfg, n, rng, net)
    explorer = EasyBot()
    s = new_game(n, seed)
    rec = GameRecord(n, [], [], [], [], [], [], [])
    step = 0
    while not s.over and step < MAX_ACTIONS:
        seat = s.decision.seat
        legal = legal_actions(s)
        if len(legal) > 1 and rng.random() < cfg.record_p:
            _record(rec, s, step)
        obs = observation(s, seat)
        bot = explorer if len(legal) > 1 and rng.random() < eps else players[seat]
        apply(s, bot.choose(obs, legal, rng))
        step += 1
    won = winners(s)
    rec.win = [1.0 / len(won) if t in won else 0.0 for t in range(n)]
    rec.glory = final_scores(s)
    return rec


def _record(rec: GameRecord, s, step: int) -> None:
    for viewer in range(s.n):
        f = extract(View.from_state(s, viewer))
        rec.viewers.append(viewer)
        rec.steps.append(step)
        rec.seats.append(f.seats)
        rec.glob.append(f.glob)
        rec.hand.append(f.hand)
