"""The pygame-gui theme: built-in defaults, overlaid with ``assets/theme.json``, scaled.

The built-in theme styles every element type and every class id the scenes use.
``assets/theme.json`` (read by
:func:`load_theme_file`) is the house style: each block it defines replaces the built-in block
of the same name whole (its prototypes stay intact), and its blocks come first so they can be
prototypes.  The class ids below are this package's and stay built-in unless the file defines
them too.  All font sizes are then multiplied by the UI scale (1.0 at 1600×900).

Object ids used by the scenes (for theme authors):
    @menu_button  big title-font buttons of the main menu
    @primary      the one main action of a screen (Start the game, Save)
    @menu_primary the main action among menu buttons (a @menu_button in @primary's colours)
    @secondary    Back / Cancel
    @icon_button  small square buttons (remove a seat)
    @heading      screen titles (title font)
    @section      section headings inside a panel
    @field_label  labels in front of a field
    @hint         small muted notes
    @value        the value shown beside a slider
    @seat_number  the seat number badge of the setup screen
    @check        check boxes (their font must have "✓")
    @dropup       drop-down menus near the bottom of the window, opening upwards
"""
from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from knjazja.ui import style
from knjazja.ui.art import resources

THEME_FILE = "theme.json"
_PATH_KEYS = ("regular_path", "bold_path", "italic_path", "bold_italic_path")


def _hex(c: tuple[int, ...], alpha: int | None = None) -> str:
    s = "#" + "".join(f"{v:02x}" for v in c[:3])
    return s + (f"{alpha:02x}" if alpha is not None else "")


def _fonts(lang: str) -> dict[str, dict[str, Any]]:
    """Font blocks for the roles: serif body, serif bold, title face (Old-Russian for ru)."""
    title = style.font_file("title", lang)
    body = {"name": "knj_serif", "regular_path": str(style.font_file("body", lang)),
            "bold_path": str(style.font_file("bold", lang))}
    heading = {"name": f"knj_title_{title.stem.lower()}", "regular_path": str(title)}
    return {"body": body, "bold": dict(body, bold="1"), "title": heading}


Font = Callable[[str, int], dict[str, Any]]      # (role, size) -> a pygame-gui font block


def builtin_theme(lang: str = "en") -> dict[str, Any]:
    fonts = _fonts(lang)

    def font(role: str, size: int) -> dict[str, Any]:
        return dict(fonts[role], size=str(size))

    return {**_base_blocks(font), **_label_blocks(font), **_field_blocks(font), **_other_blocks(font)}


P, G, GL, GD = style.PARCHMENT, style.GOLD, style.GOLD_LIGHT, style.GOLD_DARK
wood, wood_dark, crimson = (64, 38, 20), (40, 24, 12), style.CRIMSON
_BUTTONS = {
    "normal_bg": _hex(wood), "hovered_bg": _hex((96, 56, 28)), "active_bg": _hex((120, 36, 24)),
    "selected_bg": _hex((96, 56, 28)), "disabled_bg": _hex((44, 36, 30)),
    "normal_text": _hex(P), "hovered_text": _hex(GL), "active_text": _hex(GL),
    "selected_text": _hex(GL), "disabled_text": _hex((128, 112, 92)),
    "normal_border": _hex(GD), "hovered_border": _hex(GL), "active_border": _hex(GL),
    "selected_border": _hex(G), "disabled_border": _hex((78, 66, 54)),
    "normal_text_shadow": "#00000090", "hovered_text_shadow": "#00000090",
    "disabled_text_shadow": "#00000000", "active_text_shadow": "#00000090",
    "selected_text_shadow": "#00000090",
}
_ROUNDED = {"shape": "rounded_rectangle", "shape_corner_radius": "6", "border_width": "2",
            "shadow_width": "2", "text_horiz_alignment_padding": "12"}
_LABEL = {"dark_bg": "#00000000", "normal_text": _hex(P), "text_shadow": "#000000a0"}
_LEFT = {"text_horiz_alignment": "left"}


