"""Playing the table with the mouse, as a person does: what to play is chosen from the moves
the rules allow (read, never made, through the session), and made by clicks on the cards,
cities, piles and buttons where the table drew them (``table_probes``).

``Player(window, rng)`` makes one move when the table waits for this screen's player:
``take_turn()``.  Its taste: found a city, then build, then draw; the Tatar Invasion once it
has had ``invade_after`` turns (a short whole game); in a war or a question, the first
answer offered.
"""
from __future__ import annotations

import random

from pygame import Rect

import table_probes as P
from driver import JourneyFailed, Window
from knjazja.engine import Action
from knjazja.engine.cards import CARD_ID

TASTE = ("play_city", "build", "draw")


class Player:
    def __init__(self, w: Window, rng: random.Random, *, invade_after: int | None = None) -> None:
        self.w, self.rng = w, rng
        self.invade_after = invade_after
        self.turns = 0
        self.moves: list[Action] = []

    @property
    def table(self):
        return self.w.flow.table

    def my_move(self) -> bool:
        """The table waits for this screen's player (nothing plays, nothing is thought)."""
        t = self.table
        return t is not None and self.w.top is t and t.controller.can_act() and bool(t.session.legal())

    def settle(self, limit: int = 300, after: int | None = None) -> None:
        """Frames (skipping what is shown, as a click does) until it is this player's move or
        the game is over — or, at a network table, until the move made at ``after`` actions
        has come back from the host and is shown (the others play on their own computers)."""
        w = self.w
        for _ in range(limit):
            t = self.table
            if t is None or w.top is not t:
                return
            if self.my_move() or (t.session.over and t.controller.finished):
                return
            if (after is not None and type(t).__name__ == "RemoteTableScene" and not t.controller.busy
                    and t.session.moves > after):
                return
            if t.controller.busy and t.controls.skip is not None and t.controls.skip.visible:
                w.click(t.controls.skip.rect.center)
            else:
                w.frame()
        raise JourneyFailed(f"{w.where()}: the table never came to rest")

    def choose(self) -> Action:
        legal = self.table.session.legal()
        s = self.table.controller.seen               # what the player sees (a network seat has no state)
        invasion = [a for a in legal if a.kind == "event" and a.card >= 0 and CARD_ID[a.card] == "ev.tatar_invasion"]
        if s.decision.kind == "turn":
            self.turns += 1
            if invasion and self.invade_after is not None and self.turns > self.invade_after:
                return invasion[0]
            me = s.decision.seat
            for kind in TASTE:         # his own cities first: no gifts
                options = [a for a in legal if a.kind == kind]
                mine = [a for a in options if a.seat == me or (a.city >= 0 and s.cities[a.city].owner == me)]
                if mine or options:
                    return self.rng.choice(mine or options)
        return legal[0]

    def take_turn(self) -> Action:
        """One move by clicks; returns it (asserting the table took exactly it)."""
        t = self.table
        a = self.choose()
        before = t.session.moves
        refused = len(getattr(t.session, "refusals", ()))
        perform(self.w, t, a)
        self.settle(after=before)
        if type(t).__name__ == "RemoteTableScene":      # the host has the moves: only their number comes
            if t.session.moves <= before or len(t.session.refusals) > refused:
                raise JourneyFailed(f"{self.w.where()}: clicked for {a}, the host took nothing"
                                    f" ({t.session.refusals[refused:]})")
            self.moves.append(a)
            return a
        history = t.session.state.history
        if len(history) <= before or history[before] != a:
            raise JourneyFailed(f"{self.w.where()}: clicked for {a}, the table took "
                                f"{history[before] if len(history) > before else 'nothing'}")
        self.moves.append(a)
        return a


def perform(w: Window, scene, a: Action) -> None:
    """Make ``a`` happen with the mouse: its button, or its card and then its target."""
    r = P.rect_of_button(scene, a)
    if r is not None:
        w.click(r.center)
        return
    if a.kind == "war":
        w.click(P.rect_of_button(scene, "start_war").center)
        w.click(P.rect_of_city(scene, a.city).center)
        _finish_question(w, scene, a)
        return
    if a.kind in ("attack", "defend"):
        card = _in_hand(scene, a.cards[0])
        w.click(P.rect_of_hand_card(scene, card).center)
        return
    card = _in_hand(scene, a.card if a.card >= 0 else a.cards[0])
    src = P.rect_of_hand_card(scene, card)
    if src is None:
        raise JourneyFailed(f"{w.where()}: {a}: its card is not in the hand on the screen")
    before = _sent(scene)
    w.click(src.center)
    if _sent(scene) > before:
        return
    dst = _target(scene, a)
    if dst is None:
        raise JourneyFailed(f"{w.where()}: {a}: no target on the screen")
    w.click(dst.center)
    _finish_question(w, scene, a)


def _sent(scene) -> int:
    """The moves the table has handed its session (a network seat's wait for the host)."""
    return scene.session.moves + len(getattr(scene.session, "record", ()))


def _finish_question(w: Window, scene, a: Action) -> None:
    """A click that meant several moves asks which: the button of ``a``."""
    if scene.controller.pointer.choices:
        r = P.rect_of_button(scene, a)
        if r is None:
            raise JourneyFailed(f"{w.where()}: {a} is not among the question's buttons")
        w.click(r.center)


def _in_hand(scene, card: int) -> int:
    """The instance in the viewer's hand standing for ``card`` (copies are alike)."""
    hand = scene.controller.seen.hand
    return next((c for c in hand if c == card), next(c for c in hand if CARD_ID[c] == CARD_ID[card]))


def _target(scene, a: Action) -> Rect | None:
    s = scene.controller.seen
    if a.kind in ("build", "war"):
        return P.rect_of_city(scene, a.city)
    if a.kind in ("play_city", "pass_igor"):
        return P.rect_of_seat(scene, a.seat)
    if a.kind == "chronicle":
        return P.rect_of_city(scene, a.city) if a.city >= 0 else P.rect_of_seat(scene, a.seat)
    if a.kind == "event":
        if a.target >= 0:
            return P.rect_of_chronicle(scene, a.target)
        if a.city >= 0:
            return P.rect_of_city(scene, a.city)
        if a.seat >= 0 and (s.war is None or a.seat != s.war.defender):
            return P.rect_of_seat(scene, a.seat)
        return P.rect_of_war(scene)
    if a.kind == "bribe":
        return P.rect_of_troop(scene, a.target)
    return P.rect_of_war(scene)


def hand_on_screen(w: Window, inks) -> int:
    """How many cards the hand fan drew (faces or backs)."""
    top = max(i.layer for i in inks)
    return sum(1 for i in inks if i.layer == top and i.kind == "card" and i.where.startswith("table.hand."))
