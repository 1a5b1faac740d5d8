"""The rendering check: play whole bot games and read every line the table would say.

Each game renders, through the game's own functions, every log line (as everybody and as a
seat that sees hidden cards hidden), every prompt (the decider's and a watcher's), every
button (and its third-person telling), the refusals for wrong drops of every card in the
decider's hand on every target (and for wars on every city), the war stamps, the hint and the
review lines, the hand-over and the results; with them the words outside a game
(``wordlines``: strings, messages, card texts, lessons, rules, counts).  Every line must match
none of ``wordpatterns.patterns`` — the errors a native editor found before.  Each line keeps
its context (the game, the move, who decides; or the string key, the lesson step), so a
reader of ``wordsample`` can judge it.

``check(games, lang)`` is the suite's test and ``knjazja bench words`` the longer run.
"""
from __future__ import annotations

import logging
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from knjazja.app.wording import i18n
from knjazja.app.wording.card_names import refusal_text
from knjazja.app.table.answers import asked
from knjazja.app.table.clicks import candidates_for, match
from knjazja.app.advice.explain import why_better, why_good
from knjazja.app.wording.glory import city_formula
from knjazja.app.table.interaction import PickingIgorSeat, PickingWarCity, Squad
from knjazja.app.wording.i18n import card_name, tr
from knjazja.app.wording.narrate import Narrator, expand_tokens
from knjazja.app.table.prompts import over_text, prompt_text
from knjazja.tools.wordlines import static_lines
from knjazja.tools.wordpatterns import Line, Test, patterns
from knjazja.app.wording.words import card_word, join_names, prince_names, seat_word
from knjazja.engine import Event, GameState, apply, legal_actions, new_game, observation, score, winners
from knjazja.engine.actions import TURN
from knjazja.engine.cards import CARD_ID
from knjazja.engine.kinds import ActionKind, EventKind, TargetKind
from knjazja.engine.refusals import Target, why_not_declare, why_not_play

# typed names of both genders (they never decline; a typed name's gender is unknown), and the
# name a network table gives a seat nobody named
TYPED = {"ru": ("Вася", "Маша", "Женя"), "en": ("Bob", "Kate", "Sam")}
FEMININE_TYPED = {"Маша", "Kate"}

__all__ = ["Line", "Report", "check", "patterns", "render_game", "bench_words", "summary", "by_pattern"]


@dataclass
class Report:
    lang: str
    games: int = 0
    lines: int = 0
    distinct: set[str] = field(default_factory=set)
    errors: list[tuple[str, Line]] = field(default_factory=list)   # (pattern, line)
    samples: list[Line] = field(default_factory=list)
    kinds: dict[str, int] = field(default_factory=dict)             # lines read, by kind


# -- rendering one game --------------------------------------------------------------------------
def table_names(lang: str, rng: random.Random, n: int) -> tuple[list[str], set[str]]:
    """``n`` names: built-in ones of both genders and typed ones; and which of them are feminine."""
    builtin = prince_names(lang)
    fem_builtin = {b.split(":")[0] for b in i18n.tr_list("names.princes", lang=lang) if b.endswith(":f")}
    pool = list(builtin[:3]) + sorted(fem_builtin) + list(TYPED[lang]) + [tr("net.seat_name", lang=lang, n=2)]
    rng.shuffle(pool)
    names = pool[:n]
    if not any(x in fem_builtin or x in FEMININE_TYPED for x in names):
        names[-1] = sorted(fem_builtin)[0]
    return names, {x for x in names if x in fem_builtin or x in FEMININE_TYPED}


_MODES = (PickingWarCity(), PickingIgorSeat(), Squad(()))     # what the viewer is in the middle of


def _targets(s: GameState) -> list[Target]:
    out = [Target(TargetKind.CITY, c) for c in s.cities] + [Target(TargetKind.SEAT, k) for k in range(s.n)]
    out += [Target(TargetKind.CHRONICLE, c) for row in s.chronicles for c in row] + [Target(TargetKind.CENTRE)]
    if s.war is not None:
        out += [Target(TargetKind.TROOP, c) for c in s.war.attack + s.war.defence]
    return out


