"""Contact sheets of every card face: look at all 68 faces at once, in both languages.

    .venv/bin/python tests/contact_sheet.py screenshots/sheets              # 150x210 and 90x126
    .venv/bin/python tests/contact_sheet.py screenshots/sheets --size 60x84 --size 300x420

Not a test (pytest does not collect it): a developer's tool for judging the card pictures
(issue 16).  Writes ``faces_<lang>_<w>x<h>.png`` per language and size.
"""
from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from knjazja.engine import cards  # noqa: E402
from knjazja.ui.art import render_card  # noqa: E402

BACKGROUND = (34, 48, 38)


def contact_sheet(lang: str, size: tuple[int, int], columns: int) -> pygame.Surface:
    """Every distinct card id (68) at `size`, in rows of `columns`."""
    w, h = size
    ids = [spec.id for spec in cards.SPECS]
    gap = max(4, w // 15)
    rows = (len(ids) + columns - 1) // columns
    sheet = pygame.Surface((columns * (w + gap) + gap, rows * (h + gap) + gap))
    sheet.fill(BACKGROUND)
    for i, card_id in enumerate(ids):
        x = gap + (i % columns) * (w + gap)
        y = gap + (i // columns) * (h + gap)
        sheet.blit(render_card(card_id, lang, size), (x, y))
    return sheet


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--size", action="append", default=[], help="WxH (repeatable)")
    parser.add_argument("--lang", action="append", default=[], choices=("ru", "en"))
    args = parser.parse_args()
    sizes = [tuple(int(v) for v in s.lower().split("x")) for s in args.size] or [(150, 210), (90, 126)]
    pygame.display.init()
    pygame.font.init()
    args.folder.mkdir(parents=True, exist_ok=True)
    for lang in args.lang or ["ru", "en"]:
        for w, h in sizes:
            columns = 10 if w >= 120 else (12 if w >= 80 else 17)
            path = args.folder / f"faces_{lang}_{w}x{h}.png"
            pygame.image.save(contact_sheet(lang, (w, h), columns), str(path))
            print(path)


if __name__ == "__main__":
    main()
