"""Two players' screens of one network game at the same moment (a developer's tool, not a test).

    xvfb-run -a -s "-screen 0 1920x1080x24" .venv/bin/python tests/net_screens.py OUT [AT]

Starts two programs, each with its own data folder: the host (Ольга at the screen, a seat for a
player on another computer, a Normal bot) opens a table from the setup; the guest (Игорь) finds
it in Join a game and takes the free seat by address and code.  Each plays its seat (a seeded
choice among the legal moves, preferring to play cards) until the game has AT actions (default
24) and a person must decide; then both save their screens: OUT/host.png and OUT/join.png (the
same moment, seen from two seats), with OUT/host-waiting.png (the invite card), OUT/join-scene.png
and OUT/join-reconnecting.png (the guest's connection cut on purpose).
"""
import os
import random
import sys
import time
from pathlib import Path

import pygame

from knjazja.app.store.settings import Settings
from knjazja.app.wording import i18n
from knjazja.ui.app import App
from knjazja.ui.main import GameFlow
from knjazja.ui.table.remote_scene import RemoteTableScene



def orchestrate(out: Path, at: int) -> int:
    import subprocess
    import tempfile
    out.mkdir(parents=True, exist_ok=True)
    (out / "address").unlink(missing_ok=True)
    homes = [tempfile.mkdtemp(prefix="knjazja-net-"), tempfile.mkdtemp(prefix="knjazja-net-")]
    host = subprocess.Popen([sys.executable, __file__, "host", str(out), str(at)],
                            env=dict(os.environ, KNJAZJA_HOME=homes[0]))
    end = time.monotonic() + 60
    while not (out / "address").exists():
        if time.monotonic() > end or host.poll() is not None:
            host.kill()
            print("the host did not open its table", file=sys.stderr)
            return 1
        time.sleep(0.2)
    address, code = (out / "address").read_text().split()
    guest = subprocess.run([sys.executable, __file__, "join", str(out), str(at), address, code],
                           env=dict(os.environ, KNJAZJA_HOME=homes[1]), timeout=600)
    host.wait(timeout=120)
    return guest.returncode or host.returncode


def play() -> None:
    """One program: the host's or the guest's (argv: ROLE OUT AT [ADDRESS CODE])."""
    role, out, at = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
    lang = os.environ.get("LANG_UI", "ru")
    i18n.set_language(lang)
    app = App(Settings(window_size=(1600, 900), animation_speed=3.0, language=lang), persist=False)
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    rng = random.Random(7 if role == "host" else 8)
    if role == "host":
        setup = {"seats": [{"name": "Ольга", "kind": "human"}, {"name": "", "kind": "remote"},
                           {"name": "Всеслав", "kind": "normal"}], "first_player": 0, "options": {}}
        flow.start_game(setup, seed=2024)
    else:
        from knjazja.ui.scenes.join import JoinScene
        join = JoinScene(on_joined=flow.net.open, name="Игорь")
        app.stack.push(join)
        t_end = time.monotonic() + 10
        while not join.found_buttons and time.monotonic() < t_end:
            app.step([], 1 / 30)
            time.sleep(0.03)
        app.step([], 1 / 30)
        app.draw()
        app.screenshot(out / "join-scene.png")
        join.fields.update(address=sys.argv[4], code=sys.argv[5])
        join.entries.clear()
        join.join()
    end = time.monotonic() + 600
    saved = False
    while time.monotonic() < end:
        app.step([], 1 / 30)
        app.draw()
        scene = app.stack.top
        if isinstance(scene, RemoteTableScene):
            if role == "host" and not (out / "address").exists():
                (out / "address").write_text(f"127.0.0.1:{scene.hosted.port} {scene.hosted.code}")
                app.step([], 1 / 30)
                app.draw()
                app.screenshot(out / f"{role}-waiting.png")
            c, s = scene.controller, scene.remote
            n = s.observation.history_len if s.observation else 0
            stalled = n >= at and not c.busy and s.deciding in (0, 1) and s.status == "connected"
            if stalled and not saved:      # a person decides and neither plays on: the same moment on both
                for _ in range(10):
                    app.step([], 1 / 30)
                app.draw()
                app.screenshot(out / f"{role}.png")
                saved = True
                print(role, "saved at", n, flush=True)
                if role == "join":
                    s.client.drop_connection()
                    t_end = time.monotonic() + 5
                    while s.status == "connected" and time.monotonic() < t_end:
                        app.step([], 1 / 30)
                        time.sleep(0.01)
                    app.draw()
                    app.screenshot(out / "join-reconnecting.png")
                    break
            if not saved and c.can_act() and s.legal() and n < at:
                legal = s.legal()
                plays = [a for a in legal if a.kind not in ("draw", "pass")]
                c.play(rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal))
            if saved and role == "host" and (out / "join.png").exists():
                break
        time.sleep(0.01)
    pygame.quit()


if __name__ == "__main__":      # (the game's worker processes import this file again: nothing runs then)
    if len(sys.argv) >= 2 and sys.argv[1] not in ("host", "join"):
        sys.exit(orchestrate(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 24))
    play()
