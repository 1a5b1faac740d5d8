"""The post-game review: replay, decision points, the background analysis and the scene."""
from __future__ import annotations

import random

import pygame
import pytest

from knjazja.app.advice.analysis import (Analysis, PointResult, biggest_mistakes, decision_points, grade, point_seed,
                                  replay, result_from_ranking)
from knjazja.app.session import GameSession, Seat
from knjazja.bots.advisor import HintAdvisor
from knjazja.bots.thinker import shutdown_worker
from knjazja.engine import Action, apply, dumps, legal_actions, new_game, observation, score

TINY = 2           # worlds per ranking: enough to rank, quick enough for a test


@pytest.fixture(autouse=True)
def _stop_worker():
    yield
    shutdown_worker()


def random_game(n: int, seed: int, rng_seed: int = 1):
    s = new_game(n, seed)
    rng = random.Random(rng_seed)
    while not s.over:
        apply(s, rng.choice(legal_actions(s)))
    return s


def advised_best(state, index: int):
    """What the review's analysis will rank first at move ``index`` (same seed, same budget)."""
    seat = state.decision.seat
    seed = random.Random(point_seed(state.seed, index)).getrandbits(64)   # as Thinker.start does
    ranking = HintAdvisor(budget=TINY).choose(observation(state, seat), legal_actions(state), random.Random(seed))
    return ranking[0][0]


def short_game(advised: int = 3):
    """A duel: seat 0 is "human", playing the analysis' own best move at its first
    ``advised`` decisions with a choice, then a fixed policy; seat 1 plays at random."""
    s = new_game(2, seed=21)
    rng = random.Random(4)
    choices = 0
    while not s.over:
        legal = legal_actions(s)
        if s.decision.seat == 0 and len(legal) > 1:
            if choices < advised:
                action = advised_best(s, len(s.history))
            else:
                action = legal[-1] if s.decision.kind != "turn" else legal[0]
            choices += 1
        else:
            action = rng.choice(legal)
        apply(s, action)
    return s, [Seat("Ann", "human"), Seat("Bot", "easy")]


def finish(analysis: Analysis, limit: int = 200) -> None:
    """Wait for every point without sleeping: blocking waits, a bounded number of them."""
    for _ in range(limit):
        if analysis.done:
            return
        analysis.wait(timeout=60)
    raise AssertionError("the analysis did not finish")


