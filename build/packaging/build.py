"""Build the standalone game and pack it for upload: ``python build/packaging/build.py``.

1. installs PyInstaller into the running interpreter if it is missing;
2. runs PyInstaller on ``installer.spec`` (work files in build/pyinstaller/, output in dist/);
3. packs dist/Knjazja (or dist/Knjazja.app on macOS) into
   ``dist/Knjazja-<version>-<os>-<arch>.tar.xz`` (Linux) or ``.zip`` (Windows, macOS)
   and prints the archive's path and size.

Options: ``--skip-install`` (fail instead of installing PyInstaller), ``--no-archive``.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]      # build/packaging/ -> the checkout
sys.path.insert(0, str(HERE))
import spec_helpers  # noqa: E402

WORKPATH = ROOT / "build" / "pyinstaller"
DISTPATH = ROOT / "dist"
PYINSTALLER_REQ = "pyinstaller>=6.3"


def ensure_pyinstaller(allow_install: bool = True) -> None:
    if importlib.util.find_spec("PyInstaller") is not None:
        return
    if not allow_install:
        sys.exit("build: PyInstaller is not installed (pip install pyinstaller)")
    print(f"build: installing {PYINSTALLER_REQ} into {sys.executable}", flush=True)
    subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", PYINSTALLER_REQ])


def run_pyinstaller() -> None:
    cmd = [sys.executable, "-m", "PyInstaller", str(ROOT / "installer.spec"),
           "--workpath", str(WORKPATH), "--distpath", str(DISTPATH),
           "--noconfirm", "--log-level", "WARN"]
    print("build:", " ".join(cmd), flush=True)
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    subprocess.check_call(cmd, cwd=ROOT, env=env)


def _tar(src: Path, archive: Path) -> None:
    def clean(info: tarfile.TarInfo) -> tarfile.TarInfo:
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info

    # xz (LZMA) packs the program's shared libraries a fifth tighter than gzip: 13.5 MB
    # against 17.2 MB; every Linux tar unpacks it (`tar xf`). The extreme preset packs ~2 %
    # tighter again (longer to pack, as fast to unpack)
    import lzma

    with tarfile.open(archive, "w:xz", preset=9 | lzma.PRESET_EXTREME) as tar:
        tar.add(src, arcname=src.name, filter=clean)


def _zip(src: Path, archive: Path) -> None:
    if sys.platform == "darwin" and shutil.which("ditto"):
        # keeps the .app's symlinks and extended attributes (what Finder's "Compress" does)
        subprocess.check_call(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent",
                               str(src), str(archive)])
        return
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path in sorted(src.rglob("*")):
            zf.write(path, Path(src.name) / path.relative_to(src))


def make_archive(version: str) -> Path:
    os_name = spec_helpers.os_tag()
    app = spec_helpers.APP_NAME
    src = DISTPATH / f"{app}.app" if os_name == "macos" else DISTPATH / app
    if not src.exists():
        sys.exit(f"build: {src} was not built")
    archive = DISTPATH / spec_helpers.archive_name(version, os_name)
    archive.unlink(missing_ok=True)
    (_tar if archive.name.endswith(".tar.xz") else _zip)(src, archive)
    return archive


def executable() -> Path:
    """The built game's executable (inside the .app on macOS)."""
    app = spec_helpers.APP_NAME
    if sys.platform == "darwin":
        return DISTPATH / f"{app}.app" / "Contents" / "MacOS" / app
    return DISTPATH / app / (f"{app}.exe" if os.name == "nt" else app)


def _mb(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--skip-install", action="store_true", help="do not pip-install PyInstaller")
    ap.add_argument("--no-archive", action="store_true", help="build only, do not pack")
    args = ap.parse_args(argv)

    t0 = time.perf_counter()
    version = spec_helpers.read_version()
    ensure_pyinstaller(not args.skip_install)
    run_pyinstaller()
    exe = executable()
    if not exe.exists():
        print(f"build: FAILED: {exe} is missing", file=sys.stderr)
        return 1
    folder = DISTPATH / spec_helpers.APP_NAME
    if spec_helpers.os_tag() == "linux":    # the applications-menu entry and its icons
        spec_helpers.write_linux_desktop_files(folder, ROOT / "assets" / "icon.png")
    cjk = [p.name for p in folder.rglob("*") if spec_helpers.is_cjk_font(p)]
    if cjk:
        print(f"build: FAILED: CJK fonts got into the bundle: {', '.join(sorted(cjk))}",
              file=sys.stderr)
        return 1
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
    print(f"build: {exe.relative_to(ROOT)} (folder {_mb(size)}) in {time.perf_counter() - t0:.0f} s")
    if args.no_archive:
        return 0
    archive = make_archive(version)
    print(f"archive: {archive} {_mb(archive.stat().st_size)} ({archive.stat().st_size} bytes)")
    missing = missing_from_archive(archive)
    if missing:
        print(f"build: FAILED: the archive lacks {', '.join(missing)}", file=sys.stderr)
        return 1
    return 0


def missing_from_archive(archive: Path) -> list[str]:
    """What every archive of this OS must hold and this one does not."""
    app = spec_helpers.APP_NAME
    os_name = spec_helpers.os_tag()
    if os_name == "linux":
        need = [f"{app}/{app}", f"{app}/knjazja.desktop",
                f"{app}/icons/hicolor/256x256/apps/knjazja.png"]
        with tarfile.open(archive) as tar:
            names = set(tar.getnames())
    else:
        need = ([f"{app}/{app}.exe", f"{app}/{app}-console.exe"] if os_name == "windows"
                else [f"{app}.app/Contents/MacOS/{app}", f"{app}.app/Contents/Info.plist"])
        with zipfile.ZipFile(archive) as zf:
            names = {n.rstrip("/") for n in zf.namelist()}
    return [n for n in need if n not in names]


if __name__ == "__main__":
    sys.exit(main())
