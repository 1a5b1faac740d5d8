"""A prince's common sense near the end, applied before a bot looks ahead or searches.

Normal and Hard play `PRESSING`: the city and Invasion rules, the last-turns rule once the
end is set, for Normal a lean towards playing from a full hand (Hard's search weighs its
draws itself), and, for a table with people, a war once declared is fought, a war likely
to take a city and a blow at the leading prince get an edge (`Sense.press`, `Sense.aim`,
`bots.press`), Igor's Campaign is passed on only near the end and a leader plays no
Silence (`Sense.patient`).  The presets an arena may name instead ("normal:steady",
"normal:light", "normal:full" ...: the levels' rules before, and the sets measured weaker)
are the laboratory's (`knjazja_lab.factory.SENSES`).  What pressing cost and gained:
docs/BOTS_LOG.md, "Bots at a table with people".

Cards in hand score nothing, so a bot that still holds cities and Glory buildings when
its turns run out has thrown points away, whatever its evaluation believed.  The
network sees the end coming only roughly, so these rules narrow the choice:

* when the seat's remaining turns (this one included, counted as if every turn drew,
  the fastest the deck can run out) exceed its cities in hand by one at most, it founds one;
* when they are no more than its scoring cards (cities, Glory buildings it can raise in
  its own cities, Glory chronicles before itself) by two at most, it does not draw or
  pass;
* the Tatar Invasion is played when the seat leads by a clear margin and never while
  it trails (then it is kept: in hand it costs nothing);
* a war once declared is fought: the first attack is made when one can be;
* in its last turns (`Sense.last_turns`, counted as above) a seat plays a card rather
  than draw or pass, when it has a play that is no gift, no blow to itself and no war —
  a card drawn then is hardly ever played; a seat in the lead may still draw, which
  brings the end nearer (forbidding that cost Normal about 2.5 points of win share);
  with `Sense.end_set` (Normal's and Hard's) only once the end is set: before that the count is
  the soonest end, and playing out the hand on that guess cost Normal about 3 points;
* with a full hand (`Sense.full_hand` cards) it plays a card rather than draw, when it has
  a play that is no gift, no blow to itself and no war (a war stays open then, but a
  hand of troops is not thrown at walls for want of a play): there is no hand limit, but a prince
  sitting on a dozen cards plays a timid game, and at the end they are worth nothing.

`focus` returns the indices of the legal actions still open to the search; `lean`
(`Sense.lean`, Normal's) then favours the plays of a full hand by a little P(win) instead
of forcing them: a draw still wins when it is clearly better.
"""
from __future__ import annotations

from dataclasses import dataclass

from knjazja.engine import Action, Observation
from knjazja.engine.actions import (ATTACK, BUILD, CHRONICLE, DECLARE_WAR, DRAW, END_WAR, EVENT, PASS,
                                    PASS_IGOR, PLAY_CITY, TURN, WAR_ATTACK)
from knjazja.engine.cards import CARD_ID, CARDS
from knjazja.engine.scoring import seat_glory

from .lookahead import pointless

INVASION_LEAD = 4            # Glory ahead of the best other seat to end the game at once
INVASION = "ev.tatar_invasion"
SILENCE = "ev.silence"
LEAN_HAND = 7                # from this many cards on, Normal leans towards playing (`Sense.lean`)


@dataclass(frozen=True)
class Sense:
    """Which rules narrow the choice (see the module's text)."""
    commit: bool = False         # a war once declared is fought
    scoring: bool = False        # no draw or pass while the scoring cards need the turns left
    full_hand: int = 0           # from this many cards on, play rather than draw (0: never)
    last_turns: int = 0          # in the seat's last turns, play rather than draw (0: never)
    last_wars: bool = True       # ... and a war counts as a play there
    leader_draws: bool = False   # ... but a leader may draw on to bring the end nearer
    end_set: bool = False        # ... and only once the end is set (before, the count is a guess)
    lean: float = 0.0            # with `LEAN_HAND` cards or more, a play's edge over a draw
    press: float = 0.0           # a war's edge per Glory of a city likely to fall (`bots.press`)
    aim: float = 0.0             # a blow's edge when it falls on the leading other seat
    patient: bool = False        # Igor's Campaign passed on only near the end; no Silence
                                 # while leading
    probe: float = 0.0           # the odds of a probing war on an idle turn (`bots.press.probe`)


