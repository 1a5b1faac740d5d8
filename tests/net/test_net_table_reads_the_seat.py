"""A network seat's table reads what the seat sees, never a game state: it has none (issue 61).

The table's own controller drives a remote seat through a whole game with the pointer, as the
mouse does; at every frame nothing the table reads — its viewer's observation, the table it
draws, the banner, the dialog — holds a card the seat cannot see.  And a local table's view
keeps every other hand as backs, even while events move cards into them.
"""
import random
import sys
import threading
from pathlib import Path

from knjazja.app.session import GameSession, Seat, local_game
from knjazja.app.table.answers import dialog
from knjazja.app.table.controller import TableController
from knjazja.app.table.table_view import HIDDEN, TableView
from knjazja.engine import NOBODY, new_game, observation, public_observation
from knjazja.engine.kinds import EventKind
from knjazja.net import codec, leaks, remote
from knjazja.net.client import ClientSession
from knjazja.net.hosting import HostedTable
from knjazja.net.hotseat import HotSeatSession
from knjazja.net.remote import RemoteSession

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))
from controller_driver import drain, perform  # noqa: E402


def test_a_network_session_has_no_state_and_no_dealt_one():
    for cls in (RemoteSession, HotSeatSession):
        assert not hasattr(cls, "state"), cls
    assert not hasattr(remote, "_dealt") and not hasattr(remote, "UNKNOWN_PAST")
    assert "determinize" not in Path(remote.__file__).read_text()


def view_cards(v: TableView) -> set[int]:
    """Every card instance the table's view holds (what it may draw face up)."""
    out = {c for h in v.hands for c in h} | set(v.discard) | set(v.under) | set(v.under.values())
    for k, city in v.cities.items():
        out |= {k, *city.all_buildings()}
    for group in (*v.chronicles, *v.before):
        out |= set(group)
    if v.table is not None:
        out |= {v.table.card, v.table.target_city, v.table.target_card}
    out |= {t for _, t in v.bids}
    if v.war is not None:
        out |= {v.war.city, v.war.raid_troop, *(e.card for e in v.war.events)}
        for a in v.war.attacks:
            out |= set(a.troops) | {x for ans in a.answers for x in (ans.card, *ans.troops)}
    return {c for c in out if c >= 0}


def seen_cards(c: TableController) -> set[int]:
    return leaks._observation_cards(codec.observation_to_json(c.seen))


def check_reads(c: TableController, seat: int) -> None:
    """What the table reads holds no card the seat cannot see; other hands are backs."""
    unseen = set(c.seen.unseen)
    assert c.seen.seat == seat and not seen_cards(c) & unseen
    assert all(h == [HIDDEN] * len(h) for t, h in enumerate(c.view.hands) if t != seat)
    if not c.busy:                       # synced: the view is exactly the seat's view
        assert not view_cards(c.view) & unseen, view_cards(c.view) & unseen
    c.prompt(), c.tags(), c.lit(), dialog(c)


