"""Where things are on the table's screen, for tests that click like a player.

The table scene has no test hooks: these read its layout (the hand fan, the board's
geometry, the buttons) the way the drawing does.
"""
from pygame import Rect

from knjazja.engine import Action
from knjazja.engine.cards import CARD_ID


def rect_of_hand_card(scene, card: int) -> Rect | None:
    """The visible part of ``card`` (or an identical copy) in the viewer's hand."""
    scene.layout_fan()
    fan = scene.fan
    r = fan.rect_of(card)
    if r is None:
        r = next((rr for c, rr in fan.rects if CARD_ID[c] == CARD_ID[card]), None)
    if r is None:
        return None
    visible = Rect(r)
    for c, rr in fan.rects:
        if r.left < rr.left < visible.right and c != fan.hover:
            visible.width = rr.left - visible.left
            break
    return visible


def rect_of_city(scene, city: int) -> Rect | None:
    scene.ensure_geometry()
    r = scene.board.city_rect(city)
    return Rect(r.left + 2, r.top + r.height // 3, r.width - 4, r.height // 3) if r is not None else None


def rect_of_seat(scene, seat: int) -> Rect | None:
    """A spot in the seat's area that is no city or chronicle (its name)."""
    scene.ensure_geometry()
    g = scene.board.geoms.get(seat)
    return Rect(g.name_rect) if g is not None else None


def rect_of_chronicle(scene, card: int) -> Rect | None:
    scene.ensure_geometry()
    return scene.board.chip_rect(card)


def rect_of_troop(scene, card: int) -> Rect | None:
    """A troop lying on the war stack (a Bribe's target)."""
    scene.ensure_geometry()
    c = scene.board.centre
    for pc in reversed(c.cards if c is not None else []):
        if pc.card == card and pc.troop:
            return Rect(pc.rect)
    return None


def rect_of_war(scene) -> Rect:
    """An empty spot of the centre (the war stack): drop troops and war events here."""
    scene.ensure_geometry()
    r = scene.board.centre_rect
    return Rect(r.right - r.width // 8, r.top + r.height // 3, max(4, r.width // 12), max(4, r.height // 5))


def rect_of_deck(scene) -> Rect:
    return scene.board.pile_card_rect(scene.layout.deck)


def rect_of_discard(scene) -> Rect:
    return scene.board.pile_card_rect(scene.layout.discard)


def rect_of_button(scene, action: Action | str) -> Rect | None:
    """The visible, enabled button that takes ``action`` (or a fixed button by name)."""
    c = scene.controller
    return scene.controls.rect_of(action, scene.session.legal() if c.can_act() else [])
