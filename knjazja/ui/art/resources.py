"""Where the game's files live, and the fonts.

Every file under ``assets/`` is found through :func:`asset_path`, so the same code
works from a PyInstaller bundle (``sys._MEIPASS/assets``; the spec copies ``assets`` there),
an installed wheel (``knjazja/assets`` inside the package, found through
``importlib.resources``; ``setup.py`` puts it there) and a source checkout or editable
install (``<repo>/assets``). ``KNJAZJA_ASSETS`` overrides the folder (tests, packagers).
"""
from __future__ import annotations

import importlib.resources
import os
import sys
from pathlib import Path

import pygame
from knjazja.ui.caches import sized_lru

__all__ = ["MissingAssetError", "BrokenAssetError", "assets_root", "asset_path", "load_font", "title_scale",
           "FONT_FILES", "ICON_FILE"]


class MissingAssetError(FileNotFoundError):
    """A file the game ships with is not where it should be."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = str(path)
        super().__init__(
            f"missing game file: {self.path} "
            "(the installation is incomplete: reinstall, or run from a full source checkout)"
        )


class BrokenAssetError(ValueError):
    """A file the game ships with is there but cannot be used."""

    def __init__(self, path: str | os.PathLike, reason: str) -> None:
        self.path = str(path)
        super().__init__(f"damaged game file {self.path}: {reason} (reinstall the game)")


def assets_root() -> Path:
    """The ``assets`` folder: $KNJAZJA_ASSETS, the PyInstaller bundle, the installed package
    (``knjazja/assets``), or the checkout (``<repo>/assets``)."""
    env = os.environ.get("KNJAZJA_ASSETS")
    if env:
        return Path(env)
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "assets"
    installed = importlib.resources.files("knjazja") / "assets"
    if isinstance(installed, Path) and installed.is_dir():
        return installed
    # knjazja/ui/art/resources.py -> parents[3] is the checkout root
    return Path(__file__).resolve().parents[3] / "assets"


def asset_path(*parts: str) -> Path:
    """The path of one shipped file, e.g. ``asset_path("fonts", "NotoSerif-Regular.ttf")``.

    Raises :class:`MissingAssetError` (a ``FileNotFoundError``) when it is absent.
    """
    path = assets_root().joinpath(*parts)
    if not path.exists():
        raise MissingAssetError(path)
    return path


ICON_FILE = "icon.png"          # the window's icon (and the builds')

# role -> file under assets/fonts (see assets/fonts/README.md)
FONT_FILES: dict[str, str] = {
    "title": "TriodPostnaja.ttf",      # Old-Russian ustav style: titles and card names (Cyrillic)
    "title_latin": "OldStandard-Bold.ttf",  # old-book serif: titles in English (Triod's Latin is uncial)
    "body": "NotoSerif-Regular.ttf",   # card text, UI text
    "bold": "NotoSerif-Bold.ttf",      # big numbers, labels
}


def font_role(role: str, lang: str | None = None) -> str:
    """The font role actually used: each language names its title face in its strings
    ("font.title_face": Triod Postnaja for Russian, Old Standard for English)."""
    if role == "title" and lang is not None:
        from knjazja.app.wording.i18n import tr
        return tr("font.title_face", lang=lang)
    return role


# faces whose letters run larger than Triod Postnaja's at the same pixel size
_TITLE_SCALE = {"title_latin": 0.88}


def title_scale(lang: str | None = None) -> float:
    """How much smaller to set card names in the title face of ``lang`` (Old Standard is
    larger on the body than Triod)."""
    return _TITLE_SCALE.get(font_role("title", lang), 1.0)


def load_font(role: str, size: int, lang: str | None = None) -> pygame.font.Font:
    """A font of one role ("title", "body" or "bold") at a pixel size, cached.

    With ``lang`` other than "ru", "title" gives the Latin title face (Old Standard),
    whose Latin letters read better than Triod Postnaja's uncial ones.
    """
    return _load_font(font_role(role, lang), max(4, int(size)))


# 32 fonts (~3 MB): a whole 8-seat game at 1920×1080 loaded 269 (0.06 ms each) where 64
# fonts (~6 MB) loaded 68 — the texts drawn with them are cached on the table.
@sized_lru(32)
def _load_font(role: str, size: int) -> pygame.font.Font:
    try:
        name = FONT_FILES[role]
    except KeyError:
        raise ValueError(f"unknown font role {role!r}; use one of {sorted(FONT_FILES)}") from None
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset_path("fonts", name)), size)
