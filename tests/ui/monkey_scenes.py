"""Every screen the monkey starts from, in one place.

``SCENES`` maps a name to an opener: ``opener(world)`` brings the real ``GameFlow`` to
that screen from the main menu and returns the class name of the scene then on top.  To
cover a new screen, add an opener here (``@scene("name")``); the monkey test picks it up.

The data folder holds what a player's would: finished games in the statistics, a good
named save, a damaged one and one with an impossible card in it.
"""
from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from dataclasses import dataclass

from knjazja.app.store import stats, storage
from knjazja.app.tutorial.lessons import all_lessons
from knjazja.app.session import GameSession, Seat
from knjazja.app.store.files import save_game
from knjazja.engine import GameState, apply, legal_actions, new_game
from knjazja.engine.saves import _checksum

KINDS = ("turn", "war_attack", "war_defend", "war_counter", "raid_lay", "reaction", "dowry_bid", "congress")


@dataclass
class World:
    app: object
    flow: object


Opener = Callable[[World], str]
SCENES: dict[str, Opener] = {}


def scene(name: str) -> Callable[[Opener], Opener]:
    def register(fn: Opener) -> Opener:
        SCENES[name] = fn
        return fn
    return register


# -- positions ------------------------------------------------------------------------------------
def state_at(kind: str, players: int = 4) -> GameState:
    """The first position of seeded random games where ``kind`` is to be decided."""
    for seed in range(500):
        s, rng = new_game(players + seed % 3, seed), random.Random(seed)
        while not s.over:
            if s.decision.kind == kind and len(s.history) > 2:
                return s
            apply(s, rng.choice(legal_actions(s)))
    raise LookupError(f"no {kind} decision in 500 random games")


def finished_state(players: int = 3, seed: int = 5) -> GameState:
    s, rng = new_game(players, seed), random.Random(seed)
    while not s.over:
        apply(s, rng.choice(legal_actions(s)))
    return s


def session_of(state: GameState, humans: set[int] | None = None) -> GameSession:
    """A session on ``state``: the seat deciding is human (or ``humans``), bots play the rest."""
    humans = {max(0, state.decision.seat)} if humans is None else humans
    seats = [Seat(f"Prince {i + 1}" if i in humans else f"Bot {i + 1}", "human" if i in humans else "easy")
             for i in range(state.n)]
    return GameSession(seats, state=state, autosave=storage.autosave_path())


# A save's file name no font draws.  POSIX: bytes that are not UTF-8 (only its file systems
# keep them).  Windows names are UTF-16 text, so there: a private-use character.
UNDRAWABLE_FILE_NAME = "caf\ue000.json" if os.name == "nt" else os.fsdecode(b"caf\xe9.json")


def furnish_data_folder() -> None:
    """Statistics, good saves and every kind of junk among them: a damaged save, one with a
    card that does not exist, names no font draws, a folder, a far-future date, a file name
    that is not UTF-8, a dangling link; and a damaged series file."""
    stats.record_game([{"name": "Olga", "kind": "human"}, {"name": "b", "kind": "easy"}], [9, 4], [0])
    saves = storage.saves_dir()
    saves.mkdir(parents=True, exist_ok=True)
    s = state_at("war_attack")
    save_game(s, saves / "good.json", session_of(s).meta())
    save_game(s, saves / "odd names.json", {"seats": [{"name": "A\u0000\u202e" + "ж" * 500, "kind": "human"},
                                                      {"name": None, "kind": "robot"}]})
    (saves / "damaged.json").write_text('{"format": "knjazja-save", "vers', encoding="utf-8")
    write_impossible_save(saves / "good.json", saves / "impossible card.json")
    write_impossible_save(saves / "good.json", storage.autosave_path())        # Continue refuses it
    (saves / "a folder.json").mkdir()
    (saves / UNDRAWABLE_FILE_NAME).write_bytes(b"\xff\xfe")
    (saves / "far future.json").write_text("[]", encoding="utf-8")
    os.utime(saves / "far future.json", (10**15, 10**15))
    make_dangling_link(saves / "dangling.json")
    (storage.data_dir() / "series.json").write_text('{"format": "knjazja-series", "version": 1, "series": {"n": 99}}',
                                                    encoding="utf-8")


def make_dangling_link(path) -> None:
    """A link to nothing at ``path``, where the OS lets us (Windows wants Developer Mode)."""
    try:
        path.symlink_to(path.with_name("nowhere.json"))
    except (OSError, NotImplementedError):
        pass


def write_impossible_save(good, path, card: int = 150) -> None:
    """``good`` with card ``card`` (out of range) in its last action, signed anew: the
    checksum holds, so only replaying the actions can find it out."""
    data = json.loads(good.read_text(encoding="utf-8"))
    data["actions"][-1][1] = card
    data["checksum"] = _checksum({k: v for k, v in data.items() if k != "checksum"})
    path.write_text(json.dumps(data), encoding="utf-8")


# -- the screens ----------------------------------------------------------------------------------
@scene("menu")
def _menu(w: World) -> str:
    return "MenuScene"


