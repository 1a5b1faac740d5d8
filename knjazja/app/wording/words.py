"""The words that fill a phrase's placeholders — card names, city names, princes' names —
in every grammatical form a phrase may ask for, so that a phrase stays grammatical whatever
is put into it.

A phrase in ``strings.<lang>.json`` names the form it needs:

- Russian cases: ``{card.acc}``, ``{seat.ins}``, ``{city.prep}`` (``nom gen dat acc ins prep``),
  and ``{city.in}``: the prepositional case with "в"/"во" ("в Киеве", "во Владимире");
- English: ``{card.a}`` ("a Church", "the Poles", "Fire"), ``{card.the}``, ``{card.The}``,
  ``{seat.poss}`` ("Olga's"), ``{seat.refl}`` ("himself", "herself", "themselves"),
  ``{seat.their}`` ("his", "her", "their": "discard her own Blinding of Vasilko");
- agreement with the word's gender and number: ``{city.g:пал|пала|пало|пали}`` (Russian:
  masculine|feminine|neuter|plural) or ``{card.g:goes|go}`` (singular|plural).

Card names take their forms from the card data (``knjazja/engine/data/texts.<lang>.json``:
``gender`` and ``forms`` in Russian, ``a``/``the`` articles and ``gender`` in English).  The
built-in princes' names decline by a small rule; a name a player typed never does: it is put
after the word "игрок" in the oblique cases («перед игроком Вася»).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache

from knjazja.app.wording import i18n
from knjazja.engine.cards import CARD_ID, CARDS, INSTANCES, IS_MILITIA, IS_TROOP, texts
from knjazja.engine.kinds import CardKind

RU_CASES = ("nom", "gen", "dat", "acc", "ins", "prep")
EN_FORMS = ("nom", "a", "the", "The", "poss", "refl", "their")
# "in": the prepositional case with its preposition, which is "во" before "Вл…" ("во Владимире")
FORMS = {"ru": RU_CASES + ("in",), "en": EN_FORMS}
_VO = re.compile(r"[ВвФф][бвгджзйклмнпрстфхцчшщ]")
GENDERS = {"ru": ("m", "f", "n", "pl"), "en": ("sg", "pl")}


class Agreement:
    """``{word.g:пал|пала|пало|пали}``: the alternative that agrees with the word."""

    __slots__ = ("gender", "lang")

    def __init__(self, gender: str, lang: str) -> None:
        self.gender, self.lang = gender, lang

    def __format__(self, spec: str) -> str:
        options = spec.split("|")
        if len(options) == 2:                    # singular | plural
            return options[1] if self.gender == "pl" else options[0]
        order = GENDERS[self.lang]
        if len(options) != len(order):
            raise ValueError(f"agreement needs 2 or {len(order)} forms: {spec!r}")
        return options[order.index(self.gender)]


class Word:
    """A name in all its forms: ``str(word)`` and ``{word}`` give the nominative."""

    __slots__ = ("forms", "gender", "lang")

    def __init__(self, forms: Mapping[str, str], gender: str, lang: str) -> None:
        self.forms, self.gender, self.lang = dict(forms), gender, lang

    def __getattr__(self, name: str) -> str:
        try:
            return self.forms[name]
        except KeyError:
            raise AttributeError(f"no form {name!r} of {self.forms.get('nom')!r} in {self.lang}") from None

    @property
    def g(self) -> Agreement:
        return Agreement(self.gender, self.lang)

    @property
    def lc(self) -> str:
        """The nominative starting in lower case (a phrase set after a colon)."""
        nom = self.forms["nom"]
        return nom[:1].lower() + nom[1:]

    def __str__(self) -> str:
        return self.forms["nom"]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Word({self.forms['nom']!r}, {self.gender})"


# -- cards -------------------------------------------------------------------------------------
def card_token(card: int, form: str = "nom") -> str:
    """A log token the log panel turns into a card's name (in that form) you can hover."""
    return f"{{card:{card}}}" if form == "nom" else f"{{card:{card}:{form}}}"


@lru_cache(maxsize=None)
def _entry(card_id: str, lang: str) -> dict:
    return texts(lang)[card_id]


def name_form(card: int, lang: str, form: str = "nom") -> str:
    """A card's name in a Russian case (troops with their Strength: "Дружину 7"); ``pl_<case>``
    and ``few`` are the plural forms a count takes ("тремя «Ополчениями»", "two Militias")."""
    if card < 0:
        return "?"
    entry = _entry(CARD_ID[card], lang)
    if form.startswith("pl_") or form == "few":
        plural = entry.get("plural", entry["name"])
        if isinstance(plural, str):                  # English: one plural for every use
            return plural
        return plural.get(form[3:] if form != "few" else "few", entry["name"])
    name = entry.get("forms", {}).get(form, entry["name"]) if form != "nom" else entry["name"]
    if IS_TROOP[card] and not IS_MILITIA[card]:
        name = f"{name} {CARDS[card].strength}"
    return name


