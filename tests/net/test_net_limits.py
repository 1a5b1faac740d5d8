"""Per-address limits (connections, tables opened with new codes) and idle tables closed
at ``tick``: the host driven directly with fake links and an injected clock."""
import logging

from knjazja.tools.netbench import ScriptedSeat
from knjazja.net.host import Host, Limits, peer_ip
from knjazja.net.protocol import encode, join_message


def limits(**kw):
    return Limits(rate=1e9, burst=10**9, **kw)


def seated(host, code, peer, **join):
    p = ScriptedSeat(host, peer)
    p.send(join_message(code, name="P", **join))
    return p


def refusals(p):
    return [m["reason"] for m in p.inbox if m["t"] == "refused"]


def connect(host, peer):
    return host.connect(lambda t: None, lambda w: None, peer)


def test_the_address_is_the_peer_without_its_port():
    assert peer_ip("10.0.0.7:50123") == "10.0.0.7"
    assert peer_ip("::1:50123") == "::1" and peer_ip("[2001:db8::1]:443") == "2001:db8::1"
    assert peer_ip("peer0") == "peer0"
    host = Host()
    assert connect(host, "10.0.0.7:5").ip == "10.0.0.7"


def test_connections_per_address_are_limited_and_logged(caplog):
    host = Host(limits=limits(max_connections_per_ip=2))
    with caplog.at_level(logging.INFO, logger="knjazja.net"):
        first, second = connect(host, "10.0.0.7:1"), connect(host, "10.0.0.7:2")
        assert first and second and connect(host, "10.0.0.7:3") is None
        assert connect(host, "10.0.0.8:1") is not None          # another address is not counted
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("refused connection")]
    assert len(lines) == 1 and "too many connections" in lines[0] and "10.0.0.7:3" in lines[0]
    assert host.last_refusal == "too many connections from your address"
    host.disconnect(first)
    assert connect(host, "10.0.0.7:4") is not None
    assert host.per_ip == {"10.0.0.7": 2, "10.0.0.8": 1}


def test_tables_opened_per_address_are_limited(caplog):
    now = [0.0]
    host = Host(limits=limits(max_new_tables_per_ip=2, idle_table_after=60), new_table_kinds=["remote", "remote"],
                clock=lambda: now[0])
    a1, a2 = seated(host, "one", "10.0.0.7:1"), seated(host, "two", "10.0.0.7:2")
    assert a1.inbox[0]["t"] == a2.inbox[0]["t"] == "welcome"
    with caplog.at_level(logging.INFO, logger="knjazja.net"):
        a3 = seated(host, "three", "10.0.0.7:3")
    assert refusals(a3) == ["too_many_tables"] and "three" not in host.tables
    assert sum("refused too_many_tables" in r.getMessage() for r in caplog.records) == 1
    assert seated(host, "one", "10.0.0.7:4").inbox[0]["t"] == "welcome"    # joining an open table is fine
    assert seated(host, "three", "10.0.0.8:1").inbox[0]["t"] == "welcome"   # another address opens it
    host.create_table("fri", ["remote", "remote"], seed=1)                 # a host's own table is nobody's
    # when one of its tables is gone, the address may open another
    host.disconnect(a2.link)
    now[0] = 60
    host.tick()
    assert "two" not in host.tables and "one" in host.tables
    assert seated(host, "four", "10.0.0.7:5").inbox[0]["t"] == "welcome"


def test_an_idle_table_is_closed_its_autosave_kept_and_its_player_reopens_it(tmp_path, caplog):
    now = [0.0]
    host = Host(tmp_path, limits=limits(idle_table_after=600, stand_in_after=None),
                new_table_kinds=["remote", "remote"], clock=lambda: now[0])
    a = seated(host, "idle", "10.0.0.7:1")
    table = host.tables["idle"]
    st = a.last_state()
    if not st["legal"]:                       # the other seat starts: a second player moves first
        b = seated(host, "idle", "10.0.0.9:1")
        b.send(encode("action", n=1, at=0, action=b.last_state()["legal"][0]))
        host.disconnect(b.link)
        st = a.last_state()
    a.send(encode("action", n=1, at=st["at"], action=st["legal"][0]))
    history = len(table.state.history)
    now[0] = 100
    host.disconnect(a.link)                   # the idle time counts from the last one leaving
    now[0] = 699
    host.tick()
    assert "idle" in host.tables
    now[0] = 700
    with caplog.at_level(logging.INFO, logger="knjazja.net"):
        host.tick()
    assert "idle" not in host.tables and not any(k[0] == "idle" for k in host.away)
    lines = [r.getMessage() for r in caplog.records if "table idle closed" in r.getMessage()]
    assert len(lines) == 1 and "autosave kept" in lines[0]
    assert (tmp_path / "table-idle.json").is_file()
    # a stranger with a made-up token or none gets nothing; the player with his token gets it back
    assert refusals(seated(host, "idle", "10.0.0.5:1", token="x" * 32)) == ["bad_token"]
    assert refusals(seated(host, "idle", "10.0.0.5:2")) == ["code_taken"]
    assert "idle" not in host.tables
    back = seated(host, "idle", "10.0.0.7:2", token=a.inbox[0]["token"])
    assert back.inbox[0]["t"] == "welcome" and back.inbox[0]["seat"] == a.inbox[0]["seat"], back.inbox[0]
    assert len(host.tables["idle"].state.history) == history and host.tables["idle"].opened_by_join


def test_an_idle_table_nobody_played_is_closed_and_its_autosave_removed(tmp_path):
    now = [0.0]
    host = Host(tmp_path, limits=limits(idle_table_after=600), clock=lambda: now[0])
    host.create_table("empty", ["remote", "remote"], seed=1, by_join=True)
    host.create_table("fri", ["remote", "remote"], seed=1)                 # a --table one: never closed
    p = seated(host, "fri", "10.0.0.7:1")
    host.writer.flush()
    assert (tmp_path / "table-empty.json").is_file()
    now[0] = 10**6
    host.tick()
    assert "empty" not in host.tables and "fri" in host.tables
    host.close()
    assert not (tmp_path / "table-empty.json").exists() and (tmp_path / "table-fri.json").is_file()
    assert p.closed == ""


def test_a_table_with_someone_connected_is_not_closed():
    now = [0.0]
    host = Host(limits=limits(idle_table_after=600), new_table_kinds=["remote", "remote"], clock=lambda: now[0])
    seated(host, "busy", "10.0.0.7:1")
    now[0] = 10**6
    host.tick()
    assert "busy" in host.tables


def test_idle_tables_are_kept_when_reaping_is_off():
    now = [0.0]
    host = Host(limits=limits(idle_table_after=None), clock=lambda: now[0])
    host.create_table("empty", ["remote", "remote"], seed=1, by_join=True)
    now[0] = 10**9
    host.tick()
    assert "empty" in host.tables
