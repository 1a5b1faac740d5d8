"""Engine events → animation steps.

One event (or a run of cards discarded together) becomes one ``anim.Step``: the card flies
from where it is drawn now to where it goes, burning buildings flash red first, a city
slides to its new owner, and the big moments (war declared, attack repelled, city falls)
are stamped over the table.  The view model leaves the source when the step is built
(``TableView.begin``) and reaches the destination when it ends (``TableView.land``).

The builder reads the table through a ``Stage``: the controller (view, queue, viewer,
speed), where things are drawn (board, hand fan) and the caches.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pygame import Rect

from knjazja.app.table.controller import TableController
from knjazja.app.wording.i18n import tr
from knjazja.app.wording.words import card_word, seat_word
from knjazja.engine import Event
from knjazja.engine import zones as Z
from knjazja.engine.zones import Zone
from knjazja.engine.kinds import EventKind
from knjazja.ui import style
from knjazja.ui.art.palette import DANGER, HIGHLIGHT
from knjazja.ui.table import anim as A
from knjazja.ui.table.board import Board
from knjazja.ui.table.hand import HandFan
from knjazja.ui.table.sprites import Sprites, TextCache


@dataclass
class Stage:
    """What the animations read from the table."""
    controller: TableController
    board: Board
    fan: HandFan
    sprites: Sprites
    texts: TextCache
    refresh: Callable[[], None]        # bring the board's geometry up to date with the view
    layout_fan: Callable[[], None]     # lay the viewer's hand out again


class StepBuilder:
    def __init__(self, stage: Stage) -> None:
        self.t = stage

    # -- helpers ----------------------------------------------------------------------------
    def d(self, seconds: float) -> float:
        return seconds / self.t.controller.speed()

    def image(self, card: int, size: tuple[int, int], face: bool):
        size = (max(24, int(size[0])), max(32, int(size[1])))
        if face and card >= 0:
            return self.t.sprites.face(card, size, self.t.controller.lang)
        return self.t.sprites.back(size)

    def stamp(self, text: str, colour=style.GOLD_LIGHT, *, centre=None, delay: float = 0.0,
              dur: float = A.STAMP) -> A.Stamp:
        L = self.t.board.layout
        size = max(18, round(L.unit * 2.6))
        img = A.stamp_image(text, size, colour, self.t.texts)
        c = centre or self.t.board.centre_rect.center
        return A.Stamp(delay=self.d(delay), duration=self.d(dur), image=img, centre=c)

    def flight(self, card: int, src: Rect, dst: Rect, face: bool, *, delay: float = 0.0,
               dur: float = A.FLIGHT, arc: float = 1.5, size=None) -> A.Flight:
        size = size or (dst.size if dst.width >= 24 else src.size)
        return A.Flight(delay=self.d(delay), duration=self.d(dur), image=self.image(card, size, face),
                        src=Rect(src), dst=Rect(dst), arc=self.t.board.layout.unit * arc)

    def refresh(self) -> None:
        self.t.refresh()

    # -- where a card is on screen ---------------------------------------------------------------
    def zone_rect(self, zone: Zone | None, card: int, *, incoming: bool = False) -> Rect:
        """Where ``card`` is (or would land) in engine zone ``zone``."""
        self.refresh()
        t, b = self.t, self.t.board
        L = b.layout
        kind, key = zone if zone is not None else ("", -1)
        small = L.small_card_size
        if zone == Z.DECK:
            return b.pile_card_rect(L.deck)
        if zone == Z.DISCARD:
            return b.pile_card_rect(L.discard)
        if kind == Z.HAND:
            if key == L.viewer:
                t.layout_fan()
                r = t.fan.rect_of(card)
                if r is not None and not incoming:
                    return Rect(r)
                return t.fan.slot_for_new(L.hand, L.hand_card_size)
            g = b.geoms.get(key)
            if g is not None:
                r = Rect(0, 0, *small)
                r.center = g.hand_anchor.center
                return r
        if kind == Z.CITIES and key in b.geoms:
            return b.geoms[key].next_city_rect()
        if kind == Z.CITY:
            r = b.city_rect(key)
            if r is not None:
                return r
        if kind in (Z.CHRONICLES, Z.BEFORE, Z.UNDER):
            r = self._chip_rect(kind, key, card)
            if r is not None:
                return r
        c = b.centre
        if kind in (Z.TABLE_KIND, Z.WAR_KIND, Z.BID) and c is not None:
            r = c.rect_of(card) or (c.table_slot if zone == Z.TABLE else c.next_answer)
            if r is not None:
                return Rect(r)
        r = Rect(0, 0, *L.card_size)
        r.center = b.centre_rect.center
        return r

    def _chip_rect(self, kind: str, key: int, card: int) -> Rect | None:
        """A small card at a chronicle chip (or at a seat's row of chips)."""
        b = self.t.board
        if kind == Z.UNDER:
            chip = area = b.chip_rect(key)
        else:
            g = b.geoms.get(key)
            chip = b.chip_rect(card) if g is not None else None
            area = g.area.chronicles if g is not None else None
        if area is None:
            return None
        r = Rect(0, 0, *b.layout.small_card_size)
        r.center = (chip or area).center
        return r

    # -- the steps --------------------------------------------------------------------------
    def begin(self, step: A.Step, *events: Event) -> None:
        """The view takes ``events`` now (cards leave their places); the animator lands them
        where they go when ``step`` ends.  Called where the step's geometry needs the view
        before and after (a destination is measured once its card has left)."""
        view = self.t.controller.view
        for e in events:
            view.begin(e)
        step.lands.extend(events)

    def build(self, e: Event) -> A.Step:
        k = e.kind
        fn = getattr(self, f"_step_{k}", None)
        if fn is not None:
            return fn(e)
        if k in (EventKind.CITY_FALLS, EventKind.CANCELLED, EventKind.PLUNDER, EventKind.END_SET,
                 EventKind.END_CANCELLED, EventKind.GAME_OVER):
            return self._stamp_step(e)
        return self._plain(e)

    def _plain(self, e: Event) -> A.Step:
        """No animation: the view takes the event at once."""
        step = A.Step()
        self.begin(step, e)
        return step

    def _step_move(self, e: Event) -> A.Step:
        t = self.t
        step = A.Step()
        group = [e]
        c = t.controller
        if e.dst == Z.DISCARD:   # cards burnt or discarded together fly together
            while len(group) < 12:
                nxt = c.waiting()
                if nxt is None or nxt.kind != EventKind.MOVE or nxt.dst != Z.DISCARD or nxt.src != e.src:
                    break
                taken = c.next_event()
                assert taken is not None, "waiting() has just shown it"
                group.append(taken)
        flash = e.src is not None and e.src.kind == Z.CITY and e.dst == Z.DISCARD
        if flash:
            assert e.src is not None
            self.refresh()
            r = t.board.city_rect(e.src.key)
            if r is not None:
                step.tweens.append(A.Flash(delay=0, duration=self.d(0.45), rect=r.inflate(10, 10),
                                           colour=(230, 50, 20)))
        srcs = [self.zone_rect(ev.src, ev.card) for ev in group]
        self.begin(step, *group)
        for i, (ev, src) in enumerate(zip(group, srcs)):
            dst = self.zone_rect(ev.dst, ev.card, incoming=True)
            dur = A.DRAW_FLIGHT if ev.src == Z.DECK else A.FLIGHT
            step.tweens.append(self.flight(ev.card, src, dst, c.visible(ev), delay=(0.3 if flash else 0) + 0.07 * i,
                                           dur=dur))
        return step

    def _troops_to_war(self, e: Event, answer: bool) -> A.Step:
        t = self.t
        step = A.Step()
        srcs = [self.zone_rect(e.src, c) for c in e.cards]
        self.begin(step, e)
        self.refresh()
        c = t.board.centre
        dst = (c.next_answer if answer else c.next_attack) if c is not None else None
        dst = dst or t.board.centre_rect
        if e.src is not None and e.src.kind == Z.HAND:
            for i, (card, src) in enumerate(zip(e.cards, srcs)):
                r = Rect(dst.x + i * round(dst.width * 0.34), dst.y, dst.width, dst.height)
                step.tweens.append(self.flight(card, src, r, True, delay=0.06 * i, arc=1.0))
        else:
            step.hold = self.d(0.25)
        return step

    def _step_attack(self, e: Event) -> A.Step:
        return self._troops_to_war(e, answer=False)

    def _step_answer(self, e: Event) -> A.Step:
        if e.cards and e.dst == Z.WAR:          # troops laid against the attack
            return self._troops_to_war(e, answer=True)
        return self._plain(e)                    # its card flies in its own event

    def _to_centre(self, e: Event) -> A.Step:
        t, view = self.t, self.t.controller.view
        step = A.Step()
        src = self.zone_rect(e.src, e.card)
        self.begin(step, e)
        self.refresh()
        c = t.board.centre
        cr = t.board.centre_rect
        if e.kind == EventKind.RAID_LAY:
            dst = (c.next_answer if c is not None else None) or cr
        elif e.kind == EventKind.BID and c is not None and c.table_slot is not None:
            cw, ch = c.card_size
            dst = Rect(c.table_slot.right + t.board.layout.unit + len(view.bids) * round(cw * 0.78),
                       c.table_slot.bottom - round(ch * 0.7), round(cw * 0.7), round(ch * 0.7))
        else:
            dst = (c.table_slot if c is not None else None) or cr
            if view.war is not None and c is not None:
                dst = Rect(0, 0, *c.card_size)
                dst.center = cr.center
        step.tweens.append(self.flight(e.card, src, dst, t.controller.visible(e), arc=2))
        step.hold = self.d(A.HOLD_EVENT) if e.kind == EventKind.PLAY_EVENT else 0.0
        return step

    _step_raid_lay = _to_centre
    _step_play_event = _to_centre
    _step_bid = _to_centre

    def _step_bribed(self, e: Event) -> A.Step:
        step = A.Step()
        src = self.zone_rect(Z.WAR, e.card)
        self.begin(step, e)
        dst = self.zone_rect(e.dst, e.card, incoming=True)
        step.tweens.append(self.stamp(tr("table.stamp.bribed"), HIGHLIGHT, dur=0.8))
        step.tweens.append(self.flight(e.card, src, dst, True, delay=0.3, size=src.size, arc=2))
        return step

    def _step_city_owner(self, e: Event) -> A.Step:
        t = self.t
        step = A.Step()
        self.refresh()
        src = t.board.city_rect(e.city) or Rect(t.board.centre_rect)
        self.begin(step, e)
        self.refresh()
        g = t.board.geoms.get(e.other)
        dst = g.next_city_rect() if g is not None else src
        step.tweens.append(self.flight(e.city, src, dst, True, dur=A.SLIDE, arc=3, size=src.size))
        return step

    def _step_war_start(self, e: Event) -> A.Step:
        t = self.t
        step = A.Step()
        self.refresh()
        src = t.board.city_rect(e.city)
        self.begin(step, e)
        self.refresh()
        c = t.board.centre
        dst = c.city.card if c is not None and c.city is not None else None
        if src is not None and dst is not None:
            step.tweens.append(self.flight(e.city, src, dst, True, arc=2))
        step.tweens.append(self.stamp(tr("table.stamp.war", city=card_word(e.city, t.controller.lang)), DANGER,
                                      delay=0.15))
        step.hidden = {e.city}
        return step

    def _step_repelled(self, e: Event) -> A.Step:
        self.t.controller.view.land(e)
        step = A.Step()
        step.tweens.append(self.stamp(tr("table.stamp.repelled"), (150, 230, 140)))
        return step

    def _stamp_step(self, e: Event) -> A.Step:
        k = e.kind
        lang = self.t.controller.lang
        text, colour = {
            EventKind.CITY_FALLS: (tr("table.stamp.falls", city=card_word(e.city, lang)), DANGER),
            EventKind.CANCELLED: (tr("table.stamp.cancelled"), HIGHLIGHT),
            EventKind.PLUNDER: (tr("table.stamp.plunder"), DANGER),
            EventKind.END_SET: (tr("table.stamp.end_set"), HIGHLIGHT),
            EventKind.END_CANCELLED: (tr("table.stamp.end_cancelled"), HIGHLIGHT),
            EventKind.GAME_OVER: (tr("table.stamp.game_over"), HIGHLIGHT),
        }[k]
        step = A.Step()
        step.tweens.append(self.stamp(text, colour))
        step.lands.append(e)        # nothing to begin: it lands when the step ends
        return step

    def _step_war_end(self, e: Event) -> A.Step:
        view = self.t.controller.view
        view.land(e)
        step = A.Step(hold=self.d(0.9))
        step.on_end = view.end_war
        return step

    def _step_bids_revealed(self, e: Event) -> A.Step:
        self.t.controller.view.land(e)
        return A.Step(hold=self.d(1.3))

    def _step_reveal(self, e: Event) -> A.Step:
        t, c = self.t, self.t.controller
        step = A.Step()
        step.lands.append(e)
        cards = [card for card in e.cards if card >= 0]
        if not (c.visible(e) and c.viewer is not None and e.seat == c.viewer and cards):
            return step
        cr = t.board.centre_rect
        cw, ch = t.board.layout.card_size
        step_x = min(cw + 8, (cr.width - cw) // max(1, len(cards) - 1)) if len(cards) > 1 else cw
        x0 = cr.centerx - (step_x * (len(cards) - 1) + cw) // 2
        for i, card in enumerate(cards):
            r = Rect(x0 + i * step_x, cr.centery - ch // 2, cw, ch)
            fl = self.flight(card, r, r, True, dur=2.2, arc=0)
            fl.shadow = False
            step.tweens.append(fl)
        step.tweens.append(self.stamp(tr("table.stamp.reveal", name=seat_word(c.names[e.other], c.lang)), HIGHLIGHT,
                                      centre=(cr.centerx, cr.centery - ch // 2 - t.board.layout.unit * 2), dur=2.2))
        return step

    def _step_turn(self, e: Event) -> A.Step:
        step = A.Step(hold=self.d(A.TURN))
        step.lands.append(e)        # nothing to begin: it lands when the step ends
        return step
