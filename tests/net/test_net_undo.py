"""Undo for a remote seat (docs/RULINGS.md, N1): its last move may be taken back while the
session still holds it for that seat, no other human has been sent a decision since and no
bot has answered it; the host's bots wait ``bot_pause`` on the host's clock so there is a
moment to do it.  Driven through the host directly, with an injected clock: no sleeps."""
import logging

from knjazja.engine import dumps
from knjazja.net import codec
from knjazja.tools.netbench import ScriptedSeat
from knjazja.net.host import Host, Limits
from knjazja.net.leaks import LeakCheck
from knjazja.net.protocol import Refused, decode_client, encode, join_message

import pytest


def limits(**kw):
    return Limits(rate=1e9, burst=10**9, **kw)


def seated(host, code, name, **join):
    p = ScriptedSeat(host, name)
    p.send(join_message(code, name=name, **join))
    return p


def refusals(p):
    return [m["reason"] for m in p.inbox if m["t"] == "refused"]


def not_a_draw(st):
    """A move that shows its player nothing hidden (a draw would, and could not be taken back)."""
    return next(a for a in st["legal"] if a[0] != "draw")


def move(p, n=1, pick=not_a_draw):
    st = p.last_state()
    p.send(encode("action", n=n, at=st["at"], action=pick(st)))


def client_log(p):
    """The log as ``ClientSession`` rebuilds it from the events messages (seq 0 starts it over)."""
    log, acts = [], []
    for m in p.inbox:
        if m["t"] == "events":
            if m["seq"] == 0:
                log, acts = [], []
            assert m["seq"] == len(log), "a gap the client would have to resync"
            log += [codec.event_from_json(e) for e in m["events"]]
            acts += m["acts"]
    return log, acts


def host_log(table, seat):
    return ([e.for_seat(seat) for e in table.session.feed.events()],
            [a for a, _ in table.session.feed.entries()])


def test_the_undo_message_is_checked_like_any_other():
    assert decode_client(encode("undo", n=3)) == {"t": "undo", "n": 3}
    for raw in (encode("undo"), encode("undo", n=-1), encode("undo", n=1, seat=0)):
        with pytest.raises(Refused):
            decode_client(raw)


def test_undo_is_accepted_then_refused_once_another_human_was_sent_a_decision(caplog):
    host = Host(limits=limits())
    table = host.create_table("u", ["remote", "remote"], seed=1)        # seat 0 starts
    a = seated(host, "u", "A")
    b = seated(host, "u", "B")
    token_b = b.inbox[0]["token"]
    host.disconnect(b.link)                        # B away: A's move waits for him, unseen
    assert a.last_state()["undo"] is False         # nothing to take back yet
    before = dumps(table.state)
    move(a, n=1)
    assert table.state.decision.seat == 1 and a.last_state()["undo"] is True
    with caplog.at_level(logging.INFO, logger="knjazja.net"):
        a.send(encode("undo", n=2))
    assert refusals(a) == [] and dumps(table.state) == before
    st = a.last_state()
    assert st["at"] == 0 and st["n"] == 2 and st["legal"] and st["undo"] is False
    assert client_log(a) == host_log(table, 0)
    assert any("took a move back" in r.getMessage() for r in caplog.records)
    move(a, n=3)                                    # the same move again
    assert a.last_state()["undo"] is True
    b = seated(host, "u", "B again", token=token_b)  # B is back and is sent his decision:
    assert b.last_state()["legal"]
    assert a.last_state()["undo"] is False          # A's move stands now
    at = dumps(table.state)
    a.send(encode("undo", n=4))
    assert refusals(a) == ["no_undo"] and dumps(table.state) == at
    assert a.inbox[-1]["n"] == 4


def test_a_connected_next_player_seals_the_move_at_once():
    host = Host(limits=limits())
    table = host.create_table("u", ["remote", "remote"], seed=1)
    a, b = seated(host, "u", "A"), seated(host, "u", "B")
    move(a)
    assert b.last_state()["legal"] and a.last_state()["undo"] is False
    a.send(encode("undo", n=2))
    assert refusals(a) == ["no_undo"] and len(table.state.history) == 1


def test_a_local_human_at_the_host_seals_the_move_at_once():
    host = Host(limits=limits())
    table = host.create_table("u", ["remote", "human"], seed=1)
    a = seated(host, "u", "A")
    move(a)
    assert table.session.deciding == 1 and a.last_state()["undo"] is False
    a.send(encode("undo", n=2))
    assert refusals(a) == ["no_undo"]


