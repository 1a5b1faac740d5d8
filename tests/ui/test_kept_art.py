"""The menu's table kept on disk (knjazja.ui.art.kept, issue 62: open in a blink): the frame
drawn from the kept picture is the frame painted afresh, pixel for pixel; a damaged file is
painted again; only the last few pictures stay."""
from __future__ import annotations

import pygame
import pytest

from knjazja.app.store.settings import Settings
from knjazja.ui.app import App
from knjazja.ui.art import kept
from knjazja.ui.scenes.menu import MenuScene


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KNJAZJA_HOME", str(tmp_path))
    return tmp_path


def menu_frame(size=(1024, 640)) -> bytes:
    app = App(Settings(), persist=False, size=size)
    try:
        app.stack.push(MenuScene())
        app.step([], 1 / 60)
        kept.wait_for_writes()
        return pygame.image.tobytes(app.screen, "RGB")
    finally:
        app.stack.clear()


def test_the_kept_menu_table_draws_the_same_frame_as_painting_it(home, monkeypatch):
    monkeypatch.setenv(kept.ENV, "0")
    painted = menu_frame()
    assert not (home / "cache").exists()                     # off: nothing kept
    monkeypatch.setenv(kept.ENV, "1")
    first = menu_frame()                                     # painted, then kept
    files = list(kept.folder().glob("menu-table-*.px"))
    assert len(files) == 1
    again = menu_frame()                                     # read back
    assert painted == first == again


def test_a_damaged_kept_picture_is_painted_again(home, monkeypatch):
    monkeypatch.setenv(kept.ENV, "1")
    good = menu_frame()
    (path,) = kept.folder().glob("menu-table-*.px")
    path.write_bytes(path.read_bytes()[:1000])               # cut short
    assert menu_frame() == good
    assert path.stat().st_size > 1000                        # and kept whole again
    path.write_bytes(b"not a picture")
    assert menu_frame() == good


def test_only_the_last_pictures_of_this_build_stay(home, monkeypatch):
    monkeypatch.setenv(kept.ENV, "1")
    where = kept.folder()
    where.mkdir(parents=True)
    (where / "menu-table-en-0.0.0.0-10x10-oldbuild.px").write_bytes(b"x")
    red = pygame.Surface((4, 3))
    red.fill((200, 10, 10))
    for i in range(kept.KEEP + 3):
        surface = kept.kept(f"test-{i}", (4, 3), red.copy)
        kept.wait_for_writes()
        assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(red, "RGB")
    names = sorted(p.name for p in where.iterdir())
    assert len(names) == kept.KEEP and not any("oldbuild" in n for n in names), names
    back = kept.kept(f"test-{kept.KEEP + 2}", (4, 3), lambda: pytest.fail("painted again"))
    assert pygame.image.tobytes(back, "RGB") == pygame.image.tobytes(red, "RGB")
