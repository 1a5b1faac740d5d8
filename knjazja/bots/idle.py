"""Cards played for nothing: a play whose card changes nothing on the board, whatever the
hidden cards are, told from the mover's own view (everything read here is public or his).

Such a play is the same move as one without the card — the war given up without Plunder,
the war fought on without the Raid, the turn passed — with a card thrown away.  No level
makes it while another move is legal (`lookahead.pointless`, `easy.sensible`), the Hint's and
the review's rankings put it last (`hints.rank_actions`), and the review never calls it the
better move.  The cases, card by card from the rules (`engine/rules.py`, `engine/war.py`):

* **Plunder** as the city falls (`yield_plunder`) when nothing stands in it: no building,
  no walls, no Moat — the city changes hands exactly as without it;
* **Raid on the City** at a defender the mover knows holds no troop (no cards at all, or a
  hand he has wholly seen without a troop): nothing is laid and the war goes on;
* **Reconnaissance** at a hand that is empty (in a war) or that the mover has wholly seen
  already: it shows nothing new;
* **walls** built where the same walls stand (a Palisade on a Palisade, Wooden Walls on
  Wooden Walls: the old set is discarded, the Strength stays), and a **Prince's Throne**
  built in the city that holds the Throne (RULINGS T9: one Throne, ×3 once);
* the **Hermit Elder** laid when the deck holds one card or none: no draw can ever bring two;
* the **Poisoner** taking a Hermit Elder then: the chronicle it removes does nothing any more;
* on the game's **last turn** (the end is set and this turn closes the game), a play whose
  whole effect lies in turns to come: a chronicle without Glory (Anna Yaroslavna, the
  Russian Bogatyrs, the Wise Voivode, the Hermit Elder), Reconnaissance, a raid on a hand
  (cards in hand score nothing), a building, Fire or False Matchmaking that changes no
  city's Glory, the Poisoner taking a chronicle that scores nothing.

The other cards cannot be played for nothing: the engine offers Fire only at a city with
something built, False Matchmaking only at walls or a Moat, the raids and Reconnaissance on
a turn only at a hand with cards (RULINGS T5, T6), a Bribe only at a foreign troop on the
table (war.py), and a reaction, an answer, an attack, a city, a Glory building or chronicle,
Treachery, the Dowry, the Judgement, the Congress, Sviatopolk, Igor's Campaign, the Invasion
and Silence always change the board or the end.  A Moat or the Golden Gate in a city without
walls waits for walls: not nothing while turns remain.
"""
from __future__ import annotations

from knjazja.engine import Action, Observation
from knjazja.engine.actions import BUILD, CHRONICLE, EVENT, TURN, YIELD_PLUNDER
from knjazja.engine.cards import CARD_ID, CARDS, IS_TROOP
from knjazja.engine.scoring import chronicle_glory

THRONE = "bld.throne"
HERMIT = "chr.hermit"
# chronicles without Glory whose whole effect lies in later turns (wars, draws)
LATER_ONLY = frozenset({"chr.anna", "chr.bogatyrs", "chr.voivode", HERMIT})
HAND_EVENTS = frozenset({"ev.polovtsian_raid", "ev.principality_raid", "ev.recon"})
BUILDING_EVENTS = frozenset({"ev.fire", "ev.false_match"})

# why a play is for nothing (the advice names it: `advice.idle.<code>`)
PLUNDER_EMPTY = "plunder_empty"
RAID_NO_TROOP = "raid_no_troop"
RECON_NOTHING = "recon_nothing"
SAME_WALLS = "same_walls"
SAME_THRONE = "same_throne"
HERMIT_NO_DECK = "hermit_no_deck"
LAST_TURN = "last_turn"
CODES = (PLUNDER_EMPTY, RAID_NO_TROOP, RECON_NOTHING, SAME_WALLS, SAME_THRONE, HERMIT_NO_DECK, LAST_TURN)


