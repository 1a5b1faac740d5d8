"""Does a prince's last turn tell which cards he kept?  A diagnostic of a reading by policy.

Hard deals the others' kept places (`Observation.kept`) with one number per kind of card
(`bots.reading`).  A finer reading would ask, of every hand it deals, whether the prince
would have played his last turn as he did holding it — at a table of Normals the policy
is known exactly, so this is the most such a reading of one turn could tell.  This plays
the games of `knjazja simulate --seats S --games N --seed X` and, at every turn, looks from
the seat about to play at each other prince: his kept places are dealt `--samples` times
from the viewer's unseen cards with the reading's odds (the prior), each such hand is put
into the true position of the prince's last turn (the cards swapped with wherever they
were, so his view stays consistent), and his own bot is asked again with the same random
state.  A hand is kept (the posterior) when it gives the move he made — with `--turns T`,
the moves of his last T turns, each asked with the kept places he already held then.

The figures: how often the true kept cards give the move (should be every time), how many
dealt hands are kept, and how well prior and posterior predict the kept cards — the share
of the kept places whose kind they deal right (and the same for a uniform deal, Hard before
the reading) and whose very card, and by kind the Brier score of "holds one" (less the
noise of estimating a share from a few hands, so that the posterior's fewer hands are not
held against it).
Each prince's own bot is asked again, so his policy is exact for any level that decides from
its observation and random state alone (Hard's time cap makes its answers approximate); it
changes no bot.

    .venv/bin/python -m knjazja_lab.experiments.policy_read --seats normal,normal,normal,normal \
        --games 20 --seed 77 --samples 24 --jobs 2
"""
from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import NamedTuple

from knjazja_lab import arena
from knjazja.bots.base import Bot
from knjazja_lab.factory import make_bot
from knjazja.bots.reading import HOLD_ODDS, kind_of
from knjazja.engine import Action, GameState, apply, legal_actions, new_game, observation
from knjazja.engine.actions import TURN
from knjazja.engine.cards import CARD_ID

CLASSES = ("city", "chronicle", "event", "building", "walls", "troop")


def swapped(then: GameState, seat: int, out: set[int], into: set[int]) -> GameState | None:
    """`then` with the cards `out` of `seat`'s hand exchanged for `into`, each taking the
    place (another hand or the deck) of the card it replaces; None if one lies elsewhere."""
    world = then.clone()
    world._legal = None                      # the hand changes, so do the legal moves
    olds, news = sorted(out - into), sorted(into - out)
    for a, b in zip(olds, news):
        where = next((h for t, h in enumerate(world.hands) if t != seat and b in h), None)
        if where is None and b not in world.deck:
            return None
        place = where if where is not None else world.deck
        place[place.index(b)] = a
        hand = world.hands[seat]
        hand[hand.index(a)] = b
        for t, known in enumerate(world.seen):   # whoever knew a card knows its stand-in
            if t != seat and (a in known) != (b in known):
                known ^= {a, b}
    return world


def dealt(pool: list[int], size: int, rng: random.Random) -> set[int]:
    """`size` cards of `pool` without replacement, each as likely as its `HOLD_ODDS`."""
    keyed = sorted(pool, key=lambda c: rng.random() ** (1.0 / HOLD_ODDS[c]), reverse=True)
    return set(keyed[:size])


def kinds_right(guess: set[int], truth: set[int], sort: Callable[[int], str] = kind_of) -> float:
    """The share of the kept places whose kind (or other `sort`) `guess` deals right."""
    g, t = Counter(map(sort, guess)), Counter(map(sort, truth))
    return sum(min(g[k], t[k]) for k in t) / len(truth)


def card_right(guess: set[int], truth: set[int]) -> float:
    """The share of the kept places whose very card (the copies of one card alike) `guess`
    deals right."""
    return kinds_right(guess, truth, CARD_ID.__getitem__)


class LastTurn(NamedTuple):
    """A prince's last turn: the position, his bot's random state, the move he made, and
    the cards he could not see then."""
    state: GameState
    rng_state: tuple
    move: Action
    unseen: set[int]


