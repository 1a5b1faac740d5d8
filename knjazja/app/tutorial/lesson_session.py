"""A lesson being played: the game session of a prepared position, held to the lesson's path.

``LessonSession`` is a ``GameSession`` whose human may only take the actions the current step
expects (``play`` refuses anything else with the lesson's hint, changing nothing) and whose
other seats answer from the step's script (``bot_step``).  The table's controller drives it
exactly as it drives a game.  Info steps wait for ``next_step()``.  No autosave and no undo:
a lesson restarts from its data, and ``start_at`` replays the expected path up to a step
(continue from where the player stopped).
"""
from __future__ import annotations

from collections import deque

from knjazja.app.wording.i18n import tr
from knjazja.app.tutorial.lessons import Lesson, LessonError, Pattern, Step, default_reply, words
from knjazja.app.session import GameSession, Seat
from knjazja.engine import Action, Event, GameState, IllegalAction, legal_actions


class LessonRun:
    """Where a lesson stands: the current step, and the scripted replies still to come."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        self.replies: deque[Pattern] = deque()
        self.replying = False        # the other seats answer the last step (until the human decides)

    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.step is None and not self.replying

    def accepts(self, a: Action) -> bool:
        step = self.step
        return step is not None and not self.replying and any(p.matches(a) for p in step.do)

    def complete(self) -> None:
        """The current step is done: its replies are due, the next step comes."""
        step = self.step
        assert step is not None, "the lesson is over"
        self.replies = deque(step.then)
        self.replying = True
        self.index += 1

    def reply(self, s: GameState) -> Action:
        """The next reply of the seat deciding now (scripted, else the default)."""
        legal = legal_actions(s)
        if self.replies:
            p = self.replies[0]
            found = p.find(legal) if p.by in (None, s.decision.seat) else []
            if found:
                self.replies.popleft()
                return found[0]
        a = default_reply(s, legal)     # a decline or a draw on the way to the next scripted reply
        if a is None:
            due = f"reply {self.replies[0]} is not legal" if self.replies else "no reply is scripted"
            raise LessonError(f"{self.lesson.id}, before step {self.index + 1}: seat {s.decision.seat} "
                              f"must decide {s.decision.kind} and {due}")
        return a

    def settle(self, s: GameState, human: int) -> None:
        """The human decides (or the game is over): the replies are done."""
        if self.replying and (s.over or s.decision.seat == human):
            if self.replies:
                raise LessonError(f"{self.lesson.id}, before step {self.index + 1}: replies left over: "
                                  f"{list(self.replies)}")
            self.replying = False


class LessonSession(GameSession):
    """The session of one lesson; the player sits at seat 0."""

    HUMAN = 0

    def __init__(self, lesson: Lesson, lang: str, start_at: int = 0) -> None:
        names = lesson.names(lang)
        seats = [Seat(name, "human" if i == self.HUMAN else "normal") for i, name in enumerate(names)]
        super().__init__(seats, state=lesson.start(), autosave=None, reaction_prompting="always")
        self.lesson = lesson
        self.run = LessonRun(lesson)
        self.on_step: list = []         # callbacks(index) when a step is completed
        self.lang = lang                # the guide's language (the names stay as the lesson began)
        if start_at > 0:
            self.fast_forward(start_at)


    # --- the player's moves --------------------------------------------------------------
    def refusal(self) -> str:
        """What the lesson says to an action it does not expect now."""
        step = self.run.step
        if step is None:
            return tr("lesson.over", lang=self.lang)
        if step.is_info:
            return tr("lesson.read_first", lang=self.lang)
        return tr("lesson.not_now", lang=self.lang)

    def hint(self) -> str:
        """What to do now: the step's hint (an info step: read it and press Next)."""
        step = self.run.step
        if step is None:
            return tr("lesson.over", lang=self.lang)
        return tr("lesson.read_first", lang=self.lang) if step.is_info else words(step.hint, self.lang)

    def play(self, action: Action) -> list[Event]:
        if not self.run.accepts(action):
            raise IllegalAction(self.refusal())
        events = super().play(action)
        self._completed()
        return events

    def next_step(self) -> bool:
        """Close an info step (the guide's Next); False if the step wants an action."""
        step = self.run.step
        if step is None or not step.is_info or self.run.replying:
            return False
        self._completed()
        return True

    def _completed(self) -> None:
        self.run.complete()
        self.run.settle(self.state, self.HUMAN)
        for callback in self.on_step:
            callback(self.run.index)

    # --- the other seats -------------------------------------------------------------------
    def bot_step(self, background: bool = True) -> list[Event] | None:
        """A scripted reply, at once (nobody thinks in a lesson); None while the lesson waits
        for the player (an info step shown while another seat is to decide)."""
        s = self.state
        if s.over or s.decision.seat < 0 or self.seats[s.decision.seat].is_human or not self.run.replying:
            return None
        events = self._apply(self.run.reply(s))
        self.run.settle(self.state, self.HUMAN)
        return events

    def undo_owner(self) -> int | None:
        """Nothing is taken back in a lesson (the script has moved on)."""
        return None

    def save_autosave(self) -> None:
        """A lesson is never autosaved (a prepared position cannot be replayed from a save)."""

    # --- continuing ---------------------------------------------------------------------------
    def expected_action(self) -> Action | None:
        """The first expected action of the current step, if it is legal now."""
        step = self.run.step
        if step is None or step.is_info or self.run.replying:
            return None
        for p in step.do:
            found = p.find(self.legal())
            if found:
                return found[0]
        return None

    def advance(self) -> None:
        """Do the current step the expected way (its first action, or Next), and the replies."""
        if self.run.step is not None and self.run.step.is_info:
            self.next_step()
        else:
            a = self.expected_action()
            if a is None:
                raise LessonError(f"{self.lesson.id}, step {self.run.index + 1}: no expected action is legal")
            self.play(a)
        while self.run.replying and not self.state.over:
            self.bot_step(background=False)

    def fast_forward(self, index: int) -> None:
        """Replay the expected path up to step ``index`` (the table, which reads the feed
        from its end once it opens, animates none of it)."""
        while self.run.index < min(index, len(self.lesson.steps)) and not self.run.finished:
            self.advance()
