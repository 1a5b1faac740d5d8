"""Join a game on another computer: tables found on the local network, or an address and a code.

The list is filled off the frame (``net.discovery.Browser``); a table picked from it fills the
address and the code.  "Take a seat" opens a client session and waits here, drawing, until
the host has seated the player (then ``on_joined(session)``) or refused him (the reason in
his language, and the fields as he left them).  Nothing here blocks the frame.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryLine

from knjazja.app.wording.i18n import tr
from knjazja.app.wording.names import NAME_CHARS, clean_name
from knjazja.net import tokens
from knjazja.net.client import CLOSED, RECONNECTING, ClientSession
from knjazja.net.protocol import MAX_SECRET
from knjazja.net.remote import RemoteSession
from knjazja.net.seats import CODE
from knjazja.net.serve import DEFAULT_PORT
from knjazja.ui import style
from knjazja.ui.scenes.base import GuiScene, oid
from knjazja.ui.table.remote_scene import lost_reason
from knjazja.ui.widgets import wrap_text

if TYPE_CHECKING:
    from knjazja.net.discovery import Browser

MAX_FOUND = 6                    # tables listed at once (the rest: type the address)
MAX_ADDRESS = 80


def parse_address(text: str) -> str | None:
    """``192.168.1.5``, ``host:7654``, ``ws://host:port`` -> a websocket URL, or None."""
    text = text.strip()
    if not text or len(text) > MAX_ADDRESS or any(c.isspace() for c in text):
        return None
    if text.startswith(("ws://", "wss://")):
        return text
    host, _, port = text.rpartition(":") if text.count(":") == 1 else (text, "", "")
    if not port:
        host, port = text, str(DEFAULT_PORT)
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    return f"ws://{host}:{port}"


def held_seat(found) -> tuple[int, str] | None:
    """The seat and token this computer keeps at a table found on the network, if any."""
    return tokens.recall(f"ws://{found.address}:{found.port}", found.code)


