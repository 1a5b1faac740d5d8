"""Every Dowry outcome is told in the log, and the end is announced in turns the table shows
(whose turn is the last one), never in a turn counter shown nowhere."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))

from scenario import play, scenario  # noqa: E402

from knjazja.app.wording.narrate import Narrator, expand_tokens  # noqa: E402
from knjazja.engine.actions import DOWRY_BID  # noqa: E402
from knjazja.engine.kinds import EventKind  # noqa: E402

D = "troop.druzhina."
NAMES = ["Anna", "Boris", "Vera", "Gleb"]


def dowry_lines(bids: dict, lang: str = "en") -> list[str]:
    """Seat 1 plays Dowry on Kiev of seat 3; ``bids`` {seat: troop id}; the log lines."""
    hands = {seat: [card] for seat, card in bids.items()}
    hands.setdefault(1, []).append("ev.dowry")
    s = scenario(n=4, hands=hands, current=1, cities={"city.kiev": (3, ["bld.church"])})
    events = play(s, "event", by=1, card="ev.dowry", city="city.kiev")
    while s.decision.kind == DOWRY_BID:
        seat = s.decision.seat
        events += play(s, "bid", by=seat, card=bids[seat]) if seat in bids else play(s, "no_bid", by=seat)
    narrator = Narrator(NAMES, lang)
    return [expand_tokens(line, lang) for e in events if (line := narrator.event(e, None))]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_dowry_outcome_is_logged(lang):
    won = dowry_lines({0: D + "6", 2: D + "5"}, lang)
    kept = dowry_lines({3: D + "9", 2: D + "8"}, lang)
    nobody = dowry_lines({}, lang)
    kiev = "Kiev" if lang == "en" else "Киев"
    assert any("Anna" in line and ("wins" in line or "выигрывает" in line) for line in won), won
    assert any(kiev in line and "Gleb" in line and ("stays" in line or "остаётся" in line)
               for line in kept), kept
    assert any(kiev in line and "Gleb" in line and ("Nobody" in line or "Ставок нет" in line)
               for line in nobody), nobody


def test_the_end_names_the_last_turn():
    s = scenario(n=4, current=2, hands={2: ["ev.tatar_invasion"]}, turn_no=9)
    events = play(s, "event", by=2, card="ev.tatar_invasion")
    end = next(e for e in events if e.kind == EventKind.END_SET)
    assert end.other == 2                    # every prince plays once more: seat 2 comes last
    line = Narrator(NAMES, "en").event(end, None)
    assert "Vera" in line and "turn" in line and str(end.value) not in line
    ru = Narrator(NAMES, "ru").event(end, None)
    assert "игрока Vera" in ru
