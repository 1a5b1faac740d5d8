"""A monkey for the window: seeded random mouse and keyboard gestures, posted as real events.

``Monkey(app, seed).run(n)`` posts ``n`` events (moves, clicks, double clicks, drags,
right clicks, wheel turns and key presses) onto pygame's queue and lets ``App.step`` take
them, as the frame loop does, with a few idle frames between gestures so animations, bots
and timers run.  Where it aims: half the time at a widget of the top scene, often at a spot
of the table (hand cards, cities, the war, the piles) and otherwise anywhere.

Everything it does is replayable from the seed: ``Monkey.trail`` holds the last gestures,
printed when a run fails.  It never quits the app: ``App.quit`` is counted, not obeyed.
"""
from __future__ import annotations

import random
import string
from collections import deque
from collections.abc import Callable

import pygame

# keys the player may press anywhere; each with a weight
KEYS: list[tuple[int, str, int]] = (
    [(pygame.K_ESCAPE, "", 10), (pygame.K_RETURN, "\r", 6), (pygame.K_SPACE, " ", 5),
     (pygame.K_F11, "", 1), (pygame.K_F1, "", 2), (pygame.K_SLASH, "?", 1),
     (pygame.K_BACKSPACE, "", 2), (pygame.K_DELETE, "", 1),
     (pygame.K_TAB, "\t", 1), (pygame.K_LEFT, "", 2), (pygame.K_RIGHT, "", 2),
     (pygame.K_UP, "", 2), (pygame.K_DOWN, "", 2), (pygame.K_PAGEUP, "", 1),
     (pygame.K_PAGEDOWN, "", 1), (pygame.K_HOME, "", 1), (pygame.K_END, "", 1)]
    + [(getattr(pygame, f"K_{ch}"), ch, 1) for ch in string.ascii_lowercase]
    + [(getattr(pygame, f"K_{d}"), d, 1) for d in string.digits])

# gesture -> weight
GESTURES = {"move": 14, "click": 30, "double_click": 4, "right_click": 7, "drag": 12,
            "wheel": 8, "key": 25, "resize": 1, "middle_click": 1, "window": 1}
SIZES = [(1280, 720), (1600, 900), (1024, 600), (1920, 1080), (1366, 768)]

# scene class name -> rects worth aiming at (beside the widgets); see ``table_spots``
Spots = Callable[[object], list[pygame.Rect]]
SPOTS: dict[str, Spots] = {}


def spots_for(class_name: str) -> Callable[[Spots], Spots]:
    def register(fn: Spots) -> Spots:
        SPOTS[class_name] = fn
        return fn
    return register


@spots_for("TableScene")        # and every scene built on it (the lesson's table)
def table_spots(scene) -> list[pygame.Rect]:
    if scene.layout is None:
        return []
    scene.layout_fan()
    scene.ensure_geometry()
    board = scene.board
    rects = [pygame.Rect(r) for _, r in scene.fan.rects]
    for g in board.geoms.values():
        rects += [pygame.Rect(s.rect) for s in g.cities] + [pygame.Rect(c.rect) for c in g.chips]
        rects.append(pygame.Rect(g.name_rect))
    rects += [pygame.Rect(board.centre_rect), board.pile_card_rect(scene.layout.deck),
              board.pile_card_rect(scene.layout.discard), pygame.Rect(scene.layout.log)]
    return rects


