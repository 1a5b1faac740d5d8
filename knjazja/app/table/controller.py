"""The table without pygame: whose eyes it shows, what a click means, when bots move.

* Who sees: ``viewer_policy`` "auto" (one human: "single", several: "hotseat", none:
  "spectator"), one of those names, or a seat number (that seat always views).
* Interaction: small states (``app.interaction``); clicks and drops on named targets map to
  one of ``session.legal()`` or to the engine's ``Refusal``; ``notices`` become toasts.
* Events: the table reads the session's feed (``app.feed``) through ``shown``, one event
  at a time as it animates them (``next_event``); ``view`` is the table as shown so far.
  While anything animates or waits, bots wait and clicks are ignored.
* Pacing (``update``): game over, hand-overs, automatic answers, bots after ``BOT_PAUSE``.
"""
from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable

from knjazja.app.table import clicks as C
from knjazja.app.wording.card_names import refusal_text
from knjazja.app.table.hints import HintRequest
from knjazja.app.advice.explain import why_good
from knjazja.app.wording.i18n import get_language, tr
from knjazja.app.table.interaction import (IDLE, Choosing, Hit, Holding, Idle, Mode, PickingIgorSeat, Pile,
                                     PickingWarCity, Press, Squad, base, held_card, squad_cards)
from knjazja.app.wording.narrate import Narrator
from knjazja.app.table.prompts import area_tags, prompt_text
from knjazja.app.session import GameSession
from knjazja.app.table.table_view import TableView, last_played
from knjazja.app.table.undo import UndoHandover
from knjazja.engine import Action, Event, IllegalAction
from knjazja.engine.actions import ATTACK, DEFEND, DRAW, TURN, WAR_ATTACK, WAR_DEFEND
from knjazja.engine.cards import IS_TROOP
from knjazja.engine.refusals import Refusal, Target, why_not_declare, why_not_pass_igor, why_not_play
from knjazja.engine.kinds import TargetKind
from knjazja.engine.targets import forms_squads, passable_chronicle

log = logging.getLogger(__name__)

BOT_PAUSE = 0.35        # a bot waits this long (÷ speed) before deciding, so moves can be followed
LAST_ROUND_PAUSE = 1.0  # … and this long once the end is set: the last moves are followed calmly


