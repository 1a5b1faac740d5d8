"""A game being played: the real state, who sits where, bots in the background, undo, autosave.

No pygame: the table's controller (``knjazja.app.table.controller``) hands it the actions clicks
map to, animates the events of its ``feed`` (``app.feed``: the game's one event log, read by
each follower at his own pace) and draws and words what its viewer sees (``seen_by``); tests
drive it directly.  ``TableSession`` is what any table reads of a game, local or at a host
elsewhere; the real ``GameState`` is a local game's own (``GameSession.state``, reached from a
table through ``local_game``).
"""
from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from knjazja.app.store import autosave as autosaver
from knjazja.app.feed import EventFeed
from knjazja.app.store.files import write_atomic
from knjazja.app.wording.names import clean_name
from knjazja.bots import make_bot
from knjazja.bots.thinker import Thinker
from knjazja.engine import (Action, Event, GameOptions, GameState, IllegalAction, Observation, apply, dumps,
                            learned_by, legal_actions, new_game, observation, public_observation)
from knjazja.engine.actions import ACCEPT, DECLINE, END_WAR, REACTION, WAR_ATTACK, WAR_COUNTER


SEED_BITS = 128      # a deal no one can search for: 2**128 seeds (docs/ARCHITECTURE.md, net)


def new_seed() -> int:
    """A new game's seed from the system's entropy (``secrets``): 128 bits, so that no one
    can find the deal by searching the seeds that fit what he has seen (a 31-bit seed fell
    to a search from one hand).  The engine's generator takes any integer, and saves keep
    it as JSON's arbitrary-length integer; old saves with small seeds load as they did."""
    return secrets.randbits(SEED_BITS)


def replay_log(state: GameState) -> list[tuple[int, Event]]:
    """The events of a game so far, replayed from its seed and actions (a loaded save has
    only the actions): (number of actions applied, event)."""
    if not state.history:
        return []
    s = new_game(state.n, state.seed, state.options, state.first_player)
    log: list[tuple[int, Event]] = []
    try:
        for action in state.history:
            events = apply(s, action)
            log += [(len(s.history), e) for e in events]
    except IllegalAction:            # a state set up by hand (a test, a lesson): no past to tell
        return []
    same = s.hands == state.hands and s.deck == state.deck and s.discard == state.discard
    return log if same else []


@dataclass
class UndoStep:
    """A move that may still be taken back: the state before it and who made it."""
    before: GameState
    seat: int


@dataclass
class Seat:
    name: str
    kind: str               # "human" | "easy" | "normal" | "hard"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


