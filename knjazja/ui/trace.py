"""What the window keeps for a crash report, and the messages it owes the player.

``describe_event`` turns an input event into one short line (the report lists the last
ones); ``report_crash`` writes the report (``knjazja.app.store.crash``) with what the app's
``crash_context`` callbacks add; ``show_notices`` puts each pending notice
(``knjazja.app.store.notices``) on the scene stack as a message box.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from knjazja.app.store import crash, notices
from knjazja.app.wording.i18n import tr

if TYPE_CHECKING:
    from knjazja.ui.app import App

log = logging.getLogger(__name__)

_FIELDS = ("key", "unicode", "button", "pos", "x", "y", "size", "text")
_QUIET = {pygame.ACTIVEEVENT, pygame.WINDOWMOVED, pygame.AUDIODEVICEADDED}


def describe_event(event: pygame.event.Event) -> str | None:
    """``"MouseButtonDown button=1 pos=(412, 300)"``; None for events not worth a line."""
    if event.type in _QUIET or event.type >= pygame.USEREVENT:
        return None
    parts = [pygame.event.event_name(event.type)]
    for name in _FIELDS:
        value = getattr(event, name, None)
        if value is not None and value != "":
            parts.append(f"{name}={value!r}" if name in ("unicode", "text") else f"{name}={value}")
    return " ".join(parts)


def report_crash(app: App, exc: BaseException) -> Path | None:
    """Write the crash report of ``exc``; never raises for the disk (it is logged)."""
    sections = []
    for section in app.crash_context:
        try:
            sections.append(section())
        except Exception as err:       # a broken section must not cost the report
            sections.append(("(section failed)", repr(err)))
    path = crash.write_report(exc, app.recent_input, sections)
    log.error("Knjaz'ja stopped on an error; the report is %s", path)
    return path


def show_notices(app: App) -> None:
    """Each notice not shown yet becomes a message box over the top scene."""
    if not notices.pending() or app.stack.top is None:
        return
    from knjazja.ui.scenes.message import MessageScene
    for notice in notices.take():
        app.stack.push(MessageScene(tr(notice.title), notice.text(tr)))
