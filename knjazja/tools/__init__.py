"""The developer's benches and checks, apart from the game: ``knjazja bench …`` (engine and UI
speed, the long evening, the words check and the second reader's sample, the review and advice
checks), ``knjazja simulate --check``.  The CLI imports each lazily when its command runs; a
player's game imports none of them (tests/ui/test_shipped_imports.py).
"""
