"""What the frozen build's entry script (build/packaging/entry.py) tells the game, in a module
that imports nothing, so the entry script costs nothing before the menu.

``WORKERS_OK``: ``multiprocessing.freeze_support()`` is in place, so this executable may start
the worker processes that keep Hard's and the hints' searches off the frame loop
(``knjazja.bots.thinker``); a frozen build without it thinks in threads."""

WORKERS_OK = False
