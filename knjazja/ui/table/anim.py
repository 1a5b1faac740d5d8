"""Animations: cards flying between zones, flashes and stamps, one step at a time.

The scene turns each engine event (from the session's feed, ``app.feed``) into a ``Step`` when the
previous one has finished, so every flight starts from where the card is drawn *now*.  A
step's tweens run together; when the last ends (plus an optional hold) the step's
``on_end`` updates the view model.  ``speed`` (settings.animation_speed) divides every
duration; ``skip`` finishes everything at once.  The engine knows nothing of frames.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame
from pygame import Rect

from knjazja.engine import Event
from knjazja.ui import style

# base durations in seconds at speed 1
FLIGHT = 0.42
DRAW_FLIGHT = 0.34
SLIDE = 0.6
HOLD_EVENT = 0.55
STAMP = 0.9
TURN = 0.12


def ease(t: float) -> float:
    """Smooth start and stop (cubic in-out)."""
    t = max(0.0, min(1.0, t))
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def lerp_rect(a: Rect, b: Rect, t: float) -> Rect:
    return Rect(round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t),
                max(1, round(a.w + (b.w - a.w) * t)), max(1, round(a.h + (b.h - a.h) * t)))


@dataclass
class Tween:
    delay: float
    duration: float

    @property
    def end(self) -> float:
        return self.delay + self.duration

    def progress(self, elapsed: float) -> float:
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (elapsed - self.delay) / self.duration))

    def draw(self, surface: pygame.Surface, elapsed: float) -> None:  # pragma: no cover - abstract
        pass


@dataclass
class Flight(Tween):
    image: pygame.Surface = None  # type: ignore[assignment]
    src: Rect = field(default_factory=Rect)
    dst: Rect = field(default_factory=Rect)
    arc: float = 0.0               # how far the path bows up (px)
    shadow: bool = True

    def rect_at(self, elapsed: float) -> Rect:
        t = ease(self.progress(elapsed))
        r = lerp_rect(self.src, self.dst, t)
        r.y -= round(math.sin(math.pi * t) * self.arc)
        return r

    def draw(self, surface: pygame.Surface, elapsed: float) -> None:
        if elapsed < self.delay:
            return
        r = self.rect_at(elapsed)
        img = self.image
        if img.get_size() != r.size:
            scale = pygame.transform.smoothscale if r.w * r.h < 160000 else pygame.transform.scale
            img = scale(img, r.size)
        if self.shadow:
            sh = pygame.Surface(r.size, pygame.SRCALPHA)
            sh.fill((0, 0, 0, 90))
            lift = 3 + round(math.sin(math.pi * self.progress(elapsed)) * 10)
            surface.blit(sh, (r.x + lift, r.y + lift))
        surface.blit(img, r)


@dataclass
class Flash(Tween):
    rect: Rect = field(default_factory=Rect)
    colour: tuple[int, int, int] = (230, 40, 20)

    def draw(self, surface: pygame.Surface, elapsed: float) -> None:
        if elapsed < self.delay or elapsed > self.end:
            return
        t = self.progress(elapsed)
        a = int(170 * math.sin(math.pi * t) * (0.7 + 0.3 * math.sin(t * 18)))
        veil = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        veil.fill((*self.colour, max(0, a)))
        surface.blit(veil, self.rect)
        pygame.draw.rect(surface, (255, 180, 60), self.rect, width=2, border_radius=4)


@dataclass
class Stamp(Tween):
    """Big words over the table (War! Repelled! Kiev falls!) that pop in and fade."""
    image: pygame.Surface = None  # type: ignore[assignment]
    centre: tuple[int, int] = (0, 0)

    def draw(self, surface: pygame.Surface, elapsed: float) -> None:
        if elapsed < self.delay or elapsed > self.end:
            return
        t = self.progress(elapsed)
        scale = 1.0 + 0.5 * max(0.0, 1 - t / 0.18) ** 2
        alpha = 255 if t < 0.7 else int(255 * (1 - (t - 0.7) / 0.3))
        img = self.image
        if scale != 1.0:
            img = pygame.transform.smoothscale(img, (round(img.get_width() * scale), round(img.get_height() * scale)))
        img.set_alpha(alpha)
        surface.blit(img, img.get_rect(center=self.centre))
        self.image.set_alpha(None)


@dataclass
class Step:
    tweens: list[Tween] = field(default_factory=list)
    hold: float = 0.0
    lands: list[Event] = field(default_factory=list)   # events the view began: the animator lands them
    on_end: Callable[[], None] | None = None            # anything more to do when the step ends
    elapsed: float = 0.0
    hidden: set[int] = field(default_factory=set)   # cards not to draw in place meanwhile

    @property
    def duration(self) -> float:
        return max([t.end for t in self.tweens] + [0.0]) + self.hold


class Animator:
    """Plays one step at a time.  It owns the end of every step: the events the step's view
    began land when it ends (``land``), then the step's ``on_end`` runs; and it says when it
    is busy (``on_busy(True/False)``, the controller's cue that input and bots wait)."""

    def __init__(self, speed: float = 1.0, land: Callable[[Event], None] | None = None,
                 on_busy: Callable[[bool], None] | None = None) -> None:
        self.speed = speed
        self.current: Step | None = None
        self.land = land
        self.on_busy = on_busy

    @property
    def busy(self) -> bool:
        return self.current is not None

    def start(self, step: Step) -> None:
        """Begin ``step`` (durations already divided by the speed by the builder)."""
        self.current = step
        if self.on_busy is not None:
            self.on_busy(True)
        if step.duration <= 0:
            self.finish()

    def update(self, dt: float) -> None:
        step = self.current
        if step is None:
            return
        step.elapsed += dt
        if step.elapsed >= step.duration:
            self.finish()

    def finish(self) -> None:
        step, self.current = self.current, None
        if step is None:
            return
        if self.land is not None:
            for e in step.lands:
                self.land(e)
        if step.on_end is not None:
            step.on_end()
        if self.on_busy is not None:
            self.on_busy(False)

    def hidden(self) -> set[int]:
        return self.current.hidden if self.current is not None else set()

    def draw(self, surface: pygame.Surface) -> None:
        step = self.current
        if step is None:
            return
        for tw in step.tweens:
            if isinstance(tw, Flash):
                tw.draw(surface, step.elapsed)
        for tw in step.tweens:
            if isinstance(tw, Flight):
                tw.draw(surface, step.elapsed)
        for tw in step.tweens:
            if isinstance(tw, Stamp):
                tw.draw(surface, step.elapsed)


def stamp_image(text: str, size: int, colour, texts) -> pygame.Surface:
    """The pre-rendered words of a stamp on a dark band."""
    t = texts.render(text, "title", size, colour, outline=(0, 0, 0))
    pad_x, pad_y = size // 2, size // 6
    band = pygame.Surface((t.get_width() + 2 * pad_x, t.get_height() + 2 * pad_y), pygame.SRCALPHA)
    pygame.draw.rect(band, (14, 6, 2, 200), band.get_rect(), border_radius=size // 4)
    pygame.draw.rect(band, (*colour, 255), band.get_rect(), width=max(2, size // 18), border_radius=size // 4)
    inner = band.get_rect().inflate(-size // 5, -size // 5)
    pygame.draw.rect(band, (*style.GOLD_DARK, 255), inner, width=1, border_radius=size // 5)
    band.blit(t, t.get_rect(center=band.get_rect().center))
    return band
