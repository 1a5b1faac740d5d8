"""The table under the cards: dark oak planks (or a red cloth), made procedurally."""
from __future__ import annotations

import random
import threading
import zlib

import pygame

from .palette import Colour, mix, shade
from .textures import grain, multiply, radial_alpha, value_noise
from knjazja.ui.caches import SurfaceLru, track

__all__ = ["render_table_background", "pack_table_tops"]

OAK: Colour = (122, 76, 40)
OAK_DARK: Colour = (58, 34, 18)
CLOTH: Colour = (124, 28, 32)


def render_table_background(size: tuple[int, int], style: str = "wood") -> pygame.Surface:
    """A table-top of `size`: ``"wood"`` (planks) or ``"cloth"``; cached per size and style."""
    w, h = int(size[0]), int(size[1])
    if w < 1 or h < 1:
        raise ValueError(f"bad size {size!r}")
    if style not in ("wood", "cloth"):
        raise ValueError(f"unknown table style {style!r}")
    key = (w, h, style)
    top = _TOPS.get(key)
    if top is None:
        top = _PACKED.unpack(key)
        if top is None:
            top = _wood(w, h) if style == "wood" else _cloth(w, h)
        _TOPS.put(key, top)
    else:
        _TOPS.move_to_end(key)
    return top


def pack_table_tops() -> None:
    """Keep the table tops drawn so far packed, not as pictures: for a screen that keeps its
    own backdrop drawn from one (the table), whose 8.3 MB picture at 1920×1080 would otherwise
    be kept twice.  Packed (RGB, zlib) it is ~2.5 MB; asked for again (the menu after the
    game, the table's backdrop after the rules), it is unpacked in ~35 ms instead of painted
    again in ~230 ms.  The packing runs in a thread (zlib lets the frame loop run)."""
    for key, top in list(_TOPS.items()):
        if _PACKED.key != key:      # (the same size and style: the same pixels, packed already)
            _PACKED.pack(key, top)
    _TOPS.clear()


