"""The characters a TrueType/OpenType font can draw, read from its ``cmap`` table.

A few lines of ``struct`` instead of a font library: pygame's ``Font.metrics`` reports the
".notdef" box for a missing character rather than ``None``, so it cannot tell.
Subtables of format 4 (BMP) and 12 (all planes) cover every font we ship.
"""
from __future__ import annotations

import struct
from functools import cache
from pathlib import Path


def _format4(data: bytes, at: int) -> set[int]:
    seg2 = struct.unpack_from(">H", data, at + 6)[0]
    n = seg2 // 2
    ends = struct.unpack_from(f">{n}H", data, at + 14)
    starts = struct.unpack_from(f">{n}H", data, at + 16 + seg2)
    deltas = struct.unpack_from(f">{n}h", data, at + 16 + 2 * seg2)
    offsets_at = at + 16 + 3 * seg2
    offsets = struct.unpack_from(f">{n}H", data, offsets_at)
    out = set()
    for k in range(n):
        for c in range(starts[k], ends[k] + 1):
            if c == 0xFFFF:
                continue
            if offsets[k] == 0:
                glyph = (c + deltas[k]) & 0xFFFF
            else:
                glyph = struct.unpack_from(">H", data, offsets_at + 2 * k + offsets[k] + 2 * (c - starts[k]))[0]
                glyph = (glyph + deltas[k]) & 0xFFFF if glyph else 0
            if glyph:
                out.add(c)
    return out


def _format12(data: bytes, at: int) -> set[int]:
    groups = struct.unpack_from(">I", data, at + 12)[0]
    out = set()
    for k in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, at + 16 + 12 * k)
        out.update(c for c in range(first, last + 1) if glyph + c - first)
    return out


@cache
def coverage(path: Path) -> frozenset[int]:
    """The code points that font file maps to a real glyph."""
    data = path.read_bytes()
    tables = {}
    for i in range(struct.unpack_from(">H", data, 4)[0]):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = offset
    cmap = tables[b"cmap"]
    out: set[int] = set()
    for i in range(struct.unpack_from(">H", data, cmap + 2)[0]):
        _, _, sub = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        fmt = struct.unpack_from(">H", data, cmap + sub)[0]
        if fmt == 4:
            out |= _format4(data, cmap + sub)
        elif fmt == 12:
            out |= _format12(data, cmap + sub)
    return frozenset(out)
