"""Limits that hold against many addresses, with a fake clock: passwords meet growing
delays per address and per table; connections without a seat are closed within seconds and
counted per address and overall, a flood of them never keeps a newcomer out; whole logs are
limited by their cost; a seated player who does not move gets the stand-in."""
import logging

from knjazja.tools.netbench import ScriptedSeat
from knjazja.net.guard import Backoff, RefusalLog
from knjazja.net.host import Host, Limits
from knjazja.net.protocol import encode, join_message


def limits(**kw):
    return Limits(**{"rate": 1e9, "burst": 10**9, **kw})


def seated(host, code, peer, **join):
    p = ScriptedSeat(host, peer)
    p.send(join_message(code, name="P", **join))
    return p


def tried(host, code, peer, **join):
    """One join, then the connection closes (an attacker's next try comes anew)."""
    p = seated(host, code, peer, **join)
    host.disconnect(p.link)
    return p


def reasons(p):
    return [m["reason"] for m in p.inbox if m["t"] == "refused"]


def test_backoff_doubles_after_the_free_tries_and_forgets():
    b = Backoff(free=2, first=1.0, most=8.0, forget=100.0)
    for _ in range(2):
        b.failed("k", 0.0)
    assert b.wait("k", 0.0) == 0
    delays = []
    for _ in range(5):
        b.failed("k", 0.0)
        delays.append(b.wait("k", 0.0))
    assert delays == [1.0, 2.0, 4.0, 8.0, 8.0]
    assert b.wait("k", 99.0) == 0 and b.wait("k", 100.0) == 0 and b.wrong("k") == 0


def test_a_password_guesser_meets_growing_delays_from_one_address():
    now = [0.0]
    host = Host(limits=limits(), clock=lambda: now[0])
    host.create_table("pw", ["remote", "remote"], seed=1, password="4821")
    answers = []
    for guess in range(3000):                      # the attack (7,500 tries in 18 s), five minutes of it
        p = tried(host, "pw", "10.0.0.7:1", password=f"{guess:04d}")
        answers.append(reasons(p)[0] if reasons(p) else "seat")
        if guess % 10 == 0:
            now[0] += 1.0                          # ... about ten tries a second
    assert answers[:5] == ["bad_password"] * 5
    assert answers.count("bad_password") < 16 and "seat" not in answers     # before: all 3,000 checked
    assert answers.count("slow_down") > 2900 and host.password_ip.wait("10.0.0.7", now[0]) > 0
    friend = seated(host, "pw", "10.0.0.8:1", password="4821")     # another address, the right password
    assert friend.inbox[0]["t"] == "welcome"


def test_guessers_at_many_addresses_meet_the_tables_own_delays():
    """70 addresses, each under its own free tries: the table counts them all together."""
    now = [0.0]
    host = Host(limits=limits(), clock=lambda: now[0])
    host.create_table("pw", ["remote", "remote"], seed=1, password="4821")
    checked = 0
    for step in range(60):                          # ten minutes of trying, 70 tries every 10 s
        now[0] = step * 10.0
        for ip in range(70):
            p = tried(host, "pw", f"10.1.0.{ip}:1", password=f"{(step * 70 + ip) % 4821:04d}")
            checked += reasons(p) == ["bad_password"]
            if reasons(p) == []:
                raise AssertionError("the password was found")
    assert checked < 40                             # the free tries, then about one a minute (before: 4,200)
    now[0] += host.limits.table_max_delay
    assert seated(host, "pw", "10.2.0.1:1", password="4821").inbox[0]["t"] == "welcome"


def test_a_try_while_closed_is_not_checked_and_says_when_to_come_back():
    now = [0.0]
    host = Host(limits=limits(password_free_tries=1), clock=lambda: now[0])
    host.create_table("pw", ["remote", "remote"], seed=1, password="4821")
    assert reasons(tried(host, "pw", "10.0.0.7:1", password="0000")) == ["bad_password"]
    assert reasons(tried(host, "pw", "10.0.0.7:1", password="1111")) == ["bad_password"]
    late = tried(host, "pw", "10.0.0.7:1", password="4821")       # right, but during the delay
    assert reasons(late) == ["slow_down"] and "try again in 1 s" in late.inbox[0]["detail"]
    now[0] = 1.0
    assert seated(host, "pw", "10.0.0.7:1", password="4821").inbox[0]["t"] == "welcome"


def test_a_connection_without_a_seat_is_closed_within_seconds():
    now = [0.0]
    host = Host(limits=limits(join_timeout=5), clock=lambda: now[0])
    closed = []
    link = host.connect(lambda t: None, closed.append, "10.0.0.7:1")
    now[0] = 4.9
    host.tick()
    assert link in host.links and not closed
    now[0] = 5.0
    host.tick()
    assert link not in host.links and closed == ["took no seat in time"]       # before: after 30 s


