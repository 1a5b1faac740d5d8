"""The journeys' hands and eyes: real input into the running window, and what it shows.

``Window`` opens the game as ``knjazja`` does (``ui.main.run``: the settings, the menu, the
greeting) at one size and language, and drives it frame by frame as ``App.run`` does: each
frame posts the input of that moment onto pygame's event queue and lets ``App.step`` take
it from ``pygame.event.get()``.  It finds what to click by what is on the screen — a widget
of the top scene by its object id or its words, the table's cards, cities and piles by the
geometry the table drew them with — and never calls a controller or a session to move.

``see(...)`` is one step of a journey: it draws the frame with the drawing check's recorder
(``knjazja.ui.drawn``), asserts what the player must see (the top scene, words on the screen,
a widget), saves the screenshot (``KNJAZJA_JOURNEY_SHOTS``, else a temporary folder) and
checks the drawing (``drawcheck``: any fault fails the journey at its end, with every step's
faults listed).  A crash in the loop fails the journey with the
report ``App.run`` would have written.
"""
from __future__ import annotations

import logging
import os
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

import pygame

import drawcheck

DT = 0.1                           # App's longest frame: animations finish in few frames
SPEED = 3.0                        # the fastest animations a player may choose
NBSP = "\u00a0"


class JourneyFailed(AssertionError):
    pass


def shots_folder() -> Path:
    folder = os.environ.get("KNJAZJA_JOURNEY_SHOTS")
    path = Path(folder) if folder else Path(tempfile.gettempdir()) / "knjazja-journeys"
    path.mkdir(parents=True, exist_ok=True)
    return path


def plain(text: str) -> str:
    return " ".join(text.replace(NBSP, " ").split())


