"""Where a word may be broken across lines: at syllable boundaries only.

Russian by rule (after P. Khristov's well-known set, simplified): a break falls between two
vowels' syllables — before a single consonant («ко-ло-кол»), after the first of several
(«Ремес-лен-ная»), after й, ь or ъ (never before them: «Митропо-личье», «Тмута-ракань»);
each part keeps at least two letters and a vowel.  English spelling does not follow rules
that simply, so English words break only where this table (the words of the card names,
as dictionaries divide them) says; any other word is not broken at all — the text shrinks
instead.  No pygame: pure string work.
"""
from __future__ import annotations

from functools import lru_cache

RU_VOWELS = frozenset("аеёиоуыэюяАЕЁИОУЫЭЮЯ")
RU_SIGNS = frozenset("йьъЙЬЪ")
MIN_PART = 2          # letters kept on each side of a break

# English card-name words as dictionaries divide them (lower case, "-" marks a break)
EN_BREAKS = {w.replace("-", ""): w for w in (
    "re-con-nais-sance", "met-ro-pol-i-tan's", "con-dem-na-tion", "prin-ci-pal-i-ty", "po-lovt-sians",
    "po-lovt-sian", "crafts-men's", "match-mak-ing", "ya-ro-slav-na", "tmu-ta-ra-kan", "hun-gar-i-ans",
    "svia-to-polk", "va-ran-gians", "ca-the-dral", "byz-an-tine", "mon-as-tery", "cher-ni-gov",
    "judge-ment", "judg-ment", "treach-ery", "bo-ga-tyrs", "bo-ga-tyr", "poi-son-er", "nov-go-rod",
    "dru-zhi-na", "vla-di-mir", "con-gress", "ac-cursed", "blind-ing", "in-va-sion", "cam-paign",
    "pal-i-sade", "smo-lensk", "prin-ces", "rus-sian", "krem-lin", "ad-vis-er", "ad-vis-or",
    "va-sil-ko", "si-lence", "out-post", "po-lotsk", "plun-der", "quar-ter", "voi-vode", "mi-li-tia",
    "suz-dal", "ga-lich", "her-mit", "gold-en", "am-bush", "wood-en", "mu-rom", "dow-ry",
    "prin-ci-pal-i-ties", "chron-i-cle", "chron-i-cles", "build-ing", "build-ings", "for-eign")}


def ru_breaks(word: str) -> list[int]:
    """Indices ``i`` where ``word[:i] + "-"`` / ``word[i:]`` is a proper Russian break."""
    vowels = [i for i, ch in enumerate(word) if ch in RU_VOWELS]
    out = []
    for a, b in zip(vowels, vowels[1:]):
        cluster = word[a + 1:b]
        if not cluster:
            cut = a + 1                                    # between two vowels: по-эт
        elif len(cluster) == 1:
            cut = a + 2 if cluster in RU_SIGNS else a + 1  # май-ор, ко-ло
        else:
            signs = [k for k, ch in enumerate(cluster) if ch in RU_SIGNS]
            if signs and signs[-1] < len(cluster) - 1:
                cut = a + 1 + signs[-1] + 1                # after й/ь/ъ: Бой-ко, боль-шой
            elif signs:
                cut = a + 1                                # a sign right before the vowel: -чье
            else:
                cut = a + 2                                # after the first consonant: Ремес-лен
        if MIN_PART <= cut <= len(word) - MIN_PART and word[cut - 1].isalpha() and word[cut].isalpha():
            out.append(cut)
    return out


def en_breaks(word: str) -> list[int]:
    marked = EN_BREAKS.get(word.lower().replace("\u2019", "'"))
    if marked is None:
        return []
    out, i = [], 0
    for ch in marked:
        if ch == "-":
            out.append(i)
        else:
            i += 1
    return [k for k in out if MIN_PART <= k <= len(word) - MIN_PART]


@lru_cache(maxsize=4096)
def break_points(word: str, lang: str) -> tuple[int, ...]:
    """Where ``word`` may break (after its own hyphens too), in increasing order."""
    points = {i + 1 for i, ch in enumerate(word[:-1]) if ch == "-" and i + 1 >= MIN_PART}
    parts, start = [], 0
    for piece in word.split("-"):              # each piece of a hyphenated word on its own
        parts.append((start, piece))
        start += len(piece) + 1
    for offset, piece in parts:
        # leading or trailing punctuation (quotes, commas) stays with its letters
        lead = len(piece) - len(piece.lstrip("«\"'(„“"))
        core = piece[lead:].rstrip("»\"'),.;:!?”")
        found = ru_breaks(core) if lang == "ru" else en_breaks(core)
        points |= {offset + lead + i for i in found}
    return tuple(sorted(points))