class JoinScene(GuiScene):
    def __init__(self, *, on_joined: Callable[[RemoteSession], None], name: str = "",
                 browse: bool = True, discovery_port: int | None = None,
                 on_reopen: Callable[[Path], None] | None = None) -> None:
        """``on_reopen(autosave)``: open again a table this window hosted (listed first)."""
        super().__init__()
        self.on_joined = on_joined
        self.on_reopen = on_reopen
        self.own: list[tuple[Path, str, int]] = []      # this window's unfinished tables
        self.fields = {"name": name, "address": "", "code": "", "password": "", "seat": ""}
        self.entries: dict[str, UITextEntryLine] = {}
        self.found_buttons: list[tuple[UIButton, object]] = []
        self.go: UIButton | None = None
        self.back: UIButton | None = None
        self.again: UIButton | None = None
        self.status = ""
        self.session: RemoteSession | None = None
        self.browser: Browser | None = None
        self._browse = browse
        self._discovery_port = discovery_port
        self._found_shown: tuple = ()
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._list = pygame.Rect(0, 0, 0, 0)

    # -- life --------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.on_reopen is not None:
            from knjazja.net.hosting import unfinished_tables
            self.own = unfinished_tables(newest=2)
        super().enter()
        self.search()

    def exit(self) -> None:
        if self.session is not None:          # left while connecting: nothing stays open
            self.session.close()
            self.session = None
        super().exit()

    def search(self) -> None:
        if not self._browse:
            return
        from knjazja.net.discovery import DISCOVERY_PORT, Browser
        port = DISCOVERY_PORT if self._discovery_port is None else self._discovery_port
        self.browser = Browser(targets=["127.0.0.1"], port=port).start()    # a table on this computer too
        self._found_shown = ()
        self.rebuild()

    def found(self) -> list:
        """The tables found, each once (one heard both on this computer and on the network
        is listed by its network address), at most ``MAX_FOUND``."""
        seen: dict[tuple, object] = {}
        for f in sorted(getattr(self.browser, "results", []) or [], key=lambda f: f.address.startswith("127.")):
            seen.setdefault((f.port, f.code, f.name), f)
        return list(seen.values())[:MAX_FOUND]

    # -- widgets -----------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.size
        px = self.px
        self._read_fields()
        pw, ph = min(w - px(40), px(1100)), min(h - px(40), px(640))
        self._panel = pygame.Rect(0, 0, pw, ph)
        self._panel.center = (w // 2, h // 2)
        inner = self._panel.inflate(-px(60), -px(60))
        col = (inner.width - px(40)) // 2
        row_h, y = px(42), inner.top + px(58)
        label_h = style.font("body", px(17)).get_linesize()
        self.entries = {}
        for key in ("name", "address", "code", "password", "seat"):
            y += label_h                          # the field's name above it (``draw``)
            entry = UITextEntryLine(pygame.Rect(inner.left, y, col, row_h), self.ui,
                                    object_id=oid(None, f"#join_{key}"), initial_text=self.fields[key])
            limit = {"name": 24, "code": 16, "address": MAX_ADDRESS, "seat": 1}.get(key, MAX_SECRET)
            entry.set_text_length_limit(limit)
            if key == "name":
                entry.set_allowed_characters(sorted(NAME_CHARS))    # what every name face draws
            self.entries[key] = entry
            y += row_h + px(8)
        bw = px(240)
        self.go = UIButton(pygame.Rect(inner.left + col - bw, y + px(6), bw, row_h), tr("join.go"), self.ui,
                           object_id=oid("@primary", "#join_go"))
        self.back = UIButton(pygame.Rect(inner.left, inner.bottom - row_h, px(180), row_h), tr("common.back"),
                             self.ui, object_id=oid("@secondary", "#join_back"))
        right = pygame.Rect(inner.left + col + px(40), inner.top + px(70), col, inner.bottom - inner.top - px(70))
        self.again = UIButton(pygame.Rect(right.left, right.bottom - row_h, px(240), row_h),
                              tr("join.search_again"), self.ui, object_id=oid("@secondary", "#join_again"))
        self._list = pygame.Rect(right.left, right.top, right.width, right.height - row_h - px(14))
        self._build_found()

    def _build_found(self) -> None:
        for b, _ in self.found_buttons:
            b.kill()
        self.found_buttons = []
        px = self.px
        y = self._list.top + px(40)
        for path, code, actions in self.own:
            reopen = tr("join.reopen_line", code=code, n=actions)
            b = UIButton(pygame.Rect(self._list.left, y, self._list.width, px(44)), reopen, self.ui,
                         object_id=oid("@primary", "#join_own"))
            self._fit_line(b, [reopen])
            self.found_buttons.append((b, path))
            y += px(52)
        for f in self.found():
            mine = held_seat(f) is not None         # this computer has a seat there: one click back
            key, host = ("join.return_line" if mine else "join.table_line"), f.name or f.address
            # the host's name gives way first ("…"), then goes: the code and the click's meaning stay
            lines = [tr(key, code=f.code, name=host[:n].rstrip() + ("…" if n < len(host) else ""), free=f.free)
                     for n in range(len(host), 2, -1)] + [tr(key + "_short", code=f.code, free=f.free)]
            b = UIButton(pygame.Rect(self._list.left, y, self._list.width, px(44)), lines[0],
                         self.ui, object_id=oid("@primary" if mine else "@secondary", "#join_found"))
            self._fit_line(b, lines)
            if f.free <= 0 and not mine:
                b.disable()
            self.found_buttons.append((b, f))
            y += px(52)
        self._found_shown = tuple((f.address, f.port, f.code, f.free) for f in self.found())

    def _fit_line(self, button: UIButton, lines: list[str]) -> None:
        """The first of ``lines`` (longest first) that fits the button (a long code, a long
        host name, a narrow window); the last one cut short ("…") if none does."""
        font, room = button.font, button.rect.width - self.px(24)
        if font is None:
            return
        text = next((line for line in lines if font.size(line)[0] <= room), None)
        if text is None:
            text = lines[-1]
            while len(text) > 1 and font.size(text + "…")[0] > room:
                text = text[:-1]
            text = text.rstrip() + "…"
        if text != button.text:
            button.set_text(text)

    def keep_input(self) -> None:
        self._read_fields()

    def _write_fields(self) -> None:
        for key, entry in self.entries.items():
            if entry.alive() and entry.get_text() != self.fields[key]:
                entry.set_text(self.fields[key])

    def _read_fields(self) -> None:
        for key, entry in self.entries.items():
            if entry.alive():
                self.fields[key] = entry.get_text()

    # -- input -------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.join()
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        if event.ui_element is self.go:
            self.join()
        elif event.ui_element is self.back:
            self.close()
        elif event.ui_element is self.again:
            self.search()
        else:
            for b, f in self.found_buttons:
                if event.ui_element is b and isinstance(f, Path):
                    assert self.on_reopen is not None
                    self.on_reopen(f)
                elif event.ui_element is b:
                    self.pick(f)
        return True

    def pick(self, found) -> None:
        """A table from the list: its address and code in the fields (the password is typed)."""
        self._read_fields()
        self.fields["address"] = f"{found.address}:{found.port}"
        self.fields["code"] = found.code
        self._write_fields()                # what a rebuild reads back (``keep_input``)
        self.rebuild()
        if not found.password or held_seat(found) is not None:     # a held seat needs no password
            self.join()

    def join(self) -> None:
        """Ask the host for a seat (the answer comes in ``update``)."""
        self._read_fields()
        if self.session is not None:
            return
        url = parse_address(self.fields["address"])
        code = self.fields["code"].strip()
        if url is None:
            self.status = tr("join.need_address")
            return
        if not CODE.match(code):
            self.status = tr("join.need_code")
            return
        wanted = self.fields["seat"].strip()
        if wanted and not (wanted.isdigit() and 1 <= int(wanted) <= 8):
            self.status = tr("join.need_seat")
            return
        held = tokens.recall(url, code)          # this computer's seat there, if it had one
        seat, token = held if held is not None else (int(wanted) - 1 if wanted else -1, "")
        client = ClientSession(url, code, seat=seat, token=token, name=clean_name(self.fields["name"]),
                               password=self.fields["password"]).start()
        self.session = RemoteSession(client)
        self.status = tr("join.connecting", address=self.fields["address"].strip())

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.browser is not None:
            shown = tuple((f.address, f.port, f.code, f.free) for f in self.found())
            if shown != self._found_shown:
                self._read_fields()
                self._build_found()
        s = self.session
        if s is None:
            return
        s.update()
        if s.ready:
            self.session = None
            tokens.remember(s.client.url, s.client.table, s.seat, s.client.token)
            self.on_joined(s)
        elif s.closed or (s.status == RECONNECTING and s.seat < 0):    # refused, or nobody there
            why = lost_reason(s.client.error, self.lang) if s.status == CLOSED else tr("net.lost_closed")
            if s.client.error.startswith("bad_token"):       # a table opened anew: the next try sits afresh
                tokens.forget(s.client.url, s.client.table)
            self.status = tr("join.failed", why=why)
            s.close()
            self.session = None

    @property
    def lang(self) -> str:
        from knjazja.app.wording.i18n import get_language
        return get_language()

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        px = self.px
        surface.blit(style.table_background(surface.get_size()), (0, 0))
        style.draw_panel(surface, self._panel)
        tf = style.font("title", px(40))
        style.blit_text(surface, tr("join.title"), tf, style.GOLD_LIGHT,
                        center=(self._panel.centerx, self._panel.top + px(54)), outline=style.GOLD_DARK)
        label = style.font("body", px(17))
        for key, entry in self.entries.items():
            style.blit_text(surface, tr(f"join.{key}"), label, style.GOLD_LIGHT,
                            topleft=(entry.rect.left + px(2), entry.rect.top - label.get_linesize()))
        body = style.font("body", px(19))
        head = style.font("bold", px(21))
        style.blit_text(surface, tr("join.found"), head, style.GOLD_LIGHT, topleft=self._list.topleft)
        if not self.found() and not self.own:
            searching = self.browser is not None and not getattr(self.browser, "done", True)
            text = tr("join.searching") if searching else tr("join.none_found")
            y = self._list.top + px(44)
            for line in wrap_text(text, body, self._list.width):
                style.blit_text(surface, line, body, style.PARCHMENT, topleft=(self._list.left, y))
                y += body.get_linesize()
        if self.status and self.go is not None and self.back is not None:
            self._draw_status(surface)

    def _draw_status(self, surface: pygame.Surface) -> None:
        """What happened to the last try, between Take a seat and Back: smaller words rather
        than a line under the Back button."""
        px = self.px
        assert self.go is not None and self.back is not None, "draw_live draws it with both buttons"
        y = self.go.rect.bottom + px(12)
        room = self.back.rect.top - px(6) - y
        width = self._list.left - self._panel.left - px(80)
        for size in range(px(19), px(12) - 1, -1):
            body = style.font("body", size)
            lines = wrap_text(self.status, body, width)
            if len(lines) * body.get_linesize() <= room:
                break
        for line in lines:
            style.blit_text(surface, line, body, style.PARCHMENT, topleft=(self._panel.left + px(30), y))
            y += body.get_linesize()


class WaitForSeatScene(GuiScene):
    """Over the menu until the host has seated this window's player (a loopback join: a
    moment) — or has refused him, which is said, and Back leaves."""

    is_overlay = True

    def __init__(self, session: RemoteSession, *, on_ready: Callable[[], None],
                 on_cancel: Callable[[], None]) -> None:
        super().__init__()
        self.session, self.on_ready, self.on_cancel = session, on_ready, on_cancel
        self.back: UIButton | None = None
        self._panel = pygame.Rect(0, 0, 0, 0)

    def build(self) -> None:
        w, h = self.size
        self._panel = pygame.Rect(0, 0, min(w - self.px(40), self.px(700)), self.px(260))
        self._panel.center = (w // 2, h // 2)
        bw, bh = self.px(200), self.px(52)
        self.back = UIButton(pygame.Rect(w // 2 - bw // 2, self._panel.bottom - bh - self.px(24), bw, bh),
                             tr("common.back"), self.ui, object_id=oid("@secondary", "#wait_back"))

    def update(self, dt: float) -> None:
        super().update(dt)
        s = self.session
        s.update()
        if s.ready:
            self.on_ready()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.is_ui_event(event, pygame_gui.UI_BUTTON_PRESSED, self.back) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.close()
            self.on_cancel()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        style.dim(surface, 150)
        style.draw_panel(surface, self._panel)
        body = style.font("body", self.px(22))
        s = self.session
        text = (tr("join.failed", why=lost_reason(s.client.error, _lang())) if s.closed
                else tr("join.connecting", address=s.client.url))
        y = self._panel.top + self.px(50)
        for line in wrap_text(text, body, self._panel.width - self.px(60)):
            style.blit_text(surface, line, body, style.PARCHMENT, center=(self._panel.centerx, y))
            y += body.get_linesize()


def _lang() -> str:
    from knjazja.app.wording.i18n import get_language
    return get_language()
