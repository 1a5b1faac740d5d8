"""Gifts: moves that raise or shield another prince and bring their player nothing.

A gift, judged from the mover's own view (everything it looks at is public):

* any building in another prince's city — walls shield him, a church, a Quarter or the
  Golden Gate raise his Glory — except a Prince's Throne that takes a bigger Throne away
  from someone else (the Glory the other loses exceeds what the city's owner gains);
* a good chronicle laid before another prince (docs/RULINGS.md: Anna, the Bogatyrs, the
  Voivode, the Hermit, Byzantine Aid with one's own troop, the Campaign against the
  Polovtsians);
* the Poisoner taking a bad chronicle (negative Glory) away from another prince;
* under the Congress of Princes, giving a city when keeping the chronicle would have left
  the giver better placed against the best other prince.

A Moat before walls is no gift (it waits for walls); neither is a war, a draw or an
answer.  `is_gift` is shared by the bots (they never weigh a gift, `lookahead.pointless`)
and by the arena's counts (`gamestats`), so what the bots avoid is what is measured.
"""
from __future__ import annotations

from knjazja.engine import Action, Observation
from knjazja.engine.actions import BUILD, CHRONICLE, EVENT, GIVE_CITY
from knjazja.engine.cards import (CARD_ID, CARDS, COSTLY_CHRONICLES, HELPING_CHRONICLES, SPEC_BY_ID,
                                  card_ids)
from knjazja.engine.kinds import CardKind, TargetKind
from knjazja.engine.scoring import seat_glory
from knjazja.engine.state import City

THRONE = "bld.throne"
POISONER = "ev.poisoner"
# chronicles that help their holder (laid before another prince, they help him)
GOOD_CHRONICLES = HELPING_CHRONICLES
# chronicles that cost their holder Glory and are laid before a prince of the player's
# choosing (Vasilko, Igor's Campaign, the Congress): before oneself, a blow to oneself.
# Not Sviatopolk, which also costs Glory but lies only before its player and takes a city.
BAD_CHRONICLES = frozenset(cid for cid in COSTLY_CHRONICLES if SPEC_BY_ID[cid].aim != TargetKind.CITY)
# events aimed at a city (Treachery, Dowry, False Matchmaking, Fire, Judgement) and at a prince
# (the raids, Reconnaissance): aimed at one's own, a blow to oneself (`easy`, `lookahead.pointless`)
CITY_EVENTS = card_ids(CardKind.EVENT, aim=TargetKind.CITY)
PRINCE_EVENTS = card_ids(CardKind.EVENT, aim=TargetKind.SEAT)


def _throne_pays(obs: Observation, city: City, card: int) -> bool:
    """Does a Throne in `city` (another prince's) take away more Glory from a third
    party's Throne than it gives the city's owner?"""
    with_it = city.copy()
    with_it.put(card)
    gain = with_it.glory() - city.glory()
    for other in obs.cities.values():
        if other.card == city.card or other.throne() < 0:
            continue
        if other.owner == obs.seat:          # knocking one's own Throne off is no gain
            return False
        without = other.copy()
        without.remove(other.throne())
        return other.glory() - without.glory() > gain
    return False                              # no other Throne: a plain gift


def glory_of(obs: Observation, seat: int) -> int:
    """The Glory `seat` would score if the game ended now (public): `scoring.seat_glory`."""
    return seat_glory(obs, seat)


def is_gift(obs: Observation, a: Action) -> bool:
    """Is `a`, by the seat deciding in `obs`, a gift to another prince (module text)?"""
    me = obs.seat
    k = a.kind
    if k == BUILD:
        city = obs.cities[a.city]
        if city.owner == me:
            return False
        return not (CARD_ID[a.card] == THRONE and _throne_pays(obs, city, a.card))
    if k == CHRONICLE:
        return a.seat != me and CARD_ID[a.card] in GOOD_CHRONICLES
    if k == EVENT and CARD_ID[a.card] == POISONER:
        return a.seat != me and CARDS[a.target].glory < 0
    if k == GIVE_CITY:
        return _give_is_gift(obs, a)
    return False


def _give_is_gift(obs: Observation, a: Action) -> bool:
    """Congress: giving `a.city` (its Glory to the Congress player, the −4 chronicle off
    one's own table) against keeping; a gift when it leaves one's lead over the best other
    prince lower than keeping would."""
    me = obs.seat
    pend = obs.pending
    taker = pend.player if pend is not None else -1
    g = obs.cities[a.city].glory()
    glory = [glory_of(obs, t) for t in range(obs.n)]

    def lead(gl: list[int]) -> int:
        return gl[me] - max(x for t, x in enumerate(gl) if t != me)

    given = glory[:]
    given[me] += 4 - g            # the chronicle (−4) leaves, the city goes
    if 0 <= taker < obs.n:
        given[taker] += g
    return g > 0 and lead(given) < lead(glory)
