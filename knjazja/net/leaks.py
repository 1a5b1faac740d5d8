"""What a seat may know, checked against every message it was sent.

At the moment a message leaves the host, the cards a seat may not place are exactly its
observation's ``unseen`` cards: the others' hand cards it has not seen, the deck, the
others' face-down bids.  A message leaks if any card instance in it — in an event, an
observation, a legal action, or named by its label in a refusal's text — is one of them.

``unseen`` itself names those cards without saying where they are (it is the complement of
everything the seat sees), so it is the one field not counted; instead it must cover every
hidden card, or the client's search bots would deal from a wrong pool.
"""
from __future__ import annotations

import json
import re
from functools import cache

from knjazja.engine import GameState, card_label, observation
from knjazja.engine.cards import N_CARDS
from knjazja.engine.kinds import EventKind

from . import codec


def hidden_cards(state: GameState, seat: int) -> set[int]:
    return set(observation(state, seat).unseen)


def _action_cards(raw: object) -> set[int]:
    a = codec.action_from_json(raw)
    return {c for c in (a.card, a.city, a.target, *a.cards) if c >= 0}


def _observation_cards(raw: object) -> set[int]:
    o = codec.observation_from_json(raw)
    out = set(o.hand) | set(o.discard) | {o.pending_limbo_card}
    for cards in o.known.values():
        out |= set(cards)
    for k, c in o.cities.items():
        out |= {k, c.card, c.walls, c.moat, *c.buildings}
    for group in (*o.chronicles, *o.before, *o.owned_ever):
        out |= set(group)
    out |= set(o.under) | set(o.under.values())
    if o.war is not None:
        w = o.war
        out |= {w.city, w.raid_troop, *w.attack, *w.defence}
        if w.record is not None:
            r = w.record
            out |= {r.city, r.raid_troop, *(e.card for e in r.events)}
            for a in r.attacks:
                out |= set(a.troops)
                for ans in a.answers:
                    out |= {ans.card, *ans.troops}
    if o.pending is not None:
        p = o.pending
        out |= {p.card, *(t for _, t in p.bids)} | _action_cards(p.action.to_json())
    return {c for c in out if c >= 0}


def _event_cards(raw: object) -> set[int]:
    e = codec.event_from_json(raw)
    out = {e.card, e.city}
    if e.kind != EventKind.GAME_OVER:          # its `cards` are the final Glory of each seat
        out |= set(e.cards)
    return {c for c in out if c >= 0}


@cache
def _label_pattern(card: int) -> re.Pattern[str]:
    return re.compile(re.escape(card_label(card)) + r"(?![#\w])")


def _named_in_text(text: str, hidden: set[int]) -> set[int]:
    return {c for c in hidden if _label_pattern(c).search(text)}


def cards_sent(msg: dict, hidden: set[int]) -> tuple[set[int], list[str]]:
    """The card instances a host message shows, and any problem with its hidden-card list."""
    kind, problems = msg.get("t"), []
    shown: set[int] = set()
    if kind == "events":
        for raw in msg["events"]:
            shown |= _event_cards(raw)
    elif kind == "state":
        shown |= _observation_cards(msg["obs"])
        for raw in msg["legal"]:
            shown |= _action_cards(raw)
        if not hidden <= set(msg["obs"]["unseen"]):
            problems.append("the observation's unseen list misses hidden cards")
    for key in ("detail", "reason"):
        if isinstance(msg.get(key), str):
            shown |= _named_in_text(msg[key], hidden)
    return shown, problems


class LeakCheck:
    """Counts, over many messages, the hidden cards sent to the seats that may not see them."""

    def __init__(self) -> None:
        self.messages = 0
        self.bytes = 0
        self.cards_checked = 0
        self.leaks: list[str] = []            # one line per hidden card sent

    def check(self, text: str, state: GameState, seat: int) -> None:
        """``text`` is about to be sent to ``seat`` while the table's game is ``state``."""
        self.messages += 1
        self.bytes += len(text.encode("utf-8"))
        if seat < 0:          # not seated yet: such messages carry no game at all
            msg = json.loads(text)
            assert msg.get("t") in ("refused", "pong", "ping", "bye"), msg.get("t")
            hidden = set(range(N_CARDS))
        else:
            msg = json.loads(text)
            hidden = hidden_cards(state, seat)
        shown, problems = cards_sent(msg, hidden)
        self.cards_checked += len(shown)
        for c in sorted(shown & hidden):
            self.leaks.append(f"seat {seat} was sent hidden card {card_label(c)} in a {msg.get('t')} message")
        self.leaks += [f"seat {seat}: {p}" for p in problems]

    @property
    def hidden_sent(self) -> int:
        return len(self.leaks)
