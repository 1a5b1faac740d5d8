"""Tests of the network table: a throw-away home folder, and helpers shared by the files."""
import pytest


@pytest.fixture(autouse=True)
def knjazja_home(tmp_path, monkeypatch):
    monkeypatch.setenv("KNJAZJA_HOME", str(tmp_path / "home"))
    yield tmp_path / "home"