def _quotes(lang: str) -> tuple[str, str]:
    """The quotes around card names other than cities ("«»" in Russian, none in English)."""
    q = i18n.tr("grammar.card_quotes", lang=lang)
    return (q[0], q[-1]) if q else ("", "")


@lru_cache(maxsize=4096)
def card_word(card: int, lang: str, *, quoted: bool = True, tokens: bool = False) -> Word:
    """The name of card ``card`` as a placeholder value.

    ``quoted``: in Russian, names other than cities go in «»; ``tokens``: each form is a log
    token the log panel draws as the card's name (so the mouse can show the card)."""
    if card < 0:
        return Word({f: "?" for f in FORMS[lang]}, "m" if lang == "ru" else "sg", lang)
    entry = _entry(CARD_ID[card], lang)
    name: Callable[[str], str] = (lambda f: card_token(card, f)) if tokens else \
        (lambda f: name_form(card, lang, f))
    left, right = _quotes(lang) if quoted and CARDS[card].kind != CardKind.CITY else ("", "")
    if lang == "ru":
        forms = {f: f"{left}{name(f)}{right}" for f in RU_CASES}
        forms["in"] = _in(left + name_form(card, lang, "prep"), forms["prep"], lang)
        return Word(forms, entry.get("gender", "m"), lang)
    bare = f"{left}{name('nom')}{right}"
    a, the = entry.get("a", ""), entry.get("the", "")
    forms = {"nom": bare, "a": f"{a} {bare}" if a else bare, "the": f"{the} {bare}" if the else bare,
             "poss": i18n.tr("grammar.poss", lang=lang, name=bare), "refl": bare,
             "their": i18n.tr(f"grammar.their.{'x' if entry.get('gender') == 'pl' else 'n'}", lang=lang)}
    forms["The"] = forms["the"][:1].upper() + forms["the"][1:]
    return Word(forms, entry.get("gender", "sg"), lang)


def card_word_by_id(card_id: str, lang: str) -> Word:
    """The name of a card named by its id (its first copy): ``{@chr.voivode}`` in a string."""
    return card_word(INSTANCES[card_id][0], lang)


def _in(bare: str, shown: str, lang: str) -> str:
    """``shown`` (the prepositional form, maybe a token) after "в" — or "во" when the word
    itself (``bare``) starts with "В"/"Ф" and a consonant: "во Владимире"."""
    return i18n.tr("grammar.in_vo" if _VO.match(bare) else "grammar.in", lang=lang, name=shown)


def counted(card: int, k: int, lang: str, *, tokens: bool = False) -> Word:
    """``k`` copies of a card as one word, in every form: "три «Ополчения»", "тремя
    «Ополчениями»", "two Militias" (the numeral agrees with the card's gender and case)."""
    entry = _entry(CARD_ID[card], lang)
    gender = entry.get("gender", "m")
    left, right = _quotes(lang) if CARDS[card].kind != CardKind.CITY else ("", "")
    name: Callable[[str], str] = (lambda f: card_token(card, f)) if tokens else \
        (lambda f: name_form(card, lang, f))

    def numeral(case: str) -> str:
        key = f"grammar.num.nom.{gender if gender in ('f', 'pl') else 'm'}" if case in ("nom", "acc") else \
            f"grammar.num.{'gen' if case == 'prep' else case}"
        words = i18n.tr_list(key, lang=lang)
        return words[min(k, len(words) + 1) - 2]

    if lang == "ru":
        forms = {}
        for case in RU_CASES:
            noun = ("few" if 2 <= k <= 4 and gender != "pl" else "pl_gen") if case in ("nom", "acc") \
                else f"pl_{case}"
            forms[case] = f"{numeral(case)} {left}{name(noun)}{right}"
        forms["in"] = i18n.tr("grammar.in", lang=lang, name=forms["prep"])
        return Word(forms, "pl", lang)
    text = f"{numeral('nom')} {left}{name('pl_nom')}{right}"
    return Word({"nom": text, "a": text, "the": text, "The": text[:1].upper() + text[1:],
                 "poss": i18n.tr("grammar.poss", lang=lang, name=text), "refl": text,
                 "their": i18n.tr("grammar.their.x", lang=lang)}, "pl", lang)


def card_list(cards: Iterable[int], lang: str, *, tokens: bool = False) -> Word:
    """Cards as one word, copies of one card counted: "«Поляки 5» и тремя «Ополчениями»"."""
    groups: dict[str, list[int]] = {}
    for c in cards:
        groups.setdefault(CARD_ID[c] if c >= 0 else f"?{c}", []).append(c)
    return word_list([card_word(g[0], lang, tokens=tokens) if len(g) == 1 else
                      counted(g[0], len(g), lang, tokens=tokens) for g in groups.values()], lang)


