"""Run the built game's ``--self-test`` headless and pass on its exit code.

    python build/packaging/run_selftest.py [--exe PATH]

Works the same on every OS: a windowed Windows build has no stdout, so the game also writes
its lines to ``$KNJAZJA_SELFTEST_OUT``, which this script prints.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import build  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--exe", type=Path, default=None, help="default: the build in dist/")
    ap.add_argument("--timeout", type=float, default=600.0)
    args = ap.parse_args(argv)
    exe = args.exe or build.executable()
    if not exe.exists():
        print(f"run_selftest: {exe} not found; run build/packaging/build.py first", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        out_file = Path(tmp) / "selftest.txt"
        env = dict(os.environ, KNJAZJA_SELFTEST_OUT=str(out_file))
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        try:
            proc = subprocess.run([str(exe), "--self-test"], env=env, timeout=args.timeout,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                  text=True, encoding="utf-8", errors="replace")
        except subprocess.TimeoutExpired:
            print(f"run_selftest: FAILED: no answer in {args.timeout:.0f} s", file=sys.stderr)
            return 1
        text = out_file.read_text("utf-8") if out_file.exists() else ""
        print((text or proc.stdout).rstrip() or "(the self-test printed nothing)")
        if text and proc.stdout.strip() and proc.stdout.strip() != text.strip():
            print(proc.stdout.rstrip())  # anything else it said (warnings, a crash)
    if proc.returncode != 0:
        print(f"run_selftest: FAILED: exit code {proc.returncode}", file=sys.stderr)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
