"""The advice check: every claim of a Hint and of a review line, checked against the engine.

At each position of bot games (``positions``) the Hint's ranking (``bots.hints.rank_actions``)
gives the advised move, and a person's move (the bot's, or now and then any legal move) is
judged as the review judges it (``analysis.result_from_ranking``, ``verdict.point_verdict``).
Then, in both languages, with built-in and typed names of both genders:

* ``numbers``: every fact's numbers, reckoned again from the engine's position after the
  move (``auditfacts``), and every number in the words accounted for by a checked fact;
* ``idle_advised`` / ``idle_better``: no card played for nothing is the Hint's move or the
  review's better move — judged by comparing the positions with and without the card in
  every deal of the hidden cards the mover cannot tell apart, not by ``bots.idle``;
* ``better_scale``: the review says "better" only past its own scale (a loss of
  ``GOOD_POINTS`` or more, two different win chances);
* ``not_score_only``: a reason names what the move does, never the standing alone;
* ``marks`` (``audit_marks``, over the analysed moves of one game): the marks are monotone
  in the loss and the header counts the moves it marks;
* the ``legacy`` checks read the words alone (cards in hand and in the deck after a draw,
  the standing, a war's chance, "better" with equal chances, a reason that is only the
  score): they also run against the code from before issue 59, which has no facts.
No pygame.
"""
from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field

from knjazja.tools import auditfacts as AF
from knjazja.app.advice.analysis import GOOD_POINTS, Analysis, PointResult
from knjazja.app.advice.explain import why_good
from knjazja.app.advice.verdict import point_verdict
from knjazja.app.wording.i18n import tr
from knjazja.app.wording.narrate import Narrator
from knjazja.engine import Action, GameState, apply, determinize, final_scores, legal_actions, observation
from knjazja.engine.actions import (BUILD, CHRONICLE, DECLARE_WAR, DECLINE, DRAW, EVENT, RAID_LAY, REACTION, TURN,
                                    YIELD, YIELD_PLUNDER)
from knjazja.engine.cards import CARD_ID

NAMES = {"ru": ["Ольга", "Игорь", "Игрок 2", "Ярослав", "Kate"], "en": ["Olga", "Igor", "Player 2", "Yaroslav", "Kate"]}
DEALS = 8             # deals of the hidden cards a card must do nothing in to count as idle
KEEP = 12             # failures kept per claim, to show


@dataclass
class Report:
    checked: Counter = field(default_factory=Counter)      # claim -> times checked
    wrong: Counter = field(default_factory=Counter)        # claim -> times wrong
    examples: dict[str, list[str]] = field(default_factory=dict)
    positions: int = 0

    def claim(self, name: str, ok: bool, detail: str = "") -> None:
        self.checked[name] += 1
        if not ok:
            self.wrong[name] += 1
            shown = self.examples.setdefault(name, [])
            if len(shown) < KEEP:
                shown.append(detail)

    def summary(self) -> dict:
        return {"positions": self.positions, "claims_checked": sum(self.checked.values()),
                "claims_wrong": sum(self.wrong.values()), "by_claim": {k: [self.checked[k], self.wrong[k]]
                                                                      for k in sorted(self.checked)},
                "examples": self.examples}


def plain(text: str) -> str:
    return text.replace("\u00a0", " ").replace("\u2212", "-")


# --- a card played for nothing, judged on the boards ----------------------------------------------
def _board(s: GameState, me: int, skip: int) -> tuple:
    """What a card could change: cities and what stands in them, chronicles, the war, the
    hands (but the card played), the end, what the mover has seen."""
    cities = tuple(sorted((CARD_ID[k], c.owner, tuple(sorted(CARD_ID[b] for b in c.all_buildings())))
                          for k, c in s.cities.items()))
    hands = tuple(tuple(sorted(CARD_ID[c] for c in h if c != skip)) for h in s.hands)
    war = None if s.war is None else (s.war.city, tuple(s.war.attack), tuple(s.war.defence), s.war.raid_troop)
    return (cities, tuple(tuple(sorted(c)) for c in s.chronicles), tuple(sorted(s.under.items())),
            tuple(tuple(b) for b in s.before), hands, war, s.end_turn, len(s.deck),
            frozenset(c for c in s.seen[me] if c != skip))


def _settled(s: GameState) -> GameState:
    """``s`` once the answers a card asks for are given: a reaction declined, the Raid's
    troop laid (the defender's first, if he holds one)."""
    while not s.over and s.decision.kind in (REACTION, RAID_LAY):
        legal = legal_actions(s)
        apply(s, next((x for x in legal if x.kind == DECLINE), legal[0]))
    return s


