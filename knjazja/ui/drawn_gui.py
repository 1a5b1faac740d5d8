"""The recorder's view of pygame-gui: each widget a scene's manager drew, as an ``Ink`` (what
its sprite group blitted: a widget shown in this frame's update is drawn from the next).

A widget's text is measured in the widget's own font against the room its shape leaves
(the rectangle less border, shadow and the theme's horizontal text padding): ``need`` wider
than ``box`` is a text that runs past its button, or is cut by it.  Who drew a widget is the
chain of its containers (a drop-down's option buttons belong to the drop-down), so that a
widget inside another is related to it and two buttons side by side are not.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

# widget class -> the ink kind it is drawn as
_KINDS = {"UIButton": "gui", "UILabel": "gui-text", "UITextEntryLine": "gui", "UIHorizontalSlider": "gui",
          "UICheckBox": "gui", "UIPanel": "gui-panel", "UIWindow": "gui-panel", "UITextBox": "gui-panel",
          "UIScrollingContainer": "gui-box", "UIContainer": "gui-box", "UIDropDownMenu": "gui-box",
          "UISelectionList": "gui-panel", "UIToolTip": "popup", "UIImage": "image",
          "UIVerticalScrollBar": "gui", "UIHorizontalScrollBar": "gui", "UITabContainer": "gui-box"}
_MEASURED = ("UIButton", "UILabel")
MARGIN = 2                       # pixels a button's words keep from its frame


def widget_inks(manager: Any, serial: Callable[[object], int]) -> list:
    from knjazja.ui.drawn import Ink
    root = manager.get_root_container()
    group = manager.get_sprite_group()
    drawn = {id(data) for data in getattr(group, "visible", ())}   # what draw_ui blitted last
    out = []
    for element in group.sprites():
        if element is root or id(getattr(element, "blit_data", None)) not in drawn:
            continue
        name = type(element).__name__
        kind = _KINDS.get(name, "gui")
        rect = pygame.Rect(element.rect)
        if rect.width <= 0 or rect.height <= 0:
            continue
        chain = tuple(serial(e) for e in reversed(_ancestors(element, root)))
        ink = Ink(kind, rect.clip(pygame.Rect((0, 0), manager.window_resolution)), rect, None, chain,
                  f"gui.{name}{_ids(element)}")
        if name in _MEASURED:
            ink.text, ink.need, ink.box = _measure(element, strict=name == "UIButton")
            letters = _letters(element)
            if letters is not None and kind == "gui-text":
                ink.rect = letters.clip(ink.rect)     # a label is its words, not its whole row
        elif name == "UITextEntryLine":          # its words, or the grey hint while empty
            ink.text = element.get_text() or (getattr(element, "placeholder_text", "") or "")
        out.append(ink)
    return out


def _shown(element: Any) -> bool:
    visible = getattr(element, "visible", True)
    if not visible:
        return False
    container = getattr(element, "ui_container", None)
    while container is not None:
        if not getattr(container, "visible", True):
            return False
        parent = getattr(container, "ui_container", None)
        container = parent if parent is not container else None
    return True


def _ancestors(element: Any, root: Any) -> list[Any]:
    """``element`` and what holds it, up to (not including) the root container."""
    chain, seen = [], set()
    e = element
    while e is not None and e is not root and id(e) not in seen:
        seen.add(id(e))
        chain.append(e)
        e = getattr(e, "parent_element", None) or getattr(e, "ui_container", None)
    return chain


def _ids(element: Any) -> str:
    ids = [i for i in getattr(element, "object_ids", None) or [] if i]
    return f"[{ids[-1]}]" if ids else ""


def _letters(element: Any) -> pygame.Rect | None:
    """Where the widget's words are drawn (its text layout's rows), in window pixels."""
    layout = getattr(getattr(element, "drawable_shape", None), "text_box_layout", None)
    rows = [pygame.Rect(r.x, r.y, r.width, r.height) for r in getattr(layout, "layout_rows", []) or []
            if r.width > 0]
    if not rows:
        return None
    return rows[0].unionall(rows[1:]).move(element.rect.topleft)


def _measure(element: Any, strict: bool) -> tuple[str, int, int]:
    """(text, width it needs, width it has) of a button's or label's one line; a button's
    words keep ``MARGIN`` pixels clear of its frame (``strict``: less is touching it), a
    label's may reach its edges."""
    text = getattr(element, "text", "") or ""
    font = getattr(element, "font", None)
    if not text or font is None:
        return text, 0, 0
    border = getattr(element, "border_width", 0)
    if isinstance(border, dict):
        sides = border.get("left", 0) + border.get("right", 0)
    else:
        sides = 2 * int(border or 0)
    if not strict:
        return text, int(font.size(text)[0]), int(element.rect.width)
    shadow = int(getattr(element, "shadow_width", 0) or 0)
    room = element.rect.width - sides - 2 * shadow - 2 * MARGIN
    return text, int(font.size(text)[0]), int(room)
