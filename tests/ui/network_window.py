"""What the network table tests in the window share: tables the window hosts kept on
loopback, frames run while the network thread answers, and Join a game filled as typed."""
from __future__ import annotations

import time

import pytest

from knjazja.ui.scenes.join import JoinScene


def host_here(monkeypatch: pytest.MonkeyPatch, folder) -> None:
    """Tables the window hosts (opened or resumed) listen on loopback at a free port,
    unannounced, their bots without the pause and the floor (a game would last minutes)."""
    from knjazja.net import hosting as H
    real_open, real_resume = H.HostedTable.open.__func__, H.HostedTable.resume.__func__

    def open_here(cls, kinds, names, **kw):
        kw.update(port=0, bind="127.0.0.1", announce=False, folder=folder, bot_pause=0.0, bot_floor=0.0)
        return real_open(cls, kinds, names, **kw)

    def resume_here(cls, path, **kw):
        kw.update(port=0, bind="127.0.0.1", announce=False, bot_pause=0.0, bot_floor=0.0)
        return real_resume(cls, path, **kw)
    monkeypatch.setattr(H.HostedTable, "open", classmethod(open_here))
    monkeypatch.setattr(H.HostedTable, "resume", classmethod(resume_here))
    monkeypatch.setattr(H, "hosted_folder", lambda: folder)


def frames_until(app, done) -> None:
    """Frames until ``done()``; no deadline (a hang is stopped by pytest-timeout)."""
    while not done():
        app.step([], 1 / 30)
        time.sleep(0.005)        # the network thread's turn (not a timing assertion)


def plain(text: str) -> str:
    return text.replace("\u00a0", " ")      # the typography's no-break spaces


def join_typed(app, flow, name: str, **fields: str) -> JoinScene:
    """Join a game opened over the menu, its fields filled as a player types them, and asked."""
    join = JoinScene(on_joined=flow.net.open, name=name, browse=False)
    app.stack.push(join)
    app.step([], 1 / 30)
    join.fields.update(fields)
    join.entries.clear()
    join.join()
    return join
