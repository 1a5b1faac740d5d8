"""Where the main menu's parts lie: the title, its subtitle and the rule under them at the top,
and the column of buttons on its panel below — never over the subtitle, at any window size.

The header is laid out first from the window's height; the buttons then share what is left
down to the bottom margin, as tall as designed (54 px at 1600×900) where there is room and
shorter where there is not, but never shorter than their words with a margin.  Should even
that not fit, the title is set smaller.  The column is as wide as designed or as its longest
label needs with a margin each side.  Pure geometry on measured text (``menu_layout``).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from knjazja.ui import style

BUTTON_H, BUTTON_GAP, BUTTON_W = 54, 10, 400     # designed at 1600×900
PANEL_PAD_X, PANEL_PAD_Y = 28, 24                # the panel's rim around the column
LABEL_MARGIN_X, LABEL_MARGIN_Y = 24, 3           # a label's least room inside its button, each side
TITLE_SHARES = (0.16, 0.14, 0.12, 0.10)          # title sizes tried, as shares of the height


@dataclass(frozen=True)
class MenuLayout:
    title_font: pygame.font.Font
    title_rect: Rect           # the title as blitted (with its outline and shadow)
    title_ink: Rect            # the letters in it (the subtitle sits close under them)
    subtitle_font: pygame.font.Font
    subtitle_rect: Rect
    divider: Rect              # the ornamental rule under the subtitle, all it covers
    divider_width: int         # its width as ``style.draw_divider`` takes it
    column: Rect               # the buttons, one under the other
    button_h: int
    gap: int
    panel: Rect                # drawn behind the column


def text_rect(text: str, font: pygame.font.Font, center: tuple[int, int]) -> Rect:
    """The rect ``style.blit_text`` fills with ``text`` centred at ``center``."""
    off = max(1, font.get_height() // 24)
    w, h = font.size(text)
    r = Rect(0, 0, w + off + 2, h + off + 2)
    r.center = center
    return r


def divider_rect(center: tuple[int, int], width: int, thickness: int) -> Rect:
    """What ``style.draw_divider`` covers."""
    r = max(4, thickness * 3)
    out = Rect(0, 0, width + r + 2, 2 * r + 2)
    out.center = center
    return out


def _header(size: tuple[int, int], share: float, title: str, subtitle: str,
            px) -> tuple[pygame.font.Font, Rect, Rect, pygame.font.Font, Rect, Rect]:
    w, h = size
    # the title is the Russian name in every language: always the Old-Russian face
    title_font = style.fit_font("title", title, int(w * 0.8), round(h * share), lang="ru")
    title_r = text_rect(title, title_font, (w // 2, round(h * (0.04 + share))))
    ink = title_font.render(title, True, (0, 0, 0)).get_bounding_rect().move(title_r.left + 1, title_r.top + 1)
    ink_bottom = ink.bottom
    sub_font = style.fit_font("body", subtitle, int(w * 0.8), round(h * 0.034))
    sub_h = sub_font.size(subtitle)[1]
    sub_r = text_rect(subtitle, sub_font, (w // 2, ink_bottom + round(h * 0.02) + sub_h // 2))
    divider = divider_rect((w // 2, sub_r.bottom + round(h * 0.025)),
                           max(px(360), sub_r.width + px(60)), max(1, px(2)))
    return title_font, title_r, ink, sub_font, sub_r, divider


def menu_layout(size: tuple[int, int], scale: float, n_buttons: int, label: tuple[int, int],
                title: str, subtitle: str) -> MenuLayout:
    """The menu for a window of ``size`` at UI ``scale``; ``label`` is the (width, height) of
    the longest button label in the buttons' font."""
    w, h = size

    def px(v: float) -> int:
        return max(1, round(v * scale))

    least_h = label[1] + 2 * px(LABEL_MARGIN_Y)
    for share in TITLE_SHARES:
        title_font, title_r, ink, sub_font, sub_r, divider = _header(size, share, title, subtitle, px)
        top = divider.bottom + px(12) + px(PANEL_PAD_Y)
        bottom = h - px(10) - px(PANEL_PAD_Y)
        designed = n_buttons * BUTTON_H + (n_buttons - 1) * BUTTON_GAP
        k = min(scale, (bottom - top) / designed)
        bh, gap = int(BUTTON_H * k), max(2, int(BUTTON_GAP * k))
        if bh < least_h:
            bh = least_h
            gap = max(2, min(gap, ((bottom - top) - n_buttons * bh) // max(1, n_buttons - 1)))
        if n_buttons * bh + (n_buttons - 1) * gap <= bottom - top:
            break
    bw = max(px(BUTTON_W), label[0] + 2 * px(LABEL_MARGIN_X))
    column_h = n_buttons * bh + (n_buttons - 1) * gap
    # the column hangs under the rule, centred in the room left (the last title tried may
    # still leave too little: then it keeps to the rule and runs to the bottom margin)
    room = max(0, (bottom - top) - column_h)
    column = Rect((w - bw) // 2, top + room // 3, bw, column_h)
    panel = column.inflate(2 * px(PANEL_PAD_X), 2 * px(PANEL_PAD_Y))
    return MenuLayout(title_font, title_r, ink, sub_font, sub_r, divider, max(px(360), sub_r.width + px(60)),
                      column, bh, gap, panel)