@scene("setup")
def _setup(w: World) -> str:
    w.flow.menu.activate("new_game")
    return "SetupScene"


def _table_at(kind: str) -> Opener:
    def opener(w: World) -> str:
        w.flow.open_table(session_of(state_at(kind)))
        return "TableScene"
    return opener


for _kind in KINDS:
    scene(f"table.{_kind}")(_table_at(_kind))


@scene("handover")
def _handover(w: World) -> str:
    s = state_at("turn")
    w.flow.open_table(session_of(s, humans={s.decision.seat, (s.decision.seat + 1) % s.n}), resumed=True)
    return "PassDeviceScene"


@scene("pause")
def _pause(w: World) -> str:
    w.flow.open_table(session_of(state_at("turn")))
    w.flow.pause()
    return "PauseScene"


@scene("rules")
def _rules(w: World) -> str:
    w.flow.show_rules()
    return "RulesScene"


@scene("gallery")
def _gallery(w: World) -> str:
    w.flow.show_rules()
    w.app.stack.top.switch_tab("gallery")
    return "GalleryScene"


@scene("gallery.zoom")
def _gallery_zoom(w: World) -> str:
    _gallery(w)
    w.app.step([])
    w.app.stack.top.open_card(7)
    return "CardZoomScene"


@scene("discard")
def _discard(w: World) -> str:
    """The discard pile opened over the table."""
    w.flow.open_table(session_of(state_at("war_attack")))
    w.app.step([])
    w.flow.table.open_discard()
    return "DiscardScene"


@scene("final_board")
def _final_board(w: World) -> str:
    """The game is over: the final board holds, with its Results button."""
    w.flow.open_table(session_of(finished_state(), humans={0}))
    w.app.step([])
    assert w.flow.session.over
    return "TableScene"


@scene("load")
def _load(w: World) -> str:
    w.flow.show_load()
    return "SaveLoadScene"


@scene("save")
def _save(w: World) -> str:
    w.flow.open_table(session_of(state_at("turn")))
    w.flow.show_save()
    return "SaveLoadScene"


@scene("settings")
def _settings(w: World) -> str:
    w.flow.menu.activate("settings")
    return "SettingsScene"


@scene("stats")
def _stats(w: World) -> str:
    w.flow.show_stats()
    return "StatsScene"


@scene("series")
def _series(w: World) -> str:
    """The standings after the first game of a series (its end played by random moves)."""
    seats = [{"name": "Olga", "kind": "human"}, {"name": "Igor", "kind": "easy"}, {"name": "Oleg", "kind": "easy"}]
    session = w.flow.start_game({"seats": seats, "first_player": 0, "series": True,
                                 "options": {"strict_defence": False, "invasion_first_round": False}}, seed=3)
    play_to_the_end(session)
    for _ in range(3):
        w.app.step([])                  # the table sees the game is over: the results
    w.flow.play_again()
    return "SeriesScene"


def play_to_the_end(session: GameSession, seed: int = 0) -> None:
    rng = random.Random(seed)
    while not session.over:
        apply(session.state, rng.choice(legal_actions(session.state)))


@scene("results")
def _results(w: World) -> str:
    w.flow.open_table(session_of(finished_state(), humans={0}))
    w.app.step([])                      # the table sees the game is over
    if type(w.app.stack.top).__name__ != "ResultsScene":
        w.flow.show_results()           # the final board stays until its Results button
    return "ResultsScene"


@scene("review")
def _review(w: World) -> str:
    _results(w)
    w.flow.show_review(w.flow.session)
    return "ReviewScene"


@scene("menu.first_start")
def _first_start(w: World) -> str:
    """No game played yet: the menu offers the first lesson."""
    import shutil
    shutil.rmtree(storage.saves_dir())
    storage.autosave_path().unlink()
    w.flow.menu.rebuild()
    return "MenuScene"


@scene("lessons")
def _lessons(w: World) -> str:
    w.flow.lessons.show_list()
    return "LessonsScene"


def _lesson(lesson_id: str) -> Opener:
    def opener(w: World) -> str:
        w.flow.lessons.start(lesson_id)
        return "LessonScene"
    return opener


for _one in all_lessons():
    scene(f"lesson.{_one.id}")(_lesson(_one.id))


@scene("lesson_done")
def _lesson_done(w: World) -> str:
    """A lesson is complete: next lesson, the list or the menu."""
    first = all_lessons()[0]
    w.flow.lessons.start(first.id)
    w.app.step([])
    w.flow.lessons.finished(w.flow.lessons.scene)
    return "LessonDoneScene"


@scene("help")
def _help(w: World) -> str:
    """F1 at the table: the rules at the decision's section."""
    w.flow.open_table(session_of(state_at("war_defend")))
    w.app.step([])
    w.flow.table.show_help()
    return "RulesScene"


@scene("message")
def _message(w: World) -> str:
    w.flow.show_message("Title", "A one-line message.")
    return "MessageScene"
