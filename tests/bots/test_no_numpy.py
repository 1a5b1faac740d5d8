"""The game never needs numpy: the learned evaluation is read in pure Python (numpy is
only for `knjazja train`, and the built program leaves it out)."""
import subprocess
import sys

SCRIPT = """
import random, sys
from knjazja.bots import make_bot
from knjazja.bots.hints import rank_actions
from knjazja.engine import new_game, legal_actions, observation, apply
s = new_game(4, 3)
bots = [make_bot("normal"), make_bot("normal"), make_bot("easy"), make_bot("hard", iterations=20)]
for _ in range(40):
    seat = s.decision.seat
    apply(s, bots[seat].choose(observation(s, seat), legal_actions(s), random.Random(1)))
rank_actions(observation(s, s.decision.seat), legal_actions(s), budget=10)
assert "numpy" not in sys.modules, "numpy was imported"
print("ok")
"""


def test_bots_play_without_numpy():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