def last_turn(obs: Observation) -> bool:
    """Is this the mover's own turn, and the game's last (nothing is played after it)?"""
    return obs.decision.kind == TURN and obs.seat == obs.current and obs.war is None \
        and obs.end_turn is not None and obs.turn_no >= obs.end_turn


def _hand_seen(obs: Observation, seat: int) -> list[int] | None:
    """The whole hand of ``seat`` when the mover knows every card of it, else None."""
    known = obs.known.get(seat, [])
    return list(known) if len(known) >= obs.hand_sizes[seat] else None


def why_idle(obs: Observation, a: Action) -> str | None:
    """The reason (one of `CODES`) ``a`` plays a card for nothing, or None when it does not."""
    k = a.kind
    if k == YIELD_PLUNDER:
        w = obs.war
        city = obs.cities.get(w.city) if w is not None else None
        return PLUNDER_EMPTY if city is not None and not city.all_buildings() else None
    if k == EVENT:
        return _event(obs, a)
    if k == BUILD:
        return _build(obs, a)
    if k == CHRONICLE:
        cid = CARD_ID[a.card]
        if cid == HERMIT and obs.deck_size <= 1:
            return HERMIT_NO_DECK
        return LAST_TURN if cid in LATER_ONLY and last_turn(obs) else None
    return None


def idle_play(obs: Observation, a: Action) -> bool:
    """Does ``a`` play a card for nothing (module text)?"""
    return why_idle(obs, a) is not None


def _event(obs: Observation, a: Action) -> str | None:
    cid = CARD_ID[a.card]
    if cid == "ev.raid_city" and obs.war is not None:
        hand = [] if obs.hand_sizes[obs.war.defender] == 0 else _hand_seen(obs, obs.war.defender)
        return RAID_NO_TROOP if hand is not None and not any(IS_TROOP[c] for c in hand) else None
    if cid == "ev.recon" and 0 <= a.seat < obs.n:
        if obs.hand_sizes[a.seat] == 0 or _hand_seen(obs, a.seat) is not None:
            return RECON_NOTHING
    if cid == "ev.poisoner" and a.target >= 0:
        if CARD_ID[a.target] == HERMIT and obs.deck_size <= 1:
            return HERMIT_NO_DECK
        if last_turn(obs) and chronicle_glory(a.target, obs.under) == 0:
            return LAST_TURN
        return None
    if not last_turn(obs):
        return None
    if cid in HAND_EVENTS:
        return LAST_TURN
    if cid in BUILDING_EVENTS and a.city in obs.cities:
        city = obs.cities[a.city]
        after = city.copy()
        for b in (city.all_buildings() if cid == "ev.fire" else [city.walls, city.moat]):
            if b >= 0:
                after.remove(b)
        return LAST_TURN if after.glory() == city.glory() else None
    return None


def _build(obs: Observation, a: Action) -> str | None:
    city = obs.cities.get(a.city)
    if city is None:
        return None
    spec = CARDS[a.card]
    if spec.is_wall and city.walls >= 0 and CARD_ID[city.walls] == spec.id:
        return SAME_WALLS
    thrones = [c for c in obs.cities.values() if any(CARD_ID[b] == THRONE for b in c.buildings)]
    if spec.id == THRONE and thrones and thrones[0].card == city.card:
        return SAME_THRONE
    if not last_turn(obs) or (spec.id == THRONE and thrones):
        return None                   # a Throne elsewhere falls: a change of Glory
    after = city.copy()
    after.put(a.card)
    return LAST_TURN if after.glory() == city.glory() else None


def without_idle(obs: Observation, legal: list[Action]) -> list[Action]:
    """``legal`` less the plays of a card for nothing (all of it when nothing else is left:
    never the case in the rules, where the same move without the card is always legal)."""
    keep = [a for a in legal if not idle_play(obs, a)]
    return keep if keep else list(legal)
