"""The wheel and the sdist carry assets/ (built here, offline, with the installed setuptools).

Builds the sdist from a copy of the sources, then the wheel from that sdist (what ``pip install``
of a source archive does), and checks both file lists: every file under assets/ (fonts with
their licences, sounds, theme, icon, and any folder added later) travels, the package data too,
and nothing from tests/ or build/.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# knjazja_lab travels into the copy so that leaving it out of the wheel is proven, not assumed
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "knjazja", "knjazja_lab",
           "assets")

pytest.importorskip("setuptools", minversion="70.1", reason="the test extra installs setuptools")


def _backend(call: str, cwd: Path) -> str:
    """Run one PEP 517 hook of setuptools in a fresh interpreter; returns the file name it built."""
    code = f"import setuptools.build_meta as b; print(b.{call})"
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, check=True,
                         capture_output=True, text=True, timeout=300)
    return out.stdout.strip().splitlines()[-1]


def _asset_files() -> list[str]:
    assets = ROOT / "assets"
    return sorted(p.relative_to(assets).as_posix() for p in assets.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith("."))


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=ignore)
        else:
            shutil.copy2(path, src / name)
    sdist = src / "dist" / _backend("build_sdist('dist')", src)
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp / "unpacked", filter="data")
    (unpacked,) = (tmp / "unpacked").iterdir()
    wheel = unpacked / "wheels" / _backend("build_wheel('wheels')", unpacked)
    return sdist, wheel


def test_the_wheel_carries_every_asset_inside_the_package(built):
    _, wheel = built
    names = set(zipfile.ZipFile(wheel).namelist())
    assets = _asset_files()
    assert assets, "assets/ is empty"
    missing = [a for a in assets if f"knjazja/assets/{a}" not in names]
    assert not missing, f"not in the wheel: {missing}"
    # what the game loads at start: every font with its licence, every sound, theme, icon
    fonts = [a for a in assets if a.startswith("fonts/") and a.endswith((".ttf", ".otf"))]
    licences = [a for a in assets if a.startswith("fonts/OFL")]
    sounds = [a for a in assets if a.startswith("sounds/") and a.endswith(".wav")]
    assert len(fonts) >= 4 and len(licences) >= 3 and len(sounds) >= 5
    assert {"knjazja/assets/theme.json", "knjazja/assets/icon.png"} <= names
    # the package's own data (card texts, UI strings, rule book), wherever it lives, and the command
    data = sorted(p.relative_to(ROOT).as_posix() for pattern in ("*.json", "*.md")
                  for p in (ROOT / "knjazja").rglob(pattern) if "__pycache__" not in p.parts)
    assert any("engine/data/texts" in d for d in data) and any("strings" in d for d in data)
    assert [d for d in data if d not in names] == []
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "knjazja = knjazja.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
    assert not [n for n in names if n.startswith(("tests/", "build/", "assets/", "knjazja_lab/"))]


def test_the_sdist_keeps_assets_as_the_top_level_folder(built):
    sdist, _ = built
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    missing = [a for a in _asset_files() if f"assets/{a}" not in names]
    assert not missing, f"not in the sdist: {missing}"
    assert {"setup.py", "pyproject.toml", "LICENSE", "README.md"} <= names


def test_the_wheel_has_one_version(built):
    import knjazja
    _, wheel = built
    assert wheel.name.startswith(f"knjazja-{knjazja.__version__}-py3-none-any")