# --- replay and decision points --------------------------------------------------------------
@pytest.mark.parametrize("n,seed", [(2, 3), (4, 8), (8, 5)])
def test_replay_reproduces_the_game(n, seed):
    s = random_game(n, seed)
    states = replay(s)
    assert len(states) == len(s.history) + 1
    assert dumps(states[-1]) == dumps(s)
    final = states[-1]
    assert final.over and final.hands == s.hands and final.chronicles == s.chronicles
    assert sorted(final.cities) == sorted(s.cities)
    assert [sc.total for sc in score(final)] == [sc.total for sc in score(s)]
    for i in (0, len(s.history) // 2, len(s.history)):
        assert states[i].history == s.history[:i]
    assert s.history[0] in legal_actions(states[0])   # states[i] is the position of move i


def test_replay_snapshots_are_independent():
    s = random_game(3, 2)
    states = replay(s)
    assert states[0].hands != states[-1].hands
    assert len({id(x) for x in states}) == len(states)


def test_decision_points_are_the_human_choices():
    s = new_game(3, seed=9)
    rng = random.Random(3)
    humans = {0, 2}
    expected = []
    while not s.over:
        legal = legal_actions(s)
        if s.decision.seat in humans and len(legal) > 1:
            expected.append(len(s.history))
        apply(s, rng.choice(legal))
    seats = [Seat("A", "human"), Seat("B", "hard"), Seat("C", "human")]
    states = replay(s)
    points = decision_points(states, seats)
    assert points == expected and points
    assert all(states[i].decision.seat in humans for i in points)
    assert decision_points(states, [Seat("x", "easy")] * 3) == []


# --- analysis --------------------------------------------------------------------------------
def test_result_from_ranking():
    a, b, c = Action("draw"), Action("pass"), Action("end_war")
    r = result_from_ranking(5, 0, b, [(a, 0.6), (b, 0.45), (c, 0.2)])
    assert r.best == a and r.chosen == b
    assert r.loss == pytest.approx(0.15) and r.loss_points == pytest.approx(15.0)
    best = result_from_ranking(5, 0, a, [(a, 0.6), (b, 0.45)])
    assert best.loss == 0 and best.best == a
    tie = result_from_ranking(5, 0, b, [(a, 0.5), (b, 0.5)])
    assert tie.loss == 0 and tie.best == b
    assert grade(0.0) == "good" and grade(5) == "inaccuracy" and grade(30) == "mistake"


def test_biggest_mistakes_picks_three():
    act = Action("draw")
    res = {i: PointResult(i, 0, act, 0.5 - loss, act, 0.5) for i, loss in
           [(1, 0.0), (2, 0.2), (3, 0.05), (4, 0.3), (5, 0.01), (6, 0.12)]}
    assert biggest_mistakes(res) == [4, 2, 6]
    assert biggest_mistakes({1: res[1], 5: res[5]}) == []


def test_analysis_of_a_short_game():
    s, seats = short_game(advised=3)
    states = replay(s)
    points = decision_points(states, seats)
    assert len(points) >= 5
    analysis = Analysis(states, points[:5], worlds=TINY)
    assert not analysis.done and analysis.total == 5
    collected = []
    for _ in range(200):                 # progressive collection, one point at a time
        if analysis.done:
            break
        collected += analysis.wait(timeout=60)
    assert analysis.done and analysis.error is None
    assert sorted(r.index for r in collected) == points[:5]
    for i in points[:5]:
        r = analysis.results[i]
        assert r.loss >= 0 and 0 <= r.chosen_value <= r.best_value <= 1
        assert r.chosen == s.history[i] and r.seat == 0
        assert {a for a, _ in r.ranking} == set(legal_actions(states[i]))
        if r.chosen == r.best:
            assert r.loss == 0
    # the first three were played as the analysis advises: the best move, no loss
    for i in points[:3]:
        assert analysis.results[i].chosen == analysis.results[i].best
        assert analysis.results[i].loss == 0


def test_analysis_is_deterministic_and_order_free():
    s, seats = short_game(advised=0)
    states = replay(s)
    points = decision_points(states, seats)[:3]
    first = Analysis(states, points, worlds=TINY)
    finish(first)
    second = Analysis(states, points, worlds=TINY, use_process=False)
    second.prioritize(points[-1])        # another order, another mode: the same review
    finish(second)
    for i in points:
        assert first.results[i].ranking == second.results[i].ranking
        assert first.results[i].loss == second.results[i].loss


def test_analysis_cancel_keeps_what_is_done():
    s, seats = short_game(advised=0)
    states = replay(s)
    points = decision_points(states, seats)[:4]
    analysis = Analysis(states, points, worlds=TINY)
    for _ in range(50):
        if analysis.wait(timeout=60):
            break
    assert len(analysis.results) == 1
    analysis.cancel()
    assert analysis.done and analysis.poll() == [] and len(analysis.results) == 1


# --- the scene -------------------------------------------------------------------------------
def click(app, element, button=1):
    pos = element.rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def key(app, k):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0),
              pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)])


def finished_session(n=2):
    if n == 2:
        s, seats = short_game(advised=0)
    else:
        s = random_game(n, seed=6)
        seats = [Seat("Ann", "human")] + [Seat(f"Bot {i}", "normal") for i in range(1, n)]
    return GameSession(seats, state=s)