def _stamps(e: Event, lang: str, names: list[str]) -> Iterator[str]:
    """The stamps the table shows for ``e`` (as ``ui.table.steps`` makes them)."""
    simple = {"repelled": "table.stamp.repelled", "bribed": "table.stamp.bribed", "cancelled": "table.stamp.cancelled",
              "plunder": "table.stamp.plunder", "end_set": "table.stamp.end_set",
              "end_cancelled": "table.stamp.end_cancelled", "game_over": "table.stamp.game_over"}
    if e.kind in simple:
        yield tr(simple[e.kind], lang=lang)
    elif e.kind == EventKind.WAR_START:
        yield tr("table.stamp.war", lang=lang, city=card_word(e.city, lang))
    elif e.kind == EventKind.CITY_FALLS:
        yield tr("table.stamp.falls", lang=lang, city=card_word(e.city, lang))
    elif e.kind == EventKind.REVEAL and 0 <= e.other < len(names):
        yield tr("table.stamp.reveal", lang=lang, name=seat_word(names[e.other], lang))


def render_game(lang: str, seed: int, n_players: int, *, refusal_every: int = 1,
                advice_every: int = 6) -> tuple[list[Line], set[str], list[str]]:
    """Every line of one bot game, the feminine names at its table and all its names: Easy
    bots in even seeds, random ones in odd seeds (they play the odd cards a sensible bot keeps)."""
    from knjazja.bots.base import RandomBot
    from knjazja.bots.easy import EasyBot

    table = _Table(lang, seed, n_players)
    bot = EasyBot() if seed % 2 == 0 else RandomBot()
    step = 0
    while not table.s.over and step < 2000:
        table.at(step)
        legal = legal_actions(table.s)
        table.decision(legal)
        if step % refusal_every == 0:
            table.refusals(legal)
        d = table.s.decision.seat
        chosen = bot.choose(observation(table.s, d), legal, table.rng)
        if step % advice_every == 0 and len(legal) > 1:
            table.advice(legal, chosen)
        elif len(legal) == 1:
            table.add("hint", tr("table.hint_forced", lang=lang, move=table.nar.action(legal[0], table.s)))
        table.play(chosen)
        step += 1
    table.where = f"{table.game}, the results"
    _results(table.s, table.names, lang, table.add)
    return table.lines, table.feminine, table.names


