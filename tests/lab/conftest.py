"""The laboratory's tests share the bots' test helpers (tests/bots/bot_states.py)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bots"))
