"""Pressing like a prince at a table with people: wars that pay, blows at the leader.

The learned evaluation was trained in games between bots, where every prince keeps a
hand of answers; it rates a troop kept a little above a small city taken, so a bot with
a troop that beats a rival's walls drew a card instead on nine open chances in ten
(docs/BOTS_LOG.md, "Bots at a table with people").  People keep their troops and wait, and a
bot that waits too lets the whole game pass without a war.  So two leans, added to the
values a bot compares (`Sense.press`, `Sense.aim`):

* `war_edge` — a war on a city is worth `press` × the city's Glory (what the attacker
  gains and its owner loses, a half more when the owner leads the others) × (P(it falls)
  + `ATTRITION` × P(it stands)): an attack that is answered still strips the defender of
  an answer, which a prince who keeps every card for defence has to spend.
  P(it falls) is the chance that the defender holds fewer answers than the attacker has
  troops that beat the walls: hypergeometric over the cards the bot cannot see, and
  exact where it has seen his hand (`warmath`);
* `aim_edge` — a blow (a war, Fire, a raid, Vasilko, Igor's Campaign, the Congress ...)
  aimed at the prince who leads the others gets `aim` where the same blow could fall on
  another: among otherwise equal targets, the one who threatens to win.

And one choice (`probe`, `Sense.probe`): a prince who sits on a big hand (`SIT_HAND` cards
or more) and leaves a small city bare is seldom worth a war by the odds (P(it falls) 0-0.3),
so neither lean moves a bot, and his open cities sat untouched all game while the bots drew
or fought the princes with few answers.  A person at the table does not let such a city sit:
on a turn he would spend otherwise, he sends a troop at it to see.  So on a turn on which a
bot's choice is no war and founds or builds nothing, with more than `PROBE_ROUNDS` rounds
of cards in the deck, it declares war on an unwalled city of such a prince that its troop
can take — not hopeless
(P(it falls) above 0), not worth clearly less than the play it would make (`PROBE_SLACK`;
a bot without values for its moves, Hard's round look-ahead, probes only instead of a draw
or a pass) — with the odds `Sense.probe` (1 in the shipped preset: a bot keeps no memory
between turns, so "a city that has sat open for several of my turns" is read as a city of
a prince nobody can count on taking, on a turn with nothing clearly better to do).  The
leader's city first, then the likelier to fall.  And when its choice is a war and a war on
an unwalled city of such a prince that may fall is nearly as good (within `PROBE_TIE`)
while his hand is `PROBE_HAND` cards bigger than the first war's defender's, it takes that
one: the wars the bots pay for went to the princes with few answers, and the one who sits
on his hand was left alone.  A prince with fewer cards is pressed by `war_edge` alone (his
city is likelier to fall); Easy seats hold about five cards, so against them nothing
changes.
"""
from __future__ import annotations

import random
from math import comb

from knjazja.engine import Action, Observation
from knjazja.engine.actions import BUILD, CHRONICLE, DECLARE_WAR, DRAW, EVENT, PASS, PASS_IGOR, PLAY_CITY, TURN
from knjazja.engine.cards import CARD_ID, FOREIGN, IS_MILITIA, IS_TROOP, SPEC_BY_ID, card_ids
from knjazja.engine.kinds import TargetKind
from knjazja.engine.public import attack_table
from knjazja.engine.scoring import seat_glory, top_seats

from .view import View
from .warmath import PoolProfile, answers_in_hand

ATTRITION = 0.2            # a repelled attack still costs the defender an answer
LEADER_WORTH = 1.5            # a city of the leading prince counts this much more
MAX_ATTACKS = 3               # a prince throws at most this many troops at one city
MAX_WORTH = 8                 # a war's worth is capped: a great city is no sure thing
PROBE_ODDS = 1.0              # a turn without a war probes a sitter's open city with these odds
PROBE_ROUNDS = 1              # ... while more than this many rounds of cards are in the deck
PROBE_SLACK = 0.05            # ... and the war is valued within this P(win) of the bot's play
PROBE_TIE = 0.12              # wars this near in value: the one on the prince who sits on his hand
PROBE_HAND = 3                # ... when he holds this many cards more than the other war's defender
SIT_HAND = 10                 # a prince who holds this many cards sits on his hand: the one probed
# the cards whose blow (`CardSpec.harms`) falls on a seat (named by the action's `seat`:
# Vasilko, Igor's Campaign, the Congress, the raids) or on a city's owner (Fire, False
# Matchmaking, Treachery, Judgement, Sviatopolk), from the catalogue
SEAT_BLOWS = frozenset(cid for cid in card_ids(harms=True) if SPEC_BY_ID[cid].aim != TargetKind.CITY)
CITY_BLOWS = card_ids(harms=True, aim=TargetKind.CITY)


