"""No game lost to a stranger: a code with a table or its autosave behind it is never given
to a new table; a paused or finished table comes back only for its own seats' tokens."""
import json
import random

import pytest

from knjazja.app.store.files import load_game
from knjazja.tools.netbench import ScriptedSeat, play_in_process
from knjazja.net.host import Host, Limits
from knjazja.net.protocol import Refused, encode, join_message


def limits(**kw):
    return Limits(rate=1e9, burst=10**9, **kw)


def seated(host, code, peer, **join):
    p = ScriptedSeat(host, peer)
    p.send(join_message(code, name=peer.split(":")[0], **join))
    return p


def refusals(p):
    return [m["reason"] for m in p.inbox if m["t"] == "refused"]


def play(players, table, moves):
    """Whoever decides moves, ``moves`` times (or to the end)."""
    number = 0
    while moves and not table.state.over:
        for p in players:
            st = p.last_state()
            if st and st["legal"] and st["at"] == len(table.state.history):
                number += 1
                p.send(encode("action", n=number, at=st["at"], action=st["legal"][-1]))
                moves -= 1
                break


def saved_actions(path):
    return len(json.loads(path.read_text(encoding="utf-8"))["actions"])


def test_the_issues_wipe_cannot_happen(tmp_path, monkeypatch):
    """Friends play 36 moves and leave; the table closes as idle; a stranger joins its code
    without a token: refused, the autosave as it was; the friend's token still opens it."""
    import knjazja.app.session
    monkeypatch.setattr(knjazja.app.session, "new_seed", lambda: 2)     # (a deal with no early Invasion)
    now = [0.0]
    host = Host(tmp_path, limits=limits(idle_table_after=6, stand_in_after=None),
                new_table_kinds=["remote", "remote"], clock=lambda: now[0])
    a, b = seated(host, "fri", "10.0.0.7:1"), seated(host, "fri", "10.0.0.8:1")
    table = host.tables["fri"]
    play([a, b], table, 36)
    assert len(table.state.history) == 36
    host.disconnect(a.link)
    host.disconnect(b.link)
    now[0] = 10
    host.tick()
    host.writer.flush()
    path = tmp_path / "table-fri.json"
    assert "fri" not in host.tables and saved_actions(path) == 36
    stranger = seated(host, "fri", "10.0.0.66:1")
    assert refusals(stranger) == ["code_taken"] and "fri" not in host.tables     # before: seat 0 of a new game
    host.writer.flush()
    assert saved_actions(path) == 36
    back = seated(host, "fri", "10.0.0.7:2", token=a.inbox[0]["token"])
    assert back.inbox[0]["t"] == "welcome" and back.inbox[0]["seat"] == a.inbox[0]["seat"]
    assert len(host.tables["fri"].state.history) == 36


def test_a_finished_table_keeps_its_code_and_opens_for_its_players_to_look_at(tmp_path):
    host = Host(tmp_path, limits=limits(), new_table_kinds=["remote", "remote"])
    players = play_in_process(host, "done", ["remote", "easy", "remote"], 5, random.Random(5))
    table = host.tables["done"]
    assert table.state.over
    for p in players:
        host.disconnect(p.link)
    assert "done" not in host.tables                     # finished and left: closed, its autosave kept
    host.writer.flush()
    actions = saved_actions(tmp_path / "table-done.json")
    assert refusals(seated(host, "done", "10.0.0.66:1")) == ["code_taken"]
    assert refusals(seated(host, "done", "10.0.0.66:2", token="y" * 32)) == ["bad_token"]
    back = seated(host, "done", "10.0.0.7:1", token=players[0].inbox[0]["token"])
    st = back.last_state()
    assert back.inbox[0]["t"] == "welcome" and st["obs"]["over"] and st["at"] == actions
    assert sum(len(m["events"]) for m in back.inbox if m["t"] == "events") == len(table.session.feed)
    host.disconnect(back.link)
    assert "done" not in host.tables
    host.writer.flush()
    assert saved_actions(tmp_path / "table-done.json") == actions


def test_a_code_whose_autosave_cannot_be_read_is_not_reused(tmp_path):
    (tmp_path / "table-odd.json").write_text("{damaged", encoding="utf-8")
    host = Host(tmp_path, limits=limits(), new_table_kinds=["remote", "remote"])
    assert refusals(seated(host, "odd", "10.0.0.66:1")) == ["code_taken"]
    assert (tmp_path / "table-odd.json").read_text(encoding="utf-8") == "{damaged"
    with pytest.raises(Refused) as e:
        host.create_table("odd", ["remote", "remote"])
    assert e.value.reason == "code_taken"


def test_a_paused_table_in_play_gives_a_claimed_seat_only_to_its_token(tmp_path):
    host = Host(tmp_path, limits=limits())
    host.create_table("fri", ["remote", "remote"], seed=3)
    _, b = seated(host, "fri", "10.0.0.7:1"), seated(host, "fri", "10.0.0.8:1")
    host.close()
    again = Host(tmp_path, limits=limits())
    assert again.resume() == 1
    assert refusals(seated(again, "fri", "10.0.0.66:1")) == ["table_full"]
    assert refusals(seated(again, "fri", "10.0.0.66:2", seat=0)) == ["seat_taken"]
    assert seated(again, "fri", "10.0.0.8:2", token=b.inbox[0]["token"]).inbox[0]["seat"] == 1
    assert load_game(tmp_path / "table-fri.json")[0].n == 2
