"""Card names as the table prints them (troops with their Strength), and the engine's
refusals in words."""
from __future__ import annotations

from functools import lru_cache

from knjazja.app.i18n import strings, tr
from knjazja.engine import card_name
from knjazja.engine.cards import CARD_ID, CARDS, IS_MILITIA, IS_TROOP
from knjazja.engine.refusals import CardArg, Refusal, SeatArg


@lru_cache(maxsize=512)
def short_name(card: int, lang: str) -> str:
    """A card's name; a troop's with its Strength ("Druzhina 7", "Poles 5")."""
    if card < 0:
        return "?"
    name = card_name(card, lang)
    if IS_TROOP[card] and not IS_MILITIA[card]:
        return f"{name} {CARDS[card].strength}"
    return name


def chip_names(card: int, lang: str) -> list[str]:
    """The names a chip before a player may show, longest first: the card's name, then its
    short forms where there are some ("Anna Yaroslavna", "Anna"; the strings list them
    as "longer|shorter")."""
    names = [short_name(card, lang)]
    short = strings(lang).get(f"card.short.{CARD_ID[card]}")
    if isinstance(short, str):
        names += [s for s in short.split("|") if s and s not in names]
    return names


def refusal_text(r: Refusal, names: list[str], lang: str) -> str:
    """The engine's reason why a move cannot be made, in words (``table.why.<code>``)."""
    kw: dict[str, object] = {}
    for key, value in r.params.items():
        if isinstance(value, CardArg):
            kw[key] = short_name(value.card, lang)
        elif isinstance(value, SeatArg):
            kw[key] = names[value.seat] if 0 <= value.seat < len(names) else "?"
        else:
            kw[key] = value
    return tr(f"table.why.{r.code}", lang=lang, **kw)
