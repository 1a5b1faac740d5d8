"""One-ply look-ahead with the learned evaluation (Normal's move choice, Hard's priors).

Each legal action is applied in a world dealt from the seat's observation, and the
rest of the turn is played out by the rule-of-thumb policy (`rules_of_thumb`) — the
answers of other seats (a reaction, a defence, the rest of a Dowry round) and, in a
war, the further attacks — until the next turn begins; the position reached, a quiet
one, is scored by the network from the seat's own view.  The features ignore the
hidden cards, so an action whose result does not depend on them (found a city, build,
lay a chronicle) needs one world; a draw is averaged exactly over the card it may bring
(`draw_value`: every kind of unseen card on top in turn, weighted by its copies), and an
event or a fight over up to `worlds` worlds (a war over twice as many), the same deals
for every action (common random numbers: the actions are compared on the same deals).
"""
from __future__ import annotations

import random

from knjazja.engine import Action, GameState, Observation, apply, legal_actions
from knjazja.engine.actions import (ATTACK, CHRONICLE, DECLARE_WAR, DRAW, EVENT, PLAY_CITY, TURN,
                                    WAR_ATTACK)
from knjazja.engine.cards import CARD_ID, STRENGTH
from knjazja.engine.targets import draw_count

from .rules_of_thumb import fast_choose
from .features import PoolInfo, extract
from .gifts import BAD_CHRONICLES, CITY_EVENTS, GOOD_CHRONICLES, PRINCE_EVENTS, is_gift
from .idle import idle_play
from .net import EvalNet
from .reading import deal
from .view import View

SETTLE_LIMIT = 60            # answers settled at most (a war has a handful)
RUN_CAP = 30                 # tries of actions in worlds per decision, refinement included


def settle(s: GameState, rng: random.Random) -> int:
    """Play on with the rule-of-thumb policy until a turn begins (or the game ends).
    Returns how many decisions were made.  A war just declared is fought: its first
    attack is made (`first_attack`) — the policy alone would end a war on a small city
    at once, and a declaration would then read as a turn thrown away."""
    made = 0
    while not s.over and made < SETTLE_LIMIT and s.decision.kind != TURN:
        la = legal_actions(s)
        a = first_attack(s, la) if len(la) > 1 else None
        apply(s, la[0] if len(la) == 1 else a if a is not None else fast_choose(s, la, rng))
        made += 1
    return made


def first_attack(s: GameState, legal: list[Action]) -> Action | None:
    """The attacker's first attack of a war (the strongest single troop), or None when
    the decision is another or an attack has been made."""
    w = s.war
    if s.decision.kind != WAR_ATTACK or w is None or w.attacks_made:
        return None
    attacks = [a for a in legal if a.kind == ATTACK and len(a.cards) == 1]
    return max(attacks, key=lambda a: STRENGTH[a.cards[0]]) if attacks else None


def evaluate(s: GameState, me: int, net: EvalNet, pool: PoolInfo | None = None,
             seats_by_troop: dict | None = None) -> float:
    """P(`me` wins) in state `s`, read from `me`'s view (exact once the game is over;
    `pool`, `seats_by_troop`: what `features.extract` may take from the caller)."""
    if s.over:
        from knjazja.engine.scoring import final_scores, win_shares
        return win_shares(final_scores(s))[me]
    return net.value(extract(View.from_state(s, me), pool, seats_by_troop))


ON_OWN_CITY_HARMS = CITY_EVENTS      # every event aimed at a city harms its owner (`gifts`)


def pointless(obs: Observation, a: Action) -> bool:
    """A move no prince would weigh: a gift to another seat (`gifts.is_gift`: a building
    in his city other than a Throne that takes a bigger Throne away, a good chronicle
    laid before him, ...), a city founded before him, a blow to oneself (Fire on
    one's own city, Vasilko before oneself, a raid on oneself), or a card played for
    nothing (`idle.idle_play`: Plunder with nothing to plunder, ...)."""
    me = obs.seat
    k = a.kind
    if is_gift(obs, a) or idle_play(obs, a):
        return True
    if k == PLAY_CITY:
        return a.seat != me
    if k == CHRONICLE:
        return a.seat == me and CARD_ID[a.card] in BAD_CHRONICLES
    if k == EVENT:
        cid = CARD_ID[a.card]
        if cid in ON_OWN_CITY_HARMS:
            return a.city >= 0 and obs.cities[a.city].owner == me
        if cid in PRINCE_EVENTS:
            return a.seat == me
        if cid == "ev.poisoner":          # one's own good chronicle taken away
            return a.seat == me and CARD_ID[a.target] in GOOD_CHRONICLES
    return False


