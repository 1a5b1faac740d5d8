"""Where the prompt banner's words go: always the whole instruction, never under a button.

The banner holds one instruction ("Your war for Kiev: click a troop to attack, or End
war") and, at its right end, the Hint or Skip button sized to its own label.  The text gets
the rest of the banner: one line at full size if it fits, else two (or, at the smallest
size, three) lines, shrinking down to a readable minimum.  Should even that not hold it, the
banner grows upwards rather than cut a word.  Pure geometry on measured text: the clipping
test renders every prompt through ``fit_banner`` at every window size.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
from pygame import Rect

Measure = Callable[[str, int], tuple[int, int]]     # (text, font size) -> (width, line height)


@dataclass(frozen=True)
class BannerFit:
    box: Rect                 # the banner as drawn (taller than its layout rect if it had to grow)
    size: int                 # font size of the lines
    lines: tuple[str, ...]
    rects: tuple[Rect, ...]   # one per line, where it is drawn
    text_area: Rect           # what the lines may use (left of the button)


def button_rect(prompt: Rect, label_widths: list[int], pad: int) -> Rect:
    """The Hint/Skip button at the banner's right end, as wide as its longest label."""
    h = max(20, prompt.height - 12)
    w = max(label_widths, default=0) + 2 * pad
    r = Rect(0, 0, min(w, prompt.width // 3), h)
    r.midright = (prompt.right - 8, prompt.centery)
    return r


def wrap_words(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """Greedy wrap at ordinary spaces (a no-break space holds its words together)."""
    lines: list[str] = []
    cur = ""
    for word in (w for w in text.split(" ") if w):
        trial = f"{cur} {word}" if cur else word
        if cur and measure(trial) > width:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


ONE_LINE_SHRINK = 0.8    # one line is worth shrinking the words this far before wrapping


def width_in(font: pygame.font.Font) -> Callable[[str], int]:
    """A text's width in ``font`` (what ``balanced`` measures with)."""
    return lambda text: font.size(text)[0]


def width_at(measure: Measure, size: int) -> Callable[[str], int]:
    """A text's width at font ``size`` by ``measure``."""
    return lambda text: measure(text, size)[0]


def balanced(text: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """As few lines as a greedy wrap at ``width`` makes, but of even lengths (no lone word
    on the last line): the narrowest width that still gives that many lines."""
    lines = wrap_words(text, width, measure)
    if len(lines) < 2:
        return lines
    lo, hi = max(measure(w) for w in text.split(" ") if w), width
    while lo < hi:
        mid = (lo + hi) // 2
        if len(wrap_words(text, mid, measure)) <= len(lines):
            hi = mid
        else:
            lo = mid + 1
    return wrap_words(text, lo, measure)


def fit_banner(text: str, rect: Rect, measure: Measure, *, max_size: int, min_size: int,
               reserve: Rect | None = None, pad: int = 8) -> BannerFit:
    """Lay ``text`` out in the banner ``rect``, clear of the button ``reserve``."""
    right = (reserve.left - pad) if reserve is not None else rect.right - pad
    area = Rect(rect.left + 2 * pad, rect.top + 4, max(10, right - rect.left - 2 * pad), rect.height - 8)
    chosen: tuple[int, list[str], int] | None = None
    top = max(max_size, min_size)
    one_line_floor = max(min_size, round(top * ONE_LINE_SHRINK))
    passes = [(range(top, one_line_floor - 1, -1), 1), (range(top, min_size - 1, -1), 99)]
    for sizes, most in passes:
        for size in sizes:
            lines = balanced(text, area.width, width_at(measure, size))
            lh = measure("Ag", size)[1]
            fits = all(measure(line, size)[0] <= area.width for line in lines)
            if fits and len(lines) <= most and len(lines) * lh <= area.height:
                chosen = (size, lines, lh)
                break
        if chosen is not None:
            break
    box = Rect(rect)
    if chosen is None:                       # grow upwards: every word stays readable
        size = min_size
        lines = balanced(text, area.width, lambda s: measure(s, size)[0])
        lh = measure("Ag", size)[1]
        grow = len(lines) * lh - area.height
        box = Rect(rect.left, rect.top - grow, rect.width, rect.height + grow)
        area = Rect(area.left, area.top - grow, area.width, area.height + grow)
        chosen = (size, lines, lh)
    size, lines, lh = chosen
    top = area.centery - len(lines) * lh // 2
    rects = []
    for i, line in enumerate(lines):
        w = measure(line, size)[0]
        r = Rect(0, top + i * lh, w, lh)
        r.centerx = area.centerx
        rects.append(r)
    return BannerFit(box, size, tuple(lines), tuple(rects), area)


def font_measure(role: str, font: Callable[[str, int], pygame.font.Font]) -> Measure:
    """A ``Measure`` from the game's fonts (``font(role, size)``)."""
    def measure(text: str, size: int) -> tuple[int, int]:
        f = font(role, size)
        return f.size(text)[0], f.get_linesize()
    return measure