def plays_for_nothing(state: GameState, seat: int, a: Action) -> bool:
    """Does ``a`` play a card that changes nothing — in every deal the mover cannot tell
    apart — against the same move without it (or, on the game's last turn, no score)?"""
    if a.card < 0 or a.kind not in (EVENT, BUILD, CHRONICLE, YIELD_PLUNDER):
        return False
    obs = observation(state, seat)
    last = state.decision.kind == TURN and state.war is None and state.end_turn is not None \
        and state.turn_no >= state.end_turn
    for k in range(DEALS):
        d = determinize(obs, random.Random(k))
        d.seen = [set(x) for x in state.seen]
        after = d.clone()
        apply(after, a)
        _settled(after)
        if after.pending is not None and after.decision.kind != REACTION:
            return False                              # a Dowry, a Congress: decided by others
        if a.kind == YIELD_PLUNDER:
            without = d.clone()
            apply(without, Action(YIELD))
            same = _board(after, seat, a.card) == _board(without, seat, a.card)
        elif last:                                    # the game still ends, with the same scores
            same = final_scores(after) == final_scores(d) and after.end_turn == d.end_turn
        else:
            same = _board(after, seat, a.card) == _board(d, seat, a.card)
        if not same:
            return False
    return True


# --- the facts' numbers, and the numbers in the words ------------------------------------------------
def _numbers(text: str) -> list[str]:
    return re.findall(r"\d+(?:[.,]\d+)?", plain(text))


def _allowed(f, lang: str, names: list[str]) -> set[str]:
    """The numbers a fact may show: its own, its template's, those inside names it shows."""
    from knjazja.app.advice.facts import Card, Count, Fact, Seat, Signed, Tenths
    from knjazja.app.wording.i18n import strings
    from knjazja.app.wording.words import card_word
    out: set[str] = set()
    raw = strings(lang).get(f"advice.{f.key}", "")
    for text in (raw.values() if isinstance(raw, dict) else [raw]):
        out.update(_numbers(text))
    for _, v in f.args:
        if isinstance(v, (Count, Signed)):
            out.add(str(abs(v.n)))
        elif isinstance(v, Tenths):
            out.update({f"{v.n:.1f}", f"{v.n:.1f}".replace(".", ",")})
        elif isinstance(v, bool):
            continue
        elif isinstance(v, int):
            out.add(str(abs(v)))
        elif isinstance(v, Card) and v.card >= 0:
            w = card_word(v.card, lang)
            out.update(n for form in w.forms.values() for n in _numbers(form))
        elif isinstance(v, Seat):
            out.update(n for name in names for n in _numbers(name))
        elif isinstance(v, Fact):
            out |= _allowed(v, lang, names)
    return out


def check_fact(report: Report, state: GameState, seat: int, action: Action, f, where: str) -> None:
    """One fact: its key's rule and every number it holds, against the engine."""
    from knjazja.app.advice.facts import Card, Count, Fact, Seat, Signed
    key = f.key
    if key.startswith("idle_"):
        report.claim("numbers", plays_for_nothing(state, seat, action), f"{where}: {key} of a card that does something")
        return
    if key in ("you_lead", "rival_leads", "level", "level_none"):
        want, exp = AF.standing(AF.Ctx(state, seat, action), AF.Ctx(state, seat, action).after)
        said = {k: (v.seat if isinstance(v, Seat) else v.n) for k, v in f.args}
        report.claim("numbers", key == want and said == exp, f"{where}: {key} {said} but after the move {want} {exp}")
        return
    fn = AF.EXPECT.get(key)
    if fn is None:
        report.claim("numbers", False, f"{where}: {AF.UNKNOWN} {key}")
        return
    exp = fn(AF.Ctx(state, seat, action))
    bad: list[str] = []
    for name, v in f.args:
        got: object = v.seat if isinstance(v, Seat) else v.card if isinstance(v, Card) else \
            v.n if isinstance(v, (Count, Signed)) else v
        if isinstance(v, Fact):
            want, stand = AF.standing(AF.Ctx(state, seat, action), AF.Ctx(state, seat, action).after)
            if v.key != want:
                bad.append(f"{name}: {v.key} but {want} {stand}")
            continue
        if key in ("at_leader", "off_leader", "at_coleader", "off_coleaders") and name in ("seat", "leader"):
            top = exp["top"]
            shared = key in ("at_coleader", "off_coleaders")
            ok = (got in top) if (name == "leader" or key.startswith("at_")) else (got not in top)  # type: ignore
            ok = ok and (len(top) > 1) == shared                  # type: ignore[arg-type]
            # ("the leader" for one of two level leaders misleads as much as a wrong name)
            if not ok:
                bad.append(f"{name} {got}, leaders {top}")
            continue
        if key == "rival_loses" and name in ("seat", "n"):
            lost = dict(exp["losses"])                                         # type: ignore[call-overload]
            if name == "n" and (got != max(lost.values()) or not lost.get(f.get("seat").seat, 0) == got
                                or not got):
                bad.append(f"n {got}, losses {lost}")
            continue
        if name not in exp:
            if isinstance(v, (Count, Signed)) or (isinstance(v, int) and not isinstance(v, bool)):
                bad.append(f"{name}={got} unchecked")
            continue
        if got != exp[name]:
            bad.append(f"{name}={got}, engine {exp[name]}")
    rule = AF.RULES.get(key)
    if rule is not None and not rule(exp):
        bad.append(f"the key does not fit: {exp}")
    report.claim("numbers", not bad, f"{where}: {key} {'; '.join(bad)}")


