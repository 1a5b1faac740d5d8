"""The game being played, without pygame, by job: the session and its one event feed (here),
``table`` (what a click means, undo, the view the animations have shown), ``wording`` (every
word the game says), ``store`` (every file it keeps), ``tutorial`` (the lessons) and ``advice``
(the review and the Hint's reasons).  ``knjazja.ui`` draws it; tests drive it directly.
Nothing here imports pygame (tests/code/test_house_rules.py imports every module to prove it),
and this file imports nothing: a game loads the modules it uses, no more.
"""
