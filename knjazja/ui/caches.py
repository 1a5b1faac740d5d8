"""Every cache the UI keeps: bounded, cleared when the window changes size, and reported.

Drawn things are kept so each frame does not draw them again, but most of them are drawn
*at a size* (card faces, text, backgrounds, fonts, icons), so each window size the player
drags through would add a set of its own and a long evening with many resizes would grow
without end.  Two rules keep memory flat:

* every cache has a limit: :class:`SurfaceLru` by entries *and* bytes, and functions
  decorated with :func:`sized_lru` by entries (``functools.lru_cache``);
* caches whose entries depend on the window's size are emptied when it changes
  (:func:`clear_sized`, called by ``App`` after a resize): entries of the old size would
  never be asked for again.

After a resize or a change of screen ``App`` also collects the garbage at once (old widget
managers and scenes hold their drawings in reference cycles) and hands freed heap pages back
to the OS (:func:`give_back_memory`).

:func:`report` lists each cache's entries (and megabytes where known) for
``knjazja bench evening``.
"""
from __future__ import annotations

import sys
import weakref
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
C = TypeVar("C")

_FUNCTIONS: dict[str, Any] = {}                   # name -> lru_cache-wrapped function
_SIZED_FUNCTIONS: set[str] = set()                # those emptied on a resize
_LRUS: weakref.WeakSet[SurfaceLru] = weakref.WeakSet()
_BYTE_CACHES: dict[str, Any] = {}                 # name -> another byte-bounded cache (``track``)


def surface_bytes(value: Any) -> int:
    """The pixel bytes of a surface (or of the surfaces in a tuple/list), else 0."""
    get_size = getattr(value, "get_size", None)
    if get_size is not None and hasattr(value, "get_bytesize"):
        w, h = get_size()
        return w * h * value.get_bytesize()
    if isinstance(value, (tuple, list)):
        return sum(surface_bytes(v) for v in value)
    return 0


class SurfaceLru(OrderedDict):
    """Least-recently-used entries dropped beyond ``limit`` entries or ``max_mb`` megabytes
    (``windows``: or as many bytes as that many window-sized surfaces, when a window is open —
    what is drawn at a size grows with the window, and so does what one screen needs — but
    never under ``least_mb``)."""

    def __init__(self, name: str, limit: int, max_mb: float, *, sized: bool = True,
                 windows: float | None = None, least_mb: float = 0.0) -> None:
        super().__init__()
        self.name, self.limit, self.sized, self.windows = name, limit, sized, windows
        self._max_mb, self._least = max_mb, int(least_mb * 1024 * 1024)
        self.bytes = 0
        _LRUS.add(self)

    @property
    def max_bytes(self) -> int:
        """The byte limit now (window-sized surfaces of the window open now, else ``max_mb``)."""
        pygame = sys.modules.get("pygame") if self.windows is not None else None
        window = pygame.display.get_surface() if pygame is not None else None
        if window is None or self.windows is None:
            return int(self._max_mb * 1024 * 1024)
        w, h = window.get_size()
        return max(self._least, int(self.windows * w * h * 4))

    # a WeakSet member: hashed by identity (dict declares __hash__ None, so mypy sees an override)
    def __hash__(self) -> int:  # type: ignore[override]
        return id(self)

    def __eq__(self, other: object) -> bool:
        return self is other

    def get_or(self, key: Any, make: Callable[[], Any]) -> Any:
        try:
            value = self[key]
        except KeyError:
            value = make()
            self.put(key, value)
            return value
        self.move_to_end(key)
        return value

    def put(self, key: Any, value: Any) -> None:
        if key in self:
            self.bytes -= surface_bytes(super().pop(key))
        super().__setitem__(key, value)
        self.bytes += surface_bytes(value)
        self._evict()

    def __setitem__(self, key: Any, value: Any) -> None:
        self.put(key, value)

    def _evict(self) -> None:
        """Drop the least recently used entries while over the limits (one always stays)."""
        max_bytes = self.max_bytes
        while len(self) > 1 and (len(self) > self.limit or self.bytes > max_bytes):
            _, old = self.popitem(last=False)
            self.bytes -= surface_bytes(old)

    def put_cold(self, key: Any, value: Any) -> bool:
        """Add an entry as the least recently used one — a guess at what will be drawn, not
        drawn yet: over the limits it goes first (itself, if everything else was drawn since;
        then False).  Guesses added one after another go in reverse: the last one first."""
        if key in self:
            return True
        super().__setitem__(key, value)
        self.move_to_end(key, last=False)
        self.bytes += surface_bytes(value)
        self._evict()
        return key in self

    def trim(self, max_mb: float) -> None:
        """Keep only the most recently used entries, up to ``max_mb`` megabytes (what the
        last frames drew stays: a screen hiding the table is not followed by a redraw of it all)."""
        while len(self) > 1 and self.bytes > max_mb * 1024 * 1024:
            _, old = self.popitem(last=False)
            self.bytes -= surface_bytes(old)

    def clear(self) -> None:
        super().clear()
        self.bytes = 0


