"""The main menu's table kept on disk between launches of a built game.

The menu's first frame paints the oak table (~0.25 s at 1600×900) and the six cards of its
fans (~0.2 s): procedural art, the same for the same size, language and build. A built game
(PyInstaller: ``sys.frozen``) keeps that picture in ``<data dir>/cache/art/`` the first time it
paints it and reads it back on the next launches (~5 ms; the ``KEEP`` last used, ~6 MB each
at 1600×900). The file's name carries the build's stamp (the version and the executable's
size and time), so a new build paints afresh; a damaged or missing file is painted again,
never an error. A game run from the
source (tests, a checkout) paints every time unless ``KNJAZJA_ART_CACHE=1`` (tests), and
``KNJAZJA_ART_CACHE=0`` turns the cache off everywhere.

Files are written in a background thread after the picture is painted (the frame does not
wait for the disk), each through a temporary file renamed into place.
"""
from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pygame

log = logging.getLogger(__name__)

ENV = "KNJAZJA_ART_CACHE"
_MAGIC = b"KNJART3"
KEEP = 4                   # pictures of this build kept (~6 MB each at 1600×900), last used first
_stamp: str | None = None
_writers: list[threading.Thread] = []


def enabled() -> bool:
    flag = os.environ.get(ENV)
    if flag is not None:
        return flag == "1"
    return bool(getattr(sys, "frozen", False))


def folder() -> Path:
    from knjazja.app.store import storage

    return storage.data_dir() / "cache" / "art"


def stamp() -> str:
    """What makes a kept picture this build's: the version, and the executable (frozen) or
    the art's source files (from a checkout)."""
    global _stamp
    if _stamp is None:
        import hashlib

        from knjazja import __version__

        h = hashlib.sha256(__version__.encode())
        if getattr(sys, "frozen", False):
            paths = [Path(sys.executable)]
        else:
            here = Path(__file__).resolve().parent
            paths = sorted([*here.glob("*.py"), here.parent / "scenes" / "menu.py"])
        for p in paths:
            try:
                st = p.stat()
                h.update(f"{p.name}:{st.st_size}:{st.st_mtime_ns}".encode())
            except OSError:
                h.update(p.name.encode())
        _stamp = h.hexdigest()[:16]
    return _stamp


def _path(name: str, size: tuple[int, int]) -> Path:
    return folder() / f"{name}-{size[0]}x{size[1]}-{stamp()}.px"


def kept(name: str, size: tuple[int, int], paint: Callable[[], pygame.Surface]) -> pygame.Surface:
    """``paint()`` (a picture of ``size``), or the one kept from an earlier launch of this
    build. ``name`` says everything but the size the picture depends on (kind, card,
    language); it is part of a file name."""
    if not enabled():
        return paint()
    path = _path(name, size)
    surface = _read(path, size)
    if surface is None:
        surface = paint()
        _write_later(path, surface)
    return surface


def _read(path: Path, size: tuple[int, int]) -> pygame.Surface | None:
    header = len(_MAGIC) + 4
    try:
        with path.open("rb") as f:
            data = bytearray(f.seek(0, os.SEEK_END))
            f.seek(0)
            f.readinto(data)        # one buffer the surface keeps: no copy, no conversion
    except OSError:
        return None
    try:
        if not data.startswith(_MAGIC):
            raise ValueError("not a kept picture")
        fmt = data[len(_MAGIC):header]
        if fmt not in (b"RGBX", b"RGBA") or len(data) - header != size[0] * size[1] * 4:
            raise ValueError("wrong size")
        surface = pygame.image.frombuffer(memoryview(data)[header:], size, "RGBA" if fmt == b"RGBA" else "RGBX")
    except (ValueError, pygame.error) as exc:
        log.info("kept picture %s painted again: %s", path.name, exc)
        return None
    try:
        os.utime(path)              # last used: kept longest (_prune)
    except OSError:
        pass
    return surface


def _write_later(path: Path, surface: pygame.Surface) -> None:
    alpha = bool(surface.get_flags() & pygame.SRCALPHA)
    fmt = "RGBA" if alpha else "RGBX"
    pixels = pygame.image.tobytes(surface, "RGBA" if alpha else "RGBX")     # now: it may change later

    def write() -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
            # raw pixels: read back into the surface's own buffer (a 1600×900 picture in
            # ~5 ms; inflating or converting it cost 20-40 ms)
            tmp.write_bytes(_MAGIC + fmt.encode("ascii") + pixels)
            os.replace(tmp, path)
            _prune(path.parent)
        except OSError as exc:
            log.info("kept picture %s not written: %s", path.name, exc)

    thread = threading.Thread(target=write, name="knjazja-art-cache", daemon=True)
    _writers.append(thread)
    thread.start()


def _prune(where: Path) -> None:
    """Remove the pictures of other builds, all but the ``KEEP`` last used of this one (a
    window resized again and again leaves one per size), and temporary files left by a
    killed write."""
    mine = stamp()
    own = []
    for p in where.iterdir():
        if p.suffix == ".px" and not p.stem.endswith(mine):
            p.unlink(missing_ok=True)
        elif p.suffix == ".px":
            own.append((p.stat().st_mtime_ns, p))
        elif p.name.endswith(".tmp") and str(os.getpid()) not in p.name:
            p.unlink(missing_ok=True)
    for _, p in sorted(own, reverse=True)[KEEP:]:
        p.unlink(missing_ok=True)


def wait_for_writes(timeout: float = 5.0) -> None:
    """Let the pictures being written reach the disk (tests; the game does not wait)."""
    while _writers:
        _writers.pop().join(timeout)
