"""Each card's own picture, drawn at the size it is shown so it stays sharp at any scale.

    picture = render_picture(picture_name("ev.recon"), 240)   # a transparent 240x240 square

Most pictures are vector files ``assets/cards/<name>.svg`` drawn by this project (see
assets/cards/README.md for their style) and rasterised by SDL_image through pygame-ce's
``pygame.image.load_sized_svg``; the buildings, the Druzhina, the Militia and the Fire are
painted by code (icons.py).  Which card shows which picture: picture_table.py.
Callers cache what they render (card faces keep one per name and size).
"""
from __future__ import annotations

from pathlib import Path

import pygame

from . import icons, resources
from .picture_table import PAINTED, PICTURES, card_family

__all__ = ["picture_name", "picture_path", "render_picture", "check_pictures", "PictureError",
           "PICTURE_FOLDER"]

PICTURE_FOLDER = "cards"   # under assets/


class PictureError(RuntimeError):
    """A picture file is there but cannot be drawn; the message names the file."""


def picture_name(card_id: str) -> str:
    """The picture of a card; copies of one card share theirs."""
    try:
        return PICTURES[card_family(card_id)]
    except KeyError:
        raise KeyError(f"card {card_id!r} has no picture") from None


def picture_path(name: str) -> Path:
    """The SVG file of a picture that is not painted by code (raises MissingAssetError)."""
    return resources.asset_path(PICTURE_FOLDER, f"{name}.svg")


def render_picture(name: str, size: int) -> pygame.Surface:
    """Picture `name` on a transparent `size` x `size` square, drawn afresh."""
    size = int(size)
    if name in PAINTED:
        # pygame.draw has no anti-aliasing: paint at 2x and smooth-scale down
        big = pygame.Surface((size * 2, size * 2), pygame.SRCALPHA)
        icons.paint(name, big, big.get_rect(), max(2, round(size * 2 * 0.022)))
        return pygame.transform.smoothscale(big, (size, size))
    square = pygame.Surface((size, size), pygame.SRCALPHA)
    image = _load_svg(picture_path(name), size)
    if image.get_size() == (size, size):
        return image
    # a file whose viewBox is not square keeps its aspect: centre it on the square
    # (an exact copy of its pixels: MAX onto transparent black)
    square.blit(image, image.get_rect(center=square.get_rect().center), special_flags=pygame.BLEND_RGBA_MAX)
    return square


def _load_svg(path: Path, size: int) -> pygame.Surface:
    try:
        return pygame.image.load_sized_svg(str(path), (size, size))
    except pygame.error as exc:
        raise PictureError(f"card picture {path.name} cannot be drawn ({exc})") from None


def check_pictures(size: int = 64) -> int:
    """Draw every picture file small and check it shows something; the number of pictures.

    Raises MissingAssetError for a missing file, PictureError for one that draws nothing."""
    for name in sorted(set(PICTURES.values()) - PAINTED):
        path = picture_path(name)
        if _load_svg(path, size).get_bounding_rect().width < size // 4:
            raise PictureError(f"card picture {path.name} draws nothing")
    return len(set(PICTURES.values()))
