"""Saves on disk (``knjazja.app.store.files``): the file holds exactly the engine's text, written
atomically; what cannot be read is one SaveError line."""
import pytest

from knjazja.app.store.files import load_game, save_game
from knjazja.engine import SaveError, apply, dumps, legal_actions, new_game
from knjazja.engine.saves import MAX_SAVE_BYTES


def _played(steps: int = 25):
    s = new_game(3, seed=2)
    for _ in range(steps):
        apply(s, legal_actions(s)[0])
    return s


def test_a_save_file_holds_the_engines_text_and_loads_back(tmp_path):
    s = _played()
    path = tmp_path / "slot" / "a.json"
    save_game(s, path, {"slot": "Поход"})
    assert path.read_bytes() == dumps(s, {"slot": "Поход"}).encode("utf-8")    # the format as before
    back, meta = load_game(path)
    assert back.history == s.history and meta == {"slot": "Поход"}
    assert [p.name for p in path.parent.iterdir()] == ["a.json"]              # no temp file left


def test_what_cannot_be_read_is_a_save_error(tmp_path):
    with pytest.raises(SaveError, match="no save") as info:
        load_game(tmp_path / "nothing.json")
    assert info.value.kind == "missing"
    folder = tmp_path / "dir.json"
    folder.mkdir()
    with pytest.raises(SaveError, match="cannot read save") as info:
        load_game(folder)
    assert info.value.kind == "unreadable"
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (MAX_SAVE_BYTES + 5))
    with pytest.raises(SaveError, match="huge.json is too large") as info:
        load_game(huge)
    assert info.value.kind == "too_large"
    latin = tmp_path / "latin1.json"
    latin.write_bytes(dumps(_played(3)).encode("utf-8") + b"\xff")
    with pytest.raises(SaveError, match="latin1.json is not UTF-8"):
        load_game(latin)
