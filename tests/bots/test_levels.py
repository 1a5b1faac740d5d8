"""The shipped factory makes the levels a player picks and nothing else; a bot says itself
whether it needs a worker process (issue 47: no bot is recognised by its name)."""
import subprocess
import sys

import pytest

from knjazja.bots import KINDS, make_bot
from knjazja.bots.advisor import HintAdvisor
from knjazja.bots.endcost import EndCost
from knjazja.bots.hard import HardBot
from knjazja.bots.thinker import Thinker


def test_the_shipped_factory_makes_each_level_under_its_own_name():
    for kind in KINDS:
        assert make_bot(kind).name == kind
    assert type(make_bot("hard")) is HardBot


@pytest.mark.parametrize("kind", ["normal:light", "hard:wide", "hard@eval.json", "hard-classic",
                                  "normal-classic", "hard-learned", "builder"])
def test_the_arenas_variants_are_the_laboratorys(kind):
    with pytest.raises(ValueError, match="knjazja_lab"):
        make_bot(kind)


def test_a_worker_process_is_asked_for_not_guessed_from_the_name():
    assert Thinker(make_bot("hard", iterations=2)).use_process
    assert Thinker(HintAdvisor()).use_process and HintAdvisor.name == "hint"
    assert Thinker(EndCost()).use_process
    assert not Thinker(make_bot("normal")).use_process

    class NamedHard:                       # a name alone no longer sends a bot to a process
        name = "hard-something"

        def choose(self, obs, legal, rng):
            return legal[0]

    assert not Thinker(NamedHard()).use_process


GAME = """
import pkgutil, random, sys
import knjazja.bots
from knjazja.bots import make_bot
from knjazja.bots.advisor import HintAdvisor
from knjazja.bots.endcost import EndCost
from knjazja.bots.thinker import Thinker
from knjazja.engine import apply, legal_actions, new_game, observation
bots = [make_bot("easy"), make_bot("normal"), make_bot("hard", iterations=2), make_bot("random")]
s, rng = new_game(4, 5), random.Random(1)
for n in range(120):
    if s.over:                      # a short game: every module has been loaded by then
        break
    seat, legal = s.decision.seat, legal_actions(s)
    obs = observation(s, seat)
    if n % 40 == 1 and len(legal) > 1:
        HintAdvisor(budget=2).choose(obs, legal, rng)
        EndCost(playouts=2).choose(obs, legal[:2], rng)
    apply(s, bots[seat].choose(obs, legal, rng))
shipped = {f"knjazja.bots.{m.name}" for m in pkgutil.iter_modules(knjazja.bots.__path__)}
unused = sorted(shipped - set(sys.modules))
assert not unused, f"shipped but never loaded by a game: {unused}"
assert not any(m.startswith("knjazja_lab") for m in sys.modules)
"""


def test_every_shipped_bot_module_is_loaded_by_a_game():
    """The game's bots package holds what a game, its Hint and its review load, nothing
    more: an arena-only module belongs to the laboratory (issue 47)."""
    out = subprocess.run([sys.executable, "-c", GAME], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
