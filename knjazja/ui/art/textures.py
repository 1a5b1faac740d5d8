"""Procedural textures made with plain pygame (no numpy): value noise, gradients, glows.

Noise is made by filling a tiny surface with random greys and smooth-scaling it up
(bilinear), summed over octaves.  Everything is seeded, so the same call always
gives the same picture.
"""
from __future__ import annotations

import math
import random
import sys

import pygame

from .palette import Colour, mix
from knjazja.ui.caches import sized_lru


def _grey_surface(size: tuple[int, int], rng: random.Random, lo: int, hi: int) -> pygame.Surface:
    """Random greys in [lo, hi], one per pixel, from one block of random bytes (a per-pixel
    loop in Python cost most of the start-up time)."""
    w, h = size
    table = bytes(lo + i * (hi - lo + 1) // 256 for i in range(256))
    vals = rng.randbytes(w * h).translate(table)
    rgb = bytearray(3 * w * h)
    rgb[0::3] = rgb[1::3] = rgb[2::3] = vals
    return pygame.image.frombuffer(bytes(rgb), (w, h), "RGB").copy()


def _grid(cells: tuple[int, int], rng: random.Random, lo: int, hi: int) -> pygame.Surface:
    return _grey_surface((max(2, cells[0]), max(2, cells[1])), rng, lo, hi)


def value_noise(size: tuple[int, int], cells: tuple[int, int], seed: int = 0,
                lo: int = 0, hi: int = 255, octaves: int = 3) -> pygame.Surface:
    """Grey fractal noise of `size`; `cells` is the grid of the coarsest octave."""
    rng = random.Random(seed)
    w, h = max(1, size[0]), max(1, size[1])
    out = pygame.transform.smoothscale(_grid(cells, rng, lo, hi), (w, h))
    total = 1.0
    weight = 1.0
    for o in range(1, octaves):
        weight *= 0.5
        total += weight
        cx, cy = cells[0] << o, cells[1] << o
        if cx > w or cy > h:
            break
        layer = pygame.transform.smoothscale(_grid((cx, cy), rng, lo, hi), (w, h))
        layer.set_alpha(int(255 * weight / total))
        out.blit(layer, (0, 0))
        del layer           # before the next octave's is made: one full-size layer alive, not two
    return out


def grain(size: tuple[int, int], seed: int = 0, lo: int = 200, hi: int = 255,
          tile: int = 96) -> pygame.Surface:
    """Fine per-pixel grain, tiled from one random tile (fast for big surfaces)."""
    t = _grain_tile(seed, lo, hi, tile)
    out = pygame.Surface(size)
    for y in range(0, size[1], tile):
        for x in range(0, size[0], tile):
            out.blit(t, (x, y))
    return out


@sized_lru(32)
def _grain_tile(seed: int, lo: int, hi: int, tile: int) -> pygame.Surface:
    return _grey_surface((tile, tile), random.Random(seed), lo, hi)


def vertical_gradient(size: tuple[int, int], top: Colour, bottom: Colour) -> pygame.Surface:
    """A fresh surface (callers draw on it) copied from a cached master: cards of one kind
    share their gradients, and a per-row Python loop was the bulk of a card's render time."""
    w, h = max(1, size[0]), max(1, size[1])
    column = _gradient_column(h, (top[0], top[1], top[2]), (bottom[0], bottom[1], bottom[2]))   # (hashable)
    return pygame.transform.scale(column, (w, h))


@sized_lru(128)
def _gradient_column(h: int, top: Colour, bottom: Colour) -> pygame.Surface:
    col = pygame.Surface((1, h))
    for y in range(h):
        col.set_at((0, y), mix(top, bottom, y / max(1, h - 1)))
    return col


def radial_alpha(size: tuple[int, int], colour: Colour, inner: int, outer: int,
                 power: float = 1.6, res: int = 64) -> pygame.Surface:
    """An ellipse-shaped glow or vignette: alpha `inner` at the centre to `outer` at the rim."""
    s = _radial_base(tuple(colour), inner, outer, power, res)
    return pygame.transform.smoothscale(s, (max(1, size[0]), max(1, size[1])))


@sized_lru(32)
def _radial_base(colour: tuple[int, ...], inner: int, outer: int, power: float, res: int) -> pygame.Surface:
    s = pygame.Surface((res, res), pygame.SRCALPHA)
    c = (res - 1) / 2
    alphas = bytearray(res * res)
    i = 0
    for y in range(res):
        for x in range(res):
            d = min(1.0, math.hypot((x - c) / c, (y - c) / c) / math.sqrt(2) * 1.25)
            a = inner + (outer - inner) * (d ** power)
            alphas[i] = max(0, min(255, int(a)))
            i += 1
    # the pixels written in one go in the surface's own byte order (set_at per pixel cost a
    # tenth of the menu's first frame); the same picture as set_at gave
    if s.get_bytesize() == 4 and s.get_pitch() == 4 * res and sys.byteorder == "little":
        pixels = bytearray(4 * res * res)
        for value, shift in zip((*colour[:3], None), s.get_shifts()):
            k = shift // 8
            if value is None:
                pixels[k::4] = alphas
            else:
                pixels[k::4] = bytes((value,)) * (res * res)
        s.get_buffer().write(bytes(pixels))
        return s
    for i, a in enumerate(alphas):
        s.set_at((i % res, i // res), (*colour[:3], a))
    return s


def multiply(surf: pygame.Surface, tex: pygame.Surface, pos: tuple[int, int] = (0, 0)) -> None:
    """Darken `surf` by a grey texture (255 = unchanged)."""
    surf.blit(tex, pos, special_flags=pygame.BLEND_RGB_MULT)


def textured_fill(size: tuple[int, int], base: Colour, seed: int, strength: int = 40,
                  cells: tuple[int, int] = (6, 8), fine: int = 16) -> pygame.Surface:
    """A flat colour with soft blotches and fine grain (parchment, painted wood, cloth)."""
    s = pygame.Surface(size)
    s.fill(base)
    multiply(s, value_noise(size, cells, seed, 255 - strength, 255, octaves=4))
    if fine:
        multiply(s, grain(size, seed + 1, 255 - fine, 255))
    return s
