"""A scripted hot-seat war between two humans (and a bot), counting the hand-over screens.

Run as a script it prints the count for each scripted war; ``tests/app/test_hotseat_handover.py``
asserts them.  No pygame.
"""
from __future__ import annotations

from controller_driver import drain
from knjazja.app.table.controller import TableController
from knjazja.app.table.news import HandOver
from knjazja.app.session import GameSession, Seat
from knjazja.engine import new_game
from knjazja.engine.actions import ACCEPT, ATTACK, DECLARE_WAR, DEFEND, END_WAR
from knjazja.engine.cards import INSTANCES
from knjazja.engine.state import City


def war_state(attacker_bribe: bool, n: int = 2, last_card: bool = False, same_count: bool = False):
    """P0 to move with a Druzhina 3 (and a Bribe if asked; with ``last_card`` nothing else);
    P1 holds Kiev (no walls) and the Varangians (7, foreign) to answer with; with three seats
    P2 is a bot."""
    s = new_game(n, seed=11, first_player=0)
    kiev = INSTANCES["city.kiev"][0]
    d0, varangians = INSTANCES["troop.druzhina.3"][0], INSTANCES["troop.varangians"][0]
    bribes = INSTANCES["ev.bribe"]
    for c in (kiev, d0, varangians, *bribes):
        for zone in s.hands + [s.deck]:
            if c in zone:
                zone.remove(c)
    if last_card:
        s.deck.extend(s.hands[0])
        s.hands[0].clear()
    s.hands[0].append(d0)
    if attacker_bribe:
        s.hands[0].append(bribes[0])
    elif same_count:                 # a card of no use in a war instead: the same hand count
        church = INSTANCES["bld.church"][0]
        for zone in s.hands + [s.deck]:
            if church in zone:
                zone.remove(church)
        s.hands[0].append(church)
    for b in bribes[1:]:
        s.deck.insert(0, b)          # the other Bribes lie deep in the deck
    s.hands[1].append(varangians)
    s.cities[kiev] = City(kiev, 1)
    s.owned_ever[1].add(kiev)
    s.edited()
    return s, kiev, d0, varangians


def play_war(attacker_bribe: bool, n: int = 2, last_card: bool = False, same_count: bool = False,
             seen_by: int = 1) -> tuple[list[int], list[str], list[str]]:
    """P0 declares war on Kiev and attacks with 3; P1 defends with the Varangians (7, the
    defence holds); P0 accepts (if asked) and ends the war.  Returns (hand-overs, decisions
    P0 was asked, the log as ``seen_by`` reads it)."""
    s, kiev, d0, varangians = war_state(attacker_bribe, n, last_card, same_count)
    seats = [Seat(f"P{i}", "human" if i < 2 else "easy") for i in range(n)]
    session = GameSession(seats, state=s)
    c = TableController(session, sync_bots=True, handover_screens=True)
    asked: list[str] = []

    def settle() -> None:
        for _ in range(6):
            drain(c)
            c.update(0.1)
            if c.handover_pending:
                c.claimed()

    def act(kind: str, **match) -> None:
        settle()
        a = next(a for a in session.legal() if a.kind == kind
                 and all(getattr(a, k) == v or (k == "cards" and v in a.cards) for k, v in match.items()))
        if session.deciding == 0:
            asked.append(session.state.decision.kind)
        assert c.play(a), a

    act(DECLARE_WAR, city=kiev)
    act(ATTACK, cards=d0)
    act(DEFEND, cards=varangians)
    settle()
    if session.state.decision.kind == "war_counter":
        act(ACCEPT)
    settle()
    if session.state.war is not None:
        act(END_WAR)
    settle()
    handovers = [n.seat for n in c.news.pending(HandOver)]
    return handovers, asked, [line for e in c.logged if (line := c.narrator.event(e, seen_by))]


if __name__ == "__main__":
    for last in (False, True):
        for bribe in (False, True):
            for n in (2, 3):
                h, asked, _ = play_war(bribe, n, last)
                print(f"{n} seats, attacker {'holds' if bribe else 'holds no'} Bribe"
                      f"{', attacks with his last troop' if last else ''}: {len(h)} hand-overs {h}, "
                      f"P0 asked {asked}")
