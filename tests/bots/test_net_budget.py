"""The evaluation's remembered sums are bounded by memory and shared: one network per
process (every bot and every table use it) whose caches together never hold more than
their budget (`net.CACHE_MB`), emptied together when it is spent — and a network with a
tiny budget decides exactly as one with room to spare (issue 62)."""
import gc
import json
import random
import tracemalloc

from knjazja.bots import make_bot, net
from knjazja.bots.features import extract
from knjazja.bots.view import View
from knjazja.engine import apply, legal_actions, new_game, observation

from bot_states import playout_states


def weights() -> dict:
    return json.loads(net.resources.files("knjazja.bots").joinpath("data", net.DEFAULT_FILE).read_text("utf-8"))


def small(entries: int) -> net.EvalNet:
    return net.EvalNet(weights(), cache_mb=entries * net.ENTRY_BYTES / 2**20)


def test_every_bot_shares_the_one_network_of_the_process():
    assert net.default_net() is net.default_net()
    assert make_bot("normal")._net is None and make_bot("hard")._net is None   # -> default_net()


def test_the_caches_never_hold_more_entries_than_the_budget():
    tiny = small(300)
    assert tiny.budget.entries == 300
    seen = 0
    for s in playout_states(6, 3, 30, policy="normal"):
        for seat in range(s.n):
            tiny.heads(extract(View.from_state(s, seat)))
            assert tiny.budget.held() <= tiny.budget.entries
            seen = max(seen, tiny.budget.held())
    assert seen > 150                    # it was filled, and emptied when full
    tiny.clear_caches()
    assert tiny.budget.held() == 0 and tiny.budget.left == tiny.budget.entries


def test_the_caches_hold_no_more_memory_than_their_budget():
    """What the caches keep, measured, stays under CACHE_MB over a whole 8-seat game."""
    budget_mb = 2.0
    fresh = net.EvalNet(weights(), cache_mb=budget_mb)
    bot = make_bot("normal", net=fresh)
    s, rng = new_game(8, 21), random.Random(5)
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        most = 0
        while not s.over:
            seat = s.decision.seat
            legal = legal_actions(s)
            apply(s, bot.choose(observation(s, seat), legal, rng) if len(legal) > 1 else legal[0])
            if len(s.history) % 25 == 0:
                most = max(most, tracemalloc.get_traced_memory()[0] - base)
                assert fresh.budget.held() <= fresh.budget.entries
    finally:
        tracemalloc.stop()
    assert most < budget_mb * 2**20 * 1.5, most / 2**20      # (with the game's own states)


def test_a_tiny_budget_decides_as_a_roomy_one():
    """Caches change no float: Normal with room for 50 entries plays the moves of Normal
    with the default budget."""
    moves = []
    for network in (small(50), net.EvalNet(weights())):
        bot = make_bot("normal", net=network)
        s, rng, played = new_game(4, 8), random.Random(3), []
        while not s.over and len(played) < 150:
            seat = s.decision.seat
            played.append(bot.choose(observation(s, seat), legal_actions(s), rng))
            apply(s, played[-1])
        moves.append(played)
    assert moves[0] == moves[1]


def test_the_pool_features_are_remembered_once_per_set_of_cards_under_a_small_key():
    """A pool met again in any order is the same entry, under a key of ~100 bytes (a
    frozenset key took ~2.3 KB: 4096 of them were ~15 MB of every process that thinks)."""
    import sys

    from knjazja.bots import features

    s = new_game(4, 7)
    v, again = View.from_obs(observation(s, 0)), View.from_obs(observation(s, 0))
    again._pool = list(reversed(v.pool))
    features._POOL_CACHE.clear()
    info = features.pool_features(v)
    assert features.pool_features(again) is info and len(features._POOL_CACHE) == 1
    (key,) = features._POOL_CACHE
    assert sorted(key) == sorted(v.pool) and sys.getsizeof(key) < 200


def test_the_search_grows_the_process_s_budget_and_normal_keeps_the_small_one():
    """Normal's look-ahead fits in CACHE_MB; Hard's search reuses more, so the process that runs
    it (the bots' worker) gives the one network SEARCH_CACHE_MB — once, and never less."""
    n = net.EvalNet(weights())
    assert n.budget.entries == int(net.CACHE_MB * 2**20 / net.ENTRY_BYTES)
    n.budget.spend(10)
    n.budget.grow(int(net.SEARCH_CACHE_MB * 2**20 / net.ENTRY_BYTES))
    assert n.budget.entries == int(net.SEARCH_CACHE_MB * 2**20 / net.ENTRY_BYTES) > 2 * 1024
    assert n.budget.left == n.budget.entries - 10          # what is held stays counted
    n.budget.grow(1)
    assert n.budget.entries == int(net.SEARCH_CACHE_MB * 2**20 / net.ENTRY_BYTES)
    s = new_game(4, 2)
    make_bot("hard", iterations=1).choose(observation(s, s.decision.seat), legal_actions(s), random.Random(1))
    assert net.default_net().budget.entries == int(net.SEARCH_CACHE_MB * 2**20 / net.ENTRY_BYTES)
