"""Every cache the UI keeps is bounded, and what was drawn for an old window size is
forgotten when the window changes size (knjazja.ui.caches)."""
import pygame

from knjazja.ui import caches
from knjazja.ui.caches import SurfaceLru, sized_lru


def test_a_surface_cache_keeps_to_its_entries_and_megabytes():
    lru = SurfaceLru("test.lru", limit=5, max_mb=1)
    for i in range(8):
        lru.put(i, pygame.Surface((10, 10), pygame.SRCALPHA))
    assert list(lru) == [3, 4, 5, 6, 7] and lru.bytes == 5 * 400
    lru.get_or(3, lambda: None)                           # used: now the newest
    big = pygame.Surface((400, 400), pygame.SRCALPHA)     # 0.61 MB
    lru.put("big", big)
    lru.put("big2", big.copy())                           # over 1 MB: the oldest go first
    assert "big" not in lru and "big2" in lru and lru.bytes <= 1024 * 1024
    lru.clear()
    assert lru.bytes == 0


def test_sized_caches_are_emptied_on_a_resize_and_reported():
    calls = []

    @sized_lru(4)
    def drawn(size):
        calls.append(size)
        return pygame.Surface(size)

    lru = SurfaceLru("test.sized", limit=10, max_mb=4)
    kept = SurfaceLru("test.kept", limit=10, max_mb=4, sized=False)
    drawn((5, 5))
    drawn((5, 5))
    lru.put("a", pygame.Surface((3, 3)))
    kept.put("a", pygame.Surface((3, 3)))
    report = caches.report()
    assert [v["entries"] for k, v in report.items() if k.endswith(".drawn")] == [1]
    assert report["test.sized"]["entries"] == 1
    caches.clear_sized()
    assert len(lru) == 0 and len(kept) == 1
    drawn((5, 5))
    assert calls == [(5, 5), (5, 5)]                    # drawn again after the resize


def test_the_app_forgets_the_old_size_when_the_window_changes(make_app):
    from knjazja.ui.art.background import render_table_background
    app = make_app((1280, 720), persist=False)
    render_table_background((1280, 720))
    assert caches.report()["art.background._table"]["entries"] >= 1
    app.resize((1300, 760))
    assert caches.report()["art.background._table"]["entries"] == 0
    assert caches.report()["art.background._table"]["limit"] <= 2
