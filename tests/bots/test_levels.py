"""The shipped factory makes the levels a player picks and nothing else; a bot says itself
whether it needs a worker process (issue 47: no bot is recognised by its name)."""
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
