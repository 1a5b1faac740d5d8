"""Art of Knjaz'ja, all made by this project: card faces, card back, table and icons drawn
with pygame, each card's own picture (hand-drawn SVG under assets/cards, see pictures.py),
plus the shipped fonts (see assets/fonts/README.md).

    from knjazja.ui.art import render_card, render_card_back, render_table_background
    face = render_card("city.kiev", "ru", (300, 420))

Surfaces are cached and shared: copy one before drawing on it.
"""
from __future__ import annotations

from .background import render_table_background
from .card import ZOOM_MIN_WIDTH, card_name_text, corner_value, render_card, render_card_back
from .icons import kind_icon
from .palette import FRAME_COLOURS, STYLES
from .resources import MissingAssetError, asset_path, assets_root, load_font

__all__ = [
    "render_card", "render_card_back", "render_table_background", "kind_icon", "load_font",
    "asset_path", "assets_root", "MissingAssetError", "FRAME_COLOURS", "STYLES",
    "ZOOM_MIN_WIDTH", "card_name_text", "corner_value",
]
