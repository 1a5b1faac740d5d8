"""Non-breaking spaces where a line break would strand a word: before a dash, after a short
word ("в Киеве", "на город"), between a number and its word ("4 Славы", "Сила 7"), inside a
formula ("2 + 1 = 3" never breaks); and a
real minus sign for a hyphen before a number ("−4 Славы").

Applied to every string as it is looked up (UI strings, log lines, card texts, the rules), so
the data files stay readable; the word wraps then break lines at ordinary spaces only.
"""
from __future__ import annotations

import re

NBSP = "\u00a0"

# a space before a dash (em or en dash standing alone), and after a dash that opens a line
_BEFORE_DASH = re.compile(r" (?=[—–]( |$))")
_OPENING_DASH = re.compile(r"^([—–]) ")
# a short word (one or two letters in Russian, one in English) followed by a space
_SHORT_WORD = {
    "ru": re.compile(r"(?<![\w\-])(\w{1,2}) (?=\S)"),
    "en": re.compile(r"(?<![\w\-'’])([AaI]) (?=\S)"),
}
# particles that lean on the word before them ("хотя бы", "так же", "нельзя ли")
_PARTICLE = {"ru": re.compile(r"(?<=\w) (?=(бы|ли|же|ж|б)(?!\w))")}
# a number and the word after it, a word and the number after it
# a hyphen that stands for minus before a number ("-4" -> "−4")
_MINUS = re.compile(r"(?<![\w\-:])-(?=\d)")
# a formula stays on one line: "(2×2 + 3) × 3 = 21", "2 + 1 = 3"
_FORMULA = re.compile(r"([\d)])[ \u00a0]([+×=−])[ \u00a0](?=[\d(−])")
_NUMBER_WORD = re.compile(r"(?<=\d) (?=[^\W\d_])")
_WORD_NUMBER = re.compile(r"(?<=[^\W\d_]) (?=[−+\-]?\d)")


def typeset(text: str, lang: str) -> str:
    """``text`` with non-breaking spaces put in for ``lang`` ("ru" or "en")."""
    if "-" in text:
        text = _MINUS.sub("−", text)
    if " " not in text:
        return text
    text = _BEFORE_DASH.sub(NBSP, text)
    text = _OPENING_DASH.sub(rf"\1{NBSP}", text)
    short = _SHORT_WORD.get(lang)
    if short is not None:
        # twice: "и в городе" has two short words in a row sharing one space
        text = short.sub(rf"\1{NBSP}", text)
        text = short.sub(rf"\1{NBSP}", text)
    particle = _PARTICLE.get(lang)
    if particle is not None:
        text = particle.sub(NBSP, text)
    text = _FORMULA.sub(rf"\1{NBSP}\2{NBSP}", text)
    text = _NUMBER_WORD.sub(NBSP, text)
    return _WORD_NUMBER.sub(NBSP, text)


def number(n: int, sign: bool = False) -> str:
    """An integer with a real minus sign ("−4"); with ``sign``, positives get a "+" ("+3")."""
    if n < 0:
        return f"−{-n}"
    return f"+{n}" if sign else str(n)
