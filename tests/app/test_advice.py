"""Advice that explains itself: over hundreds of positions from bot games, in both languages,
every Hint and every review reason names a fact one can check on the board (a number, a
city, a card or a prince) and never pairs "most often wins" with a chance below 50 %; below
`LOSING` the Hint says that every move loses; the review of a lost game shows its three
costliest moves, each with its reason, judged by playing the game out to its end."""
from __future__ import annotations

import random
import re

import pytest

from knjazja.app.advice.analysis import (END_MARGIN, Analysis, PointResult, close_calls, costliest, cost_candidates,
                                  decision_points, losers, replay)
from knjazja.app.advice.explain import why_better, why_good
from knjazja.app.advice.facts import LOSING
from knjazja.app.wording.i18n import tr
from knjazja.app.wording.narrate import Narrator
from knjazja.app.wording.words import card_word
from knjazja.bots.rules_of_thumb import fast_choose
from knjazja.bots.endcost import end_margins
from knjazja.bots.hints import rank_actions
from knjazja.bots.thinker import shutdown_worker
from knjazja.engine import Action, apply, legal_actions, new_game, observation
from knjazja.engine.actions import DECLARE_WAR
from knjazja.engine.cards import N_CARDS

# built-in princes (they decline) and typed names (they never do)
NAMES = {"ru": ["Ольга", "Вася", "Ярослав", "Kate"], "en": ["Olga", "Vasya", "Yaroslav", "Kate"]}
MOST_OFTEN = re.compile(r"чаще всего|most often|wins most", re.I)
SURE_AS_ODDS = re.compile(r"(примерно в|about) (0|100) ?%")      # a certainty is not told as odds


@pytest.fixture(autouse=True)
def _stop_worker():
    yield
    shutdown_worker()


def card_names(lang: str) -> list[str]:
    out = set()
    for c in range(N_CARDS):
        w = card_word(c, lang, quoted=False)
        out.update(str(getattr(w, f, "")) for f in ("nom", "gen", "dat", "acc", "ins", "prep", "the", "a"))
    return sorted((n for n in out if len(n) > 2), key=len, reverse=True)


CARD_NAMES = {lang: card_names(lang) for lang in ("ru", "en")}


def concrete(text: str, lang: str) -> bool:
    """A number, a prince's name in any case, or a card's (a city is a card) in the text."""
    from knjazja.app.wording.words import seat_word
    plain = text.replace("\xa0", " ")
    forms = {f for n in NAMES[lang] for f in seat_word(n, lang).forms.values()}
    return bool(re.search(r"\d", plain)) or any(n in plain for n in forms) \
        or any(n in plain for n in CARD_NAMES[lang])


def bot_positions(count: int, seed: int = 3) -> list:
    """Positions with a choice from four-seat games played by the fast bot policy (the
    searches' own rollout player), every kind of decision."""
    rng = random.Random(seed)
    out: list = []
    game = 0
    while len(out) < count:
        s = new_game(4, seed * 100 + game)
        game += 1
        while not s.over and len(out) < count:
            legal = legal_actions(s)
            if len(legal) > 1 and rng.random() < (0.5 if s.decision.kind != "turn" else 0.12):
                out.append(s.clone())
            apply(s, legal[0] if len(legal) == 1 else fast_choose(s, legal, rng))
    return out


POSITIONS = bot_positions(240)


def made_ranking(s, rng: random.Random) -> list[tuple[Action, float]]:
    """A ranking as the advisor returns one, with chances spread over 0..1 (some below
    `LOSING`, most below 50 %)."""
    legal = legal_actions(s)
    top = rng.choice([0.02, 0.07, 0.2, 0.35, 0.49, 0.6, 0.85])
    values = sorted((max(0.0, top - rng.random() * 0.3) for _ in legal[1:]), reverse=True)
    order = legal[:]
    rng.shuffle(order)
    return [(order[0], top)] + list(zip(order[1:], values))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_hint_and_review_reason_names_a_fact(lang):
    rng = random.Random(7)
    names = NAMES[lang]
    least_bad = tr("advice.least_bad", lang=lang, why="").split(":")[0]
    for s in POSITIONS:
        seat = s.decision.seat
        ranking = made_ranking(s, rng)
        best, value = ranking[0]
        chosen, _ = ranking[-1]
        narrator = Narrator(names, lang)
        why = why_good(s, seat, best, value, names, lang)
        hint = tr("table.hint", lang=lang, move=narrator.action(best, s), why=why, chance=round(100 * value))
        assert concrete(why, lang), hint
        assert not MOST_OFTEN.search(hint) and not SURE_AS_ODDS.search(_plain(hint)), hint
        assert (least_bad in why) == (value < LOSING), hint
        cost = rng.choice([None, 0.2, 1.4, 6.0])
        reason = why_better(s, seat, best, chosen, names, lang, cost)
        assert concrete(reason, lang) and not MOST_OFTEN.search(reason), reason
        assert not SURE_AS_ODDS.search(_plain(reason)), reason
        assert reason.strip() and "{" not in reason and "advice." not in reason, reason
        if cost is not None and cost >= 1:
            assert str(round(cost)) in reason, reason


