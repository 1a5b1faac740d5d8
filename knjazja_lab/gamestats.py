"""How a seat played a game, counted from its actions, the events and the final state:
wars declared and won, cities founded, buildings built, cards and cities left in hand,
and how it used its chances and its cards against the others:

* an *open chance* is a turn of the seat's own on which it may declare war — it holds a
  troop (or, with the Wise Voivode, a squad) whose Strength beats the walls of a rival's
  city, which is exactly when the engine offers a declaration; it is *taken* when the seat
  declares war on that turn;
* `wars_early`: wars declared while more than `LATE_DECK` cards are left in the deck;
* `wars_on`, `wars_early_on`, `chances_on`: wars declared (early ones), and turns with a
  war open on the seat, by the defender's table position (the arena turns positions into
  seat kinds);
* `gifts`: moves that raise or shield another prince for nothing (`bots.gifts`);
* `idle_plays`: cards played for nothing (`bots.idle`: Plunder with nothing to plunder, a
  Raid at a hand known to hold no troop, ...); `idle_offered`: decisions of more than one
  legal action at which such a play was among them (the share chosen is their ratio);
* `exposed`: 1 when, on some turn of another seat, that seat could have declared war on an
  unwalled city of this seat (`exposed_early`: such a turn came before the last `LATE_DECK`
  cards; `exposed_turns`: how many such turns; `exposed_idle`: on one of them that seat
  declared no war at all; `exposed_live`: on one of them, with more than a round of cards
  left in the deck, that seat's war on such a city could succeed by its own odds —
  P(it falls) above 0, `bots.press.p_falls`: not against a hand known or all but sure to
  hold the answers; `exposed_takeable`: on one of them, with more than a round of cards left,
  that seat's war on such a city would have taken it against the hand its owner truly held
  then — the arena knows it, the bots do not); `attacked`: wars declared against this seat.  A seat exposed and
  never attacked is a game in which its open cities sat untouched; exposed while another
  passed the chance without any war, and never attacked, is one in which they sat
  untouched by a bot that had no other war to fight; exposed live and never attacked, one
  in which they sat untouched while a troop could have taken them before the last round;
  exposed takeable and never attacked, one in which a troop would have taken them.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from knjazja.engine import Action, GameState, Observation
from knjazja.engine.actions import BUILD, DECLARE_WAR, PLAY_CITY, TURN
from knjazja.engine.cards import KIND
from knjazja.engine.kinds import EventKind, WarEnd

from knjazja.bots.gifts import is_gift
from knjazja.bots.idle import idle_play
from knjazja.bots.press import p_falls

LATE_DECK = 20               # the last cards of the deck: wars before them are "early"
COUNTS = ("wars_declared", "wars_won", "cities_founded", "buildings_built",
          "cards_in_hand_end", "cities_in_hand_end", "open_chances", "chances_taken",
          "wars_early", "gifts", "idle_plays", "idle_offered",
          "exposed", "exposed_early", "exposed_turns", "exposed_idle", "exposed_live",
          "exposed_takeable", "attacked")


class PlayCounter:
    """Feed it every applied action with its events (and, for the chances and gifts, the
    deciding seat's observation and legal actions, and for the takeable cities the hands as
    they truly were before the action); read `per_seat` at the end."""

    def __init__(self, n: int) -> None:
        self.per_seat: list[dict[str, Any]] = [dict.fromkeys(COUNTS, 0) for _ in range(n)]
        self.wars_on = [[0] * n for _ in range(n)]      # [attacker][defender position]
        self.wars_early_on = [[0] * n for _ in range(n)]
        self.chances_on = [[0] * n for _ in range(n)]   # turns with a war open on that seat

    def add(self, seat: int, action: Action, events: list, obs: Observation | None = None,
            legal: list[Action] | None = None, hands: list[list[int]] | None = None) -> None:
        mine = self.per_seat[seat]
        if action.kind == PLAY_CITY:
            mine["cities_founded"] += 1
        elif action.kind == BUILD:
            mine["buildings_built"] += 1
        if obs is not None and legal is not None:
            self._chances(seat, action, obs, legal, hands)
            if is_gift(obs, action):
                mine["gifts"] += 1
            if len(legal) > 1 and any(idle_play(obs, a) for a in legal):
                mine["idle_offered"] += 1
                mine["idle_plays"] += idle_play(obs, action)
        for e in events:
            if e.kind == EventKind.WAR_START:
                self.per_seat[e.seat]["wars_declared"] += 1
                self.per_seat[e.other]["attacked"] += 1
                self.wars_on[e.seat][e.other] += 1
                if obs is not None and obs.deck_size > LATE_DECK:
                    self.per_seat[e.seat]["wars_early"] += 1
                    self.wars_early_on[e.seat][e.other] += 1
            elif e.kind == EventKind.WAR_END and e.how == WarEnd.CAPTURED:
                self.per_seat[e.seat]["wars_won"] += 1

    def _chances(self, seat: int, action: Action, obs: Observation, legal: list[Action],
                 hands: list[list[int]] | None) -> None:
        if obs.decision.kind != TURN or obs.current != seat:
            return
        targets = [obs.cities[a.city] for a in legal if a.kind == DECLARE_WAR]
        if not targets:
            return
        self.per_seat[seat]["open_chances"] += 1
        if action.kind == DECLARE_WAR:
            self.per_seat[seat]["chances_taken"] += 1
        for owner in {city.owner for city in targets}:
            self.chances_on[seat][owner] += 1
        for owner in {city.owner for city in targets if city.walls < 0}:
            theirs = self.per_seat[owner]
            theirs["exposed"] = 1
            theirs["exposed_turns"] += 1
            if obs.deck_size > LATE_DECK:
                theirs["exposed_early"] = 1
            if action.kind != DECLARE_WAR:
                theirs["exposed_idle"] = 1
            if not theirs["exposed_live"] and obs.deck_size > obs.n and any(
                    p_falls(obs, a) > 0.0 for a in legal if a.kind == DECLARE_WAR
                    and obs.cities[a.city].owner == owner and obs.cities[a.city].walls < 0):
                theirs["exposed_live"] = 1
            if hands is not None and not theirs["exposed_takeable"] and obs.deck_size > obs.n:
                truth = replace(obs, known={**obs.known, owner: sorted(hands[owner])})
                if any(p_falls(truth, a) >= 1.0 for a in legal if a.kind == DECLARE_WAR
                       and obs.cities[a.city].owner == owner and obs.cities[a.city].walls < 0):
                    theirs["exposed_takeable"] = 1    # his true hand held no answer enough

    def finish(self, s: GameState) -> list[dict]:
        for seat, hand in enumerate(s.hands):
            self.per_seat[seat]["cards_in_hand_end"] = len(hand)
            self.per_seat[seat]["cities_in_hand_end"] = sum(1 for c in hand if KIND[c] == "city")
            self.per_seat[seat]["wars_on"] = self.wars_on[seat][:]
            self.per_seat[seat]["wars_early_on"] = self.wars_early_on[seat][:]
            self.per_seat[seat]["chances_on"] = self.chances_on[seat][:]
        return self.per_seat


def summary(per_game_seat: list[dict], games: int) -> dict:
    """Means per seat and game of a list of per-seat counts (one entry per seat played),
    with the shares: wars won, open chances taken, and games in which the seat's open
    cities sat untouched (exposed, never attacked)."""
    k = max(1, len(per_game_seat))
    out = {name: round(sum(d.get(name, 0) for d in per_game_seat) / k, 4) for name in COUNTS}
    declared = sum(d["wars_declared"] for d in per_game_seat)
    out["war_win_share"] = round(sum(d["wars_won"] for d in per_game_seat) / declared, 4) \
        if declared else 0.0
    chances = sum(d.get("open_chances", 0) for d in per_game_seat)
    out["chance_taken_share"] = round(
        sum(d.get("chances_taken", 0) for d in per_game_seat) / chances, 4) if chances else 0.0
    exposed = [d for d in per_game_seat if d.get("exposed")]
    out["untouched_share"] = round(sum(1 for d in exposed if not d.get("attacked")) / len(exposed),
                                   4) if exposed else 0.0
    return out


def table_summary(per_game_seat: list[dict], games: int, winner_glory: list[int]) -> dict:
    """Whole-table figures: per game (all seats together) and the winner's Glory."""
    g = max(1, games)
    declared = sum(d["wars_declared"] for d in per_game_seat)
    return {
        "wars_per_game": round(declared / g, 4),
        "war_win_share": round(sum(d["wars_won"] for d in per_game_seat) / declared, 4)
        if declared else 0.0,
        "wars_early_per_game": round(sum(d.get("wars_early", 0) for d in per_game_seat) / g, 4),
        "gifts_per_game": round(sum(d.get("gifts", 0) for d in per_game_seat) / g, 4),
        "idle_plays_per_game": round(sum(d.get("idle_plays", 0) for d in per_game_seat) / g, 4),
        "cities_founded_per_game": round(sum(d["cities_founded"] for d in per_game_seat) / g, 4),
        "cities_in_hand_end_per_game": round(
            sum(d["cities_in_hand_end"] for d in per_game_seat) / g, 4),
        "cards_in_hand_end_per_seat": round(
            sum(d["cards_in_hand_end"] for d in per_game_seat) / max(1, len(per_game_seat)), 4),
        "winner_glory": round(sum(winner_glory) / g, 4),
    }


