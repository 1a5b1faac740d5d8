"""The Windows leg's Russian-Windows checks, run by Windows Python in a Wine prefix made with
a Russian locale for a user whose name is Cyrillic (build/packaging/windows/leg.sh):

    wine python.exe build/packaging/windows/russian_windows.py

1. the first start speaks Russian when Windows does: the game's own language choice in a
   fresh process without the Unix locale variables Wine passes on (a real Windows has none;
   the leg also screenshots the built game's first start there);
2. the player's files in C:\\Users\\<Cyrillic name>\\AppData\\...: saves, settings, statistics,
   series, lessons and crash reports written and read back where platformdirs puts them;
3. save names with Cyrillic and the characters Windows forbids in file names (<>:"/\\|?*,
   CON, NUL, ...): saved, listed and loaded under the name as typed.

Prints one line per check and exits with 1 when one fails.
"""
from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import tempfile

LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
FIRST_START = ("from knjazja.app.store import settings; s = settings.load_settings(); "
               "print(s.language, settings.settings_path().exists())")
SAVE_NAMES = ['Поход на Киев: "Ольга" <2>', 'a/b\\c|d?e*f', "CON", "nul", "COM1", "Вася.", "  Игорь  "]
failures: list[str] = []


def check(what: str, ok: bool, detail: str) -> None:
    print(f"  {'ok  ' if ok else 'FAIL'} {what}: {detail}", flush=True)
    if not ok:
        failures.append(what)


def windows_env() -> dict[str, str]:
    """The environment a Windows user has: no Unix locale variables, no KNJAZJA_HOME."""
    return {k: v for k, v in os.environ.items() if k not in (*LOCALE_VARS, "KNJAZJA_HOME")}


def first_start() -> None:
    kernel32 = ctypes.windll.kernel32        # type: ignore[attr-defined]
    ui = kernel32.GetUserDefaultUILanguage()
    print(f"Windows: user {os.environ.get('USERNAME')!r}, display language 0x{ui:04x}, "
          f"ANSI code page {kernel32.GetACP()}, OEM code page {kernel32.GetOEMCP()}")
    with tempfile.TemporaryDirectory() as fresh:      # no settings yet: a first start
        env = dict(windows_env(), KNJAZJA_HOME=fresh)
        out = subprocess.run([sys.executable, "-c", FIRST_START], env=env, capture_output=True,
                             text=True, encoding="utf-8", errors="replace")
        lang = out.stdout.split()[:1]
        check("first start, Windows Python", lang == ["ru"],
              f"language {' '.join(lang) or out.stderr.strip()[-200:]!r} with no locale variables set")


def user_folder() -> None:
    from knjazja.app.store import crash, series_store, settings, stats, storage
    from knjazja.app.tutorial import lesson_progress
    from knjazja.engine import Series

    os.environ.pop("KNJAZJA_HOME", None)
    name = os.environ.get("USERNAME", "")
    data, config = storage.data_dir(), settings.config_dir()
    check("the user's name is Cyrillic", any("а" <= ch.lower() <= "я" for ch in name), repr(name))
    check("the data folder is in the user's profile", name in str(data), str(data))
    check("the settings folder is in the user's profile", name in str(config), str(config))
    seats = [{"name": "Ольга", "kind": "human"}, {"name": "Игорь", "kind": "easy"}]

    written = settings.save_settings(settings.Settings(language="ru", volume=0.25))
    again = settings.load_settings()
    check("settings", again.language == "ru" and again.volume == 0.25, str(written))
    stats.record_game(seats, [9, 4], [0])
    check("statistics", stats.load_stats()["games"] >= 1, str(stats.stats_path()))
    series_store.save_series(Series(2), seats)
    stored = series_store.load_series()
    check("series", stored is not None and stored.series.n == 2, str(series_store.series_path()))
    lesson_progress.record_step("war", 2)
    check("lessons", lesson_progress.load().of("war").step == 2, str(lesson_progress.path()))
    try:
        raise RuntimeError("Вася проверяет отчёт о сбое")
    except RuntimeError as exc:
        report = crash.write_report(exc)
    pending = crash.take_pending()
    check("crash report", report is not None and pending == report and "Вася" in report.read_text("utf-8"),
          str(report))
    saves(seats)


def saves(seats: list[dict]) -> None:
    from knjazja.app.store import storage
    from knjazja.app.store.files import load_game, save_game
    from knjazja.engine import new_game
    from knjazja.ui.scenes.saveload import save_path, scan_saves

    state = new_game(len(seats), seed=7)
    for typed in SAVE_NAMES:
        path = save_path(typed)
        save_game(state, path, {"name": storage.save_display_name(typed), "seats": seats})
        loaded, meta = load_game(path)
        check("save " + repr(typed), path.is_file() and meta["name"] == storage.save_display_name(typed),
              str(path))
    listed = {e.name for e in scan_saves()}
    want = {storage.save_display_name(n) for n in SAVE_NAMES}
    check("the saves list shows the names as typed", want <= listed, ", ".join(sorted(listed)))


def main() -> int:
    print("Russian Windows checks (Windows Python in Wine):")
    first_start()
    user_folder()
    print("Russian Windows checks:", "FAILED: " + ", ".join(failures) if failures else "all ok")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
