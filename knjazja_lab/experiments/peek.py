"""How much are the hidden cards worth to a bot?  A diagnostic, not a bot anyone plays.

Plays the games of `knjazja simulate --seats S --games N --seed X` (game g: seed
`game_seed(X, g)`, rotation g % seats), but the bot of the first seat kind deals every
world of its look-ahead from the true hands (the deck is still shuffled, so it knows what
is held, not what will be drawn): the most any reading of the hands could give it.  The
other seats play as usual.  Each game is appended to OUT as a JSON line, so a long run can
be split (`--part`/`--parts`, one process each) and resumed; the share is printed at the end.

    .venv/bin/python -m knjazja_lab.experiments.peek --seats hard,normal,normal,normal \
        --games 300 --seed 2027 --out /tmp/peek.p0.jsonl --part 0 --parts 2

With `--answers`, the worlds know only the others' answers to a war — troops (Militia
among them), Ambush, Condemnation, Bribe, City Watch, Outpost, Plunder — as they truly are:
each other hand holds exactly its true answers, the rest of it dealt uniformly from the
cards that are no answer (not read from the kept cards, as Hard's own worlds are).  How
much of the hands' worth lies in the answers alone; with `--rest`, the other way round:
the hands known but for their answers, dealt uniformly.  With `--old`, the worlds know the
cards each other prince already held at the start of his last turn and still holds — the
places Hard's reading deals with its odds (`Observation.kept`) — and deal the cards drawn
since uniformly: the most a perfect reading of the kept cards could give; `--new` the
other way round (the fresh cards known, the kept ones dealt uniformly).  With `--endings`,
the worlds know only where the two cards that end the game early lie — the Tatar Invasion
and Silence, each in its true hand or in the deck — and every other card is dealt as the
bot's own worlds deal it (Hard's reading of the kept cards included): each ending card the
deal put elsewhere is swapped with a random card of the right place.

It swaps `determinize` in `bots.reading` and `knjazja_lab.belief.belief` (Normal's and Hard's
worlds) for the first seat kind's own decisions only; search code that deals elsewhere
(the classic bots, `hard-learned`) is not affected.
"""
from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable
from pathlib import Path

import knjazja_lab.arena as arena
import knjazja_lab.belief.belief as belief
import knjazja.bots.reading as reading
from knjazja.engine import GameState, Observation, determinize, observation
from knjazja.engine.actions import TURN
from knjazja.engine.cards import CARD_ID, IS_TROOP

_table: dict = {"state": None, "obs": None, "seat": -1, "sort": None, "ages": None}
# per seat: the hand at the start of its last turn (for --old and --new)
_turn_start: dict[int, set[int]] = {}
ANSWER_EVENTS = {"ev.ambush", "ev.condemnation", "ev.bribe", "ev.city_watch", "ev.outpost",
                 "ev.plunder"}


def is_answer(c: int) -> bool:
    """Can card `c` be played against an attack (and only then, for the events)?"""
    return IS_TROOP[c] or CARD_ID[c] in ANSWER_EVENTS


ENDING_CARDS = {"ev.tatar_invasion", "ev.silence"}


def is_ending(c: int) -> bool:
    """Is card `c` one of the two that end the game early?"""
    return CARD_ID[c] in ENDING_CARDS


def is_other(c: int) -> bool:
    """Is card `c` no answer to a war?"""
    return not is_answer(c)


def dealt_knowing(obs: Observation, truth: GameState, rng: random.Random,
                  hold_odds=None, exact: Callable[[int], bool] = is_answer) -> GameState:
    """A world from `obs` whose other hands hold exactly their true cards of one sort
    (`exact`: the answers to a war, or with `is_other` the rest), the rest of each hand
    dealt at random from the unseen cards of the other sort."""
    world = determinize(obs, rng, hold_odds)
    pool = [c for t in range(obs.n) if t != obs.seat
            for c in world.hands[t][len(obs.known.get(t, [])):]] + world.deck
    hands = {}
    for t in range(obs.n):
        if t == obs.seat:
            continue
        known = obs.known.get(t, [])[:]
        ans = [c for c in truth.hands[t] if exact(c) and c not in known]
        if any(c not in pool for c in ans):  # an answer lies in a face-down bid: deal fairly
            return world
        for c in ans:
            pool.remove(c)
        hands[t] = known + ans
    rng.shuffle(pool)
    rest = [c for c in pool if not exact(c)]
    others = [c for c in pool if exact(c)]
    for t, h in hands.items():
        need = obs.hand_sizes[t] - len(h)
        take, rest = rest[:need], rest[need:]
        h += take
        if len(take) < need:              # too few cards of the other sort: any will do
            h += others[:need - len(take)]
            others = others[need - len(take):]
        world.hands[t] = h
    deck = rest + others
    rng.shuffle(deck)
    assert len(deck) == len(world.deck), "cards dealt inconsistently"
    world.deck = deck
    return world


