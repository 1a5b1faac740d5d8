"""Each rule once (issues 47 and 61), held by its results: the rules of war and of a city on
the public table (`engine/public.py`, `City`) — which the engine, the refusals, the bots, the
Hint's facts and the laboratory all ask — give, on the deciding seat's observation and on a
bot's view, the engine's own answers on every position of many games: its legal actions
(who may declare war and why not, which troops attack and which hold, where a building may
go, what False Matchmaking and Fire strike) and what `apply` made of every attack, defence
and Bribe (`rules_check.Checker`).  A copy of a rule that drifted from the engine's would
give another answer somewhere here; a code-reading test could not see a copy that reckoned
right on paper and wrong in play (a city stripped to 0 Glory, issue 61).

Random games cover every player count and house rule (`checkrun.game_setup`); the bots'
games cover what random play seldom reaches (the wars of princes who keep troops, walls
built up, Anna and the Bogatyrs in long wars).
"""
from __future__ import annotations

import random

import pytest
from rules_check import Checker

from knjazja.bots import make_bot
from knjazja.engine import GameOptions, legal_actions, new_game, observation
from knjazja.tools.checkrun import game_setup

RANDOM_GAMES = 42            # 2..8 players, every house rule (game_setup's rotation)
EASY_GAMES = 42


def _random_game(checker: Checker, game: int) -> None:
    n, seed, options = game_setup(61, game)
    s = new_game(n, seed, options)
    rng = random.Random(seed)
    while not s.over:
        checker.position(s)
        checker.play(s, rng.choice(legal_actions(s)))


def _bot_game(checker: Checker, kinds: list[str], seed: int, options: GameOptions) -> None:
    s = new_game(len(kinds), seed, options)
    bots = [make_bot(k) for k in kinds]
    rng = random.Random(seed)
    while not s.over:
        checker.position(s)
        seat = s.decision.seat
        checker.play(s, bots[seat].choose(observation(s, seat), legal_actions(s), rng))


def test_the_rules_give_the_engine_s_answers_in_random_games():
    checker = Checker()
    for game in range(RANDOM_GAMES):
        _random_game(checker, game)
    c = checker.counts
    assert c["positions"] > 5000, c
    assert min(c[k] for k in ("declare", "why_not_declare", "builds", "fire_or_matchmaking", "attacks",
                              "defences", "applied_attack", "applied_hold")) > 50, c


def test_the_rules_give_the_engine_s_answers_in_easy_games():
    checker = Checker()
    for game in range(EASY_GAMES):            # 2..8 princes, strict defence every other week
        _bot_game(checker, ["easy"] * (2 + game % 7), 610 + game, GameOptions(strict_defence=game // 7 % 2 == 1))
    c = checker.counts
    assert c["positions"] > 4000, c
    assert min(c[k] for k in ("declare", "why_not_declare", "builds", "fire_or_matchmaking", "attacks",
                              "defences", "applied_attack", "applied_hold")) > 50, c


@pytest.mark.parametrize("kinds,strict", [(["normal", "easy", "normal", "easy"], False),
                                          (["normal", "normal", "normal"], True)])
def test_the_rules_give_the_engine_s_answers_in_normal_games(kinds, strict):
    checker = Checker()
    for seed in range(2):
        _bot_game(checker, kinds, 620 + seed, GameOptions(strict_defence=strict))
    c = checker.counts
    assert c["positions"] > 300 and c["declare"] > 500 and c["attacks"] > 20 and c["applied_hold"] > 0, c
