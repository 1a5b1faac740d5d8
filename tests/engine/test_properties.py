"""Random playouts checked at every step (hypothesis over seeds, player counts and options).

At every step: every card in exactly one place; no observation shows another seat's
hidden card, and `known` holds only cards really revealed to that seat; events shown
to a seat reveal nothing hidden from it; determinize agrees with the observation; a
clone is independent of the original. At the end: save→load replays the exact state,
and the same seed with the same actions gives the same game, event for event.
"""
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knjazja.engine import (GameOptions, apply, determinize, dumps, legal_actions, loads, new_game,
                            observation, war_after)
from knjazja.engine.cards import CARD_ID, N_CARDS
from knjazja.engine.scoring import final_scores
from knjazja.engine.kinds import EventKind

from scenario import check_cards, fingerprint

KIND_SEEN: Counter = Counter()


def hidden_from(s, seat):
    """Cards whose identity `seat` may not know now: the deck, others' unknown hand
    cards and others' face-down Dowry bids."""
    hidden = set(s.deck)
    for t in range(s.n):
        if t != seat:
            hidden |= {c for c in s.hands[t] if c not in s.seen[seat]}
    if s.pending is not None:
        hidden |= {c for b, c in s.pending.bids if b != seat}
    return hidden


def obs_cards(obs):
    """Every card identity an observation exposes (besides `unseen`, which names the
    cards it does NOT place)."""
    out = set(obs.hand) | set(obs.discard)
    for cards in obs.known.values():
        out |= set(cards)
    for k, c in obs.cities.items():
        out |= {k, *c.all_buildings()}
    for ch in obs.chronicles:
        out |= set(ch)
    out |= set(obs.under) | set(obs.under.values())
    for b in obs.before:
        out |= set(b)
    for o in obs.owned_ever:
        out |= o
    w = obs.war
    if w is not None:
        out |= set(w.attack) | set(w.defence) | {w.raid_troop, w.city}
        r = w.record
        out |= {e.card for e in r.events} | {r.raid_troop}
        for attack in r.attacks:
            out |= set(attack.troops)
            for a in attack.answers:
                out |= {a.card, *a.troops}
    p = obs.pending
    if p is not None:
        out |= {p.card, p.action.card, p.action.city, p.action.target, *p.action.cards}
        out |= {c for _, c in p.bids}
    out.discard(-1)
    return out


def obs_key(obs):
    """An observation as comparable data (without history_len, which determinize drops)."""
    def city(c):
        return (c.card, c.owner, tuple(c.buildings), c.walls, c.moat)

    w = obs.war
    war = None if w is None else (w.attacker, w.defender, w.city, tuple(w.attack),
                                  tuple(w.defence), w.raid_troop, w.raid_played,
                                  w.attacks_made, w.record)
    p = obs.pending
    pend = None if p is None else (p.player, p.card, p.action, p.target_seat, p.reaction,
                                   tuple(p.bids), tuple(p.bidders), p.in_limbo)
    return (obs.seat, obs.n, obs.options, obs.decision, tuple(obs.hand), tuple(obs.hand_sizes),
            tuple(sorted((k, tuple(v)) for k, v in obs.known.items())), obs.deck_size,
            tuple(obs.discard), tuple(city(c) for c in obs.cities.values()),
            tuple(map(tuple, obs.chronicles)), tuple(sorted(obs.under.items())),
            tuple(map(tuple, obs.before)), obs.current, obs.turn_no, obs.first_player,
            obs.end_turn, obs.end_cause, obs.invasion_active, obs.over,
            tuple(map(frozenset, obs.owned_ever)), war, pend, tuple(sorted(obs.unseen)))


def in_hand_map(s):
    return {c: t for t in range(s.n) for c in s.hands[t]}


def mutate(c):
    """Scribble over every mutable part of a clone."""
    c.hands[0].append(N_CARDS + 1)
    c.deck.append(N_CARDS + 2)
    c.discard.append(N_CARDS + 3)
    for city in c.cities.values():
        city.buildings.append(N_CARDS + 4)
        city.owner = -5
        city.walls = -7
    c.cities[N_CARDS + 5] = None
    c.chronicles[0].append(N_CARDS + 6)
    c.under[N_CARDS + 7] = 1
    c.before[0].append(N_CARDS + 8)
    c.owned_ever[0].add(N_CARDS + 9)
    c.seen[0].add(N_CARDS + 10)
    if c.war is not None:
        c.war.attack.append(N_CARDS + 11)
        c.war.defence.append(N_CARDS + 12)
        c.war.record = None
        c.war.raid_troop = N_CARDS + 13
    if c.pending is not None:
        c.pending.bids.append((0, N_CARDS + 14))
        c.pending.bidders.append(0)
    c.rng.random()
    c.turn_no += 100
    c.over = True


