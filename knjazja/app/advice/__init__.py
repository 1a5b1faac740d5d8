"""The review and the Hint's reasons: the post-game analysis, the facts a player can check
and what each move does, their words, the verdict on a move and the review's marks, `bench
review`; and the advice check (`audit`, `bench advice`).
"""
