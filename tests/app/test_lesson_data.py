"""Lessons are data: every lesson file is checked by playing it on the engine.

At every step the player decides (or, after a game-ending step, only reads); every expected
action is legal there and names exactly one legal action; every scripted reply is legal for
its seat; what a step shows is on the table.  Also: the session refuses what the step does
not expect without changing anything, continuing replays the same path, progress is kept,
the glossary and the help topics."""
import json

import pytest

from knjazja.app.wording import glossary
from knjazja.app.tutorial import lesson_progress
from knjazja.app.wording.help_topics import topic
from knjazja.app.wording.i18n import LANGUAGES
from knjazja.app.table.interaction import IDLE, Holding, PickingWarCity
from knjazja.app.tutorial.lesson_session import LessonSession
from knjazja.app.tutorial.lessons import LESSONS_DIR, LessonError, Pattern, all_lessons, lesson_errors, parse_lesson
from knjazja.app.wording.rulebook import load_rules
from knjazja.engine import IllegalAction, legal_actions
from knjazja.engine.actions import REACTION
from knjazja.engine.cards import CARD_ID, INSTANCES

LESSONS = all_lessons()


def state_key(s):
    return (tuple(s.history), tuple(map(tuple, s.hands)), tuple(s.deck), tuple(s.discard),
            tuple((k, c.owner, tuple(c.all_buildings())) for k, c in s.cities.items()),
            tuple(map(tuple, s.chronicles)), s.decision, s.current, s.turn_no, s.end_turn, s.over)


def test_five_lessons_numbered_in_order_with_both_languages():
    assert lesson_errors() == ()
    assert [lesson.number for lesson in LESSONS] == [1, 2, 3, 4, 5]
    assert len({lesson.id for lesson in LESSONS}) == 5
    keys = {lang: {s.key for s in load_rules(lang)} for lang in LANGUAGES}
    for lesson in LESSONS:
        assert lesson.sections and all(sec in keys[lang] for sec in lesson.sections for lang in LANGUAGES)
        for step in lesson.steps:
            assert all(step.say[lang].strip() and step.hint[lang].strip() for lang in LANGUAGES)


def _check_show(session, step):
    if step.show is None:
        return
    kind, value = step.show
    s = session.state
    if kind == "city":
        assert INSTANCES[value][0] in s.cities, step.show
    elif kind == "card":
        assert any(CARD_ID[c] == value for c in s.hands[0]), step.show
    elif kind == "chronicle":
        assert any(CARD_ID[c] == value for seat in s.chronicles for c in seat), step.show


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_every_expected_action_is_legal_at_its_step(lesson):
    session = LessonSession(lesson, "ru")
    while not session.run.finished:
        step, i = session.run.step, session.run.index
        where = f"{lesson.id} step {i + 1}"
        s = session.state
        assert not session.run.replying
        assert s.over or s.decision.seat == 0, f"{where}: the player does not decide ({s.decision})"
        assert not s.over or step.is_info, f"{where}: an action after the game is over"
        if step.formula:
            assert INSTANCES[step.formula][0] in s.cities, f"{where}: formula of a city not in play"
        _check_show(session, step)
        legal = legal_actions(s)
        for p in step.do:
            assert p.by is None, where
            assert len(p.find(legal)) == 1, f"{where}: {p} matches {p.find(legal)} of {legal}"
        session.advance()
    assert session.run.index == len(lesson.steps)


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_every_other_expected_action_leads_on_too(lesson):
    """A step that accepts any of several actions: after each, the others answer legally and
    the player decides again (or the game is over)."""
    tried = 0
    for i, step in enumerate(lesson.steps):
        for p in step.do[1:]:
            session = LessonSession(lesson, "en", start_at=i)
            session.play(p.find(session.legal())[0])
            while session.run.replying and not session.state.over:
                session.bot_step()
            assert session.state.over or session.state.decision.seat == 0
            tried += 1
    assert tried or all(len(s.do) <= 1 for s in lesson.steps)


def test_some_step_accepts_any_of_several_actions():
    assert any(len(step.do) > 1 for lesson in LESSONS for step in lesson.steps)


def test_only_the_expected_action_is_accepted_and_a_refusal_changes_nothing():
    lesson = LESSONS[0]
    session = LessonSession(lesson, "en")
    session.next_step()                                  # the welcome is read
    before = state_key(session.state)
    draw = next(a for a in session.legal() if a.kind == "draw")
    with pytest.raises(IllegalAction, match="This lesson needs something else now"):
        session.play(draw)
    assert state_key(session.state) == before and session.run.index == 1
    assert "Kiev" in session.hint()
    session.play(session.expected_action())
    assert session.run.index == 2 and session.run.replying     # now the others answer
    while session.run.replying:
        session.bot_step()
    assert session.state.decision.seat == 0 and session.undo_owner() is None


def test_an_info_step_waits_for_next_and_bots_wait_for_it():
    session = LessonSession(LESSONS[0], "en")
    assert session.run.step.is_info and session.expected_action() is None
    with pytest.raises(IllegalAction, match="Read the guide"):
        session.play(session.legal()[0])
    assert session.bot_step() is None
    assert session.next_step() and session.run.index == 1
    assert not session.next_step()                      # an action step is not closed by Next


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_continuing_replays_the_same_path(lesson):
    walked = LessonSession(lesson, "en")
    for k in range(len(lesson.steps)):
        resumed = LessonSession(lesson, "en", start_at=k)
        assert resumed.run.index == k and state_key(resumed.state) == state_key(walked.state)
        # the way so far is in its feed, as walked (the table opens at its end: no animation)
        assert resumed.feed.entries() == walked.feed.entries()
        walked.advance()


