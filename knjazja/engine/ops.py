"""Low-level moves of cards between zones, each recording the event it makes, and the
end of a turn.

Every rule moves cards only through these helpers, so the bookkeeping that must
follow a move (who knows which hand card, who ever owned a city) lives in one place.
"""
from __future__ import annotations

from . import zones as Z
from . import moves as M
from .actions import OVER, Decision, Event
from .kinds import EventKind
from .cards import CITY_TIMES
from .scoring import final_scores
from .state import City, GameState
from .zones import Zone

# The kinds named at every step, read once: in Python 3.11 an enum's class attribute goes
# through its metaclass's __getattr__ hook, ten times the cost of reading a module's name.
_EV_CITY_OWNER, _EV_END_SET = EventKind.CITY_OWNER, EventKind.END_SET
_EV_GAME_OVER, _EV_MOVE, _EV_TURN = EventKind.GAME_OVER, EventKind.MOVE, EventKind.TURN


def take_from_hand(s: GameState, seat: int, card: int) -> None:
    s.hands[seat].remove(card)
    s.gone[seat] += 1
    for known in s.seen:
        if known:
            known.discard(card)


def add_to_hand(s: GameState, seat: int, card: int, known_by: tuple = ()) -> None:
    """Put `card` into `seat`'s hand; `known_by` are other seats that saw it go there."""
    s.hands[seat].append(card)
    for viewer in known_by:
        if viewer != seat:
            s.seen[viewer].add(card)


PLAYED = "played"      # a discard's `how`: the card was played from the hand, nothing else tells it


_new = tuple.__new__        # an Event made at once from its fields: the commonest moves


def discard(s: GameState, card: int, src: Zone, ev: list, seat: int = -1, how: str = "") -> None:
    s.discard.append(card)
    # Event(_EV_MOVE, seat=seat, card=card, src=src, dst=Z.DISCARD, how=how)
    ev.append(_new(Event, (_EV_MOVE, seat, card, (), src, Z.DISCARD, -1, -1, 0, (), how)))


def discard_from_hand(s: GameState, seat: int, card: int, ev: list, how: str = "") -> None:
    take_from_hand(s, seat, card)
    discard(s, card, Z.HANDS[seat], ev, seat, how)


def give_city(s: GameState, city: City, new_owner: int, ev: list, cause: str) -> None:
    old = city.owner
    city.owner = new_owner
    s.owned_ever[new_owner].add(city.card)
    # Event(CITY_OWNER, seat=old, card=city.card, city=city.card, other=new_owner, how=cause)
    ev.append(_new(Event, (_EV_CITY_OWNER, old, city.card, (), None, None, city.card, new_owner, 0, (), cause)))


def destroy_buildings(s: GameState, city: City, ev: list, walls_only: bool = False) -> None:
    """Fire, Plunder (everything) or False Matchmaking (walls and Moat): `City.razed`."""
    src = Z.city(city.card)
    for b in city.razed(walls_only):
        discard(s, b, src, ev)
        city.remove(b)


def place_building(s: GameState, seat: int, card: int, city: City, ev: list) -> None:
    zone = Z.city(city.card)
    ev.append(Event(_EV_MOVE, seat=seat, card=card, src=Z.hand(seat), dst=zone, city=city.card))
    if CITY_TIMES[card] > 1:                      # only one Throne in play
        for other in s.cities.values():
            throne = other.throne()
            if throne >= 0:
                other.remove(throne)
                discard(s, throne, Z.city(other.card), ev)
                break
    replaced = city.put(card)
    if replaced >= 0:                             # new walls replace the old ones
        discard(s, replaced, zone, ev)


def draw_one(s: GameState, seat: int, ev: list) -> bool:
    """Draw the top card; returns False if the deck was empty. Sets the deck ending."""
    if not s.deck:
        return False
    card = s.deck.pop()
    s.hands[seat].append(card)
    # Event(_EV_MOVE, seat=seat, card=card, src=Z.DECK, dst=Z.hand(seat), private=(seat,))
    ev.append(_new(Event, (_EV_MOVE, seat, card, (), Z.DECK, Z.HANDS[seat], -1, -1, 0, (seat,), "")))
    if not s.deck and s.end_turn is None:
        set_end(s, s.turn_no + s.n, "deck", ev)
    return True


def set_end(s: GameState, last_turn: int, cause: str, ev: list) -> None:
    s.end_turn = last_turn
    s.end_cause = cause
    last_seat = (s.current + last_turn - s.turn_no) % s.n      # turns go clockwise, one seat each
    ev.append(Event(_EV_END_SET, seat=s.current, other=last_seat, value=last_turn, how=cause))


def finish_turn(s: GameState, ev: list) -> None:
    """The active player's turn is over: end the game or pass the turn clockwise."""
    s.pending = None
    if s.end_turn is not None and s.turn_no >= s.end_turn:
        s.over = True
        s.decision = Decision(-1, OVER)
        ev.append(Event(_EV_GAME_OVER, value=s.turn_no, cards=tuple(final_scores(s))))
        return
    s.turn_no += 1
    s.current = (s.current + 1) % s.n
    s.decision = M.TURN_OF[s.current]
    # Event(_EV_TURN, seat=s.current, value=s.turn_no), made at once: every turn has one
    ev.append(_new(Event, (_EV_TURN, s.current, -1, (), None, None, -1, -1, s.turn_no, (), "")))
