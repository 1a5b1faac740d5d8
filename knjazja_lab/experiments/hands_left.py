"""What is left in the hands at the end of a game, and could it have been played?

Plays the games of `knjazja simulate --seats S --games N --seed X` (the same deals, seats
and bots) and, at the end of each, breaks down the cards left in every hand: by kind, by
card, and whether the card was in one of the legal actions at its owner's last turn — a
card that was not (an answer to a war, a Militia, a building with no city to take it) could
not have been played then whatever the bot preferred.  A troop that can attack counts as
playable when a war could be declared at that turn.

    .venv/bin/python -m knjazja_lab.experiments.hands_left --seats normal,normal,normal,normal \
        --games 40 --seed 301 --jobs 2
"""
from __future__ import annotations

import argparse
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

from knjazja_lab import arena
from knjazja_lab.factory import make_bot
from knjazja.engine import apply, legal_actions, new_game, observation
from knjazja.engine.actions import DECLARE_WAR, TURN
from knjazja.engine.cards import CARD_ID, KIND
from knjazja.engine.kinds import CardKind

MILITIA = "troop.militia"

Tally = dict[str, Counter]


def _cards_in(actions: list, hand: list[int]) -> set[int]:
    """Every card of `hand` some action of `actions` would play or commit; a troop that
    can attack counts when a war could be declared (its troops are laid later, in the war),
    Militia never (it only defends)."""
    out: set[int] = set()
    for a in actions:
        if a.card != -1:
            out.add(a.card)
        out.update(a.cards)
    if any(a.kind == DECLARE_WAR for a in actions):
        out.update(c for c in hand if KIND[c] == CardKind.TROOP and CARD_ID[c] != MILITIA)
    return out


def count_game(kinds: list[str], seed: int, game: int) -> Tally:
    """The cards left in every hand at the end of one game, by kind and by card, and how
    many of them a legal action at their owner's last turn could have played."""
    n = len(kinds)
    rotation = game % n
    entry_at = [(p + rotation) % n for p in range(n)]
    bots = [make_bot(kinds[e]) for e in entry_at]
    gseed = arena.game_seed(seed, game)
    rngs = [random.Random(f"{gseed}:{e}") for e in entry_at]
    s = new_game(n, gseed)
    playable_last_turn: list[set[int]] = [set() for _ in range(n)]
    actions = 0
    while not s.over and actions < arena.MAX_ACTIONS:
        seat = s.decision.seat
        legal = legal_actions(s)
        if s.decision.kind == TURN:
            playable_last_turn[seat] = _cards_in(legal, s.hands[seat])
        apply(s, bots[seat].choose(observation(s, seat), legal, rngs[seat]))
        actions += 1
    tally: Tally = {"kind": Counter(), "card": Counter(), "playable": Counter()}
    for seat, hand in enumerate(s.hands):
        for c in hand:
            tally["kind"][KIND[c]] += 1
            tally["card"][CARD_ID[c]] += 1
            tally["playable"][KIND[c]] += c in playable_last_turn[seat]
    tally["seats"] = Counter(n=n)
    return tally


def _count_part(args: tuple) -> Tally:
    kinds, seed, games = args
    total: Tally = {k: Counter() for k in ("kind", "card", "playable", "seats")}
    for g in games:
        for key, counts in count_game(kinds, seed, g).items():
            total[key].update(counts)
    return total


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seats", required=True)
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    kinds = arena.seat_kinds(args.seats.split(","), None)
    parts = [(kinds, args.seed, range(j, args.games, args.jobs)) for j in range(args.jobs)]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(_count_part, parts))
    total: Tally = {k: Counter() for k in ("kind", "card", "playable", "seats")}
    for r in results:
        for key, counts in r.items():
            total[key].update(counts)
    seats = total["seats"]["n"]
    left = sum(total["kind"].values())
    could = sum(total["playable"].values())
    print(f"{args.games} games, {seats} seats: {left / seats:.2f} cards left a seat, "
          f"{could / seats:.2f} of them playable at the owner's last turn")
    print("by kind (a seat): left, playable at the last turn")
    for kind, k in total["kind"].most_common():
        print(f"  {kind:10s} {k / seats:5.2f} {total['playable'][kind] / seats:5.2f}")
    print("by card (a seat):")
    for cid, k in total["card"].most_common():
        print(f"  {cid:28s} {k / seats:5.2f}")


if __name__ == "__main__":
    main()
