"""The lessons on the real table, headless: every lesson played to its end in both languages
with the mouse alone (clicking where the guide points, pressing Next), wrong clicks refused
with a reason and the hint while nothing changes, continuing where the player stopped, the
menu's first-start offer and its suggestion after the last lesson."""
import pygame
import pytest

import table_probes as P
from knjazja.app.wording import i18n
from knjazja.app.tutorial import lesson_progress
from knjazja.app.tutorial.lesson_pointer import HAND, pointer
from knjazja.app.tutorial.lessons import all_lessons, lesson_by_id
from knjazja.app.store.settings import Settings
from knjazja.engine.cards import INSTANCES
from knjazja.ui.main import GameFlow
from knjazja.ui.scenes.lessons import LessonDoneScene, LessonsScene
from knjazja.ui.scenes.results import ResultsScene
from knjazja.ui.table.guide import pointer_rect
from knjazja.ui.table.lesson import LessonScene
from knjazja.ui.table.scene import TableScene

DT = 0.1


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(app, pos):
    pos = (int(pos[0]), int(pos[1]))
    app.step([motion(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)


def flow_on(make_app, lang="en", size=(1280, 720)):
    settings = Settings()
    settings.animation_speed = 3.0
    settings.language = lang
    app = make_app(size, settings=settings, persist=False)
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    app.step([], DT)
    return app, flow


def settle(app, scene, limit=300):
    """Frames until the others have answered and the animations are over (a player's click
    skips what is being shown: the Skip button)."""
    for _ in range(limit):
        if not scene.controller.busy and not scene.lesson_session.run.replying:
            return
        if scene.controller.busy and scene.controls.skip.visible:
            click(app, scene.controls.skip.rect.center)
        else:
            app.step([], DT)
    raise AssertionError("the lesson never came to rest")


def follow_the_guide(app, scene) -> int:
    """Do the current step as a player would: Next, or click where the guide points until the
    step is done.  Returns the clicks it took."""
    session = scene.lesson_session
    index = session.run.index
    for clicks in range(1, 8):
        settle(app, scene)
        step = session.run.step
        if step.is_info:
            click(app, scene.guide.buttons["next"].rect.center)
        else:
            p = pointer(session, scene.controller)
            assert p is not None, f"{session.lesson.id} step {index + 1}: the guide points at nothing"
            r = P.rect_of_hand_card(scene, p.key) if p.kind == HAND else pointer_rect(scene, p)
            assert r is not None, f"{session.lesson.id} step {index + 1}: {p} is not on the screen"
            click(app, r.center)
        if session.run.index > index:
            return clicks
    raise AssertionError(f"{session.lesson.id} step {index + 1} not done by following the guide; "
                         f"toast: {scene.toasts.latest}")


def state_key(s):
    return (tuple(s.history), tuple(map(tuple, s.hands)), tuple(s.deck), s.decision,
            tuple((k, c.owner, tuple(c.all_buildings())) for k, c in s.cities.items()))


def try_drawing_instead(app, scene) -> bool:
    """Press Draw where the step wants something else: refused with the lesson's words and the
    step's hint, nothing changed.  False when Draw is not on offer (or is the step)."""
    session = scene.lesson_session
    settle(app, scene)
    step = session.run.step
    r = P.rect_of_button(scene, "draw")
    if step.is_info or r is None or any(p.kind == "draw" for p in step.do):
        return False
    before, index = state_key(session.state), session.run.index
    click(app, r.center)
    assert scene.toasts.latest == i18n.tr("lesson.not_now")
    assert scene.note is not None and session.hint() in scene.note
    assert state_key(session.state) == before and session.run.index == index
    return True


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_lesson_is_played_to_its_end_with_the_mouse(make_app, lang):
    app, flow = flow_on(make_app, lang)
    assert i18n.get_language() == lang
    refused = 0
    for lesson in all_lessons():
        scene = flow.lessons.start(lesson.id, restart=True)
        assert app.stack.top is scene and isinstance(scene, TableScene)
        while not scene.finished:
            refused += try_drawing_instead(app, scene)
            follow_the_guide(app, scene)
        for _ in range(3):
            app.step([], DT)
        assert lesson_progress.load().of(lesson.id).done
        top = app.stack.top
        if lesson.number < len(all_lessons()):
            assert isinstance(top, LessonDoneScene)
        else:                                    # the final score, and a game against bots offered
            assert isinstance(top, ResultsScene) and scene.session.state.over
            assert top.buttons["again"].text == i18n.tr("lesson.play_bots")
    assert lesson_progress.load().suggest_game
    assert refused >= 20                            # a wrong click tried at most steps


def test_a_wrong_click_is_refused_with_the_reason_and_the_hint_and_changes_nothing(make_app):
    app, flow = flow_on(make_app, "en")
    scene = flow.lessons.start("building", restart=True)
    scene_session = scene.lesson_session
    while scene_session.run.index < 7:          # the Church after the Stone Walls
        follow_the_guide(app, scene)
    settle(app, scene)
    s = scene.session.state
    before = (list(s.history), [list(h) for h in s.hands], {k: c.all_buildings() for k, c in s.cities.items()})
    church = next(c for c in s.hands[0] if c in INSTANCES["bld.church"])
    vladimir = INSTANCES["city.vladimir"][0]
    click(app, P.rect_of_hand_card(scene, church).center)
    click(app, P.rect_of_city(scene, vladimir).center)          # the engine refuses: blocked
    assert "Stone Walls" in scene.toasts.latest and "Vladimir" in scene.toasts.latest
    assert scene.note is not None and "Murom" in scene.note     # … and the guide adds the hint
    click(app, P.rect_of_button(scene, "draw").center)          # legal, but not this lesson's step
    assert scene.toasts.latest == i18n.tr("lesson.not_now")
    assert "Murom" in scene.note
    assert before == (list(s.history), [list(h) for h in s.hands],
                      {k: c.all_buildings() for k, c in s.cities.items()})
    assert scene_session.run.index == 7
    follow_the_guide(app, scene)                                # the right place still works
    assert scene_session.run.index == 8


def test_a_lesson_continues_where_the_player_stopped(make_app):
    app, flow = flow_on(make_app, "ru")
    scene = flow.lessons.start("war", restart=True)
    for _ in range(5):
        follow_the_guide(app, scene)
    settle(app, scene)
    stopped = scene.lesson_session.run.index
    state = scene.session.state
    flow.to_menu()
    assert lesson_progress.load().of("war").step == stopped
    again = flow.lessons.start("war")
    assert again is not scene and again.lesson_session.run.index == stopped
    assert again.session.state.hands == state.hands and set(again.session.state.cities) == set(state.cities)
    assert again.log_panel is not None and again.controller.logged      # the log of the way so far
    fresh = flow.lessons.start("war", restart=True)
    assert fresh.lesson_session.run.index == 0


def test_the_first_start_offers_the_first_lesson(make_app):
    app, flow = flow_on(make_app, "ru")
    menu = flow.menu
    assert menu.banner_text is not None and menu.banner_text[0] == i18n.tr("menu.offer.title")
    assert menu.buttons["learn"].is_enabled
    start = menu.banner_buttons[0][0]
    click(app, start.rect.center)
    top = app.stack.top
    assert isinstance(top, LessonScene) and top.lesson.number == 1
    flow.to_menu()
    assert menu.banner_text is None                 # offered once


def test_not_now_hides_the_offer_and_learn_opens_the_list(make_app):
    app, flow = flow_on(make_app, "en")
    click(app, flow.menu.banner_buttons[1][0].rect.center)
    assert flow.menu.banner_text is None and lesson_progress.load().offered
    click(app, flow.menu.buttons["learn"].rect.center)
    lessons = app.stack.top
    assert isinstance(lessons, LessonsScene) and len(lessons.rows) == 5
    click(app, lessons.buttons[("tricks", "go")].rect.center)
    assert isinstance(app.stack.top, LessonScene) and app.stack.top.lesson.id == "tricks"


def test_after_the_last_lesson_the_menu_suggests_a_game_against_normal_bots(make_app):
    app, flow = flow_on(make_app, "en")
    last = all_lessons()[-1]
    scene = flow.lessons.start(last.id, restart=True)
    while not scene.finished:
        follow_the_guide(app, scene)
    app.step([], DT)
    click(app, app.stack.top.buttons["menu"].rect.center)       # from the results to the menu
    menu = flow.menu
    assert app.stack.top is menu
    assert menu.banner_text is not None and menu.banner_text[0] == i18n.tr("menu.suggest.title")
    click(app, menu.banner_buttons[0][0].rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene) and not isinstance(table, LessonScene)
    assert [s.kind for s in table.session.seats] == ["human", "normal", "normal", "normal"]
    assert not lesson_progress.load().suggest_game


def test_help_opens_the_rules_at_the_decision(make_app):
    from knjazja.ui.scenes.rules import RulesScene
    app, flow = flow_on(make_app, "en")
    scene = flow.lessons.start("tricks", restart=True)
    while scene.lesson_session.run.index < 8:       # Mstislav's Polovtsian Raid: a reaction
        follow_the_guide(app, scene)
    settle(app, scene)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0)], DT)
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    assert rules.sections[rules.current_section()].key == "events" and rules.marked is not None
    rules.back()
    assert app.stack.top is scene
    click(app, P.rect_of_button(scene, "help").center)     # the "?" button does the same
    assert isinstance(app.stack.top, RulesScene)


