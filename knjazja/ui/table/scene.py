"""The game table: the scene a game is played on, with the mouse alone.

    TableScene(session, viewer_policy="auto", on_game_over=None, on_menu=None, settings=None,
               on_handover=None, sync_bots=False)

* ``viewer_policy``: "auto" (from the seats: one human → "single", several → "hotseat",
  none → "spectator"), one of those names, or a seat number (that seat always views).
  The viewer's hand is fanned face up at the bottom; a spectator sees no hand face up and
  seat 0 sits at the bottom.
* Hot seat: when another human must decide, the table turns to him and calls
  ``on_handover(seat)`` (the lead's pass-the-device overlay); while an overlay covers the
  table in hot seat no hand is drawn face up.  Without the callback the table turns at once.
* ``on_game_over(session)`` is called once, after the last animation.  ``on_menu()`` is the
  menu button (default: leave the scene).
* ``sync_bots=True`` makes bots decide within the frame (tests); otherwise they think in the
  background (``GameSession.bot_step(background=True)``) while the table keeps drawing.

Every click is mapped onto one of ``session.legal()`` (``knjazja.ui.table.input``); the
engine's events are animated one at a time (``table.steps`` / ``table.anim``) while bots
wait and input is ignored (a click skips).  Tests find things on screen with the
``rect_of_*`` helpers.
"""
from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame import Rect

from knjazja.engine import Action, Event, IllegalAction
from knjazja.engine.actions import ATTACK, DEFEND, DRAW, END_WAR, PASS, TURN, WAR_ATTACK, WAR_DEFEND
from knjazja.engine.cards import BUILDING, CARD_ID, CITY, EVENT, IS_TROOP, TROOP
from knjazja.app import i18n
from knjazja.ui import style
from knjazja.app.i18n import tr
from knjazja.ui.table.layout import TableLayout, table_layout
from knjazja.app.narrate import Narrator, expand_tokens
from knjazja.ui.scenes.base import GuiScene
from knjazja.ui.table import anim as A
from knjazja.ui.table import input as I
from knjazja.ui.table.board import Board
from knjazja.ui.table.context import DrawContext
from knjazja.ui.table.controls import Controls
from knjazja.ui.table.hand import HandFan
from knjazja.app.hints import HintRequest
from knjazja.ui.table.log import LogPanel
from knjazja.app.words import card_word
from knjazja.ui.table.overlays import DiscardBrowser, draw_zoom, zoom_size
from knjazja.ui.table.prompt import Toasts, draw_banner, prompt_text
from knjazja.ui.art.palette import HIGHLIGHT
from knjazja.ui.table.sprites import Sprites, TextCache
from knjazja.ui.table.steps import StepBuilder
from knjazja.ui.table.view import TableView

log = logging.getLogger(__name__)

HOVER_ZOOM_DELAY = 0.4
DRAG_THRESHOLD = 6
BOT_PAUSE = 0.35        # a bot waits this long (÷ speed) before deciding, so moves can be followed