class TableSession(Protocol):
    """What a table reads of a game and hands it, whoever keeps the game: the event feed, what
    a seat sees (``seen_by``), who decides, the legal actions of the seat deciding, and the move
    a click makes.  A local ``GameSession``, a seat played at a host elsewhere
    (``net.remote.RemoteSession``) and the seats at a host's own screen
    (``net.hotseat.HotSeatSession``) offer it alike; what a local game does by itself (its bots,
    sealing moves, automatic answers, the autosave) is ``GameSession``'s alone (``local_game``).

    There is no state here: the table draws, words and scores what its viewer sees — an
    ``engine.Observation``, a ``PublicView`` like a state — so a network seat, which never has
    the game's state, offers exactly what a local game does.
    """
    @property
    def feed(self) -> EventFeed: ...
    @property
    def seats(self) -> list[Seat]: ...
    @property
    def deciding(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def moves(self) -> int:
        """The number of actions applied so far (the position's key)."""
    def seen_by(self, seat: int | None) -> Observation:
        """What ``seat`` sees of the table (a seat this session shows); with None, what every
        seat sees (``engine.public_part``: no hand, nobody's bid) for a table showing no one's eyes."""
    def legal(self) -> list[Action]: ...
    def human_to_decide(self) -> bool: ...
    def humans(self) -> list[int]: ...
    def play(self, action: Action) -> list[Event]: ...
    def undo_owner(self) -> int | None: ...
    def undo(self, seat: int) -> bool: ...


def local_game(session: TableSession) -> GameSession | None:
    """The session when it runs the game here (bots, autosave), else None (the host runs it)."""
    return session if isinstance(session, GameSession) else None


class GameSession:
    def __init__(self, seats: list[Seat], seed: int | None = None,
                 options: GameOptions | None = None, first_player: int | None = None,
                 state: GameState | None = None, autosave: Path | None = None,
                 reaction_prompting: str = "always",
                 writer: autosaver.AutosaveWriter | None = None) -> None:
        """``writer``: who writes the autosave off the frame (the game's shared one unless
        a test gives its own)."""
        self.seats = seats
        if state is None:
            seed = new_seed() if seed is None else seed
            state = new_game(len(seats), seed, options, first_player)
        self.state = state
        self.autosave_path = autosave
        self.reaction_prompting = reaction_prompting
        self.series = False                       # this game is part of a series to 100
        self.writer = writer or autosaver.shared()
        # why the newest finished autosave failed (set by the writer's thread), else None
        self.autosave_error: str | None = None
        self.feed = EventFeed(replay_log(state))  # every event of the game: the table reads it
        self._undo: list[UndoStep] = []           # the human moves that may still be taken back
        self._bots: dict[int, object] = {}
        self._bot_rngs = {i: random.Random(self.state.seed * 97 + i) for i in range(len(seats))}
        self._thinker: Thinker | None = None
        self._thinking_for: tuple[int, int] | None = None

    # --- what is going on -----------------------------------------------------------
    @property
    def deciding(self) -> int:
        return self.state.decision.seat

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def moves(self) -> int:
        return len(self.state.history)

    def seen_by(self, seat: int | None) -> Observation:
        return public_observation(self.state) if seat is None else observation(self.state, seat)

    def human_to_decide(self) -> bool:
        seat = self.deciding
        return seat >= 0 and self.seats[seat].is_human

    def legal(self) -> list[Action]:
        return legal_actions(self.state)

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    # --- moves ------------------------------------------------------------------------
    def play(self, action: Action) -> list[Event]:
        """A human's move. Raises IllegalAction with a reason (state unchanged)."""
        seat = self.deciding
        if seat < 0 or not self.seats[seat].is_human:
            raise IllegalAction("it is not a human player's decision")
        before = self.state.clone()
        events = self._apply(action)
        if self._undo and self._undo[-1].seat != seat:    # he answered another's move: it stands
            self._undo.clear()
        if any(seat in learned_by(e, self.state.n) for e in events):   # he saw something hidden
            self._undo.clear()
        else:
            self._undo.append(UndoStep(before, seat))
        return events

    def _apply(self, action: Action) -> list[Event]:
        events = apply(self.state, action)
        self.feed.append(len(self.state.history), events)
        self._autosave_quietly()
        return events

    def _autosave_quietly(self) -> None:
        """Autosave after a move, written in the background: a failing disk must not stop
        the game (the last good autosave stays, and the table shows `autosave_error`)."""
        self.save_autosave()

    def auto_answer(self) -> bool:
        """With reaction prompting "when possible", a human without a reaction declines at
        once. Returns True if it answered."""
        s = self.state
        if (self.reaction_prompting == "when_possible" and s.decision.kind == REACTION
                and self.human_to_decide() and self.legal() == [Action(DECLINE)]):
            self._apply(Action(DECLINE))
            return True
        return False

    def answer_from_public_facts(self) -> bool:
        """Hot seat: answer for a human attacker a question that has one answer, when that
        tells the other players nothing they could not see.  Returns True if it answered.

        * The bribe-or-accept question after a foreign troop held the city: with no Bribe in
          his hand the attacker accepts at once.  This keeps his secret because the screen
          goes to him either way — after accepting he decides his next attack — and the log
          says the same ("the attack is repelled"): nobody can tell whether he was asked.
        * His next attack when his hand is empty (everyone sees his hand count 0): the war
          ends, without passing him the screen just to press End war."""
        s = self.state
        if not self.human_to_decide():
            return False
        kind, seat = s.decision.kind, s.decision.seat
        if kind == WAR_COUNTER and self.legal() == [Action(ACCEPT)]:
            self._apply(Action(ACCEPT))
            return True
        if kind == WAR_ATTACK and not s.hands[seat] and self.legal() == [Action(END_WAR)]:
            self._apply(Action(END_WAR))
            return True
        return False

    # --- undo -------------------------------------------------------------------------
    # A move may be taken back by its own player only, and only until another player has
    # answered it (any later move by someone else, a bot's included) or has seen it (the
    # table calls `seal` when the next player takes the device), or it showed its player
    # something hidden (the engine's `learned_by`).  When it is still his decision or he is
    # on his own hand-over screen is the table's question (`TableController.can_undo`).
    def undo_owner(self) -> int | None:
        """The seat whose move the next undo would take back, or None."""
        return self._undo[-1].seat if self._undo and not self.state.over else None

    def can_undo(self, seat: int) -> bool:
        return self.undo_owner() == seat

    def seal(self) -> None:
        """Another player has seen the table: nothing made so far can be taken back."""
        self._undo.clear()

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last move; False (nothing changes) if he may not."""
        if not self.can_undo(seat):
            return False
        self.cancel_bot()
        self.state = self._undo.pop().before
        self.feed.truncate(len(self.state.history))
        self._autosave_quietly()
        return True

    # --- bots -------------------------------------------------------------------------
    def bot(self, seat: int):
        if seat not in self._bots:
            self._bots[seat] = make_bot(self.seats[seat].kind)
        return self._bots[seat]

    def bot_step(self, background: bool = True) -> list[Event] | None:
        """Advance a bot decision: start thinking, or apply a finished choice.

        With background=False the bot decides at once (tests, benchmarks)."""
        s = self.state
        seat = s.decision.seat
        if s.over or seat < 0 or self.seats[seat].is_human:
            return None
        key = (len(s.history), seat)
        obs = observation(s, seat)
        legal = legal_actions(s)
        if not background:
            action = self.bot(seat).choose(obs, legal, self._bot_rngs[seat])
        else:
            if self._thinking_for != key or self._thinker is None:
                self.cancel_bot()
                self._thinker = Thinker(self.bot(seat))
                self._thinker.start(obs, legal, self._bot_rngs[seat])
                self._thinking_for = key
                return None
            action = self._thinker.poll()
            if action is None:
                return None
            self._thinker, self._thinking_for = None, None
        self._undo.clear()            # a bot's reply blocks undo
        return self._apply(action)

    def bot_thinking(self) -> bool:
        return self._thinker is not None

    def cancel_bot(self) -> None:
        if self._thinker is not None:
            self._thinker.cancel()
        self._thinker, self._thinking_for = None, None

    # --- saving -----------------------------------------------------------------------
    def meta(self) -> dict:
        return {"seats": [{"name": s.name, "kind": s.kind} for s in self.seats], "series": self.series}

    def save_autosave(self) -> None:
        """Hand the game as it is now to the background writer (``flush_autosave`` waits)."""
        if self.autosave_path is not None:
            self.writer.submit(self.autosave_path, dumps(self.state, self.meta()), self._autosaved)

    def _autosaved(self, error: str | None) -> None:
        self.autosave_error = error       # one assignment: safe from the writer's thread

    def flush_autosave(self) -> None:
        """Wait until the autosaves handed over are on disk (or failed: `autosave_error`)."""
        self.writer.flush()

    def save_to(self, path: Path, name: str | None = None) -> None:
        """Save under ``path``; ``name`` is the save's own name as typed (the file name is
        only a safe form of it)."""
        meta = self.meta() if name is None else dict(self.meta(), name=name)
        write_atomic(path, dumps(self.state, meta))

    @staticmethod
    def seats_from_meta(meta: dict, n: int) -> list[Seat]:
        raw = meta.get("seats") if isinstance(meta, dict) else None
        seats = []
        for i in range(n):
            entry = raw[i] if isinstance(raw, list) and i < len(raw) and isinstance(raw[i], dict) else {}
            name, kind = entry.get("name"), entry.get("kind")
            name = clean_name(name) if isinstance(name, str) else ""     # drawn on the table
            seats.append(Seat(name or f"Player {i + 1}",
                              kind if kind in ("human", "easy", "normal", "hard") else "normal"))
        return seats


if TYPE_CHECKING:
    def _offers_the_table(s: GameSession) -> TableSession:    # mypy checks GameSession against it
        return s
