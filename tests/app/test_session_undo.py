"""Undo is allowed exactly until hidden information is revealed (or a bot replies)."""
from knjazja.engine import Event, dumps, new_game
from knjazja.engine.cards import INSTANCES
from knjazja.app.session import GameSession, Seat, _reveals_hidden


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
    s._legal = None
    assert all(len(places) == 1 for places in s.locations().values())
    return GameSession([Seat("Olga", "human"), Seat("Igor", "easy")], state=s)


def test_a_silent_move_can_be_undone_until_the_bot_replies():
    sess = session_with_hand(["city.kiev"])
    before = dumps(sess.state)
    sess.play(next(a for a in sess.legal() if a.kind == "play_city" and a.seat == 0))
    assert sess.can_undo()
    assert sess.undo() and dumps(sess.state) == before
    sess.play(next(a for a in sess.legal() if a.kind == "play_city" and a.seat == 0))
    sess.bot_step(background=False)                    # the bot answers: no undo any more
    assert not sess.can_undo()


def test_a_draw_cannot_be_undone():
    sess = session_with_hand(["city.kiev"])
    sess.play(next(a for a in sess.legal() if a.kind == "draw"))
    assert not sess.can_undo() and not sess.undo()


def test_reconnaissance_cannot_be_undone():
    sess = session_with_hand(["ev.recon"])
    sess.play(next(a for a in sess.legal() if a.kind == "event"))
    assert not sess.can_undo()


def test_what_counts_as_revealing():
    assert _reveals_hidden(Event("move", seat=0, card=5, src="deck", dst="hand:0"), 0)
    assert _reveals_hidden(Event("move", seat=0, card=5, src="hand:1", dst="hand:0"), 0)   # a steal
    assert _reveals_hidden(Event("move", seat=1, card=5, src="hand:1", dst="discard"), 0)  # random discard
    assert _reveals_hidden(Event("reveal", seat=0, other=1), 0)
    assert _reveals_hidden(Event("bids_revealed"), 0)
    assert not _reveals_hidden(Event("move", seat=0, card=5, src="hand:0", dst="city:0"), 0)
    assert not _reveals_hidden(Event("move", seat=0, card=5, src="hand:0", dst="discard"), 0)
