"""Card names as the table prints them (troops with their Strength), and the engine's
refusals in words."""
from __future__ import annotations

from knjazja.app.i18n import tr
from knjazja.app.words import card_word, name_form, seat_word
from knjazja.engine.refusals import CardArg, Refusal, SeatArg


def short_name(card: int, lang: str) -> str:
    """A card's name as a label; a troop's with its Strength ("Druzhina 7", "Poles 5")."""
    return name_form(card, lang)


def refusal_text(r: Refusal, names: list[str], lang: str) -> str:
    """The engine's reason why a move cannot be made, in words (``table.why.<code>``); cards
    and princes go in as words, so the reason puts them in the case it needs."""
    kw: dict[str, object] = {}
    for key, value in r.params.items():
        if isinstance(value, CardArg):
            kw[key] = card_word(value.card, lang)
        elif isinstance(value, SeatArg):
            kw[key] = seat_word(names[value.seat] if 0 <= value.seat < len(names) else "?", lang)
        else:
            kw[key] = value
    return tr(f"table.why.{r.code}", lang=lang, **kw)
