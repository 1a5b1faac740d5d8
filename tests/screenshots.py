"""Screenshots of fixed, seeded positions: compare the look of the game before and after a change.

    xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python tests/screenshots.py screenshots/after \
        --compare screenshots/before

For "before", run the same script against an older checkout: ``git archive OLD knjazja |
tar -x -C /tmp/old`` then ``PYTHONPATH=/tmp/old KNJAZJA_ASSETS=$PWD/assets xvfb-run … before``.

Not a test (pytest does not collect it): a developer's tool.  Every position comes from a
seed and a seeded random player, so the same code draws the same pixels.  Table positions
are played through a session of humans only (nobody moves on his own) and viewed from the
seat that must decide, after every animation has been skipped.  ``--compare`` prints, per
image, how many pixels differ from the image of the same name in another folder.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from knjazja.app.wording import i18n  # noqa: E402
from knjazja.app.session import GameSession, Seat  # noqa: E402
from knjazja.app.wording.words import prince_names  # noqa: E402
from knjazja.app.store.settings import Settings  # noqa: E402
from knjazja.engine import apply, legal_actions, new_game  # noqa: E402
from knjazja.engine.actions import ATTACK, BUILD, DEFEND, TURN, WAR_ATTACK, WAR_DEFEND  # noqa: E402
from knjazja.ui.app import App  # noqa: E402

SIZE = (1920, 1080)
DT = 1 / 30


def _war_actions(n: int, seed: int, min_attacks: int, kind: str, war_event: bool = False) -> list:
    """The actions of a random game (a seeded player that prefers to fight on) up to the
    first moment a war has ``min_attacks`` attacks and ``kind`` is being decided (and, with
    ``war_event``, an event card was played in it)."""
    rng = random.Random(seed)
    s = new_game(n, seed)
    played = []
    events_in_war = 0
    while not s.over:
        w = s.war
        if w is None:
            events_in_war = 0
        if (w is not None and s.decision.kind == kind and w.attacks_made >= min_attacks
                and (events_in_war or not war_event)):
            return played
        legal = legal_actions(s)
        fight = [a for a in legal if a.kind in (ATTACK, DEFEND, "war")]
        a = rng.choice(fight) if fight and rng.random() < 0.85 else rng.choice(legal)
        if w is not None and a.kind == "event":
            events_in_war += 1
        apply(s, a)
        played.append(a)
    raise LookupError("no such war in this game")


def _find_war(n: int, min_attacks: int, kind: str, war_event: bool = False) -> tuple[int, list]:
    for seed in range(1, 500):
        try:
            return seed, _war_actions(n, seed, min_attacks, kind, war_event)
        except LookupError:
            continue
    raise LookupError(f"no {n}-player war with {min_attacks} attacks found")


def _turn_actions(n: int, seed: int, cities: int) -> list:
    """Random play until seat 0 is to take his turn with ``cities`` cities on the table,
    a building to build and a card he cannot play."""
    rng = random.Random(seed)
    s = new_game(n, seed, first_player=0)
    played = []
    while not s.over:
        if s.decision == (0, TURN) and len(s.cities) >= cities and s.war is None:
            legal = legal_actions(s)
            used = {a.card for a in legal} | {c for a in legal for c in a.cards}
            if any(a.kind == BUILD for a in legal) and set(s.hands[0]) - used:
                return played
        a = rng.choice(legal_actions(s))
        apply(s, a)
        played.append(a)
    raise LookupError("no such turn")


def _table(app: App, n: int, seed: int, actions: list, first_player: int | None = None):
    from knjazja.ui.table.scene import TableScene

    seats = [Seat(name, "human") for name in prince_names(i18n.get_language())[:n]]   # names that decline
    session = GameSession(seats, seed=seed, first_player=first_player)
    for a in actions:
        session.play(a)
    viewer = session.state.decision.seat
    scene = TableScene(session, viewer_policy=viewer, on_game_over=lambda s: None,
                       on_menu=lambda: None, settings=app.settings, sync_bots=True)
    app.stack.clear()
    app.stack.push(scene)
    app.step([], DT)
    scene.skip()
    for _ in range(3):
        app.step([], DT)
    return scene


def _mouse(app: App, pos: tuple[int, int], button: int | None = 1) -> None:
    evs = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    if button is not None:
        evs += [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
    app.step(evs, DT)


def _buildable(s) -> int:
    return min(a.card for a in legal_actions(s) if a.kind == BUILD)


def _useless(s) -> int:
    legal = legal_actions(s)
    used = {a.card for a in legal} | {c for a in legal for c in a.cards}
    return min(set(s.hands[0]) - used)


def _give_chronicles(s, seat: int, cids: list[str]) -> None:
    """Put one copy of each chronicle ``cids`` before ``seat`` (from wherever it lies)."""
    from knjazja.engine.cards import INSTANCES
    for cid in cids:
        card = INSTANCES[cid][0]
        for zone in s.hands + [s.deck, s.discard] + s.chronicles:
            if card in zone:
                zone.remove(card)
        s.chronicles[seat].append(card)
    s.edited()


def shoot_table(app: App, save) -> None:
    """The table shots of issue 11: the hand with the prompt and Hint, chronicle rows of
    four chips, and the final board."""
    seed = 3
    actions = _turn_actions(4, seed, 3)
    scene = _table(app, 4, seed, actions, first_player=0)
    save("table4_hand")
    city = max(scene.session.state.cities.values(), key=lambda c: len(c.all_buildings()))
    scene.ensure_geometry()
    rect = scene.board.city_rect(city.card)
    _mouse(app, rect.center, None)
    for _ in range(int(1 / DT)):                        # the hover zoom's delay
        app.step([], DT)
    save("table4_city_zoom")
    _mouse(app, (5, 5), None)
    s = scene.session.state
    _give_chronicles(s, 0, ["chr.polovtsian_campaign", "chr.anna", "chr.sviatopolk", "chr.hermit"])
    _give_chronicles(s, 2, ["chr.congress", "chr.vasilko", "chr.bogatyrs", "chr.voivode"])
    scene = _table_of(app, scene.session)
    save("table4_chronicles")
    scene = _table_of(app, _finished_session())
    save("table4_final")


def _table_of(app: App, session: GameSession):
    from knjazja.ui.table.scene import TableScene
    viewer = max(0, session.state.decision.seat)
    scene = TableScene(session, viewer_policy=viewer, on_game_over=lambda s: None,
                       on_menu=lambda: None, settings=app.settings, sync_bots=True)
    app.stack.clear()
    app.stack.push(scene)
    app.step([], DT)
    scene.skip()
    for _ in range(3):
        app.step([], DT)
    return scene


def shoot(out: Path, size: tuple[int, int] = SIZE, lang: str = "ru", only_table: bool = False) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    settings = Settings()
    settings.window_size = size
    settings.language = lang
    settings.animation_speed = 1.0
    i18n.set_language(lang)
    app = App(settings, persist=False, size=size)
    saved: list[Path] = []

    def save(name: str) -> None:
        path = out / f"{name}.png"
        pygame.image.save(app.screen, str(path))
        saved.append(path)

    shoot_table(app, save)
    if only_table:
        app.shutdown()
        return saved
    from knjazja.ui.scenes.menu import MenuScene
    from knjazja.ui.scenes.rules import RulesScene

    app.stack.push(MenuScene(has_saves=lambda: False))
    for _ in range(3):
        app.step([], DT)
    save("menu")
    app.stack.push(RulesScene())
    for _ in range(3):
        app.step([], DT)
    save("rules")

    for n, min_attacks, kind in ((4, 2, WAR_DEFEND), (8, 2, WAR_DEFEND), (4, 1, WAR_ATTACK),
                                 (8, 3, WAR_ATTACK)):
        seed, actions = _find_war(n, min_attacks, kind)
        _table(app, n, seed, actions)
        save(f"table{n}_war_{kind}_{min_attacks}")
    seed, actions = _find_war(4, 1, WAR_ATTACK, war_event=True)      # an event card played in the war
    _table(app, 4, seed, actions)
    save("table4_war_event")

    # a turn: a card picked up lights its targets; a card without a use is refused
    seed = 3
    for card_of in (_buildable, _useless):
        scene = _table(app, 4, seed, _turn_actions(4, seed, 3), first_player=0)
        if card_of is _buildable:
            save("table4_turn")
        scene.layout_fan()
        card = card_of(scene.session.state)
        rect = next(r for c, r in scene.fan.rects if c == card)
        _mouse(app, (rect.left + 6, rect.centery))
        _mouse(app, (5, 5), None)
        save(f"table4_turn_{card_of.__name__.strip('_')}")
    shoot_screens(app, save)
    app.shutdown()
    return saved


def _finished_session() -> GameSession:
    """A whole 4-player game of random moves, seeded."""
    rng = random.Random(4)
    session = GameSession([Seat(f"Prince {i + 1}", "human") for i in range(4)], seed=4)
    while not session.over:
        session.play(rng.choice(session.legal()))
    return session


def shoot_screens(app: App, save) -> None:
    """The other screens: setup, settings, statistics, series, results, review, saves, gallery."""
    from knjazja.app.store import stats, storage
    from knjazja.app.advice.analysis import Analysis, decision_points, replay
    from knjazja.app.store.files import save_game
    from knjazja.engine import Series
    from knjazja.ui.scenes.gallery import GalleryScene
    from knjazja.ui.scenes.results import ResultsScene
    from knjazja.ui.scenes.review import ReviewScene
    from knjazja.ui.scenes.saveload import SaveLoadScene
    from knjazja.ui.scenes.series import SeriesScene
    from knjazja.ui.scenes.settings_scene import SettingsScene
    from knjazja.ui.scenes.setup import SetupScene
    from knjazja.ui.scenes.stats import StatsScene

    session = _finished_session()
    seats = [{"name": s.name, "kind": k} for s, k in zip(session.seats, ("human", "easy", "normal", "hard"))]
    for glory, winners in (([12, 30, 7, 30], [1, 3]), ([25, 4, 9, 11], [0]), ([3, 8, 19, 2], [2])):
        stats.record_game(seats, glory, winners)
    recorded = json.loads(stats.stats_path().read_text("utf-8"))
    recorded["last_played"] = "2026-01-02T03:04:05+00:00"           # not the clock's
    stats.stats_path().write_text(json.dumps(recorded), "utf-8")
    save_game(session.state, storage.saves_dir() / "Partija.json", session.meta())
    os.utime(storage.saves_dir() / "Partija.json", (1_700_000_000, 1_700_000_000))
    series = Series(4)
    for glory, starter in (([12, 30, 7, 30], 0), ([25, 4, 9, 11], 1)):
        series.add_game(glory, starter)
    states = replay(session.state)
    points = decision_points(states, session.seats)
    analysis = Analysis(states, points[:8], worlds=4, use_process=False)
    while not analysis.done:
        analysis.wait()
    scenes = [("setup", SetupScene()), ("settings", SettingsScene()), ("stats", StatsScene()),
              ("series", SeriesScene(series, seats)), ("gallery", GalleryScene()),
              ("results", ResultsScene(session, on_play_again=lambda: None, on_menu=lambda: None,
                                       on_review=lambda: None)),
              ("review", ReviewScene(session, analysis=analysis, use_process=False)),
              ("saves", SaveLoadScene("load"))]
    for name, scene in scenes:
        app.stack.clear()
        app.stack.push(scene)
        for _ in range(200 if name == "gallery" else 3):   # the gallery renders faces on a time budget
            app.step([], DT)
        save(name)
        if name == "review":                                # and a move in a war
            scene.go(next(i for i, st in enumerate(states) if st.war is not None and st.war.attack))
            for _ in range(3):
                app.step([], DT)
            save("review_war")


def compare(a: Path, b: Path) -> None:
    for img in sorted(a.glob("*.png")):
        other = b / img.name
        if not other.exists():
            print(f"{img.name}: missing in {b}")
            continue
        x, y = pygame.image.load(str(img)), pygame.image.load(str(other))
        if x.get_size() != y.get_size():
            print(f"{img.name}: sizes differ {x.get_size()} vs {y.get_size()}")
            continue
        w, h = x.get_size()
        bx, by = pygame.image.tobytes(x, "RGB"), pygame.image.tobytes(y, "RGB")
        diff = sum(bx[i:i + 3] != by[i:i + 3] for i in range(0, len(bx), 3)) if bx != by else 0
        print(f"{img.name}: {diff} pixels differ ({100 * diff / (w * h):.3f}%)")


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("out", type=Path)
    p.add_argument("--compare", type=Path, default=None)
    p.add_argument("--size", default="1920x1080", help="window size, WIDTHxHEIGHT")
    p.add_argument("--lang", default="ru", choices=("ru", "en"))
    p.add_argument("--table", action="store_true", help="only the table shots of issue 11")
    args = p.parse_args(argv)
    size = tuple(int(x) for x in args.size.split("x"))
    with tempfile.TemporaryDirectory() as home:        # statistics and saves of our own
        os.environ["KNJAZJA_HOME"] = home
        paths = shoot(args.out, size, args.lang, args.table)
    for path in paths:
        print(path)
    if args.compare is not None:
        compare(args.out, args.compare)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