def test_the_table_controller_plays_a_remote_seat_through_a_whole_game(tmp_path):
    hosted = HostedTable.open(["human", "remote", "easy"], ["Ольга", "", ""], seed=17, port=0, folder=tmp_path,
                              bind="127.0.0.1", announce=False, bot_pause=0.0, bot_floor=0.0)
    bell = threading.Event()
    try:
        session = RemoteSession(hosted.join(0, on_arrival=bell.set))
        friend = RemoteSession(ClientSession(hosted.url, hosted.code, name="Игорь", on_arrival=bell.set).start())
        while not (session.ready and friend.ready):
            bell.wait(2)
            bell.clear()
            session.update()
            friend.update()
        c = TableController(session, viewer_policy=session.seat, here=[True, False, False])
        assert local_game(session) is None and c.viewer == 0
        rng, moves = random.Random(3), 0
        while not (session.over and c.finished):
            bell.clear()
            session.update()
            friend.update()
            if friend.ready and friend.human_to_decide() and friend.legal():
                friend.play(friend.legal()[-1])
            drain(c)
            check_reads(c, 0)
            c.update(0.1)
            if c.can_act() and session.legal():      # (none between a move sent and the host's answer)
                a = rng.choice(session.legal())
                before = len(session.record)
                perform(c, a, rng)
                assert len(session.record) == before + 1 and session.record[-1].action == a, (a, c.news.texts())
                moves += 1
            elif not c.busy:
                bell.wait(1)
        assert moves > 5 and session.over
        # the end as the host has it, seen from this seat; the seat never read another's hidden card
        table = hosted.table
        want, hidden = hosted.server.call(lambda: (codec.observation_to_json(observation(table.state, 0)),
                                                   leaks.hidden_cards(table.state, 0)))
        assert codec.observation_to_json(session.seen_by(0)) == want
        assert not view_cards(c.view) & hidden and not seen_cards(c) & hidden
        assert hidden and session.seen_by(None).hand == [] and set(session.seen_by(None).unseen) >= hidden
        assert all(r.seen.seat == 0 and r.action in r.legal for r in session.record)
    finally:
        hosted.close()


def test_a_local_table_shows_only_its_viewers_hand_even_while_cards_fly():
    session = GameSession([Seat("Ярослав", "human"), Seat("Мстислав", "easy"), Seat("Святослав", "easy")],
                          seed=4)
    c = TableController(session, sync_bots=True)
    for _ in range(400):
        if session.over:
            break
        while (e := c.next_event()) is not None:
            c.view.begin(e)
            assert all(h == [HIDDEN] * len(h) for t, h in enumerate(c.view.hands) if t != 0)
            c.view.land(e)
            if e.kind == EventKind.WAR_END:
                c.view.end_war()
        check_reads(c, 0)
        c.update(0.1)
        if c.can_act():
            c.play(session.legal()[0])


def test_nobodys_view_has_no_hand_and_no_bid():
    s = new_game(4, seed=9)
    nobody = public_observation(s)
    assert nobody.seat == NOBODY and nobody.hand == [] and nobody.known == {}
    assert set(nobody.unseen) == {c for h in s.hands for c in h} | set(s.deck)
    assert nobody.hand_sizes == [len(h) for h in s.hands] and nobody.deck_size == len(s.deck)
    all_bots = TableController(GameSession([Seat(f"Bot {i}", "easy") for i in range(4)], state=s))
    assert all_bots.viewer is None and all_bots.seen.seat == NOBODY
    assert all(h == [HIDDEN] * len(h) for h in all_bots.view.hands)


class _Link:
    """A seat's link as the hot seat reads it: its position (moves), who decides there, its legal actions."""
    def __init__(self, seat: int, moves: int, deciding: int) -> None:
        self.seat, self.moves, self.deciding = seat, moves, deciding
        self.played: list = []

    def legal(self) -> list:
        return ["a move"]

    def play(self, action) -> list:
        self.played.append(action)
        return []


def test_the_hot_seat_waits_until_every_link_has_the_position():
    """A move's news reaches the screen's links one by one: while one link is ahead, the table
    (which shows only what every link has) is behind it, so nobody may act yet (the hosted
    hot-seat walk once found the viewer's hand drawn a card behind the hand he decided with)."""
    import pytest
    from knjazja.engine import IllegalAction
    ahead, behind = _Link(2, moves=29, deciding=2), _Link(0, moves=22, deciding=2)
    hot = HotSeatSession([behind, ahead])          # type: ignore[list-item]
    hot.viewer = 2
    assert not hot.human_to_decide() and hot.legal() == []
    with pytest.raises(IllegalAction):
        hot.play("a move")                        # type: ignore[arg-type]
    behind.moves = 29                             # the slower link has the news too
    assert hot.human_to_decide() and hot.legal() == ["a move"]
    hot.play("a move")                            # type: ignore[arg-type]
    assert ahead.played == ["a move"] and behind.played == []
