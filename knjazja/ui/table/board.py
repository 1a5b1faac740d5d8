"""The board: every player area, the piles and the centre, as geometry and as one cached layer.

``Board.ensure`` computes where everything lies for the current view (cached per view
version); the lookups (``city_rect``, ``targets_at``, ``card_at``…) answer hit-tests and
animation paths from that geometry.  ``Board.layer`` renders the parts that only change
when the view or the lit targets change onto a copy of the backdrop, so a frame where
nothing happens costs one opaque blit plus the few moving things (glows, the hand).
"""
from __future__ import annotations

import pygame
from pygame import Rect

from knjazja.app.table.clicks import MIDDLE
from knjazja.app.wording.i18n import tr
from knjazja.app.table.prompts import TAG_THINKING, TAG_TURN
from knjazja.app.table.table_view import TableView
from knjazja.engine.refusals import Target
from knjazja.engine.kinds import TargetKind
from knjazja.ui import drawn, style
from knjazja.ui.art.palette import DANGER, HIGHLIGHT, TARGET
from knjazja.ui.table.areas import AreaGeom, area_geometry, draw_area
from knjazja.ui.table.context import DrawContext
from knjazja.ui.table.layout import TableLayout
from knjazja.ui.table.plates import plate_names
from knjazja.ui.table.piles import (PileGeom, draw_pile_labels, draw_piles, pile_card_rect, pile_geometry,
                                    turns_left_text)
from knjazja.ui.table.sprites import seat_colour
from knjazja.ui.table.warstack import CentreGeom, centre_geometry, draw_centre, draw_centre_glow, least_height


CENTRE_GAP = 4      # between the centre's content and a dialog under it


