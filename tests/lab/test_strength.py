"""Strength sanity (small seeded matches; the real measurements are benchmarks)."""
from knjazja_lab.arena import run_arena


def test_normal_beats_random():
    res = run_arena(["normal", "random", "random", "random"], games=16, seed=3)
    assert res["games"] == 16
    assert res["seats"][0]["win_share"] >= 0.5, res


def test_normal_beats_easy_in_a_duel():
    res = run_arena(["normal", "easy"], games=16, seed=4)
    assert res["seats"][0]["win_share"] >= 0.5, res
