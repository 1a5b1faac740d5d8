"""Helpers shared by ``installer.spec`` and ``build/packaging/build.py`` (importable without PyInstaller).

Kept out of the spec so the tests in ``tests/packaging`` can check them without a build:
reading the version, naming the archive, dropping the fonts the game never uses from the
bundle, and turning ``assets/icon.png`` into a Windows ``.ico`` / macOS ``.icns``.
"""
from __future__ import annotations

import ast
import io
import platform
import re
import struct
import sys
from pathlib import Path, PurePath
from typing import Iterable

ROOT = Path(__file__).resolve().parents[2]
APP_NAME = "Knjazja"

# pygame-gui's PyInstaller hook copies its fonts for every locale it knows, among them ~39 MB of
# Noto Sans CJK (JP/SC/TC/KR/HK). The game speaks only Russian and English, for which
# pygame-gui loads NotoSans-* and FiraCode-Regular (and our own fonts): the CJK ones never load.
_CJK_FONT = re.compile(
    r"(?:cjk|(?:noto|source)(?:sans|serif)(?:jp|sc|tc|kr|hk|cjk|han)|sourcehan|"
    r"wenquanyi|droidsansfallback|nanum)",
    re.IGNORECASE,
)
_FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".otc", ".woff", ".woff2")


def is_cjk_font(path: str | PurePath) -> bool:
    """Whether ``path`` (a bundle destination or a source path) names a CJK font file."""
    name = PurePath(str(path).replace("\\", "/")).name
    stem, dot, ext = name.rpartition(".")
    if not dot or f".{ext.lower()}" not in _FONT_SUFFIXES:
        return False
    return bool(_CJK_FONT.search(stem.replace("-", "").replace("_", "").replace(" ", "")))


def drop_cjk_fonts(datas: Iterable[tuple]) -> list[tuple]:
    """``a.datas`` without CJK fonts; entries are PyInstaller TOC tuples ``(dest, src, kind)``."""
    kept = []
    for entry in datas:
        dest = entry[0]
        src = entry[1] if len(entry) > 1 else ""
        if is_cjk_font(dest) or is_cjk_font(src or ""):
            continue
        kept.append(entry)
    return kept


# pygame-gui's fonts for the scripts of languages the game never shows: it picks its default
# font by the UI manager's language, which is Russian or English (NotoSans-*).
_OTHER_SCRIPT_FONT = re.compile(r"notosans(?:arabic|georgian|hebrew)", re.IGNORECASE)

# CPython's codecs for East Asian encodings (shift_jis, gbk, big5, euc-kr, iso2022-*): the game
# reads and writes UTF-8 (and Windows' own code pages, which are built in). A lookup of one of
# them without these says "unknown encoding". Built into python3.dll on Windows: nothing to drop.
UNUSED_EXTENSIONS = ("_codecs_jp", "_codecs_cn", "_codecs_kr", "_codecs_tw", "_codecs_hk",
                     "_codecs_iso2022", "_multibytecodec")


def is_unused_font(path: str | PurePath) -> bool:
    """A CJK font, or pygame-gui's Arabic, Georgian or Hebrew one."""
    name = PurePath(str(path).replace("\\", "/")).name
    return is_cjk_font(path) or bool(_OTHER_SCRIPT_FONT.search(name.replace("-", "").replace("_", "")))


def drop_unused_fonts(datas: Iterable[tuple]) -> list[tuple]:
    """``a.datas`` without the fonts of scripts the game never shows (``is_unused_font``)."""
    return [e for e in drop_cjk_fonts(datas)
            if not is_unused_font(e[0]) and not is_unused_font(e[1] if len(e) > 1 else "")]


def drop_unused_extensions(binaries: Iterable[tuple]) -> list[tuple]:
    """``a.binaries`` without CPython's extension modules in ``UNUSED_EXTENSIONS``."""
    def module(dest: str) -> str:
        return PurePath(str(dest).replace("\\", "/")).name.split(".")[0]
    return [e for e in binaries if module(e[0]) not in UNUSED_EXTENSIONS]


def read_version(init_file: Path | None = None) -> str:
    """The game's version: ``__version__`` in knjazja/__init__.py, the one place it is set
    (pyproject.toml reads it from there too). Read without importing the game."""
    path = init_file or ROOT / "knjazja" / "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "__version__"):
            return str(ast.literal_eval(node.value))
    raise ValueError(f"{path} sets no __version__")


