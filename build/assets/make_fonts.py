"""Add the few glyphs our strings need to the shipped Noto Serif (a one-off tool, not run by
the game or the tests).

Debian's Noto Serif 2.004 has no MINUS SIGN (U+2212) and no arrows, yet the rules, card texts
and log write "−4 Славы" and "→".  This script adds to ``assets/fonts/NotoSerif-Regular.ttf``
and ``NotoSerif-Bold.ttf``:

- U+2212 MINUS SIGN, drawn from the font's own plus sign (its horizontal bar, same advance),
  so it lines up with "+" and "×";
- U+2190..U+2193 arrows, taken from Noto Sans Symbols (same family, same 1000-unit em) of the
  same weight, scaled to 80 % and centred on the plus sign's bar.

Both fonts are under the SIL Open Font License 1.1 without Reserved Font Names, so the result
is a Modified Version that may keep its name; the version string says it was modified.
Running it again changes nothing (glyphs already present are skipped).

Usage (needs fontTools, which the game itself does not):
    pip install fonttools
    python build/assets/make_fonts.py /usr/share/fonts/truetype/noto   # Debian's fonts-noto-core
"""
from __future__ import annotations

import sys
from pathlib import Path

from fontTools.pens.recordingPen import DecomposingRecordingPen
from fontTools.pens.transformPen import TransformPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont

FONTS = Path(__file__).resolve().parents[2] / "assets" / "fonts"
ARROWS = {0x2190: "arrowleft", 0x2191: "arrowup", 0x2192: "arrowright", 0x2193: "arrowdown"}
ARROW_SCALE = 0.8
NOTE = "; modified for Knjaz'ja: added U+2212 and U+2190-2193"


def _add_glyph(font: TTFont, name: str, codepoint: int, glyph, width: int) -> None:
    order = font.getGlyphOrder()
    font.setGlyphOrder(order + [name])
    font["glyf"][name] = glyph
    font["hmtx"][name] = (width, glyph.xMin if hasattr(glyph, "xMin") else 0)
    for table in font["cmap"].tables:
        if table.isUnicode():
            table.cmap[codepoint] = name


def _plus_bar(font: TTFont) -> tuple[int, int, int, int, int]:
    """(xMin, yBottom, xMax, yTop, advance) of the plus sign's horizontal bar."""
    glyf = font["glyf"]
    plus = glyf["plus"]
    coords = plus.getCoordinates(glyf)[0]
    ys = sorted({y for _, y in coords})
    # a plus is one 12-point contour: ymin, bar bottom, bar top, ymax
    bottom, top = ys[1], ys[-2]
    return plus.xMin, bottom, plus.xMax, top, font["hmtx"]["plus"][0]


def add_minus(font: TTFont) -> None:
    if 0x2212 in font.getBestCmap():
        return
    x0, y0, x1, y1, adv = _plus_bar(font)
    pen = TTGlyphPen(None)
    pen.moveTo((x0, y0))
    pen.lineTo((x0, y1))
    pen.lineTo((x1, y1))
    pen.lineTo((x1, y0))
    pen.closePath()
    glyph = pen.glyph()
    glyph.recalcBounds(font["glyf"])
    _add_glyph(font, "uni2212", 0x2212, glyph, adv)


def add_arrows(font: TTFont, source: TTFont) -> None:
    x0, y0, x1, y1, _ = _plus_bar(font)
    axis = (y0 + y1) / 2
    src_glyphs = source.getGlyphSet()
    src_cmap = source.getBestCmap()
    for cp, name in ARROWS.items():
        if cp in font.getBestCmap():
            continue
        src = src_glyphs[src_cmap[cp]]
        rec = DecomposingRecordingPen(src_glyphs)
        src.draw(rec)
        sglyf = source["glyf"][src_cmap[cp]]
        s_axis = (sglyf.yMin + sglyf.yMax) / 2
        width = round(source["hmtx"][src_cmap[cp]][0] * ARROW_SCALE)
        pen = TTGlyphPen(None)
        rec.replay(TransformPen(pen, (ARROW_SCALE, 0, 0, ARROW_SCALE, 0, axis - s_axis * ARROW_SCALE)))
        glyph = pen.glyph()
        glyph.recalcBounds(font["glyf"])
        _add_glyph(font, name, cp, glyph, width)


def patch(target: Path, symbols: Path) -> None:
    font = TTFont(target)
    before = len(font.getGlyphOrder())
    add_minus(font)
    add_arrows(font, TTFont(symbols))
    if len(font.getGlyphOrder()) == before:
        print(f"{target.name}: nothing to add")
        return
    name = font["name"]
    for rec in name.names:
        if rec.nameID == 5 and NOTE not in rec.toUnicode():
            name.setName(rec.toUnicode() + NOTE, 5, rec.platformID, rec.platEncID, rec.langID)
    if "DSIG" in font:          # the old signature no longer matches
        del font["DSIG"]
    font.save(target)
    print(f"{target.name}: {before} -> {len(font.getGlyphOrder())} glyphs")


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[-1].strip())
        return 2
    noto = Path(argv[0])
    patch(FONTS / "NotoSerif-Regular.ttf", noto / "NotoSansSymbols-Regular.ttf")
    patch(FONTS / "NotoSerif-Bold.ttf", noto / "NotoSansSymbols-Bold.ttf")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