def word_list(words: Iterable[Word], lang: str) -> Word:
    """Several words as one: "«Дружина 3» и «Поляки»" in every form; plural when more than one."""
    words = list(words)
    if not words:
        return Word({f: "—" for f in FORMS[lang]}, "pl", lang)
    if len(words) == 1:
        return words[0]
    joiner = i18n.tr("grammar.and", lang=lang)
    forms = {f: ", ".join(getattr(w, f) for w in words[:-1]) + joiner + getattr(words[-1], f)
             for f in FORMS[lang]}
    if "The" in forms:                      # only the list's first word is capitalised
        forms["The"] = forms["the"][:1].upper() + forms["the"][1:]
    return Word(forms, "pl", lang)


def join_names(names: Iterable[str], lang: str | None = None) -> str:
    """Princes' names as a list with "и"/"and" before the last: "Ольга, Ярослав и Вася"."""
    names = list(names)
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + i18n.tr("grammar.and", lang=lang) + names[-1]


# -- princes -----------------------------------------------------------------------------------
def prince_names(lang: str) -> list[str]:
    """The built-in princes' names (setup fills empty seats with them)."""
    return [n.split(":")[0] for n in i18n.tr_list("names.princes", lang=lang)]


def localise_name(name: str, lang: str) -> str:
    """A built-in prince's name in ``lang`` ("Ярослав" -> "Yaroslav" for an English table, as the
    English lessons name him); any other name (typed by a player) as it is."""
    here = prince_names(lang)
    for other in i18n.LANGUAGES:
        theirs = prince_names(other)
        if other != lang and name in theirs and name not in here:
            i = theirs.index(name)
            return here[i] if i < len(here) else name
    return name


def _builtin_genders(lang: str) -> dict[str, str]:
    out = {}
    for item in i18n.tr_list("names.princes", lang=lang):
        name, _, gender = item.partition(":")
        out[name] = gender or "m"
    return out


def decline_russian(name: str, gender: str) -> dict[str, str]:
    """The cases of a built-in Russian name: Ярослав, Андрей, Юрий, Ольга."""
    if gender == "f":
        stem, last = name[:-1], name[-1]
        soft = last == "я" or stem[-1:] in "гкхжшчщ"
        gen = stem + ("и" if soft else "ы")
        dat = stem + ("и" if stem.endswith("и") else "е")
        return {"nom": name, "gen": gen, "dat": dat, "acc": stem + ("ю" if last == "я" else "у"),
                "ins": stem + ("ей" if last == "я" else "ой"), "prep": dat}
    if name.endswith("ий"):
        stem = name[:-1]
        return {"nom": name, "gen": stem + "я", "dat": stem + "ю", "acc": stem + "я",
                "ins": stem + "ем", "prep": stem + "и"}
    if name.endswith(("й", "ь")):
        stem = name[:-1]
        return {"nom": name, "gen": stem + "я", "dat": stem + "ю", "acc": stem + "я",
                "ins": stem + "ем", "prep": stem + "е"}
    return {"nom": name, "gen": name + "а", "dat": name + "у", "acc": name + "а",
            "ins": name + "ом", "prep": name + "е"}


def prince_word(names: list[str], seat: int, lang: str) -> Word:
    """The name of seat ``seat`` among ``names`` as a placeholder value; "?" for a seat the
    names do not cover (a redacted or missing seat must not break a sentence)."""
    return seat_word(names[seat] if 0 <= seat < len(names) else "?", lang)


@lru_cache(maxsize=256)
def seat_word(name: str, lang: str) -> Word:
    """A prince's name as a placeholder value: built-in names decline, typed ones never do."""
    builtin = _builtin_genders(lang)
    if lang == "ru":
        if name in builtin:
            forms = decline_russian(name, builtin[name])
            forms["in"] = _in(forms["prep"], forms["prep"], lang)
            return Word(forms, builtin[name], lang)
        number = _seat_number(name, lang)
        if number is not None:          # "Игрок 2", a free seat of a network table: «у Игрока 2»
            forms = {case: _capital(i18n.tr(f"grammar.player.{case}", lang=lang, name=number))
                     for case in RU_CASES[1:]}
        else:
            forms = {case: i18n.tr(f"grammar.player.{case}", lang=lang, name=name) for case in RU_CASES[1:]}
        forms["in"] = _in(forms["prep"], forms["prep"], lang)
        return Word(dict(forms, nom=name), "m", lang)
    gender = builtin.get(name, "x")
    return Word({"nom": name, "a": name, "the": name, "The": name,
                 "poss": i18n.tr("grammar.poss", lang=lang, name=name),
                 "refl": i18n.tr(f"grammar.refl.{gender}", lang=lang),
                 "their": i18n.tr(f"grammar.their.{gender}", lang=lang)}, "sg", lang)


def _seat_number(name: str, lang: str) -> str | None:
    """The number of a seat named as a network table names a seat ("Игрок 2"), or None: such a
    name declines its first word («у Игрока 2») instead of taking another «игрок» before it."""
    word = i18n.tr("net.seat_name", lang=lang, n=0)[:-1].rstrip("\u00a0 ")
    m = re.fullmatch(re.escape(word) + r"[\u00a0 ](\d+)", name)
    return m.group(1) if m else None


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
