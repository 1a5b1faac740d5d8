"""Build engine states directly, and drive them by card ids.

    s = scenario(n=3, hands={0: ["troop.druzhina.5"]},
                 cities={"city.kiev": (1, ["bld.church", "wall.palisade"])})
    play(s, "war", city="city.kiev")
    play(s, "attack", cards=["troop.druzhina.5"])

Cards are named by catalogue id; each name takes the next free instance of that id.
Every card not named goes to the deck (or, when `deck` is given, to the discard pile),
and the builder checks that all 100 cards stand in exactly one place.  The building is the
engine's own ``prepared_game`` (lessons use it too).
"""
from __future__ import annotations

import random

from knjazja.engine import apply, legal_actions, prepared_game
from knjazja.engine.actions import Action
from knjazja.engine.cards import CARD_ID, INSTANCES, N_CARDS
from knjazja.engine.state import City, GameOptions, GameState


def scenario(n: int = 3, hands: dict | None = None, cities: dict | None = None,
             chronicles: dict | None = None, deck: list | None = None,
             discard: list | None = None, before: dict | None = None, current: int = 0,
             turn_no: int | None = None, seed: int = 0, options: GameOptions | None = None,
             owned_ever: dict | None = None, end_turn: int | None = None,
             end_cause: str = "", invasion_active: bool = False) -> GameState:
    """A state at the start of `current`'s turn (the engine's ``prepared_game``, and the end
    of the game already set when a test needs it).

    hands       {seat: [card ids]}
    cities      {city id: (owner, [building ids])}, in order of play; walls and the Moat
                are recognised by their ids
    chronicles  {seat: [chronicle id | ("chr.byzantium", troop id)]}
    deck        [card ids], the first one on top; None: every unnamed card, in instance order
    discard     [card ids] (unnamed cards join it when `deck` is given)
    before      {seat: [ids]} (a laid Tatar Invasion / Silence)
    turn_no     index of the current turn; default n (the first round is over)
    owned_ever  {seat: [city ids]} cities owned earlier, besides the current owners
    """
    s = prepared_game(n, hands=hands, cities=cities, chronicles=chronicles, before=before,
                      deck=deck or [], discard=discard or [], rest="deck" if deck is None else "discard",
                      current=current, turn_no=turn_no, seed=seed, options=options)
    for seat, cids in (owned_ever or {}).items():
        for cid in cids:
            s.owned_ever[seat].add(INSTANCES[cid][0])
    s.end_turn, s.end_cause, s.invasion_active = end_turn, end_cause, invasion_active
    check_cards(s)
    return s


def check_cards(s: GameState) -> None:
    """All 100 cards stand in exactly one place."""
    where = s.locations()
    assert len(where) == N_CARDS
    bad = {c: p for c, p in where.items() if len(p) != 1}
    assert not bad, "cards not in exactly one place: " + ", ".join(
        f"{CARD_ID[c]}#{c}: {p}" for c, p in sorted(bad.items()))


# --- looking things up -----------------------------------------------------------
def inst(cid: str, k: int = 0) -> int:
    """The k-th instance of card id `cid`."""
    return INSTANCES[cid][k]


def ids(cards) -> list[str]:
    return sorted(CARD_ID[c] for c in cards)


def hand(s: GameState, seat: int) -> list[str]:
    return ids(s.hands[seat])


def discarded(s: GameState) -> list[str]:
    return ids(s.discard)


def city(s: GameState, cid: str) -> City:
    return s.cities[INSTANCES[cid][0]]


def buildings(s: GameState, cid: str) -> list[str]:
    return ids(city(s, cid).all_buildings())


def owner(s: GameState, cid: str) -> int:
    return city(s, cid).owner


def chronicle_ids(s: GameState, seat: int) -> list[str]:
    return ids(s.chronicles[seat])


# --- choosing and applying actions -------------------------------------------------
def _matches(a: Action, kind: str, fields: dict) -> bool:
    if a.kind != kind:
        return False
    for key, want in fields.items():
        have = getattr(a, key)
        if key == "cards":
            if isinstance(want, (list, tuple)) and want and isinstance(want[0], str):
                if sorted(CARD_ID[c] for c in have) != sorted(want):
                    return False
            elif tuple(have) != tuple(want):
                return False
        elif key in ("card", "target") and isinstance(want, str):
            if have < 0 or CARD_ID[have] != want:
                return False
        elif key == "city" and isinstance(want, str):
            if have < 0 or CARD_ID[have] != want:
                return False
        elif have != want:
            return False
    return True


def legal(s: GameState, kind: str, **fields) -> list[Action]:
    """The legal actions of this kind whose fields match (ids allowed for cards/cities)."""
    return [a for a in legal_actions(s) if _matches(a, kind, fields)]


def kinds(s: GameState) -> set[str]:
    return {a.kind for a in legal_actions(s)}


def show(s: GameState) -> str:
    return f"decision {s.decision}; legal: " + "; ".join(str(a) for a in legal_actions(s))


def find(s: GameState, kind: str, by: int | None = None, **fields) -> Action:
    if by is not None:
        assert s.decision.seat == by, f"seat {by} expected to decide; {show(s)}"
    found = legal(s, kind, **fields)
    assert found, f"no legal {kind} {fields}; {show(s)}"
    assert len(found) == 1, f"ambiguous {kind} {fields}: {[str(a) for a in found]}"
    return found[0]


def play(s: GameState, kind: str, by: int | None = None, **fields):
    """Find the one legal action of `kind` matching `fields` and apply it; returns the events.
    `by` asserts which seat decides now."""
    return apply(s, find(s, kind, by, **fields))


def fingerprint(s: GameState) -> tuple:
    """Everything about a state, as comparable plain data."""
    w = s.war
    war = None if w is None else (
        w.attacker, w.defender, w.city, tuple(w.attack), tuple(w.defence), w.raid_troop,
        w.raid_played, w.attacks_made, w.record)
    p = s.pending
    pend = None if p is None else (p.player, p.card, p.action, p.target_seat, p.reaction,
                                   tuple(p.bids), tuple(p.bidders), p.in_limbo)
    return (
        s.n, s.seed, s.options, s.first_player, s.rng.getstate(),
        tuple(tuple(h) for h in s.hands), tuple(s.deck), tuple(s.discard),
        tuple((k, c.owner, tuple(c.buildings), c.walls, c.moat) for k, c in s.cities.items()),
        tuple(tuple(c) for c in s.chronicles), tuple(sorted(s.under.items())),
        tuple(tuple(b) for b in s.before), s.current, s.turn_no, s.end_turn, s.end_cause,
        s.invasion_active, s.over, tuple(frozenset(o) for o in s.owned_ever),
        tuple(frozenset(o) for o in s.seen), war, pend, s.decision, tuple(s.history),
        tuple(s.kept),
    )


def random_playout(s: GameState, rng: random.Random, max_steps: int = 5000) -> list[Action]:
    """Play random legal actions to the end; returns them."""
    done = []
    while not s.over:
        acts = legal_actions(s)
        assert acts, f"no legal action while the game is not over; {s.decision}"
        a = rng.choice(acts)
        apply(s, a)
        done.append(a)
        assert len(done) < max_steps, "game does not end"
    return done
