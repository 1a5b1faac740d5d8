"""Settings: defaults, validation, atomic JSON round trip in $KNJAZJA_HOME."""
import json
import logging

import pytest

from knjazja.app.store import settings
from knjazja.app.store.settings import (Settings, config_dir, default_setup, load_settings, save_settings,
                                  settings_path, validate_setup)


def sample():
    return Settings(language="ru", window_size=(1920, 1080), fullscreen=True, animation_speed=2.5,
                    volume=0.3, mute=True, reaction_prompting="always", confirm_end_war=False,
                    last_setup={"seats": [{"name": "Ярослав", "kind": "human"},
                                          {"name": "Олег", "kind": "hard"},
                                          {"name": "Игорь", "kind": "easy"}],
                                "first_player": 2,
                                "options": {"strict_defence": True, "invasion_first_round": False}})


def test_defaults():
    s = Settings()
    assert s.language == "en" and s.window_size is None and not s.fullscreen   # None: fit the desktop
    assert 0.5 <= s.animation_speed <= 3.0 and 0 <= s.volume <= 1
    assert s.reaction_prompting in ("always", "when_possible")
    assert validate_setup(s.last_setup) == s.last_setup


def test_config_dir_follows_knjazja_home(knjazja_home):
    assert config_dir() == knjazja_home
    assert settings_path().parent == knjazja_home


def test_missing_file_gives_defaults():
    assert load_settings() == Settings()


def test_round_trip(knjazja_home):
    s = sample()
    path = save_settings(s)
    assert path == knjazja_home / "settings.json"
    assert load_settings() == s
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 1 and data["last_setup"]["seats"][0]["name"] == "Ярослав"
    assert [p.name for p in knjazja_home.iterdir()] == ["settings.json"]  # no temp files left


def test_save_replaces_the_old_file():
    save_settings(Settings(volume=0.1))
    save_settings(Settings(volume=0.9))
    assert load_settings().volume == 0.9


def test_corrupt_file_falls_back_with_a_warning(knjazja_home, caplog):
    knjazja_home.mkdir(parents=True)
    (knjazja_home / "settings.json").write_text("{not json", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert load_settings() == Settings()
    assert "damaged" in caplog.text
    kept = list(knjazja_home.glob("settings.damaged-*.json"))
    assert [p.read_text(encoding="utf-8") for p in kept] == ["{not json"]


def test_bad_fields_fall_back_one_by_one(knjazja_home, caplog):
    knjazja_home.mkdir(parents=True)
    data = sample().to_json()
    data.update(language="de", volume="loud", animation_speed=9, window_size=[100, 100],
                last_setup={"seats": [{"name": "x", "kind": "human"}]}, unknown_key=1)
    (knjazja_home / "settings.json").write_text(json.dumps(data), encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        s = load_settings()
    assert s.language == "en"                 # bad -> default
    assert s.volume == Settings().volume      # bad -> default
    assert s.animation_speed == 3.0           # out of range -> clamped
    assert s.window_size == (960, 540)        # too small -> minimum
    assert s.last_setup == default_setup()    # one seat only -> default
    assert s.mute is True and s.confirm_end_war is False  # good fields kept
    assert "language" in caplog.text and "last_setup" in caplog.text


def test_non_object_json_gives_defaults(knjazja_home):
    knjazja_home.mkdir(parents=True)
    (knjazja_home / "settings.json").write_text("[1, 2]", encoding="utf-8")
    assert load_settings() == Settings()


@pytest.mark.parametrize("bad", [
    {"seats": []},
    {"seats": [{"name": "a", "kind": "human"}] * 9},
    {"seats": [{"name": "a", "kind": "robot"}] * 2},
    {"seats": [{"name": "a", "kind": "human"}] * 2, "first_player": 2},
    {"seats": [{"name": "a", "kind": "human"}] * 2, "first_player": True},
    {"seats": [{"name": "a", "kind": "human"}] * 2, "options": {"strict_defence": 1}},
    {"seats": [{"name": "a", "kind": "human"}] * 2, "options": {"cheat": True}},
])
def test_validate_setup_rejects(bad):
    with pytest.raises(ValueError):
        validate_setup(bad)


def test_validate_setup_normalises_names():
    setup = validate_setup({"seats": [{"name": "  Олег   Святославич ", "kind": "human"},
                                      {"name": "x" * 40, "kind": "easy"}]})
    assert setup["seats"][0]["name"] == "Олег Святославич"
    assert len(setup["seats"][1]["name"]) == 24
    assert setup["first_player"] == "random"
    assert setup["options"] == {"strict_defence": False, "invasion_first_round": False}


# -- the first start speaks the system's language -----------------------------------------------
@pytest.mark.parametrize("env, lang", [
    ({"LANG": "ru_RU.UTF-8"}, "ru"), ({"LANG": "en_GB.UTF-8"}, "en"), ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANGUAGE": "ru:en", "LANG": "en_US.UTF-8"}, "ru"), ({"LC_ALL": "ru_UA.UTF-8", "LANG": "en_US"}, "ru"),
    ({"LC_ALL": "C.UTF-8", "LANG": "ru_RU.UTF-8"}, "ru"), ({"LC_MESSAGES": "en_US", "LANG": "ru_RU"}, "en"),
])
def test_the_system_language_is_read_from_the_locale(env, lang):
    assert settings.system_language(env) == lang


def test_a_first_start_on_a_russian_system_is_in_russian(knjazja_home, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "ru_RU:ru")
    assert settings.load_settings().language == "ru"
    monkeypatch.setenv("LANGUAGE", "en_US")
    assert settings.load_settings().language == "en"
    settings.save_settings(settings.Settings(language="en"))
    monkeypatch.setenv("LANGUAGE", "ru")
    assert settings.load_settings().language == "en"        # a choice once made is kept
