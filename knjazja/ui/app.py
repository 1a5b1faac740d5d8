"""The application: window, frame loop, scene stack, settings.

``App.run()`` is the 60 fps loop; each frame it calls ``App.step(events, dt)``, which tests
call directly (under ``SDL_VIDEODRIVER=dummy``) to drive frames with synthetic events.

One pygame-gui ``UIManager`` per GUI scene: the app builds them all from one theme
(``make_ui_manager``), feeds input only to the top scene's manager and draws each visible
scene's widgets right after that scene, so an overlay's widgets and drawing always sit above
the scene below (with one shared manager, the covered scene's widgets would be drawn over the
overlay).  ``App.ui`` is the top scene's manager.
"""
from __future__ import annotations

import gc
import logging
import os
import sys
from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path

from knjazja.ui import window as game_window

# Before SDL starts: the task bar's name and icon, DPI awareness (see knjazja.ui.window).
game_window.prepare_environment()
# We draw on CPU surfaces. SDL's "accelerated" window surface re-uploads the whole window as a
# texture on every flip, which costs ~10 ms a frame wherever OpenGL is software (VMs, remote
# desktops, Xvfb); the native framebuffer path presents a 1080p frame in ~1 ms everywhere.
if sys.platform.startswith("linux"):
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402
from pygame_gui.core.utility import set_default_manager  # noqa: E402

from knjazja.app.store import autosave  # noqa: E402
from knjazja.app.wording import i18n  # noqa: E402
from knjazja.app.store.settings import Settings, load_settings, save_settings  # noqa: E402
from knjazja.ui import caches, drawn, gui_lean, trace  # noqa: E402
from knjazja.ui.art import resources  # noqa: E402
from knjazja.ui.gui_theme import build_theme  # noqa: E402
from knjazja.ui.scene_stack import Scene, SceneStack  # noqa: E402

log = logging.getLogger(__name__)

FPS = 60
MAX_DT = 0.1  # a long stall (window drag, breakpoint) must not fast-forward animations
REFERENCE_SIZE = (1600, 900)  # UI scale 1.0
THEME_CACHE_LIMIT = 4         # pygame-gui themes kept (UI scale × language)

# every event type pygame-gui posts (button pressed, drop-down changed, ...)
UI_EVENT_TYPES: tuple[int, ...] = tuple(sorted(
    {v for k, v in vars(pygame_gui).items() if k.startswith("UI_") and isinstance(v, int)}
    | {pygame.USEREVENT}
))


def ui_scale_for(size: tuple[int, int]) -> float:
    """Widget and font scale: 1.0 at 1600×900, 0.8 at 1280×720, 2.4 at 3840×2160 (0.1 steps)."""
    raw = min(size[0] / REFERENCE_SIZE[0], size[1] / REFERENCE_SIZE[1])
    return round(max(0.6, min(3.0, raw)) * 10) / 10


def is_fullscreen_key(event: pygame.event.Event) -> bool:
    """F11, Alt+Enter, or the Mac's own Cmd+Ctrl+F (F11 is Show Desktop on a Mac)."""
    mod = event.mod
    return (event.key == pygame.K_F11
            or (event.key == pygame.K_RETURN and bool(mod & pygame.KMOD_ALT))
            or (event.key == pygame.K_f and bool(mod & pygame.KMOD_CTRL)
                and bool(mod & pygame.KMOD_META)))


def fullscreen_key_label() -> str:
    """The full-screen shortcut to show: a Mac's F11 shows the desktop."""
    return "Ctrl+Cmd+F" if sys.platform == "darwin" else "F11"