def test_scene_steps_through_the_game(make_app):
    from knjazja.ui.scenes.review import ReviewScene
    app = make_app((1280, 720))
    session = finished_session()
    closed = []
    scene = ReviewScene(session, on_close=lambda: closed.append(True), worlds=TINY)
    app.stack.push(scene)
    app.step([])
    start = scene.step
    assert start == scene.points[0]
    click(app, scene.buttons["next"])
    assert scene.step == start + 1
    click(app, scene.buttons["next"])
    click(app, scene.buttons["prev"])
    assert scene.step == start + 1
    key(app, pygame.K_HOME)
    assert scene.step == 0 and not scene.buttons["prev"].is_enabled
    click(app, scene.buttons["prev"])                 # disabled: nothing happens
    assert scene.step == 0
    key(app, pygame.K_RIGHT)
    assert scene.step == 1
    key(app, pygame.K_END)
    assert scene.step == scene.last and not scene.buttons["next"].is_enabled
    # a click on a row of the move list selects that move
    view = scene.scroll.view
    key(app, pygame.K_HOME)
    for _ in range(30):
        app.step([], dt=0.05)                         # let the list scroll back to the top
    row = scene.rows.rect(2, view, round(scene.scroll.offset))
    pos = (view.left + 40, row.centery)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    assert scene.step == 2
    # the analysis comes in while the scene runs; then "Next mistake" visits the flagged moves
    for _ in range(400):
        if scene.analysis.done:
            break
        scene.analysis.wait(timeout=60)
        app.step([])
    app.step([])
    assert scene.analysis.done and len(scene.analysis.results) == len(scene.points)
    assert "/" not in scene.progress_text()
    mistakes = scene.mistakes()
    if mistakes:
        click(app, scene.buttons["mistake"])
        after = [i for i in mistakes if i > 2]
        assert scene.step == (after[0] if after else mistakes[0])
        move, verdict, _ = scene.verdict_lines()
        assert "%" in verdict
    else:
        assert not scene.buttons["mistake"].is_enabled
    for i in scene.points[:3] + [scene.last]:
        scene.go(i)
        app.step([])
        assert scene.verdict_lines()[1]
    key(app, pygame.K_ESCAPE)
    assert closed == [True]


@pytest.mark.parametrize("lang,size,n", [("ru", (1280, 720), 4), ("en", (1920, 1080), 8)])
def test_scene_draws_every_kind_of_position(make_app, lang, size, n):
    from knjazja.app.wording import i18n
    from knjazja.ui.scenes.review import ReviewScene
    i18n.set_language(lang)
    app = make_app(size)
    session = finished_session(n)
    scene = ReviewScene(session, worlds=TINY)
    app.stack.push(scene)
    states = scene.states
    war = next((i for i, x in enumerate(states) if x.war is not None and x.war.attack), None)
    pending = next((i for i, x in enumerate(states) if x.pending is not None), None)
    for i in [0, war, pending, len(states) // 2, scene.last]:
        if i is not None:
            scene.go(i)
            app.step([])
    # hovering a card shows it large (drawn over everything)
    rect, card, _ = scene.board.hits[0]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))])
    assert scene.hovered_card(rect.center) is not None
    app.resize((1600, 900))                          # a rebuild keeps the selected move
    app.step([])
    assert scene.step == scene.last
    app.stack.pop()                                  # leaving stops the analysis
    assert scene.analysis.done


def test_results_review_button(make_app):
    from knjazja.ui.scenes.results import ResultsScene
    app = make_app((1280, 720))
    session = finished_session()
    reviewed = []
    scene = ResultsScene(session, on_play_again=lambda: None, on_menu=lambda: None,
                         on_review=lambda: reviewed.append(True))
    app.stack.push(scene)
    app.step([])
    click(app, scene.buttons["review"])
    assert reviewed == [True]
    plain = ResultsScene(session, on_play_again=lambda: None, on_menu=lambda: None)
    app.stack.replace(plain)
    app.step([])
    assert "review" not in plain.buttons