# at a table with people (docs/BOTS_LOG.md, "Bots at a table with people"): the last-turns rule
# once the end is set, Normal's lean towards playing from a full hand, and pressing
PRESS = 0.03                 # a war's edge per Glory of a city sure to fall (docs/BOTS_LOG.md)
AIM = 0.015                  # a blow's edge when it falls on the leading other seat
PROBE = 1.0                  # the odds of probing a sitter's open city on an idle turn (`bots.press`)
PRESSING = Sense(commit=True, last_turns=3, last_wars=False, leader_draws=True, end_set=True, lean=0.01,
                 press=PRESS, aim=AIM, patient=True, probe=PROBE)


def preset(sense: "str | Sense | None") -> Sense | None:
    """A `Sense`: the one given, none, or "pressing" (the levels'); the arena's other
    presets are the laboratory's (`knjazja_lab.factory.sense_preset`)."""
    if sense is None or isinstance(sense, Sense):
        return sense
    if sense != "pressing":
        raise ValueError(f"no such sense preset: {sense!r} (the levels play 'pressing'; the arena's "
                         "others are knjazja_lab.factory's)")
    return PRESSING


def glory_now(obs: Observation, seat: int) -> int:
    """The Glory `seat` would score if the game ended now (all of it public): the engine's
    scorer, `scoring.seat_glory`."""
    return seat_glory(obs, seat)


def lead(obs: Observation) -> int:
    """The seat's Glory less the best other seat's."""
    mine = glory_now(obs, obs.seat)
    return mine - max(glory_now(obs, t) for t in range(obs.n) if t != obs.seat)


def my_turns_left(obs: Observation) -> int:
    """The seat's turns from this one to the end, at the soonest the end can come."""
    n = obs.n
    after = (obs.end_turn - obs.turn_no) if obs.end_turn is not None else obs.deck_size + n - 1
    return 1 + max(0, after) // n


def _scores(obs: Observation, a: Action) -> bool:
    """Does `a` add Glory to the seat at once (a city, a Glory building, a chronicle)?"""
    me = obs.seat
    if a.kind == PLAY_CITY:
        return a.seat == me
    if a.kind == BUILD:
        return obs.cities[a.city].owner == me and CARDS[a.card].glory > 0
    if a.kind == CHRONICLE:
        return a.seat == me and CARDS[a.card].glory > 0
    return False


def _committed(obs: Observation, legal: list[Action], every: list[int]) -> list[int]:
    """A war once declared is fought: no ending it before the first attack when one can
    be made (declaring and withdrawing would be a free pass that keeps the hand)."""
    if obs.war is None or obs.war.attacks_made or not any(a.kind == ATTACK for a in legal):
        return every
    return [i for i in every if legal[i].kind != END_WAR]


def _plays(obs: Observation, legal: list[Action], every: list[int], war: bool) -> list[int]:
    """The plays that are no draw or pass, no gift and no blow to oneself (`war`: wars too)."""
    return [i for i in every if legal[i].kind not in (DRAW, PASS, DECLARE_WAR)
            and not pointless(obs, legal[i])] \
        + ([i for i in every if legal[i].kind == DECLARE_WAR] if war else [])


