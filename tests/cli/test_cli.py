"""The `knjazja` command line: catalogue, simulate, bench, bad flags."""
import json
import subprocess
import sys
from collections import Counter

import pytest

from knjazja.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cards_json_lists_the_whole_catalogue(capsys):
    code, out, _ = run(capsys, "cards", "--json")
    assert code == 0
    cards = json.loads(out)
    copies = Counter()
    for c in cards:
        assert {"id", "kind", "copies", "name", "text"} <= set(c)
        copies[c["kind"]] += c["copies"]
    assert copies == {"city": 11, "building": 29, "troop": 24, "event": 24, "chronicle": 12}
    assert sum(copies.values()) == 100


def test_cards_in_russian(capsys):
    code, out, _ = run(capsys, "cards", "--lang", "ru", "--json")
    names = {c["id"]: c["name"] for c in json.loads(out)}
    assert names["city.kiev"] == "Киев"


def test_simulate_is_reproducible(capsys):
    args = ("simulate", "--players", "3", "--games", "20", "--seed", "5", "--json")
    first = json.loads(run(capsys, *args)[1])
    second = json.loads(run(capsys, *args)[1])
    for r in (first, second):
        r.pop("games_per_s")
    assert first == second
    assert first["games"] == 20
    assert sum(s["wins"] for s in first["seats"]) == pytest.approx(20)


def test_bench_engine_json(capsys):
    code, out, _ = run(capsys, "bench", "engine", "--json", "--seconds", "0.2")
    res = json.loads(out)
    assert code == 0 and res["games"] >= 1 and res["games_per_s"] > 0 and res["actions_per_s"] > 0


def test_bench_words_renders_games_in_both_languages(capsys):
    code, out, _ = run(capsys, "bench", "words", "--games", "1", "--json")
    res = json.loads(out)
    assert code == 0
    for lang in ("ru", "en"):
        assert res[lang]["games"] == 1 and res[lang]["lines_rendered"] > 1000
        assert res[lang]["lines_matching_an_error_pattern"] == 0