def test_real_rankings_are_explained_too():
    """With the advisor's own ranking (a small deterministic budget) at a few positions."""
    for s in POSITIONS[:12]:
        seat = s.decision.seat
        ranking = rank_actions(observation(s, seat), legal_actions(s), budget=1, rng=random.Random(1))
        (best, value), (worst, _) = ranking[0], ranking[-1]
        for lang in ("ru", "en"):
            assert concrete(why_good(s, seat, best, value, NAMES[lang], lang), lang)
            assert concrete(why_better(s, seat, best, worst, NAMES[lang], lang), lang)


def test_a_war_is_explained_by_the_chance_its_city_falls():
    """A war's reason names the defender's hand and the chance from `p_falls`."""
    for s in POSITIONS:
        wars = [a for a in legal_actions(s) if a.kind == DECLARE_WAR]
        if not wars:
            continue
        text = why_good(s, s.decision.seat, wars[0], 0.4, NAMES["ru"], "ru").replace("\xa0", " ")
        if "на руке" in text and "%" in text:
            assert re.search(r"примерно в \d+% случаев", text), text
            return
    pytest.skip("no war with a troop that beats the walls among the positions")


def test_end_margins_share_the_deals_and_are_deterministic():
    s = POSITIONS[5]
    obs = observation(s, s.decision.seat)
    legal = legal_actions(s)[:2]
    a = end_margins(obs, legal, random.Random(3), playouts=4)
    assert a == end_margins(obs, legal, random.Random(3), playouts=4)
    assert end_margins(obs, [legal[0], legal[0]], random.Random(3), playouts=4)[0] == a[0]


def lost_easy_game():
    """A game in which an Easy seat (the 'human', seat 0) loses to three fast bots."""
    from knjazja.bots import make_bot
    for seed in range(1, 40):
        s = new_game(4, seed)
        easy = make_bot("easy")
        rng = random.Random(seed)
        while not s.over:
            legal = legal_actions(s)
            if len(legal) == 1:
                apply(s, legal[0])
            elif s.decision.seat == 0:
                apply(s, easy.choose(observation(s, 0), legal, rng))
            else:
                apply(s, fast_choose(s, legal, rng))
        states = replay(s)
        if losers(states, [True, False, False, False]):
            return s, states
    raise AssertionError("Easy never lost")


def test_the_review_of_a_lost_game_shows_its_three_costliest_moves_with_reasons():
    final, states = lost_easy_game()
    seats = [True, False, False, False]
    points = decision_points(states, seats)
    a = Analysis(states, points, worlds=1, use_process=False, lost=losers(states, seats), playouts=6)
    a.run_all()
    assert len(cost_candidates(a.results, {0})) >= 3
    top = a.costliest()
    assert len(top) >= 3 and top == costliest(a.costs, a.results)
    assert [a.costs[i] for i in top] == sorted((a.costs[i] for i in top), reverse=True)
    for i in top:
        r = a.results[i]
        assert r.best != r.chosen
        for lang in ("ru", "en"):
            reason = why_better(states[i], r.seat, r.best, r.chosen, NAMES[lang], lang, a.costs[i])
            assert concrete(reason, lang), reason
    # the same game, the same review
    again = Analysis(states, points, worlds=1, use_process=False, lost={0}, playouts=6)
    again.run_all()
    assert again.costs == a.costs


