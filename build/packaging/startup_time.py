"""Measure launch-to-main-menu time of the built game: ``python build/packaging/startup_time.py [-n 5]``.

Starts ``dist/Knjazja/Knjazja --self-test`` with ``KNJAZJA_STARTUP_TIMING=1`` (headless
unless ``--display``), waits for its ``startup_ms:`` line, which it prints right after the
main menu's first frame, and stops it. Reports per run and the median of:

* ``wall``: from just before the process is spawned to the line appearing (within ~2 ms)
  in the file the game writes (``KNJAZJA_SELFTEST_OUT``): the bootloader, Python start-up,
  imports, window, theme and the first frame;
* ``self``: what the game itself measured from its process start (``startup_ms``);
* ``cpu``: the CPU time the game had used by then (what ``wall`` would be on an idle machine,
  give or take waiting for the disk and the display).
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import build  # noqa: E402


def one_run(exe: Path, headless: bool, timeout: float = 60.0) -> tuple[float, int, int | None]:
    env = dict(os.environ, KNJAZJA_STARTUP_TIMING="1")
    if headless:
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as tmp:
        out_file = Path(tmp) / "selftest.txt"
        env["KNJAZJA_SELFTEST_OUT"] = str(out_file)
        t0 = time.perf_counter()
        # the game appends its lines to the file (a windowed Windows build has no stdout)
        proc = subprocess.Popen([str(exe), "--self-test"], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        line = None
        try:
            while line is None and time.perf_counter() - t0 < timeout:
                exited = proc.poll() is not None
                text = out_file.read_text("utf-8") if out_file.exists() else ""
                for x in text.splitlines():
                    if x.startswith("startup_ms:"):
                        line = x
                    elif x.startswith("self-test FAILED"):
                        raise SystemExit(f"startup_time: {x}")
                if line is None:
                    if exited:
                        raise SystemExit(f"startup_time: the game exited ({proc.returncode}) "
                                         "before drawing the menu")
                    time.sleep(0.002)
            wall = time.perf_counter() - t0
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
    if line is None:
        raise SystemExit("startup_time: the game printed no startup_ms line")
    own = int(line.split(":", 1)[1].split()[0])
    cpu = int(line.split("cpu ")[1].split()[0]) if "cpu " in line else None
    return wall, own, cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="launch-to-main-menu time of the built game")
    ap.add_argument("-n", "--runs", type=int, default=5)
    ap.add_argument("--exe", type=Path, default=None, help="default: the build in dist/")
    ap.add_argument("--display", action="store_true", help="open a real window")
    args = ap.parse_args(argv)
    exe = args.exe or build.executable()
    if not exe.exists():
        raise SystemExit(f"startup_time: {exe} not found; run build/packaging/build.py first")
    walls, owns, cpus = [], [], []
    for i in range(args.runs):
        wall, own, cpu = one_run(exe, headless=not args.display)
        walls.append(wall * 1000)
        owns.append(own)
        if cpu is not None:
            cpus.append(cpu)
        print(f"run {i + 1}: wall {wall * 1000:.0f} ms, self {own} ms, cpu {cpu} ms")
    cpu_median = f", cpu {statistics.median(cpus):.0f} ms" if cpus else ""
    print(f"median of {args.runs}: wall {statistics.median(walls):.0f} ms, "
          f"self {statistics.median(owns):.0f} ms{cpu_median}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
