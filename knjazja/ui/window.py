"""The game's window on every OS: its identity, its first size, crisp pixels on high-DPI screens.

* **Identity** (:func:`prepare_environment`, before SDL starts): the task bar shows the game's
  name and icon, not Python's — X11 ``WM_CLASS`` and the Wayland app id ``knjazja`` (matching
  ``knjazja.desktop``), SDL's application name, and on Windows an explicit AppUserModelID
  (otherwise a pip-installed game is grouped under python.exe). A macOS build takes its name
  from the bundle (``CFBundleName`` in installer.spec).
* **High DPI**: Windows draws per-monitor DPI aware (no bitmap stretching at 150–200 %: the
  window is in real pixels and the UI scales with its size). On macOS a window created through
  ``pygame.display`` is rendered at 1x and stretched on Retina; :class:`HiDpiWindow` opens a
  ``pygame.Window(allow_high_dpi=True)`` whose surface has the screen's real pixels, and maps
  the mouse (which SDL reports in points) onto those pixels.
* **Size** (:func:`fit_window_size`): the first window takes about 85 % of the desktop, a saved
  size is shrunk to fit the desktop it opens on, and the minimum never exceeds the desktop.
"""
from __future__ import annotations

import logging
import os
import sys
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING

from knjazja.app.store.settings import DEFAULT_WINDOW_SIZE, MIN_WINDOW_SIZE

if TYPE_CHECKING:
    import pygame

log = logging.getLogger(__name__)

APP_ID = "knjazja"                  # WM_CLASS / Wayland app id = knjazja.desktop
APP_TITLE = "Knjaz'ja"
WINDOWS_APP_USER_MODEL_ID = "Knjazja.Knjazja.Game"
DESKTOP_SHARE = 0.85                # the first window's share of the desktop, each way
ENV_HIDPI = "KNJAZJA_HIDPI_WINDOW"  # "1"/"0": force the high-DPI window on or off (tests)


def prepare_environment() -> None:
    """SDL hints and the Windows app id; call before the video system starts."""
    env = os.environ
    env.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # Windows: per-monitor DPI aware, window sizes in real pixels (no stretched bitmap)
    env.setdefault("SDL_WINDOWS_DPI_AWARENESS", "permonitorv2")
    env.setdefault("SDL_WINDOWS_DPI_SCALING", "0")
    env.setdefault("SDL_VIDEO_X11_WMCLASS", APP_ID)
    env.setdefault("SDL_VIDEO_WAYLAND_WMCLASS", APP_ID)
    env.setdefault("SDL_APP_NAME", APP_TITLE)
    env.setdefault("SDL_VIDEO_CENTERED", "1")       # the first window opens whole, centred
    if sys.platform == "win32":
        _set_windows_app_id()


def _set_windows_app_id() -> None:
    """Group the window under the game (its icon and name) in the Windows task bar."""
    if sys.platform != "win32":          # (called on Windows only; ctypes.windll exists there)
        return
    import ctypes

    try:
        ctypes.windll.shell32.SetCurrentProcessExplicitAppUserModelID(WINDOWS_APP_USER_MODEL_ID)
    except (AttributeError, OSError) as exc:   # very old Windows: Python's own entry stays
        log.info("no AppUserModelID (%s)", exc)