def leaders(obs: Observation) -> set[int]:
    """The other seats with the most Glory now (all of them public); none while they all
    stand level (at the start, every prince at 0): then nobody threatens to win, and a blow
    or a war gets no edge for its target (an edge on every target was a lean towards blows
    as such, which cost Normal about a point against three Easy)."""
    others = [t for t in range(obs.n) if t != obs.seat]
    top = {others[i] for i in top_seats([seat_glory(obs, t) for t in others])}
    return top if len(top) < len(others) or len(others) == 1 else set()  # all level: nobody leads


def victim(obs: Observation, a: Action) -> int:
    """The seat an action strikes, or -1 (a war or a blow at a city: its owner)."""
    if a.kind == DECLARE_WAR:
        return obs.cities[a.city].owner
    if a.kind == PASS_IGOR:
        return a.seat
    if a.kind in (CHRONICLE, EVENT):
        cid = CARD_ID[a.card]
        if cid in SEAT_BLOWS:
            return a.seat if a.seat != obs.seat else -1
        if cid in CITY_BLOWS and a.city >= 0:
            owner = obs.cities[a.city].owner
            return owner if owner != obs.seat else -1
    return -1


def p_fewer(pool_n: int, good: int, draws: int, k: int) -> float:
    """P(fewer than `k` 'good' cards among `draws` taken from a pool of `pool_n`)."""
    draws = max(0, min(draws, pool_n))
    good = max(0, min(good, pool_n))
    bad = pool_n - good
    total = comb(pool_n, draws)
    return sum(comb(good, x) * comb(bad, draws - x) for x in range(min(k, draws + 1))) / total


def p_falls(obs: Observation, a: Action, view: View | None = None,
            profile: PoolProfile | None = None) -> float:
    """P(the city of war `a` falls), from what the seat knows.  The seat attacks with its
    troops that beat the walls, the strongest first, at most `MAX_ATTACKS` of them; the
    j-th attack is stopped only by an answer that holds against it, and an answer that
    holds against a stronger troop holds against a weaker one, so the city stands only if,
    for every j, the defender holds at least j answers against the j-th troop.  The chance
    is the largest of the chances that this fails for one j (a lower bound, and close:
    the conditions hang together)."""
    city = obs.cities[a.city]
    d = city.owner
    v = view if view is not None else View.from_obs(obs)
    walls = city.wall_strength
    values = attack_table(obs, d)
    attackers = sorted(((values[t], FOREIGN[t])
                        for t in obs.hand if IS_TROOP[t] and not IS_MILITIA[t]), reverse=True)
    attackers = [x for x in attackers if x[0] > walls][:MAX_ATTACKS]
    if not attackers:
        return 0.0
    known = v.known.get(d, [])
    unknown = max(0, v.hand_sizes[d] - len(known))
    prof = profile if profile is not None else PoolProfile(v.pool)
    best = 0.0
    for j, (strength, foreign) in enumerate(attackers, start=1):
        need = j - answers_in_hand(v, known, d, city, strength, foreign)
        if need <= 0:
            continue
        good = prof.answers(v, d, city, strength, foreign)
        best = max(best, p_fewer(prof.n, good, unknown, need))
    return best


def war_edge(obs: Observation, legal: list[Action], press: float) -> list[float]:
    """`press` × P(the city falls) × its Glory for each war in `legal` (0 elsewhere)."""
    edge = [0.0] * len(legal)
    wars = [i for i, a in enumerate(legal) if a.kind == DECLARE_WAR]
    if not wars or press <= 0:
        return edge
    view = View.from_obs(obs)
    prof = PoolProfile(view.pool)
    top = leaders(obs)
    for i in wars:
        city = obs.cities[legal[i].city]
        worth = min(MAX_WORTH, city.glory()) * (LEADER_WORTH if city.owner in top else 1.0)
        p = p_falls(obs, legal[i], view, prof)
        edge[i] = press * worth * (p + ATTRITION * (1.0 - p))
    return edge