def check_words(report: Report, facts: list, text: str, lang: str, names: list[str], where: str,
                extra: set[str] = frozenset()) -> None:   # type: ignore[assignment]
    """Every number in ``text`` is one a checked fact holds (or ``extra``: a win chance)."""
    allowed = set(extra)
    for f in facts:
        allowed |= _allowed(f, lang, names)
        if f.key in ("yours", "better"):
            allowed |= _allowed(f.kw()["what"], lang, names)
    stray = [n for n in _numbers(text) if n not in allowed]
    report.claim("words_numbers", not stray, f"{where} [{lang}]: {stray} in «{plain(text)}»")


# --- one position: the Hint and the review ---------------------------------------------------------
STANDING = re.compile(r"^(после этого хода )?(вы впереди|впереди |.+ впереди вас|слава у вас и у|у вас и у .+ "
                      r"одинаково|славы пока нет|до конца партии|это ваш последний ход|after this move |"
                      r"you lead |.+ leads you by|you and .+ stand level|you (?:may )?have .+ left before the end|"
                      r"this is your last turn|neither you nor)", re.I)


def score_only(text: str, lang: str) -> bool:
    """Is a reason nothing but the standing and the turns left (words alone)?"""
    parts = [p.strip() for p in plain(text).split(";") if p.strip()]
    return not parts or all(STANDING.match(p) for p in parts)


def _hint_text(state: GameState, seat: int, best: Action, value: float, lang: str) -> tuple[str, str]:
    names = NAMES[lang]
    why = why_good(state, seat, best, value, names, lang)
    move = Narrator(names, lang).action(best, state)
    return why, tr("table.hint", lang=lang, move=move, why=why, chance=round(100 * value))


def audit_hint(report: Report, state: GameState, ranking: list[tuple[Action, float]], where: str) -> None:
    """The Hint's move, its reason's facts and words, in both languages."""
    seat = state.decision.seat
    best, value = ranking[0]
    # the rules always leave the same move without the card (a Draw, a Pass, a war fought on,
    # a city given up): so the Hint's move is never one that plays a card for nothing
    report.claim("idle_advised", not plays_for_nothing(state, seat, best), f"{where}: {best}")
    facts = _hint_facts(state, seat, best)
    if facts is not None:
        for f in facts:
            check_fact(report, state, seat, best, f, f"{where} hint")
        report.claim("not_score_only", any(f.key not in CONTEXT for f in facts), f"{where}: {[f.key for f in facts]}")
    for lang in ("ru", "en"):
        why, hint = _hint_text(state, seat, best, value, lang)
        said = re.search(r"\((?:шанс победы около|win chance about) (\d+)%\)$", plain(hint))
        report.claim("chance", said is not None and int(said[1]) == round(100 * value),
                     f"{where} [{lang}] {value:.3f}: {plain(hint)}")
        report.claim("legacy_not_score_only", not score_only(why.split("; ", 1)[-1] if "наименее плохой" in why
                                                             or "loses least" in why else why, lang),
                     f"{where} [{lang}]: {plain(hint)}")
        legacy_numbers(report, state, seat, best, why, lang, f"{where} hint")
        if facts is not None:
            check_words(report, facts, why, lang, NAMES[lang], f"{where} hint")