class TableController(UndoHandover):
    def __init__(self, session: GameSession, *, viewer_policy: str | int = "auto",
                 sync_bots: bool = False, speed: Callable[[], float] = lambda: 1.0,
                 on_game_over: Callable[[GameSession], None] | None = None,
                 on_handover: Callable[[int], None] | None = None,
                 on_viewer_change: Callable[[], None] | None = None) -> None:
        self.session = session
        self.names = [s.name for s in session.seats]
        self.humans = [s.is_human for s in session.seats]
        self.sync_bots = sync_bots
        self.speed = speed
        self.on_game_over = on_game_over
        self.on_handover = on_handover
        self.on_viewer_change = on_viewer_change
        self.policy = self._policy(viewer_policy)
        self.viewer: int | None = self._first_viewer()
        self.view = TableView(session.state)
        self.narrator = Narrator(self.names, get_language())
        self.hints = HintRequest()
        # the events: the ones before ``shown`` are on the table and in the log (a loaded
        # game's past among them), the rest wait to be animated
        self.shown = session.feed.reader(at_end=True)
        self.view.recent = last_played(self.logged)
        self.animating = False                   # the table's animator is playing a step
        self._view_dirty = False
        # interaction
        self.mode: Mode = IDLE
        self.press: Press | None = None
        self.notices: deque[str] = deque()       # toasts to show
        self.last_refusal: Refusal | None = None
        # hot seat and overlays
        self.paused = False                      # a scene covers the table
        self.covered = False                     # … and the table is still visible beneath
        self.handing_over_from: int | None = None   # whose move led to the pending hand-over
        # several humans at one screen: the first is handed the device before any hand shows
        self._greet = self.handover_pending = (self.policy == "hotseat" and on_handover is not None
                                               and self.viewer is not None and not session.over)
        # pacing
        self._game_over_sent = False
        self.finished = False                    # the game is over and shown: the final board stays
        self._bot_key: tuple | None = None
        self._bot_wait = 0.0
        self._autosave_shown: str | None = None

    # ===================================================================== who sees what
    def _policy(self, p: str | int) -> str | int:
        if isinstance(p, int) and not isinstance(p, bool) or p in ("single", "hotseat", "spectator"):
            return p
        n = sum(self.humans)
        return "spectator" if n == 0 else ("single" if n == 1 else "hotseat")

    def _first_viewer(self) -> int | None:
        if isinstance(self.policy, int):
            return self.policy
        humans = [i for i, h in enumerate(self.humans) if h]
        if self.policy == "spectator" or not humans:
            return None
        return self.session.deciding if self.session.deciding in humans else humans[0]

    @property
    def lang(self) -> str:
        return self.narrator.lang

    def set_language(self, lang: str) -> None:
        self.narrator = Narrator(self.names, lang)

    @property
    def busy(self) -> bool:
        """Animations are running or waiting: bots wait, input is ignored."""
        return self.animating or self.shown.pending > 0

    def faces_hidden(self) -> bool:
        """No hand face up: spectator, a pending hand-over, or any overlay in hot seat."""
        if self.viewer is None or self.handover_pending:
            return True
        return self.policy == "hotseat" and self.paused and self.covered

    @property
    def me(self) -> int:
        """The viewer, as the one who acts (asked only when there is one)."""
        assert self.viewer is not None, "a spectator does not act"
        return self.viewer

    def shows_hand(self, seat: int) -> bool:
        """Whether the hand of ``seat`` (at the bottom of the table) is shown face up."""
        return not self.faces_hidden() and seat == self.viewer

    def can_act(self) -> bool:
        """The viewer may play now (his decision, nothing animating, nothing covering)."""
        s = self.session
        return (self.viewer is not None and not s.over and not self.busy and not self.handover_pending
                and not self.paused and s.human_to_decide() and s.deciding == self.viewer)

    def visible(self, e: Event) -> bool:
        """Whether the viewer may see the cards of ``e`` (else they fly face down)."""
        return e.visible_to(-1 if self.viewer is None else self.viewer) and not (
            self.faces_hidden() and e.private)

    # ===================================================================== events
    @property
    def logged(self) -> list[Event]:
        """Every event shown so far (the log's events), oldest first."""
        return self.shown.read()

    def set_animating(self, busy: bool) -> None:      # the animator's word: a step plays, or none
        self.animating = busy

    def waiting(self) -> Event | None:
        """The next event to animate, left waiting (the animator groups events by it)."""
        return self.shown.peek()

    def next_event(self) -> Event | None:
        """The next event to animate (logged as it is taken), or None."""
        e = self.shown.next()
        if e is not None:
            self._view_dirty = True
        return e

    def skip(self) -> list[Event]:
        """Take every waiting event at once (all shown as done); returns them."""
        taken = self.shown.take()
        self.view.sync(self.session.state)
        self._view_dirty = False
        return taken

    def narrate(self, e: Event) -> str | None:
        return self.narrator.event(e, -1 if self.viewer is None else self.viewer)

    def log_lines(self) -> list[str]:
        return [line for e in self.logged if (line := self.narrate(e))]

    # ===================================================================== pacing
    def update(self, dt: float) -> None:
        """A frame: notices from the hint and autosave; once nothing animates, the view
        catches up and the game moves on."""
        hint = self.hints.poll(self.session)
        if hint is not None and self.viewer is not None:
            action, value = hint
            s = self.session.state
            why = why_good(s, self.viewer, action, value, self.names, self.lang)
            self.notices.append(tr("table.hint", move=self.narrator.action(action, s), why=why,
                                   chance=round(100 * value)))
        error = self.session.autosave_error
        if error and error != self._autosave_shown:
            self.notices.append(tr("table.autosave_failed", error=error))
        self._autosave_shown = error
        if not self.busy:
            if self._view_dirty:
                self.view.sync(self.session.state)
                self._view_dirty = False
            self._advance(dt)

    def _advance(self, dt: float) -> None:
        """Let the game move on: game over, hand-over, automatic answers, bots."""
        s = self.session.state
        if s.over:
            if not self._game_over_sent:
                self._game_over_sent = self.finished = True
                self.reset()
                if self.on_game_over is not None:
                    self.on_game_over(self.session)
            return
        if self.paused:
            return
        if self._greet:
            self._greet = False
            return self._handover(self.me, first=True)
        if self.session.human_to_decide():
            seat = self.session.deciding
            if self.policy == "hotseat" and self.session.answer_from_public_facts():
                return
            if self.policy == "hotseat" and seat != self.viewer:
                self._handover(seat)
                return
            self.session.auto_answer()
            return
        key = (len(s.history), s.decision)
        if key != self._bot_key:
            self._bot_key = key
            pause = LAST_ROUND_PAUSE if s.end_turn is not None else BOT_PAUSE
            self._bot_wait = 0.0 if self.sync_bots else pause / self.speed()
        if self._bot_wait > 0:
            self._bot_wait -= dt
            return
        if self.sync_bots:
            self.session.bot_step(background=False)
            return
        try:
            self.session.bot_step(background=True)
        except RuntimeError:     # the background worker died (Thinker.poll): decide here
            log.exception("background bot failed; deciding in the frame")
            self.session.cancel_bot()
            self.session.bot_step(background=False)

    def _handover(self, seat: int, first: bool = False) -> None:
        self.reset()
        self.handing_over_from = None if first else self.viewer
        self.viewer = seat
        if self.on_viewer_change is not None:
            self.on_viewer_change()
        if self.on_handover is not None:
            self.handover_pending = True
            self.on_handover(seat)
        else:
            self.claimed()

    # ===================================================================== what to show
    @property
    def held(self) -> int:
        return held_card(self.mode)

    @property
    def selected(self) -> tuple[int, ...]:
        return squad_cards(self.mode)

    @property
    def choices(self) -> tuple[Action, ...] | None:
        return self.mode.actions if isinstance(self.mode, Choosing) else None

    @property
    def picking_war(self) -> bool:
        return isinstance(base(self.mode), PickingWarCity)

    def prompt(self) -> tuple[str, bool]:
        """The banner's text, and whether it asks the viewer to act."""
        viewer = None if self.faces_hidden() else self.viewer
        text, mine = prompt_text(self.session.state, self.names, self.humans, viewer, self.lang,
                                 mode=self.mode, held=self.held,
                                 thinking=not self.session.human_to_decide())
        return text, mine and self.can_act()

    def tags(self) -> tuple[tuple[int, str], ...]:
        """(seat, tag) for the areas; while moves are shown, only whose turn it is."""
        s = self.session.state
        decider, current = self.decider_and_current()
        return area_tags(s, self.humans, self.viewer, decider, current)

    def decider_and_current(self) -> tuple[int, int]:
        """Who decides and whose turn it is, as the table shows now (nobody decides while
        moves are still being shown)."""
        s = self.session.state
        return (-1, self.view.current) if self.busy else (s.decision.seat, s.current)

    def lit(self) -> set[Target]:
        """The targets the card (or war, or Igor) in hand may go to."""
        if not self.can_act():
            return set()
        return C.lit_for(self.mode, self.press, self.session.legal(), self.session.state)

    def playable(self, hand: list[int]) -> set[int]:
        legal = self.session.legal()
        return {c for c in hand if C.candidates_for(legal, c)}

    def hinted_cards(self) -> set[int]:
        hinted = self.hints.current(self.session)
        if hinted is None or self.viewer is None:
            return set()
        a = hinted[0]
        return {c for c in (a.card, *a.cards) if c >= 0 and c in self.session.state.hands[self.viewer]}

    # ===================================================================== input
    def reset(self) -> None:
        self.mode = IDLE
        self.press = None

    def cancel(self) -> bool:
        """Right click: put back whatever is picked up; False if nothing was."""
        if isinstance(self.mode, Idle):
            return False
        self.reset()
        return True

    def _refuse(self, r: Refusal) -> None:
        self.last_refusal = r
        self.notices.append(refusal_text(r, self.names, self.lang))

    def press_at(self, pos: tuple[int, int], hand_card: int | None, targets: list[Target],
                 pile: Pile | None) -> Hit | None:
        """The left button went down at ``pos`` over a face-up card of the viewer's hand (or
        None), ``targets`` (most specific first) and a pile (or None); what it hit."""
        if hand_card is not None:
            self.press = Press(hand_card, pos)
            return Hit.HAND
        mine = any(t.kind == TargetKind.SEAT and t.key == self.viewer for t in targets)
        chronicle = next((t.key for t in targets if t.kind == TargetKind.CHRONICLE), -1)
        if mine and chronicle >= 0 and self.press_chronicle(chronicle, pos):
            return Hit.CHRONICLE
        if self.holding():
            self.click_targets(targets) if targets else self.reset()
            return Hit.TARGET
        if pile == Pile.DECK:
            self.click_deck()
            return Hit.DECK
        return Hit.DISCARD if pile == Pile.DISCARD else None

    def press_chronicle(self, card: int, pos: tuple[int, int]) -> bool:
        """A press on a chronicle before the viewer: only Igor's Campaign, when passable."""
        if (self.viewer is None or not self.can_act() or card != passable_chronicle(self.session.state, self.viewer)
                or not C.igor_candidates(self.session.legal())):
            return False
        self.press = Press(card, pos, igor=True)
        return True

    def motion(self, pos: tuple[int, int]) -> None:
        if self.press is not None and self.press.moved_to(pos) and not self.press.igor:
            self.mode = Holding(self.press.card)

    @property
    def dragging(self) -> bool:
        return self.press is not None and self.press.dragging

    def holding(self) -> bool:
        """A card, a war or Igor's Campaign is in hand: a click goes to a target."""
        return self.held >= 0 or isinstance(base(self.mode), (PickingWarCity, PickingIgorSeat))

    def release(self, targets: list[Target]) -> bool:
        """The mouse button went up over ``targets``: a click or the end of a drag."""
        press, self.press = self.press, None
        if press is None:
            return False
        if not press.dragging:
            if press.igor:
                self.mode = IDLE if isinstance(self.mode, PickingIgorSeat) else PickingIgorSeat()
            else:
                self.click_hand_card(press.card)
            return True
        if press.igor:
            self.mode = PickingIgorSeat()
        if targets:
            self.click_targets(targets)
        if not isinstance(self.mode, Choosing):     # a drop ends the drag whatever came of it
            self.mode = IDLE if isinstance(self.mode, (Holding, PickingIgorSeat)) else self.mode
        return True

    def click_hand_card(self, card: int) -> None:
        """A click (not a drag) on a card of the viewer's hand."""
        s = self.session.state
        if not self.can_act():
            if not self.busy and not s.over and self.viewer is not None:
                self._refuse(why_not_play(s, self.me, card))
            return
        kind = s.decision.kind
        legal = self.session.legal()
        if kind in (WAR_ATTACK, WAR_DEFEND) and IS_TROOP[card]:
            self._click_troop(card, legal)
            return
        cands = C.candidates_for(legal, card)
        if not cands:
            self._refuse(why_not_play(s, self.me, card))
            self.reset()
            return
        if kind != TURN and len(cands) == 1 and C.targetless(cands[0]):
            self.play(cands[0])
            return
        was = self.held
        self.reset()
        if was != card:
            self.mode = Holding(card)

    def _click_troop(self, card: int, legal: list[Action]) -> None:
        s = self.session.state
        if forms_squads(s, s.decision.seat):     # put a squad together, then press its button
            picked = list(self.selected)
            picked.remove(card) if card in picked else picked.append(card)
            self.mode = Squad(tuple(picked)) if picked else IDLE
            return
        want = ATTACK if s.decision.kind == WAR_ATTACK else DEFEND
        single = [a for a in C.candidates_for(legal, card) if a.kind == want and len(a.cards) == 1]
        if single:
            self.play(single[0])
        else:
            self._refuse(why_not_play(s, self.me, card, C.MIDDLE))

    def click_targets(self, targets: list[Target]) -> None:
        """A click (or drop) on ``targets`` (most specific first) while something is in hand."""
        if not self.can_act():
            self.reset()
            return
        s, legal = self.session.state, self.session.legal()
        m = base(self.mode)
        if isinstance(m, PickingWarCity):
            cands = C.war_candidates(legal)
        elif isinstance(m, PickingIgorSeat):
            cands = C.igor_candidates(legal)
        elif isinstance(m, Holding):
            cands = C.candidates_for(legal, m.card)
        else:
            return
        hits, used = C.match(cands, targets, s)
        if len(hits) == 1:
            self.play(hits[0])
        elif hits:
            self.mode = Choosing(tuple(hits), m)
        elif isinstance(m, PickingWarCity):
            self._refuse(why_not_declare(s, self.me, used))
        elif isinstance(m, PickingIgorSeat):
            self._refuse(why_not_pass_igor(s, self.me, used))
        else:
            self._refuse(why_not_play(s, self.me, m.card, used))

    def click_deck(self) -> None:
        if self.can_act() and Action(DRAW) in self.session.legal():
            self.play(Action(DRAW))

    def press_button(self, key: str) -> None:
        """One of the side buttons: draw, pass, end_war, start_war (toggles war mode)."""
        if not self.can_act():
            return
        if key == "start_war":
            was_war = self.picking_war
            self.reset()
            if not was_war and C.war_candidates(self.session.legal()):
                self.mode = PickingWarCity()
            return
        a = Action(C.FIXED_BUTTONS[key])
        if a in self.session.legal():
            self.play(a)

    def choose(self, payload: object) -> None:
        """A button of the choice panel: an action, "cancel", or "clear" (the squad)."""
        if payload == "cancel":
            self.reset()
        elif payload == "clear":
            self.mode = IDLE
        elif isinstance(payload, Action):
            self.play(payload)

    def ask_hint(self) -> bool:
        """Hard's recommended move, in the background; a forced move is named at once (no
        win chance: there is nothing to choose)."""
        if not self.can_act():
            return False
        legal = self.session.legal()
        if len(legal) == 1:
            self.notices.append(tr("table.hint_forced", move=self.narrator.action(legal[0], self.session.state)))
            return True
        self.hints.start(self.session, self.me)
        self.notices.append(tr("table.hint_thinking"))
        return True

    def play(self, action: Action) -> bool:
        """Hand one legal action to the session; a refusal becomes a notice."""
        try:
            self.session.play(action)
        except IllegalAction as exc:
            self.notices.append(str(exc))
            return False
        self.reset()
        return True

    def close(self) -> None:
        self.hints.cancel()
        self.session.flush_autosave()     # the table closes: its last move is on disk
