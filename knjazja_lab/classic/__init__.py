"""The hand-written bots kept for comparison: `normal-classic` (one-ply heuristic
evaluation) and `hard-classic` (ISMCTS with a hand-written leaf guess, `leaf.py`).

Their rule-of-thumb rollout policy ships with the game (`knjazja.bots.rules_of_thumb`):
it settles wars and answers in the shipped bots' look-ahead.
"""