def _base_blocks(font: Font) -> dict[str, Any]:
    """The defaults and the buttons."""
    return {
        "defaults": {
            "colours": {
                "normal_bg": _hex(wood), "hovered_bg": _hex((96, 56, 28)), "disabled_bg": _hex((44, 36, 30)),
                "selected_bg": _hex((120, 36, 24)), "active_bg": _hex((120, 36, 24)),
                "dark_bg": _hex(wood_dark), "disabled_dark_bg": _hex((30, 24, 20)),
                "normal_text": _hex(P), "hovered_text": _hex(GL), "disabled_text": _hex((128, 112, 92)),
                "selected_text": _hex(GL), "active_text": _hex(GL),
                "normal_border": _hex(GD), "hovered_border": _hex(GL), "disabled_border": _hex((78, 66, 54)),
                "selected_border": _hex(G), "active_border": _hex(GL),
                "link_text": _hex(GL), "link_hover": _hex(G), "link_selected": _hex(G),
                "text_shadow": "#000000a0", "filled_bar": _hex(G), "unfilled_bar": _hex(wood_dark),
                "text_cursor": _hex(style.INK),
            },
            "font": font("body", 18),
        },
        "button": {"colours": _BUTTONS, "misc": _ROUNDED, "font": font("body", 18)},
        "@menu_button": {"font": font("title", 30),
                         "misc": dict(_ROUNDED, shape_corner_radius="10", border_width="2", shadow_width="4")},
        "@primary": {"font": font("bold", 20),
                     "colours": dict(_BUTTONS, normal_bg=_hex(crimson), hovered_bg=_hex((164, 34, 36)),
                                     active_bg=_hex((96, 14, 20)), normal_border=_hex(G),
                                     hovered_border=_hex(GL), normal_text=_hex(style.CREAM))},
        "@secondary": {"font": font("body", 18)},
        "@icon_button": {"font": font("bold", 18),
                         "misc": dict(_ROUNDED, text_horiz_alignment_padding="0", shadow_width="1")},
    }


def _label_blocks(font: Font) -> dict[str, Any]:
    """Labels: headings, sections, hints, values."""
    return {
        "label": {"colours": _LABEL, "font": font("body", 18),
                  "misc": {"text_horiz_alignment": "left", "text_shadow_size": "0"}},
        "@heading": {"colours": dict(_LABEL, normal_text=_hex(GL)), "font": font("title", 46),
                     "misc": {"text_horiz_alignment": "center"}},
        "@section": {"colours": dict(_LABEL, normal_text=_hex(G)), "font": font("bold", 19), "misc": _LEFT},
        "@field_label": {"colours": _LABEL, "font": font("body", 18), "misc": _LEFT},
        "@hint": {"colours": dict(_LABEL, normal_text=_hex(style.MUTED)), "font": font("body", 15),
                  "misc": _LEFT},
        "@value": {"colours": dict(_LABEL, normal_text=_hex(GL)), "font": font("bold", 18),
                   "misc": {"text_horiz_alignment": "right"}},
        "@seat_number": {"colours": dict(_LABEL, normal_text=_hex(GL)), "font": font("bold", 22),
                         "misc": {"text_horiz_alignment": "center"}},
    }


def _field_blocks(font: Font) -> dict[str, Any]:
    """Text entries, drop-down menus and check boxes."""
    return {
        "text_entry_line": {
            "colours": {"dark_bg": _hex((246, 236, 208)), "normal_text": _hex(style.INK),
                        "selected_bg": _hex((196, 150, 70)), "selected_text": _hex(style.CREAM),
                        "text_cursor": _hex(style.INK), "normal_border": _hex(GD),
                        "focused_border": _hex(G), "disabled_dark_bg": _hex((170, 160, 140)),
                        "disabled_text": _hex((90, 80, 70))},
            "font": font("body", 18),
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "5", "border_width": "2",
                     "shadow_width": "1", "padding": "8,4"},
        },
        "drop_down_menu": {
            "colours": dict(_BUTTONS, dark_bg=_hex(wood_dark)),
            "font": font("body", 18),
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "6", "border_width": "2",
                     "shadow_width": "2", "expand_direction": "down", "open_button_width": "28"},
        },
        "@dropup": {"misc": {"expand_direction": "up"}},
        "drop_down_menu.button": {"colours": _BUTTONS,
                                  "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0",
                                           "text_horiz_alignment": "left",
                                           "text_horiz_alignment_padding": "10"}},
        "drop_down_menu.#expand_button": {"misc": {"text_horiz_alignment": "center",
                                                   "text_horiz_alignment_padding": "0"}},
        "drop_down_menu.#selected_option": {"misc": {"text_horiz_alignment": "left",
                                                     "text_horiz_alignment_padding": "12"}},
        "drop_down_menu.selection_list": {
            "colours": {"dark_bg": _hex(wood_dark), "normal_border": _hex(G)},
            "misc": {"border_width": "2", "shadow_width": "3", "list_item_height": "34"},
        },
        "drop_down_menu.selection_list.button": {
            "colours": dict(_BUTTONS, normal_bg=_hex(wood_dark), hovered_bg=_hex((110, 60, 30))),
            "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0",
                     "text_horiz_alignment": "left", "text_horiz_alignment_padding": "12"},
        },
        "@check": {
            "colours": {"normal_bg": _hex((246, 236, 208)), "hovered_bg": _hex((255, 246, 222)),
                        "selected_bg": _hex((246, 236, 208)), "disabled_bg": _hex((120, 110, 96)),
                        "normal_border": _hex(GD), "hovered_border": _hex(G), "selected_border": _hex(GD),
                        "disabled_border": _hex((78, 66, 54)),
                        "normal_text": _hex(crimson), "hovered_text": _hex(crimson),
                        "selected_text": _hex(crimson), "disabled_text": _hex((80, 70, 60))},
            "font": {"name": "fira_code_symbols", "size": "20"},  # has ✓, the serif has not
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "4", "border_width": "2",
                     "shadow_width": "0", "text_offset": "12", "check_symbol": "✓"},
        },
        "@check.label": {"colours": _LABEL, "font": font("body", 18)},
    }


