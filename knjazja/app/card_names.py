"""Card names as the table prints them (troops with their Strength)."""
from __future__ import annotations

from functools import lru_cache

from knjazja.engine import card_name
from knjazja.engine.cards import CARDS


@lru_cache(maxsize=512)
def short_name(card: int, lang: str) -> str:
    """A card's name; a troop's with its Strength ("Druzhina 7", "Poles 5")."""
    if card < 0:
        return "?"
    spec = CARDS[card]
    name = card_name(card, lang)
    if spec.kind == "troop" and spec.id != "troop.militia":
        return f"{name} {spec.strength}"
    return name