CONTEXT = frozenset({"you_lead", "rival_leads", "level", "level_none", "turns_set", "turns_none"})


def _hint_facts(state: GameState, seat: int, best: Action) -> list | None:
    try:
        from knjazja.app.advice.explain import hint_facts
    except ImportError:                       # the code before issue 59: its words alone
        return None
    return hint_facts(state, seat, best)


def _better_facts(state: GameState, seat: int, best: Action, chosen: Action, cost: float | None) -> list | None:
    try:
        from knjazja.app.advice.explain import better_facts
    except ImportError:
        return None
    return better_facts(state, seat, best, chosen, cost)


def review_analysis(states: list[GameState], results: dict[int, PointResult]) -> Analysis:
    """An `Analysis` holding ``results`` as if its search had found them (no search run)."""
    a = Analysis(states, sorted(results), worlds=1, use_process=False)
    a.results.update(results)
    a._queue.clear()
    return a


def audit_review(report: Report, analysis: Analysis, index: int, where: str) -> None:
    """The review's line on one analysed move, in both languages."""
    r = analysis.results[index]
    state = analysis.states[index]
    assert isinstance(state, GameState), "the audit reviews games it replays itself"
    seat = r.seat
    better = analysis.better(index)
    facts: list | None = None
    for lang in ("ru", "en"):
        names = NAMES[lang]
        text = _verdict(analysis, index, state, names, lang)
        says_better = bool(re.search(r"[Лл]учше было|better to|better not to", plain(text)))
        chances = re.search(r"(\d+)% (?:против|against) (\d+)%", plain(text))
        ok = not says_better or (analysis.judged_at_end(index) or (r.loss_points >= GOOD_POINTS and chances is not None
                                                                   and int(chances[1]) < int(chances[2])))
        report.claim("better_scale", ok, f"{where} [{lang}] loss {r.loss_points:.1f}: {plain(text)}")
        shown = [int(x) for x in re.findall(r"(\d+)%", plain(text).split("\n")[0])]
        report.claim("chance", all(x in (round(100 * r.chosen_value), round(100 * r.best_value)) for x in shown),
                     f"{where} [{lang}] {r.chosen_value:.3f}/{r.best_value:.3f}: {plain(text)}")
        if not says_better:
            continue
        why = text.split("\n", 1)[1] if "\n" in text else ""
        reason = why.split(": ", 1)[-1]
        report.claim("legacy_not_score_only", not score_only(reason, lang), f"{where} [{lang}]: {plain(text)}")
        if lang == "ru":
            report.claim("idle_better", not plays_for_nothing(state, seat, better), f"{where}: {better}")
            facts = _better_facts(state, seat, better, r.chosen, analysis.costs.get(index))
            if facts is not None:
                _check_reason(report, state, seat, better, r.chosen, facts, analysis.costs.get(index), where)
        if facts is not None:
            check_words(report, facts, reason, lang, names, f"{where} review")


def _check_reason(report: Report, state: GameState, seat: int, better: Action, chosen: Action, facts: list,
                  cost: float | None, where: str) -> None:
    for f in facts:
        if f.key in ("yours", "better"):
            check_fact(report, state, seat, chosen if f.key == "yours" else better, f.kw()["what"], f"{where} review")
        else:
            report.claim("numbers", AF.check_compare(state, seat, better, chosen, f, cost),
                         f"{where}: {f.key} {f.args}")
    report.claim("not_score_only", bool(facts) and all(f.key not in CONTEXT for f in facts), f"{where}: {facts}")


def _verdict(analysis: Analysis, index: int, state: GameState, names: list[str], lang: str) -> str:
    """The line the review window shows (before issue 59 it was given the flagged moves)."""
    if hasattr(analysis, "flagged"):
        return point_verdict(analysis, index, state, Narrator(names, lang), names, lang,  # type: ignore[call-arg]
                             flagged=analysis.flagged())
    return point_verdict(analysis, index, state, Narrator(names, lang), names, lang)


