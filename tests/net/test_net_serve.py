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
])
def test_a_bad_flag_is_one_line_and_exit_2(argv, words, capsys):
    with pytest.raises(SystemExit) as e:
        main(["serve", *argv])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


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
            assert bell.wait(30), "no answer from the host"
            bell.clear()
            client.poll()
        assert client.seat == 0 and client.seats[1]["kind"] == "easy"
        client.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
        reader.join(30)
    finally:
        if proc.poll() is None:
            proc.kill()
    log = "".join(lines + rest)
    assert "table evening opened: remote,easy" in log and "took table evening seat 0 (Ivan)" in log
    assert "stopped" in log and "Traceback" not in log
    assert (tmp_path / "tables" / "table-evening.json").is_file()