# ------------------------------------------------------------------------------ sizes
def fit_window_size(requested: tuple[int, int] | None,
                    desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The windowed size to open: ``requested`` (None: about 85 % of the desktop), shrunk to
    fit 85 % of the desktop, and at least the minimum for that desktop."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        w, h = requested or DEFAULT_WINDOW_SIZE
        return max(MIN_WINDOW_SIZE[0], w), max(MIN_WINDOW_SIZE[1], h)
    limit = (int(desktop[0] * DESKTOP_SHARE), int(desktop[1] * DESKTOP_SHARE))
    w, h = requested or limit
    low = minimum_size(desktop)
    return max(low[0], min(w, limit[0])), max(low[1], min(h, limit[1]))


def minimum_size(desktop: tuple[int, int] | None) -> tuple[int, int]:
    """The smallest window: MIN_WINDOW_SIZE, or less on a desktop smaller than that allows."""
    if desktop is None or desktop[0] <= 0 or desktop[1] <= 0:
        return MIN_WINDOW_SIZE
    return (min(MIN_WINDOW_SIZE[0], int(desktop[0] * DESKTOP_SHARE)),
            min(MIN_WINDOW_SIZE[1], int(desktop[1] * DESKTOP_SHARE)))


def desktop_size() -> tuple[int, int] | None:
    """The primary desktop's size (points on macOS, pixels elsewhere), or None if unknown
    (the dummy video driver's desktop is made up: headless runs keep the size they ask for)."""
    import pygame

    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return None
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return (sizes[0][0], sizes[0][1]) if sizes else None


# ------------------------------------------------------------------------------ windows
def use_hidpi_window() -> bool:
    """Whether the window is a ``pygame.Window`` with high-DPI pixels (macOS, unless told)."""
    forced = os.environ.get(ENV_HIDPI)
    if forced in ("0", "1"):
        return forced == "1"
    return sys.platform == "darwin" and os.environ.get("SDL_VIDEODRIVER") != "dummy"


class DisplayWindow:
    """The window of ``pygame.display`` (Windows, Linux): pixels are points."""

    density = 1.0

    def is_fullscreen(self, surface) -> bool:
        import pygame

        return bool(surface.get_flags() & pygame.FULLSCREEN)

    def open(self, size: tuple[int, int], fullscreen: bool):
        import pygame

        if fullscreen:
            return pygame.display.set_mode(desktop_size() or size, pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def surface(self, current):
        import pygame

        return pygame.display.get_surface() or current

    def flip(self) -> None:
        import pygame

        pygame.display.flip()

    def set_title(self, title: str) -> None:
        import pygame

        pygame.display.set_caption(title)

    def set_icon(self, image) -> None:
        import pygame

        pygame.display.set_icon(image)

    def set_minimum_size(self, size: tuple[int, int]) -> None:
        import pygame

        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.minimum_size = size
        except (AttributeError, pygame.error):   # older pygame-ce: enforced on resize instead
            pass

    def map_event(self, event):
        return event

    def close(self) -> None:
        import pygame

        pygame.display.quit()


class HiDpiWindow:
    """A ``pygame.Window(allow_high_dpi=True)``: its surface has the screen's real pixels
    (2x on Retina), sizes asked for are in points, and mouse positions are mapped to pixels."""

    def __init__(self) -> None:
        self.window: pygame.Window | None = None
        self.density = 1.0
        self.fullscreen = False
        self._get_pos: Callable[..., tuple[int, int]] | None = None

    def is_fullscreen(self, surface) -> bool:
        return self.fullscreen

    def open(self, size: tuple[int, int], fullscreen: bool):
        import pygame

        if self.window is None:
            self.window = pygame.Window(APP_TITLE, size, resizable=True, allow_high_dpi=True)
            self._map_mouse_module()
        elif not fullscreen:
            self.window.set_windowed()
            self.window.size = size
        if fullscreen:
            self.window.set_fullscreen(desktop=True)
        self.fullscreen = fullscreen
        return self._update_density()

    def _opened(self) -> pygame.Window:
        assert self.window is not None, "open() the window first"
        return self.window

    def _update_density(self):
        surface = self._opened().get_surface()
        points = self._opened().size
        self.density = surface.get_width() / points[0] if points[0] else 1.0
        return surface

    def _map_mouse_module(self) -> None:
        """pygame.mouse.get_pos answers in pixels too (pygame-gui's hover, our scenes)."""
        import pygame

        raw = pygame.mouse.get_pos
        self._get_pos = raw

        def get_pos(*args, **kwargs):
            x, y = raw(*args, **kwargs)
            return int(x * self.density), int(y * self.density)

        pygame.mouse.get_pos = get_pos

    def surface(self, current):
        return self._update_density() if self.window is not None else current

    def flip(self) -> None:
        self._opened().flip()

    def set_title(self, title: str) -> None:
        self._opened().title = title

    def set_icon(self, image) -> None:
        self._opened().set_icon(image)

    def set_minimum_size(self, size: tuple[int, int]) -> None:
        self._opened().minimum_size = size

    def map_event(self, event):
        """Mouse positions from points to pixels."""
        import pygame

        if self.density == 1.0 or not hasattr(event, "pos"):
            return event
        d = self.density
        attrs = dict(event.dict, pos=(int(event.pos[0] * d), int(event.pos[1] * d)))
        if "rel" in attrs:
            attrs["rel"] = (int(event.rel[0] * d), int(event.rel[1] * d))
        return pygame.event.Event(event.type, attrs)

    def close(self) -> None:
        import pygame

        if self._get_pos is not None:
            pygame.mouse.get_pos = self._get_pos
            self._get_pos = None
        if self.window is not None:
            self.window.destroy()
            self.window = None
        pygame.display.quit()


def make_window() -> DisplayWindow | HiDpiWindow:
    return HiDpiWindow() if use_hidpi_window() else DisplayWindow()
