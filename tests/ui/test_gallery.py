"""The card gallery: all 68 distinct cards, copies adding up to 100, filters, the zoom."""
import pygame

from knjazja.ui.scenes.gallery import KINDS, CardZoomScene, GalleryScene, card_facts


def test_gallery_lists_every_card_and_filters(make_app):
    app = make_app((1280, 720))
    scene = app.stack.push(GalleryScene())
    app.step([])
    assert len(scene.visible_cards()) == len(scene.cells) == 68
    assert len({c["id"] for c in scene.cards}) == 68
    assert sum(c["copies"] for c in scene.cards) == 100
    assert sum(scene.count(k) for k in KINDS if k != "all") == 68
    counts = {}
    for kind in KINDS[1:]:
        scene.set_filter(kind)
        counts[kind] = len(scene.cells)
        assert all(e["kind"] == kind for _, e in scene.cells)
    assert counts == {"city": 11, "building": 11, "troop": 18, "event": 18, "chronicle": 10}
    copies = {}
    for kind in KINDS[1:]:
        scene.set_filter(kind)
        copies[kind] = sum(e["copies"] for _, e in scene.cells)
    assert copies == {"city": 11, "building": 29, "troop": 24, "event": 24, "chronicle": 12}
    # the filter buttons do the same
    button = scene.filter_buttons["all"]
    pos = button.rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    assert scene.kind == "all" and len(scene.cells) == 68


def test_faces_render_progressively(make_app):
    app = make_app((1280, 720))
    scene = app.stack.push(GalleryScene(kind="city"))
    for _ in range(30):
        app.step([])
    drawn = [scene.face(e["id"], render=False) for _, e in scene.cells]
    assert all(isinstance(img, pygame.Surface) for img in drawn)
    assert drawn[0].get_size() == scene.card_size


def test_clicking_a_card_opens_the_zoom(make_app):
    app = make_app((1920, 1080))
    app.set_language("ru")
    scene = app.stack.push(GalleryScene(kind="troop"))
    app.step([])
    rect, entry = scene.cells[2]
    pos = (scene.scroll.view.left + rect.centerx, scene.scroll.view.top + rect.top + 20)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    zoom = app.stack.top
    assert isinstance(zoom, CardZoomScene)
    assert zoom.entry["id"] == entry["id"] and zoom.entry["text"]
    app.step([])
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)])
    assert zoom.entry["id"] == scene.cells[3][1]["id"]
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert app.stack.top is scene


def test_card_facts():
    militia = {"kind": "troop", "strength": None, "foreign": False}
    assert len(card_facts(militia)) == 2
    assert card_facts({"kind": "city", "glory": 3})
