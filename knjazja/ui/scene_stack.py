"""Scenes and the scene stack (after arcade's View pattern).

A scene is one screen: the main menu, the new-game screen, the table.  Overlays (pause menu,
pass-the-device screen, card zoom, dialogs) are scenes with ``is_overlay = True``: the scenes
below them keep drawing, only the top scene receives input.

Life cycle, driven by ``SceneStack``::

    push(s):     top.pause() -> s.enter()        pop():  s.exit() -> new_top.resume()
    replace(s):  old.exit() -> s.enter()          clear(): exit() every scene, top first

``pause``/``resume`` tell a scene it was covered/uncovered (a GUI scene hides or disables its
widgets then); ``covered_by_overlay`` says whether the scene is still visible while paused.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from knjazja.ui.app import App


class Scene:
    """Base class: every method is an optional hook."""

    is_overlay: bool = False

    def __init__(self) -> None:
        self.app: App | None = None
        self.stack: SceneStack | None = None
        self.paused = False
        self.covered_by_overlay = False

    # -- life cycle ----------------------------------------------------------------------------
    def enter(self) -> None:
        """The scene was put on the stack (``self.app`` and ``self.stack`` are set)."""

    def exit(self) -> None:
        """The scene left the stack: release widgets, stop timers."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene above this one was popped; this is the top scene again."""

    def hidden(self) -> None:
        """A whole screen was pushed above the overlays this scene was drawn under: it is not
        drawn until that screen leaves (the scene right under it is told by ``pause``)."""

    # -- per frame ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event; return True if it was used up."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; its widgets (if any) are drawn right after by the app."""

    def draw_foreground(self, surface: pygame.Surface) -> None:
        """Draw what must sit above the scene's own widgets (drag images, toasts)."""

    # -- window and language -----------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute the layout."""

    def on_language_changed(self) -> None:
        """The UI language changed: relabel everything."""

    # -- helpers -----------------------------------------------------------------------------
    @property
    def is_top(self) -> bool:
        return self.stack is not None and self.stack.top is self

    def close(self) -> None:
        """Pop this scene if it is on top of its stack."""
        if self.stack is not None and self.stack.top is self:
            self.stack.pop()


class SceneStack:
    """A stack of scenes; the top one gets input, the visible ones get drawn bottom-up."""

    def __init__(self, app: App | None = None) -> None:
        self.app = app
        self._scenes: list[Scene] = []

    # -- queries -----------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(self._scenes)

    def __contains__(self, scene: object) -> bool:
        return scene in self._scenes

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the highest non-overlay scene upward."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if not self._scenes[i].is_overlay:
                start = i
                break
        return self._scenes[start:]

    # -- changes -----------------------------------------------------------------------------
    def _attach(self, scene: Scene) -> None:
        if scene in self._scenes:
            raise ValueError(f"{scene!r} is already on the stack")
        scene.app, scene.stack = self.app, self
        scene.paused = scene.covered_by_overlay = False
        self._scenes.append(scene)
        scene.enter()

    def push(self, scene: Scene) -> Scene:
        below = self.top
        under_overlays = [] if scene.is_overlay else self.visible()[:-1]
        if below is not None:
            below.paused = True
            below.covered_by_overlay = scene.is_overlay
            below.pause()
        for gone in under_overlays:
            gone.covered_by_overlay = False
            gone.hidden()
        self._attach(scene)
        return scene

    def pop(self) -> Scene:
        if not self._scenes:
            raise IndexError("pop from an empty scene stack")
        scene = self._scenes.pop()
        scene.exit()
        scene.stack = None
        below = self.top
        if below is not None:
            below.paused = below.covered_by_overlay = False
            below.resume()
        return scene

    def replace(self, scene: Scene) -> Scene | None:
        """Swap the top scene for ``scene`` (the scenes below are not disturbed)."""
        old = None
        if self._scenes:
            old = self._scenes.pop()
            old.exit()
            old.stack = None
        self._attach(scene)
        return old

    def pop_to(self, scene: Scene) -> None:
        """Pop until ``scene`` is on top."""
        if scene not in self._scenes:
            raise ValueError(f"{scene!r} is not on the stack")
        while self.top is not scene:
            self.pop()

    def clear(self) -> None:
        while self._scenes:
            scene = self._scenes.pop()
            scene.exit()
            scene.stack = None

    # -- per frame ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        top = self.top
        return bool(top is not None and top.handle_event(event))

    def update(self, dt: float) -> None:
        # every visible scene animates (a table under a dialog keeps moving); hidden ones wait
        for scene in self.visible():
            scene.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)

    def scenes_key(self) -> tuple[int, ...]:
        """Which scenes are on the stack (their ids): it changes when one is pushed or popped."""
        return tuple(id(scene) for scene in self._scenes)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in list(self._scenes):
            scene.on_resize(size)

    def language_changed(self) -> None:
        for scene in list(self._scenes):
            scene.on_language_changed()
