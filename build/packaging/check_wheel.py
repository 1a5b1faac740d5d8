"""Build the wheel, install it into a brand-new venv outside the checkout and self-test it.

    python build/packaging/check_wheel.py [--wheel-dir DIR]

Proves what a Python user gets from ``pip install <wheel>`` on this OS: the game finds its
assets inside the installed package (not beside the checkout), ``knjazja --self-test`` passes
and ``python -m knjazja --version`` answers. Exit status 1 when any step fails. Used by
``.ci/run`` and the tests workflow (on Windows, macOS and Linux).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(cmd: list, **kw) -> subprocess.CompletedProcess:
    print("check_wheel:", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], check=True, **kw)


def _venv_bin(venv: Path, name: str) -> Path:
    if os.name == "nt":
        return venv / "Scripts" / f"{name}.exe"
    return venv / "bin" / name


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wheel-dir", type=Path, help="keep the wheel here (default: a temp folder)")
    args = ap.parse_args(argv)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        wheel_dir = args.wheel_dir or tmp / "wheel"
        try:
            _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                  "--wheel-dir", wheel_dir, ROOT], cwd=ROOT)
            wheel = max(wheel_dir.glob("knjazja-*.whl"), key=lambda p: p.stat().st_mtime)
            print(f"check_wheel: built {wheel.name} ({wheel.stat().st_size} bytes)")
            _run([sys.executable, "-m", "venv", tmp / "venv"])
            python = _venv_bin(tmp / "venv", "python")
            _run([python, "-m", "pip", "install", "--quiet", wheel])
            # from a folder outside the checkout: nothing may come from it
            _run([python, "-m", "knjazja", "--version"], cwd=tmp, env=env)
            _run([_venv_bin(tmp / "venv", "knjazja"), "--self-test"], cwd=tmp, env=env)
        except subprocess.CalledProcessError as exc:
            print(f"check_wheel: FAILED: {exc}", file=sys.stderr)
            return 1
    print("check_wheel: the installed wheel works")
    return 0


if __name__ == "__main__":
    sys.exit(main())