def focus(obs: Observation, legal: list[Action], sense: Sense) -> list[int]:
    """Indices of the actions worth weighing (all of them when no rule applies): the city
    and Invasion rules always, `sense`'s others as it sets them."""
    every = list(range(len(legal)))
    if obs.decision.kind == WAR_ATTACK and sense.commit:
        return _committed(obs, legal, every)
    if obs.decision.kind != TURN or obs.seat != obs.current:
        return every
    inv = [i for i in every if legal[i].kind == EVENT and CARD_ID[legal[i].card] == INVASION]
    if inv:
        ahead = lead(obs)
        if ahead >= INVASION_LEAD:
            return inv[:1]
        if ahead < 0:
            every = [i for i in every if i not in inv]
    if sense.patient:
        every = _patient(obs, legal, every)
    turns = my_turns_left(obs)
    cities = [i for i in every if legal[i].kind == PLAY_CITY and legal[i].seat == obs.seat]
    n_cities = len({legal[i].card for i in cities})
    if cities and turns <= n_cities + 1:
        return cities
    if sense.scoring:
        scoring = {legal[i].card for i in every if _scores(obs, legal[i])}
        if scoring and turns <= len(scoring) + 2:
            keep = [i for i in every if legal[i].kind not in (DRAW, PASS)]
            return keep or every
    if sense.last_turns and turns <= sense.last_turns \
            and not (sense.end_set and obs.end_turn is None) \
            and not (sense.leader_draws and obs.end_turn is None and lead(obs) > 0):
        # a card drawn now is hardly ever played: use the hand (a war too) instead
        plays = _plays(obs, legal, every, war=sense.last_wars)
        if plays:
            return plays if sense.last_wars else \
                plays + [i for i in every if legal[i].kind == DECLARE_WAR]
    if sense.full_hand and len(obs.hand) >= sense.full_hand:
        plays = _plays(obs, legal, every, war=False)
        if plays:                 # a war stays open, but is not forced for want of a play
            return plays + [i for i in every if legal[i].kind == DECLARE_WAR]
    return every


def _patient(obs: Observation, legal: list[Action], every: list[int]) -> list[int]:
    """Igor's Campaign is passed on only once the end is near (the last pass is the one
    that sticks: passed early, it comes back and every pass threw a troop and a turn
    away); And There Was Silence is never played by a prince who leads (it puts the end
    off and gives every other prince a turn more to catch up)."""
    near_end = obs.end_turn is not None or obs.deck_size <= obs.n
    leading = any(legal[i].kind == EVENT and CARD_ID[legal[i].card] == SILENCE for i in every) \
        and lead(obs) > 0
    kept = [i for i in every
            if not (legal[i].kind == PASS_IGOR and not near_end)
            and not (leading and legal[i].kind == EVENT and CARD_ID[legal[i].card] == SILENCE)]
    return kept or every


def adjust(obs: Observation, legal: list[Action], values: list[float],
           sense: Sense | None) -> list[float]:
    """`values` with the sense's leans added: the full hand's (`lean`), a war's that is
    likely to take a city (`Sense.press`), a blow's at the leader (`Sense.aim`)."""
    values = lean(obs, legal, values, sense)
    return [v + e for v, e in zip(values, edges(obs, legal, sense))]


def edges(obs: Observation, legal: list[Action], sense: Sense | None) -> list[float]:
    """What `Sense.press` and `Sense.aim` add to each action's value on the seat's own
    turn (zeros elsewhere): Normal adds them to its values, Hard to its candidates'."""
    if sense is None or obs.decision.kind != TURN or obs.seat != obs.current \
            or not (sense.press or sense.aim):
        return [0.0] * len(legal)
    from .press import aim_edge, war_edge
    war = war_edge(obs, legal, sense.press)
    aim = aim_edge(obs, legal, sense.aim)
    return [w + a for w, a in zip(war, aim)]


def lean(obs: Observation, legal: list[Action], values: list[float], sense: Sense | None) -> list[float]:
    """`values` with `sense.lean` added to every play that is no draw or pass, no war, no
    gift and no blow to oneself, on the seat's own turn with `LEAN_HAND` cards or more: a
    card kept in a full hand is seldom played, so a play need not beat a draw outright."""
    if sense is None or not sense.lean or obs.decision.kind != TURN or obs.seat != obs.current \
            or len(obs.hand) < LEAN_HAND:
        return values
    plays = set(_plays(obs, legal, list(range(len(legal))), war=False))
    return [v + sense.lean if i in plays else v for i, v in enumerate(values)]
