"""Every cache the UI keeps is bounded, and what was drawn for an old window size is
forgotten when the window changes size (knjazja.ui.caches)."""
import threading

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


def test_a_window_sized_cache_keeps_to_so_many_windows_of_pixels(make_app):
    """The table's text and sprite caches hold what one table at the window's size needs:
    their byte limit follows the window, and they never go over it."""
    from knjazja.ui.table.sprites import SPRITE_WINDOWS, TEXT_WINDOWS, Sprites, TextCache

    w, h = make_app((960, 540)).screen.get_size()
    window = w * h * 4
    lru = SurfaceLru("test.windows", limit=100, max_mb=64, windows=0.5)
    assert lru.max_bytes == window // 2
    for i in range(10):
        lru.put(i, pygame.Surface((w // 4, h // 4), pygame.SRCALPHA))    # 1/16 of the window each
        assert lru.bytes <= lru.max_bytes
    assert len(lru) == 8
    texts, sprites = TextCache(), Sprites()
    assert texts._cache.max_bytes == int(TEXT_WINDOWS * window)
    assert sprites._misc.max_bytes == int(SPRITE_WINDOWS * window)
    for i in range(400):
        texts.render(f"line {i} " * 8, "body", 40, (255, 255, 255))
    assert 0 < texts._cache.bytes <= texts._cache.max_bytes


def test_a_trimmed_cache_keeps_its_most_recently_used_entries():
    lru = SurfaceLru("test.trim", 100, 100, sized=False)
    for i in range(10):
        lru.put(i, pygame.Surface((256, 256), pygame.SRCALPHA))     # 256 KB each
    lru.get_or(0, lambda: None)                                       # used again: recent
    lru.trim(1.0)                                                     # 4 of them
    assert list(lru) == [7, 8, 9, 0] and lru.bytes == 4 * 256 * 256 * 4


def test_a_guess_goes_in_as_the_least_recently_used_and_goes_first():
    """``put_cold``: a prefetched face not drawn yet is let go before any face drawn, and of
    two guesses the later (less likely) one first."""
    lru = SurfaceLru("test.cold", 100, 1.0, sized=False)       # room for 4 of 256 KB
    for i in range(3):
        lru.put(("drawn", i), pygame.Surface((256, 256), pygame.SRCALPHA))
    assert lru.put_cold(("guess", 0), pygame.Surface((256, 256), pygame.SRCALPHA))
    assert not lru.put_cold(("guess", 1), pygame.Surface((256, 256), pygame.SRCALPHA))   # full: itself
    assert list(lru) == [("guess", 0), ("drawn", 0), ("drawn", 1), ("drawn", 2)]
    lru.put(("drawn", 3), pygame.Surface((256, 256), pygame.SRCALPHA))
    assert ("guess", 0) not in lru and len(lru) == 4 and lru.bytes == 4 * 256 * 256 * 4
    lru.clear()
    for i in range(3):
        lru.put_cold(("guess", i), pygame.Surface((256, 256), pygame.SRCALPHA))
    lru.get_or(("guess", 0), lambda: None)                          # drawn: now the most recent
    lru.put(("drawn", 0), pygame.Surface((256, 256), pygame.SRCALPHA))
    lru.put(("drawn", 1), pygame.Surface((256, 256), pygame.SRCALPHA))
    assert list(lru) == [("guess", 1), ("guess", 0), ("drawn", 0), ("drawn", 1)]


def test_a_pulsing_glow_is_one_surface_per_size_whatever_its_strength(make_app):
    """The glow around the deciding seat pulses by its opacity: one surface per size, not
    one per shade (each ~1 MB at 1920×1080)."""
    from knjazja.ui.table.sprites import Sprites

    make_app((960, 540), persist=False)
    sp = Sprites()
    glows = {id(sp.pulsing_glow((400, 120), (255, 214, 90), 9, level / 20)) for level in range(21)}
    assert len(glows) == 1 and len(sp._misc) == 1
    assert sp.pulsing_glow((400, 120), (255, 214, 90), 9, 0.5).get_alpha() == 128
    assert sp.pulsing_glow((400, 120), (255, 214, 90), 9, 1.0).get_alpha() == 255


def test_the_card_parts_drawn_large_are_kept_briefly():
    """A kind's frame and art backdrop at SS x (up to 0.6 MB each) are kept in a small cache
    of their own; the parts at final size in SHAPES: both within their bytes."""
    from knjazja.engine.cards import SPECS
    from knjazja.ui.art import card_parts
    from knjazja.ui.art.card import render_card_uncached

    pygame.font.init()
    for size in ((90, 126), (173, 242), (120, 168)):
        for spec in SPECS[::7]:
            render_card_uncached(spec.id, "ru", size)
    assert 0 < card_parts.SS_PARTS._bytes <= card_parts.SS_PARTS.max_bytes <= 4 * 2**20
    assert not any(key[0] in ("chrome", "art") for key in card_parts.SHAPES._items)
    assert card_parts.SHAPES._bytes <= card_parts.SHAPES.max_bytes


def test_glibc_is_told_to_give_big_surfaces_pages_of_their_own():
    """``tune_malloc`` sets glibc's mmap threshold (a fixed one: no more creeping up to 32 MB
    after each big free) and its arenas; where there is no glibc it says so."""
    import ctypes
    import sys

    from knjazja.ui import caches

    libc = caches._libc()
    if libc is None or not hasattr(libc, "mallopt"):
        assert caches.tune_malloc() is False
        return
    assert caches.tune_malloc() is True
    assert sys.platform.startswith("linux") and isinstance(libc, ctypes.CDLL)
    before = caches.surface_bytes(pygame.Surface((1024, 1024)))
    assert before == 4 * 1024 * 1024                  # a big allocation after it still works


def test_the_card_parts_are_forgotten_with_everything_else_and_reported():
    """``clear_all`` (what the card-face worker calls past its size) empties the card parts
    too: left out, they were 16 MB the worker could never hand back."""
    from knjazja.ui.art import card_parts
    from knjazja.ui.art.card import render_card_uncached

    pygame.font.init()
    render_card_uncached("city.kiev", "ru", (173, 242))
    report = caches.report()
    assert report["art.shapes"]["entries"] == len(card_parts.SHAPES) > 0
    assert report["art.shapes"]["mb"] == round(card_parts.SHAPES.bytes / 2**20, 1)
    assert report["art.ss_parts"]["entries"] == len(card_parts.SS_PARTS) > 0
    caches.clear_all()
    assert len(card_parts.SHAPES) == len(card_parts.SS_PARTS) == 0
    assert card_parts.SHAPES.bytes == card_parts.SS_PARTS.bytes == 0


def test_the_table_keeps_its_top_once_and_the_menu_gets_it_back_unpacked(make_app):
    """While the table shows, its backdrop holds the table top: the picture itself is let go
    and kept packed (~2.5 MB for 8.3 at 1920×1080); asked for again, it is the same pixels."""
    from knjazja.app.session import GameSession, Seat
    from knjazja.ui.art import background
    from knjazja.ui.table.scene import TableScene

    app = make_app((960, 540), persist=False)
    painted = pygame.image.tobytes(background.render_table_background((960, 540)), "RGB")
    app.stack.push(TableScene(GameSession([Seat("A", "human"), Seat("B", "normal")], seed=3),
                              sync_bots=True))
    app.step([], 1 / 60)
    assert len(background._TOPS) == 0 and background._PACKED.key == (960, 540, "wood")
    assert 0 < background._PACKED.bytes <= len(painted)
    for t in threading.enumerate():         # the packing thread, done
        if t.name == "knjazja-table-top":
            t.join(30)
    assert background._PACKED.packed and background._PACKED.bytes < len(painted) // 2
    again = background.render_table_background((960, 540))
    assert pygame.image.tobytes(again, "RGB") == painted
    assert len(background._TOPS) == 1