def legacy_numbers(report: Report, state: GameState, seat: int, move: Action, text: str, lang: str,
                   where: str) -> None:
    """From the words alone: the hand and the deck after a draw, the standing after the
    move, a war's chance (they read the same in the words before issue 59)."""
    t = plain(text)
    after = state.clone()
    apply(after, move)
    draw = move.kind == DRAW
    for m in re.finditer(r"на руке станет (\d+)|hand grows to (\d+)", t if draw else ""):
        n = int(m[1] or m[2])
        report.claim("legacy_hand", n == len(after.hands[seat]),
                     f"{where} [{lang}]: {t} (engine {len(after.hands[seat])})")
    for m in re.finditer(r"в колоде (?:ещё|останется) (\d+)|(\d+) cards? left in the deck", t if draw else ""):
        n = int(m[1] or m[2])
        report.claim("legacy_deck", n == len(after.deck), f"{where} [{lang}]: {t} (engine {len(after.deck)})")
    scores = final_scores(after)
    rival = max((x for x in range(state.n) if x != seat), key=lambda x: (scores[x], -x))
    gap = scores[seat] - scores[rival]
    for m in re.finditer(r"вы впереди .+? на (\d+)|you lead .+? by (\d+)", t):
        report.claim("legacy_standing", gap == int(m[1] or m[2]), f"{where} [{lang}]: {t} (engine gap {gap})")
    for m in re.finditer(r"впереди [^,;]+?, на (\d+) больше вас|\S+ впереди вас на (\d+)|\w+ leads you by (\d+)", t):
        report.claim("legacy_standing", -gap == int(m[1] or m[2] or m[3]), f"{where} [{lang}]: {t} (engine gap {gap})")
    for m in re.finditer(r"одинаковая — (\d+)|одинаково — (\d+)|stand level at (\d+)", t):
        report.claim("legacy_standing", gap == 0 and scores[seat] == int(m[1] or m[2] or m[3]),
                     f"{where} [{lang}]: {t} (engine {scores[seat]}, gap {gap})")
    war = re.search(r"примерно в (\d+) % случаев|about (\d+)% of the time", t)
    if war and move.kind == DECLARE_WAR:
        legacy_chance(report, state, seat, move, int(war[1] or war[2]), f"{where} [{lang}]: {t}")


def legacy_chance(report: Report, state: GameState, seat: int, move: Action, p: int, where: str) -> None:
    """A war's chance as the words put it: that the defender holds no answer to the
    strongest troop — exactly, by counting (within the rounding)."""
    e = AF.EXPECT["war_odds"](AF.Ctx(state, seat, move))
    if "p_exact" in e:
        exact = 100 * float(e["p_exact"])                               # type: ignore[arg-type]
        report.claim("legacy_chance", abs(exact - p) <= 1.0, f"{where} (exact {exact:.1f} %)")


# --- the marks of one game ---------------------------------------------------------------------------
SEVERITY = {"good": 0, "inaccuracy": 1, "mistake": 2}


def _marks(a: Analysis) -> tuple[dict[int, int], set[int], int, list[int]]:
    """Each move's severity, the moves marked costly, the header's count and the moves
    "next" visits, as the review window shows them (before issue 59: "!!" on the biggest
    mistakes and the costliest moves, the header counting the mistakes alone)."""
    from knjazja.app.advice.analysis import MISTAKE_POINTS, grade
    try:
        from knjazja.app.advice import marks as M
    except ImportError:
        flagged = set(a.flagged())                                            # type: ignore[attr-defined]
        mistakes = {i for i, r in a.results.items() if r.loss_points >= MISTAKE_POINTS}
        sev = {i: 3 if i in flagged else SEVERITY[grade(r.loss_points)] for i, r in a.results.items()}
        return sev, set(), len(mistakes), sorted(mistakes | flagged)
    marks = M.marks(a)
    sev = {i: 3 if m.biggest else SEVERITY[m.grade] for i, m in marks.items()}
    return sev, {i for i, m in marks.items() if m.costly}, sum(M.header_counts(a)), M.marked(a)


def audit_marks(report: Report, a: Analysis, where: str) -> None:
    """A bigger loss never gets a milder mark; the header counts the moves marked bad (a
    mistake, "!!", or costly at the end), and "next" visits exactly those."""
    sev, costly, header, visited = _marks(a)
    loss = {i: r.loss_points for i, r in a.results.items()}
    for i in loss:
        worse = [j for j in loss if loss[j] > loss[i] + 1e-9 and sev[j] < sev[i]]
        report.claim("marks_monotone", not worse, f"{where}: move {i + 1} loses {loss[i]:.1f} with mark {sev[i]}, "
                     f"but {[(j + 1, round(loss[j], 1), sev[j]) for j in worse][:3]}")
    bad = sorted({i for i, v in sev.items() if v >= SEVERITY["mistake"]} | costly)
    report.claim("marks_header", header == len(bad) and visited == bad,
                 f"{where}: header {header}, marked bad {len(bad)}, next visits {len(visited)}")
