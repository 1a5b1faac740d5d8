"""What a network table tells its players, on screen (a developer's tool, not a test).

    SDL_VIDEODRIVER=dummy .venv/bin/python tests/net_told_screens.py OUT [LANG]

Saves into OUT: the setup with a seat for a player on another computer (960×540 and
1920×1080), the host's table while a bot stands in for a friend (the bot's mark on his plate,
the log line), the guest's table while a bot plays his own seat (the line across the table)
and what he is told when he takes it back, the host's question before leaving, and Join a
game listing the guest's own table after his program restarted.  Every host runs here, on
loopback; the host's clock is moved on instead of waiting.
"""
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("KNJAZJA_HOME", tempfile.mkdtemp(prefix="knjazja-told-"))

import pygame  # noqa: E402

from knjazja.app.store.settings import Settings  # noqa: E402
from knjazja.app.wording import i18n  # noqa: E402
from knjazja.net.client import ClientSession  # noqa: E402
from knjazja.net.host import Host, Limits  # noqa: E402
from knjazja.net.server import ServerThread  # noqa: E402
from knjazja.ui.app import App  # noqa: E402
from knjazja.ui.main import GameFlow  # noqa: E402
from knjazja.ui.table.remote_scene import RemoteTableScene  # noqa: E402


def frames(app, done=None, n=0, timeout=60.0):
    end = time.monotonic() + timeout
    while (done is not None and not done()) or n > 0:
        if time.monotonic() > end:
            raise RuntimeError("timed out")
        app.step([], 1 / 30)
        n -= 1
        time.sleep(0.005)


def shot(app, path):
    frames(app, n=20)
    app.draw()
    app.screenshot(path)
    print("saved", path)


def new_app(size, lang):
    i18n.set_language(lang)
    app = App(Settings(window_size=size, language=lang, animation_speed=6.0), persist=False)
    flow = GameFlow(app)
    app.stack.push(flow.menu)
    return app, flow


def later(host, seconds):
    host.tick()
    clock = host.clock
    host.clock = lambda: clock() + seconds
    host.tick()


def setup_screens(out, lang):
    from knjazja.ui.scenes.setup import SetupScene
    for size in ((960, 540), (1920, 1080)):
        app, _ = new_app(size, lang)
        setup = app.stack.push(SetupScene())
        frames(app, n=2)
        setup.set_kind(1, "remote")
        shot(app, out / f"setup-remote-{size[0]}-{lang}.png")
        pygame.display.quit()


def host_screens(out, lang, folder):
    from knjazja.net import hosting
    app, flow = new_app((1280, 720), lang)
    hosting.hosted_folder = lambda: folder
    setup = {"seats": [{"name": "Ольга" if lang == "ru" else "Olga", "kind": "human"}, {"name": "", "kind": "remote"},
                       {"name": "Всеслав" if lang == "ru" else "Vseslav", "kind": "easy"}],
             "first_player": 0, "options": {}}
    flow.start_game(setup, seed=7)
    frames(app, lambda: isinstance(app.stack.top, RemoteTableScene))
    scene = app.stack.top
    hosted = scene.hosted
    friend = ClientSession(hosted.url, hosted.code, name="Олег" if lang == "ru" else "Oleg").start()
    frames(app, lambda: hosted.connected == [1])
    c = scene.controller
    while not (friend.my_decision() and not c.busy):       # the host plays to the friend's turn
        frames(app, n=1)
        friend.poll()
        if c.can_act() and scene.remote.legal():
            c.play(scene.remote.legal()[0])
    host = hosted.server.server.host
    hosted.server.call(lambda: later(host, 301))
    frames(app, lambda: not c.humans[1])
    frames(app, lambda: not c.busy and c.can_act(), timeout=120)
    shot(app, out / f"host-stand-in-{lang}.png")
    flow.net.pause()
    app.stack.top.activate("menu")
    shot(app, out / f"host-leave-question-{lang}.png")
    app.stack.top.answer(True)
    friend.close()
    pygame.display.quit()


def guest_screens(out, lang, folder):
    from knjazja.ui.scenes.join import JoinScene
    now = [0.0]
    host = Host(folder, Limits(move_limit=300), clock=lambda: now[0])
    server = ServerThread(host)
    port = server.start()
    server.call(lambda: host.create_table("FRI", ["remote", "easy", "remote"], seed=3, first_player=0))
    other = ClientSession(f"ws://127.0.0.1:{port}", "FRI", seat=2, name="Игорь" if lang == "ru" else "Igor").start()
    app, flow = new_app((1280, 720), lang)
    join = JoinScene(on_joined=flow.net.open, name="Ольга" if lang == "ru" else "Olga", browse=False)
    app.stack.push(join)
    frames(app, n=1)
    join.fields.update(address=f"127.0.0.1:{port}", code="FRI", seat="1")
    join.entries.clear()
    join.join()
    frames(app, lambda: isinstance(app.stack.top, RemoteTableScene))
    scene = app.stack.top
    frames(app, lambda: scene.controller.can_act())
    server.call(host.tick)
    now[0] = 300
    server.call(host.tick)
    def igor_plays():
        other.poll()
        if other.my_decision():
            other.send_action(other.legal[0])
        return True
    frames(app, lambda: igor_plays() and scene.my_stand_in()
           and server.call(lambda: len(host.tables["FRI"].stand_in_moves.get(0, []))) > 4, timeout=120)
    frames(app, lambda: not scene.controller.busy, timeout=120)
    shot(app, out / f"guest-stand-in-{lang}.png")
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(640, 360))], 1 / 30)
    frames(app, lambda: app.stack.top is not scene)
    shot(app, out / f"guest-told-{lang}.png")
    other.close()
    flow.net.leave()
    server.stop()
    pygame.display.quit()


def main() -> int:
    out = Path(sys.argv[1])
    lang = sys.argv[2] if len(sys.argv) > 2 else "ru"
    out.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="knjazja-told-tables-"))
    setup_screens(out, lang)
    host_screens(out, lang, folder)
    guest_screens(out, lang, folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
