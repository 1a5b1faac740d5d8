"""Sounds: the event map, settings, and silence when there is no mixer."""
import pygame

from knjazja.app.store.settings import Settings
from knjazja.engine import Event
from knjazja.engine import zones as Z
from knjazja.engine.kinds import EventKind
from knjazja.ui.sound import SOUND_NAMES, Sounds, sounds_for_events


def test_event_map():
    assert sounds_for_events([Event(EventKind.MOVE, seat=0, card=3, src=Z.hand(0), dst=Z.cities(0))]) == ["card_play"]
    assert sounds_for_events([Event(EventKind.MOVE, seat=0, card=20, src=Z.hand(0), dst=Z.city(3))]) == ["card_play"]
    assert sounds_for_events([Event(EventKind.WAR_START, seat=0)]) == ["war_drum"]
    assert sounds_for_events([Event(EventKind.CITY_FALLS), Event(EventKind.CITY_OWNER)]) == ["city_captured"]
    fire = [Event(EventKind.MOVE, card=c, src=Z.city(3), dst=Z.DISCARD) for c in (20, 21, 22)]
    assert sounds_for_events(fire) == ["fire"]
    falls = [Event(EventKind.PLUNDER, seat=1)] + fire + [Event(EventKind.CITY_FALLS)]
    assert sounds_for_events(falls) == ["fire", "city_captured"]
    # new walls replacing old ones are not a fire
    rebuilt = [Event(EventKind.MOVE, seat=0, card=40, src=Z.hand(0), dst=Z.city(3)),
               Event(EventKind.MOVE, card=39, src=Z.city(3), dst=Z.DISCARD)]
    assert sounds_for_events(rebuilt) == ["card_play"]
    assert sounds_for_events([Event(EventKind.MOVE, src=Z.DECK, dst=Z.hand(0))]) == []


def test_silent_without_a_mixer(monkeypatch):
    def broken():
        raise pygame.error("no audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    sounds = Sounds(Settings())
    assert not sounds.available
    for name in SOUND_NAMES:
        assert sounds.play(name) is False
    assert sounds.play_events([Event(EventKind.WAR_START)]) == []


def test_volume_follows_the_settings():
    settings = Settings()
    settings.volume = 0.25
    sounds = Sounds(lambda: settings)
    assert sounds.volume == 0.25
    settings.mute = True
    assert sounds.volume == 0.0 and sounds.play("click") is False
    assert Sounds(None).volume == 1.0


def test_plays_with_the_dummy_driver():
    sounds = Sounds(Settings())
    if not sounds.available:   # no SDL audio at all on this machine: nothing to check
        return
    sounds.preload()
    assert all(sounds.load(n) is not None for n in SOUND_NAMES)
    sounds.play("click")       # must not raise
    assert sounds.play("no_such_sound") is False
    sounds.stop()
