"""The window: the first one fits the desktop, high-DPI mouse mapping, the Mac's full-screen
shortcut, and the names the task bar shows."""
import os

import pygame
import pytest

from knjazja.ui import window as game_window
from knjazja.ui.app import App, is_fullscreen_key
from knjazja.app.store.settings import MIN_WINDOW_SIZE, Settings

# (desktop, what the OS takes from it: title bar + task bar / menu bar, generously)
LAPTOPS = [((1366, 768), (0, 40 + 32)),       # a Windows laptop: taskbar 40, title bar 32
           ((1440, 900), (0, 25 + 28)),       # a 13" MacBook Air: menu bar 25, title bar 28
           ((1470, 956), (0, 25 + 28))]


@pytest.mark.parametrize("desktop,chrome", LAPTOPS)
def test_the_first_window_fits_the_desktop(desktop, chrome, monkeypatch):
    monkeypatch.setattr(game_window, "desktop_size", lambda: desktop)
    app = App(Settings(), persist=False)      # a first start: no saved size
    try:
        w, h = app.size
        assert w <= desktop[0] - chrome[0] and h <= desktop[1] - chrome[1]
        assert w >= 0.8 * desktop[0] and h >= 0.8 * desktop[1]    # about 85 % of it
        assert app.settings.window_size == (w, h)                  # remembered as chosen
    finally:
        app.shutdown()


@pytest.mark.parametrize("desktop,chrome", LAPTOPS[:2])
def test_a_saved_size_too_big_for_this_desktop_is_shrunk(desktop, chrome, monkeypatch):
    monkeypatch.setattr(game_window, "desktop_size", lambda: desktop)
    app = App(Settings(window_size=(1920, 1080)), persist=False)
    try:
        assert app.size[0] <= desktop[0] - chrome[0] and app.size[1] <= desktop[1] - chrome[1]
    finally:
        app.shutdown()


def test_sizes_for_desktops_big_and_small():
    assert game_window.fit_window_size(None, (1366, 768)) == (1161, 652)
    assert game_window.fit_window_size(None, (3840, 2160)) == (3264, 1836)
    assert game_window.fit_window_size((1200, 700), (1920, 1080)) == (1200, 700)
    assert game_window.fit_window_size((400, 300), (1920, 1080)) == MIN_WINDOW_SIZE
    assert game_window.fit_window_size(None, None) == (1600, 900)       # desktop unknown
    # a netbook smaller than the minimum: the window still fits, the minimum gives way
    assert game_window.fit_window_size(None, (1024, 600)) == (870, 510)
    assert game_window.minimum_size((1024, 600)) == (870, 510)
    # the minimum lets a 1366x768 player shrink the window
    low = game_window.minimum_size((1366, 768))
    assert low == MIN_WINDOW_SIZE and low[0] < 1161 and low[1] < 652


def test_the_user_may_still_make_the_window_bigger_than_the_first_size(make_app, monkeypatch):
    monkeypatch.setattr(game_window, "desktop_size", lambda: (1366, 768))
    app = make_app((1161, 652), persist=False)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1366, 740), w=1366, h=740)])
    assert app.size == (1366, 740)             # maximised: not held to 85 %


def test_high_dpi_mouse_positions_become_pixels():
    win = game_window.HiDpiWindow()
    win.density = 2.0
    down = win.map_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 50), button=1))
    assert down.pos == (200, 100) and down.button == 1
    move = win.map_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 20), rel=(3, -4), buttons=(0, 0, 0)))
    assert move.pos == (20, 40) and move.rel == (6, -8)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0)
    assert win.map_event(key) is key


def test_the_high_dpi_window_draws_and_resizes(monkeypatch, make_app):
    """The macOS window path (pygame.Window with allow_high_dpi), run here at density 1."""
    monkeypatch.setenv(game_window.ENV_HIDPI, "1")
    points = lambda *args, **kwargs: (10, 20)      # noqa: E731 (SDL's answer, in points)
    monkeypatch.setattr(pygame.mouse, "get_pos", points)
    app = make_app((1280, 720), persist=False)
    assert isinstance(app.window, game_window.HiDpiWindow)
    from knjazja.ui.scenes.menu import MenuScene
    app.stack.push(MenuScene())
    app.step([])
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1400, 800), w=1400, h=800)])
    assert app.size == (1400, 800) and app.window_points == (1400, 800)
    app.toggle_fullscreen()
    assert app.fullscreen
    app.toggle_fullscreen()
    assert not app.fullscreen and app.size == (1400, 800)
    # the mouse module answers in pixels while the window is open: on a 2x (Retina) screen,
    # pygame-gui's hover and our scenes get SDL's points doubled
    assert pygame.mouse.get_pos() == (10, 20)
    app.window.density = 2.0
    assert pygame.mouse.get_pos() == (20, 40)
    app.shutdown()
    assert pygame.mouse.get_pos is points                          # SDL's own is back


def _key(key, mod):
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)


def test_full_screen_keys_include_the_macs_own():
    assert is_fullscreen_key(_key(pygame.K_F11, 0))
    assert is_fullscreen_key(_key(pygame.K_RETURN, pygame.KMOD_LALT))
    assert is_fullscreen_key(_key(pygame.K_f, pygame.KMOD_LCTRL | pygame.KMOD_LMETA))  # Cmd+Ctrl+F
    assert not is_fullscreen_key(_key(pygame.K_f, pygame.KMOD_LCTRL))
    assert not is_fullscreen_key(_key(pygame.K_f, 0))


def test_the_task_bar_knows_the_game():
    """SDL hints set before the window opens: X11 WM_CLASS / Wayland app id = knjazja.desktop,
    per-monitor DPI awareness on Windows."""
    game_window.prepare_environment()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "knjazja"
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == "knjazja"
    assert os.environ["SDL_WINDOWS_DPI_AWARENESS"] == "permonitorv2"
    assert os.environ["SDL_APP_NAME"]


def test_the_menu_names_the_full_screen_key_of_this_system(monkeypatch):
    from knjazja.app.wording.i18n import tr
    from knjazja.ui import app as app_module
    monkeypatch.setattr(app_module.sys, "platform", "darwin")
    assert tr("menu.fullscreen_hint", key=app_module.fullscreen_key_label()).startswith("Ctrl+Cmd+F")
    monkeypatch.setattr(app_module.sys, "platform", "win32")
    assert app_module.fullscreen_key_label() == "F11"


def test_leaving_full_screen_restores_the_window_it_had(monkeypatch, make_app):
    """A window dragged bigger than the first window's 85 % of the desktop comes back at
    its own size, and the full screen's size reported late by SDL does not replace it."""
    monkeypatch.setattr(game_window, "desktop_size", lambda: (1600, 900))
    app = make_app((1280, 720), persist=False)
    from knjazja.ui.scenes.menu import MenuScene
    app.stack.push(MenuScene())
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1580, 860), w=1580, h=860)])
    assert app.size == (1580, 860)
    app.set_fullscreen(True)
    assert app.fullscreen and app.size == (1600, 900)
    app.step([])
    app.set_fullscreen(False)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 900), w=1600, h=900)])   # late
    assert not app.fullscreen and app.size == (1580, 860)
    assert app.settings.window_size == (1580, 860)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1300, 800), w=1300, h=800)])   # the player's
    assert app.size == (1300, 800)