def os_tag() -> str:
    """``linux``, ``windows`` or ``macos``."""
    if sys.platform.startswith("win"):
        return "windows"
    if sys.platform == "darwin":
        return "macos"
    return sys.platform.rstrip("0123456789") or "unknown"


def arch_tag(machine: str | None = None) -> str:
    """``x86_64`` or ``arm64`` (normalised from AMD64, aarch64, ...)."""
    m = (machine or platform.machine() or "unknown").lower()
    return {"amd64": "x86_64", "x64": "x86_64", "aarch64": "arm64", "armv8": "arm64",
            "i686": "x86", "i386": "x86"}.get(m, m)


def archive_name(version: str, os_name: str | None = None, arch: str | None = None) -> str:
    """``Knjazja-0.1.0-linux-x86_64.tar.xz``; ``.zip`` on Windows and macOS (what their
    file managers open without help)."""
    os_name = os_name or os_tag()
    ext = "tar.xz" if os_name == "linux" else "zip"
    return f"{APP_NAME}-{version}-{os_name}-{arch or arch_tag()}.{ext}"


# ---------------------------------------------------------------------- icons (with pygame)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# (ICNS type, pixel size): PNG payloads, understood by macOS 10.7+
ICNS_TYPES = (("ic11", 32), ("ic12", 64), ("ic07", 128), ("ic13", 256), ("ic08", 256),
              ("ic14", 512), ("ic09", 512), ("ic10", 1024))


def _png_bytes(image, size: int) -> bytes:
    import pygame

    surf = image if image.get_size() == (size, size) else pygame.transform.smoothscale(image, (size, size))
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def _load_square(png: Path):
    import pygame

    image = pygame.image.load(str(png))
    w, h = image.get_size()
    if w != h:  # centre on a transparent square
        side = max(w, h)
        square = pygame.Surface((side, side), pygame.SRCALPHA)
        square.blit(image, ((side - w) // 2, (side - h) // 2))
        image = square
    return image


def write_ico(png: Path, out: Path) -> Path:
    """A Windows icon with PNG-compressed images (Vista and later)."""
    image = _load_square(png)
    blobs = [(s, _png_bytes(image, s)) for s in ICO_SIZES]
    header = struct.pack("<HHH", 0, 1, len(blobs))
    offset = len(header) + 16 * len(blobs)
    entries, data = b"", b""
    for size, blob in blobs:
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(blob), offset + len(data))
        data += blob
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(header + entries + data)
    return out


def write_icns(png: Path, out: Path) -> Path:
    """A macOS icon with PNG payloads."""
    image = _load_square(png)
    cache: dict[int, bytes] = {}
    chunks = b""
    for kind, size in ICNS_TYPES:
        blob = cache.setdefault(size, _png_bytes(image, size))
        chunks += kind.encode("ascii") + struct.pack(">I", len(blob) + 8) + blob
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(b"icns" + struct.pack(">I", len(chunks) + 8) + chunks)
    return out


def make_icon(png: Path, workdir: Path, target: str | None = None) -> str | None:
    """The icon file for this platform's executable (converted into ``workdir``), or None.

    Windows gets ``.ico``, macOS ``.icns``; Linux executables carry no icon (the window icon
    is set at run time from ``assets/icon.png``)."""
    target = target or os_tag()
    if not png.exists() or target not in ("windows", "macos"):
        return None
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if target == "windows":
        return str(write_ico(png, workdir / f"{APP_NAME}.ico"))
    return str(write_icns(png, workdir / f"{APP_NAME}.icns"))


# ---------------------------------------------------------------------- Linux desktop files
def write_linux_desktop_files(folder: Path, png: Path) -> list[Path]:
    """``knjazja.desktop`` and ``icons/hicolor/<n>x<n>/apps/knjazja.png`` into the unpacked
    program folder (``Knjazja/``); the entry's Exec starts the game beside it."""
    sys.path.insert(0, str(ROOT))
    from knjazja import desktop_entry

    written = [folder / desktop_entry.FILE_NAME]
    written[0].write_text(desktop_entry.archive_entry(), encoding="utf-8")
    image = _load_square(png)
    for size in desktop_entry.ICON_SIZES:
        out = folder / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{desktop_entry.APP_ID}.png"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(_png_bytes(image, size))
        written.append(out)
    return written
