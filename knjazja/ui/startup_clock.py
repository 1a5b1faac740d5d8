"""How long ago this process started (for ``KNJAZJA_STARTUP_TIMING``'s launch-to-menu time).

From the OS where it can tell (Linux, Windows, macOS); else since the frozen entry script
started (``_KNJAZJA_T0`` in ``__main__``), else since this module was imported.
"""
from __future__ import annotations

import os
import sys
import time

_IMPORTED_AT = time.perf_counter()


def process_age_s() -> tuple[float, str]:
    """Seconds since this process started, and where that start comes from."""
    age = _os_process_age()
    if age is not None:
        return age, "process start"
    main = sys.modules.get("__main__")
    t0 = getattr(main, "_KNJAZJA_T0", None)
    if isinstance(t0, float):
        return time.perf_counter() - t0, "entry script start"
    return time.perf_counter() - _IMPORTED_AT, "self-test import"


def _os_process_age() -> float | None:
    try:
        if sys.platform.startswith("linux"):
            with open("/proc/self/stat", encoding="ascii") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            start_ticks = int(fields[19])           # field 22: starttime, in clock ticks
            with open("/proc/uptime", encoding="ascii") as f:
                uptime = float(f.read().split()[0])
            return max(0.0, uptime - start_ticks / os.sysconf("SC_CLK_TCK"))
        if sys.platform == "win32":
            import ctypes
            from ctypes import wintypes

            k32 = ctypes.windll.kernel32
            k32.GetCurrentProcess.restype = wintypes.HANDLE
            created, ended, kernel, user = (wintypes.FILETIME() for _ in range(4))
            if not k32.GetProcessTimes(k32.GetCurrentProcess(), ctypes.byref(created),
                                       ctypes.byref(ended), ctypes.byref(kernel), ctypes.byref(user)):
                return None
            now = wintypes.FILETIME()
            getter = getattr(k32, "GetSystemTimePreciseAsFileTime", k32.GetSystemTimeAsFileTime)
            getter(ctypes.byref(now))

            def ticks(ft: wintypes.FILETIME) -> int:
                return (ft.dwHighDateTime << 32) | ft.dwLowDateTime

            return max(0.0, (ticks(now) - ticks(created)) / 1e7)
        if sys.platform == "darwin":
            # sysctl(CTL_KERN, KERN_PROC, KERN_PROC_PID, pid) -> struct kinfo_proc, which
            # starts with kp_proc.p_starttime (struct timeval: int64 s, int32 us)
            import ctypes
            import struct

            libc = ctypes.CDLL("/usr/lib/libc.dylib", use_errno=True)
            mib = (ctypes.c_int * 4)(1, 14, 1, os.getpid())
            buf = ctypes.create_string_buffer(1024)
            size = ctypes.c_size_t(len(buf))
            if libc.sysctl(mib, 4, buf, ctypes.byref(size), None, ctypes.c_size_t(0)) != 0:
                return None
            sec, usec = struct.unpack_from("=qi", buf.raw, 0)
            age = time.time() - (sec + usec / 1e6)
            return age if 0.0 <= age < 86_400 * 365 else None
    except Exception:
        return None
    return None


def startup_ms() -> tuple[int, str]:
    """Process start to now, in ms (call right after the first menu frame is drawn)."""
    age, source = process_age_s()
    return round(age * 1000), source
