"""A second reader's sample: lines from real games, per language, in a file a native speaker
reads in one sitting (`knjazja bench words --sample 300 --out FILE`).

The lines come from the words check's renderings of whole bot games (log, prompts, buttons,
refusals, stamps, hand-overs, the review's move list, results), from the advice code run on
real positions (the Hint as the table says it and the review's mark on the move played, each
with the position's facts beside it: the Hint advisor's ranking at a small fixed budget), and
a few file and network messages.  Within each kind one line of every phrasing comes first
(names, cards, cities and numbers aside), so the reader meets as many phrases as the sample
holds; then random others.  Each line is followed by where it was said.
"""
from __future__ import annotations

import random
import re
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from knjazja.app.wording.i18n import card_name, tr
from knjazja.tools.wordcheck import render_game, table_names
from knjazja.tools.wordlines import message_lines
from knjazja.tools.wordpatterns import Line
from knjazja.engine import GameState

LANGS = ("ru", "en")
# (kind, title, share of the sample)
KINDS = (("log", "Log", 0.22), ("prompt", "Prompts", 0.12), ("button", "Buttons and choices", 0.11),
         ("refusal", "Refusals", 0.12), ("hint", "Hints", 0.10), ("review", "Review marks", 0.10),
         ("movelist", "The review's move list", 0.04), ("handover", "Hand-over", 0.04),
         ("stamp", "Stamps", 0.03), ("results", "Results", 0.04), ("message", "File and network messages", 0.08))


def shape(text: str, lang: str) -> str:
    """A line's phrasing: its names, cards, cities and numbers left out."""
    text = re.sub(r"«[^»]*»", "«»", text.replace("\u00a0", " "))
    for w in _vocabulary(lang):
        text = text.replace(w, "·")
    return re.sub(r"\d+", "#", text)


@lru_cache(maxsize=2)
def _vocabulary(lang: str) -> tuple[str, ...]:
    """Every form of every name and card a line may hold, longest first."""
    from knjazja.tools.wordcheck import TYPED
    from knjazja.app.wording.words import card_word, prince_names, seat_word
    from knjazja.engine.cards import INSTANCES
    names = prince_names(lang) + list(TYPED[lang]) + [tr("net.seat_name", lang=lang, n=2)]
    words = {f for n in names for k, f in seat_word(n, lang).forms.items() if k not in ("refl", "their")}
    words |= {f for cid in INSTANCES for k, f in card_word(INSTANCES[cid][0], lang).forms.items()
              if k not in ("refl", "their")}
    return tuple(w.replace("\u00a0", " ") for w in sorted(words, key=len, reverse=True) if len(w) > 1)


def pick(lines: Iterable[Line], n: int, rng: random.Random, lang: str) -> list[Line]:
    """``n`` distinct lines: one of each phrasing first (in random order), then random others."""
    distinct = list({ln.text: ln for ln in lines}.values())
    rng.shuffle(distinct)
    first: dict[str, Line] = {}
    for ln in distinct:
        first.setdefault(shape(ln.text, lang), ln)
    chosen = list(first.values())[:n]
    seen = {ln.text for ln in chosen}
    chosen += [ln for ln in distinct if ln.text not in seen][:n - len(chosen)]
    return chosen


def game_lines(lang: str, games: int, seed: int) -> list[Line]:
    """Every line of ``games`` bot games (2–6 princes), the review's move list apart."""
    out = []
    for g in range(games):
        lines, _, _ = render_game(lang, seed + g, 2 + g % 5, refusal_every=3, advice_every=10 ** 9)
        out += [Line("movelist", ln.text, ln.third, ln.context) if ln.kind == "review" else ln for ln in lines]
    return out


def _facts(s: GameState, seat: int, names: list[str], lang: str) -> str:
    """What the mover could see, for the reader to check a Hint or a mark against."""
    from knjazja.app.wording.words import name_form
    from knjazja.engine import score
    glory = ", ".join(f"{names[i]} {sc.total}" for i, sc in enumerate(score(s)))
    hand = ", ".join(name_form(c, lang) for c in sorted(s.hands[seat]))
    war = f"; a war for {card_name(s.war.city, lang)}" if s.war is not None else ""
    return f"{names[seat]}'s hand: {hand or 'empty'}; deck {len(s.deck)}; Glory: {glory}{war}"


