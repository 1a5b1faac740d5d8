"""What the reading of the table costs Hard: decision times with the notes' dealing
(`hard:notes`) and with the kept counts (`hard`, the shipped level), on the same positions.

The positions: every `--every`-th decision with two or more legal actions of the kept games
given (`knjazja_lab/belief/corpus.py`), the first `--positions` of them.  At each, both bots
decide with the same generator (which decides first alternates); the process time of each
decision (ms, p50 / p95 / mean), the reading's own cost (`belief.Belief` of the
observation, ms) and how often the two chose the same move.  `--worlds N` gives both N
worlds a decision without the time cap (the work itself); by default each plays as the
Hard level does (its worlds by the game's phase, its 0.7 s cap, which a loaded machine
reaches sooner).

    .venv/bin/python -m knjazja_lab.experiments.belief_time /tmp/belief/n4_test.p0.jsonl \\
        --positions 60 --every 15
"""
from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from knjazja_lab.belief.belief import Belief, NotesHardBot
from knjazja.bots.hard import HardBot
from knjazja.engine import legal_actions, observation

from knjazja_lab.arena import _pct
from knjazja_lab.belief.corpus import load, replay


def positions(paths: list[Path], count: int, every: int) -> list:
    """(observation, legal actions) of every `every`-th decision with a choice, `count` at most."""
    out: list = []
    for game in load(paths):
        k = 0
        for s, _move in replay(game):
            legal = legal_actions(s)
            if len(legal) < 2:
                continue
            k += 1
            if k % every == 0:
                out.append((observation(s, s.decision.seat), legal))
                if len(out) >= count:
                    return out
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="+", type=Path, help="corpus files (knjazja_lab.belief.corpus)")
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--every", type=int, default=15)
    ap.add_argument("--worlds", type=int, default=None, help="fixed worlds, no time cap")
    args = ap.parse_args(argv)
    kw = {} if args.worlds is None else {"iterations": args.worlds}
    bots = {"hard:notes": NotesHardBot(**kw), "hard": HardBot(**kw)}
    times: dict[str, list[float]] = {name: [] for name in bots}
    reading: list[float] = []
    same = 0
    cases = positions(args.games, args.positions, args.every)
    for i, (obs, legal) in enumerate(cases):
        t0 = time.process_time()
        Belief(obs)
        reading.append((time.process_time() - t0) * 1000.0)
        chosen = {}
        names = list(bots) if i % 2 == 0 else list(bots)[::-1]    # each first half the time
        for name in names:
            t0 = time.process_time()
            chosen[name] = bots[name].choose(obs, legal, random.Random(i))
            times[name].append((time.process_time() - t0) * 1000.0)
        same += chosen["hard:notes"] == chosen["hard"]
    print(f"{len(cases)} positions ({'the level' if args.worlds is None else f'{args.worlds} worlds, no cap'}); "
          "process time per decision, ms:")
    for name, ts in [*times.items(), ("reading", reading)]:
        print(f"  {name:10s} p50 {_pct(ts, 0.5):8.1f}  p95 {_pct(ts, 0.95):8.1f}  "
              f"mean {sum(ts) / max(1, len(ts)):8.1f}")
    print(f"  the same move: {same} of {len(cases)}")


if __name__ == "__main__":
    main()