def test_the_rules_page_links_sections_to_their_lessons(make_app):
    app, flow = flow_on(make_app, "ru")
    flow.show_rules()
    rules = app.stack.top
    linked = {lesson for _, lesson in rules.links}
    assert linked == {lesson.id for lesson in all_lessons()}
    war = next(r for r, lesson in rules.links if lesson == "war")
    rules.scroll.scroll_to(war.top - 20, smooth=False)
    view = rules.scroll.view
    pos = (view.left + war.centerx, view.top + war.centery - round(rules.scroll.offset))
    click(app, pos)
    assert isinstance(app.stack.top, LessonScene) and app.stack.top.lesson == lesson_by_id("war")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_lesson_texts_have_their_glyphs(lang):
    """The guide draws a lesson's words in the body face and its title in the title face."""
    from pathlib import Path

    from font_cmap import coverage
    from knjazja.app.wording.typography import typeset
    from knjazja.ui.art.resources import FONT_FILES, font_role
    fonts = Path(__file__).resolve().parents[2] / "assets" / "fonts"
    body = coverage(fonts / FONT_FILES[font_role("body", lang)])
    title = coverage(fonts / FONT_FILES[font_role("title", lang)])
    bad = {}
    for lesson in all_lessons():
        texts = [lesson.summary[lang]] + [t for s in lesson.steps for t in (s.say[lang], s.hint[lang])]
        for text in texts:
            missing = {c for c in typeset(text, lang) if ord(c) not in body}
            if missing:
                bad[text[:40]] = "".join(sorted(missing))
        missing = {c for c in lesson.title[lang] if ord(c) not in title}
        if missing:
            bad[lesson.title[lang]] = "".join(sorted(missing))
    assert not bad


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_step_fits_the_guide_at_the_smallest_window(make_app, lang):
    """Each step's words fit the guide at 1280×720 in a readable size, even with a refusal's
    note (the longest hint) below them."""
    app, flow = flow_on(make_app, lang)
    small = []
    for lesson in all_lessons():
        scene = flow.lessons.start(lesson.id, restart=True)
        session = scene.lesson_session
        while not session.run.finished:
            settle(app, scene)
            refused = session.hint() if session.run.step.is_info else \
                i18n.tr("lesson.refusal", reason=i18n.tr("lesson.not_now"), hint=session.hint())
            for note in (None, refused):
                scene.note, scene.note_left = note, 5.0
                app.step([], DT)
                size, fits = scene.guide.fitted
                if not fits or size < 11:
                    small.append((lesson.id, session.run.index + 1, size, fits, note is not None))
            session.advance()
    assert not small


