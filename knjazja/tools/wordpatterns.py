"""The known wording errors the words check looks for, one test per kind of slip.

Each pattern is a slip a native editor once found in the game's words (numeral agreement,
«в руке», a masculine past after a feminine name, stacked colons, a city draw worded as a
capture, an infinitive after a name, two verbs for declaring war, «наёмники», a reflexive with
no subject, "chose to do not", "one's own", a pronoun that disagrees with the city it stands
for, «Победа поровну», the rules' two false claims ...): ``patterns(lang, feminine, names)``
gives ``(name, test)`` pairs, each test true of a bad ``Line``.  ``tests/app/test_wordcheck.py``
holds, for every pattern, a line it must catch and the fixed line it must pass.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from knjazja.app.wording.i18n import card_name, plural_category
from knjazja.engine.cards import CARD_ID, KIND, texts
from knjazja.engine.kinds import CardKind


@dataclass
class Line:
    kind: str           # log, prompt, button, refusal, stamp, hint, review, handover, results, message...
    text: str
    third: bool = False  # told of somebody else (a log or review line), not to the player
    context: str = ""    # where it was said (a game's move, a string key, a lesson step), for a reader


Test = Callable[[Line], bool]
S = r"[\u00a0 ]"          # a space as typeset: ordinary or no-break

# -- numbers -------------------------------------------------------------------------------------
_NUM = r"(?<![\d,.:])(−?\d+)(?:\u00a0| )"
_RU_COUNTED = {   # lemma: the forms that agree with one / few / many (nominative, accusative, genitive)
    "Слав": ({"Слава", "Славу"}, {"Славы"}, {"Слав"}),
    "карт": ({"карта", "карту"}, {"карты"}, {"карт"}),
    "ход": ({"ход"}, {"хода"}, {"ходов"}),
    "игрок": ({"игрок"}, {"игрока"}, {"игроков"}),
    "ошиб": ({"ошибка"}, {"ошибки"}, {"ошибок"}),
}
_RU_COUNT = re.compile(_NUM + r"(Слав[аыу]?|карт[аыу]?|ход(?:а|ов)?|игрок(?:а|ов)?|ошиб(?:ка|ки|ок))(?!\w)")
_EN_COUNT = re.compile(_NUM + r"(cards?|turns?|players?|saves?|mistakes?|cop(?:y|ies))(?!\w)")
_GENITIVE_BEFORE = re.compile(r"(?:до|из|от|после|около)\u00a0?$")


def _ru_numerals(text: str) -> bool:
    for m in _RU_COUNT.finditer(text):
        n, word = int(m.group(1).replace("−", "-")), m.group(2)
        lemma = next(k for k in _RU_COUNTED if word.startswith(k))
        cat = ("one", "few", "many").index(plural_category("ru", n))
        ok = set(_RU_COUNTED[lemma][cat])
        if _GENITIVE_BEFORE.search(text[:m.start()].rstrip()):    # «до 100 Слав», «до 21 Славы»
            ok |= {"Славы"} if cat == 0 else {"Слав"}
        if word not in ok:
            return True
    return False


def _en_numerals(text: str) -> bool:
    for m in _EN_COUNT.finditer(text):
        n, word = int(m.group(1).replace("−", "-")), m.group(2)
        plural = word.endswith("s") and word != "copy"
        if (abs(n) == 1) == plural:
            return True
    return False


# -- cities and their pronouns -------------------------------------------------------------------
def _city_ids() -> list[str]:
    return sorted({CARD_ID[i] for i in range(len(KIND)) if KIND[i] == CardKind.CITY})


def _cities(lang: str) -> str:
    return "|".join(re.escape(card_name(c, lang)) for c in _city_ids())


def _ru_city_forms() -> list[tuple[str, str]]:
    """(form, gender) of every Russian city name in every case, longest first."""
    out: dict[str, str] = {}
    for cid in _city_ids():
        entry: dict = texts("ru")[cid]
        for form in [entry["name"], *entry["forms"].values()]:
            out[form] = entry["gender"]
    return sorted(out.items(), key=lambda fg: -len(fg[0]))


_PRONOUN_VERB = re.compile(rf"(?<!\w)(его|него|её|неё){S}+(?:не{S}+)?\w+(?:ть|ти|чь)(?!\w)")
_WRONG_PRONOUN = {"m": {"её", "неё"}, "f": {"его", "него"}}


def _pronoun_disagrees(text: str) -> bool:
    """A pronoun that stands for the one city of its clause in the other gender: «Слава
    Тмутаракани станет 5, а стен там нет, и войск, способных его взять» (her city: «её»).
    Only a pronoun before an infinitive («его взять») is read, and only in a clause that names
    one city, so a pronoun for some other word is not taken for the city's."""
    for clause in re.split(r"[.;!?]", text):
        named = [(m.start(), g) for m, g in ((_CITY_FORM[f].search(clause), g) for f, g in _RU_CITY_FORMS) if m]
        if len({g for _, g in named}) != 1:
            continue
        start, gender = min(named)
        if any(p.group(1) in _WRONG_PRONOUN.get(gender, ()) for p in _PRONOUN_VERB.finditer(clause, start)):
            return True
    return False


