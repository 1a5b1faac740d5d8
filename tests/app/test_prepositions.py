"""A Russian template never doubles the preposition that a `.in` form already carries
(`{city.in}` renders «в Галиче»: «в {city.in}» read «в в Галиче» in a review reason)."""
import json
import re
from pathlib import Path

STRINGS = Path(__file__).resolve().parents[2] / "knjazja" / "app" / "data" / "strings.ru.json"
DOUBLED = re.compile(r"(?<![\w-])(в|во|на)\s+\{[^{}]*\.in\}", re.I)


def test_no_preposition_before_a_form_that_has_one():
    strings = json.loads(STRINGS.read_text(encoding="utf-8"))
    doubled = {k: v for k, v in strings.items() if isinstance(v, str) and DOUBLED.search(v)}
    assert not doubled
    assert DOUBLED.search("после {card.gen} в {city.in} больше")      # the check sees the old text
