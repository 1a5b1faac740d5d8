"""pygame-gui, kept lean: each state of a widget keeps one picture, not three; a manager's
sheet of cached shapes is a quarter of its default size.

pygame-gui draws every state of a widget (normal, hovered, selected, disabled...) once and
keeps, for each, the finished picture *and* two more of its size: the picture before its
text and the text alone.  Only a text entry uses those two (its text changes as the player
types, over an unchanged background: ``apply_active_text_changes``); a button redraws the
whole state when its label changes.  So for every shape whose text cannot be edited the two
extra pictures are let go as soon as the state is finished.  At 1920×1080 that was 12 of the
main menu's ~100 MB (nine buttons of ~1.6 MB each) and as much again at the table.
"""
from __future__ import annotations

import warnings
from typing import Any

_installed = False

# pygame-gui packs the shapes it caches into sheets of 1024×1024 (4 MB each, one made with
# every manager).  Ours use ~170,000 pixels at 1920×1080 (the table's 24 shapes; the menu's 5
# take 140,000), a 512×512 sheet's 262,144; it adds sheets (up to 3) when one is full.
SHEET_SIDE = 512


def install() -> None:
    """Patch pygame-gui's ``DrawableShape.finalise_text`` (once; idempotent)."""
    global _installed
    if _installed:
        return
    from pygame_gui.core.drawable_shapes.drawable_shape import DrawableShape

    finalise_text = DrawableShape.finalise_text

    def finalise_text_lean(self: Any, state_str: str, *args: Any, **kwargs: Any) -> None:
        finalise_text(self, state_str, *args, **kwargs)
        if not getattr(self, "editable_text", True):
            state = self.states[state_str]
            state.pre_text_surface = None      # only apply_active_text_changes reads them,
            state.text_surface = None          # and it skips a state without them

    DrawableShape.finalise_text = finalise_text_lean  # type: ignore[method-assign]
    _installed = True


def small_shape_sheet(manager: Any, window: tuple[int, int]) -> None:
    """Give a new ``manager`` a shape cache sheet of ``SHEET_SIDE`` (twice that above 2048
    pixels wide: a shape wider than the sheet is not cached, with a warning)."""
    import pygame

    # a shape wider or taller than the sheet is drawn as it is, not cached: nothing to warn of
    warnings.filterwarnings("ignore", message="Unable to cache surfaces larger than", category=UserWarning)
    cache = manager.ui_theme.shape_cache
    side = SHEET_SIDE if max(window) <= 2048 else 2 * SHEET_SIDE
    if cache.cache_surface_size[0] <= side or cache.cache_long_term_lookup or cache.cache_short_term_lookup:
        return
    sheet = pygame.Surface((side, side), flags=pygame.SRCALPHA, depth=32)
    sheet.fill((0, 0, 0, 0))
    cache.cache_surface_size = (side, side)
    cache.cache_surfaces = [{"surface": sheet, "free_space_rectangles": [pygame.Rect(0, 0, side, side)]}]