def _face_sizes(L: TableLayout) -> list[tuple[tuple[int, int], tuple[str, ...] | None]]:
    """(size, kinds or None for all) of the faces a table with layout ``L`` draws, most used
    first: hand, piles and flights; the card played in the centre (``warstack._table_geometry``);
    the opponents' areas; cities (and the buildings flying onto them) as the rows of cities
    grow and shrink (``areas._place_cities``); Dowry's bids; the war stack with one to three
    answers (``warstack._war_geometry``; war events, rarer, shrink it further).  A size
    missed here is prefetched for every card when it is first drawn (``Sprites``)."""
    u, ch, r = L.unit, L.card_size[1], L.war_stack
    centre_h = max(40, min(round(ch * 1.25), r.height - u * 5))
    centre = (round(centre_h * 5 / 7), centre_h)
    sizes: list = [(L.card_size, None), (centre, None), (L.small_card_size, None)]
    for base, scales in ((L.card_size, (1.35, 1.2, 1.0, 0.9, 0.8, 0.7)), (L.small_card_size, (1.0, 0.9, 0.8, 0.7))):
        for scale in scales:
            h = round(base[1] * scale) // 7 * 7
            if h >= 32:
                sizes.append(((h * 5 // 7, h), (CITY, BUILDING)))
    sizes.append(((round(centre[0] * 0.7), round(centre[1] * 0.7)), (TROOP,)))
    body_h = r.height - max(20, round(u * 2.3))         # below the header, no war events
    for answers in (1, 2, 3):
        h = max(40, int(min(ch * 1.6, (body_h - 2 * u) / (1 + 0.5 * answers + 0.3))) // 7 * 7)
        sizes.append(((h * 5 // 7, h), (CITY, TROOP, EVENT)))
    return list(dict.fromkeys(sizes))


@dataclass
class _Press:
    card: int
    pos: tuple[int, int]
    dragging: bool = False
    igor: bool = False      # Igor's Campaign picked up from before the viewer


class TableScene(GuiScene):
    def __init__(self, session, *, viewer_policy: str | int = "auto",
                 on_game_over: Callable[[object], None] | None = None,
                 on_menu: Callable[[], None] | None = None, settings=None,
                 on_handover: Callable[[int], None] | None = None,
                 sync_bots: bool = False) -> None:
        super().__init__()
        self.session = session
        self.on_game_over = on_game_over
        self.on_menu = on_menu
        self.on_handover = on_handover
        self.settings = settings
        self.sync_bots = sync_bots
        self.names = [s.name for s in session.seats]
        self.humans = [s.is_human for s in session.seats]
        self.policy = self._policy(viewer_policy)
        self.viewer: int | None = self._first_viewer()
        self.view = TableView(session.state)
        self.sprites = Sprites()
        self.texts = TextCache()
        self.narrator = Narrator(self.names, i18n.get_language())
        self.animator = A.Animator()
        self.steps = StepBuilder(self)
        self.board = Board()
        self.controls = Controls()
        self.queue: deque[Event] = deque()     # events waiting for their animation
        self.logged: list[Event] = []           # every event shown so far (the log is rebuilt from it)
        self.log_panel = LogPanel()
        self.toasts = Toasts()
        self.fan = HandFan()
        self.discard_browser = DiscardBrowser()
        self.layout: TableLayout | None = None
        self.time = 0.0
        # interaction
        self.held = -1                 # the hand card picked up (clicked or dragged)
        self.mode = ""                 # "", "war" (pick a city), "igor" (pick a seat), "squad"
        self.selected: list[int] = []  # a Wise Voivode squad being put together
        self.popup: list[Action] | None = None   # several actions a click could mean
        self.press: _Press | None = None
        self.mouse = (0, 0)
        self.hover_card: int | None = None
        self.hover_since = 0.0
        self.right_zoom: int | None = None
        self.handover_pending = False
        self._view_dirty = False
        self._game_over_sent = False
        self.hints = HintRequest()
        self._autosave_shown: str | None = None
        self._bot_key = None
        self._bot_wait = 0.0
        self._bg_ok = True
        self._warm: list[tuple[str, tuple[int, int]]] = []   # faces to render when idle (no prefetcher)
        self._warm_hand: tuple[int, ...] = ()                    # the hand whose zoom was prefetched

    # ======================================================================= viewer
    def _policy(self, p) -> str | int:
        if isinstance(p, int) and not isinstance(p, bool):
            return p
        if p in ("single", "hotseat", "spectator"):
            return p
        n = sum(self.humans)
        return "spectator" if n == 0 else ("single" if n == 1 else "hotseat")

    def _first_viewer(self) -> int | None:
        if isinstance(self.policy, int):
            return self.policy
        humans = [i for i, h in enumerate(self.humans) if h]
        if self.policy == "spectator" or not humans:
            return None
        d = self.session.deciding
        return d if d in humans else humans[0]

    @property
    def speed(self) -> float:
        st = self.settings if self.settings is not None else (self.app.settings if self.app else None)
        try:
            return max(0.1, float(getattr(st, "animation_speed", 1.0)))
        except (TypeError, ValueError):
            return 1.0

    @property
    def lang(self) -> str:
        return self.narrator.lang

    @property
    def busy(self) -> bool:
        """Animations are running or waiting: bots wait, input is ignored."""
        return self.animator.busy or bool(self.queue)

    def faces_hidden(self) -> bool:
        """No hand face up: spectator, a pending hand-over, or any overlay in hot seat."""
        if self.viewer is None or self.handover_pending:
            return True
        return self.policy == "hotseat" and self.paused and self.covered_by_overlay

    def can_act(self) -> bool:
        """The viewer may play now (his decision, nothing animating, nothing covering)."""
        s = self.session
        return (self.viewer is not None and not s.over and not self.busy and not self.handover_pending
                and not self.paused and s.human_to_decide() and s.deciding == self.viewer)

    # ======================================================================= life cycle
    def enter(self) -> None:
        if self.settings is None and self.app is not None:
            self.settings = self.app.settings
        super().enter()
        self._rebuild_log()

    def resume(self) -> None:
        self.handover_pending = False
        super().resume()

    def on_language_changed(self) -> None:
        self.narrator = Narrator(self.names, i18n.get_language())
        self.texts.clear()
        self._rebuild_log()
        super().on_language_changed()

    def build(self) -> None:
        self.layout = table_layout(self.size, len(self.names), self.viewer)
        self.board.set_layout(self.layout)
        self.log_panel.invalidate()
        self.controls.build(self.ui, self.layout)
        self._plan_warm_up()
        self.refresh()

    def refresh(self) -> None:
        self.controls.invalidate()
        if self.ui is not None and self.layout is not None:
            self.controls.update(self, self.ui, self.scale)

    # ======================================================================= frame
    def update(self, dt: float) -> None:
        self.time += dt
        self.toasts.update(dt)
        hint = self.hints.poll(self.session)
        if hint is not None:
            action, value = hint
            self.toasts.show(tr("table.hint", move=self.narrator.action(action, self.session.state),
                                chance=round(100 * value)))
        error = self.session.autosave_error
        if error and error != self._autosave_shown:
            self.toasts.show(tr("table.autosave_failed", error=error))
        self._autosave_shown = error
        self.animator.speed = self.speed
        self._pull_events()
        if self.animator.busy:
            self.animator.update(dt)
        self._run_queue()
        if not self.busy:
            if self._view_dirty:
                self.view.sync(self.session.state)
                self._view_dirty = False
            self._advance(dt)
            self._pull_events()
            self._run_queue()
        if self.ui is not None and self.layout is not None:
            self.controls.update(self, self.ui, self.scale)
        if self.hover_card is None:
            self.hover_since = self.time
        self._warm_up()

    def exit(self) -> None:
        self.hints.cancel()
        self.sprites.stop_prefetch()
        super().exit()

    def _warm_up(self) -> None:
        """Faces the table will need soon.  With the face prefetcher (a worker process renders
        the plan of ``_plan_warm_up``) move the faces that arrived into the cache, a few per
        frame, and ask for the zoom of new hand cards; without one, while the table waits for
        a decision, render one face per frame here."""
        if self.layout is None:
            return
        if self.sprites.prefetching:
            self.sprites.pump()
            while self._warm and self.sprites.has_face(*self._warm[-1], self.lang):
                self._warm.pop()                # arrived
            if self.viewer is not None:
                hand = tuple(self.session.state.hands[self.viewer])
                if hand != self._warm_hand:
                    self._warm_hand = hand
                    zoom = zoom_size(self.size)
                    self.sprites.prefetch([(CARD_ID[c], self.lang, zoom) for c in hand], replace=False)
            return
        if self.busy or self.press is not None or not self._warm:
            return
        if not (self.session.human_to_decide() or self.session.bot_thinking()):
            return
        while self._warm:
            card_id, size = self._warm.pop()
            if not self.sprites.has_face(card_id, size, self.lang):
                self.sprites.face_id(card_id, size, self.lang)
                return

    def _plan_warm_up(self) -> None:
        """Every face the table may draw, most likely first: the cards in sight at the size of
        the hand, the zoom of the hand, then every card at the sizes the table uses; all of
        them for the prefetcher, those at the size of the hand and the hand's zoom for
        ``_warm`` (rendered while idle without a prefetcher)."""
        from knjazja.engine.cards import SPECS
        L = self.layout
        s = self.session.state
        hand = [CARD_ID[c] for c in s.hands[self.viewer]] if self.viewer is not None else []
        in_sight = hand + [CARD_ID[c] for c in (*s.cities, *s.discard[-2:], *(c for ch in s.chronicles for c in ch))]
        order = list(dict.fromkeys(in_sight + [sp.id for sp in SPECS]))
        kinds = {sp.id: sp.kind for sp in SPECS}
        zoom = [(c, zoom_size(self.size)) for c in hand]
        plan = [(c, L.card_size) for c in in_sight] + zoom
        for size, only in _face_sizes(L):
            plan += [(c, size) for c in order if only is None or kinds[c] in only]
        self._warm = ([(c, L.card_size) for c in order] + zoom)[::-1]
        self._warm_hand = tuple(s.hands[self.viewer]) if self.viewer is not None else ()
        self.sprites.prefetch([(c, self.lang, size) for c, size in plan])

    def _pull_events(self) -> None:
        ev = self.session.events
        if ev and not self.busy:
            self.log_panel.mark_fresh()
        while ev:
            self.queue.append(ev.popleft())

    def _run_queue(self) -> None:
        guard = 0
        while not self.animator.busy and self.queue and guard < 1000:
            guard += 1
            e = self.queue.popleft()
            self._view_dirty = True
            self.log_event(e)
            self.animator.start(self.steps.build(e))

    def _advance(self, dt: float) -> None:
        """Let the game move on: game over, hand-over, automatic answers, bots."""
        s = self.session.state
        if s.over:
            if not self._game_over_sent:
                self._game_over_sent = True
                self._reset_interaction()
                if self.on_game_over is not None:
                    self.on_game_over(self.session)
            return
        if self.paused:
            return
        if self.session.human_to_decide():
            seat = self.session.deciding
            if self.policy == "hotseat" and seat != self.viewer:
                self._handover(seat)
                return
            self.session.auto_answer()
            return
        key = (len(s.history), s.decision)
        if key != self._bot_key:
            self._bot_key = key
            self._bot_wait = 0.0 if self.sync_bots else BOT_PAUSE / self.speed
        if self._bot_wait > 0:
            self._bot_wait -= dt
            return
        if self.sync_bots or not self._bg_ok:
            self.session.bot_step(background=False)
            return
        try:
            self.session.bot_step(background=True)
        except ImportError:  # no background thinker in this build: decide within the frame
            self._bg_ok = False
            self.session.bot_step(background=False)
        except Exception:    # the thinker failed (a dead worker...): decide this move here
            log.exception("background bot failed; deciding in the frame")
            self.session.cancel_bot()
            self.session.bot_step(background=False)

    def _handover(self, seat: int) -> None:
        self._reset_interaction()
        self.viewer = seat
        self._rebuild_log()
        self.rebuild()
        if self.on_handover is not None:
            self.handover_pending = True
            self.on_handover(seat)
            if self.is_top:   # the callback pushed nothing: carry on
                self.handover_pending = False

    def skip(self) -> None:
        """Finish every running and queued animation now."""
        if self.animator.busy:
            self.animator.finish()
        self._pull_events()
        while self.queue:
            self.log_event(self.queue.popleft())
        self.view.sync(self.session.state)
        self._view_dirty = False

    # ======================================================================= log
    def _narrate(self, e: Event) -> str | None:
        try:
            return self.narrator.event(e, -1 if self.viewer is None else self.viewer)
        except Exception:  # a gap in the narration must never stop the game
            log.exception("narration failed for %s", e)
            return None

    def _rebuild_log(self) -> None:
        self.log_panel.set_lines([line for e in self.logged if (line := self._narrate(e))])

    def log_event(self, e: Event) -> None:
        self.logged.append(e)
        line = self._narrate(e)
        if line:
            self.log_panel.add(line)

    def visible(self, e: Event) -> bool:
        """Whether the viewer may see the cards of ``e`` (else they fly face down)."""
        return e.visible_to(-1 if self.viewer is None else self.viewer) and not (
            self.faces_hidden() and e.private)

    # ======================================================================= geometry
    def _ctx(self) -> DrawContext:
        viewer = None if self.faces_hidden() else self.viewer
        return DrawContext(self.sprites, self.texts, self.lang, self.names, self.humans,
                           self.layout.unit, viewer, self.time)

    def ensure_geometry(self) -> None:
        if self.layout is not None:
            choice = self.controls.choice
            self.board.ensure(self.view, self._ctx(), choice.rect.top if choice.visible else None, self.names)

    def hand_seat(self) -> int:
        """Whose hand lies at the bottom (the viewer's; seat 0 for a spectator)."""
        return self.layout.viewer

    def layout_fan(self) -> None:
        L = self.layout
        raised = set(self.selected) | ({self.held} if self.held >= 0 else set())
        dragging = self.press is not None and self.press.dragging and not self.press.igor
        hidden = {self.press.card} if dragging else set()
        hand = self.view.hands[self.hand_seat()]
        hover = None
        if self.press is None and L.hand.inflate(0, L.card_size[1]).collidepoint(self.mouse):
            self.fan.layout(hand, L.hand, L.card_size, raised=raised, hidden=hidden)
            hover = self.fan.card_at(self.mouse)
        self.fan.layout(hand, L.hand, L.card_size, raised=raised, hover=hover, hidden=hidden)

    def card_at(self, pos) -> int | None:
        """The card under the mouse (for zooming), wherever it lies."""
        if self.discard_browser.open:
            return self.discard_browser.card_at(pos)
        if self.layout.log.collidepoint(pos):
            return self.log_panel.card_at(pos)
        c = self.fan.card_at(pos)
        if c is not None:
            return None if (self.faces_hidden() or self.hand_seat() != self.viewer) else c
        self.ensure_geometry()
        return self.board.card_at(pos, self.view)

    # ======================================================================= input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._on_button(event.ui_element)
        if event.type == pygame.MOUSEMOTION:
            self._on_motion(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.discard_browser.open:
                self.discard_browser.wheel(event.y)
            elif self.layout.log.collidepoint(self.mouse):
                self.log_panel.wheel(event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if self.discard_browser.open:
                self._browser_click(event)
                return True
            if event.button == 3:
                if self.held >= 0 or self.mode or self.selected or self.popup:
                    self._reset_interaction()
                else:
                    self.right_zoom = self.card_at(event.pos)
                return True
            if event.button != 1:
                return False
            self.right_zoom = None
            if self.busy:
                self.skip()
                return True
            return self._on_press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            return self._on_release(event.pos)
        return False

    def _browser_click(self, event) -> None:
        b = self.discard_browser
        if event.button == 3:
            self.right_zoom = b.card_at(event.pos)
        elif event.button == 1 and (b.close_rect.collidepoint(event.pos) or not b.panel.collidepoint(event.pos)):
            b.toggle(False)
            self.right_zoom = None

    def _on_motion(self, pos) -> None:
        self.mouse = pos
        if self.press is not None and not self.press.dragging:
            dx, dy = pos[0] - self.press.pos[0], pos[1] - self.press.pos[1]
            if dx * dx + dy * dy >= DRAG_THRESHOLD ** 2:
                self.press.dragging = True
                if not self.press.igor:
                    self.held, self.mode = self.press.card, ""
        card = None if (self.press is not None and self.press.dragging) else self.card_at(pos)
        if self.right_zoom is not None and card != self.right_zoom:
            self.right_zoom = None
        if card != self.hover_card:
            self.hover_card = card
            self.hover_since = self.time

    def _on_press(self, pos) -> bool:
        L = self.layout
        self.layout_fan()
        hand_card = self.fan.card_at(pos)
        if hand_card is not None and not self.faces_hidden() and self.hand_seat() == self.viewer:
            self.press = _Press(hand_card, pos)
            return True
        igor = self._igor_chip_at(pos)
        if igor is not None and self.can_act() and I.igor_candidates(self.session.legal()):
            self.press = _Press(igor, pos, igor=True)
            return True
        holding = self.held >= 0 or self.mode in ("war", "igor")
        if not holding and self.board.pile_card_rect(L.discard).collidepoint(pos):
            self.discard_browser.toggle(True)
            return True
        if not holding and self.board.pile_card_rect(L.deck).collidepoint(pos):
            if self.can_act() and Action(DRAW) in self.session.legal():
                self._play(Action(DRAW))
            return True
        if holding:
            self.ensure_geometry()
            targets = self.board.targets_at(pos)
            if targets:
                self._click_targets(targets)
            else:
                self._reset_interaction()
            return True
        return False

    def _on_release(self, pos) -> bool:
        press, self.press = self.press, None
        if press is None:
            return False
        if not press.dragging:
            if press.igor:
                self.held = -1
                self.mode = "" if self.mode == "igor" else "igor"
                self.controls.invalidate()
            else:
                self._click_hand_card(press.card)
            return True
        if press.igor:
            self.mode = "igor"
        self.ensure_geometry()
        targets = self.board.targets_at(pos)
        if targets:
            self._click_targets(targets)
        if self.popup is None:          # a drop ends the drag whatever came of it
            self.held = -1
            self.mode = "" if self.mode == "igor" else self.mode
        self.controls.invalidate()
        return True

    def _igor_chip_at(self, pos) -> int | None:
        if self.viewer is None:
            return None
        self.ensure_geometry()
        g = self.board.geoms.get(self.viewer)
        for chip in (g.chips if g is not None else []):
            if chip.rect.collidepoint(pos) and CARD_ID[chip.card] == "chr.igor":
                return chip.card
        return None

    def _voivode_mode(self) -> bool:
        s = self.session.state
        return s.decision.kind in (WAR_ATTACK, WAR_DEFEND) and s.holds_chronicle(s.decision.seat, "chr.voivode")

    def _explain(self, card: int, target, legal) -> str:
        return I.explain(self.session.state, self.viewer, card, target, self.names, self.lang, legal)

    def _click_hand_card(self, card: int) -> None:
        """A click (not a drag) on a card of the viewer's hand."""
        if not self.can_act():
            if not self.busy and not self.session.over:
                self.toasts.show(self._explain(card, None, []))
            return
        s = self.session.state
        legal = self.session.legal()
        kind = s.decision.kind
        if kind in (WAR_ATTACK, WAR_DEFEND) and IS_TROOP[card]:
            if self._voivode_mode():          # put a squad together, then press its button
                if card in self.selected:
                    self.selected.remove(card)
                else:
                    self.selected.append(card)
                self.mode = "squad" if self.selected else ""
                self.held = -1
                self.controls.invalidate()
                return
            want = ATTACK if kind == WAR_ATTACK else DEFEND
            single = [a for a in I.candidates_for(legal, card) if a.kind == want and len(a.cards) == 1]
            if single:
                self._play(single[0])
            else:
                self.toasts.show(self._explain(card, I.CENTRE, legal))
            return
        cands = I.candidates_for(legal, card)
        if not cands:
            self.toasts.show(self._explain(card, None, legal))
            self._reset_interaction()
            return
        if kind != TURN and len(cands) == 1 and I.targetless(cands[0]):
            self._play(cands[0])
            return
        was = self.held
        self._reset_interaction()
        if was != card:
            self.held = card

    def _click_targets(self, targets: list) -> None:
        """A click (or drop) on ``targets`` while a card, war or Igor is in hand."""
        if not self.can_act():
            self._reset_interaction()
            return
        s = self.session.state
        legal = self.session.legal()
        if self.mode == "war":
            cands = I.war_candidates(legal)
        elif self.mode == "igor":
            cands = I.igor_candidates(legal)
        elif self.held >= 0:
            cands = I.candidates_for(legal, self.held)
        else:
            return
        hits, used = I.match(cands, targets, s)
        if not hits:
            if self.mode == "war":
                self.toasts.show(self._war_reason(targets))
            elif self.mode == "igor":
                self.toasts.show(tr("table.why.igor_seat"))
            else:
                self.toasts.show(self._explain(self.held, used, legal))
            return
        if len(hits) == 1:
            self._play(hits[0])
        else:
            self.popup = hits
            self.controls.invalidate()

    def _war_reason(self, targets) -> str:
        s = self.session.state
        for t in targets:
            if t[0] == "city" and t[1] in s.cities:
                city = s.cities[t[1]]
                if city.owner == self.viewer:
                    return tr("table.why.own_city_war")
                return tr("table.why.war_city", city=card_word(t[1], self.lang), walls=city.wall_strength)
        return tr("table.why.pick_city")

    def _play(self, action: Action) -> bool:
        """Hand one legal action to the session; a refusal becomes a toast."""
        try:
            self.session.play(action)
        except IllegalAction as exc:
            self.toasts.show(str(exc))
            return False
        self._reset_interaction()
        self._pull_events()
        self._run_queue()
        return True

    def undo(self) -> bool:
        """Take the last human move back, if no hidden information was revealed since."""
        if not self.session.can_undo():
            return False
        self.skip()
        self.session.undo()
        self.queue.clear()
        self.logged = [e for _, e in self.session.log]   # the undone move leaves the log
        self._rebuild_log()
        self.view.sync(self.session.state)
        self._reset_interaction()
        self.toasts.show(tr("table.undone"))
        return True

    def _reset_interaction(self) -> None:
        self.held = -1
        self.mode = ""
        self.selected = []
        self.popup = None
        self.press = None
        self.controls.invalidate()

    def _on_button(self, element) -> bool:
        key = self.controls.which(element)
        if key == "menu":
            if self.on_menu is not None:
                self.on_menu()
            elif self.is_top:
                self.close()
            return True
        if key == "skip":
            self.skip()
            return True
        if key == "undo":
            if self.viewer is not None:
                self.undo()
            return True
        if key == "hint":
            if self.can_act():
                self.hints.start(self.session, self.viewer)
                self.toasts.show(tr("table.hint_thinking"))
            return True
        if key is not None:
            self._fixed_button(key)
            return True
        payload = self.controls.choice.payload_of(element)
        if payload is None:
            return False
        if payload == "cancel":
            self._reset_interaction()
        elif payload == "clear":
            self.selected, self.mode = [], ""
            self.controls.invalidate()
        elif isinstance(payload, Action):
            self._play(payload)
        return True

    def _fixed_button(self, key: str) -> None:
        if not self.can_act():
            return
        legal = self.session.legal()
        if key == "start_war":
            war = self.mode == "war"
            self._reset_interaction()
            if not war and I.war_candidates(legal):
                self.mode = "war"
            return
        a = Action({"draw": DRAW, "pass": PASS, "end_war": END_WAR}[key])
        if a in legal:
            self._play(a)

    # ======================================================================= test helpers
    def rect_of_hand_card(self, card: int) -> Rect | None:
        """The visible part of ``card`` (or an identical copy) in the viewer's hand."""
        self.layout_fan()
        r = self.fan.rect_of(card)
        if r is None:
            r = next((rr for c, rr in self.fan.rects if CARD_ID[c] == CARD_ID[card]), None)
        if r is None:
            return None
        visible = Rect(r)
        for c, rr in self.fan.rects:
            if r.left < rr.left < visible.right and c != self.fan.hover:
                visible.width = rr.left - visible.left
                break
        return visible

    def rect_of_city(self, city: int) -> Rect | None:
        self.ensure_geometry()
        r = self.board.city_rect(city)
        return Rect(r.left + 2, r.top + r.height // 3, r.width - 4, r.height // 3) if r is not None else None

    def rect_of_seat(self, seat: int) -> Rect | None:
        """A spot in the seat's area that is no city or chronicle (its name)."""
        self.ensure_geometry()
        g = self.board.geoms.get(seat)
        return Rect(g.name_rect) if g is not None else None

    def rect_of_chronicle(self, card: int) -> Rect | None:
        self.ensure_geometry()
        return self.board.chip_rect(card)

    def rect_of_troop(self, card: int) -> Rect | None:
        """A troop lying on the war stack (a Bribe's target)."""
        self.ensure_geometry()
        c = self.board.centre
        for pc in reversed(c.cards if c is not None else []):
            if pc.card == card and pc.troop:
                return Rect(pc.rect)
        return None

    def rect_of_war(self) -> Rect:
        """An empty spot of the centre (the war stack): drop troops and war events here."""
        self.ensure_geometry()
        r = self.board.centre_rect
        return Rect(r.right - r.width // 8, r.top + r.height // 3, max(4, r.width // 12), max(4, r.height // 5))

    def rect_of_deck(self) -> Rect:
        return self.board.pile_card_rect(self.layout.deck)

    def rect_of_discard(self) -> Rect:
        return self.board.pile_card_rect(self.layout.discard)

    def rect_of_button(self, action: Action | str) -> Rect | None:
        """The visible, enabled button that takes ``action`` (or a fixed button by name)."""
        return self.controls.rect_of(action, self.session.legal() if self.can_act() else [])

    # ======================================================================= drawing
    def draw_backdrop(self, surface: pygame.Surface) -> None:
        self.board.draw_backdrop(surface, self._ctx())

    def draw(self, surface: pygame.Surface) -> None:
        if self.layout is None:
            return
        if self._backdrop is None or self._backdrop.get_size() != surface.get_size():
            backdrop = pygame.Surface(surface.get_size())
            self.draw_backdrop(backdrop)
            try:
                backdrop = backdrop.convert()
            except pygame.error:
                pass
            self._backdrop = backdrop
        self.ensure_geometry()
        ctx = self._ctx()
        s = self.session.state
        lit = self._lit()
        # while moves are shown nobody is asked anything yet: only whose turn it is
        decider, current = (-1, self.view.current) if self.busy else (s.decision.seat, s.current)
        layer = self.board.layer(self._backdrop, self.view, ctx, lit=lit, war_mode=self.mode == "war",
                                 tags=self._tags(decider, current), hidden=frozenset(self.animator.hidden()))
        surface.blit(layer, (0, 0))
        self.board.draw_dynamic(surface, ctx, decider=decider, current=current, over=s.over)
        L = self.layout
        self.log_panel.draw(surface, L.log, ctx)
        text, mine = self._prompt()
        # the Skip and Hint buttons sit on the banner's right end: the text keeps clear of them
        over = [b.rect.width + 16 for b in (self.controls.skip, self.controls.hint) if b is not None and b.visible]
        draw_banner(surface, L.prompt, text, mine, ctx, right_reserve=max(over, default=0))
        self._draw_hand(surface, ctx)
        self.controls.choice.draw(surface, ctx)

    def _draw_hand(self, surface: pygame.Surface, ctx: DrawContext) -> None:
        L = self.layout
        self.layout_fan()
        face_up = not self.faces_hidden() and self.hand_seat() == self.viewer
        playable = self._playable_cards() if face_up and self.can_act() else None
        glow = set(self.selected) | ({self.held} if self.held >= 0 else set())
        hinted = self.hints.current(self.session)
        if hinted is not None:       # the hinted card rises with a glow
            a = hinted[0]
            glow |= {c for c in (a.card, *a.cards) if c >= 0 and c in self.session.state.hands[self.viewer or 0]}
        self.fan.draw(surface, ctx, face_up=face_up, playable=playable, raised=glow, selected_glow=glow)
        if self.viewer is None:
            t = self.texts.render(tr("table.spectator"), "body", ctx.fs(1.0), style.MUTED)
            surface.blit(t, t.get_rect(midbottom=(L.hand.centerx, L.hand.top + ctx.unit)))

    def draw_foreground(self, surface: pygame.Surface) -> None:
        if self.layout is None:
            return
        ctx = self._ctx()
        L = self.layout
        self.animator.draw(surface)
        if self.press is not None and self.press.dragging:
            size = L.card_size if not self.press.igor else L.small_card_size
            img = self.steps.image(self.press.card, size, True)
            r = img.get_rect(center=self.mouse)
            surface.blit(self.sprites.card_shadow(size), (r.x + 4, r.y + 8))
            surface.blit(img, r)
        self.toasts.draw(surface, (L.prompt.centerx, L.prompt.top - L.unit // 2), L.prompt.width, ctx)
        if self.discard_browser.open:
            self.discard_browser.draw(surface, self.view.discard, ctx)
        zoom = self.right_zoom
        if zoom is None and self.hover_card is not None and self.press is None \
                and self.time - self.hover_since >= HOVER_ZOOM_DELAY:
            zoom = self.hover_card
        if zoom is not None and zoom >= 0:
            draw_zoom(surface, zoom, self.mouse, ctx)

    def _tags(self, decider: int, current: int) -> tuple:
        """The labels on the areas of whoever decides now and whoever's turn it is."""
        if self.session.state.over:
            return ()
        out = []
        if 0 <= decider < len(self.names):
            if not self.humans[decider]:
                text = tr("table.tag.thinking")
            elif decider == self.viewer:
                text = tr("table.tag.you_decide")
            else:
                text = tr("table.tag.deciding")
            out.append((decider, text, HIGHLIGHT, style.INK, not self.humans[decider]))
        if current != decider and 0 <= current < len(self.names):
            out.append((current, tr("table.tag.turn"), style.GOLD_DARK, style.CREAM, False))
        return tuple(out)

    def _prompt(self) -> tuple[str, bool]:
        if self.busy:
            lines = self.log_panel.lines
            return (expand_tokens(lines[-1], self.lang) if lines else ""), False
        viewer = None if self.faces_hidden() else self.viewer
        text, mine = prompt_text(self.session.state, self.names, self.humans, viewer, self.lang, mode=self.mode,
                                 held=self.held, thinking=not self.session.human_to_decide())
        return text, mine and self.can_act()

    def _lit(self) -> set:
        if not self.can_act():
            return set()
        legal = self.session.legal()
        s = self.session.state
        press = self.press if self.press is not None and self.press.dragging else None
        if self.mode == "war":
            return I.lit_targets(I.war_candidates(legal), s)
        if self.mode == "igor" or (press is not None and press.igor):
            return I.lit_targets(I.igor_candidates(legal), s)
        card = self.held if self.held >= 0 else (press.card if press is not None else -1)
        return I.lit_targets(I.candidates_for(legal, card), s) if card >= 0 else set()

    def _playable_cards(self) -> set[int]:
        legal = self.session.legal()
        return {c for c in self.view.hands[self.hand_seat()] if I.candidates_for(legal, c)}
