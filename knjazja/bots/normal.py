"""Normal (interim: the classic heuristic until the learned evaluation lands)."""
from .classic.normal import NormalClassicBot


class NormalBot(NormalClassicBot):
    name = "normal"
