"""``python -m knjazja``: the same as the ``knjazja`` command (also on Windows, where the
windowed build has no console)."""
import sys

from knjazja.cli import main

# The guard matters: a spawned worker process (Hard's thinker, the card-face prefetcher)
# imports this module again as __mp_main__ and must not start a second game.
if __name__ == "__main__":
    sys.exit(main())
