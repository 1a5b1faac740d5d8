"""Events, observations and actions as plain JSON values, and back — checked.

The host encodes what it sends with these; a client decodes with them and refuses (with
``ValueError``) anything that is not the shape it should be: the host is trusted with the
game, not with the shape of its bytes.  Compact lists rather than objects for events: a
whole game's log is a few hundred of them.
"""
from __future__ import annotations

from typing import Any

from knjazja.engine import Action, Event, Observation
from knjazja.engine.actions import DECISION_KINDS, Decision
from knjazja.engine.cards import N_CARDS
from knjazja.engine.kinds import AnswerKind, EventKind
from knjazja.engine.records import Answer, AttackRecord, WarEvent, WarRecord
from knjazja.engine.state import City, GameOptions, Pending, War
from knjazja.engine.zones import ZONE_KINDS, Zone

EVENT_KINDS = frozenset(EventKind)
MAX_SEATS = 8


# --- small checked readers -------------------------------------------------------------
def _int(v: object, lo: int = -(2**31), hi: int = 2**31) -> int:
    if type(v) is not int or not lo <= v <= hi:
        raise ValueError(f"expected an integer in {lo}..{hi}")
    return v


def count(v: object) -> int:
    """A count of actions or events (never negative)."""
    return _int(v, 0, 10**7)


def _card(v: object) -> int:
    """A card instance, or -1 (none, or redacted)."""
    return _int(v, -1, N_CARDS - 1)


def _cards(v: object, limit: int = N_CARDS) -> list[int]:
    if not isinstance(v, list) or len(v) > limit:
        raise ValueError("expected a list of cards")
    return [_card(c) for c in v]


def _str(v: object, limit: int = 64) -> str:
    if not isinstance(v, str) or len(v) > limit:
        raise ValueError("expected a short text")
    return v


def _list(v: object, length: int | None = None) -> list:
    if not isinstance(v, list) or (length is not None and len(v) != length):
        raise ValueError("expected a list" + (f" of {length}" if length is not None else ""))
    return v


# --- zones and events ------------------------------------------------------------------
def zone_to_json(z: Zone | None) -> list | None:
    return None if z is None else [z.kind, z.key]


def zone_from_json(v: object) -> Zone | None:
    if v is None:
        return None
    kind, key = _list(v, 2)
    if kind not in ZONE_KINDS:
        raise ValueError("unknown zone")
    return Zone(kind, _int(key, -1, N_CARDS))


def event_to_json(e: Event) -> list:
    return [str(e.kind), e.seat, e.card, list(e.cards), zone_to_json(e.src), zone_to_json(e.dst),
            e.city, e.other, e.value, list(e.private), e.how]


def event_from_json(v: object) -> Event:
    kind, seat, card, cards, src, dst, city, other, value, private, how = _list(v, 11)
    if kind not in EVENT_KINDS:
        raise ValueError("unknown event kind")
    ek = EventKind(kind)
    # the end's `cards` are the seats' final Glory, not card instances
    numbers = tuple(_int(c) for c in _list(cards)) if ek == EventKind.GAME_OVER else tuple(_cards(cards))
    return Event(ek, _int(seat, -1, MAX_SEATS), _card(card), numbers,
                 zone_from_json(src), zone_from_json(dst), _card(city), _int(other, -1, MAX_SEATS),
                 _int(value), tuple(_int(p, 0, MAX_SEATS) for p in _list(private)), _str(how))


# --- actions ---------------------------------------------------------------------------
def action_from_json(v: object) -> Action:
    """An action's fields checked for type and range (legality is the engine's)."""
    a = Action.from_json(v)
    _card(a.card), _int(a.seat, -1, MAX_SEATS), _card(a.city), _card(a.target), _cards(list(a.cards), 32)
    return a


