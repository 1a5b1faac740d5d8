"""The Knjaz'ja rules engine: pure, deterministic, no pygame.

See docs/ENGINE_API.md. Typical use::

    from knjazja.engine import new_game, legal_actions, apply
    s = new_game(4, seed=7)
    while not s.over:
        events = apply(s, legal_actions(s)[0])

The package loads lazily (PEP 562): a name is imported from its module when first asked
for (``from knjazja.engine import apply`` loads the rules then), so ``knjazja.engine.cards``
alone (the card art) or ``SaveError`` alone (the saves' list) cost no more than they need,
and the main menu opens without the rules.
"""
from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING, Any

from knjazja.lazy import lazy_attributes

if TYPE_CHECKING:
    from .actions import DECISION_KINDS, Action, Decision, Event, IllegalAction
    from .cards import CARD_ID, CARDS, RULESET_VERSION, SPECS, card_label, card_name, catalogue, texts
    from .game import new_game, start_events
    from .observation import (NOBODY, Observation, determinize, observation, public_observation, public_part,
                              seen_from)
    from .prepared import prepared_game
    from .records import Answer, AttackRecord, WarEvent, WarRecord, war_after
    from .refusals import CardArg, Refusal, SeatArg, Target, why_not_declare, why_not_pass_igor, why_not_play
    from .rules import apply, apply_legal, explain_illegal, legal_actions
    from .saves import dumps, from_bytes, loads
    from .public import PublicView
    from .scoring import SeatScore, final_scores, score, top_seats, win_shares, winners
    from .series import Series
    from .state import City, GameOptions, GameState, War
    from .zones import Zone, learned_by
    from .save_error import SaveError

# name -> the submodule that defines it
_WHERE: dict[str, str] = {name: module for module, names in (
    ("actions", "DECISION_KINDS Action Decision Event IllegalAction"),
    ("cards", "CARD_ID CARDS RULESET_VERSION SPECS card_label card_name catalogue texts"),
    ("game", "new_game start_events"),
    ("observation", "NOBODY Observation determinize observation public_observation public_part seen_from"),
    ("prepared", "prepared_game"),
    ("records", "Answer AttackRecord WarEvent WarRecord war_after"),
    ("refusals", "CardArg Refusal SeatArg Target why_not_declare why_not_pass_igor why_not_play"),
    ("rules", "apply apply_legal explain_illegal legal_actions"),
    ("save_error", "SaveError"),
    ("saves", "dumps from_bytes loads"),
    ("public", "PublicView"),
    ("scoring", "SeatScore final_scores score top_seats win_shares winners"),
    ("series", "Series"),
    ("state", "City GameOptions GameState War"),
    ("zones", "Zone learned_by"),
) for name in names.split()}

__all__ = [
    "Action", "Decision", "Event", "IllegalAction", "DECISION_KINDS", "CARDS", "CARD_ID", "SPECS",
    "RULESET_VERSION", "card_label", "card_name", "catalogue", "texts", "new_game",
    "start_events", "NOBODY", "Observation", "determinize", "observation", "public_observation", "public_part",
    "seen_from", "PublicView", "apply", "apply_legal", "explain_illegal",
    "legal_actions", "prepared_game", "SaveError", "dumps", "from_bytes", "loads",
    "SeatScore", "final_scores", "score", "top_seats", "win_shares", "winners", "Series", "City", "GameOptions",
    "GameState", "War", "Answer", "AttackRecord", "WarEvent", "WarRecord", "war_after", "CardArg",
    "Refusal", "SeatArg", "Target", "why_not_declare", "why_not_pass_igor", "why_not_play", "Zone",
    "learned_by",
]


__getattr__ = lazy_attributes(__name__, globals(), _WHERE)


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class _Package(types.ModuleType):
    """The import system binds each loaded submodule on its package; ``observation`` is both
    a submodule and the function the package exports, and the function wins (as it did when
    this package imported everything)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _WHERE and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
