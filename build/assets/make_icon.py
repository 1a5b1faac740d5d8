#!/usr/bin/env python3
"""Draw the application icon, assets/icon.png (256x256): a golden onion dome on red and gold.

Made with pygame only (shapes from knjazja.ui.art.shapes), drawn at 4x and smooth-scaled.

    python build/assets/make_icon.py [output.png]
"""
from __future__ import annotations

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from knjazja.ui.art import shapes as icons  # noqa: E402  (the shapes the card icons are drawn with)
from knjazja.ui.art.palette import (CRIMSON_DARK, GOLD, GOLD_DARK, GOLD_LIGHT,  # noqa: E402
                                    OUTLINE, mix)
from knjazja.ui.art.textures import radial_alpha  # noqa: E402

SIZE = 256
SS = 4


def draw_icon(size: int = SIZE) -> pygame.Surface:
    n = size * SS
    s = pygame.Surface((n, n), pygame.SRCALPHA)
    c = n / 2
    # gold sun-burst rim
    pts = []
    for i in range(64):
        a = math.pi * i / 32
        r = n * (0.495 if i % 2 == 0 else 0.465)
        pts.append((c + r * math.cos(a), c + r * math.sin(a)))
    icons.poly(s, GOLD, pts, int(n * 0.008))
    pygame.draw.circle(s, OUTLINE, (c, c), n * 0.44)
    # crimson field with a warm glow
    for k in range(40):
        t = k / 40
        pygame.draw.circle(s, mix(CRIMSON_DARK, (190, 40, 40), t), (c, c - n * 0.06 * t), n * 0.425 * (1 - 0.6 * t))
    pygame.draw.circle(s, GOLD_LIGHT, (c, c), n * 0.425, int(n * 0.012))
    pygame.draw.circle(s, GOLD_DARK, (c, c), n * 0.395, int(n * 0.005))
    glow = radial_alpha((int(n * 0.6), int(n * 0.6)), (255, 220, 140), 110, 0, power=1.3)
    s.blit(glow, (c - n * 0.3, c - n * 0.36))
    lw = int(n * 0.012)
    # white drum with arched windows
    drum = pygame.Rect(0, 0, int(n * 0.26), int(n * 0.2))
    drum.midtop = (int(c), int(n * 0.6))
    icons.poly(s, (240, 234, 220), [drum.topleft, drum.topright, drum.bottomright, drum.bottomleft], lw)
    for dx in (-0.07, 0.0, 0.07):
        w = pygame.Rect(0, 0, int(n * 0.03), int(n * 0.08))
        w.midtop = (int(c + dx * n), drum.top + int(n * 0.05))
        pygame.draw.rect(s, (60, 36, 26), w, border_top_left_radius=w.w // 2, border_top_right_radius=w.w // 2)
    # cornice
    cor = pygame.Rect(0, 0, int(n * 0.32), int(n * 0.035))
    cor.midbottom = (int(c), drum.top + int(n * 0.01))
    icons.poly(s, GOLD_DARK, [cor.topleft, cor.topright, cor.bottomright, cor.bottomleft], lw)
    # the onion dome with its cross
    icons.draw_dome(s, c, cor.top, n * 0.5, n * 0.4, lw, GOLD, cross=False)
    icons.draw_cross(s, c, n * 0.045, n * 0.16, OUTLINE, int(n * 0.028))
    icons.draw_cross(s, c, n * 0.045, n * 0.16, GOLD_LIGHT, int(n * 0.014))
    # scale-pattern on the dome: a few arcs
    for row in range(3):
        y = cor.top - n * (0.07 + row * 0.08)
        for k in range(-2 + (row % 2), 3, 2):
            x = c + k * n * 0.045
            pygame.draw.arc(s, GOLD_DARK, pygame.Rect(x - n * 0.04, y - n * 0.03, n * 0.08, n * 0.06),
                            math.pi, 2 * math.pi, max(1, lw // 2))
    return pygame.transform.smoothscale(s, (size, size))


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "assets" / "icon.png"
    pygame.init()
    img = draw_icon(SIZE)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(img, str(out))
    print(f"wrote {out} ({img.get_width()}x{img.get_height()})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