def gives_the_move(bot: Bot, turn: LastTurn, seat: int, kept: set[int],
                   into: set[int]) -> bool | None:
    """Would `bot` in `seat` have made `turn.move` holding `into` instead of `kept` (those
    of the kept places he already held then)?  None if a card of `into` lay where it cannot
    be swapped from (a face-down bid)."""
    held = set(turn.state.hands[seat])
    olds, news = sorted(kept - into), sorted(into - kept)
    # an older turn held only some of the kept places: each keeps the card dealt to it
    # (the pairing is by order on both sides, as `swapped` makes it)
    into = (kept & into & held) | {b for a, b in zip(olds, news) if a in held}
    world = swapped(turn.state, seat, kept & held, into)
    if world is None:
        return None
    rng = random.Random()
    rng.setstate(turn.rng_state)
    return bot.choose(observation(world, seat), legal_actions(world), rng) == turn.move


def new_tally() -> dict:
    return {"looks": 0, "true_same": 0, "dealt": 0, "kept": 0, "post_looks": 0,
            "prior_right": 0.0, "post_right": 0.0, "uniform_right": 0.0, "brier_looks": 0,
            "prior_cards": 0.0, "post_cards": 0.0, "last_right": 0.0,
            "by_move": {},
            "brier": {k: [0.0, 0.0] for k in CLASSES}}


def consistent(bot: Bot, turns: list[LastTurn], seat: int, kept: set[int],
               into: set[int]) -> tuple[bool | None, bool | None]:
    """Does the hand `into` give the last move, and every move of `turns` (newest first)?"""
    last = gives_the_move(bot, turns[0], seat, kept, into)
    if not last:
        return last, last
    for turn in turns[1:]:
        older = gives_the_move(bot, turn, seat, kept, into)
        if not older:
            return last, older
    return last, True


def look(tally: dict, bot: Bot, turns: list[LastTurn], seat: int, kept: set[int],
         pool: list[int], samples: int, rng: random.Random) -> None:
    """Deal `kept`'s places `samples` times from `pool`, keep the hands that give the moves
    of `turns` (his last turns, newest first), and add to `tally` how well the dealt and
    the kept hands guess `kept`."""
    tally["looks"] += 1
    tally["true_same"] += consistent(bot, turns, seat, kept, kept) == (True, True)
    pairs = [(g, v) for g in (dealt(pool, len(kept), rng) for _ in range(samples))
             if None not in (v := consistent(bot, turns, seat, kept, g))]
    post = [g for g, v in pairs if v[1]]
    post_last = [g for g, v in pairs if v[0]]
    row = tally["by_move"].setdefault(turns[0].move.kind, [0, 0])
    row[0] += len(pairs)
    row[1] += len(post_last)
    tally["dealt"] += len(pairs)
    tally["kept"] += len(post)
    if not post:
        return
    tally["last_right"] += sum(kinds_right(g, kept) for g in post_last) / len(post_last)
    tally["post_looks"] += 1              # prior and posterior compared where both exist
    tally["prior_right"] += sum(kinds_right(g, kept) for g, _ in pairs) / len(pairs)
    tally["post_right"] += sum(kinds_right(g, kept) for g in post) / len(post)
    tally["prior_cards"] += sum(card_right(g, kept) for g, _ in pairs) / len(pairs)
    tally["post_cards"] += sum(card_right(g, kept) for g in post) / len(post)
    uniform = [set(rng.sample(pool, len(kept))) for _ in range(samples)]
    tally["uniform_right"] += sum(kinds_right(g, kept) for g in uniform) / samples
    if len(post) < 2:
        return
    tally["brier_looks"] += 1
    truth = {kind_of(c) for c in kept}
    for k in CLASSES:
        hit = 1.0 if k in truth else 0.0
        for i, hands in enumerate(([g for g, _ in pairs], post)):
            m = len(hands)
            share = sum(any(kind_of(c) == k for c in g) for g in hands) / m
            # less the noise of guessing a share from m hands: both sides then estimate
            # the error of the share itself, however many hands each kept
            tally["brier"][k][i] += (share - hit) ** 2 - share * (1 - share) / (m - 1)


