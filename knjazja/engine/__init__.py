"""The Knjaz'ja rules engine: pure, deterministic, no pygame.

See docs/ENGINE_API.md. Typical use::

    from knjazja.engine import new_game, legal_actions, apply
    s = new_game(4, seed=7)
    while not s.over:
        events = apply(s, legal_actions(s)[0])
"""
from .actions import DECISION_KINDS, Action, Decision, Event, IllegalAction
from .cards import CARD_ID, CARDS, RULESET_VERSION, SPECS, card_label, card_name, catalogue, texts
from .game import new_game, start_events
from .observation import NOBODY, Observation, determinize, observation, public_observation, public_part, seen_from
from .prepared import prepared_game
from .records import Answer, AttackRecord, WarEvent, WarRecord, war_after
from .refusals import CardArg, Refusal, SeatArg, Target, why_not_declare, why_not_pass_igor, why_not_play
from .rules import apply, apply_legal, explain_illegal, legal_actions
from .saves import SaveError, dumps, from_bytes, loads
from .public import PublicView
from .scoring import SeatScore, final_scores, score, top_seats, win_shares, winners
from .series import Series
from .state import City, GameOptions, GameState, War
from .zones import Zone, learned_by

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