def _other_blocks(font: Font) -> dict[str, Any]:
    """Sliders, tool tips, text boxes."""
    return {
        "horizontal_slider": {
            "colours": dict(_BUTTONS, dark_bg=_hex((30, 18, 10)), normal_border=_hex(GD)),
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "6", "border_width": "2",
                     "shadow_width": "0", "enable_arrow_buttons": "0", "sliding_button_width": "22"},
        },
        "horizontal_slider.#sliding_button": {
            "colours": dict(_BUTTONS, normal_bg=_hex(G), hovered_bg=_hex(GL), active_bg=_hex(GL),
                            normal_border=_hex(GD)),
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "5", "border_width": "1"},
        },
        "tool_tip": {"colours": {"dark_bg": _hex((24, 14, 8)), "normal_text": _hex(P),
                                 "normal_border": _hex(G)},
                     "font": font("body", 16), "misc": {"border_width": "1", "shadow_width": "2"}},
        "text_box": {"colours": {"dark_bg": "#1a100ad0", "normal_text": _hex(P), "normal_border": _hex(GD)},
                     "font": font("body", 17)},
    }


def _scale_fonts(node: Any, scale: float, in_font: bool = False) -> Any:
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if in_font and key == "size":
                try:
                    value = str(max(8, round(float(value) * scale)))
                except (TypeError, ValueError):
                    pass
            else:
                value = _scale_fonts(value, scale, in_font or key == "font")
            out[key] = value
        return out
    if isinstance(node, list):
        return [_scale_fonts(v, scale, in_font) for v in node]
    return node


def _scale_misc(theme: dict[str, Any], scale: float) -> None:
    """Scale pixel-sized misc values that would look thin on a big window."""
    for block in theme.values():
        misc = block.get("misc") if isinstance(block, dict) else None
        if not isinstance(misc, dict):
            continue
        for key in ("shape_corner_radius", "list_item_height", "sliding_button_width",
                    "open_button_width", "text_offset", "text_horiz_alignment_padding"):
            if key in misc:
                try:
                    misc[key] = str(max(0, round(float(misc[key]) * scale)))
                except (TypeError, ValueError):
                    pass


@lru_cache(maxsize=1)
def _raw_theme_file() -> dict[str, Any]:
    path = resources.asset_path(THEME_FILE)
    try:
        data = json.loads(path.read_text("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise resources.BrokenAssetError(path, f"not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise resources.BrokenAssetError(path, "not a JSON object")
    return data


def load_theme_file() -> dict[str, Any]:
    """``assets/theme.json`` with its font paths made absolute: the JSON names fonts as
    ``assets/fonts/...``, rewritten through :func:`asset_path` so the theme works from any
    directory and from the bundle.  Raises MissingAssetError when a file is absent."""
    theme = copy.deepcopy(_raw_theme_file())
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
                    font[key] = str(resources.asset_path(*parts))
    return theme


def build_theme(scale: float = 1.0, lang: str = "en") -> dict[str, Any]:
    """The theme for a UI scale and language: built-in + assets/theme.json, fonts scaled."""
    theme = dict(load_theme_file())
    for key, block in builtin_theme(lang).items():
        theme.setdefault(key, block)
    # the one main action among menu buttons (the pause menu's "Back to the table"): their
    # title font and shape, the crimson of a primary button
    if "@menu_button" in theme and "@primary" in theme:
        theme.setdefault("@menu_primary", dict(copy.deepcopy(theme["@menu_button"]),
                                               colours=copy.deepcopy(theme["@primary"].get("colours", {}))))
    theme = _scale_fonts(theme, scale)
    _scale_misc(theme, scale)
    return theme
