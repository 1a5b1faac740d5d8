"""The table without pygame: what a click means, and what the table shows now.

The controller composes the table's jobs, each in its own module:

* who sees and the device passing (``seating.Seating``: viewer policy, hand-overs, overlays);
* when the game moves by itself (``pacing.Pacer``: game over, automatic answers, bots);
* who may take a move back (``undo.may_undo``);
* what a click means (here, with ``interaction``'s small states and ``clicks``' matching onto
  ``session.legal()`` or the engine's ``Refusal``).

What it shows and words is what its viewer sees (``seen``: the session's ``seen_by(viewer)``,
an ``engine.Observation``; with no viewer, nobody's hand), never the game's whole state: a
network seat's table has only its own view, and a local one reads the same.

Events: the table reads the session's feed (``app.feed``) through ``shown``, one event at a
time as the animator takes them (``next_event``); ``view`` is the table as shown so far.
While anything animates or waits, bots wait and clicks are ignored.  The controller never
calls its scene: what happened is typed news (``news``: a notice, a new viewer, a hand-over,
the game's end) that the scene drains each frame.  The language is the controller's own
(``lang``), given by whoever shows the table: two tables may speak two languages.
"""
from __future__ import annotations

from collections.abc import Callable

from knjazja.app.advice.explain import why_good
from knjazja.app.session import TableSession, local_game
from knjazja.app.table import clicks as C
from knjazja.app.table.hints import HintRequest
from knjazja.app.table.news import NewsQueue
from knjazja.app.table.pacing import Pacer
from knjazja.app.table.pointer import Pointer
from knjazja.app.table.prompts import area_tags, prompt_text
from knjazja.app.table.seating import Seating
from knjazja.app.table.table_view import TableView, last_played
from knjazja.app.table.undo import back_to_mover, may_undo
from knjazja.app.wording.i18n import DEFAULT_LANGUAGE, tr
from knjazja.app.wording.narrate import Narrator
from knjazja.engine import Action, Event, IllegalAction, Observation
from knjazja.engine.refusals import Target


