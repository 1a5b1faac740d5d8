"""Headless UI tests: dummy SDL drivers and a throw-away settings folder."""
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def knjazja_home(tmp_path, monkeypatch):
    """Every test gets its own settings folder (KNJAZJA_HOME) and starts in English."""
    home = tmp_path / "home"
    monkeypatch.setenv("KNJAZJA_HOME", str(home))
    monkeypatch.setenv("LANGUAGE", "en")      # a first start speaks the system's language
    from knjazja.app.store import autosave, notices
    from knjazja.app.wording import i18n

    i18n.set_language("en")
    notices.forget()                  # every test is a new run: nothing told yet
    yield home
    autosave.flush()                  # no autosave of this test lands in the next one
    i18n.set_language("en")
    notices.forget()


@pytest.fixture
def make_app():
    """Build Apps at a size; every one is shut down after the test."""
    import pygame

    from knjazja.app.store.settings import Settings
    from knjazja.ui.app import App

    apps = []

    def make(size=(1280, 720), settings=None, persist=True):
        settings = settings or Settings()
        settings.window_size = size
        app = App(settings, persist=persist)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.stack.clear()
    pygame.display.quit()
