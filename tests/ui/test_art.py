"""Procedural art: every card renders at hand and zoom size in both languages, kinds are
told apart by frame colour (and icon), and missing assets fail clearly."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json  # noqa: E402
import wave  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from knjazja.engine import cards  # noqa: E402
from knjazja.ui import art  # noqa: E402
from knjazja.ui.art import resources  # noqa: E402

SMALL = (90, 126)
ZOOM = (300, 420)
IDS = [sp.id for sp in cards.SPECS]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield


def _has_texts(lang: str) -> bool:
    try:
        cards.texts(lang)
    except (OSError, json.JSONDecodeError):
        return False
    return True


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size", [SMALL, ZOOM], ids=["small", "zoom"])
def test_every_card_renders(lang, size):
    if not _has_texts(lang):
        pytest.skip(f"texts.{lang}.json not present")
    for cid in IDS:
        surf = art.render_card(cid, lang, size)
        assert isinstance(surf, pygame.Surface)
        assert surf.get_size() == size
        # opaque in the middle, transparent in the rounded corner
        assert surf.get_at((size[0] // 2, size[1] // 2)).a == 255
        assert surf.get_at((0, 0)).a < 128


def test_render_is_cached():
    a = art.render_card("city.kiev", "ru", ZOOM)
    assert art.render_card("city.kiev", "ru", ZOOM) is a
    assert art.render_card("city.kiev", "en", ZOOM) is not a


def test_bad_arguments():
    with pytest.raises(KeyError):
        art.render_card("city.atlantis", "ru", ZOOM)
    with pytest.raises(ValueError):
        art.render_card("city.kiev", "de", ZOOM)


def test_kinds_have_distinct_frame_colours():
    assert set(art.FRAME_COLOURS) == set(cards.KINDS)
    assert len(set(art.FRAME_COLOURS.values())) == len(cards.KINDS)
    # and the rendered frames really differ: sample the left frame band
    one_of_each = {}
    for sp in cards.SPECS:
        one_of_each.setdefault(sp.kind, sp.id)
    for size in (SMALL, ZOOM):
        sampled = {}
        for kind, cid in one_of_each.items():
            surf = art.render_card(cid, "ru", size)
            c = surf.get_at((int(size[0] * 0.035), size[1] // 2))
            sampled[kind] = (c.r, c.g, c.b)
        kinds = list(sampled)
        for i, a in enumerate(kinds):
            for b in kinds[i + 1:]:
                dist = sum(abs(x - y) for x, y in zip(sampled[a], sampled[b]))
                assert dist > 40, (size, a, b, sampled[a], sampled[b])


def test_corner_numbers():
    spec = cards.SPEC_BY_ID
    assert art.corner_value(spec["city.kiev"], "ru").text == "3"
    assert art.corner_value(spec["troop.militia"], "ru").text == "=Г"
    assert art.corner_value(spec["troop.militia"], "en").text == "=G"
    assert art.corner_value(spec["wall.kremlin"], "en").shape == "strength"
    assert art.corner_value(spec["chr.vasilko"], "en").text == "−4"   # a real minus sign
    assert art.corner_value(spec["chr.polovtsian_campaign"], "en").text == "+3"
    assert art.corner_value(spec["ev.fire"], "en") is None


def test_back_table_and_icons():
    for size in (SMALL, ZOOM, (60, 84)):
        back = art.render_card_back(size)
        assert back.get_size() == size
    table = art.render_table_background((640, 360))
    assert table.get_size() == (640, 360)
    assert art.render_table_background((640, 360)) is table
    assert art.render_table_background((320, 200), "cloth").get_size() == (320, 200)
    for kind in cards.KINDS:
        icon = art.kind_icon(kind, 32)
        assert icon.get_size() == (32, 32)
        assert icon.get_at((0, 0)).a == 0          # transparent background
        assert any(icon.get_at((x, y)).a > 200 for x in range(32) for y in range(32))


def test_fonts_load_for_every_role():
    for role in ("title", "body", "bold"):
        f = art.load_font(role, 20)
        assert f.size("Князья")[0] > 0
    assert art.load_font("title", 20, "en") is not art.load_font("title", 20, "ru")
    with pytest.raises(ValueError):
        art.load_font("comic", 12)


def test_missing_asset_raises(monkeypatch, tmp_path):
    with pytest.raises(art.MissingAssetError) as e:
        art.asset_path("fonts", "no-such-font.ttf")
    assert "no-such-font.ttf" in str(e.value) and e.value.path.endswith("no-such-font.ttf")
    assert isinstance(e.value, FileNotFoundError)
    # an empty assets folder: loading a font fails with the same clear error
    monkeypatch.setenv("KNJAZJA_ASSETS", str(tmp_path))
    resources._load_font.cache_clear()
    try:
        with pytest.raises(art.MissingAssetError):
            art.load_font("body", 13)
    finally:
        monkeypatch.delenv("KNJAZJA_ASSETS")
        resources._load_font.cache_clear()


def test_pyinstaller_bundle_path(monkeypatch, tmp_path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "x.txt").write_text("x")
    monkeypatch.setattr(resources.sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.asset_path("x.txt") == tmp_path / "assets" / "x.txt"


def test_shipped_assets():
    for name in resources.FONT_FILES.values():
        assert art.asset_path("fonts", name).stat().st_size > 10_000
    for lic in ("OFL-TriodPostnaja.txt", "OFL-OldStandard.txt", "OFL-NotoSerif.txt", "README.md"):
        assert "Open Font License" in art.asset_path("fonts", lic).read_text("utf-8") or lic == "README.md"
    icon = pygame.image.load(str(art.asset_path("icon.png")))
    assert icon.get_size() == (256, 256)
    total = 0
    for name in ("card_play", "war_drum", "city_captured", "fire", "click"):
        path = art.asset_path("sounds", f"{name}.wav")
        with wave.open(str(path)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
            assert w.getnframes() / w.getframerate() < 1.5
        total += path.stat().st_size
    assert total < 400 * 1024


def test_theme_loads_in_pygame_gui():
    pygame_gui = pytest.importorskip("pygame_gui")
    from knjazja.ui.gui_theme import load_theme_file

    theme = load_theme_file()
    path = theme["button"]["font"]["regular_path"] if "font" in theme["button"] else \
        theme["#kn_shape"]["font"]["regular_path"]
    assert os.path.isabs(path) and os.path.exists(path)
    pygame.display.set_mode((320, 200))
    manager = pygame_gui.UIManager((320, 200), theme, starting_language="ru")
    pygame_gui.elements.UILabel(pygame.Rect(0, 0, 320, 90), "Князья", manager, object_id="#title")
    pygame_gui.elements.UIButton(pygame.Rect(0, 80, 200, 40), "Начать", manager)
    manager.update(0.01)
    manager.draw_ui(pygame.display.get_surface())