class _Table:
    """One bot game being read: the state, the names at the table, and the lines said so far."""

    def __init__(self, lang: str, seed: int, n_players: int) -> None:
        self.lang, self.rng = lang, random.Random(seed)
        self.names, self.feminine = table_names(lang, self.rng, n_players)
        self.humans = [True] * n_players
        self.s = new_game(n_players, seed=seed)
        self.nar = Narrator(self.names, lang)
        self.lines: list[Line] = []
        self.game = f"game {seed} ({n_players} princes: {', '.join(self.names)})"
        self.where = self.game

    def at(self, step: int) -> None:
        """The context of the lines said from now on: the move and who decides what."""
        seat, kind = self.s.decision
        self.where = f"{self.game}, move {step + 1}, turn {self.s.turn_no}: {self.names[seat]} decides ({kind})"

    def add(self, kind: str, text: str, third: bool = False, seen: str = "") -> None:
        self.lines.append(Line(kind, text, third, f"{self.where}{seen}"))

    def decision(self, legal: list) -> None:
        """Prompts (the decider's, a watcher's, in every picking mode), the hand-over, buttons,
        the dialog (its question and its buttons)."""
        s, lang, names, d = self.s, self.lang, self.names, self.s.decision.seat
        who = seat_word(names[d], lang)
        self.add("prompt", prompt_text(s, names, self.humans, d, lang)[0])
        self.add("prompt", prompt_text(s, names, self.humans, (d + 1) % s.n, lang)[0])
        hand = sorted(set(s.hands[d]), key=lambda c: CARD_ID[c])
        if hand:
            self.add("prompt", prompt_text(s, names, self.humans, d, lang, held=hand[0])[0])
        for mode in _MODES:
            self.add("prompt", prompt_text(s, names, self.humans, d, lang, mode=mode)[0])
        kind = s.decision.kind
        self.add("handover", tr("handover.title", lang=lang, name=who))
        self.add("handover", tr("handover.reason.turn", lang=lang, name=who) if kind == TURN else
                 tr("handover.reason.decide", lang=lang, name=who, what=tr(f"decision.{kind}", lang=lang)))
        for a in legal:
            phrase = self.nar.action(a, s)
            self.add("button", phrase)
            self.add("review", tr("review.move_line", lang=lang, name=who, what=phrase), True)
        dialog = asked(s, legal, self.nar)           # the table's dialog: its question and its buttons
        if dialog is not None:
            self.add("dialog", dialog.title)
            for choice in dialog.choices:
                self.add("button", choice.label)

    def refusals(self, legal: list) -> None:
        """Every wrong drop of every card in the decider's hand on every target; a card of
        somebody who does not decide; a war on every city that cannot be attacked."""
        s, lang, names, d = self.s, self.lang, self.names, self.s.decision.seat
        targets = _targets(s)
        for card in sorted(set(s.hands[d]), key=lambda c: CARD_ID[c]):
            cands = candidates_for(legal, card)
            for t in targets:
                if not match(cands, [t], s)[0]:
                    self.add("refusal", refusal_text(why_not_play(s, d, card, t), names, lang))
            if not cands:
                self.add("refusal", refusal_text(why_not_play(s, d, card), names, lang))
        other = (d + 1) % s.n
        if s.hands[other]:
            self.add("refusal", refusal_text(why_not_play(s, other, s.hands[other][0]), names, lang))
        wars = {a.city for a in legal if a.kind == ActionKind.DECLARE_WAR}
        for c in s.cities:
            if c not in wars:
                self.add("refusal", refusal_text(why_not_declare(s, d, Target(TargetKind.CITY, c)), names, lang))

    def advice(self, legal: list, chosen) -> None:
        """The Hint for another move, and the review's lines on the bot's move against it."""
        s, lang, names, d = self.s, self.lang, self.names, self.s.decision.seat
        who = seat_word(names[d], lang)
        best = next(a for a in legal if a != chosen)
        why = why_good(s, d, best, 0.5, names, lang)
        self.add("hint", tr("table.hint", lang=lang, move=self.nar.action(best, s), why=why, chance=47))
        p, q = self.rng.randint(5, 60), self.rng.randint(61, 95)
        cp, bp = self.nar.action(chosen, s), self.nar.action(best, s)
        self.add("review", tr("review.you_worse", lang=lang, chosen=cp, best=bp, p=p, q=q))
        self.add("review", tr("review.named_worse", lang=lang, name=who, chosen=cp, best=bp, p=p, q=q), True)
        self.add("review", tr("review.you_worse_end", lang=lang, chosen=cp, best=bp))
        self.add("review", tr("review.named_worse_end", lang=lang, name=who, chosen=cp, best=bp), True)
        self.add("review", tr("review.you_best", lang=lang, chosen=cp, p=q))
        self.add("review", tr("review.named_best", lang=lang, name=who, chosen=cp, p=q), True)
        because = why_better(s, d, best, chosen, names, lang)
        self.add("review", tr("review.why", lang=lang, why=because))
        self.add("review", tr("review.why_named", lang=lang, name=who, why=because))

    def play(self, chosen) -> None:
        """The move's log lines, as everybody and as the next seat sees them, and its stamps."""
        viewer = (self.s.decision.seat + 1) % self.s.n
        for e in apply(self.s, chosen):
            for seen_by in (None, viewer):
                line = self.nar.event(e, seen_by)
                if line:
                    seen = "; as everybody sees it" if seen_by is None else f"; as {self.names[viewer]} sees it"
                    self.add("log", expand_tokens(line, self.lang), True, seen)
            for text in _stamps(e, self.lang, self.names):
                self.add("stamp", text)


