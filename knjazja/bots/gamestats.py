"""How a seat played a game, counted from its actions, the events and the final state:
wars declared and won, cities founded, buildings built, cards and cities left in hand."""
from __future__ import annotations

from knjazja.engine import Action, GameState
from knjazja.engine.actions import BUILD, PLAY_CITY
from knjazja.engine.cards import KIND
from knjazja.engine.records import CAPTURED

COUNTS = ("wars_declared", "wars_won", "cities_founded", "buildings_built",
          "cards_in_hand_end", "cities_in_hand_end")


class PlayCounter:
    """Feed it every applied action with its events; read `per_seat` at the end."""

    def __init__(self, n: int) -> None:
        self.per_seat = [dict.fromkeys(COUNTS, 0) for _ in range(n)]

    def add(self, seat: int, action: Action, events: list) -> None:
        if action.kind == PLAY_CITY:
            self.per_seat[seat]["cities_founded"] += 1
        elif action.kind == BUILD:
            self.per_seat[seat]["buildings_built"] += 1
        for e in events:
            if e.kind == "war_start":
                self.per_seat[e.seat]["wars_declared"] += 1
            elif e.kind == "war_end" and e.how == CAPTURED:
                self.per_seat[e.seat]["wars_won"] += 1

    def finish(self, s: GameState) -> list[dict]:
        for seat, hand in enumerate(s.hands):
            self.per_seat[seat]["cards_in_hand_end"] = len(hand)
            self.per_seat[seat]["cities_in_hand_end"] = sum(1 for c in hand if KIND[c] == "city")
        return self.per_seat


def summary(per_game_seat: list[dict], games: int) -> dict:
    """Means per seat and game of a list of per-seat counts (one entry per seat played)."""
    k = max(1, len(per_game_seat))
    out = {name: round(sum(d[name] for d in per_game_seat) / k, 4) for name in COUNTS}
    declared = sum(d["wars_declared"] for d in per_game_seat)
    out["war_win_share"] = round(sum(d["wars_won"] for d in per_game_seat) / declared, 4) \
        if declared else 0.0
    return out


def table_summary(per_game_seat: list[dict], games: int, winner_glory: list[int]) -> dict:
    """Whole-table figures: per game (all seats together) and the winner's Glory."""
    g = max(1, games)
    declared = sum(d["wars_declared"] for d in per_game_seat)
    return {
        "wars_per_game": round(declared / g, 4),
        "war_win_share": round(sum(d["wars_won"] for d in per_game_seat) / declared, 4)
        if declared else 0.0,
        "cities_founded_per_game": round(sum(d["cities_founded"] for d in per_game_seat) / g, 4),
        "cities_in_hand_end_per_game": round(
            sum(d["cities_in_hand_end"] for d in per_game_seat) / g, 4),
        "cards_in_hand_end_per_seat": round(
            sum(d["cards_in_hand_end"] for d in per_game_seat) / max(1, len(per_game_seat)), 4),
        "winner_glory": round(sum(winner_glory) / g, 4),
    }
