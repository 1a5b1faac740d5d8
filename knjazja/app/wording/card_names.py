"""Card names as the table prints them (troops with their Strength), and the engine's
refusals in words."""
from __future__ import annotations

from knjazja.app.wording.i18n import strings, tr
from knjazja.app.wording.words import card_word, name_form, prince_word
from knjazja.engine.cards import CARD_ID
from knjazja.engine.refusals import CardArg, Refusal, SeatArg


def short_name(card: int, lang: str) -> str:
    """A card's name as a label; a troop's with its Strength ("Druzhina 7", "Poles 5")."""
    return name_form(card, lang)


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
    """The engine's reason why a move cannot be made, in words (``table.why.<code>``); cards
    and princes go in as words, so the reason puts them in the case it needs."""
    kw: dict[str, object] = {}
    for key, value in r.params.items():
        if isinstance(value, CardArg):
            kw[key] = card_word(value.card, lang)
        elif isinstance(value, SeatArg):
            kw[key] = prince_word(names, value.seat, lang)
        else:
            kw[key] = value
    return tr(f"table.why.{r.code}", lang=lang, **kw)