def test_undo_only_for_the_seat_that_moved_and_only_when_joined():
    host = Host(limits=limits())
    host.create_table("u", ["remote", "remote", "remote"], seed=8)        # seat 0 starts, may play a city
    a, c = seated(host, "u", "A"), seated(host, "u", "C", seat=2)
    move(a)
    assert a.last_state()["undo"] is True and c.last_state()["undo"] is False
    c.send(encode("undo", n=1))
    assert refusals(c) == ["no_undo"]
    stranger = ScriptedSeat(host, "x")
    stranger.send(encode("undo", n=1))
    assert refusals(stranger) == ["not_joined"]


def test_a_draw_is_never_taken_back():
    host = Host(limits=limits())
    table = host.create_table("u", ["remote", "remote"], seed=1)
    a = seated(host, "u", "A")
    move(a, pick=lambda st: next(x for x in st["legal"] if x[0] == "draw"))
    assert a.last_state()["undo"] is False
    a.send(encode("undo", n=2))
    assert refusals(a) == ["no_undo"] and len(table.state.history) == 1


def test_the_bot_waits_its_pause_then_its_answer_seals_the_move():
    now = [0.0]
    host = Host(limits=limits(bot_pause=2.0), clock=lambda: now[0])
    table = host.create_table("u", ["remote", "easy"], seed=1)
    a = seated(host, "u", "A")
    move(a)
    assert table.session.deciding == 1 and len(table.state.history) == 1   # the bot waits
    assert a.last_state()["undo"] is True
    now[0] = 1.99
    host.tick()
    host.poll_bots()
    assert len(table.state.history) == 1
    now[0] = 2.0
    host.tick()                                     # due: the bot answers, the move stands
    assert len(table.state.history) > 1 and a.last_state()["undo"] is False
    a.send(encode("undo", n=2))
    assert refusals(a) == ["no_undo"]


def test_undo_within_the_bots_pause_and_the_bot_does_not_move_after():
    now = [0.0]
    host = Host(limits=limits(bot_pause=2.0), clock=lambda: now[0])
    table = host.create_table("u", ["remote", "easy"], seed=1)
    a = seated(host, "u", "A")
    move(a)
    now[0] = 1.0
    a.send(encode("undo", n=2))
    assert refusals(a) == [] and len(table.state.history) == 0 and table.session.deciding == 0
    now[0] = 10.0
    host.tick()
    host.poll_bots()
    assert len(table.state.history) == 0 and a.last_state()["legal"]
    assert client_log(a) == host_log(table, 0)


def test_without_a_pause_the_bot_answers_at_once_and_nothing_may_be_undone():
    host = Host(limits=limits())                      # bot_pause 0: the headless default
    table = host.create_table("u", ["remote", "easy"], seed=1)
    a = seated(host, "u", "A")
    move(a)
    assert len(table.state.history) >= 2 and a.last_state()["undo"] is False
    a.send(encode("undo", n=2))
    assert refusals(a) == ["no_undo"]


def test_after_an_undo_every_seat_reads_the_host_log_again_and_nothing_leaks():
    """Several moves, then an undo of a later one: the log each seat rebuilds equals the
    host's log redacted for it (shorter than before), and no message carried a hidden card."""
    check = LeakCheck()
    host = Host(limits=limits(), tap=lambda link, text: check.check(text, link.table.state if link.table else None,
                                                                   link.seat))
    table = host.create_table("u", ["remote", "remote", "remote"], seed=2)
    a, b, c = (seated(host, "u", n) for n in "ABC")
    by_seat = {p.inbox[0]["seat"]: p for p in (a, b, c)}
    undone = 0
    for n in range(60):
        mover = by_seat[table.session.deciding]
        if len(table.state.history) >= 6 and mover is not b:
            host.disconnect(b.link)
            break
        move(mover, n=n, pick=lambda st: next((x for x in st["legal"] if x[0] != "draw"), st["legal"][0]))
    assert b.closed == "" and ("u", b.inbox[0]["seat"]) not in host.seated
    for n in range(100, 160):          # play on until a move may be taken back, then take it back
        mover = by_seat[table.session.deciding]
        if mover is b:
            break
        long_before = len(table.session.feed)
        move(mover, n=n, pick=lambda st: next((x for x in st["legal"] if x[0] != "draw"), st["legal"][0]))
        if mover.last_state()["undo"]:
            mover.send(encode("undo", n=n))
            assert refusals(mover) == [] and len(table.session.feed) == long_before
            undone += 1
            break
    assert undone == 1
    for p in (a, c):
        seat = p.inbox[0]["seat"]
        assert client_log(p) == host_log(table, seat)
    assert check.hidden_sent == 0, check.leaks[:3]
