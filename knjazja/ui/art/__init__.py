"""Art of Knjaz'ja, all made by this project: card faces, card back, table and icons drawn
with pygame, each card's own picture (hand-drawn SVG under assets/cards, see pictures.py),
plus the shipped fonts (see assets/fonts/README.md).

    from knjazja.ui.art import render_card, render_card_back, render_table_background
    face = render_card("city.kiev", "ru", (300, 420))

Surfaces are cached and shared: copy one before drawing on it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from knjazja.lazy import lazy_attributes

if TYPE_CHECKING:
    from .background import render_table_background
    from .card import ZOOM_MIN_WIDTH, card_name_text, corner_value, render_card, render_card_back
    from .icons import kind_icon
    from .palette import FRAME_COLOURS, STYLES
    from .resources import MissingAssetError, asset_path, assets_root, load_font

# loaded when first asked for (PEP 562): the main menu, its table and its fan cards kept on
# disk (kept.py), opens without the card painter
_WHERE: dict[str, str] = {name: module for module, names in (
    ("background", "render_table_background"),
    ("card", "ZOOM_MIN_WIDTH card_name_text corner_value render_card render_card_back"),
    ("icons", "kind_icon"),
    ("palette", "FRAME_COLOURS STYLES"),
    ("resources", "MissingAssetError asset_path assets_root load_font"),
) for name in names.split()}

__all__ = [
    "render_card", "render_card_back", "render_table_background", "kind_icon", "load_font",
    "asset_path", "assets_root", "MissingAssetError", "FRAME_COLOURS", "STYLES",
    "ZOOM_MIN_WIDTH", "card_name_text", "corner_value",
]


__getattr__ = lazy_attributes(__name__, globals(), _WHERE)
