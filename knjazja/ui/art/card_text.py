"""What a card face says: its name and text in a language, the number in its corner, and
the word-wrapping that fits text into a box at the largest size that fits."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from knjazja.app.i18n import card_name, card_text, tr
from knjazja.engine import cards as _cards

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
    if kind == _cards.CITY:
        return Corner(str(spec.glory), "glory")
    if kind == _cards.TROOP:
        if sid == "troop.militia":
            return Corner(tr("card.corner.militia", lang=lang), "strength")
        return Corner(str(spec.strength), "strength")
    if kind == _cards.BUILDING:
        if spec.is_wall:
            return Corner(str(spec.strength), "strength")
        if sid == "wall.moat":
            return Corner(f"+{spec.strength}", "strength")
        if sid == "bld.throne":
            return Corner("×3", "glory")
        if sid == "bld.sloboda":
            return Corner("×2", "glory")
        if sid == "bld.golden_gate":
            return Corner(tr("card.corner.walls", lang=lang), "glory")
        if spec.glory:
            return Corner(f"+{spec.glory}", "glory")
        return None
    if kind == _cards.CHRONICLE:
        if sid == "chr.byzantium":
            return Corner(tr("card.corner.walls", lang=lang), "glory")
        if spec.glory > 0:
            return Corner(f"+{spec.glory}", "glory")
        if spec.glory < 0:
            return Corner(f"−{-spec.glory}", "glory_neg")
    return None


# ----------------------------------------------------------------------- text helpers
def wrap_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap; paragraphs split on newlines; lines break at ordinary spaces only
    (never at a no-break space); over-long words are cut."""
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
                head = _cut_word(w, font, width)
                lines.append(head if head.endswith("-") else head + "-")
                w = w[len(head):]
            cur = w
        lines.append(cur)
    return lines


def _cut_word(word: str, font: pygame.font.Font, width: int) -> str:
    """The longest head of an over-long word that fits `width` with its hyphen: after one of
    the word's own hyphens when one fits ("Советник-|отравитель"), else anywhere."""
    for i in range(len(word) - 1, 0, -1):
        if word[i - 1] == "-" and font.size(word[:i])[0] <= width:
            return word[:i]
    cut = len(word) - 1
    while cut > 1 and font.size(word[:cut] + "-")[0] > width:
        cut -= 1
    return word[:cut]


def fit_lines(text: str, role: str, width: int, height: int, max_size: int, min_size: int,
               max_lines: int = 99, spacing: float = 0.98,
               lang: str | None = None) -> tuple[pygame.font.Font, list[str], int]:
    """Largest font size (max..min) at which `text` wraps into the box; returns font, lines, line height."""
    size = max_size
    while True:
        font = load_font(role, size, lang)
        lines = wrap_text(text, font, width)
        lh = max(1, int(font.get_linesize() * spacing))
        if (len(lines) <= max_lines and len(lines) * lh <= height) or size <= min_size:
            break
        size -= 1
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

