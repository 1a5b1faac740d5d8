"""The seats this computer holds at tables elsewhere, kept on disk: bounded, and a damaged
file is set aside and told, never a traceback."""
from knjazja.app.store import notices, storage
from knjazja.net import tokens


def test_a_seat_is_remembered_recalled_and_forgotten():
    assert tokens.recall("ws://a:1", "T") is None
    tokens.remember("ws://a:1", "T", 2, "tok")
    tokens.remember("ws://b:1", "T", 1, "other")
    assert tokens.recall("ws://a:1", "T") == (2, "tok")
    tokens.remember("ws://a:1", "T", 3, "new")
    assert tokens.recall("ws://a:1", "T") == (3, "new")
    tokens.forget("ws://a:1", "T")
    assert tokens.recall("ws://a:1", "T") is None and tokens.recall("ws://b:1", "T") == (1, "other")


def test_only_the_newest_tables_are_kept():
    for i in range(tokens.KEPT + 5):
        tokens.remember("ws://a:1", f"T{i}", 0, f"t{i}")
    assert tokens.recall("ws://a:1", "T0") is None
    assert tokens.recall("ws://a:1", f"T{tokens.KEPT + 4}") == (0, f"t{tokens.KEPT + 4}")
    assert len(storage.read_document(storage.data_dir() / tokens.FILE)) == tokens.KEPT


def test_a_damaged_file_is_set_aside_and_told():
    notices.forget()
    path = storage.data_dir() / tokens.FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    for bad in ('{"x": 1}', '[{"url": "u", "code": "c", "seat": 99, "token": "t"}]', "not json"):
        path.write_text(bad, encoding="utf-8")
        assert tokens.recall("u", "c") is None
        assert not path.exists()
    told = notices.take()
    assert len(told) == 3 and all(n.key == "storage.damaged.net_seats" for n in told)
    tokens.remember("u", "c", 1, "t")
    assert tokens.recall("u", "c") == (1, "t")
