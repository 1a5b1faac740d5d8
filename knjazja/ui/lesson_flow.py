"""The lessons' place in the game's flow: the list, opening a lesson on the table (fresh or
where the player stopped), its pause menu, what comes after it, and the menu's suggestions
(the first lesson on the very first start; a game against Normal bots after the last one).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from knjazja.app.tutorial import LESSONS_DIR, lesson_progress
from knjazja.app.store import storage
from knjazja.app.wording.i18n import get_language, tr
from knjazja.app.store.settings import default_setup
from knjazja.app.wording.words import prince_names

# the lessons (their positions are checked with the rules as they load) and the session load
# when a lesson starts or the menu offers one, not with the menu

if TYPE_CHECKING:
    from knjazja.app.tutorial.lessons import Lesson
    from knjazja.ui.main import GameFlow
    from knjazja.ui.scenes.menu import Banner
    from knjazja.ui.table.lesson import LessonScene


class LessonFlow:
    def __init__(self, flow: GameFlow) -> None:
        self.flow = flow
        self.app = flow.app
        self.scene: LessonScene | None = None

    # --- the list and starting ------------------------------------------------------------
    def show_list(self) -> None:
        from knjazja.ui.scenes.lessons import LessonsScene
        self.app.stack.pop_to(self.flow.menu)
        self.app.stack.push(LessonsScene(on_start=self.start))

    def start(self, lesson_id: str, restart: bool = False) -> LessonScene | None:
        """Open a lesson: from where the player stopped, or from its beginning."""
        from knjazja.app.tutorial.lessons import lesson_by_id
        lesson = lesson_by_id(lesson_id)
        if lesson is None:
            return None
        st = lesson_progress.load().of(lesson.id)
        start_at = 0 if restart else st.step      # a finished lesson played again stops midway too
        lesson_progress.record_step(lesson.id, start_at)      # also: the first lesson was offered
        return self.open(lesson, start_at)

    def open(self, lesson: Lesson, start_at: int = 0) -> LessonScene:
        from knjazja.app.session import local_game
        from knjazja.ui.table.lesson import LessonScene
        local = local_game(self.flow.session) if self.flow.session is not None else None
        if local is not None:
            local.cancel_bot()
        self.app.stack.pop_to(self.flow.menu)
        self.scene = LessonScene(lesson, start_at=start_at, settings=self.app.settings, on_menu=self.pause,
                                 on_finished=self.finished, on_restart=lambda: self.start(lesson.id, True),
                                 on_skip=lambda: self.skip(lesson))
        self.app.stack.push(self.scene)
        return self.scene

    def skip(self, lesson: Lesson) -> None:
        from knjazja.app.tutorial.lessons import next_lesson
        later = next_lesson(lesson)
        self.start(later.id) if later is not None else self.show_list()

    # --- during and after -------------------------------------------------------------------
    def pause(self) -> None:
        from knjazja.ui.scenes.pause import PauseScene
        from knjazja.ui.scenes.settings_scene import SettingsScene
        scene = self.scene
        if scene is None:
            return
        lesson = scene.lesson
        self.app.stack.push(PauseScene([
            ("resume", lambda: None),
            ("restart_lesson", lambda: self.start(lesson.id, True)),
            ("skip_lesson", lambda: self.skip(lesson)),
            ("rules", self.flow.show_rules),
            ("settings", lambda: self.app.stack.push(SettingsScene())),
            ("lessons", self.show_list),
            ("menu", self.flow.to_menu),
        ]))

    def finished(self, scene: LessonScene) -> None:
        """The last step is closed: the next lesson, or the final score and a real game."""
        from knjazja.app.tutorial.lessons import next_lesson, words
        from knjazja.ui.scenes.lessons import LessonDoneScene
        from knjazja.ui.scenes.results import ResultsScene
        lesson = scene.lesson
        later = next_lesson(lesson)
        lesson_progress.record_done(lesson.id, last=later is None)
        if later is None:
            self.app.stack.push(ResultsScene(scene.session, on_play_again=self.play_vs_bots, on_menu=self.flow.to_menu,
                                             again_label=tr("lesson.play_bots")))
            return
        title = words(lesson.title, scene.lesson_session.lang)
        self.app.stack.push(LessonDoneScene(tr("lesson.complete.title"),
                                            tr("lesson.complete.text", n=lesson.number, title=title), [
            (tr("lesson.complete.next"), lambda: self.start(later.id)),
            (tr("lesson.complete.list"), self.show_list),
            (tr("lesson.complete.menu"), self.flow.to_menu)]))

    def play_vs_bots(self) -> None:
        """A game against three Normal bots (the menu's suggestion after the last lesson)."""
        lesson_progress.set_flags(suggest_game=False)
        setup = dict(default_setup())
        names = prince_names(get_language())
        setup["seats"] = [{"name": names[0], "kind": "human"}] + [
            {"name": names[i % len(names)], "kind": "normal"} for i in range(1, 4)]
        self.flow.start_game(setup)

    # --- the menu's card -------------------------------------------------------------------------
    def banner(self) -> Banner | None:
        p = lesson_progress.load()
        if p.suggest_game and storage.has_autosave():     # a started game comes first
            return (tr("menu.suggest.title"), tr("menu.suggest.text_saved"),
                    [(tr("menu.suggest.continue"), self.flow.continue_game),
                     (tr("menu.suggest.play"), self.play_vs_bots),
                     (tr("menu.suggest.dismiss"), lambda: self._dismiss(suggest_game=False))])
        if p.suggest_game:
            return (tr("menu.suggest.title"), tr("menu.suggest.text"),
                    [(tr("menu.suggest.play"), self.play_vs_bots),
                     (tr("menu.suggest.dismiss"), lambda: self._dismiss(suggest_game=False))])
        # the lesson files are read (and checked with the rules) when the offer is taken:
        # the very first menu opens without them
        if not p.offered and not storage.has_saves() and any(LESSONS_DIR.glob("*.json")):
            return (tr("menu.offer.title"), tr("menu.offer.text"),
                    [(tr("menu.offer.start"), self.start_first),
                     (tr("menu.offer.dismiss"), lambda: self._dismiss(offered=True))])
        return None

    def start_first(self) -> LessonScene | None:
        """The first lesson (the menu's offer on the very first start)."""
        from knjazja.app.tutorial.lessons import all_lessons
        lessons = all_lessons()
        return self.start(lessons[0].id) if lessons else None

    def _dismiss(self, **flags: bool) -> None:
        lesson_progress.set_flags(**flags)
        self.flow.menu.refresh()