def by_kind(kinds: list[str], per_game: list[list[dict]], games: int) -> dict:
    """Per seat kind, all its seats together: open chances and the share taken, wars and
    early wars a game against each kind, gifts a game, and (as the defender) the share of
    games in which its open cities sat untouched (of those with a chance at them at all, and
    of those with one before the last cards, of those with a chance that could succeed
    before the last round, and of those with one that would have succeeded against the true
    hand; with the chances those games held).  `per_game[g][i]` is the counts of the
    seat of kind `kinds[i]` in game g, with `wars_on`/`wars_early_on` keyed by kind."""
    g = max(1, games)
    out: dict[str, dict] = {}
    for kind in dict.fromkeys(kinds):
        mine = [game[i] for game in per_game for i, k in enumerate(kinds) if k == kind]
        chances = sum(d["open_chances"] for d in mine)
        exposed = [d for d in mine if d["exposed"]]
        early = [d for d in mine if d.get("exposed_early")]
        untouched = [d for d in exposed if not d["attacked"]]
        live = [d for d in mine if d.get("exposed_live")]
        takeable = [d for d in mine if d.get("exposed_takeable")]
        out[kind] = {
            "seats_per_game": kinds.count(kind),
            "open_chances_per_game": round(chances / g, 3),
            "chance_taken_share": round(sum(d["chances_taken"] for d in mine) / chances, 4)
            if chances else 0.0,
            "wars_per_game": round(sum(d["wars_declared"] for d in mine) / g, 3),
            "wars_early_per_game": round(sum(d["wars_early"] for d in mine) / g, 3),
            "wars_on": {v: round(sum(d["wars_on"].get(v, 0) for d in mine) / g, 3)
                        for v in dict.fromkeys(kinds)},
            "wars_early_on": {v: round(sum(d["wars_early_on"].get(v, 0) for d in mine) / g, 3)
                              for v in dict.fromkeys(kinds)},
            "chances_on": {v: round(sum(d["chances_on"].get(v, 0) for d in mine) / g, 3)
                           for v in dict.fromkeys(kinds)},
            "gifts_per_game": round(sum(d["gifts"] for d in mine) / g, 4),
            "idle_plays": sum(d.get("idle_plays", 0) for d in mine),
            "idle_offered": sum(d.get("idle_offered", 0) for d in mine),
            "idle_chosen_share": round(sum(d.get("idle_plays", 0) for d in mine)
                                       / max(1, sum(d.get("idle_offered", 0) for d in mine)), 4),
            "exposed_games": len(exposed),
            "untouched_share": round(len(untouched) / len(exposed), 4) if exposed else 0.0,
            "exposed_early_games": len(early),
            "untouched_early_share": round(sum(1 for d in early if not d["attacked"]) / len(early),
                                           4) if early else 0.0,
            "untouched_idle_share": round(sum(1 for d in untouched if d.get("exposed_idle"))
                                          / len(exposed), 4) if exposed else 0.0,
            "exposed_live_games": len(live),
            "untouched_live_share": round(sum(1 for d in live if not d["attacked"]) / len(live), 4)
            if live else 0.0,
            "exposed_takeable_games": len(takeable),
            "untouched_takeable_share": round(sum(1 for d in takeable if not d["attacked"])
                                              / len(takeable), 4) if takeable else 0.0,
            "untouched_exposed_turns": round(sum(d.get("exposed_turns", 0) for d in untouched)
                                             / len(untouched), 2) if untouched else 0.0,
        }
    return out
