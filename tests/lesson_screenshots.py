"""Screenshots of one step of every lesson, for looking at the guide and its pointer.

    xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python tests/lesson_screenshots.py OUT \
        [--size 1280x720] [--lang ru] [LESSON_ID …]

Not a test (pytest does not collect it): a developer's tool.  Each lesson opens at a chosen
step (where the player stopped, as "continue" would), and a click may be made first: the
card the guide points at picked up (the pointer moves on to its target), or a wrong drop
(the guide explains it).  The images are ``OUT/<lesson>_<lang>_<width>.png``.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["KNJAZJA_HOME"] = tempfile.mkdtemp(prefix="knjazja-lessons-")
sys.path.insert(0, str(Path(__file__).with_name("ui")))

import pygame  # noqa: E402
import table_probes as P  # noqa: E402

from knjazja.app.tutorial.lesson_pointer import HAND, pointer  # noqa: E402
from knjazja.app.tutorial.lessons import all_lessons  # noqa: E402
from knjazja.app.store.settings import Settings  # noqa: E402
from knjazja.engine.cards import INSTANCES  # noqa: E402
from knjazja.ui.app import App  # noqa: E402
from knjazja.ui.main import GameFlow  # noqa: E402
from knjazja.ui.table.guide import pointer_rect  # noqa: E402

DT = 0.1
# lesson: (step to open at, what to do first)
PLAN = {"turn": (1, None), "building": (7, "wrong"), "war": (5, None), "tricks": (3, "hold"),
        "chronicles": (6, "hold")}


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(app, pos):
    pos = (int(pos[0]), int(pos[1]))
    app.step([motion(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)


def shoot(app, flow, lesson, out: Path, at: int | None = None) -> str:
    step, first = PLAN.get(lesson.id, (1, None)) if at is None else (at, None)
    scene = flow.lessons.open(lesson, step)
    for _ in range(30):
        app.step([], DT)
    if first == "wrong":          # the Church onto Vladimir behind its Stone Walls
        s = scene.session.state
        church = next(c for c in s.hands[0] if c in INSTANCES["bld.church"])
        click(app, P.rect_of_hand_card(scene, church).center)
        click(app, P.rect_of_city(scene, INSTANCES["city.vladimir"][0]).center)
    elif first == "hold":
        p = pointer(scene.lesson_session, scene.controller)
        r = P.rect_of_hand_card(scene, p.key) if p.kind == HAND else pointer_rect(scene, p)
        click(app, r.center)
    app.step([motion((4, app.size[1] // 2))], DT)       # the mouse away: no zoom
    for _ in range(4):
        app.step([], DT)
    app.draw()
    pygame.image.save(pygame.display.get_surface(), str(out))
    return f"{out.name}: step {scene.lesson_session.run.index + 1}, toast {scene.toasts.latest!r}"


def shoot_screens(app, flow, out: Path, tag: str) -> None:
    """The menu's offer, the lesson list, the rules at a lesson's link and at F1's paragraph,
    the gallery's term tooltip, a zoomed card's terms on the table."""
    from knjazja.ui.scenes.gallery import CardZoomScene, GalleryScene
    from knjazja.ui.scenes.rules import RulesScene

    def save(name):
        for _ in range(3):
            app.step([], DT)
        app.draw()
        pygame.image.save(pygame.display.get_surface(), str(out / f"{name}_{tag}.png"))
        print(f"{name}_{tag}.png")

    app.stack.pop_to(flow.menu)
    flow.menu.refresh()
    save("menu_offer")
    flow.lessons.show_list()
    save("lesson_list")
    flow.show_rules()
    rules = app.stack.top
    rules.open_at("war")
    save("rules_link")
    app.stack.pop()
    scene = flow.lessons.open(all_lessons()[3], 8)           # a reaction: F1
    for _ in range(20):
        app.step([], DT)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0)], DT)
    assert isinstance(app.stack.top, RulesScene)
    save("rules_f1")
    app.stack.pop()
    card = next(c for c in scene.session.state.hands[0] if c in INSTANCES["ev.bribe"])
    app.step([motion(P.rect_of_hand_card(scene, card).center)], DT)
    for _ in range(8):
        app.step([], DT)
    save("table_zoom_terms")
    lesson = all_lessons()[0]                               # the end of a lesson
    scene = flow.lessons.open(lesson, len(lesson.steps) - 1)
    for _ in range(10):
        app.step([], DT)
    scene.next_step()
    save("lesson_done")
    last = all_lessons()[-1]                                # the end of the last one
    scene = flow.lessons.open(last, len(last.steps) - 1)
    for _ in range(10):
        app.step([], DT)
    save("lesson_last_step")
    scene.next_step()
    save("lesson_results")
    flow.to_menu()
    save("menu_suggest")
    gallery = GalleryScene()
    app.stack.push(gallery)
    app.step([], DT)
    troop = next(i for i, e in enumerate(gallery.cards) if e["id"] == "troop.poles")
    zoom = CardZoomScene(gallery.cards, troop)
    app.stack.push(zoom)
    app.step([], DT)
    app.draw()
    if zoom.terms:
        app.step([motion(zoom.terms[0][0].center)], DT)
    save("gallery_term")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--lang", default="ru")
    ap.add_argument("--screens", action="store_true", help="also the menu, list, rules and glossary")
    ap.add_argument("--step", type=int, help="open every lesson at this step (0-based) instead")
    ap.add_argument("lessons", nargs="*")
    args = ap.parse_intermixed_args()
    size = tuple(int(v) for v in args.size.split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    settings = Settings()
    settings.window_size, settings.language, settings.animation_speed = size, args.lang, 3.0
    app = App(settings, persist=False)
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    app.step([], DT)
    for lesson in all_lessons():
        if (not args.lessons and not args.screens) or lesson.id in args.lessons:
            name = f"{lesson.id}_{args.lang}_{size[0]}" + (f"_step{args.step}" if args.step is not None else "")
            print(shoot(app, flow, lesson, out / f"{name}.png", args.step))
    if args.screens:
        shoot_screens(app, flow, out, f"{args.lang}_{size[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