def aim_edge(obs: Observation, legal: list[Action], aim: float) -> list[float]:
    """`aim` for each blow in `legal` that falls on a leading other seat while the same blow
    (a war with any troop, or the same card) could fall on another prince instead: a choice
    of target, not a lean towards blows as such (that one cost Normal about a point and a
    half against three Easy, who fight back on their own); 0 elsewhere."""
    if aim <= 0:
        return [0.0] * len(legal)
    top = leaders(obs)
    hit = [victim(obs, a) for a in legal]
    elsewhere = {(a.kind, a.card) for a, v in zip(legal, hit) if v >= 0 and v not in top}
    return [aim if v in top and (a.kind, a.card) in elsewhere else 0.0 for a, v in zip(legal, hit)]


def probe(obs: Observation, legal: list[Action], chosen: int, rng: random.Random,
          values: list[float] | None = None, odds: float = PROBE_ODDS) -> int:
    """The index in `legal` of a probing war to declare instead of `legal[chosen]` (the
    seat's play on its own turn: neither a war, nor a city founded or a building raised), or
    -1 (module text): a war on an unwalled city of a rival who sits on his hand that may
    fall (P > 0), valued (`values`, when given) within `PROBE_SLACK` of the play — without
    values, only instead of a draw or a pass; the leader's city first, then the likelier to
    fall and the richer.  The odds are drawn from `rng` only when there is such a war."""
    if obs.decision.kind != TURN or obs.current != obs.seat or obs.war is not None or odds <= 0 \
            or obs.deck_size <= PROBE_ROUNDS * obs.n:
        return -1
    if legal[chosen].kind == DECLARE_WAR:
        return _sitter(obs, legal, chosen, values) if values is not None else -1
    if legal[chosen].kind in (PLAY_CITY, BUILD):          # sure Glory is not given up for a probe
        return -1
    if values is None and legal[chosen].kind not in (DRAW, PASS):   # no values: only an idle turn
        return -1
    wars = [i for i, a in enumerate(legal) if a.kind == DECLARE_WAR and obs.cities[a.city].walls < 0
            and obs.cities[a.city].owner != obs.seat and obs.hand_sizes[obs.cities[a.city].owner] >= SIT_HAND
            and (values is None or values[i] >= values[chosen] - PROBE_SLACK)]
    if not wars:
        return -1
    view = View.from_obs(obs)
    prof = PoolProfile(view.pool)
    chance = {i: p_falls(obs, legal[i], view, prof) for i in wars}
    wars = [i for i in wars if chance[i] > 0.0]
    if not wars or rng.random() >= odds:
        return -1
    top = leaders(obs)
    return max(wars, key=lambda i: (obs.cities[legal[i].city].owner in top,
                                    chance[i] * obs.cities[legal[i].city].glory(),
                                    obs.cities[legal[i].city].glory(), -i))


def _sitter(obs: Observation, legal: list[Action], chosen: int, values: list[float]) -> int:
    """Of two wars near in value (`PROBE_TIE`), the one on an unwalled city of a prince who
    sits on a hand `PROBE_HAND` cards bigger than the chosen war's defender's (the prince
    nobody presses: his hand is what keeps his cities untouched), if it may fall, or -1."""
    hands = obs.hand_sizes
    theirs = hands[obs.cities[legal[chosen].city].owner]
    near = [i for i, a in enumerate(legal) if a.kind == DECLARE_WAR and i != chosen
            and obs.cities[a.city].walls < 0 and values[i] >= values[chosen] - PROBE_TIE
            and hands[obs.cities[a.city].owner] >= max(SIT_HAND, theirs + PROBE_HAND)]
    if near:
        view = View.from_obs(obs)
        prof = PoolProfile(view.pool)
        near = [i for i in near if p_falls(obs, legal[i], view, prof) > 0.0]    # not hopeless
    if not near:
        return -1
    return max(near, key=lambda i: (hands[obs.cities[legal[i].city].owner], values[i], -i))