# --- the war's record ------------------------------------------------------------------
def _record_to_json(r: WarRecord | None) -> dict | None:
    if r is None:
        return None
    return {"attacker": r.attacker, "defender": r.defender, "city": r.city, "turn_no": r.turn_no,
            "attacks": [[list(a.troops), a.strength, a.result,
                         [[str(x.kind), x.seat, x.card, list(x.troops), x.strength] for x in a.answers]]
                        for a in r.attacks],
            "events": [[w.seat, w.card] for w in r.events], "raid_troop": r.raid_troop, "outcome": r.outcome}


def _record_from_json(v: object) -> WarRecord | None:
    if v is None:
        return None
    if not isinstance(v, dict):
        raise ValueError("malformed war record")
    attacks = []
    for raw in _list(v["attacks"]):
        troops, strength, result, answers = _list(raw, 4)
        made = []
        for ans in _list(answers):
            kind, seat, card, ans_troops, ans_strength = _list(ans, 5)
            made.append(Answer(AnswerKind(_str(kind)), _int(seat, -1, MAX_SEATS), _card(card),
                               tuple(_cards(ans_troops)), _int(ans_strength)))
        attacks.append(AttackRecord(tuple(_cards(troops)), _int(strength), tuple(made), _str(result)))
    events = tuple(WarEvent(_int(s, -1, MAX_SEATS), _card(c)) for s, c in (_list(w, 2) for w in _list(v["events"])))
    return WarRecord(_int(v["attacker"], 0, MAX_SEATS), _int(v["defender"], -1, MAX_SEATS), _card(v["city"]),
                     _int(v["turn_no"]), tuple(attacks), events, _card(v["raid_troop"]), _str(v["outcome"]))


def _war_to_json(w: War | None) -> dict | None:
    if w is None:
        return None
    return {"attacker": w.attacker, "defender": w.defender, "city": w.city, "attack": w.attack,
            "defence": w.defence, "raid_troop": w.raid_troop, "raid_played": w.raid_played,
            "attacks_made": w.attacks_made, "record": _record_to_json(w.record)}


def _war_from_json(v: object) -> War | None:
    if v is None:
        return None
    if not isinstance(v, dict):
        raise ValueError("malformed war")
    w = War(_int(v["attacker"], 0, MAX_SEATS), _int(v["defender"], -1, MAX_SEATS), _card(v["city"]))
    w.attack, w.defence, w.raid_troop = _cards(v["attack"]), _cards(v["defence"]), _card(v["raid_troop"])
    if type(v["raid_played"]) is not bool:
        raise ValueError("malformed war")
    w.raid_played, w.attacks_made = v["raid_played"], _int(v["attacks_made"], 0)
    w.record = _record_from_json(v["record"])
    return w


def _pending_to_json(p: Pending | None) -> dict | None:
    if p is None:
        return None
    return {"player": p.player, "card": p.card, "action": p.action.to_json(), "target_seat": p.target_seat,
            "reaction": p.reaction, "bids": [[b, t] for b, t in p.bids], "bidders": p.bidders,
            "in_limbo": p.in_limbo}


def _pending_from_json(v: object) -> Pending | None:
    if v is None:
        return None
    if not isinstance(v, dict) or type(v["in_limbo"]) is not bool:
        raise ValueError("malformed pending card")
    return Pending(_int(v["player"], 0, MAX_SEATS), _card(v["card"]), action_from_json(v["action"]),
                   _int(v["target_seat"], -1, MAX_SEATS), _str(v["reaction"]),
                   [(_int(b, 0, MAX_SEATS), _card(t)) for b, t in (_list(x, 2) for x in _list(v["bids"]))],
                   [_int(b, 0, MAX_SEATS) for b in _list(v["bidders"])], v["in_limbo"])


# --- observations ----------------------------------------------------------------------
def _city_to_json(c: City) -> list:
    return [c.card, c.owner, c.buildings, c.walls, c.moat]


def _city_from_json(v: object) -> City:
    card, owner, buildings, walls, moat = _list(v, 5)
    c = City(_card(card), _int(owner, -1, MAX_SEATS))
    c.buildings, c.walls, c.moat = _cards(buildings), _card(walls), _card(moat)
    return c


