"""Screenshots of the table at the sizes issue 46 names: 960×540 (4 and 8 players), 1280×720
and 1920×1080, in the middle of a game with a card just played and a prompt shown.

    xvfb-run -a -s "-screen 0 2560x1440x24" .venv/bin/python tests/table_shots.py /tmp/shots-table

(the screen must be big enough for 1920×1080 to be within 85 % of it: a first window is fitted).

Not a test (pytest does not collect it): a developer's tool, seeded so the same code draws
the same pixels.
"""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from knjazja.app.wording import i18n  # noqa: E402
from knjazja.app.session import GameSession, Seat  # noqa: E402
from knjazja.app.store.settings import Settings  # noqa: E402
from knjazja.app.wording.words import prince_names  # noqa: E402
from knjazja.engine import legal_actions  # noqa: E402
from knjazja.ui.app import App  # noqa: E402

DT = 1 / 30
# (size, players, language, a war on the table)
SHOTS = [((960, 540), 4, "ru", False), ((960, 540), 8, "ru", False), ((960, 540), 4, "ru", True),
         ((960, 540), 8, "ru", True), ((1280, 720), 5, "en", True), ((1280, 720), 8, "ru", False),
         ((1920, 1080), 8, "ru", True), ((1920, 1080), 4, "en", False)]


def position(n: int, seed: int, moves: int, war: bool = True) -> GameSession:
    """A game of humans after ``moves`` seeded random moves that stops in a war if one comes."""
    rng = random.Random(seed)
    names = prince_names(i18n.get_language())
    session = GameSession([Seat(names[i % len(names)], "human") for i in range(n)], seed=seed)
    for i in range(moves):
        s = session.state
        if s.over:
            break
        legal = legal_actions(s)
        wars = [a for a in legal if a.kind in ("war", "attack")]
        if not war:
            legal = [a for a in legal if a.kind != "war"] or legal
        a = rng.choice(wars) if war and wars and i > moves // 2 else rng.choice(legal)
        session.play(a)
        if i > moves // 2 and s.war is not None and s.decision.kind == "war_defend":
            break
    return session


def shoot(out: Path) -> list[Path]:
    from knjazja.ui.table.scene import TableScene

    out.mkdir(parents=True, exist_ok=True)
    saved = []
    settings = Settings()
    for size, n, lang, war in SHOTS:
        i18n.set_language(lang)
        settings.language = lang
        settings.window_size = size
        app = App(settings, persist=False, size=size)
        session = next(s for seed in range(5 + n, 60 + n) if (s := position(n, seed, 24 + 3 * n, war))
                       and not s.state.over and (s.state.war is not None) == war)
        scene = TableScene(session, viewer_policy=max(0, session.state.decision.seat), on_game_over=lambda s: None,
                           on_menu=lambda: None, settings=settings, sync_bots=True)
        app.stack.push(scene)
        app.step([], DT)
        scene.skip()
        for _ in range(3):
            app.step([], DT)
        path = out / f"table_{size[0]}x{size[1]}_{n}p_{lang}{'_war' if war else ''}.png"
        app.screenshot(path)
        saved.append(path)
        app.shutdown()
    return saved


if __name__ == "__main__":
    for p in shoot(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots-table")):
        print(p)