def draw_value(world: GameState, me: int, unseen: list[int], net: EvalNet) -> float | None:
    """P(win) after drawing, averaged exactly over the card drawn: one card of each kind
    in the pool the seat cannot see is put on top of the deck in turn, weighted by its
    copies there (None when the draw is not one card that ends the turn quietly)."""
    if draw_count(world, me) != 1 or not world.deck:
        return None
    before = PoolInfo(View.from_state(world, me).pool)   # each card drawn leaves it in turn
    seats: dict = {}              # the others' side of the table is the same for every card
    s = world.clone()
    apply(s, Action(DRAW))
    if s.over or s.decision.kind != TURN:        # the draw set off more decisions
        return None
    hand = s.hands[me]
    drawn = hand[-1]
    place: dict[int, tuple[list[int], int]] = {c: (s.deck, i) for i, c in enumerate(s.deck)}
    for t, h in enumerate(s.hands):
        if t != me:
            for i, c in enumerate(h):
                place[c] = (h, i)
    groups: dict[str, list[int]] = {}
    for c in unseen:
        groups.setdefault(CARD_ID[c], []).append(c)
    total = weight = 0.0
    for cards in groups.values():
        c = drawn if drawn in cards else next((x for x in cards if x in place), -1)
        if c < 0:                 # all its copies lie in a face-down bid: not drawable
            continue
        if c != drawn:            # swap it with the card drawn, evaluate, swap back
            lst, i = place[c]
            lst[i], hand[-1] = drawn, c
        total += len(cards) * evaluate(s, me, net, before.without(c), seats)
        if c != drawn:
            lst[i], hand[-1] = c, drawn
        weight += len(cards)
    return total / weight if weight else None


def action_values(obs: Observation, legal: list[Action], net: EvalNet, rng: random.Random,
                  worlds: int = 3, refine: int = 3, run_cap: int = RUN_CAP,
                  read: object = False, exact_draw: bool = True) -> list[float]:
    """P(win) after each legal action.  Every action is tried in one world; then the
    `refine` best actions whose results depend on the hidden cards are tried in up to
    `worlds` worlds (a draw or a war in twice as many), while the tries stay within
    `run_cap` (Normal's time limit: a position with many moves refines less).  Pointless
    moves are not tried: they get the lowest value found, less a little.  `read` deals
    the cards the others kept with `reading.HOLD_ODDS` (or, a
    `knjazja_lab.belief.belief.Belief`, `hard:notes`, by the table's notes: `reading.deal`).
    `exact_draw` values a one-card draw once, exactly (`draw_value`, every unseen card as likely to come: it does not
    read), instead of in dealt worlds."""
    me = obs.seat
    deals: list = []
    policy_rng = random.Random(rng.getrandbits(32))   # the policy hardly draws on it
    total = [0.0] * len(legal)
    used = [0] * len(legal)
    chancy = []

    def world(w: int) -> GameState:
        while len(deals) <= w:            # deal worlds as they are needed
            dealt = deal(obs, rng, read)
            legal_actions(dealt)          # computed once: every clone of the world keeps it
            deals.append(dealt)
        return deals[w]

    def run(i: int, w: int) -> int:
        s = world(w).clone()
        apply(s, legal[i])
        made = settle(s, policy_rng)
        total[i] += evaluate(s, me, net)
        used[i] += 1
        return made

    skip = [pointless(obs, a) for a in legal]
    if all(skip):
        skip = [False] * len(legal)
    for i, a in enumerate(legal):
        if not skip[i] and a.kind == DRAW and exact_draw:
            exact = draw_value(world(0), me, obs.unseen, net)
            if exact is not None:           # no noise left: no refinement needed
                total[i], used[i] = exact, 1
                continue
        if not skip[i] and (run(i, 0) or a.kind == DRAW or a.kind == EVENT):
            chancy.append(i)
    chancy.sort(key=lambda i: (-total[i], i))
    for i in chancy[:refine]:
        wide = legal[i].kind in (DECLARE_WAR, DRAW) or obs.war is not None
        for w in range(1, 2 * worlds if wide else worlds):
            if sum(used) >= run_cap:
                break
            run(i, w)
    values = [total[i] / used[i] if used[i] else 0.0 for i in range(len(legal))]
    if any(skip):
        floor = min(v for v, s in zip(values, skip) if not s) - 0.01
        values = [floor if s else v for v, s in zip(values, skip)]
    return values
