"""Screenshots of the answer dialogs (issue 58): each position of ``tests/app/answer_positions.py``
on the table, seat 0 to answer, at the sizes and in the languages asked.

    xvfb-run -a -s "-screen 0 2560x1440x24" .venv/bin/python tests/answer_shots.py shots \
        [--size 960x540] [--lang ru] [--only defend_many]

Not a test (pytest does not collect it): a developer's tool; the same code draws the same pixels.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).parent / "app"))

from answer_positions import POSITIONS  # noqa: E402

from knjazja.app.session import GameSession, Seat  # noqa: E402
from knjazja.app.store.settings import Settings  # noqa: E402
from knjazja.app.wording import i18n  # noqa: E402
from knjazja.ui.app import App  # noqa: E402

DT = 1 / 30
NAMES = {"ru": ["Вася", "Ольга", "Ярослав"], "en": ["Vasya", "Olga", "Yaroslav"]}


def shoot(out: Path, sizes: list[tuple[int, int]], langs: list[str], only: list[str]) -> list[Path]:
    from knjazja.ui.table.scene import TableScene

    out.mkdir(parents=True, exist_ok=True)
    saved = []
    for size in sizes:
        for lang in langs:
            i18n.set_language(lang)
            settings = Settings()
            settings.language, settings.window_size = lang, size
            app = App(settings, persist=False, size=size)
            for name in only or list(POSITIONS):
                seats = [Seat(NAMES[lang][0], "human")] + [Seat(n, "normal") for n in NAMES[lang][1:]]
                session = GameSession(seats, state=POSITIONS[name]())
                scene = TableScene(session, viewer_policy=0, on_game_over=lambda s: None, on_menu=lambda: None,
                                   settings=settings, sync_bots=True)
                app.stack.push(scene)
                for _ in range(3):
                    app.step([], DT)
                path = out / f"answer_{name}_{size[0]}x{size[1]}_{lang}.png"
                app.screenshot(path)
                saved.append(path)
                app.stack.pop()
            app.shutdown()
    return saved


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("out", nargs="?", default="shots")
    p.add_argument("--size", action="append", default=[])
    p.add_argument("--lang", action="append", default=[], choices=("ru", "en"))
    p.add_argument("--only", action="append", default=[], choices=sorted(POSITIONS))
    a = p.parse_args()
    sizes = [tuple(int(x) for x in s.split("x")) for s in a.size] or [(960, 540), (1920, 1080)]
    for path in shoot(Path(a.out), sizes, a.lang or ["ru", "en"], a.only):   # type: ignore[arg-type]
        print(path)


if __name__ == "__main__":
    main()