def test_a_lost_game_played_by_the_book_still_shows_what_lost_it(monkeypatch):
    """Every move the best one ply on: the closest calls are played out against their
    runner-up, and a runner-up that ends the game better is the point's better move."""
    import knjazja.bots.endcost as endcost
    final, states = lost_easy_game()
    seats = [True, False, False, False]
    points = decision_points(states, seats)[:6]
    a = Analysis(states, points, worlds=1, use_process=False, lost={0}, playouts=4)
    gaps = [0.30, 0.01, 0.05, 0.20, 0.02, 0.10]           # best − runner-up of each point
    for i, gap in zip(points, gaps):
        chosen = final.history[i]
        other = next(x for x in legal_actions(states[i]) if x != chosen)
        a.results[i] = PointResult(i, 0, chosen, 0.4, chosen, 0.4, [(chosen, 0.4), (other, 0.4 - gap)])
    a._queue.clear()
    assert cost_candidates(a.results, {0}) == []          # nothing lost one ply on
    assert close_calls(a.results, {0}) == [points[k] for k in (1, 4, 2, 5, 3, 0)]
    # the runner-up ends better by: 3 Glory, less than the margin, 1 Glory, worse, 2, 0.6
    gains = {points[1]: 3.0, points[4]: END_MARGIN / 2, points[2]: 1.0, points[5]: -1.0,
             points[3]: 2.0, points[0]: 0.6}
    played: list[int] = []

    def fake_margins(obs, moves, rng, playouts=4):
        i = close_calls(a.results, {0}, done=set(played))[0]      # they are played in this order
        assert moves == [a.results[i].chosen, a.results[i].ranking[1][0]]
        played.append(i)
        return [0.0, gains[i]]
    monkeypatch.setattr(endcost, "end_margins", fake_margins)
    a.run_all()
    assert played == [points[k] for k in (1, 4, 2, 5, 3, 0)]    # one batch, closest first
    found = {i for i, g in gains.items() if g >= END_MARGIN}     # past the playouts' noise
    assert set(a.alternatives) == found and set(a.costs) == found
    assert a.costliest() == [points[1], points[3], points[2]]
    for i in a.costliest():
        assert a.judged_at_end(i) and a.better(i) == a.results[i].ranking[1][0] != a.results[i].chosen
        for lang in ("ru", "en"):
            reason = why_better(states[i], 0, a.better(i), a.results[i].chosen, NAMES[lang], lang, a.costs[i])
            assert concrete(reason, lang), reason
    assert not a.judged_at_end(points[5]) and a.better(points[5]) == a.results[points[5]].chosen
    # the verdict names the better move without the one-ply chances that favour the chosen one
    from knjazja.app.advice.verdict import point_verdict
    top = a.costliest()[0]
    for lang, said, unsaid in (("ru", "к концу партии лучше было", "Шанс победы"),
                               ("en", "by the end of the game it would have been better to", "Win chance")):
        text = point_verdict(a, top, states[top], Narrator(NAMES[lang], lang), NAMES[lang], lang)
        text = text.replace("\xa0", " ")
        assert said in text and unsaid not in text and tr("review.why", lang=lang, why="")[:5] in text
        # at a table of several people the mover is named, and so is the one the reason speaks to
        named = point_verdict(a, top, states[top], Narrator(NAMES[lang], lang), NAMES[lang], lang, many=True)
        head, why = named.replace("\xa0", " ").split("\n", 1)
        mover = NAMES[lang][states[top].decision.seat]
        addressed = {"ru": "Почему (для ", "en": f"Why (for {mover}): "}[lang]
        assert mover[:3] in head and why.startswith(addressed) and mover[:3] in why.split(":")[0], named
    ranked_best = points[5]                   # played out, no better at the end: still the best
    assert "Это лучший ход" in point_verdict(a, ranked_best, states[ranked_best], Narrator(NAMES["ru"], "ru"),
                                             NAMES["ru"], "ru")


def test_a_lost_game_with_few_costly_moves_never_calls_a_move_within_the_noise_better(monkeypatch):
    """Four decision points, one costly at the end, two whose runner-up ended better by
    less than ``END_MARGIN`` and one whose runner-up ended worse (bench review's game 8,
    seed 1007: +6.25, +0.31, −2.0 and the Invasion): only the one past the playouts' noise
    is shown as costly, with its figure; the others keep "the best move" (issue 59: no
    "better" within the review's own scale)."""
    import knjazja.bots.endcost as endcost
    from knjazja.app.advice.verdict import point_verdict
    final, states = lost_easy_game()
    points = decision_points(states, [True, False, False, False])[:4]
    a = Analysis(states, points, worlds=1, use_process=False, lost={0}, playouts=4)
    for k, i in enumerate(points):
        chosen = final.history[i]
        other = next(x for x in legal_actions(states[i]) if x != chosen)
        a.results[i] = PointResult(i, 0, chosen, 0.4, chosen, 0.4, [(chosen, 0.4), (other, 0.39 - 0.01 * k)])
    a._queue.clear()
    gains = {points[0]: 6.25, points[1]: 0.31, points[2]: -2.0, points[3]: 0.04}

    played: list[int] = []

    def fake_margins(obs, moves, rng, playouts=4):
        i = close_calls(a.results, {0}, done=set(played))[0]      # the closest first
        assert moves == [a.results[i].chosen, a.results[i].ranking[1][0]]
        played.append(i)
        return [0.0, gains[i]]
    monkeypatch.setattr(endcost, "end_margins", fake_margins)
    a.run_all()
    assert played == points                               # every close call played out
    assert a.costliest() == [points[0]] and a.judged_at_end(points[0])
    for i in points[1:]:
        assert not a.judged_at_end(i) and i not in a.alternatives
        for lang, best in (("ru", "Это лучший ход"), ("en", "the best move")):
            text = point_verdict(a, i, states[i], Narrator(NAMES[lang], lang), NAMES[lang], lang)
            assert best in text and "лучше было" not in text and "better" not in text, text
    for lang, words in (("ru", "примерно 6 Слав"), ("en", "about 6 Glory")):
        reason = why_better(states[points[0]], 0, a.better(points[0]), a.results[points[0]].chosen, NAMES[lang],
                            lang, a.costs[points[0]])
        assert words in reason.replace("\xa0", " "), reason


