"""What a card face says: its name and text in a language, the number in its corner, and
the word-wrapping that fits text into a box at the largest size that fits."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from knjazja.app.wording.i18n import card_name, card_text, tr
from knjazja.engine import cards as _cards
from knjazja.engine.kinds import CardKind

from .hyphen import break_points
from .palette import Colour
from .resources import load_font

LANGS = ("ru", "en")

__all__ = ["LANGS", "Corner", "card_name_text", "corner_value", "check_lang",
           "wrap_text", "fit_lines", "blit_lines"]


def check_lang(lang: str) -> None:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (use 'ru' or 'en')")


def card_name_text(card_id: str, lang: str) -> tuple[str, str]:
    """(name, text) of a card as printed, typeset (from the catalogue's data files)."""
    check_lang(lang)
    return card_name(card_id, lang), card_text(card_id, lang)


@dataclass(frozen=True)
class Corner:
    text: str
    shape: str   # "glory", "glory_neg" or "strength"


def corner_value(spec: _cards.CardSpec, lang: str) -> Corner | None:
    """The number shown in the corner of a card, or None (events, most chronicles)."""
    sid, kind = spec.id, spec.kind
    if kind == CardKind.CITY:
        return Corner(str(spec.glory), "glory")
    if kind == CardKind.TROOP:
        if sid == "troop.militia":
            return Corner(tr("card.corner.militia", lang=lang), "strength")
        return Corner(str(spec.strength), "strength")
    if kind == CardKind.BUILDING:
        if spec.is_wall:
            return Corner(str(spec.strength), "strength")
        if sid == "wall.moat":
            return Corner(f"+{spec.strength}", "strength")
        if spec.city_times != 1:          # the Throne: the catalogue's factor
            return Corner(f"×{spec.city_times}", "glory")
        if spec.base_times != 1:          # the Craftsmen's Quarter
            return Corner(f"×{spec.base_times}", "glory")
        if spec.adds_walls:               # the Golden Gate
            return Corner(tr("card.corner.walls", lang=lang), "glory")
        if spec.glory:
            return Corner(f"+{spec.glory}", "glory")
        return None
    if kind == CardKind.CHRONICLE:
        if spec.scores_troop:             # Byzantine Aid
            return Corner(tr("card.corner.walls", lang=lang), "glory")
        if spec.glory > 0:
            return Corner(f"+{spec.glory}", "glory")
        if spec.glory < 0:
            return Corner(f"−{-spec.glory}", "glory_neg")
    return None


# ----------------------------------------------------------------------- text helpers
class NoBreak(Exception):
    """A word is wider than the line and has no syllable break that fits."""


def wrap_text(text: str, font: pygame.font.Font, width: int, lang: str | None = None, *,
              breaks: bool = True, cut: bool = True) -> list[str]:
    """Greedy word wrap; paragraphs split on newlines.  A word wider than the line breaks
    at a syllable boundary (``hyphen.break_points``) with ``breaks``; failing that it is cut
    anywhere with ``cut``, else ``NoBreak`` is raised (the caller shrinks the text).  Lines
    break at ordinary spaces only (never at a no-break space)."""
    lines: list[str] = []
    for para in text.split("\n"):
        words = [w for w in para.split(" ") if w]
        if not words:
            lines.append("")
            continue
        cur = ""
        for w in words:
            trial = f"{cur} {w}" if cur else w
            if font.size(trial)[0] <= width:
                cur = trial
                continue
            if cur:
                lines.append(cur)
            while font.size(w)[0] > width and len(w) > 1:
                head = _cut_word(w, font, width, lang if breaks else None, cut)
                lines.append(head if head.endswith("-") else head + "-")
                w = w[len(head):]
            cur = w
        lines.append(cur)
    return lines


def _cut_word(word: str, font: pygame.font.Font, width: int, lang: str | None, cut: bool) -> str:
    """The longest head of an over-long word that fits ``width`` with its hyphen: at one of
    its own hyphens or syllable boundaries ("Советник-|отравитель", «Тмута-|ракань»), or —
    only with ``cut`` — anywhere."""
    points = break_points(word, lang) if lang is not None else tuple(
        i + 1 for i, ch in enumerate(word[:-1]) if ch == "-")
    for i in reversed(points):
        head = word[:i]
        if font.size(head if head.endswith("-") else head + "-")[0] <= width:
            return head
    if not cut:
        raise NoBreak(word)
    n = len(word) - 1
    while n > 1 and font.size(word[:n] + "-")[0] > width:
        n -= 1
    return word[:n]


def _wrapped(text: str, font: pygame.font.Font, width: int, lang: str | None, breaks: bool) -> list[str] | None:
    try:
        return wrap_text(text, font, width, lang, breaks=breaks, cut=False)
    except NoBreak:
        return None


CLEAN_SHRINK = 0.8     # a title shrinks this far before a word of it is hyphenated


def fit_lines(text: str, role: str, width: int, height: int, max_size: int, min_size: int,
              max_lines: int = 99, spacing: float = 0.98,
              lang: str | None = None) -> tuple[pygame.font.Font, list[str], int]:
    """Largest font size (max..min) at which `text` wraps into the box; returns font, lines,
    line height.  Whole words are preferred down to ``CLEAN_SHRINK`` of the size, then words
    break at syllables; only at the smallest size is a word cut anywhere (and the text
    truncated)."""
    def fits(lines: list[str] | None, lh: int) -> bool:
        return lines is not None and len(lines) <= max_lines and len(lines) * lh <= height

    floor = max(min_size, round(max_size * CLEAN_SHRINK))
    passes = [(range(max_size, floor - 1, -1), False), (range(max_size, min_size - 1, -1), True)]
    for sizes, breaks in passes:
        for size in sizes:
            font = load_font(role, size, lang)
            lh = max(1, int(font.get_linesize() * spacing))
            lines = _wrapped(text, font, width, lang or "en", breaks)
            if lines is not None and fits(lines, lh):
                return font, lines, lh
    font = load_font(role, min_size, lang)
    lh = max(1, int(font.get_linesize() * spacing))
    lines = wrap_text(text, font, width, lang)
    if len(lines) * lh > height or len(lines) > max_lines:       # still too long: truncate
        keep = max(1, min(max_lines, height // lh))
        lines = lines[:keep]
        last = lines[-1]
        while last and font.size(last + "…")[0] > width:
            last = last[:-1]
        lines[-1] = last.rstrip() + "…"
    return font, lines, lh


def blit_lines(dst: pygame.Surface, font: pygame.font.Font, lines: list[str], lh: int,
                box: pygame.Rect, colour: Colour, shadow: Colour | None = None,
                valign: str = "center") -> None:
    total = lh * len(lines)
    y = box.y + (box.h - total) // 2 if valign == "center" else box.y
    for line in lines:
        img = font.render(line, True, colour)
        x = box.x + (box.w - img.get_width()) // 2
        # centre the glyphs, not the line box: Noto's line gap sits below
        yy = y + (lh - font.get_height()) // 2
        if shadow is not None:
            sh = font.render(line, True, shadow)
            dst.blit(sh, (x + 1, yy + 1))
        dst.blit(img, (x, yy))
        y += lh