_RU_CITY_FORMS = _ru_city_forms()
_CITY_FORM = {f: re.compile(rf"(?<!\w){re.escape(f)}(?!\w)") for f, _ in _RU_CITY_FORMS}


# -- the rules' false claims ---------------------------------------------------------------------
def _all_events_discarded(text: str, lang: str) -> bool:
    """"Events … go to the discard pile" said of every event, the Invasion forgotten (it stays
    before its player)."""
    pattern = (r"(?i)(?<!\w)событи[еяй]\w*(?!\w)[^.]*(?<!\w)сброс" if lang == "ru" else
               r"(?i)\bevents?\b[^.]*\bdiscard pile\b")
    invasion = "нашестви" if lang == "ru" else "Invasion"
    return re.search(pattern, text) is not None and invasion not in text


# -- the patterns --------------------------------------------------------------------------------
def _name_then_infinitive(names: list[str], lang: str) -> str:
    """A name opening a sentence and followed by an infinitive, as if it were a subject:
    «Ольга — основать город Смоленск», "Olga — found Smolensk"."""
    who = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    verb = rf"(?:не{S}+)?\w+(?:ть|ти|чь)(?:ся|сь)?(?!\w)" if lang == "ru" else r"(?:do not |not )?[a-z]+\b"
    return rf"(?:^|[.!?]{S}+)(?:{who}){S}—{S}{verb}"


def patterns(lang: str, feminine: set[str], names: list[str] | tuple[str, ...] = ()) -> list[tuple[str, Test]]:
    """(name, test) of every known error in ``lang``; ``feminine``: the feminine names at the
    table; ``names``: every name at the table (built-in and typed)."""
    cities = _cities(lang)
    out: list[tuple[str, Test]] = []

    def rx(name: str, pattern: str, only_third: bool = False) -> None:
        r = re.compile(pattern)
        out.append((name, lambda ln: (ln.third or not only_third) and r.search(ln.text) is not None))

    if names:
        rx("an infinitive after a name, as if it were the subject", _name_then_infinitive(list(names), lang))
    out.append(("the rules: every event goes to the discard pile", lambda ln: _all_events_discarded(ln.text, lang)))
    if lang == "ru":
        _russian(rx, out, feminine, cities)
    else:
        _english(rx, out, cities)
    return out


_ONE = r"(?<!−)(?<!-)(?:1|21|31|41|51|61|71|81|91)"      # numbers that take the singular

# the verbs "start" and "declare" in any form (not the nouns: «в начале войны» is no declaration)
_RU_BEGIN = r"(?:нача(?:ть|л[аои]?)|начн\w+|начина\w+|объяв(?:ить|ите|ля\w+|ил\w*|ит|ишь))(?!\w)"


