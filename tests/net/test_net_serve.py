"""`knjazja serve`: a headless host in its own process — a player opens a table with a new
code, the host stops cleanly on SIGTERM with the table autosaved; bad flags are one line."""
import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from knjazja.cli import main
from knjazja.net.client import CONNECTED, ClientSession

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("argv, words", [
    (["--table", "a b:remote,normal"], "expected CODE:SEATS"),
    (["--table", "fri:remote,wizard"], "unknown seat kind 'wizard'"),
    (["--table", "fri:normal,normal"], "at least one remote seat"),
    (["--table", "fri:remote,human"], "unknown seat kind 'human'"),
    (["--port", "70000"], "a port is 0..65535"),
    (["--port", "http"], "expected a port number"),
    (["--max-tables", "0"], "at least 1"),
    (["--new-tables", "remote"], "2..8 seats"),
    (["--bot-pause", "-1"], "expected a number from 0 to 10000000"),
    (["--bot-pause", "soon"], "expected a number, got 'soon'"),
    (["--bot-pause", "nan"], "expected a number from 0"),
    (["--idle-minutes", "inf"], "expected a number from 0"),
    (["--idle-minutes", ""], "expected a number"),
    (["--max-per-ip", "0"], "at least 1"),
    (["--new-tables-per-ip", "many"], "expected a whole number"),
    (["--table", "ABCDE:4"], "unknown seat kind '4'"),
    (["--move-limit", "-5"], "expected a number from 0"),
    (["--stand-in", "soon"], "expected a number, got 'soon'"),
])
def test_a_bad_flag_is_one_line_and_exit_2(argv, words, capsys):
    with pytest.raises(SystemExit) as e:
        main(["serve", *argv])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("knjazja serve: error: ")     # before: the usage first


def test_the_limit_flags_reach_the_host(monkeypatch, tmp_path):
    import logging

    from knjazja.net import server
    seen = []
    monkeypatch.setattr(server, "run_until_signal", lambda s: seen.append(s.host))
    monkeypatch.setattr(logging, "basicConfig", lambda **kw: None)
    assert main(["serve", "--data", str(tmp_path), "--bot-pause", "0.5", "--max-per-ip", "3",
                 "--new-tables-per-ip", "2", "--idle-minutes", "1.5", "--move-limit", "60", "--connect-rate", "4"]) == 0
    limits = seen[0].limits
    assert (limits.bot_pause, limits.max_connections_per_ip, limits.max_new_tables_per_ip,
            limits.idle_table_after) == (0.5, 3, 2, 90.0)
    assert (limits.move_limit, limits.connect_rate, limits.connect_burst, limits.max_unjoined_per_ip) == (60, 4, 20, 1)
    assert limits.bot_floor > 0
    assert main(["serve", "--data", str(tmp_path), "--idle-minutes", "0"]) == 0
    limits = seen[1].limits
    assert limits.idle_table_after is None and limits.bot_pause == 1.0 and limits.max_connections_per_ip == 16


@pytest.mark.skipif(os.name != "posix", reason="SIGTERM to a child: POSIX")
def test_serve_hosts_a_new_table_and_stops_cleanly_on_sigterm(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), KNJAZJA_HOME=str(tmp_path / "home"))
    proc = subprocess.Popen([sys.executable, "-m", "knjazja", "serve", "--host", "127.0.0.1", "--port", "0",
                             "--data", str(tmp_path / "tables"), "--new-tables", "remote,easy"],
                            stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    lines = []
    try:
        for line in proc.stderr:
            lines.append(line)
            m = re.search(r"listening on 127.0.0.1 port (\d+)", line)
            if m:
                break
        assert m, "".join(lines)
        rest = []
        reader = threading.Thread(target=lambda: rest.extend(proc.stderr), daemon=True)
        reader.start()
        bell = threading.Event()
        client = ClientSession(f"ws://127.0.0.1:{m.group(1)}", "evening", name="Ivan", on_arrival=bell.set).start()
        while not (client.status == CONNECTED and client.observation is not None):
            bell.wait(1.0)           # a wake-up, not a limit (a hang: pytest-timeout)
            bell.clear()
            client.poll()
        assert client.seat == 0 and client.seats[1]["kind"] == "easy"
        client.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait() == 0
        reader.join()
    finally:
        if proc.poll() is None:
            proc.kill()
    log = "".join(lines + rest)
    assert "table evening opened: remote,easy" in log and "took table evening seat 0 (Ivan)" in log
    assert "stopped" in log and "Traceback" not in log
    assert (tmp_path / "tables" / "table-evening.json").is_file()


def test_a_table_code_whose_game_is_kept_is_not_opened_again(monkeypatch, tmp_path, capsys):
    """`--table fri:…` when fri's finished game is on disk: one line, exit 2, the game kept."""
    import logging
    import random

    from knjazja.net import server
    from knjazja.tools.netbench import play_in_process
    from knjazja.net.host import Host, Limits
    host = Host(tmp_path, limits=Limits(rate=1e9, burst=10**9))
    play_in_process(host, "fri", ["remote", "easy"], 3, random.Random(3))
    host.close()
    kept = (tmp_path / "table-fri.json").read_text(encoding="utf-8")
    monkeypatch.setattr(server, "run_until_signal", lambda s: None)
    monkeypatch.setattr(logging, "basicConfig", lambda **kw: None)
    assert main(["serve", "--data", str(tmp_path), "--table", "fri:remote,normal"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "table fri" in err and "choose another code" in err
    assert (tmp_path / "table-fri.json").read_text(encoding="utf-8") == kept
