"""Every card its own picture (issue 16): one picture per distinct card, copies share theirs,
every picture file is ours, loads and draws, and the faces show them."""
from __future__ import annotations

import ast
import hashlib
import re
from pathlib import Path

import pygame
import pytest

from knjazja.engine import cards
from knjazja.ui import art
from knjazja.ui.art import icons, pictures, resources
from knjazja.ui.art.picture_table import PAINTED, PICTURES, card_family

FAMILIES = sorted({card_family(sp.id) for sp in cards.SPECS})
SVG_NAMES = sorted(set(PICTURES.values()) - PAINTED)


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def test_copies_are_told_by_their_number_only():
    assert card_family("troop.druzhina.10") == "troop.druzhina"
    assert card_family("troop.polovtsy.3") == "troop.polovtsy"
    assert card_family("city.kiev") == "city.kiev"
    # the numbered copies are exactly the Druzhinas 1-10 and the Polovtsian Hosts 1-4
    copies = {sp.id for sp in cards.SPECS if card_family(sp.id) != sp.id}
    assert copies == {f"troop.druzhina.{n}" for n in range(1, 11)} | \
        {f"troop.polovtsy.{n}" for n in range(1, 5)}


def test_every_distinct_card_has_its_own_picture():
    assert len(cards.SPECS) == 68 and len(FAMILIES) == 56
    assert set(PICTURES) == set(FAMILIES)           # no card without one, no stale entries
    by_picture: dict[str, list[str]] = {}
    for family in FAMILIES:
        by_picture.setdefault(PICTURES[family], []).append(family)
    shared = {p: f for p, f in by_picture.items() if len(f) > 1}
    assert not shared, f"distinct cards share a picture: {shared}"
    # copies share their family's picture
    assert {pictures.picture_name(f"troop.druzhina.{n}") for n in range(1, 11)} == {"troop"}
    assert len({pictures.picture_name(f"troop.polovtsy.{n}") for n in range(1, 5)}) == 1
    with pytest.raises(KeyError):
        pictures.picture_name("city.atlantis")


def test_painted_pictures_exist_and_the_rest_are_files_of_ours():
    assert PAINTED <= icons.painter_names()
    folder = resources.assets_root() / pictures.PICTURE_FOLDER
    on_disk = {p.stem for p in folder.glob("*.svg")}
    assert on_disk == set(SVG_NAMES), "every picture file is used and every used one exists"
    readme = (folder / "README.md").read_text("utf-8")
    assert "drawn by" in readme.lower() and "knjaz" in readme.lower()
    for name in SVG_NAMES:
        text = (folder / f"{name}.svg").read_text("utf-8")
        assert re.search(r'viewBox="0 0 100 100"', text), name
        assert "Drawn for Knjaz'ja" in text, f"{name}.svg does not say where it comes from"
        # nothing from elsewhere: no embedded bitmaps, no links to other files
        assert "<image" not in text and "href" not in text, name


@pytest.mark.parametrize("name", SVG_NAMES)
def test_each_picture_file_loads_and_draws_a_silhouette(name):
    pic = pictures.render_picture(name, 64)
    assert pic.get_size() == (64, 64)
    opaque = sum(pic.get_at((x, y)).a > 200 for x in range(0, 64, 2) for y in range(0, 64, 2))
    clear = sum(pic.get_at((x, y)).a == 0 for x in range(0, 64, 2) for y in range(0, 64, 2))
    assert opaque > 0.15 * 1024, f"{name}: too little drawn"
    assert clear > 0.05 * 1024, f"{name}: no background shows through (not a silhouette)"


def test_pictures_differ_from_each_other():
    digests = {}
    for name in sorted(set(PICTURES.values())):
        pic = pictures.render_picture(name, 48)
        digests.setdefault(hashlib.sha1(pygame.image.tobytes(pic, "RGBA")).hexdigest(), []).append(name)
    assert all(len(names) == 1 for names in digests.values()), digests


def test_pictures_are_drawn_at_the_size_asked():
    """Vector pictures are rasterised at the card's size, not scaled up from a small bitmap."""
    small = pictures.render_picture("kiev", 60)
    big = pictures.render_picture("kiev", 600)
    assert big.get_size() == (600, 600)
    # a sharp edge: a big picture has fully opaque and fully clear pixels side by side
    row = [big.get_at((x, 300)).a for x in range(600)]
    steps = [abs(a - b) for a, b in zip(row, row[1:])]
    assert max(steps) > 120
    assert small.get_size() == (60, 60)


def test_check_pictures_counts_them_and_names_a_missing_file(monkeypatch, tmp_path):
    assert pictures.check_pictures() == len(set(PICTURES.values())) == 56
    copy = tmp_path / "assets" / pictures.PICTURE_FOLDER
    copy.mkdir(parents=True)
    real = resources.assets_root() / pictures.PICTURE_FOLDER
    for p in real.glob("*.svg"):
        if p.name != "spyglass.svg":
            (copy / p.name).write_bytes(p.read_bytes())
    monkeypatch.setenv("KNJAZJA_ASSETS", str(tmp_path / "assets"))
    with pytest.raises(art.MissingAssetError) as err:
        pictures.check_pictures()
    assert err.value.path.endswith("spyglass.svg")
    (copy / "spyglass.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"/>')
    with pytest.raises(pictures.PictureError, match="spyglass.svg"):
        pictures.check_pictures()


def test_self_test_reports_a_missing_picture(monkeypatch, tmp_path, capsys):
    from knjazja.ui import selftest

    real = resources.assets_root()
    copy = tmp_path / "assets"
    for src in real.rglob("*"):
        if src.is_file() and src.name != "poisoned_cup.svg":
            dst = copy / src.relative_to(real)
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_bytes(src.read_bytes())
    monkeypatch.setenv("KNJAZJA_ASSETS", str(copy))
    # the pictures are checked before the languages and the card faces
    monkeypatch.setattr(selftest._Run, "languages", lambda self: pytest.fail("went past pictures"))
    resources._load_font.cache_clear()
    try:
        code = selftest.self_test()
    finally:
        resources._load_font.cache_clear()
    out = capsys.readouterr().out.strip()
    assert code == 1
    assert out.startswith("self-test FAILED: missing game file") and out.endswith("poisoned_cup.svg")


def test_faces_show_their_own_picture():
    """Two cards of one kind differ in the art window; two copies of one card differ only in
    their number (the medallion), not in the picture."""
    size = (150, 210)

    def art_window(cid: str) -> bytes:
        face = art.render_card(cid, "en", size)
        # the lower middle of the art window: below the medallion, above the bottom frame
        return pygame.image.tobytes(face.subsurface(pygame.Rect(60, 110, 60, 70)), "RGBA")

    assert art_window("ev.recon") != art_window("ev.bribe")
    assert art_window("chr.anna") != art_window("chr.voivode")
    assert art_window("city.kiev") != art_window("city.novgorod")
    assert art_window("troop.druzhina.3") == art_window("troop.druzhina.7")


def test_picture_files_are_small():
    """The archive may grow by 2 MB at most; the pictures are a small part of that."""
    folder = resources.assets_root() / pictures.PICTURE_FOLDER
    total = sum(p.stat().st_size for p in folder.iterdir())
    assert total < 300 * 1024


def test_the_art_package_keeps_modules_and_functions_short():
    folder = Path(art.__file__).parent
    for module in folder.glob("*.py"):
        source = module.read_text("utf-8")
        assert len(source.splitlines()) <= 500, module.name
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert node.end_lineno - node.lineno < 80, f"{module.name}: {node.name}"
