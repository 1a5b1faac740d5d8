"""`knjazja simulate --check`: checked random games from the command line."""
import json

import pytest

from knjazja.cli import main
from knjazja.tools import checkrun


def test_check_runs_mixed_games_and_reports_no_failure(capsys):
    code = main(["simulate", "--check", "--games", "30", "--seed", "2", "--json"])
    out = capsys.readouterr()
    res = json.loads(out.out)
    assert code == 0
    assert res["games"] == 30 and res["players"] == "2-8" and res["failures"] == 0
    assert "checked 30/30 games" in out.err


def test_check_exits_1_and_names_the_failed_game(capsys, monkeypatch):
    def broken(seed, game, players=None):
        if game == 4:
            raise checkrun.CheckFailure("cards not in exactly one place: city.kiev in nowhere")
        return 10

    monkeypatch.setattr(checkrun, "check_game", broken)
    code = main(["simulate", "--check", "--games", "6", "--players", "3"])
    out = capsys.readouterr().out
    assert code == 1
    assert "6 games (3 players), 50 actions, 1 failures" in out
    assert "game 4 (3 players" in out and "city.kiev in nowhere" in out


def test_check_refuses_seats(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--check", "--seats", "easy,normal"])
    assert exc.value.code == 2
    assert "--check plays random seats" in capsys.readouterr().err
