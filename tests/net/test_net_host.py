"""The host's rules without a network: seats and tokens, turns, refusals that change
nothing, autosave and resume, and nothing hidden in anything a seat is sent."""
import logging
import random

from knjazja.engine import Event, dumps, observation
from knjazja.net import codec
from knjazja.tools.netbench import LAYOUTS, ScriptedSeat, play_in_process
from knjazja.net.host import Host, Limits
from knjazja.net.leaks import LeakCheck
from knjazja.net.protocol import encode, join_message

FREE = Limits(rate=1e9, burst=10**9)


def open_table(host, code="fri", kinds=("remote", "remote", "normal"), seed=5, password=""):
    host.create_table(code, list(kinds), seed=seed, password=password)
    return host.tables[code]


def seated(host, code="fri", name="P", **join):
    p = ScriptedSeat(host, name)
    p.send(join_message(code, name=name, **join))
    return p


def refusals(p):
    return [m["reason"] for m in p.inbox if m["t"] == "refused"]


def test_a_player_gets_a_seat_a_token_the_log_and_his_view():
    host = Host(limits=FREE)
    table = open_table(host)
    p = seated(host, name="Oleg")
    welcome = p.inbox[0]
    assert welcome["t"] == "welcome" and welcome["seat"] == 0 and len(welcome["token"]) >= 30
    assert welcome["seats"][0] == {"name": "Oleg", "kind": "remote", "bot": False}
    events = [codec.event_from_json(e) for m in p.inbox if m["t"] == "events" for e in m["events"]]
    assert events == [e.for_seat(0) for e in table.session.feed.events()]
    st = p.last_state()
    assert st["obs"] == codec.observation_to_json(observation(table.state, 0))
    assert st["legal"] and st["at"] == len(table.state.history)


def test_a_stranger_cannot_take_a_seat():
    host = Host(limits=FREE)
    open_table(host, password="secret")
    assert refusals(seated(host, name="A")) == ["bad_password"]
    a = seated(host, name="A", password="secret")
    b = seated(host, name="B", password="secret", seat=1)
    assert [a.inbox[0]["seat"], b.inbox[0]["seat"]] == [0, 1]
    assert refusals(seated(host, name="C", password="secret")) == ["table_full"]
    assert refusals(seated(host, name="C", password="secret", seat=0)) == ["seat_taken"]
    assert refusals(seated(host, name="C", seat=2, password="secret")) == ["table_full"]
    assert refusals(seated(host, name="C", token="guess" * 8)) == ["bad_token"]
    assert refusals(seated(host, name="C", token=a.inbox[0]["token"], seat=1)) == ["bad_token"]
    assert refusals(seated(host, code="nosuch", token=a.inbox[0]["token"])) == ["no_table"]
    assert host.seated[("fri", 0)] is a.link and host.seated[("fri", 1)] is b.link


def test_the_token_gives_the_seat_back_and_the_old_line_goes():
    host = Host(limits=FREE)
    open_table(host)
    a = seated(host, name="A")
    again = seated(host, name="someone", token=a.inbox[0]["token"])
    assert again.inbox[0]["seat"] == 0 and a.closed == "replaced"
    assert again.last_state()["obs"] == a.last_state()["obs"]
    assert host.seated[("fri", 0)] is again.link


def test_out_of_turn_stale_and_illegal_actions_change_nothing():
    host = Host(limits=FREE)
    table = open_table(host)
    a, b = seated(host, name="A"), seated(host, name="B")
    mover, other = (a, b) if table.state.decision.seat == 0 else (b, a)
    before = dumps(table.state)
    st = mover.last_state()
    other.send(encode("action", n=1, at=st["at"], action=st["legal"][0]))
    mover.send(encode("action", n=2, at=st["at"] + 3, action=st["legal"][0]))
    mover.send(encode("action", n=3, at=st["at"], action=["build", 0, -1, 0, -1, []]))
    mover.send(encode("action", n=4, at=st["at"], action=["conquer", -1, -1, -1, -1, []]))
    assert refusals(other) == ["not_your_turn"] and refusals(mover) == ["stale", "illegal", "illegal"]
    assert dumps(table.state) == before
    mover.send(encode("action", n=5, at=st["at"], action=st["legal"][0]))
    assert len(table.state.history) > st["at"]
    mover.send(encode("action", n=5, at=st["at"], action=st["legal"][0]))      # the same message again
    assert refusals(mover)[-1] in ("stale", "not_your_turn")


