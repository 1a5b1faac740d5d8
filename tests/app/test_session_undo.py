"""Undo is allowed exactly until hidden information is revealed (or a bot replies)."""
from knjazja.app.session import GameSession, Seat
from knjazja.engine import Event, dumps, learned_by, new_game
from knjazja.engine import zones as Z
from knjazja.engine.cards import INSTANCES
from knjazja.engine.kinds import EventKind


def session_with_hand(cards: list[str], seed: int = 5) -> GameSession:
    """Seat 0 (human) to move, holding exactly `cards`; seat 1 is an easy bot."""
    s = new_game(2, seed, first_player=0)
    wanted = [INSTANCES[c][0] for c in cards]
    for zone in s.hands + [s.deck]:
        for c in wanted:
            if c in zone:
                zone.remove(c)
    s.deck[:0] = s.hands[0]                 # the dealt hand goes under the deck
    s.hands[0] = wanted
    s.edited()
    assert all(len(places) == 1 for places in s.locations().values())
    return GameSession([Seat("Olga", "human"), Seat("Igor", "easy")], state=s)


def test_a_silent_move_can_be_undone_until_the_bot_replies():
    sess = session_with_hand(["city.kiev"])
    before = dumps(sess.state)
    sess.play(next(a for a in sess.legal() if a.kind == "play_city" and a.seat == 0))
    assert sess.can_undo(0) and not sess.can_undo(1)
    assert not sess.undo(1)                            # not his move
    assert sess.undo(0) and dumps(sess.state) == before
    sess.play(next(a for a in sess.legal() if a.kind == "play_city" and a.seat == 0))
    sess.bot_step(background=False)                    # the bot answers: no undo any more
    assert not sess.can_undo(0)


def test_a_draw_cannot_be_undone():
    sess = session_with_hand(["city.kiev"])
    sess.play(next(a for a in sess.legal() if a.kind == "draw"))
    assert not sess.can_undo(0) and not sess.undo(0)


def test_reconnaissance_cannot_be_undone():
    sess = session_with_hand(["ev.recon"])
    sess.play(next(a for a in sess.legal() if a.kind == "event"))
    assert not sess.can_undo(0)


def test_sealed_moves_stay():
    sess = session_with_hand(["city.kiev"])
    sess.play(next(a for a in sess.legal() if a.kind == "play_city" and a.seat == 0))
    sess.seal()                                        # the next player has looked
    assert not sess.can_undo(0) and not sess.undo(0)


def test_what_counts_as_revealing():
    """The engine's learned_by, as the session uses it: a move can be taken back unless its
    player learned something hidden."""
    def learned(e):
        return 0 in learned_by(e, 3)
    assert learned(Event(EventKind.MOVE, seat=0, card=5, src=Z.DECK, dst=Z.hand(0), private=(0,)))    # a draw
    assert not learned(Event(EventKind.MOVE, seat=1, card=5, src=Z.DECK, dst=Z.hand(1), private=(1,)))
    assert learned(Event(EventKind.MOVE, seat=0, card=5, src=Z.hand(1), dst=Z.hand(0), private=(0, 1)))  # a steal
    assert learned(Event(EventKind.MOVE, seat=1, card=5, src=Z.hand(1), dst=Z.DISCARD))  # a random discard
    assert learned(Event(EventKind.REVEAL, seat=0, other=1, private=(0, 1)))
    assert not learned(Event(EventKind.REVEAL, seat=1, other=0, private=(1, 0)))   # 0 was looked at
    assert learned(Event(EventKind.BIDS_REVEALED))
    assert not learned(Event(EventKind.BID, seat=1, card=5, src=Z.hand(1), dst=Z.bid(1), private=(1,)))
    assert not learned(Event(EventKind.MOVE, seat=0, card=5, src=Z.hand(0), dst=Z.city(7)))   # his own card
    assert not learned(Event(EventKind.MOVE, seat=0, card=5, src=Z.hand(0), dst=Z.DISCARD))
    assert not learned(Event(EventKind.BRIBED, seat=0, card=5, src=Z.WAR, dst=Z.hand(0)))       # face up already