def test_a_flood_of_idle_connections_from_70_addresses_keeps_no_newcomer_out(caplog):
    now = [0.0]
    host = Host(limits=Limits(), clock=lambda: now[0])
    host.create_table("fri", ["remote", "remote"], seed=2)
    with caplog.at_level(logging.INFO, logger="knjazja.net"):
        held = [host.connect(lambda t: None, lambda w: None, f"10.9.{i % 70}.1:{i}") for i in range(1000)]
        host.tick()
    assert sum(link is not None for link in held) >= 70 * 8      # each address its share...
    assert len(host.unjoined) <= host.limits.max_unjoined and max(host.unjoined_per_ip.values()) <= 8
    friend = seated(host, "fri", "192.168.1.20:5000")              # ... and the newcomer gets in
    assert friend.inbox[0]["t"] == "welcome"                         # before: "the host is full"
    assert len(caplog.records) < 200                                 # counted, not a line each
    now[0] = 5.0
    host.tick()
    assert not host.unjoined and len(host.links) == 1


def test_a_resync_storm_is_limited_by_its_cost():
    """16 seated players asking for their whole log within the message rate: what the host
    sends for them stays within its cost rate."""
    now = [0.0]
    host = Host(limits=limits(cost_rate=64 * 1024, total_cost_rate=256 * 1024, total_cost_burst=512 * 1024),
                clock=lambda: now[0], new_table_kinds=["remote", "remote"])
    storm = []
    for i in range(8):
        for s in range(2):
            storm.append(seated(host, f"t{i}", f"10.3.{i}.{s}:1"))
    for p in storm[:2]:                             # some history, so a log costs something
        st = p.last_state()
        if st["legal"]:
            p.send(encode("action", n=1, at=st["at"], action=st["legal"][0]))
    sent_before = sum(len(p.inbox) for p in storm)
    answered = 0
    for tick in range(30):                         # 3 s at 30 resyncs a second each (the message rate)
        now[0] = 10 + tick / 10
        for p in storm:
            for _ in range(3):
                p.send(encode("resync"))
                answered += reasons(p)[-1:] != ["slow_down"]
    log_cost = host.log_cost(host.tables["t0"])
    assert answered * log_cost <= 256 * 1024 * 3 + 512 * 1024          # the host's cost rate and burst
    assert answered < 1440 / 4 and sum(len(p.inbox) for p in storm) > sent_before     # before: all 1,440


def test_a_seated_player_who_does_not_move_gets_the_stand_in_and_takes_his_seat_back():
    now = [0.0]
    host = Host(limits=limits(move_limit=300, stand_in_after=None), clock=lambda: now[0])
    table = host.create_table("slow", ["remote", "remote"], seed=4)
    a, b = seated(host, "slow", "10.0.0.7:1"), seated(host, "slow", "10.0.0.8:1")
    slow, other = (a, b) if table.state.decision.seat == a.inbox[0]["seat"] else (b, a)
    seat = slow.inbox[0]["seat"]
    at = len(table.state.history)
    host.tick()
    now[0] = 299
    host.tick()
    assert not table.stand_ins and len(table.state.history) == at
    now[0] = 300
    host.tick()
    assert table.stand_ins == {seat: "normal"} and len(table.state.history) > at       # before: waits for ever
    told = [m["seats"][seat]["bot"] for p in (a, b) for m in p.inbox if m["t"] == "seats"]
    assert told.count(True) == 2                           # both screens are told
    st = slow.last_state()
    assert st["legal"] == []                                # the bot decides for him now
    slow.send(encode("action", n=9, at=st["at"], action=["pass", -1, -1, -1, -1, []]))
    assert reasons(slow)[-1] in ("not_your_turn", "game_over")
    slow.send(encode("back", n=10))
    assert table.stand_ins == {} and slow.inbox[-1]["t"] == "stood_in"
    assert slow.inbox[-1]["acts"] and all(at < n <= len(table.state.history) for n in slow.inbox[-1]["acts"])
    assert other.inbox[-1]["t"] in ("seats", "events", "state")
    slow.send(encode("back", n=11))
    assert reasons(slow)[-1] == "no_stand_in"


def test_an_absent_player_back_is_told_what_the_bot_did():
    now = [0.0]
    host = Host(limits=limits(stand_in_after=60), clock=lambda: now[0])
    table = host.create_table("away", ["remote", "remote"], seed=4)
    a, b = seated(host, "away", "10.0.0.7:1"), seated(host, "away", "10.0.0.8:1")
    away, there = (a, b) if table.state.decision.seat == a.inbox[0]["seat"] else (b, a)
    host.disconnect(away.link)
    now[0] = 60
    host.tick()
    assert [m["seats"][away.inbox[0]["seat"]]["bot"] for m in there.inbox if m["t"] == "seats"][-1] is True
    back = seated(host, "away", "10.0.0.7:2", token=away.inbox[0]["token"])
    told = [m for m in back.inbox if m["t"] == "stood_in"]
    assert len(told) == 1 and told[0]["acts"] and back.inbox.index(told[0]) > back.inbox.index(back.last_state())
    assert [m["seats"][away.inbox[0]["seat"]]["bot"] for m in there.inbox if m["t"] == "seats"][-1] is False