class Window:
    """One window of the game, driven like a player drives it."""

    def __init__(self, journey: str, size: tuple[int, int], lang: str, *, seats_seed: int | None = None,
                 paced: bool = False) -> None:
        """``paced``: each frame lasts at least the real loop's 1/60 s, as App.run's clock makes
        it — for journeys where another program (a host, a friend) answers over the network:
        a bare frame on an idle machine lasts a millisecond, and "in 400 frames" would mean
        less time than any network answer takes."""
        from knjazja.app.store import storage
        from knjazja.app.store.settings import load_settings
        from knjazja.ui.app import App
        from knjazja.ui.main import GameFlow
        storage.clean_temporary_files()
        settings = load_settings()
        settings.window_size, settings.language, settings.animation_speed = size, lang, SPEED
        self.app = App(settings)
        # the loop's sweep after each change of screen (a full garbage collection and a
        # malloc_trim: memory, which ``knjazja bench evening`` measures) costs 0.1-0.2 s a
        # screen with the recorder's lists alive; the journeys walk dozens of screens
        self.app._sweep_garbage = lambda: None
        self.flow = GameFlow(self.app, sync_bots=True)
        self.app.stack.push(self.flow.menu)
        self.flow.greet()
        self.name, self.size, self.lang = journey, size, lang
        self.steps = 0                  # what the player must see, asserted
        self.shots: list[Path] = []
        self.faults: list[str] = []     # drawing faults seen
        self.frames_run = 0
        self._pace = pygame.time.Clock() if paced else None
        self.mouse = (size[0] // 2, size[1] // 2)
        self._folder = shots_folder() / f"{journey}-{size[0]}x{size[1]}-{lang}"
        self._folder.mkdir(parents=True, exist_ok=True)
        for old in self._folder.glob("*.jpg"):
            old.unlink()

    # -- the loop ------------------------------------------------------------------------------
    def frame(self, events: Iterable[pygame.event.Event] = (), dt: float = DT) -> None:
        """Post ``events`` and run one frame of the real loop."""
        for e in events:
            pygame.event.post(e)
        try:
            self.app.step(None, dt)
        except Exception as exc:            # what App.run does with a bug: a report, then stop
            from knjazja.ui import trace
            path = trace.report_crash(self.app, exc)
            text = path.read_text(encoding="utf-8") if path is not None and path.exists() else "(no report)"
            raise JourneyFailed(f"{self.where()}: the window crashed; its report:\n{text}") from exc
        self.frames_run += 1
        if self._pace is not None:
            from knjazja.ui.app import FPS
            self._pace.tick(FPS)

    def frames(self, n: int, dt: float = DT) -> None:
        for _ in range(n):
            self.frame((), dt)

    def until(self, done: Callable[[], bool], what: str, limit: int = 400, *,
              between: Callable[[], None] | None = None) -> None:
        """Frames until ``done()``; ``between`` runs after each (another window's turn)."""
        for _ in range(limit):
            if done():
                return
            self.frame()
            if between is not None:
                between()
        if not done():
            raise JourneyFailed(f"{self.where()}: never {what} (in {limit} frames)")

    @property
    def top(self):
        return self.app.stack.top

    def top_is(self, name: str) -> bool:
        return type(self.top).__name__ == name

    def where(self) -> str:
        return f"[{self.name} {self.size[0]}x{self.size[1]} {self.lang}, step {self.steps}, {type(self.top).__name__}]"

    # -- hands ---------------------------------------------------------------------------------
    def move(self, pos: tuple[int, int]) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.mouse = pos
        pygame.mouse.set_pos(pos)
        self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)])

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        self.move(pos)
        pos = self.mouse
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)])

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        self.move(start)
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=self.mouse, button=1, touch=False)])
        for k in (1, 2, 3):
            pos = (start[0] + (end[0] - start[0]) * k // 3, start[1] + (end[1] - start[1]) * k // 3)
            self.mouse = pos
            pygame.mouse.set_pos(pos)
            self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0), touch=False)])
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=self.mouse, button=1, touch=False)])

    def key(self, key: int, mod: int = 0, text: str = "") -> None:
        events = [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)]
        if text:
            events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
        events.append(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0))
        self.frame(events)

    def type(self, text: str) -> None:
        """Typed into the focused field, as SDL sends it: one TEXTINPUT per character."""
        self.frame([pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text])

    def resize(self, size: tuple[int, int]) -> None:
        self.frame([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
        self.frame()

    # -- widgets -------------------------------------------------------------------------------
    def widgets(self) -> list:
        """The visible widgets of the top scene, drawing order."""
        manager = getattr(self.top, "ui", None)
        if manager is None:
            return []
        from knjazja.ui.drawn_gui import _shown
        root = manager.get_root_container()
        return [e for e in manager.get_sprite_group().sprites() if e is not root and _shown(e)]

    def widget(self, which: str, *, enabled: bool = True):
        """The visible widget with object id ``#...`` or with the words ``which``."""
        found = [e for e in self.widgets() if _matches(e, which)]
        if enabled:
            found = [e for e in found if getattr(e, "is_enabled", True)] or found
        if not found:
            shown = sorted({plain(getattr(e, "text", "") or "") for e in self.widgets()} - {""})
            raise JourneyFailed(f"{self.where()}: no widget {which!r}; on screen: {shown}")
        return found[0]

    def has_widget(self, which: str) -> bool:
        return any(_matches(e, which) for e in self.widgets())

    def press(self, which: str, words: str | None = None) -> None:
        """Click the widget ``which`` (saying ``words``, when given: what the player reads)."""
        w = self.widget(which)
        if words is not None and plain(getattr(w, "text", "")) != plain(words):
            raise JourneyFailed(f"{self.where()}: {which} says {w.text!r}, not {words!r}")
        if not getattr(w, "is_enabled", True):
            raise JourneyFailed(f"{self.where()}: {which} is greyed out")
        self.click(w.rect.center)

    def choose(self, menu: str, option: str) -> None:
        """Open the drop-down ``menu`` (object id) and click its option ``option`` (words)."""
        dropdown = self.widget(menu)
        self.click(dropdown.rect.center)
        listed = [e for e in self.widgets() if type(e).__name__ == "UIButton" and _in_list(e)]
        target = next((e for e in listed if plain(e.text) == plain(option)), None)
        if target is None:
            raise JourneyFailed(f"{self.where()}: {menu} opened without {option!r}: "
                                f"{[plain(e.text) for e in listed]}")
        self.click(target.rect.center)

    def field(self, which: str, text: str) -> None:
        """Click a text field, select what is in it and type ``text`` over it."""
        entry = self.widget(which)
        self.click(entry.rect.center)
        self.key(pygame.K_a, pygame.KMOD_CTRL)
        self.key(pygame.K_BACKSPACE)
        self.type(text)

    # -- eyes ------------------------------------------------------------------------------------
    def look(self) -> list:
        """Draw the frame with the recorder on: what it shows, element by element."""
        from knjazja.ui import drawn
        return drawn.capture(self.app)

    def words(self, inks=None) -> list[str]:
        inks = self.look() if inks is None else inks
        top = max((i.layer for i in inks), default=0)
        return [plain(i.text) for i in inks if i.text and i.layer == top]

    def see(self, label: str, *, scene: str | None = None, words: Iterable[str] = (),
            absent: Iterable[str] = (), check: Callable[[], bool] | None = None,
            every_layer: bool = False) -> list:
        """One step: assert what the player sees; screenshot; the drawing check."""
        inks = self.look()
        self.steps += 1
        if scene is not None and not self.top_is(scene):
            raise JourneyFailed(f"{self.where()} {label}: {type(self.top).__name__} on top, not {scene}")
        shown = self.words(inks)
        seen = " | ".join(shown)
        for w in words:
            if plain(w) not in seen:
                raise JourneyFailed(f"{self.where()} {label}: {w!r} is not on the screen; it shows: {seen[:1500]}")
        for w in absent:
            if plain(w) in seen:
                raise JourneyFailed(f"{self.where()} {label}: {w!r} is on the screen")
        if check is not None and not check():
            raise JourneyFailed(f"{self.where()} {label}: check failed")
        self._shoot(label)
        for v in drawcheck.check(inks, self.app.size, every_layer=every_layer):
            self.faults.append(f"{self.where()} {label}: {v.describe()}\n    key: {v.key}")
        return inks

    def _shoot(self, label: str) -> None:
        safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in label)[:60]
        path = self._folder / f"{self.steps:02d}-{safe}.jpg"
        pygame.image.save(self.app.screen, str(path))
        self.shots.append(path)

    # -- the end ---------------------------------------------------------------------------------
    def close(self) -> None:
        """Leave as App.run does: every scene, the settings, the autosave, the window."""
        self.app.shutdown()

    def verdict(self, records: list[logging.LogRecord]) -> None:
        """Fail on a drawing fault, an error logged, or a crash report."""
        from knjazja.app.store import crash
        errors = [r.getMessage() for r in records if r.levelno >= logging.ERROR]
        reports = sorted(crash.reports_dir().glob("*")) if crash.reports_dir().exists() else []
        problems = []
        if reports:
            problems.append("crash reports written:\n" + "\n".join(p.read_text(encoding="utf-8") for p in reports))
        if errors:
            problems.append("errors logged:\n  " + "\n  ".join(errors))
        if self.faults:
            problems.append(f"{len(self.faults)} drawing faults:\n" + "\n".join(self.faults))
        if problems:
            raise JourneyFailed(f"[{self.name} {self.size[0]}x{self.size[1]} {self.lang}] " + "\n\n".join(problems))


def _matches(element, which: str) -> bool:
    if which.startswith("#"):
        return which in (getattr(element, "object_ids", None) or [])
    return plain(getattr(element, "text", "") or "") == plain(which)


def _in_list(element) -> bool:
    """A button of an open drop-down's list."""
    e = getattr(element, "ui_container", None)
    for _ in range(4):
        if e is None:
            return False
        parent = getattr(e, "parent_element", None)
        if "UISelectionList" in (type(e).__name__, type(parent).__name__):
            return True
        e = getattr(e, "ui_container", None) if getattr(e, "ui_container", None) is not e else None
    return False