class _PackedTops:
    """The latest table top let go, as RGB bytes: raw at once, compressed by a thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.key: tuple[int, int, str] | None = None
        self.data = b""
        self.packed = False          # zlib'd (else raw RGB)

    def pack(self, key: tuple[int, int, str], top: pygame.Surface) -> None:
        raw = pygame.image.tobytes(top, "RGB")
        with self._lock:
            self.key, self.data, self.packed = key, raw, False
        threading.Thread(target=self._compress, args=(key, raw), name="knjazja-table-top",
                         daemon=True).start()

    def _compress(self, key: tuple[int, int, str], raw: bytes) -> None:
        data = zlib.compress(raw, 1)
        with self._lock:
            if self.key == key and self.data is raw:    # not replaced meanwhile
                self.data, self.packed = data, True

    def unpack(self, key: tuple[int, int, str]) -> pygame.Surface | None:
        with self._lock:
            if self.key != key:
                return None
            data, packed = self.data, self.packed
        raw = zlib.decompress(data) if packed else data
        top = pygame.Surface(key[:2])                   # the painted one's own format
        top.blit(pygame.image.frombuffer(raw, key[:2], "RGB"), (0, 0))
        return top

    def clear(self) -> None:
        with self._lock:
            self.key, self.data, self.packed = None, b"", False

    def __len__(self) -> int:
        return 0 if self.key is None else 1

    @property
    def bytes(self) -> int:
        return len(self.data)


# The tops drawn (emptied when the window changes size) and the latest one let go, packed.
_TOPS = SurfaceLru("art.background._table", 2, 64)
_PACKED = track("art.background.packed", _PackedTops())


def _wood(w: int, h: int) -> pygame.Surface:
    rng = random.Random(1240)
    out = pygame.Surface((w, h))
    plank_h = max(40, h // 7)
    y = -rng.randint(0, plank_h // 2)
    i = 0
    while y < h:
        ph = plank_h + rng.randint(-plank_h // 8, plank_h // 8)
        tone = mix(OAK, OAK_DARK, rng.uniform(0.0, 0.45))
        plank = pygame.Surface((w, ph))
        plank.fill(tone)
        # long grain: noise stretched along the plank
        cells_x = max(2, w // 260)
        streak = value_noise((w, ph), (cells_x, max(4, ph // 5)), 100 + i, 135, 255, octaves=3)
        multiply(plank, streak)
        fine = value_noise((w, ph), (max(3, w // 90), max(6, ph // 2)), 300 + i, 200, 255, octaves=2)
        multiply(plank, fine)
        # a few dark grain lines
        for _ in range(rng.randint(3, 6)):
            gy = rng.uniform(0.1, 0.9) * ph
            pts = []
            for k in range(0, w + 40, 40):
                gy += rng.uniform(-1.5, 1.5)
                pts.append((k, gy))
            pygame.draw.lines(plank, shade(tone, 0.7), False, pts, 1)
        # knots
        for _ in range(rng.randint(0, 2)):
            kx, ky = rng.uniform(0.05, 0.95) * w, rng.uniform(0.3, 0.7) * ph
            for r in range(4, 0, -1):
                pygame.draw.ellipse(plank, shade(tone, 0.55 + r * 0.08),
                                    pygame.Rect(kx - r * 6, ky - r * 2, r * 12, r * 4), 1 if r > 1 else 0)
        # bevel: light top edge, dark seam at the bottom
        pygame.draw.line(plank, shade(tone, 1.18), (0, 0), (w, 0), 1)
        pygame.draw.line(plank, (24, 14, 8), (0, ph - 2), (w, ph - 2), 2)
        # plank ends (butt joints) with nails
        if i % 2:
            jx = rng.randint(w // 4, 3 * w // 4)
            pygame.draw.line(plank, (24, 14, 8), (jx, 0), (jx, ph), 2)
            for nx in (jx - 10, jx + 10):
                for ny in (ph // 4, 3 * ph // 4):
                    pygame.draw.circle(plank, (40, 34, 30), (nx, ny), 3)
                    pygame.draw.circle(plank, (120, 110, 96), (nx - 1, ny - 1), 1)
        out.blit(plank, (0, y))
        y += ph
        i += 1
    multiply(out, grain((w, h), 5, 228, 255))
    # warm light in the middle, dark edges
    out.blit(radial_alpha((w, h), (255, 196, 120), 56, 0, power=1.5), (0, 0))
    out.blit(radial_alpha((w, h), (10, 4, 0), 0, 190, power=2.2), (0, 0))
    return out


def _cloth(w: int, h: int) -> pygame.Surface:
    out = pygame.Surface((w, h))
    out.fill(CLOTH)
    multiply(out, value_noise((w, h), (6, 4), 21, 200, 255, octaves=5))
    multiply(out, grain((w, h), 22, 215, 255, tile=64))
    # woven threads: faint cross-hatching
    hatch = pygame.Surface((w, h), pygame.SRCALPHA)
    for x in range(0, w, 3):
        pygame.draw.line(hatch, (0, 0, 0, 18), (x, 0), (x, h))
    for y in range(0, h, 3):
        pygame.draw.line(hatch, (255, 220, 200, 10), (0, y), (w, y))
    out.blit(hatch, (0, 0))
    # an embroidered border of gold diamonds, as on a rushnyk
    emb = pygame.Surface((w, h), pygame.SRCALPHA)
    inset = max(12, min(w, h) // 18)
    step = max(14, min(w, h) // 40)
    gold = (214, 168, 70, 110)
    r = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    for edge in range(4):
        n = (r.w if edge % 2 == 0 else r.h) // step
        for k in range(n + 1):
            if edge == 0:
                cx, cy = r.x + k * step, r.y
            elif edge == 1:
                cx, cy = r.right, r.y + k * step
            elif edge == 2:
                cx, cy = r.x + k * step, r.bottom
            else:
                cx, cy = r.x, r.y + k * step
            d = step * 0.38
            pygame.draw.polygon(emb, gold, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)], 1)
            pygame.draw.circle(emb, gold, (cx, cy), max(1, int(d * 0.25)))
    for off in (-step * 0.7, step * 0.7):
        pygame.draw.rect(emb, gold, r.inflate(int(off * 2), int(off * 2)), 1)
    out.blit(radial_alpha((w, h), (255, 120, 100), 30, 0, power=1.5), (0, 0))
    out.blit(radial_alpha((w, h), (10, 0, 0), 0, 170, power=2.0), (0, 0))
    out.blit(emb, (0, 0))
    return out
