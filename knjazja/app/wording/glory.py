"""A city's Glory as the formula of docs/RULES.md §3, in words: "Vladimir: (2×2 + 3) × 3 = 21".

The numbers are the engine's own breakdown (``engine.scoring``); the results screen and the
lessons' guide print the same line.
"""
from __future__ import annotations

from knjazja.app.wording.i18n import card_name, tr
from knjazja.engine import PublicView
from knjazja.engine.scoring import CityScore, city_score


def glory_expression(c: CityScore) -> str:
    """E.g. "(2 + 3) × 3": how the Glory of a city is reckoned."""
    base = f"{c.base}×{c.quarter}" if c.quarter != 1 else f"{c.base}"
    parts = [base]
    if c.buildings:
        parts.append(str(c.buildings))
    if c.golden_gate:
        parts.append(f"{c.golden_gate}")
    inner = " + ".join(parts)
    if c.throne == 1:
        return inner
    return f"({inner}) × {c.throne}" if inner != str(c.base) else f"{inner} × {c.throne}"    # not "(1) × 3"


def city_formula(c: CityScore, lang: str) -> str:
    """E.g. "Vladimir: (2 + 3) × 3 = 15" — the city's Glory by docs/RULES.md §3 ("Pskov: 2" when
    there is nothing to reckon)."""
    expr = glory_expression(c)
    if expr == str(c.total):
        return tr("results.city_plain", lang=lang, city=card_name(c.city, lang), total=c.total)
    return tr("results.city_formula", lang=lang, city=card_name(c.city, lang), expr=glory_expression(c),
              total=c.total)


def formula_now(s: PublicView, city: int, lang: str) -> str | None:
    """The formula of city card ``city`` as it stands, or None when it is not in play."""
    c = s.cities.get(city)
    return None if c is None else city_formula(city_score(c), lang)
