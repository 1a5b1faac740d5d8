"""One networked table: a game session whose engine is the only truth, and its seats.

A seat is a bot (run here, on the host), a remote player (a token once claimed), or a
local human (a GUI host's own hot seat; `knjazja serve` has none).  The session knows
remote and local humans alike as "human" seats: both play through ``GameSession.play``,
which refuses anything the engine does not allow and changes nothing then.

The autosave is the session's own, with the table's code, its remote seats and their
tokens' hashes in the save's ``meta``, so a host that restarts gives every player his seat back
(the file on the host's disk holds no secret a reader could sit down with).
"""
from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from pathlib import Path

from knjazja.app.session import GameSession, Seat
from knjazja.app.store import autosave as autosaver
from knjazja.app.store.files import load_game
from knjazja.engine import Action, Event, GameOptions, GameState, IllegalAction, SaveError

from .seats import BOTS, CODE, LOCAL, REMOTE, SEAT_KINDS

TOKEN_BYTES = 24


def password_hash(code: str, password: str) -> str:
    """Kept instead of the password itself (the autosave is a file on the host's disk)."""
    return "" if not password else hashlib.sha256(f"{code}\0{password}".encode()).hexdigest()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class NetSession(GameSession):
    """A session whose autosave carries the table's seats and tokens."""
    table: "Table"

    def meta(self) -> dict:
        t = self.table
        return dict(super().meta(), net={"code": t.code, "kinds": t.kinds, "tokens": t.tokens,
                                         "password": t.password, "by_join": t.opened_by_join,
                                         "stand_ins": {str(k): v for k, v in t.stand_ins.items()}})


class Table:
    def __init__(self, code: str, kinds: list[str], seed: int | None = None, password: str = "",
                 folder: Path | None = None, writer: autosaver.AutosaveWriter | None = None,
                 state: GameState | None = None, names: list[str] | None = None,
                 tokens: list[str] | None = None, hashed_password: str | None = None,
                 options: GameOptions | None = None, first_player: int | None = None) -> None:
        assert CODE.match(code), code
        self.code = code
        self.kinds = kinds
        self.password = hashed_password if hashed_password is not None else password_hash(code, password)
        # per seat the SHA-256 of its token, never the token itself; "" = a remote seat nobody has claimed
        self.tokens = tokens or [""] * len(kinds)
        names = names or [self._default_name(i, k) for i, k in enumerate(kinds)]
        seats = [Seat(names[i], LOCAL if k in (REMOTE, LOCAL) else k) for i, k in enumerate(kinds)]
        path = folder / f"table-{code}.json" if folder is not None else None
        self.stand_ins: dict[int, str] = {}     # seats a host bot plays while their player is away or slow
        self.stand_in_moves: dict[int, list[int]] = {}   # ... the action counts after each of its moves
        self._bot_due = 0.0                     # the bot deciding now moves no sooner (``run_bots``' floor)
        self.opened_by_join = False             # opened by a player joining with a new code (reaped when idle)
        self.session = NetSession(seats, seed=seed, state=state, autosave=path, writer=writer, options=options,
                                  first_player=first_player)
        self.session.table = self

    @staticmethod
    def _default_name(i: int, kind: str) -> str:
        return f"Player {i + 1}" if kind in (REMOTE, LOCAL) else f"{kind.capitalize()} bot {i + 1}"

    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def n(self) -> int:
        return len(self.kinds)

    # --- seats --------------------------------------------------------------------------
    def free_remote_seats(self) -> list[int]:
        return [i for i, k in enumerate(self.kinds) if k == REMOTE and not self.tokens[i]]

    def password_ok(self, password: str) -> bool:
        return secrets.compare_digest(self.password, password_hash(self.code, password))

    def claim(self, seat: int, name: str) -> str:
        """Give a free remote seat to a player: his name on it and a new secret token."""
        assert seat in self.free_remote_seats()
        token = secrets.token_urlsafe(TOKEN_BYTES)
        self.tokens[seat] = token_hash(token)
        if name:
            self.session.seats[seat].name = name
        self.session.save_autosave()
        return token

    def claim_local(self, seat: int) -> str:
        """A token for a seat played at the host's own screen (its window joins over loopback
        like anyone else); a new one each time the window opens the table."""
        assert self.kinds[seat] == LOCAL
        token = secrets.token_urlsafe(TOKEN_BYTES)
        self.tokens[seat] = token_hash(token)
        return token

    def seat_of_token(self, token: str) -> int:
        """The seat this token was given for, or -1 (compared in constant time)."""
        found, wanted = -1, token_hash(token)
        for i, t in enumerate(self.tokens):
            if t and secrets.compare_digest(t, wanted):
                found = i
        return found

    def stand_in(self, seat: int, kind: str) -> None:
        """A bot of level ``kind`` plays this person's seat until its player comes back."""
        assert self.kinds[seat] in (REMOTE, LOCAL) and kind in BOTS
        self.session.cancel_bot()
        self.session.seats[seat].kind = kind
        self.stand_ins[seat] = kind
        self.stand_in_moves[seat] = []
        self.session.save_autosave()

    def welcome_back(self, seat: int) -> list[int] | None:
        """The seat's player is back: the stand-in leaves.  The action counts after each of
        its moves (what it did for him), or None if no bot stood in."""
        if self.stand_ins.pop(seat, None) is None:
            return None
        self.session.cancel_bot()
        self.session.seats[seat].kind = LOCAL
        self.session.save_autosave()
        return self.stand_in_moves.pop(seat, [])

    # --- play ---------------------------------------------------------------------------
    def play(self, seat: int, action: Action) -> list[Event]:
        """A remote or local human's move; IllegalAction (nothing changes) if not his or not legal."""
        if self.session.deciding != seat:
            raise IllegalAction("it is not this seat's decision")
        return self.session.play(action)

    def run_bots(self, background: bool = False, now: float = 0.0,
                 floor: Callable[[str], float] | None = None) -> int:
        """Let the host's bots move until a human decides or the game ends; the moves made.
        ``background``: a bot thinks off the host's thread (``Thinker``) and this returns
        when it is still thinking — call again (``Host.poll_bots``) to apply its move — or
        when ``floor(kind)`` seconds have not yet passed (on the host's clock, ``now``) since
        its decision came: a bot answers no faster with one choice than with many."""
        made = 0
        session = self.session
        while not self.state.over and not session.human_to_decide():
            seat = session.deciding
            if not background:
                events = session.bot_step(background=False)
            else:
                events = None
                if not session.bot_thinking():         # its decision has just come: it starts
                    self._bot_due = now + (floor(session.seats[seat].kind) if floor is not None else 0.0)
                    events = session.bot_step(background=True)
                if events is None and now >= self._bot_due:   # a lone choice is ready at once
                    events = session.bot_step(background=True)
            if events is None:
                break                               # still thinking, or held until its floor
            made += 1
            if seat in self.stand_ins:
                self.stand_in_moves.setdefault(seat, []).append(len(self.state.history))
        return made

    def flush(self) -> None:
        self.session.flush_autosave()

    def remove_autosave(self) -> None:
        path = self.session.autosave_path
        if path is not None:
            self.session.flush_autosave()
            path.unlink(missing_ok=True)