def test_an_end_cost_of_nothing_is_never_said():
    from knjazja.app.advice.explain import end_cost_fact
    assert end_cost_fact(None) is None and end_cost_fact(0.0) is None and end_cost_fact(-1.5) is None
    assert end_cost_fact(0.31).key == "end_cost_small" and end_cost_fact(0.7).key == "end_cost_small"
    assert end_cost_fact(1.0).key == "end_cost" and end_cost_fact(0.56).kw()["n"].n == 0.6


def test_a_won_game_is_not_played_out():
    final, states = lost_easy_game()
    winners_only = Analysis(states, decision_points(states, [True, False, False, False])[:3], worlds=1,
                            use_process=False, lost=set())
    winners_only.run_all()
    assert winners_only.costs == {} and winners_only.costliest() == []


def test_bench_review_reports_each_lost_game_and_a_summary():
    from knjazja.tools.reviewbench import bench_review
    lines: list[str] = []
    summary = bench_review(games=1, worlds=1, playouts=4, samples=3, log=lines.append)
    assert summary["lost_games"] == 1 and summary["with_3_costliest"] == 1
    assert any(line.startswith("game 1 ") for line in lines)
    assert sum("Почему:" in line for line in lines) >= 3 and sum("Why:" in line for line in lines) >= 3
    assert any("Совет:" in line for line in lines) and any("Hint:" in line for line in lines)
    assert lines[-1].startswith("summary: 1/1 lost games show >= 3 costliest moves, each with a reason")


def _plain(text: str) -> str:
    return text.replace("\xa0", " ")


def test_the_issues_losing_moves_are_told_by_what_they_expose_or_close():
    """Stone Walls that close a city with buildings still in hand; a Cathedral piled into an
    unwalled city; a foreign troop defending where a Bribe can take it away."""
    from knjazja.engine.prepared import prepared_game
    s = prepared_game(3, hands={0: ["wall.stone", "bld.church", "bld.cathedral", "bld.monastery"]},
                      cities={"city.kiev": (0, [])})
    legal = legal_actions(s)
    draw = next(a for a in legal if a.kind == "draw")
    stone = next(a for a in legal if a.kind == "build" and a.card in _ids("wall.stone"))
    cathedral = next(a for a in legal if a.kind == "build" and a.card in _ids("bld.cathedral"))
    ru = _plain(why_better(s, 0, draw, stone, NAMES["ru"], "ru"))
    assert "в Киеве больше ничего не построить, а у вас на руке ещё 3 постройки" in ru, ru
    en = _plain(why_better(s, 0, draw, stone, NAMES["en"], "en"))
    assert "nothing more can be built in Kiev, and you still hold 3 buildings" in en, en
    ru = _plain(why_better(s, 0, draw, cathedral, NAMES["ru"], "ru"))
    assert "что до вашего хода, Слава Киева станет 6, а стен там нет" in ru, ru
    assert "стен там нет" not in _plain(why_good(s, 0, cathedral, 0.4, NAMES["ru"], "ru"))

    war = prepared_game(3, hands={0: ["troop.poles", "troop.militia"], 1: ["troop.druzhina.3"]},
                        cities={"city.kiev": (0, [])}, current=1)
    apply(war, next(a for a in legal_actions(war) if a.kind == DECLARE_WAR))
    apply(war, next(a for a in legal_actions(war) if a.kind == "attack"))
    defences = [a for a in legal_actions(war) if a.kind == "defend"]
    poles = next(a for a in defences if a.cards[0] in _ids("troop.poles"))
    militia = next(a for a in defences if a.cards[0] in _ids("troop.militia"))
    ru = _plain(why_better(war, 0, militia, poles, NAMES["ru"], "ru"))
    assert "их может перекупить «Подкуп»" in ru and "у Вася" not in ru, ru
    assert "Bribe can buy them away" in why_better(war, 0, militia, poles, NAMES["en"], "en")


def _ids(cid: str) -> tuple[int, ...]:
    from knjazja.engine.cards import INSTANCES
    return INSTANCES[cid]