def test_after_the_last_lesson_a_saved_game_comes_first(make_app):
    """All lessons done while a game is saved: the card leads with Continue, not a new game."""
    app, flow = flow_on(make_app, "en")
    session = flow.start_game(dict(seats=[{"name": "Olga", "kind": "human"}, {"name": "Igor", "kind": "easy"}],
                                   first_player=0, options={"strict_defence": False,
                                                            "invasion_first_round": False}), seed=4)
    flow.to_menu()
    lesson_progress.set_flags(suggest_game=True)
    flow.menu.refresh()
    menu = flow.menu
    assert menu.banner_text == (i18n.tr("menu.suggest.title"), i18n.tr("menu.suggest.text_saved"))
    assert menu.banner_buttons[0][0].text == i18n.tr("menu.suggest.continue")
    click(app, menu.banner_buttons[0][0].rect.center)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.state.seed == session.state.seed


def test_a_finished_lesson_offers_one_way_in_and_a_half_done_one_two(make_app):
    app, flow = flow_on(make_app, "en")
    lesson_progress.record_step("turn", 0)
    lesson_progress.record_done("turn", last=False)
    lesson_progress.record_step("war", 3)
    lesson_progress.record_done("war", last=False)
    lesson_progress.record_step("war", 3)                  # played again, left at step 4
    lesson_progress.record_step("building", 2)
    click(app, flow.menu.buttons["learn"].rect.center)
    lessons = app.stack.top
    assert isinstance(lessons, LessonsScene)
    labels = {key: b.text for key, b in lessons.buttons.items()}
    assert labels[("turn", "go")] == i18n.tr("lessons.again") and ("turn", "restart") not in labels
    assert labels[("building", "go")] == i18n.tr("lessons.continue")
    assert labels[("building", "restart")] == i18n.tr("lessons.restart")
    assert labels[("tricks", "go")] == i18n.tr("lessons.start") and ("tricks", "restart") not in labels
    assert labels[("war", "go")] == i18n.tr("lessons.continue")
    click(app, lessons.buttons[("war", "go")].rect.center)
    scene = app.stack.top
    assert isinstance(scene, LessonScene) and scene.lesson_session.run.index == 3   # where he stopped