def advice_lines(games: int, seed: int, points: int, worlds: int = 2) -> dict[str, list[Line]]:
    """Hints and review marks in both languages from real positions of bot games: the Hint
    advisor's ranking (``worlds`` dealt worlds) of every ``points``-th decision, said as the
    table's Hint says it and as the review marks the move that was played."""
    from knjazja.app.advice.analysis import Analysis, decision_points, replay
    from knjazja.app.advice.explain import why_good
    from knjazja.tools.reviewbench import play
    from knjazja.app.advice.verdict import point_verdict
    from knjazja.app.wording.narrate import Narrator

    out: dict[str, list[Line]] = {lang: [] for lang in LANGS}
    for g in range(games):
        gseed = seed * 1000 + g
        states = replay(play(gseed))
        every = decision_points(states, [True] * states[0].n)
        a = Analysis(states, every[g % points::points], worlds=worlds, use_process=False)
        a.run_all()
        for lang in LANGS:
            names, _ = table_names(lang, random.Random(gseed), states[0].n)
            nar = Narrator(names, lang)
            for i, r in sorted(a.results.items()):
                s, (best, value) = states[i], r.ranking[0]
                where = f"game {gseed}, move {i + 1}: {_facts(s, r.seat, names, lang)}"
                hint = tr("table.hint", lang=lang, move=nar.action(best, s),
                          why=why_good(s, r.seat, best, value, names, lang), chance=round(100 * value))
                out[lang].append(Line("hint", hint, False, where))
                mark = point_verdict(a, i, s, nar, names, lang, many=i % 2 == 1)
                out[lang].append(Line("review", mark, i % 2 == 1, f"{where}; played: {nar.action(r.chosen, s)}"))
    return out


def write_sample(out: Path, size: int = 300, games: int = 5, seed: int = 1,
                 advice_games: int = 2, points: int = 3) -> dict[str, str]:
    """Write ``size`` lines per language to ``out`` with the language before its suffix
    (``sample.md`` -> ``sample.ru.md``, ``sample.en.md``); returns {lang: path}."""
    out.parent.mkdir(parents=True, exist_ok=True)
    advice = advice_lines(advice_games, seed, points)
    written = {}
    for lang in LANGS:
        rng = random.Random(seed)
        pool = game_lines(lang, games, seed) + advice[lang] + message_lines(lang)
        by_kind: dict[str, list[Line]] = {}
        for ln in pool:
            by_kind.setdefault(ln.kind, []).append(ln)
        quotas = {kind: round(size * share) for kind, _, share in KINDS}
        quotas["log"] += size - sum(quotas.values())
        chosen = {kind: pick(by_kind.get(kind, []), quotas[kind], rng, lang) for kind, _, _ in KINDS}
        path = out.with_name(f"{out.stem}.{lang}{out.suffix or '.md'}")
        path.write_text(_document(lang, chosen, games, seed), encoding="utf-8")
        written[lang] = str(path)
    return written


def _document(lang: str, chosen: dict[str, list[Line]], games: int, seed: int) -> str:
    total = sum(len(v) for v in chosen.values())
    head = [f"# Knjaz'ja: {total} lines for a second reader ({'Russian' if lang == 'ru' else 'English'})", "",
            f"From {games} whole bot games (seed {seed}; 2–6 princes, built-in and typed names of both "
            "genders, and a network seat's «Player N»), Hints and review marks from the advice code on "
            "real positions, and file and network messages. Within each kind, one line of every "
            "phrasing comes first. Under each line: where it was said.", ""]
    body = []
    number = 0
    for kind, title, _ in KINDS:
        lines = chosen.get(kind, [])
        body += [f"## {title} ({len(lines)})", ""]
        for ln in lines:
            number += 1
            text = ln.text.replace("\u00a0", " ").replace("\n", "\n    ")
            body += [f"{number}. {text}", f"    — {ln.context}" if ln.context else "", ""]
    return "\n".join(head + body).rstrip() + "\n"
