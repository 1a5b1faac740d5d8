"""The game log tells each card's play before its discard, and every card that goes to the
discard pile was told of first — over whole games with every kind of answer, reaction and
event, in both languages.  Also "Last played" names the latest card put into play, wars and
reactions included."""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from knjazja.app.wording.narrate import Narrator
from knjazja.app.table.table_view import last_played, played_card
from knjazja.engine import Action, GameOptions, apply, legal_actions, new_game, start_events
from knjazja.engine import zones as Z
from knjazja.engine.cards import CARD_ID
from knjazja.engine.ops import PLAYED
from knjazja.engine.kinds import EventKind

TOKEN = re.compile(r"\{card:(-?\d+)")
# answers and choices a random player rarely picks, but every one must be seen
RARE = ("react", "bribe", "condemn", "ambush", "yield", "yield_plunder", "lay", "bid", "war",
        "event", "pass_igor", "give_city", "keep")


def choose(legal: list[Action], rng: random.Random) -> Action:
    rare = [a for a in legal if a.kind in RARE]
    if rare and rng.random() < 0.7:
        return rng.choice(rare)
    return rng.choice(legal)


def play_logged(n: int, seed: int, lang: str, strict: bool) -> tuple[list, Counter]:
    """One whole game: (event, log line or None, the action that made it) in order."""
    rng = random.Random(seed)
    s = new_game(n, seed, GameOptions(strict_defence=strict, invasion_first_round=seed % 3 == 0))
    narrator = Narrator([f"P{i}" for i in range(n)], lang)
    out = [(e, narrator.event(e, None), None) for e in start_events(s)]
    seen: Counter = Counter()
    for _ in range(3000):
        if s.over:
            break
        a = choose(legal_actions(s), rng)
        seen[a.kind] += 1
        for e in apply(s, a):
            out.append((e, narrator.event(e, None), a))
            seen["ev:" + e.kind + (":" + e.how if e.how else "")] += 1
    assert s.over, "a random game must end"
    return out, seen


def cards_named(line: str | None) -> set[int]:
    return {int(m) for m in TOKEN.findall(line or "")}


GAMES = [(n, seed, ("ru", "en")[seed % 2], seed % 2 == 0) for n in (2, 3, 4, 5, 6) for seed in range(1, 13)]


def check_game(log: list) -> None:
    told: dict[int, bool] = {}          # card -> named in a line since it last entered a hand
    discarded_at: dict[int, int] = {}   # card -> index of the line of its discard
    for i, (e, line, action) in enumerate(log):
        named = cards_named(line)
        # "four Militia": one name stands for the identical copies the event moves
        ids = {CARD_ID[c] for c in named if c >= 0}
        named |= {c for c in e.cards if c >= 0 and CARD_ID[c] in ids}
        if e.kind == EventKind.MOVE and e.dst == Z.DISCARD:
            card = e.card
            # the card was told of before (or by this very line)
            assert told.get(card, False) or card in named, (i, e, line)
            # a card a player chose to play is never just "discarded": its play is told
            if action is not None and card == action.card and e.src is not None and e.src.kind == Z.HAND:
                assert line is None or e.how == PLAYED, (i, e, line)
                assert told.get(card, False) or (e.how == PLAYED and card in named), \
                    ("played card discarded before its play was told", i, e)
            discarded_at[card] = i
        else:
            # no play of a card is told after its discard (until it comes back to a hand)
            if e.kind in (EventKind.CANCELLED, EventKind.ANSWER, EventKind.PLAY_EVENT) and e.card >= 0:
                assert e.card not in discarded_at, ("play told after its discard", i, e, line)
        for c in named:
            told[c] = True
        if e.kind in (EventKind.MOVE, EventKind.BRIBED) and e.dst is not None and e.dst.kind == Z.HAND:
            told[e.card] = e.kind == EventKind.BRIBED or e.src == Z.WAR
            discarded_at.pop(e.card, None)


def test_log_tells_each_play_before_its_discard() -> None:
    seen: Counter = Counter()
    for n, seed, lang, strict in GAMES:
        log, got = play_logged(n, seed, lang, strict)
        seen += got
        check_game(log)
    # the games went through every kind of answer, reaction and event that discards a card
    for kind in ("ev:cancelled", "ev:answer:bribe", "ev:answer:counter_bribe", "ev:answer:ambush",
                 "ev:answer:condemn", "ev:answer:yield_plunder", "ev:raid_lay", "ev:bribed", "ev:play_event",
                 "ev:move:played", "ev:bids_revealed", "ev:repelled:defence", "ev:city_falls", "pass_igor",
                 "ev:plunder", "ev:answer:raid_troop", "ev:keep"):
        assert seen[kind] > 0, f"no {kind} in {len(GAMES)} games: the test covers less than it claims"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_reaction_is_told_before_its_discard(lang: str) -> None:
    """The reported order: "<Outpost> goes to the discard pile" printed before "... plays the
    Outpost and cancels the Raid"."""
    for n, seed, _, strict in GAMES:
        log, _ = play_logged(n, seed, lang, strict)
        for i, (e, _line, _a) in enumerate(log):
            if e.kind == EventKind.CANCELLED:
                discard = next(j for j in range(i + 1, len(log))
                               if log[j][0].kind == EventKind.MOVE and log[j][0].card == e.card)
                assert log[discard][1] is None          # told once: by the "cancels" line
                return
    pytest.fail("no reaction in the games")


def test_last_played_follows_wars_and_reactions() -> None:
    """After any event that puts a card into play, "Last played" names it."""
    checked = Counter()
    for n, seed, lang, strict in GAMES[:20]:
        log, _ = play_logged(n, seed, lang, strict)
        events = [e for e, _l, _a in log]
        for i, e in enumerate(events):
            if e.kind in (EventKind.ATTACK, EventKind.CANCELLED) or (e.kind == EventKind.ANSWER and e.card >= 0):
                assert last_played(events[:i + 1]) == (e.seat, played_card(e)), (i, e)
                checked[e.kind] += 1
    assert checked["attack"] and checked["cancelled"] and checked["answer"]