def tag_rect(area: Rect, side: str, text: tuple[int, int], unit: int, gap: int, hourglass: bool = False,
             avoid: tuple[Rect, ...] = (), spare: Rect | None = None) -> Rect:
    """Where an area's tag («Ход», «Думает…») lies: on the edge towards the centre, reaching
    out of its area only into the gap beside it — never onto a neighbour's panel — as near
    the edge's middle as it can lie clear of ``avoid`` (the area's cities, chips and plate);
    where the edge has no such place, in the middle of ``spare`` (a name box's empty row)."""
    tw, th = text
    pill = Rect(0, 0, tw + unit + (th if hourglass else 0), th + 2)
    out = min(pill.height // 2, max(0, gap - 2))
    if side == "top":
        pill.midbottom = (area.centerx, area.bottom + out)
    elif side == "bottom":
        pill.midtop = (area.centerx, area.top + 3)
    else:
        pill.midtop = (area.centerx, area.top - out)
    inside = area.inflate(-2 * unit, 0)
    step = max(2, unit // 2)
    for k in range(0, 2 * max(1, inside.width // step) + 1):
        dx = (k + 1) // 2 * step * (1 if k % 2 else -1)
        tried = pill.move(dx, 0)
        if not (inside.left <= tried.left and tried.right <= inside.right):
            continue
        if not any(tried.colliderect(r.inflate(2, 2)) for r in avoid):
            return tried
    if spare is not None and pill.width <= spare.width and pill.height <= spare.height:
        pill.center = spare.center
    return pill


def strip_names(L: TableLayout, area, names: list[str]) -> list[str]:
    """The names shown in strips as wide as ``area``'s (its plate's neighbours; ``names``:
    the plates' names, ``plate_names``)."""
    return [names[a.seat] for a in L.player_areas
            if not a.horizontal and a.info.width == area.info.width and a.seat < len(names)]


class Board:
    def __init__(self) -> None:
        self._layout: TableLayout | None = None
        self.geoms: dict[int, AreaGeom] = {}
        self.centre: CentreGeom | None = None
        self.centre_rect = Rect(0, 0, 0, 0)
        self.piles: PileGeom | None = None
        self._key: tuple | None = None
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None

    @property
    def layout(self) -> TableLayout:
        assert self._layout is not None, "set_layout() comes first"
        return self._layout

    def set_layout(self, layout: TableLayout) -> None:
        self._layout = layout
        self._key = None
        self.forget_layer()

    def forget_layer(self) -> None:
        """Let the window-sized layer go (drawn again when next needed)."""
        self._layer = None
        self._layer_key = None

    # -- geometry ---------------------------------------------------------------------------
    def ensure(self, view: TableView, ctx: DrawContext, choice_top: int | None, names: list[str]) -> None:
        L = self.layout
        key = (view.version, id(L), ctx.lang, choice_top, ctx.viewer, ctx.stand_ins)
        if key == self._key:
            return
        r = Rect(L.war_stack)
        if choice_top is not None:
            r.height = max(40, choice_top - r.top - CENTRE_GAP)
        self.centre_rect = r
        self.geoms = {a.seat: area_geometry(view, a, ctx, strip_names(L, a, plate_names(ctx))) for a in L.player_areas}
        self.centre = centre_geometry(view, r, L.card_size, ctx, names)
        self.piles = pile_geometry(L, ctx, view.deck, turns_left_text(view))
        self._key = key

    def centre_room(self, view: TableView, ctx: DrawContext, names: list[str]) -> tuple[int, tuple[Rect, ...]]:
        """What a dialog on the war stack must leave the table: the height the centre needs
        from its top (its cards at their smallest, every label), and the piles' words."""
        L = self.layout
        need = least_height(view, Rect(L.war_stack), L.card_size, ctx, names) + CENTRE_GAP
        piles = pile_geometry(L, ctx, view.deck, turns_left_text(view))
        words = (piles.deck_label, piles.discard_label) + ((piles.turns_left,) if piles.turns_left else ())
        return need, words

    def pile_card_rect(self, pile: Rect) -> Rect:
        return pile_card_rect(self.layout, pile)

    def bubble_clear(self) -> tuple[Rect, ...]:
        """What a toast (the Hint's bubble) must not cover besides the choice panel: the
        piles' names and the turns left under them."""
        piles = self.piles
        if piles is None:
            return ()
        names = (piles.deck_label, piles.discard_label)
        return names + ((piles.turns_left,) if piles.turns_left is not None else ())

    def city_rect(self, city: int) -> Rect | None:
        c = self.centre
        if c is not None and c.city is not None and c.city.city == city:
            return Rect(c.city.card)
        for g in self.geoms.values():
            slot = g.city_slot(city)
            if slot is not None:
                return Rect(slot.card)
        return None

    def chip_rect(self, card: int) -> Rect | None:
        for g in self.geoms.values():
            for chip in g.chips:
                if chip.card == card:
                    return Rect(chip.rect)
        return None

    def targets_at(self, pos) -> list[Target]:
        """Everything a click at ``pos`` may target, the most specific first."""
        out: list[Target] = []
        c = self.centre
        if c is not None and self.centre_rect.collidepoint(pos):
            t = c.troop_at(pos)
            if t is not None:
                out.append(Target(TargetKind.TROOP, t))
            if c.city is not None and c.city.rect.collidepoint(pos):
                out.append(Target(TargetKind.CITY, c.city.city))
            out.append(MIDDLE)
            return out
        for g in self.geoms.values():
            if not g.area.rect.collidepoint(pos):
                continue
            for slot in g.cities:
                if slot.rect.collidepoint(pos):
                    out.append(Target(TargetKind.CITY, slot.city))
            for chip in g.chips:
                if chip.rect.collidepoint(pos) and not chip.before:
                    out.append(Target(TargetKind.CHRONICLE, chip.card))
            out.append(Target(TargetKind.SEAT, g.seat))
            return out
        return out

    def card_at(self, pos, view: TableView) -> int | None:
        """The card under ``pos`` in an area, the centre or on the discard pile."""
        if self.centre is not None and self.centre_rect.collidepoint(pos):
            return self.centre.card_at(pos)
        for g in self.geoms.values():
            if not g.area.rect.collidepoint(pos):
                continue
            for slot in g.cities:
                for tab in slot.tabs:
                    if tab.rect.collidepoint(pos):
                        return tab.cards[0]
                if slot.card.collidepoint(pos):
                    return slot.city
            for chip in g.chips:
                if chip.rect.collidepoint(pos):
                    return chip.troop if (chip.troop >= 0 and pos[0] < chip.rect.left + chip.rect.height) else chip.card
        if self.pile_card_rect(self.layout.discard).collidepoint(pos) and view.discard:
            return view.discard[-1]
        return None

    # -- drawing ----------------------------------------------------------------------------
    def draw_backdrop(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        L = self.layout
        surface.blit(style.table_background(surface.get_size()), (0, 0))
        for a in L.player_areas:
            style.draw_panel(surface, a.rect, radius=max(6, L.unit // 2),
                             bg=(26, 16, 8, 150) if a.seat != L.viewer else (30, 18, 10, 170),
                             inner_border=None, shadow=max(3, L.unit // 4))
            pygame.draw.rect(surface, seat_colour(a.seat),
                             Rect(a.rect.left + 3, a.rect.top + 3, max(3, L.unit // 5), a.rect.height - 6),
                             border_radius=2)
        style.draw_panel(surface, L.log, radius=max(6, L.unit // 2))
        centre = Rect(L.deck.left, L.war_stack.top, L.war_stack.right - L.deck.left, L.war_stack.height)
        felt = pygame.Surface(centre.size, pygame.SRCALPHA)
        pygame.draw.rect(felt, (12, 30, 18, 120), felt.get_rect(), border_radius=L.unit)
        surface.blit(felt, centre)
        pygame.draw.rect(surface, (120, 96, 50), centre, width=1, border_radius=L.unit)
        draw_pile_labels(surface, L, ctx)
        style.pack_table_tops()     # the scene keeps this backdrop, table top and all: no second copy

    def layer(self, backdrop: pygame.Surface, view: TableView, ctx: DrawContext, *, lit: set,
              war_mode: bool, tags: tuple, hidden: frozenset) -> pygame.Surface:
        """The backdrop with everything static drawn on it (re-rendered only on change)."""
        key = (self._key, id(backdrop), frozenset(lit), war_mode, tags, hidden)
        if self._layer is not None and key == self._layer_key:
            return self._layer
        self._tags = tags               # drawn over the glows by draw_dynamic
        surf = self._layer
        if surf is None or surf.get_size() != backdrop.get_size() or drawn.active is not None:
            surf = backdrop.copy()      # the recorder's canvas starts afresh: no inks of before
        else:
            surf.blit(backdrop, (0, 0))     # one window-sized layer, drawn over: no second copy
        self._draw_static(surf, view, ctx, lit=lit, war_mode=war_mode, tags=tags, hidden=hidden)
        self._layer = surf
        self._layer_key = key
        return surf

    def _draw_static(self, surface: pygame.Surface, view: TableView, ctx: DrawContext, *, lit: set,
                     war_mode: bool, tags: tuple, hidden: frozenset) -> None:
        L = self.layout
        sp = ctx.sprites
        lit_colour = DANGER if war_mode else TARGET
        lit_cities = {t.key: lit_colour for t in lit if t.kind == TargetKind.CITY}
        for seat, g in self.geoms.items():
            r = g.area.rect
            draw_area(surface, g, view, ctx, lit_cities=lit_cities)
            if Target(TargetKind.SEAT, seat) in lit:
                w = max(4, L.unit // 3)
                surface.blit(sp.glow(r.size, TARGET, w), (r.x - w, r.y - w))
            for chip in g.chips:
                if Target(TargetKind.CHRONICLE, chip.card) in lit:
                    surface.blit(sp.glow(chip.rect.size, TARGET, 4), (chip.rect.x - 4, chip.rect.y - 4))
        assert self.piles is not None, "ensure() comes first"
        draw_piles(surface, self.piles, view, ctx)
        if view.war is not None:
            pygame.draw.rect(surface, (150, 30, 26), L.war_stack, width=2, border_radius=L.unit)
        if MIDDLE in lit:
            cr = self.centre_rect
            w = max(4, L.unit // 3)
            surface.blit(sp.glow(cr.size, TARGET, w), (cr.x - w, cr.y - w))
        if self.centre is not None:
            draw_centre(surface, self.centre, view, ctx, lit_troops={t.key for t in lit if t.kind == TargetKind.TROOP},
                        hidden=hidden)

    def draw_dynamic(self, surface: pygame.Surface, ctx: DrawContext, *, decider: int, current: int,
                     over: bool) -> None:
        """The pulsing glows: who decides now, whose turn it is, the attack standing."""
        L = self.layout
        if not over:
            for seat, g in self.geoms.items():
                r = g.area.rect
                if seat == decider:
                    pulse = 0.5 + 0.5 * abs(((ctx.time * 1.2) % 2) - 1)
                    w = max(5, L.unit // 2)
                    surface.blit(ctx.sprites.pulsing_glow(r.size, HIGHLIGHT, w, 0.55 + 0.45 * pulse),
                                 (r.x - w, r.y - w))
                elif seat == current:
                    w = max(4, L.unit // 3)
                    surface.blit(ctx.sprites.glow(r.size, style.GOLD_DARK, w), (r.x - w, r.y - w))
        if self.centre is not None:
            draw_centre_glow(surface, self.centre, ctx)
        # after the glows: a pulsing frame never runs through a tag's words
        for seat, tag in getattr(self, "_tags", ()):
            if seat in self.geoms:
                self._draw_tag(surface, self.geoms[seat], tag, ctx)

    def _draw_tag(self, surface, g: AreaGeom, tag: str, ctx: DrawContext) -> None:
        """A label on an area: who decides (an hourglass while a bot thinks), whose turn it is."""
        fill, colour = (style.GOLD_DARK, style.CREAM) if tag == TAG_TURN else (HIGHLIGHT, style.INK)
        hourglass = tag == TAG_THINKING
        t = ctx.texts.render(tr(f"table.tag.{tag}"), "bold", ctx.fs(0.85), colour, shadow=False)
        box_row = g.plate.status if g.plate.status is not g.plate.name else None
        pill = tag_rect(g.area.rect, g.area.side, t.get_size(), ctx.unit, self.layout.margin, hourglass,
                        g.content(), box_row)
        pygame.draw.rect(surface, fill, pill, border_radius=pill.height // 2)
        pygame.draw.rect(surface, style.WOOD_DARK, pill, width=1, border_radius=pill.height // 2)
        if hourglass:
            hg = ctx.sprites.hourglass(pill.height - 6, colour)
            surface.blit(hg, hg.get_rect(midleft=(pill.left + ctx.unit // 2, pill.centery)))
            surface.blit(t, t.get_rect(midright=(pill.right - ctx.unit // 2, pill.centery)))
        else:
            surface.blit(t, t.get_rect(center=pill.center))
