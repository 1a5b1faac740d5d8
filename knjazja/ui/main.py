"""Start the desktop game: the app with the main menu on top.

``run()`` is what the ``knjazja`` command calls once the table exists; until then the new-game
screen's Start returns to the menu (the chosen setup is remembered in the settings).
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


def run(on_start: Callable[[dict[str, Any]], None] | None = None,
        has_saves: Callable[[], bool] | None = None,
        on_continue: Callable[[], None] | None = None) -> None:
    from knjazja.ui.app import App
    from knjazja.ui.scenes.menu import MenuScene

    app = App()
    menu = MenuScene(has_saves=has_saves, on_continue=on_continue)

    def start(setup: dict[str, Any]) -> None:
        if on_start is not None:
            on_start(setup)
        else:
            log.info("new game: %s (the table is not built yet)", setup)
            app.stack.pop_to(menu)

    menu.on_start = start
    app.run(menu)


if __name__ == "__main__":
    run()