def test_the_refusal_log_summarises_per_address_and_kind(caplog):
    log = logging.getLogger("knjazja.test")
    book = RefusalLog(log, every=10, loud=3, named=2)
    with caplog.at_level(logging.INFO, logger="knjazja.test"):
        for i in range(1000):
            book.note("flood", f"10.0.0.{i % 5}", f"refused flood from 10.0.0.{i % 5}", 1.0)
        book.note("bad_password", "10.9.9.9", "refused bad_password from 10.9.9.9", 2.0)
        book.note("bad_password", "10.9.9.9", "refused bad_password from 10.9.9.9", 2.0)
        book.flush(5.0)
        assert len(caplog.records) == 3                     # the first three kinds-and-addresses at once
        book.flush(11.0)
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 5 and book.total == 1002 and book.lines == 5, lines
    assert "refused flood 997 more times from 5 addresses in the last 10 s (the most, 200, from 10.0.0.3)" in lines
    assert "refused bad_password 2 more times from 10.9.9.9 in the last 10 s" in lines


def test_an_address_opening_connections_too_fast_is_refused_before_the_handshake():
    now = [0.0]
    host = Host(limits=limits(connect_rate=5, connect_burst=20), clock=lambda: now[0])
    answers = [host.admit(f"10.0.0.7:{i}") for i in range(30)]
    assert answers[:20] == [""] * 20 and all("too many new connections" in a for a in answers[20:])
    assert host.admit("10.0.0.8:1") == ""                 # another address is not counted
    now[0] = 1.0
    assert [host.admit("10.0.0.7:99") for _ in range(6)].count("") == 5      # 5 a second again


def test_the_server_answers_an_address_over_its_limits_with_503(tmp_path):
    """Before the websocket is even opened: a cheap HTTP answer, not a handshake and a close."""
    import asyncio

    from websockets.exceptions import InvalidStatus

    from knjazja.net.server import ServerThread
    from knjazja.net.ws_client import connect
    host = Host(limits=Limits(connect_rate=0.001, connect_burst=2))
    server = ServerThread(host)
    port = server.start()

    async def attempt():
        try:
            async with connect(f"ws://127.0.0.1:{port}", open_timeout=10):
                return "open"
        except InvalidStatus as e:
            return e.response.status_code

    async def attempts():
        return [await attempt() for _ in range(4)]
    try:
        assert asyncio.run(attempts()) == ["open", "open", 503, 503]
    finally:
        server.stop()


def test_the_host_windows_own_seat_gets_the_stand_in_too_but_not_while_away():
    """A window host's player who walks away from the screen holds up his friends no longer
    than the limit; a seat of the window with no connection (the window closed) waits."""
    now = [0.0]
    host = Host(limits=limits(move_limit=300, stand_in_after=60), clock=lambda: now[0])
    table = host.create_table("win", ["human", "remote"], seed=4, first_player=0)
    token = table.claim_local(0)
    me = seated(host, "win", "127.0.0.1:1", token=token)
    seated(host, "win", "10.0.0.8:1")
    host.tick()
    now[0] = 300
    host.tick()
    assert table.stand_ins == {0: "normal"} and table.session.seats[0].kind == "normal"
    me.send(encode("back", n=1))
    assert table.stand_ins == {} and table.session.seats[0].kind == "human"
    host.disconnect(me.link)
    now[0] = 10**6
    host.tick()
    assert 0 not in table.stand_ins                 # (the window's seat waits for the window)


def test_a_connection_without_a_seat_may_only_join():
    """Pings, resyncs or floods from a connection that took no seat close it at once: a flood
    from many addresses costs the host a handshake per connection, not thousands of messages."""
    host = Host(limits=limits())
    host.create_table("fri", ["remote", "remote"], seed=1)
    p = ScriptedSeat(host, "10.0.0.7:1")
    p.send(encode("ping", n=1))
    assert reasons(p) == ["not_joined"] and p.closed == "not_joined" and p.link not in host.links   # before: pong
    p.send(encode("ping", n=2))
    assert len(p.inbox) == 1                                   # nothing more is read from it
    q = seated(host, "fri", "10.0.0.7:2")
    q.send(encode("ping", n=3))
    assert q.inbox[-1] == {"t": "pong", "n": 3}                # a seated player's ping is answered


def test_an_address_floods_no_faster_over_many_connections():
    now = [0.0]
    host = Host(limits=Limits(rate=30, burst=90, ip_rate=60, ip_burst=180), clock=lambda: now[0],
                new_table_kinds=["remote", "remote"])
    seats = [seated(host, f"f{i}", f"10.0.0.7:{i}") for i in range(4)] + [seated(host, "f0", "10.0.0.7:9")]
    for p in seats:
        p.inbox.clear()
    for _ in range(90):                           # each within its own connection's burst...
        for p in seats:
            p.send(encode("ping", n=1))
    pongs = sum(m["t"] == "pong" for p in seats for m in p.inbox)
    assert pongs <= 180 - 5                       # ... but not beyond the address's (before: 450)