def measure_game(kinds: list[str], seed: int, game: int, samples: int, turns: int = 1) -> dict:
    """One game of `kinds` (as `knjazja simulate` plays it), looked at from every turn."""
    n = len(kinds)
    rotation = game % n
    entry_at = [(p + rotation) % n for p in range(n)]
    bots = [make_bot(kinds[e]) for e in entry_at]
    rngs = [random.Random(f"{arena.game_seed(seed, game)}:{e}") for e in entry_at]
    deal_rng = random.Random(f"policy_read:{seed}:{game}")
    s = new_game(n, arena.game_seed(seed, game))
    last: dict[int, list[LastTurn]] = {}      # per seat its last turns, newest first
    tally = new_tally()
    while not s.over:
        seat = s.decision.seat
        obs, legal = observation(s, seat), legal_actions(s)
        if s.decision.kind == TURN:
            for x, told in last.items():
                kept = set(told[0].state.hands[x]) & set(s.hands[x]) - set(obs.known.get(x, []))
                if x != seat and kept:
                    pool = set(obs.unseen)
                    for turn in told:       # a card he saw then cannot be one he kept
                        pool &= turn.unseen | kept
                    look(tally, bots[x], told, x, kept, sorted(pool), samples, deal_rng)
        rng_state = rngs[seat].getstate()
        move = bots[seat].choose(obs, legal, rngs[seat])
        if s.decision.kind == TURN:       # a turn with one move open tells nothing
            if len(legal) > 1:
                told = [LastTurn(s.clone(), rng_state, move, set(obs.unseen))]
                last[seat] = (told + last.get(seat, []))[:turns]
            else:
                last.pop(seat, None)
        apply(s, move)
    return tally


def _part(args: tuple) -> list[dict]:
    kinds, seed, games, samples, turns = args
    return [measure_game(kinds, seed, g, samples, turns) for g in games]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seats", required=True)
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--samples", type=int, default=12, help="kept hands dealt per look")
    ap.add_argument("--turns", type=int, default=1,
                    help="how many of a prince's last turns a kept hand must agree with")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    kinds = arena.seat_kinds(args.seats.split(","), None)
    parts = [(kinds, args.seed, range(j, args.games, args.jobs), args.samples, args.turns)
             for j in range(args.jobs)]
    with ProcessPoolExecutor(args.jobs) as pool:
        games = [g for part in pool.map(_part, parts) for g in part]
    print(json.dumps(report(games), indent=1))


def report(games: list[dict]) -> dict:
    """The tallies of all games, as shares."""
    tot = new_tally()
    counts = [k for k, v in tot.items() if isinstance(v, (int, float))]
    for g in games:
        for k in counts:
            tot[k] += g[k]
        for m, (d, k) in g["by_move"].items():
            row = tot["by_move"].setdefault(m, [0, 0])
            row[0] += d
            row[1] += k
        for k in CLASSES:
            tot["brier"][k] = [a + b for a, b in zip(tot["brier"][k], g["brier"][k])]
    pl = max(1, tot["post_looks"])
    return {
        "games": len(games), "looks": tot["looks"],
        "true_kept_gives_the_move": round(tot["true_same"] / max(1, tot["looks"]), 4),
        "dealt_hands_kept": round(tot["kept"] / max(1, tot["dealt"]), 4),
        "looks_with_a_hand_kept": tot["post_looks"],
        "kinds_right_uniform": round(tot["uniform_right"] / pl, 4),
        "kinds_right_prior": round(tot["prior_right"] / pl, 4),
        "kinds_right_posterior": round(tot["post_right"] / pl, 4),
        "kinds_right_last_move_only": round(tot["last_right"] / pl, 4),
        "cards_right_prior": round(tot["prior_cards"] / pl, 4),
        "cards_right_posterior": round(tot["post_cards"] / pl, 4),
        "kept_share_by_move": {m: round(k / d, 3) for m, (d, k) in sorted(tot["by_move"].items())
                               if d},
        "brier_prior_posterior": {k: [round(v / max(1, tot["brier_looks"]), 4) for v in b]
                                  for k, b in tot["brier"].items()},
    }


if __name__ == "__main__":
    main()
