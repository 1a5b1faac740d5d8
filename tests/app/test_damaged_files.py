"""Damaged statistics, series and settings files: moved aside under a dated name, the player
told once, the next write goes to a fresh file, and nothing the player had is lost."""
import builtins
import json
import os

import pytest

from knjazja.app.tutorial import lesson_progress
from knjazja.app.store import notices, series_store, settings, stats, storage
from knjazja.engine import Series

HUMAN_VS_EASY = [{"name": "Olga", "kind": "human"}, {"name": "Igor", "kind": "easy"}]


def _write_stats() -> None:
    stats.record_game(HUMAN_VS_EASY, [9, 4], [0])


def _write_series() -> None:
    series_store.save_series(Series(2), HUMAN_VS_EASY)


def _write_settings() -> None:
    settings.save_settings(settings.Settings(volume=0.3))


def _write_lessons() -> None:
    lesson_progress.record_step("war", 2)


# (path, load -> what a damaged file gives, write a new file, check the new file)
DOCUMENTS = {
    "stats": (stats.stats_path, stats.load_stats, _write_stats,
              lambda: stats.load_stats()["games"] == 1),
    "series": (series_store.series_path, series_store.load_series, _write_series,
               lambda: series_store.load_series().series.n == 2),
    "settings": (settings.settings_path, settings.load_settings, _write_settings,
                 lambda: settings.load_settings().volume == 0.3),
    "lessons": (lesson_progress.path, lesson_progress.load, _write_lessons,
                lambda: lesson_progress.load().of("war").step == 2),
}

DAMAGE = {
    "garbage": b"\x00\xff\xfe garbage \x81",
    "not json": b'{"games": 3,',
    "a list": b"[1, 2, 3]",
    "a string": b'"stats"',
    "wrong types": json.dumps({"version": 1, "levels": "many", "format": 7, "series": [],
                               "language": 12, "volume": "loud"}).encode(),
    "deep nesting": b"[" * 100_000,
    "huge": b"{" + b" " * (storage.MAX_DOCUMENT_BYTES + 10) + b"}",
    "a huge number": b'{"games": 1' + b"0" * 5000 + b"}",
    "NaN": b'{"volume": NaN}',
}


def _damage(path, how: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(how)


@pytest.mark.parametrize("damage", list(DAMAGE))
@pytest.mark.parametrize("what", list(DOCUMENTS))
def test_a_damaged_file_is_moved_aside_told_once_and_replaced_by_the_next_write(knjazja_home, what, damage):
    path_of, load, write, written = DOCUMENTS[what]
    path = path_of()
    _damage(path, DAMAGE[damage])
    load()                                            # falls back, never raises
    told = notices.take()
    assert [n.key for n in told] == [f"storage.damaged.{what}"]
    kept = list(path.parent.glob(f"{path.stem}.damaged-*{path.suffix}"))
    assert len(kept) == 1 and kept[0].read_bytes() == DAMAGE[damage]   # nothing lost
    assert told[0].params["name"] == kept[0].name
    assert not path.exists()
    load()
    assert not notices.take()                         # told once
    write()
    assert written() and kept[0].read_bytes() == DAMAGE[damage]


@pytest.mark.parametrize("what", list(DOCUMENTS))
def test_a_folder_in_place_of_the_file_is_moved_aside(knjazja_home, what):
    path_of, load, write, written = DOCUMENTS[what]
    path = path_of()
    path.mkdir(parents=True)
    (path / "inside.txt").write_text("mine", encoding="utf-8")
    load()
    assert [n.params["reason"] for n in notices.take()] == ["storage.reason.folder"]
    kept = next(path.parent.glob(f"{path.stem}.damaged-*"))
    assert (kept / "inside.txt").read_text(encoding="utf-8") == "mine"
    write()
    assert written()


@pytest.mark.parametrize("what", list(DOCUMENTS))
def test_a_folder_is_told_as_a_folder_when_opening_it_is_refused_as_on_windows(knjazja_home, what,
                                                                              monkeypatch):
    path_of, load, write, written = DOCUMENTS[what]
    path = path_of()
    path.mkdir(parents=True)
    real_open = builtins.open

    def windows_open(file, *args, **kw):       # Windows: opening a folder is "access denied"
        if os.path.isdir(file):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kw)

    monkeypatch.setattr(storage, "open", windows_open, raising=False)
    load()
    assert [n.params["reason"] for n in notices.take()] == ["storage.reason.folder"]
    assert not path.exists() and next(path.parent.glob(f"{path.stem}.damaged-*")).is_dir()
    monkeypatch.delattr(storage, "open")
    write()
    assert written()