@pytest.mark.parametrize("argv", [
    ["simulate", "--players", "9"],
    ["simulate", "--players", "four"],
    ["simulate", "--games", "0", "--players", "3"],
    ["simulate", "--seats", "normal,wizard"],
    ["simulate", "--seats", "normal,hard-classic:iterations=20"],   # no silent default
    ["simulate", "--seats", "easy:prince,normal"],
    ["simulate", "--seats", "normal@no/such/weights.json,normal"],
    ["simulate", "--seats", "hard:tree:soon,normal"],
    ["cards", "--lang", "de"],
    ["bench", "serve", "--table-seats", "remote,normal"],          # one scripted player: no game ends
    ["bench", "serve", "--table-seats", "remote,remote,wizard"],
    ["--no-such-flag"],
])
def test_bad_flags_give_a_message_not_a_traceback(argv):
    proc = subprocess.run([sys.executable, "-m", "knjazja", *argv], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "error:" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_engine_imports_no_pygame():
    code = ("import sys, knjazja.engine; "
            "assert not any(m.startswith('pygame') for m in sys.modules), 'pygame imported'; "
            "assert not any(m.startswith(('knjazja.ui', 'knjazja.bots')) for m in sys.modules)")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_russian_names_reach_a_file_whatever_the_code_page(tmp_path):
    """A pip install on Windows: stdout redirected to a file is cp1252 there."""
    import os
    import subprocess
    import sys
    out = tmp_path / "cards.txt"
    env = dict(os.environ, PYTHONIOENCODING="cp1252")
    with open(out, "wb") as f:
        proc = subprocess.run([sys.executable, "-m", "knjazja", "cards", "--lang", "ru"], stdout=f,
                              stderr=subprocess.PIPE, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    text = out.read_text(encoding="utf-8")
    assert "Киев" in text and "Новгород" in text


def test_simulate_jobs_are_capped_on_windows():
    from knjazja.cli import WINDOWS_MAX_JOBS, simulate_jobs
    assert WINDOWS_MAX_JOBS == 61
    assert simulate_jobs(200, "win32") == 61 and simulate_jobs(8, "win32") == 8
    assert simulate_jobs(200, "linux") == 200 and simulate_jobs(200, "darwin") == 200


def test_replay_reports_each_bot_turn_and_refuses_a_bad_file(tmp_path, capsys):
    import random

    from knjazja.bots import make_bot
    from knjazja.engine import apply, legal_actions, new_game, observation
    from knjazja.app.store.files import save_game
    s, bot, rng = new_game(3, 8), make_bot("normal"), random.Random(8)
    while not s.over:
        apply(s, bot.choose(observation(s, s.decision.seat), legal_actions(s), rng))
    path = tmp_path / "game.json"
    save_game(s, path, {"seats": [{"name": "Ольга", "kind": "human"},
                                  {"name": "Ярослав", "kind": "normal"},
                                  {"name": "Мстислав", "kind": "normal"}]})
    assert main(["replay", str(path), "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    person, *bots = rep["seats"]
    assert person["bot_turns"] == 0 and all(b["bot_turns"] > 0 for b in bots)
    # the seat marked human had its turns played by the bot too: the report counts only
    # the bots' wars, each of them a declaration in the game's history
    assert sum(b["wars"] for b in bots) <= sum(1 for a in s.history if a.kind == "war")
    assert all(t["chances"] for t in rep["turns"] if t["war"])
    assert main(["replay", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Ярослав (normal)" in text and "open chances" in text
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(SystemExit) as e:
        main(["replay", str(bad)])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "bad.json" in err


def test_lab_commands_without_the_lab_say_they_need_a_checkout(monkeypatch, tmp_path, capsys):
    """An installed wheel (or the executable) has no knjazja_lab: a clear line, exit 2."""
    import importlib.util

    from knjazja import cli
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == cli.LAB else real(name, *a))
    monkeypatch.setattr(cli, "__file__", str(tmp_path / "knjazja" / "cli.py"))   # no lab beside
    for argv in (["simulate", "--seats", "easy,easy", "--games", "1"], ["train", "--games", "1"],
                 ["replay", "x.json"], ["bench", "bots"]):
        assert cli.main(argv) == 2
        err = capsys.readouterr().err
        assert "needs a checkout" in err and "Traceback" not in err


def test_bench_words_sample_writes_the_second_readers_file(capsys, monkeypatch, tmp_path):
    from knjazja.tools import wordsample
    asked = {}

    def fake(out, size):
        asked.update(out=out, size=size)
        return {"ru": str(out) + ".ru", "en": str(out) + ".en"}
    monkeypatch.setattr(wordsample, "write_sample", fake)
    code, out, _ = run(capsys, "bench", "words", "--sample", "7", "--out", str(tmp_path / "s.md"))
    assert code == 0 and asked == {"out": tmp_path / "s.md", "size": 7}
    assert out.split() == [str(tmp_path / "s.md") + ".ru", str(tmp_path / "s.md") + ".en"]


def test_bench_words_sample_into_a_place_that_cannot_be_written_is_a_message(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, _, err = run(capsys, "bench", "words", "--sample", "5", "--out", str(blocker / "s.md"))
    assert code == 2 and "cannot write the sample" in err and "Traceback" not in err


def test_bench_serve_follows_the_servers_memory_as_the_games_end(monkeypatch):
    """`bench serve --games`: the server's memory is read as each tenth of the games ends,
    and its peak kept (a fake server: its memory grows with the games)."""
    import threading

    from knjazja.tools import netbench
    counts = {"games": 0}
    read = threading.Event()

    def memory_mb(pid):
        counts["games"] += 1            # one more game ended at each look
        read.set()
        return 100.0 + counts["games"], "PSS"

    monkeypatch.setattr("knjazja.ui.processes.memory_mb", memory_mb)
    watch = netbench._MemoryWatch(pid=1, counts=counts, games=20, every=0.001)
    while counts["games"] < 25:
        read.wait(1)
        read.clear()
    watch.stop()
    assert watch.first == 101.0 and watch.peak >= 120.0 and watch.kind == "PSS"
    assert watch.by_tenth == [102.0 + 2 * i for i in range(10)]