def _russian(rx: Callable[..., None], out: list[tuple[str, Test]], feminine: set[str], cities: str) -> None:
    out.append(("numeral agreement", lambda ln: _ru_numerals(ln.text)))
    rx("«в руке»", r"(?<!\w)в\u00a0?\s?руке(?!\w)")
    rx("two numbers run together («у Игрока 2 2 карты»)", r"(?<![\d,.:×–-])\d+[ \u00a0]\d+[ \u00a0]\w")
    # (the review tells another prince's move as «Ход Ольги — …»: «ваш» there is the reader's slip)
    rx("«ваш» in a line about somebody else", r"^Ход [^—(]*—(?![^(]*\(для )[^(]*(?<!\w)[Вв]аш\w*")
    if feminine:
        names = "|".join(map(re.escape, sorted(feminine)))
        rx("masculine past after a feminine name", rf"(?:{names})(?!\w)[^.;]*?(?<!\w)\w+л(?:\u00a0| )бы(?!\w)")
    rx("a city draw worded as a capture", rf"берёт{S}(?:город{S})?(?:{cities})(?!\w)")
    rx("stacked colons", r":[^:.!?]*:")
    rx("stacked brackets", r"\)[\u00a0 ]\(")
    rx("a second verb for declaring war (the game's is «пойти войной»)",
       rf"(?i)(?<!\w){_RU_BEGIN}{S}+(?:\w+{S}+)?войн[уаы](?!\w)|(?<!\w)войн[уы]{S}+(?:\w+{S}+)?{_RU_BEGIN}|\*\*Объявлени")
    rx("«наёмники» (the game's word is «иноземное войско»)", r"(?i)(?<!\w)на[её]мн")
    rx("a reflexive verb with «перед собой» and no subject",
       rf"(?<!\w)\w+(?:[еёи]тся|[юя]тся){S}+(?:\w+{S}+)?перед{S}собой")
    out.append(("a pronoun that disagrees with its city", lambda ln: _pronoun_disagrees(ln.text)))
    rx("«среди них» after one card", rf"(?<![\d,.]){_ONE}{S}карт[аыу](?!\w)[^.;]*(?<!\w)среди{S}них(?!\w)")
    rx("«Победа поровну»", rf"(?i)Победа{S}поровну")
    rx("a typed «игрок» before a seat already named «Игрок N»", rf"(?<!\w)игрок\w*{S}Игрок{S}\d")
    rx("«решает на «…»» (decides what?)", rf"решает{S}на{S}«")
    rx("a damaged file «отложен» (say: renamed, and where)", r"(?i)(?<!\w)отлож(?:ен|ено|ена|ить)(?!\w)")
    rx("the rules: Militia with the city's own Glory (it is the full Glory)",
       r"Ополчени\w*[^.]*собственн\w*[\u00a0 ]Слав")


def _english(rx: Callable[..., None], out: list[tuple[str, Test]], cities: str) -> None:
    out.append(("numeral agreement", lambda ln: _en_numerals(ln.text)))
    rx("'Better was'", r"Better was")
    rx("two numbers run together ('gives Player 2 3 Glory')", r"(?<![\d,.:×–-])\d+[ \u00a0]\d+[ \u00a0]\w")
    rx("stacked brackets", r"\)[\u00a0 ]\(")
    rx("stacked colons", r"(?<!\d):(?!\d)[^:.!?]*(?<!\d):(?!\d)")
    rx("'a Druzhina'", r"(?<![\w'])an?[\u00a0 ](?:Druzhina|Polovtsian Host|Militia)(?![\u00a0 ]of )")
    rx("'yourself' in a line about somebody else", r"(?<!\w)your(?:self)?(?!\w)", only_third=True)
    rx("singular 'themselves'", r"(?<!\w)themselves(?!\w)", only_third=True)
    rx("a card more in hand", r"a card more")
    rx("'the lit places'", r"the lit places")
    rx("'yours gave'", r"(?<!\w)yours gave")
    rx("'Give no answer and give up'", r"Give no answer and give up")
    rx("'the Wooden Walls is'", r"Walls is(?!\w)")
    rx("a city draw worded as a capture", rf"takes[\u00a0 ](?:{cities})(?!\w)(?! from)")
    rx("a second verb for declaring war (the game's is 'declare war')",
       r"(?i)\bstart(?:s|ed|ing)?\s+(?:a\s+|the\s+|new\s+)*wars?\b|\bwars?\s+(?:can|may|could)\s+be\s+started\b")
    rx("'mercenaries' (the game's word is 'foreign troop')", r"(?i)\bmercenar")
    rx("a passive 'laid before yourself' (whose place?)",
       r"(?i)\b(?:is|are|be|been)\s+(?:laid|played|put|placed)\s+before\s+yourself\b")
    rx("'do not' after 'to'", r"(?i)\bto\s+(?:do\s+not|don't)\b")
    rx("'of them' after one card", rf"(?<![\d,.]){_ONE}{S}card\b(?!s)[^.;]*\b(?:one|none|any) of them\b")
    rx("a troop of one card with 'are'", r"\b(?:Polovtsian Host|Druzhina|Militia)(?:[\u00a0 ]\d+)?[\u00a0 ]are\b")
    rx("'one's own'", r"(?i)\bone's\s+own\b|\boneself\b")
    rx("'decides at the …' (decides what?)", r"decides at the")
    rx("a damaged file 'set aside' (say: renamed, and where)", r"(?i)\b(?:set|moved) aside\b")
    rx("the rules: Militia with the city's own Glory (it is the full Glory)", r"Militia[^.]*\bown Glory")
