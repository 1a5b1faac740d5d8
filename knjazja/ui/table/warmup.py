"""Card faces rendered before the table needs them, so no frame waits for one.

With the face prefetcher (a worker process renders the plan of ``plan``) the faces that
arrived move into the cache a few per frame, and the zoom of new hand cards is asked for;
without one, while the table waits for a decision, one face per frame is rendered here.
"""
from __future__ import annotations

from knjazja.app.table.controller import TableController
from knjazja.engine import Observation
from knjazja.engine.cards import CARD_ID, SPECS
from knjazja.engine.kinds import CardKind
from knjazja.ui.table.layout import TableLayout
from knjazja.ui.table.overlays import zoom_size
from knjazja.ui.table.sprites import Sprites

Size = tuple[int, int]


def face_sizes(L: TableLayout) -> list[tuple[Size, tuple[str, ...] | None]]:
    """(size, kinds or None for all) of the faces a table with layout ``L`` draws, most used
    first: hand, piles and flights; the card played in the centre (``warstack._table_geometry``);
    the opponents' areas; cities (and the buildings flying onto them) as the rows of cities
    grow and shrink (``areas._place_cities``); Dowry's bids; the war stack with one to three
    answers (``warstack._war_geometry``; war events, rarer, shrink it further).  The plan
    asks for them in this order; a face prefetched and not drawn is let go first when the
    faces are over their limit (``Sprites``).  A size
    missed here is prefetched for every card when it is first drawn (``Sprites``)."""
    u, ch, r = L.unit, L.card_size[1], L.war_stack
    centre_h = max(40, min(round(ch * 1.25), r.height - u * 5))
    centre = (round(centre_h * 5 / 7), centre_h)
    sizes: list = [(L.hand_card_size, None), (L.card_size, None), (centre, None), (L.small_card_size, None)]
    for base, scales in ((L.card_size, (1.35, 1.2, 1.0, 0.9, 0.8, 0.7)), (L.small_card_size, (1.0, 0.9, 0.8, 0.7))):
        for scale in scales:
            h = round(base[1] * scale) // 7 * 7
            if h >= 32:
                sizes.append(((h * 5 // 7, h), (CardKind.CITY, CardKind.BUILDING)))
    sizes.append(((round(centre[0] * 0.7), round(centre[1] * 0.7)), (CardKind.TROOP,)))
    body_h = r.height - max(20, round(u * 2.3))         # below the header, no war events
    for answers in (1, 2, 3):
        h = max(40, int(min(ch * 1.6, (body_h - 2 * u) / (1 + 0.5 * answers + 0.3))) // 7 * 7)
        sizes.append(((h * 5 // 7, h), (CardKind.CITY, CardKind.TROOP, CardKind.EVENT)))
    return list(dict.fromkeys(sizes))


class FaceWarmer:
    def __init__(self, sprites: Sprites) -> None:
        self.sprites = sprites
        self._warm: list[tuple[str, Size]] = []    # faces to render when idle (no prefetcher)
        self._hand: tuple[int, ...] = ()            # the hand whose zoom was prefetched
        self._layout: TableLayout | None = None     # of the last plan
        self._resting = False                       # the table is hidden: the plan is asked again

    def rest(self) -> None:
        """The table is hidden: ask for no faces (the worker may end); the next ``step``,
        when the table is drawn again, asks for its plan again."""
        self.sprites.stop_prefetch()
        self._resting = True

    def plan(self, L: TableLayout, s: Observation, window: Size, lang: str) -> None:
        """Every face the table may draw, most likely first: the hand at its size, the cards in
        sight, the zoom of the hand, then every card at the other sizes the table uses (only
        the hand's own cards are drawn at the hand's size: a card drawn later is rendered by
        its flight when it comes — ~6 MB less at 1920×1080); all of them for the prefetcher, the hand and every
        card at the size of a card and the hand's zoom for the idle renderer.  ``s``: what the
        table shows (its viewer's hand, or nobody's)."""
        hand = [CARD_ID[c] for c in s.hand]
        in_sight = hand + [CARD_ID[c] for c in (*s.cities, *s.discard[-2:], *(c for ch in s.chronicles for c in ch))]
        order = list(dict.fromkeys(in_sight + [sp.id for sp in SPECS]))
        kinds = {sp.id: sp.kind for sp in SPECS}
        zoom = [(c, zoom_size(window)) for c in hand]
        plan = [(c, L.hand_card_size) for c in hand] + [(c, L.card_size) for c in in_sight] + zoom
        for size, only in face_sizes(L):
            if size == L.hand_card_size and only is None:   # only the hand's own cards:
                continue                    # a card drawn is asked for as it comes (``step``)
            plan += [(c, size) for c in order if only is None or kinds[c] in only]
        self._warm = ([(c, L.hand_card_size) for c in hand] + [(c, L.card_size) for c in order] + zoom)[::-1]
        self._hand, self._layout, self._resting = tuple(s.hand), L, False
        self.sprites.prefetch([(c, lang, size) for c, size in plan])

    def step(self, c: TableController, window: Size) -> None:
        """One frame's share; idle work only while the table waits for a decision with
        nothing animating or held."""
        sp, lang, session = self.sprites, c.lang, c.session
        if self._resting and self._layout is not None:
            self.plan(self._layout, c.seen, window, lang)
        hand = tuple(c.seen.hand) if c.viewer is not None else None
        thinking = c.local is not None and c.local.bot_thinking()
        idle = not c.busy and c.pointer.press is None and (session.human_to_decide() or thinking)
        if sp.prefetching:
            sp.pump()
            while self._warm and sp.has_face(*self._warm[-1], lang):
                self._warm.pop()                # arrived
            if hand is not None and hand != self._hand:
                # a card drawn is drawn at the hand's size at once (its flight): here, not
                # asked for; its zoom is
                self._hand = hand
                zoom = zoom_size(window)
                sp.prefetch([(CARD_ID[x], lang, zoom) for x in hand], replace=False)
            return
        if not idle:
            return
        while self._warm:
            card_id, size = self._warm.pop()
            if not sp.has_face(card_id, size, lang):
                sp.face_id(card_id, size, lang)
                return
