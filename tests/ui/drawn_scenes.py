"""Every screen the drawing check looks at, each brought up in a real ``GameFlow`` window.

``SCENES`` maps a name to an opener: ``opener(world)`` brings the window from the main menu
to that screen and returns the class name of the scene then on top.  Positions are seeded
or stacked (``engine.prepared``): the same screen, the same drawing, every run.  Some are
the places where faults were seen (issue 58): the answer dialog of an attacked player who
holds the Metropolitan's Condemnation and Plunder, a city with two churches (a "×2" tab),
the last round (the turns left under the deck) with a Hint shown, a card zoomed by hovering
over the hand, a war just won («Киев взят!»), eight princes at one table.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame
import pygame_gui

from knjazja.app.session import GameSession, Seat
from knjazja.app.store import stats, storage
from knjazja.app.store.files import save_game
from knjazja.app.tutorial.lessons import all_lessons
from knjazja.app.wording.i18n import get_language
from knjazja.app.wording.words import prince_names
from knjazja.engine import GameState, apply, legal_actions, new_game
from knjazja.engine.prepared import prepared_game

DT = 1 / 30


@dataclass
class World:
    app: object
    flow: object
    undo: list[Callable[[], None]] = field(default_factory=list)     # run once the screen is seen

    def frames(self, n: int = 2, dt: float = DT) -> None:
        for _ in range(n):
            self.app.step([], dt)

    def post(self, *events: pygame.event.Event) -> None:
        self.app.step(list(events), DT)


Opener = Callable[[World], str]
SCENES: dict[str, Opener] = {}


def scene(name: str) -> Callable[[Opener], Opener]:
    def register(fn: Opener) -> Opener:
        SCENES[name] = fn
        return fn
    return register


# -- positions ------------------------------------------------------------------------------------
def names(n: int) -> list[str]:
    """The built-in princes' names, as a new game's setup gives them (in today's language)."""
    return prince_names(get_language())[:n]


def played(n: int, seed: int, moves: int, kind: str = "turn") -> GameState:
    """A seeded random game of ``n`` after ``moves`` actions, at the next ``kind`` decision of
    seat 0 (the first seed from ``seed`` on whose game has one)."""
    for tried in range(seed, seed + 300):
        s, rng = new_game(n, tried, first_player=0), random.Random(tried)
        while not s.over:
            if len(s.history) >= moves and s.decision.kind == kind and s.decision.seat == 0:
                return s
            apply(s, rng.choice(legal_actions(s)))
    raise LookupError(f"seeds {seed}+: no {kind} for seat 0 after {moves} moves")


def session_on(state: GameState, humans: set[int] = frozenset({0}), *, save: bool = True) -> GameSession:
    seats = [Seat(name, "human" if i in humans else "easy") for i, name in enumerate(names(state.n))]
    return GameSession(seats, state=state, autosave=storage.autosave_path() if save else None)


def finished(n: int = 3, seed: int = 5) -> GameState:
    s, rng = new_game(n, seed, first_player=0), random.Random(seed)
    while not s.over:
        apply(s, rng.choice(legal_actions(s)))
    return s


def short_game(seed: int = 58, moves: int = 4) -> GameState:
    """A finished two-prince game that seat 0 cut short with the Tatar Invasion after
    ``moves`` random ones (a review of a few moves: it is analysed in moments)."""
    from knjazja.engine import GameOptions
    from knjazja.engine.cards import CARD_ID
    s, rng = new_game(2, seed, GameOptions(invasion_first_round=True), 0), random.Random(seed)
    while not s.over:
        legal = legal_actions(s)
        invade = [a for a in legal if a.kind == "event" and CARD_ID[a.card] == "ev.tatar_invasion"]
        if invade and s.decision.seat == 0 and len(s.history) > moves:
            apply(s, invade[0])
        else:
            apply(s, rng.choice([a for a in legal if a not in invade] or legal))
    return s


def attacked() -> GameState:
    """Seat 1 attacks seat 0's bare Smolensk with Strength 1; seat 0 holds the Metropolitan's
    Condemnation and Plunder (issue 58's dialog), Kiev with two churches stands at seat 1."""
    s = prepared_game(3, hands={0: ["ev.condemnation", "ev.plunder", "bld.church", "troop.druzhina.3"],
                                1: ["troop.druzhina.1", "bld.monastery"], 2: ["bld.cathedral"]},
                      cities={"city.smolensk": (0, []), "city.kiev": (1, ["bld.church", "bld.church"]),
                              "city.novgorod": (2, ["wall.palisade", "bld.church"])}, current=1, seed=3)
    for kind in ("war", "attack"):
        apply(s, next(a for a in legal_actions(s) if a.kind == kind and (kind != "war" or a.city >= 0)))
    return s


def betrayed() -> GameState:
    """Seat 1 plays Treachery on seat 0's Smolensk; seat 0 may answer with the City Watch (a
    reaction dialog with a long answer: «Сыграть «Городскую стражу» и отменить «Предательство»»)."""
    s = prepared_game(3, hands={0: ["ev.city_watch", "ev.condemnation", "bld.church", "troop.druzhina.3"],
                                1: ["ev.treachery", "bld.monastery"], 2: ["bld.cathedral"]},
                      cities={"city.smolensk": (0, ["bld.church"]), "city.kiev": (1, ["bld.church"]),
                              "city.novgorod": (2, [])}, current=1, seed=3)
    apply(s, next(a for a in legal_actions(s) if a.kind == "event" and a.city >= 0
                  and s.cities.get(a.city) is not None and s.cities[a.city].owner == 0))
    return s


def last_round() -> GameState:
    """Seat 0's turn in the last round (the Tatar Invasion laid): turns left show under the deck."""
    s = prepared_game(4, hands={0: ["city.polotsk", "bld.church", "ev.fire", "troop.druzhina.5"],
                                1: ["bld.church"], 2: ["bld.church"], 3: ["bld.church"]},
                      cities={"city.pskov": (0, ["bld.church", "bld.church"]), "city.kiev": (1, ["bld.monastery"]),
                              "city.galich": (2, ["wall.wooden"]), "city.murom": (3, [])},
                      before={3: ["ev.tatar_invasion"]}, current=0, seed=4)
    s.end_turn, s.end_cause = s.turn_no + 3, "invasion"
    s.edited()
    return s


def war_won() -> GameState:
    """Seat 0 attacks seat 1's bare Kiev; seat 1 (a bot) has no answer."""
    s = prepared_game(2, hands={0: ["troop.druzhina.4", "bld.church"], 1: ["bld.church"]},
                      cities={"city.kiev": (1, ["bld.church"]), "city.pskov": (0, [])}, current=0, seed=6)
    apply(s, next(a for a in legal_actions(s) if a.kind == "war" and a.city >= 0))
    return s


def furnish_data_folder() -> None:
    """Finished games in the statistics and two ordinary saves."""
    stats.record_game([{"name": "Ольга", "kind": "human"}, {"name": "Игорь", "kind": "easy"}], [14, 9], [0])
    stats.record_game([{"name": "Ольга", "kind": "human"}, {"name": "Олег", "kind": "normal"}], [7, 12], [1])
    saves = storage.saves_dir()
    saves.mkdir(parents=True, exist_ok=True)
    for name, seed in (("Вечер у Ольги", 11), ("Friday game", 12)):
        s = played(4, seed, 25)
        save_game(s, saves / f"{name}.json", session_on(s, save=False).meta())


# -- the menu's screens ---------------------------------------------------------------------------
@scene("menu")
def _menu(w: World) -> str:
    return "MenuScene"


@scene("menu.suggest")
def _menu_suggest(w: World) -> str:
    """The card beside the buttons (after the lessons: a game suggested, Continue offered), in
    the place of the fanned cards on that side."""
    from knjazja.app.tutorial import lesson_progress
    storage.autosave_path().parent.mkdir(parents=True, exist_ok=True)
    save_game(played(3, 13, 12), storage.autosave_path(), session_on(played(3, 13, 12), save=False).meta())
    lesson_progress.set_flags(suggest_game=True)
    w.undo += [lambda: lesson_progress.set_flags(suggest_game=False), lambda: storage.autosave_path().unlink()]
    w.flow.menu.refresh()
    w.frames()
    return "MenuScene"


@scene("setup")
def _setup(w: World) -> str:
    w.flow.menu.activate("new_game")
    return "SetupScene"


@scene("setup.remote")
def _setup_remote(w: World) -> str:
    """A seat set to "Player on another computer" (the path that crashed)."""
    w.flow.menu.activate("new_game")
    w.frames(1)
    w.app.stack.top.set_kind(1, "remote")
    return "SetupScene"


@scene("setup.eight")
def _setup_eight(w: World) -> str:
    w.flow.menu.activate("new_game")
    w.frames(1)
    top = w.app.stack.top
    while len(top.seats) < 8:
        top.add_seat()
    return "SetupScene"


@scene("join")
def _join(w: World) -> str:
    from knjazja.ui.scenes.join import JoinScene
    w.app.stack.push(JoinScene(on_joined=w.flow.net.open, name="Ярослав", browse=False))
    w.frames(1)
    w.app.stack.top.join()            # no address: it says what is missing
    return "JoinScene"


@scene("settings")
def _settings(w: World) -> str:
    w.flow.menu.activate("settings")
    return "SettingsScene"


@scene("stats")
def _stats(w: World) -> str:
    w.flow.show_stats()
    return "StatsScene"


@scene("rules")
def _rules(w: World) -> str:
    w.flow.show_rules()
    return "RulesScene"


@scene("gallery")
def _gallery(w: World) -> str:
    w.flow.show_rules()
    w.frames(1)
    w.app.stack.top.switch_tab("gallery")
    return "GalleryScene"


@scene("gallery.zoom")
def _gallery_zoom(w: World) -> str:
    _gallery(w)
    w.frames(1)
    w.app.stack.top.open_card(7)
    return "CardZoomScene"


@scene("lessons")
def _lessons(w: World) -> str:
    w.flow.lessons.show_list()
    return "LessonsScene"


def _lesson(lesson_id: str) -> Opener:
    def opener(w: World) -> str:
        w.flow.lessons.start(lesson_id)
        return "LessonScene"
    return opener


for _one in (all_lessons()[0], all_lessons()[-1]):    # the journeys walk all five at three sizes
    scene(f"lesson.{_one.id}")(_lesson(_one.id))


@scene("lesson_done")
def _lesson_done(w: World) -> str:
    first = all_lessons()[0]
    w.flow.lessons.start(first.id)
    w.frames(1)
    w.flow.lessons.finished(w.flow.lessons.scene)
    return "LessonDoneScene"


@scene("load")
def _load(w: World) -> str:
    w.flow.show_load()
    return "SaveLoadScene"


@scene("save")
def _save(w: World) -> str:
    w.flow.open_table(session_on(played(4, 21, 20)))
    w.frames(1)
    w.flow.show_save()
    return "SaveLoadScene"


@scene("message")
def _message(w: World) -> str:
    w.flow.show_message("Князья", "Сохранение не удалось: диск переполнен.")
    return "MessageScene"


# -- the table ------------------------------------------------------------------------------------
def _table(state_of: Callable[[], GameState], humans: frozenset[int] = frozenset({0}), save: bool = True,
           settle: int = 3) -> Opener:
    def opener(w: World) -> str:
        w.flow.open_table(session_on(state_of(), set(humans), save=save))
        w.frames(settle, 0.1)
        return "TableScene"
    return opener


scene("table.four")(_table(lambda: played(4, 31, 40)))
scene("table.eight")(_table(lambda: played(8, 32, 60)))
scene("table.two")(_table(lambda: played(2, 33, 30)))
scene("table.war_attack")(_table(lambda: played(4, 34, 20, "war_attack")))
scene("table.war_counter")(_table(lambda: played(3, 35, 10, "war_counter")))
scene("table.answer")(_table(attacked, save=False))
scene("table.reaction")(_table(betrayed, save=False))
scene("table.last_round")(_table(last_round, save=False))


@scene("table.hint")
def _table_hint(w: World) -> str:
    """The Hint's words over the last round's table."""
    _table(last_round, save=False)(w)
    table = w.flow.table
    table.controller.ask_hint()
    for _ in range(600):
        if not table.controller.hints.thinking:
            break
        w.frames(1, 0.05)
    w.frames(2)
    return "TableScene"


@scene("table.zoom")
def _table_zoom(w: World) -> str:
    """A hand card hovered until it zooms (over the prompt banner)."""
    _table(lambda: played(4, 31, 40))(w)
    table = w.flow.table
    table.layout_fan()
    card, rect = table.fan.rects[len(table.fan.rects) // 2]
    w.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    w.frames(4, 0.2)
    return "TableScene"


@scene("table.captured")
def _table_captured(w: World) -> str:
    """A war just won: the ribbon «Киев взят!» over the war stack (caught while it shows)."""
    from knjazja.ui import drawn
    w.app.settings.animation_speed = 0.5
    _table(war_won, save=False, settle=2)(w)
    table = w.flow.table
    attack = next(a for a in table.session.legal() if a.kind == "attack")
    table.controller.play(attack)
    for _ in range(200):
        w.frames(1, 0.05)
        inks = drawn.capture(w.app)
        if any(i.kind == "text" and i.text.endswith("!") and i.where.startswith("table.warstack") for i in inks):
            break
    return "TableScene"


@scene("table.discard")
def _table_discard(w: World) -> str:
    _table(lambda: played(4, 31, 40))(w)
    w.flow.table.open_discard()
    return "DiscardScene"


@scene("table.final")
def _table_final(w: World) -> str:
    _table(finished, settle=4)(w)
    if type(w.app.stack.top).__name__ == "ResultsScene":
        w.app.stack.top.close()
    return "TableScene"


@scene("handover")
def _handover(w: World) -> str:
    s = played(3, 36, 12)
    w.flow.open_table(session_on(s, {0, 1}), resumed=True)
    return "PassDeviceScene"


@scene("pause")
def _pause(w: World) -> str:
    _table(lambda: played(4, 31, 40))(w)
    w.flow.pause()
    return "PauseScene"


@scene("help")
def _help(w: World) -> str:
    _table(lambda: played(4, 34, 20, "war_attack"))(w)
    w.flow.table.show_help()
    return "RulesScene"


@scene("results")
def _results(w: World) -> str:
    _table(finished, settle=4)(w)
    if type(w.app.stack.top).__name__ != "ResultsScene":
        w.flow.show_results()
    return "ResultsScene"


@scene("review")
def _review(w: World) -> str:
    """The review of a short game, its analysis finished (a small one, in a thread)."""
    _table(lambda: short_game(58, 24), settle=4)(w)
    if type(w.app.stack.top).__name__ != "ResultsScene":
        w.flow.show_results()
    w.flow.show_review(w.flow.session)
    w.frames(1)
    review = w.app.stack.top
    for _ in range(3000):
        analysis = review.analysis
        if analysis is not None and analysis.done:
            break
        w.frames(1, 0.05)
    w.frames(1)
    _longest_verdict(w, review)
    return "ReviewScene"


def _longest_verdict(w: World, review, tries: int = 6) -> None:
    """Go from costly move to costly move ("Next mistake") and stay on the first whose
    verdict does not fit its box — else on the last one seen."""
    from knjazja.ui import drawn
    for _ in range(tries):
        button = review.buttons.get("mistake")
        if button is None or not button.is_enabled:
            return
        w.app.step([pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])
        w.frames(1)
        if any(i.full and i.where.startswith("scenes.review_board") for i in drawn.capture(w.app)):
            return
