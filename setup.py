"""Copies the top-level ``assets/`` folder into the built package as ``knjazja/assets``.

All other metadata lives in pyproject.toml. In a checkout (and an editable install) the game
reads ``assets/`` where it is; an installed wheel carries it inside the package, where
``knjazja.ui.art.resources`` finds it through ``importlib.resources``. Every file under
``assets/`` travels, whatever folders are added later.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
ASSETS = ROOT / "assets"


def asset_files() -> list[Path]:
    """Every shipped file under assets/ (no caches, no editor droppings)."""
    return sorted(p for p in ASSETS.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and not p.name.startswith("."))


class BuildPyWithAssets(build_py):
    def run(self) -> None:
        package = Path(self.build_lib) / "knjazja"
        if not self.editable_mode and package.exists():
            shutil.rmtree(package)      # a module or file removed since the last build must not travel
        super().run()
        if self.editable_mode:          # an editable install reads assets/ in place
            return
        target = package / "assets"
        for src in asset_files():
            dest = target / src.relative_to(ASSETS)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = super().get_outputs(include_bytecode)
        target = Path(self.build_lib) / "knjazja" / "assets"
        return outputs + [str(target / p.relative_to(ASSETS)) for p in asset_files()]


# setuptools' work files under build/setuptools/ (build/ itself holds our packaging helpers)
setup(cmdclass={"build_py": BuildPyWithAssets},
      options={"build": {"build_base": "build/setuptools"}})