class App:
    """Owns the window, the settings, the scene stack and the frame loop."""

    def __init__(self, settings: Settings | None = None, *, persist: bool = True,
                 size: tuple[int, int] | None = None) -> None:
        """``persist=False`` keeps settings in memory only (tests, demos)."""
        pygame.display.init()
        pygame.font.init()
        self.settings = settings if settings is not None else load_settings()
        self.persist = persist
        i18n.set_language(self.settings.language)
        self.stack = SceneStack(self)
        self.clock = pygame.time.Clock()
        self.running = True
        self.frame = 0
        self._pending_size: tuple[int, int] | None = None
        self._size_before_fullscreen: tuple[int, int] | None = None   # restored on leaving it
        self._stale_resize: tuple[int, int] | None = None
        self._theme_cache: dict[tuple[float, str], dict] = {}
        self.recent_input: deque[str] = deque(maxlen=40)          # for a crash report
        self.crash_context: list[Callable[[], tuple[str, str]]] = []   # (title, text) sections
        self.window = game_window.make_window()
        self.screen = self._open_window(size)
        self._drawn_size = self.size
        self._sweep = False                                        # a resize asks for a sweep
        self._scenes_seen: tuple[int, ...] = ()                    # ... and so does a screen change
        self._set_caption()
        self._set_icon()

    # -- window ------------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def ui_scale(self) -> float:
        return ui_scale_for(self.size)

    @property
    def fullscreen(self) -> bool:
        return self.window.is_fullscreen(self.screen)

    @property
    def window_points(self) -> tuple[int, int]:
        """The window's size as the OS counts it (points: half the pixels on Retina)."""
        w, h = self.size
        d = self.window.density
        return round(w / d), round(h / d)

    def _windowed_size(self, size: tuple[int, int] | None = None) -> tuple[int, int]:
        """The size to open a window at: fitted to the desktop (about 85 % of it at first)."""
        return game_window.fit_window_size(size or self.settings.window_size,
                                           game_window.desktop_size())

    def _min_size(self) -> tuple[int, int]:
        return game_window.minimum_size(game_window.desktop_size())

    def _open_window(self, size: tuple[int, int] | None = None) -> pygame.Surface:
        if self.settings.fullscreen and size is None:
            screen = self._set_mode_fullscreen()
            if screen is not None:
                return screen
        return self._set_mode_windowed(self._windowed_size(size))

    def _set_mode_windowed(self, size: tuple[int, int]) -> pygame.Surface:
        screen = self.window.open(size, fullscreen=False)
        self.window.set_minimum_size(self._min_size())
        self.settings.window_size = size
        return screen

    def _set_mode_fullscreen(self) -> pygame.Surface | None:
        try:
            return self.window.open(self._windowed_size(), fullscreen=True)
        except (pygame.error, IndexError) as exc:
            log.warning("full screen unavailable (%s)", exc)
            return None

    def _set_caption(self) -> None:
        self.window.set_title(i18n.tr("app.window_title"))

    def _set_icon(self) -> None:
        self.window.set_icon(pygame.image.load(str(resources.asset_path(resources.ICON_FILE))))

    def set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        if on:
            self._size_before_fullscreen = self.window_points
        full_size = self.size if not on else None
        if not on or (screen := self._set_mode_fullscreen()) is None:
            screen = self._set_mode_windowed(self._size_to_restore())
            on = False
            self._stale_resize = full_size      # SDL may still report the full screen's size
        self.screen = screen
        self.settings.fullscreen = on
        self._after_resize()

    def _size_to_restore(self) -> tuple[int, int]:
        """The windowed size to go back to: the one the window had before full screen, as it
        was (only kept within the desktop: the first window's 85 % rule does not apply)."""
        before = self._size_before_fullscreen
        if before is None:
            return self._windowed_size()
        desktop = game_window.desktop_size()
        low = self._min_size()
        if desktop is None:
            return max(low[0], before[0]), max(low[1], before[1])
        return (max(low[0], min(before[0], desktop[0])), max(low[1], min(before[1], desktop[1])))

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def resize(self, size: tuple[int, int]) -> None:
        """Make the (windowed) window ``size`` points (at least the minimum) and re-layout."""
        if self.fullscreen:
            return
        low = self._min_size()
        size = max(low[0], size[0]), max(low[1], size[1])
        if self.window_points != size:
            self.screen = self.window.open(size, fullscreen=False)
        else:
            self.screen = self.window.surface(self.screen)
        self.settings.window_size = size
        self._after_resize()

    def _after_resize(self) -> None:
        if self.size != self._drawn_size:
            caches.clear_sized()          # what was drawn for the old size is never asked for again
            self._drawn_size = self.size
        self.stack.resize(self.size)
        self._sweep = True

    def _sweep_garbage(self) -> None:
        """Free what a resize or a closed screen left behind now, not whenever the garbage
        collector next looks: old widget managers and scenes hold their drawings in reference
        cycles, which Python counts as a few objects however many megabytes they keep."""
        scenes = self.stack.scenes_key()
        if not self._sweep and scenes == self._scenes_seen:
            return
        first = self.frame == 0
        self._sweep, self._scenes_seen = False, scenes
        if first:       # nothing drawn before the first frame: nothing left behind to free
            return
        gc.collect()
        caches.give_back_memory()

    # -- look --------------------------------------------------------------------------------
    def theme(self, scale: float | None = None, lang: str | None = None) -> dict:
        """The pygame-gui theme for a UI scale and language (cached)."""
        key = (self.ui_scale if scale is None else scale, lang or i18n.get_language())
        if key not in self._theme_cache:
            if len(self._theme_cache) >= THEME_CACHE_LIMIT:    # one per size and language met
                self._theme_cache.pop(next(iter(self._theme_cache)))
            self._theme_cache[key] = build_theme(*key)
        return self._theme_cache[key]

    @property
    def ui_key(self) -> tuple[float, str]:
        """What a UI manager's theme depends on; a scene needs a new manager when it changes."""
        return self.ui_scale, i18n.get_language()

    def make_ui_manager(self) -> pygame_gui.UIManager:
        """A themed UI manager the size of the window (one per GUI scene)."""
        gui_lean.install()
        manager = pygame_gui.UIManager(self.size, theme_path=self.theme(),
                                       enable_live_theme_updates=False,
                                       starting_language=i18n.get_language())
        # pygame-gui keeps the first manager made as a default for widgets made without one
        # (ours never are): held there, the main menu's would outlive it, with its drawings
        set_default_manager(None)
        gui_lean.small_shape_sheet(manager, self.size)
        return manager

    @property
    def ui(self) -> pygame_gui.UIManager | None:
        top = self.stack.top
        return getattr(top, "ui", None) if top is not None else None

    def px(self, value: float) -> int:
        """A length given at 1600×900, scaled to the current window."""
        return max(1, round(value * self.ui_scale))

    # -- language and settings ---------------------------------------------------------------
    def set_language(self, lang: str) -> None:
        if lang == i18n.get_language() and lang == self.settings.language:
            return
        i18n.set_language(lang)
        self.settings.language = lang
        self._set_caption()
        self.stack.language_changed()

    def apply_settings(self, new: Settings, save: bool = True) -> None:
        """Adopt edited settings: language, window mode and size; then save them."""
        self.settings = new
        if new.language != i18n.get_language():
            self.set_language(new.language)
        if new.fullscreen != self.fullscreen:
            self.set_fullscreen(new.fullscreen)
        elif not self.fullscreen and new.window_size is not None and new.window_size != self.size:
            self.resize(new.window_size)
        if save:
            self.save_settings()

    def save_settings(self) -> Path | None:
        if not self.persist:
            return None
        try:
            return save_settings(self.settings)
        except OSError as exc:
            log.warning("could not save settings: %s", exc)
            return None

    # -- frames ------------------------------------------------------------------------------
    def step(self, events: Iterable[pygame.event.Event] | None = None, dt: float = 1 / FPS) -> bool:
        """One frame: handle ``events`` (default: the pygame queue), update, draw, flip.

        Events that widgets post while handling these (a button press...) are handled in the
        same frame.  Returns False once the app wants to quit.
        """
        queue = deque(pygame.event.get() if events is None else events)
        if events is not None:
            # what widgets posted during the last update (hover...): a driven app must
            # take it too, or the queue keeps old widgets (and their managers) alive
            queue.extend(pygame.event.get(eventtype=UI_EVENT_TYPES))
        while queue:
            self._dispatch(queue.popleft())
            if not queue:
                queue.extend(pygame.event.get(eventtype=UI_EVENT_TYPES))
        if self._pending_size is not None:
            size, self._pending_size = self._pending_size, None
            self.resize(size)
        trace.show_notices(self)
        dt = max(0.0, min(MAX_DT, dt))
        top = self.stack.top
        manager = getattr(top, "ui", None)
        if manager is not None:
            manager.update(dt)
        self.stack.update(dt)
        self.draw()
        self.window.flip()
        self._sweep_garbage()
        if self.frame == 0:
            # after the first frame (ctypes is not on the way to a drawn menu), before the
            # table's big surfaces come and go
            caches.tune_malloc()
        self.frame += 1
        if not self.stack:
            self.running = False
        return self.running

    def _dispatch(self, event: pygame.event.Event) -> None:
        event = self.window.map_event(event)
        if (line := trace.describe_event(event)) is not None:
            self.recent_input.append(line)
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            size = tuple(event.size)
            if size == self._stale_resize:      # the full screen's size, reported late
                self._stale_resize = None
                return
            if not self.fullscreen:
                self._pending_size = size
            return
        if event.type == pygame.KEYDOWN and is_fullscreen_key(event):
            self.toggle_fullscreen()
            return
        top = self.stack.top
        if top is None:
            return
        manager = getattr(top, "ui", None)
        consumed = bool(manager.process_events(event)) if manager is not None else False
        if not consumed or event.type in UI_EVENT_TYPES:
            self.stack.handle_event(event)

    def draw(self, surface: pygame.Surface | None = None) -> None:
        surface = surface or self.screen
        visible = self.stack.visible()
        if not visible:
            surface.fill((0, 0, 0))
        rec = drawn.active                # the drawing check's recorder (tests): off, None
        for i, scene in enumerate(visible):
            if rec is not None:
                rec.begin_scene(i, scene)
            scene.draw(surface)
            manager = getattr(scene, "ui", None)
            if manager is not None:
                manager.draw_ui(surface)
                if rec is not None:
                    rec.widgets(manager)
            draw_after = getattr(scene, "draw_foreground", None)
            if draw_after is not None:
                draw_after(surface)
        if rec is not None:
            rec.frame_done()

    def run(self, scene: Scene | None = None) -> None:
        """The frame loop; returns when the last scene is popped or the window is closed."""
        if scene is not None:
            self.stack.push(scene)
        self.running = True
        try:
            while self.running:
                dt = self.clock.tick(FPS) / 1000.0
                self.step(None, dt)
        except Exception as exc:     # a bug: leave a report (the autosave stays), then stop
            trace.report_crash(self, exc)
            raise
        finally:
            self.shutdown()

    def quit(self) -> None:
        self.running = False

    def shutdown(self) -> None:
        """Leave every scene, save the settings, write the last autosave and close the window."""
        self.stack.clear()
        self.save_settings()
        autosave.flush(autosave.EXIT_FLUSH_SECONDS)
        from knjazja.ui.art.prefetch import shutdown_shared
        shutdown_shared()               # the card-face worker process, if one was started
        self.window.close()

    def screenshot(self, path: str | os.PathLike) -> None:
        pygame.image.save(self.screen, str(path))