def _swap_into(world: GameState, obs: Observation, c: int, place: int,
               rng: random.Random) -> None:
    """Move unseen card `c` to `place` (a seat's hand, or -1: the deck) in `world`, swapping
    it with a random card of that place that is unseen and no ending card."""
    def slots(p: int) -> list[int]:
        return world.deck if p < 0 else world.hands[p]
    here = next((p for p in [-1] + list(range(world.n)) if c in slots(p)), None)
    if here is None or here == place:           # in a face-down bid, or already right
        return
    start = 0 if place < 0 else len(obs.known.get(place, []))
    target = slots(place)
    spots = [i for i in range(start, len(target)) if not is_ending(target[i])]
    if not spots:
        return
    i = rng.choice(spots)
    source = slots(here)
    j = source.index(c)
    source[j], target[i] = target[i], c


def dealt_with_endings(obs: Observation, truth: GameState, rng: random.Random,
                       hold_odds=None) -> GameState:
    """The bot's own world, but with the Invasion and Silence where they truly are."""
    world = determinize(obs, rng, hold_odds)
    for c in sorted(c for c in set(obs.unseen) if is_ending(c)):
        place = next((t for t in range(truth.n) if t != obs.seat and c in truth.hands[t]),
                     -1 if c in truth.deck else None)
        if place is not None:
            _swap_into(world, obs, c, place, rng)
    return world


def _observe(s: GameState, seat: int) -> Observation:
    """The arena's observation, remembered with the true state it came from."""
    obs = observation(s, seat)
    _table.update(state=s, obs=obs)
    if s.decision.kind == TURN:
        _turn_start[s.decision.seat] = set(s.hands[s.decision.seat])
    return obs


def _held_since_turn(truth: GameState, seat: int, old: bool) -> Callable[[int], bool]:
    """The sort of card known for `--old` (True) or `--new`: in another hand, held at the
    start of its owner's last turn (or not)."""
    kept = {c for t in range(truth.n) if t != seat
            for c in truth.hands[t] if c in _turn_start.get(t, set())}
    fresh = {c for t in range(truth.n) if t != seat for c in truth.hands[t]} - kept
    chosen = kept if old else fresh
    return chosen.__contains__


def _deal(obs: Observation, rng: random.Random, hold_odds=None, places=None) -> GameState:
    """The true hands for the peeking seat's own decisions; a fair deal otherwise (the
    worlds inside a look-ahead see from other seats, or from copies of the position)."""
    if obs is _table["obs"] and obs.seat == _table["seat"] and _table["ages"] is not None:
        sort = _held_since_turn(_table["state"], obs.seat, _table["ages"] == "old")
        return dealt_knowing(obs, _table["state"], rng, hold_odds, sort)
    if obs is _table["obs"] and obs.seat == _table["seat"] and _table["sort"] is is_ending:
        return dealt_with_endings(obs, _table["state"], rng, hold_odds)
    if obs is _table["obs"] and obs.seat == _table["seat"] and _table["sort"] is not None:
        return dealt_knowing(obs, _table["state"], rng, hold_odds, _table["sort"])
    if obs is _table["obs"] and obs.seat == _table["seat"]:
        world = _table["state"].clone()
        world.rng = random.Random(rng.getrandbits(64))
        rng.shuffle(world.deck)
        return world
    return determinize(obs, rng, hold_odds, places)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seats", required=True, help="seat kinds; the first one peeks")
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", type=Path, required=True, help="JSON lines, one per game")
    ap.add_argument("--part", type=int, default=0)
    ap.add_argument("--parts", type=int, default=1)
    sort = ap.add_mutually_exclusive_group()
    sort.add_argument("--answers", action="store_true",
                      help="know only the others' answers to a war, not their whole hands")
    sort.add_argument("--rest", action="store_true",
                      help="know the others' hands but for their answers to a war")
    sort.add_argument("--old", action="store_true",
                      help="know the cards the others held at the start of their last turn")
    sort.add_argument("--new", action="store_true",
                      help="know the cards the others got since the start of their last turn")
    sort.add_argument("--endings", action="store_true",
                      help="know only who holds the Tatar Invasion and Silence")
    args = ap.parse_args(argv)
    _table["sort"] = (is_answer if args.answers else is_other if args.rest
                      else is_ending if args.endings else None)
    _table["ages"] = "old" if args.old else "new" if args.new else None
    kinds = arena.seat_kinds(args.seats.split(","), None)
    arena.observation = _observe
    reading.determinize = _deal           # every dealing of Normal's and Hard's worlds
    belief.determinize = _deal
    done = set()
    if args.out.exists():
        done = {json.loads(line)["g"] for line in args.out.read_text().splitlines()}
    n = len(kinds)
    for g in range(args.games):
        if g % args.parts != args.part or g in done:
            continue
        rotation = g % n
        _table["seat"] = (-rotation) % n  # the table position of the first seat kind
        _turn_start.clear()
        result = dict(arena.play_game(kinds, arena.game_seed(args.seed, g), rotation), g=g)
        with args.out.open("a") as f:
            f.write(json.dumps(result) + "\n")
    rows = [json.loads(line) for line in args.out.read_text().splitlines()]
    share = sum(r["win"][0] for r in rows) / len(rows)
    low, high = arena._wilson(share, len(rows))      # the interval `knjazja simulate` prints
    print(f"{kinds[0]} (peeking): {share:.1%} [{low:.1%}, {high:.1%}] of {len(rows)} games "
          f"in {args.out}")


if __name__ == "__main__":
    main()
