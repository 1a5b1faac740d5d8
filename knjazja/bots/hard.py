"""Hard (interim: the classic search until the learned evaluation lands)."""
from .classic.hard import DEFAULT_BUDGET, HardClassicBot, best_of, parallel_search, search  # noqa: F401


class HardBot(HardClassicBot):
    name = "hard"