def check_step(s, step, entered, revealed, rng, events):
    check_cards(s)
    hands = in_hand_map(s)
    for seat in range(s.n):
        hidden = hidden_from(s, seat)
        # events shown to this seat reveal nothing hidden from it
        for e in events:
            if e.kind == EventKind.GAME_OVER:          # `cards` holds the scores
                continue
            shown = e.for_seat(seat)
            cards = {c for c in (shown.card, *shown.cards) if c >= 0}
            assert not cards & hidden, (seat, e)
            for c in cards:
                revealed[seat][c] = step
        # its observation shows nothing hidden either
        obs = observation(s, seat)
        assert obs.hand == sorted(s.hands[seat])
        assert obs.hand_sizes == [len(h) for h in s.hands]
        assert obs.deck_size == len(s.deck)
        assert not obs_cards(obs) & hidden, seat
        for t, cards in obs.known.items():
            assert t != seat
            for c in cards:
                assert hands.get(c) == t
                # really revealed to this seat since it last entered that hand
                assert revealed[seat].get(c, -1) >= entered[c], (seat, CARD_ID[c])
        assert set(obs.unseen) == hidden
        # determinize agrees with the observation; the decider has the same choices there
        if seat == s.decision.seat:
            world = determinize(obs, random.Random(rng.random()))
            check_cards(world)
            assert obs_key(observation(world, seat)) == obs_key(obs)
            assert legal_actions(world) == legal_actions(s)


def check_war_records(s, events, records):
    """The war's record in each seat's observation is the fold of the events that seat
    saw (redacted): a record can hold nothing the seat was not shown."""
    for seat in range(s.n):
        for e in events:
            records[seat] = war_after(records[seat], e.for_seat(seat))
        if s.war is not None:
            assert observation(s, seat).war.record == records[seat]
            assert s.war.record == records[seat]


def check_clone(s, rng):
    before = fingerprint(s)
    c = s.clone()
    assert fingerprint(c) == before
    for _ in range(rng.randint(1, 4)):
        if c.over:
            break
        apply(c, rng.choice(legal_actions(c)))
    mutate(c)
    assert fingerprint(s) == before


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), n=st.integers(2, 8),
       strict=st.booleans(), invasion=st.booleans())
def test_random_playouts_keep_every_invariant(seed, n, strict, invasion):
    options = GameOptions(strict_defence=strict, invasion_first_round=invasion)
    s = new_game(n, seed, options)
    rng = random.Random(seed)
    entered = [0] * N_CARDS                         # step a card last entered a hand
    revealed = [dict() for _ in range(n)]           # seat -> card -> step it was shown
    for t in range(n):
        for c in s.hands[t]:
            revealed[t][c] = 0
    actions, all_events = [], []
    records = [None] * n                            # each seat's fold of the events it saw
    step = 0
    check_step(s, step, entered, revealed, rng, [])
    while not s.over:
        acts = legal_actions(s)
        assert acts and len(set(acts)) == len(acts)
        a = rng.choice(acts)
        KIND_SEEN[a.kind] += 1
        was = in_hand_map(s)
        ev = apply(s, a)
        step += 1
        for c, t in in_hand_map(s).items():
            if was.get(c) != t:
                entered[c] = step
                revealed[t][c] = step               # the holder knows his own card
        actions.append(a)
        all_events.append(ev)
        check_war_records(s, ev, records)
        check_step(s, step, entered, revealed, rng, ev)
        if step % 7 == 0 or s.decision.kind != "turn":
            check_clone(s, rng)
        assert step < 3000
    # save → load → replay gives the same final state
    back, _ = loads(dumps(s))
    assert fingerprint(back) == fingerprint(s)
    # the same seed and the same actions give the same game, event for event
    again = new_game(n, seed, options)
    for a, ev in zip(actions, all_events):
        assert apply(again, a) == ev
    assert fingerprint(again) == fingerprint(s)


def test_playouts_reach_the_interesting_decisions():
    """Guard for the property test: the random games must exercise war, reactions,
    Dowry and Congress, or the invariants above prove little."""
    kinds = Counter()
    for seed in range(60):
        s = new_game(2 + seed % 7, seed)
        rng = random.Random(seed)
        while not s.over:
            a = rng.choice(legal_actions(s))
            kinds[a.kind] += 1
            kinds["decision:" + s.decision.kind] += 1
            apply(s, a)
    for k in ("war", "attack", "defend", "yield", "bribe", "react", "decline", "bid",
              "give_city", "keep", "pass_igor", "lay", "decision:war_counter",
              "decision:raid_lay", "chronicle", "event", "build", "play_city", "pass"):
        assert kinds[k] > 0, k


def test_a_clone_draws_the_same_random_numbers_as_its_original():
    """The search bots clone states thousands of times a second: the copy's generator is
    restored from the original's state (not seeded anew) and continues its sequence."""
    s = new_game(4, 12)
    for _ in range(30):
        apply(s, legal_actions(s)[0])
    c = s.clone()
    assert [c.rng.random() for _ in range(5)] == [s.rng.random() for _ in range(5)]
    a, b = s.clone(), s.clone()
    while not a.over:
        la = legal_actions(a)
        assert la == legal_actions(b)
        apply(a, la[-1])
        apply(b, la[-1])
    assert final_scores(a) == final_scores(b)