def test_a_reply_that_is_not_legal_is_an_error_of_the_lesson():
    session = LessonSession(LESSONS[2], "en")           # war: Smolensk is attacked next
    session.advance()
    session.advance()
    session.play(session.expected_action())             # the attack; Sviatoslav must answer
    session.run.replies.clear()
    session.run.replies.append(Pattern("defend", cards=("troop.druzhina.10",), by=2))
    with pytest.raises(LessonError, match="not legal"):
        session.bot_step()


def test_bad_lesson_files_are_refused_with_the_place():
    good = json.loads((LESSONS_DIR / "1_turn.json").read_text(encoding="utf-8"))
    bad = json.loads(json.dumps(good))
    bad["steps"][1]["do"][0]["card"] = "city.atlantis"
    with pytest.raises(LessonError, match=r"steps\[1\].do\[0\]: unknown card id"):
        parse_lesson(bad, "1_turn.json")
    bad = json.loads(json.dumps(good))
    del bad["steps"][0]["say"]["ru"]
    with pytest.raises(LessonError, match=r"steps\[0\].say: needs a text in every language"):
        parse_lesson(bad, "1_turn.json")
    bad = json.loads(json.dumps(good))
    bad["position"]["hands"]["0"].append("city.kiev")
    with pytest.raises(LessonError, match="position: no free copy"):
        parse_lesson(bad, "1_turn.json")
    bad = json.loads(json.dumps(good))
    bad["steps"][1]["do"][0]["city"] = "city.kiev"
    with pytest.raises(LessonError, match="takes no"):
        parse_lesson(bad, "1_turn.json")


def test_progress_is_kept_in_the_data_folder(knjazja_home):
    assert lesson_progress.load().offered is False
    lesson_progress.record_step("war", 4)
    p = lesson_progress.load()
    assert p.of("war").step == 4 and p.started("war") and p.offered
    assert (knjazja_home / "lessons.json").is_file()
    lesson_progress.record_done("war", last=False)
    assert lesson_progress.load().of("war").done and not lesson_progress.load().suggest_game
    lesson_progress.record_done("chronicles", last=True)
    assert lesson_progress.load().suggest_game
    (knjazja_home / "lessons.json").write_text('{"version": 1, "lessons": {"war": {"step": "x"}}}')
    assert lesson_progress.load().lessons == {}
    (knjazja_home / "lessons.json").write_text("not json")
    assert lesson_progress.load().offered is True       # a damaged file: no offer again


def test_glossary_finds_terms_in_card_texts():
    assert glossary.term_of("Славы", "ru") == "glory" and glossary.term_of("Ярослав", "ru") is None
    assert [t for _, _, t in glossary.find_terms("Only a troop stronger than the walls", "en")] == \
        ["troop", "strength", "walls"]
    for lang in LANGUAGES:
        kiev = INSTANCES["city.kiev"][0]
        assert glossary.card_terms(kiev, lang) == [glossary.definition("glory", lang)]
        poles = glossary.card_terms(INSTANCES["troop.poles"][0], lang)
        assert glossary.definition("foreign", lang) in poles and glossary.definition("strength", lang) in poles


def test_help_topic_follows_the_decision_at_hand():
    session = LessonSession(LESSONS[3], "en")               # war tricks
    s = session.state
    assert topic(s, 0, IDLE).section == "turn"
    assert topic(s, 0, PickingWarCity()).section == "war"
    assert topic(s, 0, Holding(INSTANCES["ev.raid_city"][0])) == \
        type(topic(s, 0, IDLE))("events", INSTANCES["ev.raid_city"][0])
    while session.state.decision.kind != REACTION:
        session.advance()
    t = topic(session.state, 0, IDLE)
    assert t.section == "events" and CARD_ID[t.card] == "ev.outpost"


def test_glossary_leaves_verbs_and_names_alone():
    for word in ("постройте", "построить", "Святослав", "сыграйте"):
        assert glossary.term_of(word, "ru") is None, word
    for word, term in (("построек", "building"), ("Постройки", "building"), ("Силой", "strength"),
                       ("стенами", "walls"), ("летописи", "chronicle"), ("иноземцы", "foreign")):
        assert glossary.term_of(word, "ru") == term, word
    assert glossary.term_of("build", "en") is None and glossary.term_of("glorious", "en") is None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_help_topic_finds_its_paragraph(lang):
    from knjazja.app.wording.i18n import card_name, tr
    from knjazja.app.wording.rulebook import block_naming, section_index
    sections = load_rules(lang)
    topics = [("war", tr(f"help.term.{k}", lang=lang)) for k in ("attack", "defend", "counter")]
    topics += [("events", card_name(c, lang)) for c in ("ev.raid_city", "ev.city_watch", "ev.outpost", "ev.dowry")]
    topics += [("chronicles", card_name(c, lang)) for c in ("chr.congress", "chr.igor")]
    for key, phrase in topics:
        section = sections[section_index(sections, key)]
        block = block_naming(section, phrase)
        assert block is not None, (key, phrase)
        text = " ".join(section.blocks[block][1].replace("«", "").replace("»", "").split())
        phrase = " ".join(phrase.split())
        assert text.startswith(("**" + phrase, phrase)), (key, phrase, text)   # its own paragraph
