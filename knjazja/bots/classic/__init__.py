"""The hand-written bots kept for comparison: `normal-classic` (one-ply heuristic
evaluation) and `hard-classic` (ISMCTS with a hand-written leaf guess).

Their rule-of-thumb rollout policy (`fast.fast_choose`) also settles wars and answers in
the new bots' look-ahead and search.
"""
