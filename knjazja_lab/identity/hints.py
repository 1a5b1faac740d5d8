"""The Hint's and the review's rankings, hashed: `rank_actions` (4 worlds, so deterministic)
at every 20th decision of two games Normal plays, plain and with every move played on.

    python -m knjazja_lab.identity.hints      # prints the hash; hashes.json has the old one
"""
from __future__ import annotations

import hashlib
import json
import random

from knjazja.bots import make_bot
from knjazja.bots.hints import rank_actions
from knjazja.engine import apply, legal_actions, new_game, observation


def rankings_hash() -> tuple[int, str]:
    h, count = hashlib.sha256(), 0
    for seed in (1, 2):
        s, bot, rng = new_game(4, seed), make_bot("normal"), random.Random(seed)
        for i in range(160):
            if s.over:
                break
            seat, legal = s.decision.seat, legal_actions(s)
            obs = observation(s, seat)
            if i % 20 == 3 and len(legal) > 1:
                for compare in (False, True):
                    ranking = rank_actions(obs, legal, 4, random.Random(i), compare=compare)
                    h.update(json.dumps([(a.to_json(), round(v, 12)) for a, v in ranking]).encode())
                    count += 1
            apply(s, bot.choose(obs, legal, rng))
    return count, h.hexdigest()


if __name__ == "__main__":
    count, digest = rankings_hash()
    print(count, "rankings", digest)
