"""Every process the game has started, and the memory each holds (benches, the self-test).

    procs = game_processes()          # {"main": pid, "faces": pid, "bots": pid, ...}
    mb, kind = memory_mb(pid)         # (112.4, "PSS") on Linux; ("RSS") elsewhere; (None, ...)
    meter = ProcessMeter(); meter.sample() ... meter.report()   # peak and end, per process and total
    worker_imports()                  # what each running worker has imported

The processes: this one ("main"), the card-face worker (``ui.art.prefetch``, "faces"), the
bots' decision worker (``bots.thinker``: Hard, the Hint, the review; "bots") and
multiprocessing's resource tracker ("tracker"), were one running: a spawned worker starts it
on POSIX, but the game's workers are started without it (``knjazja.spawn``).
Memory is the proportional set size where the OS tells it (Linux: ``/proc/<pid>/smaps_rollup``;
pages shared between processes, as the Python library, counted once over all), else the
resident size, named as such.  This module imports neither pygame nor a worker's module: it
only looks at the ones already loaded.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field

MB = 1024 * 1024


def memory_mb(pid: int) -> tuple[float | None, str]:
    """(megabytes, "PSS" or "RSS") of process ``pid``; None where it cannot be read."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) / 1024, "PSS"
    except (OSError, ValueError, IndexError):
        pass
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / MB, "RSS"
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    if sys.platform == "win32":
        return _windows_working_set(pid), "RSS"
    if pid == os.getpid():
        try:
            import resource
        except ImportError:
            return None, "RSS"
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss   # bytes on macOS
        return peak / (MB if sys.platform == "darwin" else 1024), "peak RSS"
    return None, "RSS"


def _windows_working_set(pid: int) -> float | None:
    try:
        import ctypes
        from ctypes import wintypes

        class Counters(ctypes.Structure):
            _fields_ = [("cb", wintypes.DWORD), ("PageFaultCount", wintypes.DWORD)] + [
                (name, ctypes.c_size_t) for name in (
                    "PeakWorkingSetSize", "WorkingSetSize", "QuotaPeakPagedPoolUsage",
                    "QuotaPagedPoolUsage", "QuotaPeakNonPagedPoolUsage", "QuotaNonPagedPoolUsage",
                    "PagefileUsage", "PeakPagefileUsage")]

        k32 = ctypes.WinDLL("kernel32", use_last_error=True)      # type: ignore[attr-defined]
        handle = k32.OpenProcess(0x1000, False, pid)              # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return None
        try:
            c = Counters()
            c.cb = ctypes.sizeof(c)
            if not k32.K32GetProcessMemoryInfo(handle, ctypes.byref(c), c.cb):
                return None
            return c.WorkingSetSize / MB
        finally:
            k32.CloseHandle(handle)
    except (OSError, AttributeError, ValueError):
        return None


def game_processes() -> dict[str, int]:
    """The pid of each process of the game now running, by role (this one is "main")."""
    out = {"main": os.getpid()}
    prefetch = sys.modules.get("knjazja.ui.art.prefetch")
    if prefetch is not None and prefetch._SHARED is not None and prefetch._SHARED._worker is not None:
        pid = prefetch._SHARED.pid
        if pid is not None:
            out["faces"] = pid
    thinker = sys.modules.get("knjazja.bots.thinker")
    if thinker is not None:
        pid = thinker.worker_pid()
        if pid is not None:
            out["bots"] = pid
    tracker = sys.modules.get("multiprocessing.resource_tracker")
    if tracker is not None:
        pid = getattr(tracker._resource_tracker, "_pid", None)
        if pid is not None and _alive(pid):
            out["tracker"] = pid
    return out


def _alive(pid: int) -> bool:
    if sys.platform == "win32":
        return True
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    return True


@dataclass
class ProcessMeter:
    """Per-role memory: the peak and the latest of each process, and of their total.

    A role whose worker ended and started again keeps its peak; "end" is the last sample,
    where a role no longer running counts 0."""
    kind: str = "PSS"
    peak: dict[str, float] = field(default_factory=dict)
    now: dict[str, float] = field(default_factory=dict)
    peak_total: float = 0.0
    seen: set[str] = field(default_factory=set)

    def sample(self) -> float:
        """Read every running process once; their total now."""
        now: dict[str, float] = {}
        for role, pid in game_processes().items():
            mb, kind = memory_mb(pid)
            if mb is None:
                continue
            self.kind = kind
            now[role] = mb
            self.seen.add(role)
            self.peak[role] = max(self.peak.get(role, 0.0), mb)
        self.now = now
        total = sum(now.values())
        self.peak_total = max(self.peak_total, total)
        return total

    def report(self) -> dict:
        """{"memory": "PSS", "peak_mb": {role: ..., "total": ...}, "end_mb": {...}}."""
        roles = [r for r in ("main", "faces", "bots", "tracker") if r in self.seen]
        return {"memory": self.kind,
                "peak_mb": {**{r: round(self.peak[r], 1) for r in roles}, "total": round(self.peak_total, 1)},
                "end_mb": {**{r: round(self.now.get(r, 0.0), 1) for r in roles},
                           "total": round(sum(self.now.values()), 1)}}


def summarize_modules(names: list[str]) -> dict:
    """What a list of module names says: how many, the top-level packages, the heavy ones."""
    tops = sorted({n.split(".")[0] for n in names if not n.startswith("_")})
    return {"modules": len(names), "packages": tops,
            "pygame": "pygame" in names, "pygame_gui": "pygame_gui" in names,
            "knjazja.ui": "knjazja.ui" in names, "knjazja.app": "knjazja.app" in names,
            "knjazja.bots": "knjazja.bots" in names}


def worker_imports(timeout: float = 10.0) -> dict[str, dict]:
    """What each running worker imported (``summarize_modules``), by role; a worker busy
    deciding is left out."""
    out: dict[str, dict] = {}
    prefetch = sys.modules.get("knjazja.ui.art.prefetch")
    if prefetch is not None and prefetch._SHARED is not None:
        names = prefetch._SHARED.worker_modules(timeout)
        if names is not None:
            out["faces"] = summarize_modules(names)
    thinker = sys.modules.get("knjazja.bots.thinker")
    if thinker is not None:
        names = thinker.worker_modules(timeout)
        if names is not None:
            out["bots"] = summarize_modules(names)
    return out


def format_report(report: dict) -> str:
    """One line: "PSS peak main 98.1 + faces 40.2 + ... = 180.3 MB; end ..."."""
    parts = []
    for when in ("peak", "end"):
        figures = report[f"{when}_mb"]
        roles = " + ".join(f"{r} {v:.0f}" for r, v in figures.items() if r != "total")
        parts.append(f"{when} {roles} = {figures['total']:.0f} MB")
    return f"{report['memory']} " + "; ".join(parts)
