"""Actions, decisions and events: the small immutable values that cross the engine's edge.

Actions and events are NamedTuples rather than dataclasses: they are created and
compared in the bots' hot loops, and tuples hash and compare in C.
"""
from __future__ import annotations

from typing import NamedTuple

from .brief import short
from .cards import CARDS, N_CARDS, card_label
from .kinds import ActionKind, DecisionKind, EventKind
from .zones import Zone

# --- decision kinds: what the engine is waiting for (`kinds.DecisionKind`) ----------
TURN = DecisionKind.TURN
REACTION = DecisionKind.REACTION
WAR_ATTACK = DecisionKind.WAR_ATTACK
WAR_DEFEND = DecisionKind.WAR_DEFEND
WAR_COUNTER = DecisionKind.WAR_COUNTER
RAID_LAY = DecisionKind.RAID_LAY
DOWRY_BID = DecisionKind.DOWRY_BID
CONGRESS = DecisionKind.CONGRESS
OVER = DecisionKind.OVER
DECISION_KINDS = tuple(DecisionKind)


class Decision(NamedTuple):
    seat: int                # who must decide now (-1 when the game is over)
    kind: DecisionKind


# --- action kinds (`kinds.ActionKind`) --------------------------------------------
DRAW = ActionKind.DRAW
PASS = ActionKind.PASS
PLAY_CITY = ActionKind.PLAY_CITY
BUILD = ActionKind.BUILD
CHRONICLE = ActionKind.CHRONICLE
EVENT = ActionKind.EVENT
DECLARE_WAR = ActionKind.DECLARE_WAR
PASS_IGOR = ActionKind.PASS_IGOR
ATTACK = ActionKind.ATTACK
END_WAR = ActionKind.END_WAR
DEFEND = ActionKind.DEFEND
AMBUSH = ActionKind.AMBUSH
BRIBE = ActionKind.BRIBE
CONDEMN = ActionKind.CONDEMN
YIELD = ActionKind.YIELD
YIELD_PLUNDER = ActionKind.YIELD_PLUNDER
ACCEPT = ActionKind.ACCEPT
REACT = ActionKind.REACT
DECLINE = ActionKind.DECLINE
LAY = ActionKind.LAY
BID = ActionKind.BID
NO_BID = ActionKind.NO_BID
GIVE_CITY = ActionKind.GIVE_CITY
KEEP = ActionKind.KEEP

# The fields each kind may carry besides `kind` (any other field must keep its default).
ACTION_FIELDS: dict[str, frozenset[str]] = {
    DRAW: frozenset(), PASS: frozenset(),
    PLAY_CITY: frozenset({"card", "seat"}), BUILD: frozenset({"card", "city"}),
    CHRONICLE: frozenset({"card", "seat", "city", "cards"}),
    EVENT: frozenset({"card", "seat", "city", "target"}),
    DECLARE_WAR: frozenset({"city"}), PASS_IGOR: frozenset({"seat", "cards"}),
    ATTACK: frozenset({"cards"}), END_WAR: frozenset(), DEFEND: frozenset({"cards"}),
    AMBUSH: frozenset({"card"}), BRIBE: frozenset({"card", "target"}),
    CONDEMN: frozenset({"card"}), YIELD: frozenset(), YIELD_PLUNDER: frozenset({"card"}),
    ACCEPT: frozenset(), REACT: frozenset({"card"}), DECLINE: frozenset(),
    LAY: frozenset({"card"}), BID: frozenset({"card"}), NO_BID: frozenset(),
    GIVE_CITY: frozenset({"city"}), KEEP: frozenset(),
}
ACTION_KINDS = frozenset(ACTION_FIELDS)


def _city_label(city: object) -> str:
    return CARDS[city].id if type(city) is int and 0 <= city < N_CARDS else card_label(city)


class Action(NamedTuple):
    kind: str
    card: int = -1           # the card instance played
    seat: int = -1           # target player
    city: int = -1           # target city (its card instance)
    target: int = -1         # target card (a troop to bribe, a chronicle to poison)
    cards: tuple = ()        # several cards (a squad, Byzantine Aid's troop, Igor's troop)

    def __str__(self) -> str:
        # Also names malformed actions in error messages, so it trusts no field.
        kind, card, seat, city, target, cards = self
        parts = [str(kind) if isinstance(kind, str) and kind in ACTION_KINDS else short(kind)]
        if card != -1:
            parts.append(card_label(card))
        if type(cards) is tuple:
            if cards:
                parts.append("[" + ", ".join(card_label(c) for c in cards[:6])
                             + (", ...]" if len(cards) > 6 else "]"))
        else:
            parts.append(f"cards={short(cards)}")
        if seat != -1:
            parts.append(f"-> seat {short(seat, 24)}")
        if city != -1:
            parts.append(f"@ {_city_label(city)}")
        if target != -1:
            parts.append(f"on {card_label(target)}")
        text = " ".join(parts)
        return text if len(text) <= 150 else text[:147] + "..."

    def to_json(self) -> list:
        return [self.kind, self.card, self.seat, self.city, self.target, list(self.cards)]

    @staticmethod
    def from_json(data: object) -> "Action":
        if (not isinstance(data, list) or len(data) != 6 or not isinstance(data[0], str)
                or not all(type(x) is int for x in data[1:5])
                or not isinstance(data[5], list) or not all(type(x) is int for x in data[5])):
            raise ValueError(f"malformed action {short(data)}")
        kind = ActionKind(data[0]) if data[0] in ACTION_KINDS else data[0]   # unknown: refused later
        return Action(kind, data[1], data[2], data[3], data[4], tuple(data[5]))


class Event(NamedTuple):
    """Something that happened. `private` lists the seats that may see the card
    identities; empty means everyone may. Redacted copies carry card -1."""
    kind: EventKind
    seat: int = -1           # the acting player
    card: int = -1
    cards: tuple = ()
    src: Zone | None = None  # zone a card left (see zones.py)
    dst: Zone | None = None  # zone it entered
    city: int = -1
    other: int = -1          # a second player (target, defender, new owner)
    value: int = 0           # a number: Strength, Glory, turn, ...
    private: tuple = ()
    how: str = ""            # why or how: an answer's kind, a war's outcome, a city's cause

    def visible_to(self, seat: int) -> bool:
        return not self.private or seat in self.private

    def for_seat(self, seat: int) -> "Event":
        if self.visible_to(seat):
            return self
        return self._replace(card=-1 if self.card >= 0 else self.card,
                             cards=tuple(-1 for _ in self.cards))


class IllegalAction(ValueError):
    """Raised by `apply` for an action that is not legal now; the state is untouched."""
