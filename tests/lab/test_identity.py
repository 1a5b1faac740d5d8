"""Saves written before the laboratory was split off (issue 47) still load, with their seats."""
from pathlib import Path

from knjazja.app.session import GameSession
from knjazja.engine import legal_actions
from knjazja.app.store.files import load_game

OLD_SAVES = Path(__file__).resolve().parents[2] / "knjazja_lab" / "identity"


def test_saves_from_before_the_split_load():
    saves = sorted(OLD_SAVES.glob("save_*.json"))
    assert len(saves) == 3
    for path in saves:
        s, meta = load_game(path)
        seats = GameSession.seats_from_meta(meta, s.n)
        assert [seat.kind for seat in seats] == [x["kind"] for x in meta["seats"]]
        assert s.over or legal_actions(s)
