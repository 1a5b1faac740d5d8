"""The table's messages: versioned JSON objects, a size limit, strict checks.

Every message is one JSON object with a type ``t``.  What a client sends is checked field
by field before anything reads it: an unknown type, a missing or extra field, a wrong type
or an out-of-range value is a :class:`Refused` with a reason code — never an exception
from deeper down.  JSON only: nothing received is ever unpickled or evaluated.

The size limit is checked on the raw text before parsing (a 64 KiB action is already
nonsense; the transport refuses far larger frames before they are even read).
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import cache
from typing import Any

from knjazja import __version__
from knjazja.engine import RULESET_VERSION
from knjazja.engine.cards import SPECS

PROTOCOL_VERSION = 2                    # 2: seats say which a bot plays for now; back, stood_in
MAX_CLIENT_MESSAGE = 64 * 1024          # bytes a client may send in one message
MAX_HOST_MESSAGE = 1024 * 1024          # what a client accepts from the host (a game's log chunk)
MAX_NAME = 24
MAX_NAME_SENT = 96                      # a join's name before the host cleans it (marks piled on letters)
MAX_CODE = 16
MAX_SECRET = 128
MAX_ACTION_CARDS = 32
MAX_DEPTH = 6                           # nesting of a client's message (an action is 3 deep)
MAX_HOST_DEPTH = 12                     # ... of the host's (a war's record inside an observation)

# Why a message was refused: a code a client can show in the player's language.
REASONS = ("too_large", "not_json", "not_object", "unknown_type", "missing_field", "extra_field",
           "bad_field", "version", "game_version", "ruleset", "no_table", "table_full", "no_seat",
           "seat_taken", "bad_token", "bad_password", "not_joined", "already_joined", "not_your_turn",
           "stale", "illegal", "flood", "too_many_tables", "game_over", "no_undo", "too_many_connections",
           "code_taken", "slow_down", "no_stand_in")


@cache
def ruleset_fingerprint() -> str:
    """The ruleset's version and a hash of every card's rules: two programs whose cards
    differ refuse to share a table even if someone forgot to bump the version."""
    digest = hashlib.sha256(repr(SPECS).encode("utf-8")).hexdigest()[:16]
    return f"{RULESET_VERSION}:{digest}"


class Refused(Exception):
    """A message the host will not act on: a reason code and one line of detail."""

    def __init__(self, reason: str, detail: str = "") -> None:
        assert reason in REASONS, reason
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


# --- field checks: each returns None when good, else a short complaint -----------------------
Check = Callable[[Any], str | None]


def integer(lo: int, hi: int) -> Check:
    return lambda v: None if type(v) is int and lo <= v <= hi else f"an integer {lo}..{hi}"


def text(limit: int, allow_empty: bool = True) -> Check:
    def check(v: Any) -> str | None:
        ok = isinstance(v, str) and len(v) <= limit and (allow_empty or v) and v.isprintable()
        return None if ok else f"a printable text of at most {limit} characters"
    return check


def action_value(v: Any) -> str | None:
    """An action as ``Action.to_json`` writes it: six fields, ints in range."""
    if not (isinstance(v, list) and len(v) == 6 and isinstance(v[0], str) and len(v[0]) <= 20
            and all(type(x) is int and -1 <= x <= 1000 for x in v[1:5]) and isinstance(v[5], list)
            and len(v[5]) <= MAX_ACTION_CARDS and all(type(x) is int and -1 <= x <= 1000 for x in v[5])):
        return "an action [kind, card, seat, city, target, [cards]]"
    return None


# What a client may send: type -> {field: check}.  Every field is required, none other allowed.
CLIENT_MESSAGES: dict[str, dict[str, Check]] = {
    "join": {"protocol": integer(0, 10**6), "game": text(40), "ruleset": text(64),
             "table": text(MAX_CODE, allow_empty=False), "seat": integer(-1, 7), "name": text(MAX_NAME_SENT),
             "password": text(MAX_SECRET), "token": text(MAX_SECRET)},
    "action": {"n": integer(0, 2**31), "at": integer(0, 10**6), "action": action_value},
    "undo": {"n": integer(0, 2**31)},
    "back": {"n": integer(0, 2**31)},          # a player takes his seat back from a stand-in bot
    "resync": {},
    "ping": {"n": integer(0, 2**31)},
    "pong": {"n": integer(0, 2**31)},
    "bye": {},
}


def _too_deep(v: Any, limit: int) -> bool:
    stack = [(v, 1)]
    while stack:
        x, d = stack.pop()
        if isinstance(x, (list, dict)):
            if d > limit:
                return True
            stack.extend((y, d + 1) for y in (x.values() if isinstance(x, dict) else x))
    return False


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def parse(raw: str | bytes, limit: int, depth: int = MAX_DEPTH) -> dict[str, Any]:
    """The raw message as a JSON object, or Refused (size checked first)."""
    if len(raw) > limit:
        raise Refused("too_large", f"{len(raw)} bytes, the limit is {limit}")
    try:
        value = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError) as e:        # JSONDecodeError, bad UTF-8, NaN, deep nesting
        raise Refused("not_json", type(e).__name__) from None
    if not isinstance(value, dict):
        raise Refused("not_object", "a message is a JSON object")
    if _too_deep(value, depth):
        raise Refused("bad_field", f"nested deeper than {depth}")
    return value


def decode_client(raw: str | bytes) -> dict[str, Any]:
    """A client's message, checked against its type's fields; raises only Refused."""
    msg = parse(raw, MAX_CLIENT_MESSAGE)
    kind = msg.get("t")
    if not isinstance(kind, str) or kind not in CLIENT_MESSAGES:
        raise Refused("unknown_type", _brief(kind))
    fields = CLIENT_MESSAGES[kind]
    for name in msg:
        if name != "t" and name not in fields:
            raise Refused("extra_field", _brief(name))
    for name, check in fields.items():
        if name not in msg:
            raise Refused("missing_field", name)
        complaint = check(msg[name])
        if complaint is not None:
            raise Refused("bad_field", f"{name} must be {complaint}")
    return msg


def check_versions(msg: dict[str, Any]) -> None:
    """A join from a program that does not play the same game is refused."""
    if msg["protocol"] != PROTOCOL_VERSION:
        raise Refused("version", f"protocol {msg['protocol']}, this host speaks {PROTOCOL_VERSION}")
    if msg["game"] != __version__:
        raise Refused("game_version", f"game {_brief(msg['game'])}, this host runs {__version__}")
    if msg["ruleset"] != ruleset_fingerprint():
        raise Refused("ruleset", "the cards' rules differ from this host's")


def _brief(v: Any) -> str:
    s = repr(v)
    return s if len(s) <= 40 else s[:37] + "..."


def encode(kind: str, **fields: Any) -> str:
    """A message to send: compact JSON text."""
    return json.dumps({"t": kind, **fields}, separators=(",", ":"), ensure_ascii=False)


def join_message(table: str, seat: int = -1, name: str = "", password: str = "", token: str = "") -> str:
    return encode("join", protocol=PROTOCOL_VERSION, game=__version__, ruleset=ruleset_fingerprint(),
                  table=table, seat=seat, name=name, password=password, token=token)