def resume_table(path: Path, writer: autosaver.AutosaveWriter | None = None) -> Table:
    """A table from its autosave: the game replayed and checked by the engine, the seats,
    names and tokens as they were.  Raises SaveError (also for a save that is not a table's)."""
    state, meta = load_game(path)
    net = meta.get("net") if isinstance(meta, dict) else None
    if not isinstance(net, dict):
        raise SaveError(f"{path.name} is not a network table's autosave", "not_save")
    code, kinds, tokens, password = (net.get(k) for k in ("code", "kinds", "tokens", "password"))
    if (not isinstance(code, str) or not CODE.match(code) or not isinstance(kinds, list)
            or len(kinds) != state.n or any(k not in SEAT_KINDS for k in kinds)
            or not isinstance(tokens, list) or len(tokens) != state.n
            or not all(isinstance(t, str) and len(t) <= 128 for t in tokens) or not isinstance(password, str)):
        raise SaveError(f"{path.name}: the table's seats are damaged", "invalid")
    stand_ins = net.get("stand_ins", {})
    if not isinstance(stand_ins, dict) or any(
            not k.isdigit() or int(k) >= state.n or kinds[int(k)] not in (REMOTE, LOCAL) or v not in BOTS
            for k, v in stand_ins.items()):
        raise SaveError(f"{path.name}: the table's stand-in bots are damaged", "invalid")
    names = [s.name for s in GameSession.seats_from_meta(meta, state.n)]
    table = Table(code, kinds, state=state, folder=path.parent, writer=writer, names=names,
                  tokens=tokens, hashed_password=password)
    for k, kind in stand_ins.items():
        table.stand_ins[int(k)] = table.session.seats[int(k)].kind = kind
    table.opened_by_join = net.get("by_join") is True
    return table
