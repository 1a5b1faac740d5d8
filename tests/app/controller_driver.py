"""Play a whole game through the TableController alone, the way the table's mouse does:
presses, drags and clicks on named targets, never ``session.play``.  No pygame.

Run as a script it plays one game and prints ``ok <moves> <ways> <modules>`` where
``modules`` counts the pygame modules loaded (there must be none).
"""
from __future__ import annotations

import random
import sys

from knjazja.app.table import clicks as C
from knjazja.app.table.controller import TableController
from knjazja.app.table.table_view import HIDDEN
from knjazja.app.table.news import GameOver
from knjazja.app.table.interaction import Choosing
from knjazja.app.session import GameSession, Seat
from knjazja.engine import Action
from knjazja.engine.actions import ATTACK, DECLARE_WAR, DEFEND, PASS_IGOR
from knjazja.engine.cards import CARD_ID
from knjazja.engine.refusals import Target
from knjazja.engine.kinds import EventKind, TargetKind
from knjazja.engine.targets import forms_squads, passable_chronicle

FAR = (500, 500)        # a mouse position far enough from any press to make a drag


def drain(c: TableController) -> None:
    """Show every waiting event at once, as the table's animations would, one by one."""
    while (e := c.next_event()) is not None:
        c.view.begin(e)
        c.view.land(e)
        if e.kind == EventKind.WAR_END:
            c.view.end_war()


def check_view(c: TableController) -> None:
    """Once every event is shown, the view is the table itself as its viewer sees it (no sync
    needed): his hand face up, every other hand as many backs as it has cards."""
    s, v = c.session.state, c.view
    assert v.war == (s.war.record if s.war is not None else None), (v.war, s.war)
    seat = c.seen.seat
    assert [sorted(h) for h in v.hands] == [sorted(h) if t == seat else [HIDDEN] * len(h)
                                            for t, h in enumerate(s.hands)]
    assert {k: (x.owner, sorted(x.all_buildings())) for k, x in v.cities.items()} == \
        {k: (x.owner, sorted(x.all_buildings())) for k, x in s.cities.items()}
    assert v.discard == s.discard and v.deck == len(s.deck)


def hand_copy(c: TableController, card: int) -> int:
    """The instance in hand standing for ``card`` (identical copies are interchangeable)."""
    return next(x for x in c.seen.hand if CARD_ID[x] == CARD_ID[card])


def sent(c: TableController) -> int:
    """The moves the table has handed its session: a local game's actions, a network seat's
    moves sent (its ``record``: the host answers later)."""
    return c.session.moves + len(getattr(c.session, "record", ()))


def finish(c: TableController, a: Action) -> None:
    if isinstance(c.pointer.mode, Choosing):
        assert a in c.pointer.choices, (a, c.pointer.choices)
        c.pointer.choose(a)


def perform(c: TableController, a: Action, rng: random.Random) -> str:
    """Make ``a`` happen with the controller's input alone (it reads what the viewer sees, as the
    table does: a network seat's too); return how it was done."""
    s = c.seen
    if a.kind in C.FIXED_BUTTONS.values():
        c.pointer.press_button(next(k for k, kind in C.FIXED_BUTTONS.items() if kind == a.kind))
        return "button"
    if a.kind in C.BUTTON_KINDS and s.decision.kind in C.BUTTON_DECISIONS + ("war_defend", "war_counter"):
        c.pointer.choose(a)
        return "choice"
    if a.kind == DECLARE_WAR:
        c.pointer.press_button("start_war")
        c.pointer.click_targets(sorted(C.targets_of(a, s)))
        finish(c, a)
        return "war"
    if a.kind == PASS_IGOR:
        igor = passable_chronicle(s, c.viewer)
        c.pointer.press_at((1, 1), None, [Target(TargetKind.CHRONICLE, igor), Target(TargetKind.SEAT, c.viewer)], None)
        c.pointer.release([])
        c.pointer.click_targets([Target(TargetKind.SEAT, a.seat)])
        finish(c, a)
        return "igor"
    if a.kind in (ATTACK, DEFEND):
        troops = [hand_copy(c, t) for t in a.cards]
        if forms_squads(s, s.decision.seat):
            for t in troops:
                c.pointer.press_at((1, 1), t, [], None)
                c.pointer.release([])
            c.pointer.choose(C.squad_action(c.session.legal(), s, c.pointer.selected)[0])
            return "squad"
        return click_or_drag(c, troops[0], [C.MIDDLE], rng)
    card = hand_copy(c, a.card if a.card >= 0 else a.cards[0])
    return click_or_drag(c, card, sorted(C.targets_of(a, s)), rng, a)


def click_or_drag(c: TableController, card: int, targets: list[Target], rng: random.Random,
                  a: Action | None = None) -> str:
    before = sent(c)
    c.pointer.press_at((1, 1), card, [], None)
    if rng.random() < 0.3:
        c.pointer.motion(FAR)
        c.pointer.release(targets[:1])
        how = "drag"
    else:
        c.pointer.release([])
        how = "click card"
        if sent(c) == before:
            c.pointer.click_targets(targets[:1])
            how = "click card, click target"
    if a is not None and sent(c) == before:
        finish(c, a)
    return how


def play_game(seed: int = 1, moves_limit: int = 20000) -> tuple[int, dict[str, int]]:
    session = GameSession([Seat("Ярослав", "human"), Seat("Мстислав", "easy"), Seat("Святослав", "easy")],
                          seed=seed)
    c = TableController(session, sync_bots=True)
    rng = random.Random(seed)
    ways: dict[str, int] = {}
    moves = 0
    for _ in range(moves_limit):
        if c.news.pending(GameOver):
            break
        drain(c)
        check_view(c)
        c.update(0.1)
        if not c.can_act():
            continue
        a = rng.choice(c.session.legal())
        before = len(session.state.history)
        how = perform(c, a, rng)
        history = session.state.history
        assert len(history) > before, f"{a} ({how}) did not happen; {c.news.texts()}"
        assert history[before] == a, f"clicked for {a}, got {history[before]}"
        ways[how] = ways.get(how, 0) + 1
        moves += 1
    drain(c)
    assert len(c.news.pending(GameOver)) == 1 and session.state.over
    return moves, ways


if __name__ == "__main__":
    moves, ways = play_game()
    pygame_modules = [m for m in sys.modules if m.startswith("pygame")]
    print("ok", moves, len(ways), len(pygame_modules))
