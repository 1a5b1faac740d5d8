"""The words the game says outside a game's moves, for the words check and its second reader:
every string with no placeholder (menus, glossary, help), the card texts, the lessons, the
rules page, every string that counts something (for numbers from −3 to 25), and every
message with placeholders that no game move renders — files, network, saves, statistics,
series, setup, results — filled with the values the game gives them.
"""
from __future__ import annotations

from string import Formatter

from knjazja.app.wording import i18n
from knjazja.app.wording.i18n import tr
from knjazja.tools.wordpatterns import Line
from knjazja.app.wording.words import Word, card_word, join_names, prince_names, seat_word
from knjazja.engine.cards import CARD_ID, INSTANCES

# placeholders filled in the game's moves (wordcheck renders them there), or by the advice code
_IN_GAMES = ("act.", "log.", "advice.", "review.", "grammar.", "table.prompt.", "table.why.", "table.stamp.",
             "table.hint", "handover.reason.", "table.choice.")   # the dialogs: wordcheck renders each asked


class _Counted(Word):
    """A placeholder value for ``count_lines``: a prince's name that formats as the number
    ``n`` where the phrase counts (``{n:Слава|Славы|Слав}``, ``{n}``)."""

    n: int = 0

    def __format__(self, spec: str) -> str:
        return format(i18n.Count(self.n, self.lang), spec)


def _fields(texts) -> set[str]:
    return {f.split(".")[0] for text in texts for _, f, _, _ in Formatter().parse(i18n.CARD_REF.sub("", text)) if f}


def _counts(value: str | dict) -> bool:
    """Whether a string counts something: a plural object, or a ``{n:Слава|Славы|Слав}``."""
    return isinstance(value, dict) or any("|" in (spec or "") and not (field or "").endswith(".g")
                                          for _, field, spec, _ in Formatter().parse(value))


def count_lines(lang: str, numbers: range = range(-3, 26)) -> list[Line]:
    """Every string that carries a number (a plural object or a count), for each of ``numbers``."""
    out = []
    name = seat_word(prince_names(lang)[5], lang)          # Ольга: feminine
    city = card_word(CARD_ID.index("city.kiev"), lang)
    for key, value in i18n.strings(lang).items():
        if not _counts(value):
            continue
        texts = value.values() if isinstance(value, dict) else [value]
        for n in numbers:
            word = _Counted(name.forms, name.gender, lang)
            word.n = n
            kw: dict[str, object] = {f: city if f == "city" else name if f in ("name", "names", "seat") else word
                                     for f in _fields(texts)}
            kw["n"] = n
            out.append(Line("count", tr(key, lang=lang, **kw), context=f"{key}, n = {n}"))
    return out


def _sample_values(lang: str) -> dict[str, object]:
    """A value for every placeholder of the messages ``message_lines`` fills: what the game
    puts there (a file name and its folder, a refusal's reason, a seat's name...)."""
    olga, yaroslav = (seat_word(prince_names(lang)[i], lang) for i in (5, 0))
    return {
        "name": olga, "names": join_names([str(olga), str(yaroslav)], lang), "seat": olga, "attacker": yaroslav,
        "defender": olga, "city": card_word(INSTANCES["city.tmutarakan"][0], lang),
        "card": card_word(INSTANCES["ev.fire"][0], lang), "reason": tr("storage.reason.not_json", lang=lang),
        "error": "Permission denied", "folder": "/home/olga/.local/share/knjazja", "path":
        "/home/olga/.local/share/knjazja/crash-2025-12-07_14-05-09.txt", "code": "KIEV-42",
        "address": "192.168.1.5", "addresses": "192.168.1.5, 10.0.0.7", "why": tr("net.lost_closed", lang=lang),
        "version": "1.4", "date": "07.12.2025 14:05", "key": "F11", "w": 1280, "h": 720, "value": 2, "i": 3,
        "n": 3, "step": 2, "total": 21, "title": tr("menu.learn", lang=lang), "line": f"{olga} 48 · {yaroslav} 41",
        "expr": "(2 + 3) × 3", "rank": 1, "at": 57, "free": 2, "level": tr("saveload.level.easy", lang=lang),
        "turn": 12, "deck": 41, "distinct": 37, "left": 17, "a": 1, "b": 3, "ok": 2,
        "what": tr("decision.war_defend", lang=lang), "glory": "+3", "troop": card_word(INSTANCES["troop.poles"][0],
                                                                                            lang),
        "done": 4, "other": card_word(INSTANCES["city.kiev"][0], lang),
        "target": card_word(INSTANCES["chr.vasilko"][0], lang),
    }


def message_lines(lang: str) -> list[Line]:
    """Every string with placeholders that the game's moves do not render (files, network,
    saves, statistics, series, setup, results...), filled as the game fills it."""
    values = _sample_values(lang)
    other = i18n.strings("en" if lang == "ru" else "ru")
    out = []
    for key, value in i18n.strings(lang).items():
        if key.startswith(_IN_GAMES) or _counts(value) or _counts(other.get(key, "")) or not _fields([value]):
            continue
        kw = {f: values.get(f, f"<{f}>") for f in _fields([value])}
        if key.startswith(("storage.", "saveload.", "save_error.")) and "name" in kw:     # a file, a save
            what = key.rsplit(".", 1)[-1]
            kw["name"] = f"{what}.damaged-2025-12-07_14-05-09.json" if key.startswith("storage.") else \
                tr("saveload.default_name", lang=lang, date="07.12.2025")
        if key.startswith("results.") and "card" in kw:   # a chronicle's Glory in the final count
            kw["card"] = card_word(INSTANCES["chr.byzantium"][0], lang)
        if key.endswith(".autosave"):                     # an autosave's reason is a save's refusal
            kw["reason"] = tr("save_error.edited", lang=lang)
        out.append(Line("message", tr(key, lang=lang, **kw), context=key))
    return out


def static_lines(lang: str) -> list[Line]:
    """The words that do not come from a game: every string without a placeholder (menus,
    glossary, help), the messages, card texts, the lessons, the rules, and every string that
    carries a number, for numbers from −3 to 25."""
    from knjazja.app.tutorial.lessons import all_lessons, words
    from knjazja.app.wording.rulebook import typeset_lines

    out = count_lines(lang) + message_lines(lang)
    out += [Line("string", tr(key, lang=lang), context=key) for key, value in i18n.strings(lang).items()
            if isinstance(value, str) and "{" not in i18n.CARD_REF.sub("", value) and not key.startswith("grammar.")]
    out += [Line("card", i18n.card_text(cid, lang), context=f"the text of {cid}") for cid in sorted(set(CARD_ID))]
    for lesson in all_lessons():
        where = f"lesson {lesson.number}"
        out += [Line("lesson", words(lesson.title, lang), context=f"{where}, title"),
                Line("lesson", words(lesson.summary, lang), context=f"{where}, summary")]
        out += [Line("lesson", words(text, lang), context=f"{where}, step {i + 1}")
                for i, step in enumerate(lesson.steps) for text in (step.say, step.hint) if text and text.get(lang)]
        out.append(Line("lesson", tr("lesson.complete.text", lang=lang, n=lesson.number,
                                     title=words(lesson.title, lang)), context=f"{where}, complete"))
    rules = typeset_lines(i18n.rules_path(lang).read_text(encoding="utf-8"), lang)
    return out + [Line("rules", line, context=f"rules.{lang}.md") for line in rules.splitlines() if line.strip()]
