"""The boundary check of an action: its shape against the state, before the rules see it.

`apply` looks an action up in the legal list with ==, and for == True, 1 and 1.0
are the same: the list alone would let a bool or a float through into the state, and a message
about a card numbered 150 would fail while naming it. So the shape is checked first —
an `Action` proper, a known kind, exact ints, every index in range (cards 0..99,
seats 0..n-1, -1 for "none"), no card twice in `cards` — and the legal list decides
the rest. Malformed or illegal, the answer is `IllegalAction` with a one-line reason,
and the state is untouched.
"""
from __future__ import annotations

from .actions import ACTION_FIELDS, ACTION_KINDS, OVER, REACTION, Action, IllegalAction
from .brief import short
from .cards import N_CARDS, card_label
from .kinds import ActionKind
from .state import GameState

_CARD_FIELDS = ("card", "city", "target")
_DEFAULTS = Action("")._asdict()


def check_action(s: GameState, action: object) -> None:
    """Raise IllegalAction unless `action` is a well-formed Action for state `s`.

    Well formed is not legal: `apply` still looks the action up in `legal_actions`."""
    if type(action) is Action:
        kind, card, seat, city, target, cards = action
        # The common case in one expression: every legal action passes here.
        if ((type(kind) is ActionKind or type(kind) is str) and kind in ACTION_KINDS
                and type(card) is int and -1 <= card < N_CARDS
                and type(seat) is int and -1 <= seat < s.n
                and type(city) is int and -1 <= city < N_CARDS
                and type(target) is int and -1 <= target < N_CARDS
                and type(cards) is tuple and (not cards or _cards_ok(cards))):
            return
    raise IllegalAction(malformed_reason(s, action))


def _cards_ok(cards: tuple) -> bool:
    return (all(type(c) is int and 0 <= c < N_CARDS for c in cards)
            and len(set(cards)) == len(cards))


def malformed_reason(s: GameState, action: object) -> str:
    """A one-line reason why `action` is malformed (for an action `check_action` refuses)."""
    if type(action) is not Action:
        return f"malformed action {short(action)}: not an Action"
    base = f"malformed action '{action}'"
    kind = action.kind
    if type(kind) is not ActionKind and type(kind) is not str:     # no other str subclass
        return f"{base}: the kind must be a string, not {short(kind)}"
    if kind not in ACTION_KINDS:
        return f"{base}: unknown kind {short(kind)}"
    for name in _CARD_FIELDS:
        problem = _index_problem(getattr(action, name), N_CARDS, "a card 0..99")
        if problem:
            return f"{base}: {name} {problem}"
    problem = _index_problem(action.seat, s.n, f"a seat 0..{s.n - 1}")
    if problem:
        return f"{base}: seat {problem}"
    cards = action.cards
    if type(cards) is not tuple:
        return f"{base}: cards must be a tuple of cards, not {short(cards)}"
    for c in cards:
        if type(c) is not int or not 0 <= c < N_CARDS:
            return f"{base}: cards must hold cards 0..99, not {short(c)}"
    twice = next((c for c in cards if cards.count(c) > 1), None)
    if twice is None:
        return f"{base}: no fault in its shape"        # check_action accepts it
    return f"{base}: {card_label(twice)} appears twice in cards"


def _index_problem(value: object, size: int, what: str) -> str:
    """'' when `value` is -1 or an int in 0..size-1, else what is wrong with it."""
    if type(value) is not int:
        return f"must be an integer, not {short(value)}"
    if not -1 <= value < size:
        return f"must be -1 (none) or {what}, not {short(value)}"
    return ""


def stray_fields(action: Action) -> list[str]:
    """The fields `action` sets that its kind never uses (for a well-formed action)."""
    used = ACTION_FIELDS[action.kind]
    return [name for name, default in _DEFAULTS.items()
            if name != "kind" and name not in used and getattr(action, name) != default]


def illegal_reason(s: GameState, action: Action, legal: list[Action]) -> str:
    """A one-line reason why the well-formed `action` is not in `legal`, the legal list now."""
    seat, kind = s.decision
    if kind == OVER:
        return f"illegal action '{action}': the game is over"
    base = f"illegal action '{action}' for seat {seat} (deciding: {kind})"
    same_kind = [a for a in legal if a.kind == action.kind]
    if not same_kind:
        allowed = sorted({a.kind for a in legal})
        return f"{base}: '{action.kind}' is not allowed now; allowed: {', '.join(allowed)}"
    stray = stray_fields(action)
    if stray:
        return f"{base}: '{action.kind}' takes no {' and no '.join(stray)}"
    if action.card >= 0 and action.card not in s.hands[seat] and kind != REACTION:
        return f"{base}: that card is not in seat {seat}'s hand"
    if action.card >= 0 and not any(a.card == action.card for a in same_kind):
        return f"{base}: that card has no legal use here (or an identical copy must be used)"
    return f"{base}: no such target or combination is legal now"