def _results(s: GameState, names: list[str], lang: str, add: Callable[..., None]) -> None:
    add("results", over_text(s, names, lang))
    won = winners(s)
    add("results", tr("results.winner", lang=lang, name=seat_word(names[won[0]], lang)) if len(won) == 1 else
        tr("results.shared", lang=lang, names=join_names((names[i] for i in won), lang)))
    for sc in score(s):
        add("results", tr("results.glory", lang=lang, n=sc.total))
        for c in sc.cities:
            add("results", city_formula(c, lang))
        for ch in sc.chronicles:
            add("results", tr("results.chronicle", lang=lang, card=card_name(ch.chronicle, lang),
                              glory=f"{ch.glory:+d}"))


# -- the check -----------------------------------------------------------------------------------
def check(games: int, lang: str, *, seed: int = 1, refusal_every: int = 1, advice_every: int = 6,
          keep: int = 400) -> Report:
    """Render ``games`` whole games (2–6 players) in ``lang`` and match every line against the
    known error patterns; ``keep`` lines that hold a count, a refusal or a draw are kept as samples."""
    report = Report(lang)
    sample_rng = random.Random(seed)
    failed = _FailedTemplates()
    logging.getLogger(i18n.__name__).addHandler(failed)
    try:
        _read(report, static_lines(lang), patterns(lang, set(), prince_names(lang)), keep, sample_rng)
        for g in range(games):
            _one_game(report, g, seed, refusal_every, advice_every, keep, sample_rng)
    finally:
        logging.getLogger(i18n.__name__).removeHandler(failed)
    report.errors += [("a template that failed to fill", Line("log", msg)) for msg in failed.messages]
    return report


class _FailedTemplates(logging.Handler):
    """Collects the string store's warnings (a template the arguments did not fill, a missing key)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if len(self.messages) < 50:
            self.messages.append(record.getMessage())


def _one_game(report: Report, g: int, seed: int, refusal_every: int, advice_every: int, keep: int,
              sample_rng: random.Random) -> None:
    lang = report.lang
    lines, feminine, names = render_game(lang, seed + g, 2 + g % 5, refusal_every=refusal_every,
                                         advice_every=advice_every)
    report.games += 1
    _read(report, lines, patterns(lang, feminine, names), keep, sample_rng)


def _read(report: Report, lines: list[Line], tests: list[tuple[str, Test]], keep: int,
          sample_rng: random.Random) -> None:
    lang = report.lang
    for ln in lines:
        report.lines += 1
        report.kinds[ln.kind] = report.kinds.get(ln.kind, 0) + 1
        if ln.text in report.distinct:
            continue
        report.distinct.add(ln.text)
        for name, bad in tests:
            if bad(ln):
                report.errors.append((name, ln))
        if _notable(ln, lang) and (len(report.samples) < keep or sample_rng.random() < 0.05):
            report.samples.append(ln)


_DRAW = {"ru": "из\u00a0колоды", "en": " draws "}    # as typeset


def _notable(ln: Line, lang: str) -> bool:
    return ln.kind == "refusal" or _DRAW[lang] in ln.text or re.search(r"\d", ln.text) is not None


def summary(report: Report) -> dict:
    return {"lang": report.lang, "games": report.games, "lines_rendered": report.lines,
            "distinct_lines": len(report.distinct), "lines_matching_an_error_pattern": len(report.errors)}


def by_pattern(report: Report) -> dict[str, dict]:
    """Per pattern that matched: how many lines, of which kinds (a Hint's or a review's words
    come from the advice.* / review.* templates), and the first line."""
    out: dict[str, dict] = {}
    for name, ln in report.errors:
        got = out.setdefault(name, {"lines": 0, "kinds": {}, "first": ln.text})
        got["lines"] += 1
        got["kinds"][ln.kind] = got["kinds"].get(ln.kind, 0) + 1
    return out


def bench_words(games: int = 40, seed: int = 1) -> dict:
    """`knjazja bench words`: the rendering check over many games, in both languages."""
    import time

    out: dict = {}
    for lang in ("ru", "en"):
        t0 = time.perf_counter()
        r = check(games, lang, seed=seed)
        out[lang] = dict(summary(r), seconds=round(time.perf_counter() - t0, 1), patterns_matched=by_pattern(r))
    return out
