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
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pygame

log = logging.getLogger(__name__)

SOUND_NAMES = ("card_play", "city_captured", "click", "fire", "war_drum")

# Event kinds that always sound the same.
EVENT_SOUNDS: dict[str, str] = {
    "war_start": "war_drum",
    "city_falls": "city_captured",
    "city_owner": "city_captured",
    "plunder": "fire",
    "play_event": "card_play",
}

_PLAY_ZONES = ("cities:", "city:", "chronicles:", "before:")


def _sound_dir() -> Path | None:
    try:
        from knjazja.ui.art.resources import asset_path

        return Path(asset_path("sounds"))
    except Exception:
        return None


def sound_for_event(event: Any) -> str | None:
    """The sound of one event taken alone (without the context ``sounds_for_events`` uses)."""
    kind = getattr(event, "kind", None)
    if kind in EVENT_SOUNDS:
        return EVENT_SOUNDS[kind]
    if kind == "move":
        src, dst = getattr(event, "src", ""), getattr(event, "dst", "")
        if src.startswith("hand:") and dst.startswith(_PLAY_ZONES):
            return "card_play"
        if src.startswith("city:") and dst == "discard":
            return "fire"
    return None


def sounds_for_events(events: Iterable[Any]) -> list[str]:
    """The sounds of a batch of events, each once.

    A building leaving a city is "fire" only when no building was put into a city in the
    same batch: otherwise it is walls replaced by new walls, or a second Throne.
    """
    events = list(events)
    built = any(getattr(e, "kind", "") == "move" and getattr(e, "src", "").startswith("hand:")
                and getattr(e, "dst", "").startswith("city:") for e in events)
    out: list[str] = []
    for e in events:
        name = sound_for_event(e)
        if name == "fire" and getattr(e, "kind", "") == "move" and built:
            continue
        if name is not None and name not in out:
            out.append(name)
    return out


class Sounds:
    """Loads the sound files on first use; ``play`` never raises."""

    def __init__(self, settings: Any = None, directory: Path | str | None = None) -> None:
        """``settings``: a Settings, a callable returning the current one, or None (full volume)."""
        self._settings = settings
        self._dir = Path(directory) if directory is not None else None
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._ready: bool | None = None   # None: not tried yet

    # -- settings ------------------------------------------------------------------------------
    def _current_settings(self) -> Any:
        s = self._settings
        return s() if callable(s) else s

    @property
    def volume(self) -> float:
        s = self._current_settings()
        if s is None:
            return 1.0
        if getattr(s, "mute", False):
            return 0.0
        value = getattr(s, "sound_volume", None)
        if value is None:
            value = getattr(s, "volume", 1.0)
        try:
            return max(0.0, min(1.0, float(value)))
        except (TypeError, ValueError):
            return 1.0

    # -- mixer ---------------------------------------------------------------------------------
    @property
    def available(self) -> bool:
        """Whether the mixer runs (tries to start it once)."""
        if self._ready is None:
            self._ready = self._init_mixer()
        return self._ready

    def _init_mixer(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            return bool(pygame.mixer.get_init())
        except Exception as exc:  # pygame.error, NotImplementedError without SDL_mixer...
            log.info("sound disabled: %s", exc)
            return False

    def load(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._sounds:
            return self._sounds[name]
        sound = None
        if self.available:
            folder = self._dir or _sound_dir()
            path = folder / f"{name}.wav" if folder is not None else None
            try:
                if path is not None and path.is_file():
                    sound = pygame.mixer.Sound(str(path))
                else:
                    log.info("no sound file for %r", name)
            except Exception as exc:
                log.warning("cannot load sound %s: %s", path, exc)
        self._sounds[name] = sound
        return sound

    def preload(self) -> None:
        for name in SOUND_NAMES:
            self.load(name)

    # -- playing -------------------------------------------------------------------------------
    def play(self, name: str) -> bool:
        """Play one sound at the current volume; returns whether it started."""
        volume = self.volume
        if volume <= 0.0 or not self.available:
            return False
        sound = self.load(name)
        if sound is None:
            return False
        try:
            sound.set_volume(volume)
            return sound.play() is not None
        except Exception as exc:
            log.debug("cannot play %s: %s", name, exc)
            return False

    def play_events(self, events: Iterable[Any]) -> list[str]:
        """Play what a batch of engine events sounds like; returns the names played."""
        return [name for name in sounds_for_events(events) if self.play(name)]

    def stop(self) -> None:
        if self._ready:
            try:
                pygame.mixer.stop()
            except Exception:
                pass

