"""Contact sheets of every screen, for a person to look through: each screen of the drawing
check (``tests/ui/drawn_scenes.py``) at each size and language, with its drawing faults
outlined (red: covered or overlapping, orange: cut or too wide, magenta: off the window).

    .venv/bin/python tests/walk_sheet.py screenshots/walk                    # 5 sizes x ru, en
    .venv/bin/python tests/walk_sheet.py OUT --size 960x540 --lang ru --screen menu --screen setup.remote

Writes ``OUT/<screen>-<W>x<H>-<lang>.png`` (each screen at full size, as drawn) and
``OUT/sheet-<W>x<H>-<lang>.png`` (all of them in a grid, each thumbnail titled with its
screen and the number of faults), and prints every fault.  Not a test (pytest does not
collect it); headless (SDL's dummy driver), as the tests.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("KNJAZJA_PREFETCH", "0")
sys.path[:0] = [str(Path(__file__).parent / "ui"), str(Path(__file__).parents[1])]

import pygame  # noqa: E402

COLOURS = {"covered": (230, 40, 40), "overlap": (230, 40, 40), "crosses": (230, 40, 40),
           "cut": (255, 150, 0), "clipped": (255, 150, 0), "wide": (255, 150, 0), "gui-fit": (255, 150, 0),
           "offscreen": (230, 0, 230)}
THUMB_W = 480


def outline(shot: pygame.Surface, violations) -> pygame.Surface:
    """The screenshot with each fault's rectangles framed in its colour."""
    out = shot.copy()
    for v in violations:
        colour = COLOURS.get(v.check, (255, 255, 255))
        for ink in (v.a, v.b):
            if ink is not None and ink.rect.width > 0:
                pygame.draw.rect(out, colour, ink.rect.inflate(4, 4), width=2)
    return out


def sheet(tiles: list[tuple[str, pygame.Surface, int]], columns: int = 4) -> pygame.Surface:
    """The thumbnails in a grid, each with its title line."""
    from knjazja.ui import style
    font = style.font("bold", 16)
    w0, h0 = tiles[0][1].get_size()
    th = round(THUMB_W * h0 / w0)
    cell_h = th + 26
    rows = (len(tiles) + columns - 1) // columns
    out = pygame.Surface((columns * (THUMB_W + 10) + 10, rows * (cell_h + 10) + 10))
    out.fill((24, 18, 12))
    for i, (name, shot, faults) in enumerate(tiles):
        x, y = 10 + (i % columns) * (THUMB_W + 10), 10 + (i // columns) * (cell_h + 10)
        out.blit(pygame.transform.smoothscale(shot, (THUMB_W, th)), (x, y + 24))
        label = f"{name}  ·  {faults} fault{'s' if faults != 1 else ''}" if faults else name
        out.blit(font.render(label, True, (255, 140, 120) if faults else (230, 210, 170)), (x, y + 2))
    return out


def walk(folder: Path, size: tuple[int, int], lang: str, screens: list[str] | None) -> int:
    import drawsweep
    from knjazja.app.wording import i18n
    os.environ["KNJAZJA_HOME"] = tempfile.mkdtemp(prefix="knjazja-walk-")      # never the player's data
    i18n.set_language(lang)
    with drawsweep.quick_thinking():
        seen = drawsweep.sweep(size, lang, screens, shots=folder)
    tiles = []
    for s in seen:
        shot = pygame.image.load(str(s.shot))
        tiles.append((s.name, outline(shot, s.violations), len(s.violations)))
        pygame.image.save(tiles[-1][1], str(s.shot))
        for v in s.violations:
            print(f"{s.name} {size[0]}x{size[1]} {lang}: {v.describe()}")
    path = folder / f"sheet-{size[0]}x{size[1]}-{lang}.png"
    pygame.image.save(sheet(tiles), str(path))
    print(path)
    return sum(len(s.violations) for s in seen)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--size", action="append", default=[], help="WxH (repeatable; default the five)")
    parser.add_argument("--lang", action="append", default=[], choices=("ru", "en"))
    parser.add_argument("--screen", action="append", default=[], help="a screen of drawn_scenes (repeatable)")
    args = parser.parse_args()
    import drawsweep
    sizes = [tuple(int(v) for v in s.lower().split("x")) for s in args.size] or drawsweep.SIZES
    args.folder.mkdir(parents=True, exist_ok=True)
    from knjazja.ui import drawn
    drawn.start()
    faults = 0
    for lang in args.lang or drawsweep.LANGS:
        for size in sizes:
            faults += walk(args.folder, size, lang, args.screen or None)
    print(f"{faults} drawing faults")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