def sized_lru(maxsize: int, *, sized: bool = True) -> Callable[[F], F]:
    """``functools.lru_cache(maxsize)``, listed in the report and (``sized``: its result
    depends on a pixel size) emptied when the window changes size."""
    def wrap(fn: F) -> F:
        cached = lru_cache(maxsize=maxsize)(fn)
        name = f"{fn.__module__.removeprefix('knjazja.ui.')}.{fn.__name__}"
        _FUNCTIONS[name] = cached
        if sized:
            _SIZED_FUNCTIONS.add(name)
        return cached  # type: ignore[return-value]
    return wrap


def clear_sized() -> None:
    """The window changed size: forget what was drawn for the old one."""
    for name in _SIZED_FUNCTIONS:
        _FUNCTIONS[name].cache_clear()
    for lru in list(_LRUS):
        if lru.sized:
            lru.clear()
    give_back_memory()


def track(name: str, cache: C) -> C:
    """Count a byte-bounded cache of its own kind (``clear()``, ``len``, ``bytes``) among the
    caches ``clear_all`` empties and ``report`` lists; returns it."""
    _BYTE_CACHES[name] = cache
    return cache


def clear_all() -> None:
    """Forget everything drawn, of every size (the drawing check starts from nothing; the
    card-face worker keeps itself small)."""
    for fn in _FUNCTIONS.values():
        fn.cache_clear()
    for cache in _BYTE_CACHES.values():
        cache.clear()
    for lru in list(_LRUS):
        lru.clear()


def give_back_memory() -> None:
    """Hand freed heap pages back to the OS (glibc keeps them otherwise: the resident size
    would stay at its peak after the old size's surfaces were dropped)."""
    global _TRIM
    if _TRIM is None:
        _TRIM = _find_malloc_trim()
    if _TRIM:
        _TRIM(0)


_TRIM: Any = None

# glibc serves an allocation this big from pages of its own (mmap), handed back when freed.
# Left to itself it raises that threshold after each such free, up to 32 MB, so that later
# window-sized surfaces and faces come from the heap and leave holes in it: a whole 8-seat
# game at 1920×1080 held ~15 MB more that way.  Fixing it also fixes when freed heap is
# handed back; at most two arenas (the bots' threads would each get one).
MMAP_THRESHOLD = 256 * 1024
_M_MMAP_THRESHOLD, _M_ARENA_MAX = -3, -8      # mallopt's parameters (malloc.h)


def tune_malloc() -> bool:
    """Fix glibc's mmap threshold and arenas for this process (once, early: before its big
    allocations and its threads); False where there is no glibc."""
    mallopt = getattr(_libc(), "mallopt", None)
    if mallopt is None:
        return False
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)) & bool(mallopt(_M_ARENA_MAX, 2))


def _libc() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes
        return ctypes.CDLL("libc.so.6")
    except OSError:                           # no glibc (musl...): nothing to trim
        return None


def _find_malloc_trim() -> Any:
    return getattr(_libc(), "malloc_trim", None) or False


def report() -> dict[str, dict[str, float]]:
    """Each cache's entries, limit and (surface caches) megabytes, by name."""
    out: dict[str, dict[str, float]] = {}
    for name, fn in sorted(_FUNCTIONS.items()):
        info = fn.cache_info()
        out[name] = {"entries": info.currsize, "limit": info.maxsize or 0}
    for lru in _LRUS:
        entry = out.setdefault(lru.name, {"entries": 0, "limit": 0, "mb": 0.0})
        entry["entries"] += len(lru)
        entry["limit"] += lru.limit
        entry["mb"] = round(entry.get("mb", 0.0) + lru.bytes / (1024 * 1024), 1)
    for name, cache in _BYTE_CACHES.items():
        out[name] = {"entries": len(cache), "limit": 0, "mb": round(cache.bytes / (1024 * 1024), 1)}
    return out