LONG_VERDICT = {
    "ru": ("65. Ярослав — начать войну за Полоцк у Всеволода",
           "Ваш ход — начать войну за Полоцк у Всеволода. Лучше было начать войну за Новгород у Мстислава. "
           "Шанс победы: 25% против 27%\nПочему: ваш ход — удар приходится по Всеволоду (4 Славы), а впереди "
           "Святослав (14 Слав); лучший ход — у Мстислава 2 карты на руке, и Новгород падёт, если среди них нет "
           "ответа на «Дружину 10», — примерно в 94 % случаев, а это 7 Слав"),
    "en": ("65. Yaroslav — start a war for Polotsk, Vsevolod's city",
           "You chose to start a war for Polotsk, Vsevolod's city; it would have been better to start a war for "
           "Novgorod, Mstislav's city. Win chance: 25% against 27%\nWhy: your move: the blow falls on Vsevolod "
           "(4 Glory) while Sviatoslav leads (14 Glory); the better move: Mstislav holds 2 cards: Novgorod falls "
           "unless one of them answers the Druzhina 10 — about 94% of the time, and it is worth 7 Glory"),
}


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1600, 900), (1920, 1080), (2560, 1440)])
def test_the_verdict_is_wrapped_whole_inside_its_box(make_app, lang, size):
    """The verdict was cut at «Лучше было начать войну за Новгород у Мст…» when its reason
    took the box's last lines: every word is shown, each line inside the box."""
    from knjazja.app.wording import i18n
    from knjazja.ui.scenes.review import ReviewScene
    i18n.set_language(lang)
    app = make_app(size)
    session = finished_session()
    states = replay(session.state)
    scene = ReviewScene(session, analysis=Analysis(states, [], TINY, use_process=False))
    app.stack.push(scene)
    app.step([])
    move, verdict = LONG_VERDICT[lang]
    fit = scene.board.fit_verdict(scene.verdict_rect, move, verdict, (255, 255, 255))
    assert fit.box == scene.verdict_rect                 # room enough at every size: nothing grew
    shown = " ".join(text for text, *_ in fit.lines)
    assert shown.split() == f"{move} {verdict}".split(), shown
    for text, *_, rect in fit.lines:
        assert fit.box.contains(rect), (text, rect, fit.box)
    rects = [rect for *_, rect in fit.lines]
    assert all(a.bottom <= b.top for a, b in zip(rects, rects[1:]))


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_every_move_is_listed_whole_and_the_buttons_keep_a_margin(make_app, lang, size):
    """The move list cut its rows («Мстислав — построить «Монастырь» во В…»): every move now
    reads whole inside its row, a long one on two lines, rows one under another and a click
    on a row's second line selects that row; Prev, Next and Next mistake keep their words
    clear of their frames («Следующая ошибка» all but touched them at 1280×720)."""
    from knjazja.app.wording import i18n
    from knjazja.ui.scenes.review import ReviewScene
    i18n.set_language(lang)
    app = make_app(size)
    session = finished_session()
    scene = ReviewScene(session, analysis=Analysis(replay(session.state), [], TINY, use_process=False))
    app.stack.push(scene)
    app.step([])
    view, rows = scene.scroll.view, scene.rows
    width = scene.move_width(view.width)
    assert len(rows.rows) == scene.last and rows.height == sum(r.height for r in rows.rows) + scene.row_h
    wrapped = 0
    for i, row in enumerate(rows.rows):
        assert " ".join(row.lines).split() == scene.move_text(i).split(), (i, row.lines)
        font = scene.texts.font("body", row.size)
        assert all(font.size(line)[0] <= width for line in row.lines), (i, row.lines)
        assert len(row.lines) * font.get_linesize() <= row.height and row.size >= 10
        assert i == 0 or row.top == rows.rows[i - 1].top + rows.rows[i - 1].height
        wrapped += len(row.lines) > 1
        assert rows.at(row.top + row.height - 1) == i
    assert wrapped, "no move long enough to wrap: the test proves nothing"
    for key, b in scene.buttons.items():
        margin = (b.rect.width - b.font.size(b.text)[0]) // 2
        assert margin >= max(6, scene.px(12)), (key, b.text, margin)


@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)])
def test_a_moves_widest_marks_stay_right_of_its_words(make_app, size):
    """A big loss with "!!" and a lost game's diamond: all its marks lie inside the room the
    row keeps for them, so a move's words (``move_width``) never run under them."""
    from knjazja.app.advice.marks import Mark
    from knjazja.ui.scenes.review import ReviewScene
    app = make_app(size)
    session = finished_session()
    scene = ReviewScene(session, analysis=Analysis(replay(session.state), [], TINY, use_process=False))
    app.stack.push(scene)
    app.step([])
    act = Action("draw")
    worst = PointResult(0, 0, act, 0.0, act, 0.999)
    surface = pygame.Surface((1000, 60), pygame.SRCALPHA)
    scene._draw_loss(surface, worst, False, Mark("mistake", biggest=True, costly=True), (994, 30))
    ink = surface.get_bounding_rect()
    view_w = 1000
    words_end = scene.px(64) + scene.move_width(view_w)
    assert ink.width > scene.px(60) and ink.left >= words_end, (ink, words_end)
