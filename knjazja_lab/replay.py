"""Replay a saved game and tell, for every bot turn, what it could have done and did.

`knjazja replay SAVE [--json]` loads a save (validated like any other: a damaged file is
refused with the loader's message), plays its actions again from the deal, and at each
turn of a bot seat lists its *open chances* — the rival cities it could have declared war
on, each with its walls, its Glory and the strongest troop the bot held against it — and
the action it took.  The summary counts, per seat, the open chances, the wars declared on
them, and the wars declared before the last round (`gamestats` counts the same chances
in the arena).
"""
from __future__ import annotations

from typing import Any

from knjazja.engine import Action, GameState, apply, legal_actions, new_game
from knjazja.engine.actions import DECLARE_WAR, TURN
from knjazja.engine.cards import CARD_ID

from knjazja.bots.rules_of_thumb import best_attack  # the strongest troop against a city, Anna counted

BOT_KINDS = ("easy", "normal", "hard")


def describe(a: Action) -> str:
    """An action in one short line of card ids (for a measuring report, not for players)."""
    parts = [a.kind]
    if a.card >= 0:
        parts.append(CARD_ID[a.card])
    if a.city >= 0:
        parts.append("on " + CARD_ID[a.city])
    if a.seat >= 0:
        parts.append(f"seat {a.seat}")
    if a.cards:
        parts.append("+".join(CARD_ID[c] for c in a.cards))
    return " ".join(parts)


def replay_report(final: GameState, meta: dict) -> dict[str, Any]:
    """The turn-by-turn report of a loaded save: its final state and its meta."""
    raw = meta.get("seats")
    seats_meta: list = raw if isinstance(raw, list) else []
    names, kinds = [], []
    for i in range(final.n):
        entry = seats_meta[i] if i < len(seats_meta) and isinstance(seats_meta[i], dict) else {}
        names.append(str(entry.get("name", f"Player {i + 1}")))
        kind = entry.get("kind", "normal")
        kinds.append(kind if isinstance(kind, str) else "normal")
    s = new_game(final.n, final.seed, final.options, final.first_player)
    last_round_from = None
    turns: list[dict[str, Any]] = []
    for a in final.history:
        seat = s.decision.seat
        if s.decision.kind == TURN and kinds[seat] in BOT_KINDS:
            legal = legal_actions(s)
            chances = [{"city": CARD_ID[w.city], "owner": s.cities[w.city].owner,
                        "walls": s.cities[w.city].wall_strength,
                        "glory": s.cities[w.city].glory(),
                        "troop": best_attack(s, seat, s.cities[w.city].owner)}
                       for w in legal if w.kind == DECLARE_WAR]
            turns.append({"turn": s.turn_no, "round": (s.turn_no // s.n) + 1, "seat": seat,
                          "deck": len(s.deck), "hand": len(s.hands[seat]),
                          "chances": chances, "did": describe(a),
                          "war": a.kind == DECLARE_WAR})
        apply(s, a)
        if last_round_from is None and s.end_turn is not None:
            last_round_from = s.end_turn - s.n + 1
    rounds = (s.turn_no // s.n) + 1
    per_seat = []
    for i in range(s.n):
        mine = [t for t in turns if t["seat"] == i]
        early = [t for t in mine if t["war"] and (last_round_from is None
                                                   or t["turn"] < last_round_from)]
        per_seat.append({"seat": i, "name": names[i], "kind": kinds[i], "bot_turns": len(mine),
                         "open_chances": sum(1 for t in mine if t["chances"]),
                         "chances_taken": sum(1 for t in mine if t["chances"] and t["war"]),
                         "wars": sum(1 for t in mine if t["war"]),
                         "wars_before_last_round": len(early)})
    return {"players": s.n, "rounds": rounds, "last_round_from_turn": last_round_from,
            "seats": per_seat, "turns": turns}


def format_report(rep: dict[str, Any]) -> str:
    """The report as text: one line per bot turn with a chance or a war, then per seat."""
    lines = []
    names = {p["seat"]: p["name"] for p in rep["seats"]}
    for t in rep["turns"]:
        if not t["chances"] and not t["war"]:
            continue
        open_ = ", ".join(f"{c['city']} (seat {c['owner']}, walls {c['walls']}, Glory "
                          f"{c['glory']}, troop {c['troop']})" for c in t["chances"])
        lines.append(f"turn {t['turn']:3d} round {t['round']:2d} {names[t['seat']]:>12}: "
                     f"could attack {open_ or 'nothing'}; did {t['did']}")
    lines.append(f"{rep['rounds']} rounds; the last round from turn "
                 f"{rep['last_round_from_turn']}")
    for p in rep["seats"]:
        if p["bot_turns"]:
            share = p["chances_taken"] / p["open_chances"] if p["open_chances"] else 0.0
            lines.append(f"{p['name']} ({p['kind']}): {p['bot_turns']} turns, "
                         f"{p['open_chances']} open chances, {p['chances_taken']} taken "
                         f"({share:.0%}), {p['wars']} wars, {p['wars_before_last_round']} "
                         "before the last round")
    return "\n".join(lines)
