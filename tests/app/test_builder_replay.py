"""A person who builds and never attacks, scripted through the table's controller (the
way the mouse plays), against three Normal bots; the game is saved and `knjazja replay`
tells what the bots could have done and did: they press him before the last round."""
from __future__ import annotations

import random
from pathlib import Path

from knjazja.app.table.controller import TableController
from knjazja.app.table.news import GameOver
from knjazja.app.store.files import load_game
from knjazja.app.session import GameSession, Seat
from knjazja_lab.proxies import ProxyBot
from knjazja_lab.replay import format_report, replay_report
from knjazja.engine import observation

from controller_driver import drain, perform


def play_builder_game(seed: int, folder: Path) -> Path:
    """Seat 0 is a person playing like `builder`; the game is saved and its path returned."""
    session = GameSession([Seat("Ольга", "human"), Seat("Ярослав", "normal"),
                           Seat("Мстислав", "normal"), Seat("Святослав", "normal")], seed=seed)
    c = TableController(session, sync_bots=True)
    person, rng = ProxyBot("builder"), random.Random(seed)
    for _ in range(5000):
        if c.news.pending(GameOver):
            break
        drain(c)
        c.update(0.1)
        if not c.can_act():
            continue
        s = session.state
        a = person.choose(observation(s, c.viewer), session.legal(), rng)
        before = len(s.history)
        perform(c, a, rng)
        assert len(session.state.history) > before and session.state.history[before] == a
    drain(c)
    assert session.state.over
    path = folder / "builder.json"
    session.save_to(path, "builder")
    return path


def test_replay_shows_bots_pressing_a_builder_before_the_last_round(tmp_path):
    rep = replay_report(*load_game(play_builder_game(11, tmp_path)))
    person, *bots = rep["seats"]
    assert person["kind"] == "human" and person["bot_turns"] == 0
    assert all(b["kind"] == "normal" and b["bot_turns"] > 0 for b in bots)
    early = sum(b["wars_before_last_round"] for b in bots)
    chances = sum(b["open_chances"] for b in bots)
    taken = sum(b["chances_taken"] for b in bots)
    assert early >= 2, format_report(rep)
    assert chances and taken / chances >= 0.2, format_report(rep)
    # every turn listed as a war is one the engine offered as a chance
    assert all(t["chances"] for t in rep["turns"] if t["war"])
    text = format_report(rep)
    assert "before the last round" in text and "could attack" in text