def test_a_flood_is_refused_and_then_cut_off():
    now = [0.0]
    host = Host(limits=Limits(rate=10, burst=5, flood_disconnect=20), clock=lambda: now[0])
    table = open_table(host)
    a = seated(host, name="A")
    before = dumps(table.state)
    for i in range(30):
        a.send(encode("ping", n=i))
    assert refusals(a).count("flood") >= 20 and a.closed == "flooding"
    assert dumps(table.state) == before
    assert a.link not in host.links and ("fri", 0) not in host.seated     # cut off at once
    a.send(encode("ping", n=98))
    assert a.inbox[-1]["t"] == "refused"                                   # (nothing more is answered)
    now[0] += 10
    again = seated(host, name="A", token=a.inbox[0]["token"])              # the player comes back
    again.send(encode("ping", n=99))
    assert again.inbox[-1] == {"t": "pong", "n": 99}


def test_refusals_are_logged_as_counted_summaries(caplog):
    """The first refusal of a kind from an address is a line at once; a flood of the same is
    one more line when the interval ends, never one line each."""
    now = [0.0]
    host = Host(limits=Limits(rate=1e9, burst=10**9, summary_every=10), clock=lambda: now[0])
    open_table(host)
    a = seated(host, name="A")
    with caplog.at_level(logging.INFO, logger="knjazja.net"):
        for raw in ("{", '{"t":"x"}', encode("resync", x=1), encode("action", n=1, at=0, action=[])):
            a.send(raw)
        for _ in range(5000):
            a.send("{")
        now[0] = 10
        host.tick()
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("refused")]
    assert host.refusals == 5004 and len(lines) == 5, lines
    assert "refused not_json 5000 more times from A in the last 10 s" in lines
    assert all("\n" not in line for line in lines)


def test_seeded_games_send_no_hidden_card():
    check = LeakCheck()
    host = Host(limits=FREE, tap=lambda link, text: check.check(text, link.table.state if link.table else None,
                                                                  link.seat))
    for g, kinds in enumerate(LAYOUTS):
        play_in_process(host, f"L{g}", kinds, 100 + g, random.Random(g))
        assert host.tables[f"L{g}"].state.over
    assert check.messages > 500 and check.cards_checked > 1000
    assert check.hidden_sent == 0, check.leaks[:5]


def test_the_leak_check_sees_a_leak(monkeypatch):
    """With the redaction switched off, the check must count hidden cards (it is not blind)."""
    monkeypatch.setattr(Event, "for_seat", lambda self, seat: self)
    check = LeakCheck()
    host = Host(limits=FREE, tap=lambda link, text: check.check(text, link.table.state if link.table else None,
                                                                  link.seat))
    play_in_process(host, "L", ["remote", "remote", "easy"], 3, random.Random(3))
    assert check.hidden_sent > 0


def test_a_table_resumes_from_its_autosave_with_seats_and_tokens(tmp_path):
    host = Host(tmp_path, limits=FREE)
    table = open_table(host, kinds=("remote", "easy", "remote"), password="pw")
    a, b = seated(host, name="Ann", password="pw"), seated(host, name="Bob", password="pw")
    for _ in range(6):
        for p in (a, b):
            st = p.last_state()
            if st["legal"]:
                p.send(encode("action", n=1, at=st["at"], action=st["legal"][-1]))
    host.close()
    at, state = len(table.state.history), dumps(table.state)
    again = Host(tmp_path, limits=FREE)
    assert again.resume() == 1
    table2 = again.tables["fri"]
    assert dumps(table2.state) == state and len(table2.state.history) == at
    assert [s.name for s in table2.session.seats][::2] == ["Ann", "Bob"]
    back = seated(again, name="x", token=b.inbox[0]["token"])
    assert back.inbox[0]["seat"] == 2 and back.last_state()["obs"] == b.last_state()["obs"]
    assert refusals(seated(again, name="y", password="pw")) == ["table_full"]
    assert refusals(seated(again, name="y", password="no", seat=0)) == ["bad_password"]


