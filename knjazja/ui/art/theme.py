"""The pygame-gui theme (assets/theme.json) with its font paths made absolute.

The JSON names fonts as ``assets/fonts/...`` (what pygame-gui resolves against the
working directory or the PyInstaller bundle); :func:`theme_dict` rewrites them with
:func:`asset_path`, so ``UIManager(size, theme_dict())`` works from any directory.
"""
from __future__ import annotations

import copy
import json
from functools import lru_cache

from .resources import asset_path

THEME_FILE = "theme.json"
_PATH_KEYS = ("regular_path", "bold_path", "italic_path", "bold_italic_path")


@lru_cache(maxsize=1)
def _raw() -> dict:
    return json.loads(asset_path(THEME_FILE).read_text("utf-8"))


def theme_dict() -> dict:
    """A fresh copy of the theme with absolute font paths (raises MissingAssetError)."""
    theme = copy.deepcopy(_raw())
    for block in theme.values():
        if not isinstance(block, dict):
            continue
        fonts = block.get("font")
        for font in fonts if isinstance(fonts, list) else [fonts]:
            if not isinstance(font, dict):
                continue
            for key in _PATH_KEYS:
                val = font.get(key)
                if isinstance(val, str):
                    parts = val.replace("\\", "/").split("/")
                    if parts and parts[0] == "assets":
                        parts = parts[1:]
                    font[key] = str(asset_path(*parts))
    return theme