@pytest.mark.parametrize("what", list(DOCUMENTS))
def test_an_unreadable_file_is_moved_aside(knjazja_home, what, monkeypatch):
    path_of, load, write, written = DOCUMENTS[what]
    path = path_of()
    _damage(path, b"{}")
    real_open = builtins.open

    def refusing_open(file, *args, **kw):
        if os.fspath(file) == os.fspath(path):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kw)

    monkeypatch.setattr(storage, "open", refusing_open, raising=False)
    load()
    assert [n.params["reason"] for n in notices.take()] == ["storage.reason.unreadable"]
    monkeypatch.delattr(storage, "open")
    write()
    assert written()


@pytest.mark.parametrize("what", list(DOCUMENTS))
def test_a_damaged_file_that_cannot_be_moved_is_left_alone_and_not_written_over(knjazja_home, what,
                                                                                monkeypatch):
    path_of, load, write, written = DOCUMENTS[what]
    path = path_of()
    _damage(path, b"{broken")

    def no_rename(src, dst):
        raise PermissionError(13, "Access is denied", str(src))

    monkeypatch.setattr(storage.os, "replace", no_rename)
    load()
    assert [n.key for n in notices.take()] == [f"storage.stuck.{what}"]
    try:
        write()                               # refused: an error, or (lessons) a logged warning
    except OSError:
        pass
    assert path.read_bytes() == b"{broken"
    load()
    assert not notices.take()                         # told once


def test_a_bad_settings_field_keeps_the_good_ones_and_the_file(knjazja_home):
    data = settings.Settings(volume=0.25, mute=True).to_json()
    data["language"] = "klingon"
    path = settings.settings_path()
    _damage(path, json.dumps(data).encode())
    loaded = settings.load_settings()
    assert loaded.volume == 0.25 and loaded.mute and loaded.language == "en"
    assert [n.params["reason"] for n in notices.take()] == ["storage.reason.field"]
    assert json.loads(next(knjazja_home.glob("settings.damaged-*.json")).read_text())["language"] == "klingon"


def test_fields_we_do_not_know_are_no_damage(knjazja_home):
    data = settings.Settings(volume=0.25).to_json()
    data["from_a_newer_version"] = {"x": 1}
    _damage(settings.settings_path(), json.dumps(data).encode())
    assert settings.load_settings().volume == 0.25
    assert not notices.take() and settings.settings_path().is_file()


def test_each_damage_gets_its_own_dated_name(knjazja_home):
    for _ in range(3):
        _damage(stats.stats_path(), b"junk")
        stats.load_stats()
    assert len(list(knjazja_home.glob("stats.damaged-*.json"))) == 3


def test_notice_texts_name_the_kept_file_in_both_languages(knjazja_home):
    from knjazja.app.wording import i18n
    _damage(stats.stats_path(), b"junk")
    stats.load_stats()
    [notice] = notices.take()
    name = notice.params["name"]
    assert name in notice.text(i18n.tr) and "JSON" in notice.text(i18n.tr)
    i18n.set_language("ru")
    text = notice.text(i18n.tr)
    assert text.replace("\xa0", " ").startswith("Файл статистики повреждён (это не JSON)") and name in text