def observation_to_json(o: Observation) -> dict[str, Any]:
    """Everything in the seat's observation.  ``unseen`` names the cards this seat cannot
    place — the complement of what it sees, so it tells nothing of where they are."""
    return {
        "seat": o.seat, "n": o.n, "options": o.options.to_json(),
        "decision": [o.decision.seat, str(o.decision.kind)], "hand": o.hand, "hand_sizes": o.hand_sizes,
        "known": [[t, cards] for t, cards in sorted(o.known.items())], "deck_size": o.deck_size,
        "discard": o.discard, "cities": [_city_to_json(c) for c in o.cities.values()],
        "chronicles": o.chronicles, "under": [[k, t] for k, t in o.under.items()], "before": o.before,
        "current": o.current, "turn_no": o.turn_no, "first_player": o.first_player, "end_turn": o.end_turn,
        "end_cause": o.end_cause, "invasion_active": o.invasion_active, "over": o.over,
        "owned_ever": [sorted(s) for s in o.owned_ever], "war": _war_to_json(o.war),
        "pending": _pending_to_json(o.pending), "pending_limbo_card": o.pending_limbo_card,
        "history_len": o.history_len, "unseen": o.unseen, "kept": o.kept,
    }


OBSERVATION_KEYS = frozenset({
    "seat", "n", "options", "decision", "hand", "hand_sizes", "known", "deck_size", "discard", "cities",
    "chronicles", "under", "before", "current", "turn_no", "first_player", "end_turn", "end_cause",
    "invasion_active", "over", "owned_ever", "war", "pending", "pending_limbo_card", "history_len",
    "unseen", "kept"})


def _bool(v: object) -> bool:
    if type(v) is not bool:
        raise ValueError("expected true/false")
    return v


def observation_from_json(v: object) -> Observation:
    if not isinstance(v, dict) or set(v) != OBSERVATION_KEYS:
        raise ValueError("malformed observation")
    n = _int(v["n"], 2, MAX_SEATS)
    dseat, dkind = _list(v["decision"], 2)
    if dkind not in DECISION_KINDS:
        raise ValueError("unknown decision")
    cities = [_city_from_json(c) for c in _list(v["cities"])]
    end_turn = None if v["end_turn"] is None else _int(v["end_turn"], 0)
    return Observation(
        seat=_int(v["seat"], 0, n - 1), n=n, options=GameOptions.from_json(v["options"]),
        decision=Decision(_int(dseat, -1, n - 1), DECISION_KINDS[DECISION_KINDS.index(dkind)]),
        hand=_cards(v["hand"]), hand_sizes=[_int(x, 0, N_CARDS) for x in _list(v["hand_sizes"], n)],
        known={_int(t, 0, n - 1): _cards(cs) for t, cs in (_list(x, 2) for x in _list(v["known"]))},
        deck_size=_int(v["deck_size"], 0, N_CARDS), discard=_cards(v["discard"]),
        cities={c.card: c for c in cities}, chronicles=[_cards(c) for c in _list(v["chronicles"], n)],
        under={_card(k): _card(t) for k, t in (_list(x, 2) for x in _list(v["under"]))},
        before=[_cards(b) for b in _list(v["before"], n)], current=_int(v["current"], 0, n - 1),
        turn_no=_int(v["turn_no"], 0), first_player=_int(v["first_player"], 0, n - 1), end_turn=end_turn,
        end_cause=_str(v["end_cause"]), invasion_active=_bool(v["invasion_active"]), over=_bool(v["over"]),
        owned_ever=[set(_cards(s)) for s in _list(v["owned_ever"], n)], war=_war_from_json(v["war"]),
        pending=_pending_from_json(v["pending"]), pending_limbo_card=_card(v["pending_limbo_card"]),
        history_len=_int(v["history_len"], 0), unseen=_cards(v["unseen"]),
        kept=[_int(x, 0, N_CARDS) for x in _list(v["kept"])])