class Monkey:
    def __init__(self, app, seed: int, *, on_gesture: Callable[[str], None] | None = None) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.events = 0                      # events posted so far
        self.frames = 0
        self.quits = 0                       # times the Quit button was pressed
        self.trail: deque[str] = deque(maxlen=40)
        self.scenes_seen: set[str] = set()
        self.on_gesture = on_gesture
        app.quit = self._quit                # the monkey never closes the window

    def _quit(self) -> None:
        self.quits += 1

    # -- running ---------------------------------------------------------------------------------
    def run(self, n: int) -> None:
        """Post ``n`` events (a gesture is never cut short, so a few more may go)."""
        goal = self.events + n
        while self.events < goal:
            self.gesture()

    def gesture(self) -> None:
        kind = self.rng.choices(list(GESTURES), weights=list(GESTURES.values()))[0]
        top = self.app.stack.top
        self.scenes_seen.add(type(top).__name__)
        frames = getattr(self, f"_{kind}")()
        self.trail.append(f"{type(top).__name__}: {kind} {self._describe(frames)}")
        if self.on_gesture is not None:
            self.on_gesture(kind)
        for frame in frames:
            self._frame(frame)
        for _ in range(self.rng.choice((0, 0, 1, 1, 2, 4))):
            self._frame([])

    def _frame(self, events: list[pygame.event.Event]) -> None:
        for e in events:
            if e.type == pygame.MOUSEMOTION and not any(e.buttons):
                pygame.mouse.set_pos(e.pos)      # the cursor moves (hover, tooltips) and SDL posts the motion
            else:
                pygame.event.post(e)
        self.events += len(events)
        self.app.step(None, self.rng.choice((1 / 60, 1 / 30, 0.1)))
        self.frames += 1
        assert len(self.app.stack) > 0, "the scene stack was left empty"
        assert self.app.running, "the app stopped running"

    @staticmethod
    def _describe(frames: list[list[pygame.event.Event]]) -> str:
        first = next((e for f in frames for e in f), None)
        if first is None:
            return ""
        return str(getattr(first, "pos", "") or getattr(first, "key", ""))

    # -- where to aim -----------------------------------------------------------------------------
    def _spot(self) -> tuple[int, int]:
        w, h = self.app.size
        roll = self.rng.random()
        rects: list[pygame.Rect] = []
        top = self.app.stack.top
        spots = next((SPOTS[c.__name__] for c in type(top).__mro__ if c.__name__ in SPOTS), None)
        if roll < (0.35 if spots else 0.6):
            rects = self._widget_rects(top)
        elif roll < 0.85 and spots is not None:
            rects = spots(top)
        rects = [r for r in rects if r.width > 0 and r.height > 0]
        if rects:
            r = self.rng.choice(rects)
            return (min(w - 1, max(0, self.rng.randint(r.left, r.right - 1))),
                    min(h - 1, max(0, self.rng.randint(r.top, r.bottom - 1))))
        return self.rng.randrange(w), self.rng.randrange(h)

    @staticmethod
    def _widget_rects(scene) -> list[pygame.Rect]:
        manager = getattr(scene, "ui", None)
        if manager is None:
            return []
        return [pygame.Rect(e.rect) for e in manager.get_sprite_group().sprites()
                if getattr(e, "visible", True) and hasattr(e, "rect") and e.rect.width < 2000]

    # -- gestures: each returns the frames of events it posts -------------------------------------
    def _move(self) -> list[list[pygame.event.Event]]:
        pos = self._spot()
        return [[motion(pos)]]

    def _resize(self) -> list[list[pygame.event.Event]]:
        w, h = self.rng.choice(SIZES)
        return [[pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)]]

    def _click(self, button: int = 1) -> list[list[pygame.event.Event]]:
        pos = self._spot()
        return [[motion(pos)], [down(pos, button)], [up(pos, button)]]

    def _double_click(self) -> list[list[pygame.event.Event]]:
        pos = self._spot()
        return [[motion(pos), down(pos, 1), up(pos, 1), down(pos, 1), up(pos, 1)]]

    def _right_click(self) -> list[list[pygame.event.Event]]:
        return self._click(3)

    def _drag(self) -> list[list[pygame.event.Event]]:
        start, end = self._spot(), self._spot()
        frames = [[motion(start)], [down(start, 1)]]
        steps = self.rng.randint(2, 6)
        for i in range(1, steps + 1):
            pos = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            frames.append([motion(pos, buttons=(1, 0, 0))])
        frames.append([up(end, 1)])
        return frames

    def _wheel(self) -> list[list[pygame.event.Event]]:
        """As pygame sends a wheel turn: MOUSEWHEEL, and buttons 4/5 going down and up."""
        pos = self._spot()
        y = self.rng.choice((-3, -1, -1, 1, 1, 3))
        button = 4 if y > 0 else 5
        return [[motion(pos), pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                                 precise_x=0.0, precise_y=float(y), touch=False),
                 down(pos, button), up(pos, button)]]

    def _middle_click(self) -> list[list[pygame.event.Event]]:
        return self._click(2)

    def _window(self) -> list[list[pygame.event.Event]]:
        """The window loses and regains focus, the mouse leaves it, it is minimised."""
        pairs = [(pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED), (pygame.WINDOWLEAVE, pygame.WINDOWENTER),
                 (pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED)]
        gone, back = self.rng.choice(pairs)
        return [[pygame.event.Event(gone)], [], [pygame.event.Event(back)]]

    def _key(self) -> list[list[pygame.event.Event]]:
        key, text, _ = self.rng.choices(KEYS, weights=[k[2] for k in KEYS])[0]
        events = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0)]
        if text and text.isprintable():
            events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
        events.append(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=text, scancode=0))
        return [events]


def motion(pos, buttons=(0, 0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons, touch=False)


def down(pos, button: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)


def up(pos, button: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)
