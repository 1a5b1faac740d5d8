"""What a Russian Windows brings: a user folder with Cyrillic letters, Windows' display
language at the first start, save names with Cyrillic and characters Windows forbids in file
names.  These run everywhere (and under Windows Python in the Windows leg, build/packaging/windows/)."""
import json
import os
import re
import sys
import types

import pytest

from knjazja.app.store import crash, series_store, settings, stats, storage
from knjazja.app.tutorial import lesson_progress
from knjazja.app.store.files import load_game, save_game
from knjazja.engine import Series, new_game
from knjazja.ui.scenes.saveload import save_path, scan_saves

SEATS = [{"name": "Ольга", "kind": "human"}, {"name": "Игорь", "kind": "easy"}]
WINDOWS_FORBIDS = re.compile(r'[<>:"/\\|?*\x00-\x1f]')


@pytest.fixture
def vasya(tmp_path, monkeypatch):
    """No KNJAZJA_HOME: the game's folders are where platformdirs says, in Вася's profile."""
    profile = tmp_path / "Users" / "Вася" / "AppData"
    import platformdirs

    monkeypatch.delenv("KNJAZJA_HOME")
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(profile / "Local" / "knjazja"))
    monkeypatch.setattr(platformdirs, "user_config_dir", lambda *a, **k: str(profile / "Roaming" / "knjazja"))
    return profile


def test_a_cyrillic_user_folder_holds_saves_settings_statistics_lessons_and_crash_reports(vasya):
    settings.save_settings(settings.Settings(language="ru", volume=0.25))
    stats.record_game(SEATS, [9, 4], [0])
    series_store.save_series(Series(2), SEATS)
    lesson_progress.record_step("war", 2)
    save_game(new_game(2, seed=3), save_path("Поход"), {"name": "Поход", "seats": SEATS})
    try:
        raise RuntimeError("сбой у Васи")
    except RuntimeError as exc:
        report = crash.write_report(exc)

    again = settings.load_settings()
    assert (again.language, again.volume) == ("ru", 0.25)
    assert stats.load_stats()["games"] == 1
    assert series_store.load_series().series.n == 2
    assert lesson_progress.load().of("war").step == 2
    assert [e.name for e in scan_saves()] == ["Поход"]
    assert crash.take_pending() == report and "сбой у Васи" in report.read_text("utf-8")
    written = [p for p in vasya.rglob("*") if p.is_file()]
    assert {p.name for p in written} >= {"settings.json", "stats.json", "series.json", "Поход.json",
                                         report.name}
    assert all("Вася" in str(p) for p in written)


def _windows(monkeypatch, ui_language: int) -> None:
    """Pretend to be Windows with that display language and no locale variables."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    kernel32 = types.SimpleNamespace(GetUserDefaultUILanguage=lambda: ui_language)
    monkeypatch.setattr("ctypes.windll", types.SimpleNamespace(kernel32=kernel32), raising=False)


@pytest.mark.parametrize("ui_language, lang", [(0x0419, "ru"), (0x0409, "en"), (0x0422, "en")])
def test_the_first_start_speaks_windows_display_language(monkeypatch, ui_language, lang):
    _windows(monkeypatch, ui_language)        # 0x419 Russian, 0x409 English (US), 0x422 Ukrainian
    assert settings.load_settings().language == lang
    assert not settings.settings_path().exists()       # nothing written until the player does


@pytest.mark.skipif(sys.platform != "win32", reason="asks the real Windows (or Wine)")
def test_windows_display_language_is_read_without_locale_variables(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    import ctypes
    primary = ctypes.windll.kernel32.GetUserDefaultUILanguage() & 0x3FF
    assert settings.system_language() == ("ru" if primary == 0x19 else "en")


NAMES = ['Поход на Киев: "Ольга" <2>', "a/b\\c|d?e*f", "Вася.", "Игорь ", "CON", "nul", "COM1",
         "LPT9.txt", "Князь?"]


def test_save_names_with_cyrillic_and_what_windows_forbids_are_kept_as_typed(tmp_path):
    state = new_game(2, seed=5)
    for typed in NAMES:
        save_game(state, save_path(typed), {"name": storage.save_display_name(typed), "seats": SEATS})
    files = sorted(storage.saves_dir().iterdir())
    assert len(files) == len(NAMES)                  # none overwrote another
    for path in files:
        stem = path.name[:-len(".json")]
        assert not WINDOWS_FORBIDS.search(stem), stem
        assert not stem.endswith((".", " ")), stem      # Windows drops those silently
        assert stem.split(".")[0].upper() not in storage.WINDOWS_DEVICE_NAMES, stem
        assert json.loads(path.read_text("utf-8"))["meta"]["name"] == load_game(path)[1]["name"]
    assert {e.name for e in scan_saves()} == {storage.save_display_name(n) for n in NAMES}
    assert os.path.exists(save_path("Поход на Киев: \"Ольга\" <2>"))     # the same name finds its file