class TableController:
    def __init__(self, session: TableSession, *, lang: str = DEFAULT_LANGUAGE,
                 viewer_policy: str | int = "auto", handover_screens: bool = False,
                 sync_bots: bool = False, speed: Callable[[], float] = lambda: 1.0,
                 here: list[bool] | None = None) -> None:
        """``handover_screens``: in hot seat a ``HandOver`` waits for ``claimed()`` (the
        pass-the-device screen); without, the device passes at once.  ``here``: the seats
        played at this screen (default: the humans; at a network table, not the people
        playing elsewhere), among whom the device passes."""
        self.session = session
        self.local = local_game(session)      # None when a host elsewhere runs the game
        self.names = [s.name for s in session.seats]
        self.humans = [s.is_human for s in session.seats]
        self.speed = speed                       # the player's animation speed: pauses and tweens
        self.news = NewsQueue()
        self.seating = Seating(viewer_policy, here or self.humans, session.deciding, session.over, self.news,
                               screens=handover_screens)
        self.pacer = Pacer(session, self.seating, self.news, sync_bots=sync_bots, speed=speed,
                           hand_over=self._hand_over, on_stop=self.reset)
        self._seen: tuple[tuple[int, int | None, int], Observation] | None = None
        self.view = TableView(self.seen)
        self.narrator = Narrator(self.names, lang)
        self.hints = HintRequest()
        # the events: the ones before ``shown`` are on the table and in the log (a loaded
        # game's past among them), the rest wait to be animated
        self.shown = session.feed.reader(at_end=True)
        self.view.recent = last_played(self.logged)
        self.animating = False                   # the table's animator is playing a step
        self._view_dirty = False
        self.pointer = Pointer(self)             # what the mouse means
        self._autosave_shown: str | None = None
        # lines of the log that are no event of the game (a network table: a bot stands in for a
        # player): (events of the feed before it, string key, seat), in the order they came
        self.notes: list[tuple[int, str, int]] = []

    # ===================================================================== who sees what
    @property
    def viewer(self) -> int | None:
        return self.seating.viewer

    @property
    def seen(self) -> Observation:
        """What the viewer sees now (nobody's hand without a viewer): the table's one source
        for drawing and words.  Asked of the session once per position and viewer."""
        key = (self.session.moves, self.viewer, len(self.session.feed))
        if self._seen is None or self._seen[0] != key:
            self._seen = (key, self.session.seen_by(self.viewer))
        return self._seen[1]

    def forget_seen(self) -> None:
        """The position changed without a move (a test or a lesson set it by hand): ask again."""
        self._seen = None

    @property
    def policy(self) -> str | int:
        return self.seating.policy

    @property
    def handover_pending(self) -> bool:
        return self.seating.handover_pending

    @property
    def finished(self) -> bool:
        """The game is over and shown: the final board stays."""
        return self.pacer.finished

    def cover(self, paused: bool, covered: bool = False) -> None:
        """A scene covers the table (``covered``: and the table is still visible beneath)."""
        self.seating.paused, self.seating.covered = paused, covered

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
        return self.seating.faces_hidden()

    @property
    def me(self) -> int:
        """The viewer, as the one who acts (asked only when there is one)."""
        assert self.viewer is not None, "a spectator does not act"
        return self.viewer

    def shows_hand(self, seat: int) -> bool:
        """Whether the hand of ``seat`` (at the bottom of the table) is shown face up."""
        return self.seating.shows_hand(seat)

    def can_act(self) -> bool:
        """The viewer may play now (his decision, nothing animating, nothing covering)."""
        s = self.session
        return (self.viewer is not None and not s.over and not self.busy and not self.handover_pending
                and not self.seating.paused and s.human_to_decide() and s.deciding == self.viewer)

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
        self.view.sync(self.seen)
        self._view_dirty = False
        return taken

    def narrate(self, e: Event) -> str | None:
        return self.narrator.event(e, -1 if self.viewer is None else self.viewer)

    def note(self, key: str, seat: int, position: int | None = None) -> None:
        """A line about ``seat`` for the log, after the first ``position`` events of the feed
        (default: those it has now; shown when they are): ``key`` takes the seat's name as ``{seat}``."""
        self.notes.append((len(self.session.feed) if position is None else position, key, seat))

    def note_line(self, note: tuple[int, str, int]) -> str:
        return tr(note[1], lang=self.lang, seat=self.narrator.seat(note[2]))

    def notes_until(self, position: int) -> list[tuple[int, str, int]]:
        """The notes to show before the event at ``position`` (and before nothing: the end)."""
        return [n for n in self.notes if n[0] <= position]

    def log_lines(self) -> list[str]:
        lines, notes = [], self.notes_until(self.shown.position)
        for i, e in enumerate(self.logged):
            while notes and notes[0][0] <= i:
                lines.append(self.note_line(notes.pop(0)))
            if line := self.narrate(e):
                lines.append(line)
        return lines + [self.note_line(n) for n in notes]

    # ===================================================================== the frame
    def update(self, dt: float) -> None:
        """A frame: notices from the hint and autosave; once nothing animates, the view
        catches up and the game moves on."""
        hint = self.hints.poll(self.session)
        if hint is not None and self.viewer is not None:
            action, value = hint
            s = self.seen
            why = why_good(s, self.viewer, action, value, self.names, self.lang)
            self.news.say(tr("table.hint", lang=self.lang, move=self.narrator.action(action, s), why=why,
                             chance=round(100 * value)))
        error = self.local.autosave_error if self.local is not None else None
        if error and error != self._autosave_shown:
            self.news.say(tr("table.autosave_failed", lang=self.lang, error=error))
        self._autosave_shown = error
        if not self.busy:
            if self._view_dirty or self.view.seat != self.seen.seat:    # (another's eyes: his hand)
                self.view.sync(self.seen)
                self._view_dirty = False
            self.pacer.advance(dt)

    def _hand_over(self, seat: int, first: bool) -> None:
        self.reset()
        sealed = self.seating.hand_to(seat, first=first)
        self.view.sync(self.seen)          # his eyes: his hand (nothing animates while the game moves on)
        if sealed and self.local is not None:
            self.local.seal()

    def claimed(self) -> None:
        """The next player has taken the device and sees the table: the moves before
        can no longer be taken back."""
        if self.seating.claimed() and self.local is not None:
            self.local.seal()

    # ===================================================================== undo
    def can_undo(self) -> bool:
        """Whether Undo is offered (``undo.may_undo``)."""
        return may_undo(self.session, self.seating)

    def undo(self) -> bool:
        """Take the viewer's last move back (see ``can_undo``).  The table finishes its
        animations first; the log and the centre forget the move."""
        if not self.can_undo():
            return False
        owner = self.session.undo_owner()
        assert owner is not None
        self.skip()
        self.session.undo(owner)           # the undone move leaves the feed, so the log
        self.reset()
        self.hints.cancel()
        back_to_mover(self.seating, owner)
        self.view.sync(self.seen)          # (with the mover's eyes)
        self.view.recent = last_played(self.logged)
        self.news.say(tr("table.undone", lang=self.lang))
        return True

    # ===================================================================== what to show
    def prompt(self) -> tuple[str, bool]:
        """The banner's text, and whether it asks the viewer to act."""
        viewer = None if self.faces_hidden() else self.viewer
        text, mine = prompt_text(self.seen, self.names, self.humans, viewer, self.lang,
                                 mode=self.pointer.mode, held=self.pointer.held,
                                 thinking=not self.session.human_to_decide(), legal=self.session.legal())
        return text, mine and self.can_act()

    def tags(self) -> tuple[tuple[int, str], ...]:
        """(seat, tag) for the areas; while moves are shown, only whose turn it is."""
        s = self.seen
        decider, current = self.decider_and_current()
        return area_tags(s, self.humans, self.viewer, decider, current)

    def decider_and_current(self) -> tuple[int, int]:
        """Who decides and whose turn it is, as the table shows now (nobody decides while
        moves are still being shown)."""
        s = self.seen
        return (-1, self.view.current) if self.busy else (s.decision.seat, s.current)

    def lit(self) -> set[Target]:
        """The targets the card (or war, or Igor) in hand may go to."""
        if not self.can_act():
            return set()
        return C.lit_for(self.pointer.mode, self.pointer.press, self.session.legal(), self.seen)

    def playable(self, hand: list[int]) -> set[int]:
        legal = self.session.legal()
        return {c for c in hand if C.candidates_for(legal, c)}

    def hinted_cards(self) -> set[int]:
        hinted = self.hints.current(self.session)
        if hinted is None or self.viewer is None:
            return set()
        a = hinted[0]
        return {c for c in (a.card, *a.cards) if c >= 0 and c in self.seen.hand}

    # ===================================================================== moves
    def reset(self) -> None:
        """Put down whatever is in hand (a card, a war, a squad, a choice)."""
        self.pointer.reset()

    def ask_hint(self) -> bool:
        """Hard's recommended move, in the background; a forced move is named at once (no
        win chance: there is nothing to choose)."""
        if not self.can_act():
            return False
        legal = self.session.legal()
        if len(legal) == 1:
            move = self.narrator.action(legal[0], self.seen)
            self.news.say(tr("table.hint_forced", lang=self.lang, move=move))
            return True
        self.hints.start(self.session, self.me)
        self.news.say(tr("table.hint_thinking", lang=self.lang))
        return True

    def play(self, action: Action) -> bool:
        """Hand one legal action to the session; a refusal becomes a notice."""
        try:
            self.session.play(action)
        except IllegalAction as exc:
            self.news.say(str(exc))
            return False
        self.pointer.reset()
        return True

    def close(self) -> None:
        self.hints.cancel()
        if self.local is not None:
            self.local.flush_autosave()   # the table closes: its last move is on disk
