"""The game's terms and their one-line definitions, and where they occur in a text.

The words are data (``glossary.<term>`` for the definition and ``glossary.<term>.match`` for
the beginnings of the words that name it, comma-separated, in ``strings.<lang>.json``): a
word of a card's text names a term when it starts with one of them ("Славы" → Glory,
"stronger" → Strength).  A UI underlines such words and shows the definition on hover.
"""
from __future__ import annotations

import re
from functools import cache

from knjazja.app.wording.i18n import tr, tr_list
from knjazja.engine import texts
from knjazja.engine.cards import CARD_ID

TERMS = ("glory", "strength", "foreign", "native", "walls", "chronicle", "building", "troop", "event")
_WORD = re.compile(r"\w+", re.UNICODE)


def definition(term: str, lang: str | None = None) -> str:
    return tr(f"glossary.{term}", lang=lang)


@cache
def _prefixes(lang: str) -> tuple[tuple[str, str], ...]:
    """(lower-case word beginning, term), longest first."""
    pairs = [(p.lower(), term) for term in TERMS for p in tr_list(f"glossary.{term}.match", lang=lang)]
    return tuple(sorted(pairs, key=lambda p: -len(p[0])))


def term_of(word: str, lang: str) -> str | None:
    """The term a word names, or None."""
    w = word.lower()
    return next((term for prefix, term in _prefixes(lang) if w.startswith(prefix)), None)


def find_terms(text: str, lang: str) -> list[tuple[int, int, str]]:
    """(start, end, term) of every word of ``text`` that names a term."""
    out = []
    for m in _WORD.finditer(text):
        term = term_of(m.group(), lang)
        if term is not None:
            out.append((m.start(), m.end(), term))
    return out


def terms_in(text: str, lang: str) -> list[str]:
    """The distinct terms ``text`` uses, in order of first use."""
    seen: list[str] = []
    for _, _, term in find_terms(text, lang):
        if term not in seen:
            seen.append(term)
    return seen


def card_terms(card: int, lang: str) -> list[str]:
    """The definitions of the terms in the text of card instance ``card``."""
    text = texts(lang).get(CARD_ID[card], {}).get("text", "")
    return [definition(term, lang) for term in terms_in(text, lang)]
