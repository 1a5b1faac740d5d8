"""Tests of the pygame-free application layer: a throw-away settings folder, English."""
import pytest


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
