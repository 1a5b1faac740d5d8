"""The review and the Hint's reasons: the post-game analysis, the facts a player can check,
their words, the verdict on a move, `bench review`.
"""
