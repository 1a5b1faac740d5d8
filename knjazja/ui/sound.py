"""Sound effects: ``assets/sounds/*.wav``, played at the settings' volume unless muted.

    sounds = Sounds(lambda: app.settings)      # follows settings edited later
    sounds.play("click")
    sounds.play_events(session_events)         # what the table animates, made audible

When the mixer cannot start (no audio device, a headless test, a build without SDL_mixer)
every call quietly does nothing; a missing or broken file only silences that one sound.

Which engine events sound (``sounds_for_events``):

* a card played from a hand onto the table (a city, a building, a chronicle, an event)
  -> ``card_play``
* ``war_start`` -> ``war_drum``
* ``city_falls`` and ``city_owner`` (a city changes hands) -> ``city_captured``
* buildings discarded from a city by Fire or Plunder (or walls by False Matchmaking) ->
  ``fire``; walls replaced by new walls or a Throne displaced by a second one stay silent.

One batch of events gives each sound at most once, in order of first appearance.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from pathlib import Path

import pygame

from knjazja.app.store.settings import Settings
from knjazja.engine import Event
from knjazja.engine import zones as Z
from knjazja.engine.kinds import EventKind
from knjazja.ui.art import resources

log = logging.getLogger(__name__)

SOUND_NAMES = ("card_play", "city_captured", "click", "fire", "war_drum")

# Event kinds that always sound the same.
EVENT_SOUNDS: dict[str, str] = {
    EventKind.WAR_START: "war_drum",
    EventKind.CITY_FALLS: "city_captured",
    EventKind.CITY_OWNER: "city_captured",
    EventKind.PLUNDER: "fire",
    EventKind.PLAY_EVENT: "card_play",
}

_PLAY_ZONES = (Z.CITIES, Z.CITY, Z.CHRONICLES, Z.BEFORE)


def sound_for_event(event: Event) -> str | None:
    """The sound of one event taken alone (without the context ``sounds_for_events`` uses)."""
    if event.kind in EVENT_SOUNDS:
        return EVENT_SOUNDS[event.kind]
    src, dst = event.src, event.dst
    if event.kind == EventKind.MOVE and src is not None and dst is not None:
        if src.kind == Z.HAND and dst.kind in _PLAY_ZONES:
            return "card_play"
        if src.kind == Z.CITY and dst == Z.DISCARD:
            return "fire"
    return None


def sounds_for_events(events: Iterable[Event]) -> list[str]:
    """The sounds of a batch of events, each once.

    A building leaving a city is "fire" only when no building was put into a city in the
    same batch: otherwise it is walls replaced by new walls, or a second Throne.
    """
    events = list(events)
    built = any(e.kind == EventKind.MOVE and e.src is not None and e.src.kind == Z.HAND
                and e.dst is not None and e.dst.kind == Z.CITY for e in events)
    out: list[str] = []
    for e in events:
        name = sound_for_event(e)
        if name == "fire" and e.kind == EventKind.MOVE and built:
            continue
        if name is not None and name not in out:
            out.append(name)
    return out


def sound_path(name: str) -> Path:
    """The file of sound ``name`` (raises MissingAssetError when it is absent)."""
    return resources.asset_path("sounds", f"{name}.wav")


SettingsSource = Settings | Callable[[], Settings] | None


class Sounds:
    """Loads the sound files on first use; ``play`` never raises (a missing file or no audio
    device only silences the game)."""

    def __init__(self, settings: SettingsSource = None) -> None:
        """``settings``: a Settings, a callable returning the current one, or None (full volume)."""
        self._settings = settings
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._ready: bool | None = None   # None: not tried yet

    @property
    def volume(self) -> float:
        s = self._settings() if callable(self._settings) else self._settings
        if s is None:
            return 1.0
        return 0.0 if s.mute else max(0.0, min(1.0, s.volume))

    @property
    def available(self) -> bool:
        """Whether the mixer runs (tries to start it once)."""
        if self._ready is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                self._ready = bool(pygame.mixer.get_init())
            except (pygame.error, NotImplementedError) as exc:   # no device, no SDL_mixer
                log.info("sound disabled: %s", exc)
                self._ready = False
        return self._ready

    def load(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            sound = None
            if self.available:
                try:
                    sound = pygame.mixer.Sound(str(sound_path(name)))
                except (FileNotFoundError, pygame.error) as exc:
                    log.warning("cannot load sound %r: %s", name, exc)
            self._sounds[name] = sound
        return self._sounds[name]

    def preload(self) -> None:
        for name in SOUND_NAMES:
            self.load(name)

    def play(self, name: str) -> bool:
        """Play one sound at the current volume; returns whether it started."""
        volume = self.volume
        if volume <= 0.0 or not self.available:
            return False
        sound = self.load(name)
        if sound is None:
            return False
        sound.set_volume(volume)
        return sound.play() is not None

    def play_events(self, events: Iterable[Event]) -> list[str]:
        """Play what a batch of engine events sounds like; returns the names played."""
        return [name for name in sounds_for_events(events) if self.play(name)]

    def stop(self) -> None:
        if self._ready:
            pygame.mixer.stop()
