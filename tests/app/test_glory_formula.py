"""A city's Glory as the results screen and the guide print it: brackets only round a sum."""
import pytest

from knjazja.app.wording.glory import city_formula, glory_expression
from knjazja.engine.scoring import CityScore


@pytest.mark.parametrize("parts,expected", [
    ((2, 1, 3, 0, 3, 15), "(2 + 3) × 3"),
    ((2, 2, 3, 0, 3, 21), "(2×2 + 3) × 3"),
    ((1, 1, 0, 0, 3, 3), "1 × 3"),              # not "(1) × 3"
    ((1, 2, 0, 0, 3, 6), "(1×2) × 3"),
    ((3, 1, 1, 0, 1, 4), "3 + 1"),
    ((1, 2, 0, 0, 1, 2), "1×2"),
])
def test_the_expression(parts, expected):
    assert glory_expression(CityScore("city.smolensk", *parts)) == expected


def test_a_city_with_nothing_to_reckon_is_its_number():
    assert city_formula(CityScore("city.pskov", 2, 1, 0, 0, 1, 2), "en") == "Pskov: 2"
    assert city_formula(CityScore("city.smolensk", 1, 1, 0, 0, 3, 3), "ru") == "Смоленск: 1\u00a0×\u00a03\u00a0=\u00a03"