def test_a_damaged_table_autosave_is_skipped(tmp_path):
    (tmp_path / "table-bad.json").write_text("{nonsense", encoding="utf-8")
    assert Host(tmp_path).resume() == 0


def test_a_new_code_opens_a_table_for_its_first_player():
    host = Host(limits=Limits(rate=1e9, burst=10**9, max_tables=1), new_table_kinds=["remote", "easy"])
    a = seated(host, code="new1", name="A")
    assert a.inbox[0]["t"] == "welcome" and host.tables["new1"].kinds == ["remote", "easy"]
    assert refusals(seated(host, code="new2", name="B")) == ["too_many_tables"]
    assert refusals(seated(Host(), code="nope", name="B")) == ["no_table"]
    assert refusals(seated(host, code="../x", name="B")) == ["bad_field"]


def test_connections_over_the_limit_are_refused_and_logged(caplog):
    """A host full of seated players refuses a newcomer (one without a seat would be closed
    for him instead: tests/net/test_net_guard.py)."""
    host = Host(limits=Limits(max_connections=2))
    open_table(host)
    seated(host, name="peer0"), seated(host, name="peer1")
    with caplog.at_level(logging.INFO, logger="knjazja.net"):
        assert host.connect(lambda t: None, lambda w: None, "peer2") is None
    assert any("refused connection from peer2: the host is full" in r.getMessage() for r in caplog.records)
    host.disconnect(next(iter(host.links)))
    assert host.connect(lambda t: None, lambda w: None, "peer3") is not None


def test_the_autosave_holds_no_token(tmp_path):
    host = Host(tmp_path, limits=FREE)
    open_table(host)
    token = seated(host, name="A").inbox[0]["token"]
    host.close()
    text = (tmp_path / "table-fri.json").read_text(encoding="utf-8")
    assert token not in text and '"tokens"' in text


def test_an_absent_players_seat_is_played_by_a_bot_until_he_is_back(tmp_path):
    now = [0.0]
    host = Host(tmp_path, limits=Limits(rate=1e9, burst=10**9, stand_in_after=60), clock=lambda: now[0])
    table = open_table(host, kinds=("remote", "remote"))
    a, b = seated(host, name="A"), seated(host, name="B")
    away, there = (a, b) if table.state.decision.seat == 0 else (b, a)
    seat = away.inbox[0]["seat"]
    host.disconnect(away.link)
    at = len(table.state.history)
    now[0] = 59
    host.tick()
    assert len(table.state.history) == at and not table.stand_ins          # the table waits a while
    now[0] = 60
    host.tick()
    assert table.stand_ins == {seat: "normal"} and len(table.state.history) > at   # then a bot plays for him
    assert table.state.decision.seat != seat or table.state.over
    host.close()
    again = Host(tmp_path)
    assert again.resume() == 1 and again.tables["fri"].stand_ins == {seat: "normal"}   # survives a restart
    assert again.tables["fri"].session.seats[seat].kind == "normal"
    back = seated(host, name="A again", token=away.inbox[0]["token"])
    assert back.inbox[0]["seat"] == seat and table.stand_ins == {}
    assert table.session.seats[seat].kind == "human"
    assert there.last_state()["at"] == len(table.state.history)


def test_with_no_stand_in_the_table_waits():
    now = [0.0]
    host = Host(limits=Limits(stand_in_after=None), clock=lambda: now[0])
    table = open_table(host, kinds=("remote", "easy"))
    p = seated(host, name="A")
    host.disconnect(p.link)
    now[0] = 10**6
    host.tick()
    assert table.stand_ins == {}