def test_a_series_of_a_trillion_players_is_damage_not_a_memory_error(knjazja_home):
    huge = {"format": "knjazja-series", "version": 1, "seats": [],
            "series": {"n": 10**12, "totals": [], "games": [], "starters": []}}
    _damage(series_store.series_path(), json.dumps(huge).encode())
    assert series_store.load_series() is None
    assert [n.key for n in notices.take()] == ["storage.damaged.series"]


@pytest.mark.parametrize("when", ["9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00", "yesterday", 17])
def test_a_last_played_time_no_clock_can_show_is_dropped(knjazja_home, when):
    data = stats.empty_stats() | {"games": 2, "last_played": when}
    _damage(stats.stats_path(), json.dumps(data).encode())
    loaded = stats.load_stats()
    assert loaded["games"] == 2 and loaded["last_played"] is None and not notices.take()


def test_a_series_of_impossible_glory_is_damage(knjazja_home):
    s = Series(2)
    s.target = 10**301
    s.add_game([10**300, 3], 0)
    series_store.save_series(s, HUMAN_VS_EASY)
    assert series_store.load_series() is None
    assert [n.key for n in notices.take()] == ["storage.damaged.series"]


AUTOSAVE_DAMAGE = dict(DAMAGE, **{"edited": None, "an impossible move": None})


def _damaged_autosave(how: str) -> bytes:
    """An autosave damaged ``how``: any of DAMAGE, or a real save edited by hand (its
    checksum no longer matches) or holding a move the rules refuse."""
    from knjazja.engine import dumps, new_game
    if AUTOSAVE_DAMAGE[how] is not None:
        return AUTOSAVE_DAMAGE[how]
    data = json.loads(dumps(new_game(2, seed=3)))
    if how == "edited":
        data["seed"] = 4                               # the checksum no longer matches
    else:
        data["actions"] = [["war", 999, 0, 999, -1, []]]
        from knjazja.engine.saves import _checksum
        body = {k: v for k, v in data.items() if k != "checksum"}
        data["checksum"] = _checksum(body)
    return json.dumps(data).encode()


@pytest.mark.parametrize("damage", list(AUTOSAVE_DAMAGE))
def test_a_damaged_autosave_is_set_aside_told_once_and_not_offered(knjazja_home, damage):
    path = storage.autosave_path()
    content = _damaged_autosave(damage)
    _damage(path, content)
    assert storage.has_autosave()                      # before it is looked at
    assert storage.set_aside_damaged_autosave() is True
    told = notices.take()
    assert [n.key for n in told] == ["storage.damaged.autosave"]
    kept = list(path.parent.glob("autosave.damaged-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content      # nothing lost
    assert told[0].params["name"] == kept[0].name
    assert not path.exists() and not storage.has_autosave()       # Continue has nothing to offer
    assert storage.set_aside_damaged_autosave() is False
    assert not notices.take()                          # told once


def test_a_good_autosave_or_one_of_another_version_stays(knjazja_home):
    from knjazja.engine import dumps, new_game
    path = storage.autosave_path()
    _damage(path, dumps(new_game(3, seed=1)).encode())
    assert storage.set_aside_damaged_autosave() is False and path.exists() and storage.has_autosave()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["version"] = 999                              # a newer game's save: not damaged
    path.write_text(json.dumps(data), encoding="utf-8")
    assert storage.set_aside_damaged_autosave() is False and path.exists()
    assert not notices.take()


def test_a_damaged_autosave_that_cannot_be_moved_is_not_offered(knjazja_home, monkeypatch):
    path = storage.autosave_path()
    _damage(path, b"{broken")

    def no_rename(src, dst):
        raise PermissionError(13, "Access is denied", str(src))

    monkeypatch.setattr(storage.os, "replace", no_rename)
    assert storage.set_aside_damaged_autosave() is True
    assert [n.key for n in notices.take()] == ["storage.stuck.autosave"]
    assert path.read_bytes() == b"{broken" and not storage.has_autosave()
