"""The table of a seat played over the network: the same table scene over a ``RemoteSession``.

Everything a player sees and does is the table's own (``TableScene``): the controller reads
the remote session as it reads a local one, with the viewer fixed to this seat.  What the
network adds is drawn or said here:

* each frame the session takes what arrived (never waiting); the host's refusals become
  toasts in the player's language (``net.refused.<reason>``);
* a connection being retried shows "reconnecting…" across the table, and a lost table says
  why; the table stays as it was, and nothing can be played meanwhile;
* a log sent again shorter (a move taken back at the host) is shown at once, not animated;
* the names of players who join later replace "Player 2";
* a seat a bot of the host plays for its absent (or slow) player shows the bot's mark on its
  plate, and the log says so («За Ольгу ходит бот», and when he is back); when it is this
  screen's own seat, a line across the table says so, and a click or a key takes the seat
  back; the returning player is told what the bot did for him (``stood_in``);
* at the host's own window, while remote seats wait for players, a card says how to join:
  the table's code, this computer's addresses, and whether a password is asked.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame import Rect

from knjazja.app.table.table_view import last_played
from knjazja.app.wording.i18n import has, tr
from knjazja.app.wording.narrate import Narrator
from knjazja.app.wording.words import name_form
from knjazja.engine.kinds import EventKind
from knjazja.net.client import CONNECTED, Update
from knjazja.net.hotseat import HotSeatSession
from knjazja.net.remote import RemoteSession
from knjazja.ui import style
from knjazja.ui.table.banner import balanced
from knjazja.ui.table.log import segments
from knjazja.ui.table.scene import TableScene
from knjazja.ui.widgets import wrap_text

REFRESH_SECONDS = 1.0        # how often the host's window asks its server who has joined
TOLD_LINES = 8               # the stand-in's moves listed to a returning player (then "…and N more")


class RemoteTableScene(TableScene):
    def __init__(self, session: RemoteSession | HotSeatSession, *, hosted=None, settings=None,
                 on_menu: Callable[[], None] | None = None, on_game_over=None,
                 on_results: Callable[[], None] | None = None) -> None:
        """``hosted``: the ``net.hosting.HostedTable`` when this window hosts the table."""
        super().__init__(session, viewer_policy=session.viewer_policy, settings=settings, on_menu=on_menu,
                         on_game_over=on_game_over, on_results=on_results)
        self.remote = session
        self.hosted = hosted
        self._refusals_shown = len(session.refusals)
        self._generation = session.feed.generation
        self._was_connected = True
        self._refresh_in = 0.0
        self._bots: list[bool] = []             # per seat: a stand-in bot plays it (as last shown)
        self._back_asked = False                # this screen asked for its seat back from the bot
        self.on_told: Callable[[str, str], None] | None = None   # (title, text): the flow shows it

    # ======================================================================= frame
    def update(self, dt: float) -> None:
        r, c = self.remote, self.controller
        self._look_through(c.viewer)
        updates = r.update()
        if r.feed.generation != self._generation:       # the host took a move back: show it at once
            self._generation = r.feed.generation
            self.skip()
            c.view.recent = last_played(c.logged)
            self.log_panel.follow(c, rebuild=True)
        for refusal in r.refusals[self._refusals_shown:]:
            self.toasts.show(refusal_text(refusal.reason, c.lang))
        self._refusals_shown = len(r.refusals)
        connected = r.status == CONNECTED
        if connected and not self._was_connected:
            self.toasts.show(tr("net.reconnected", lang=c.lang))
        self._was_connected = connected
        self._follow_names()
        self._follow_stand_ins()
        for u in updates:
            if u.kind == "stood_in":
                self._tell_what_the_bot_did(u)
        if self.hosted is not None:
            self._refresh_in -= dt
            if self._refresh_in <= 0:
                self._refresh_in = REFRESH_SECONDS
                self.hosted.refresh()
        super().update(dt)

    def _take_news(self) -> None:
        self._look_through(self.controller.viewer)      # (a hand-over may have just turned the table)
        super()._take_news()

    def _look_through(self, viewer: int | None) -> None:
        """Hot seat at a network table: the table shows the view of the player looking (his
        link's observation), so when the device passes the table is laid again from his view."""
        if not isinstance(self.remote, HotSeatSession) or viewer is None or viewer == self.remote.viewer:
            return
        self.remote.viewer = viewer
        self.skip()
        self.controller.view.sync(self.controller.seen)

    def _follow_names(self) -> None:
        """Names the host knows now (a friend who joined after this window) go on the table."""
        names = self.hosted.names if self.hosted is not None else [s.name for s in self.remote.seats]
        c = self.controller
        if len(names) == len(c.names) and names != c.names:
            c.names[:] = names
            c.narrator = Narrator(c.names, c.lang)
            self.texts.clear()
            self.log_panel.follow(c, rebuild=True)
            self.rebuild()

    # ======================================================================= stand-ins
    def _follow_stand_ins(self) -> None:
        """A seat a bot took (or gave back): its plate shows the bot, the log says so, at the
        place in the game where it happened."""
        news, c = self.remote.stand_in_news, self.controller
        if not news or len(self.remote.stand_ins) != len(c.humans):
            return
        for position, seat, bot in news:
            c.humans[seat] = not bot
            c.note("net.standin.log" if bot else "net.standin.back_log", seat, position)
            self._back_asked = self._back_asked and bot
        news.clear()
        self._bots = list(self.remote.stand_ins)
        self.rebuild()                          # the plates are drawn again with their marks

    def _ctx(self):
        """The table's drawing context with the seats a stand-in plays (their plates read
        «Олег · бот» beside the bot's sign: ``plates.plate_name``)."""
        ctx = super()._ctx()
        ctx.stand_ins = tuple(self._bots)
        return ctx

    def my_stand_in(self) -> bool:
        """A bot plays (one of) this screen's own seat(s) now."""
        mine = self.remote.humans()
        return any(0 <= s < len(self._bots) and self._bots[s] for s in mine)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """While a bot plays this screen's seat, a click or a key (but Escape: the menu)
        takes it back."""
        if self.my_stand_in() and (event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and event.key != pygame.K_ESCAPE)):
            if not self._back_asked:
                self._back_asked = True
                self.remote.take_seat_back()
            return True
        return super().handle_event(event)

    def _tell_what_the_bot_did(self, update: Update) -> None:
        """The returning player hears what the bot did for him: each of its moves in the words
        of the log (the move's first line; whose turn came next is left out)."""
        parts = getattr(self.remote, "parts", [self.remote])
        part = next((p for p in parts if p.seat == update.number), None)
        if part is None or self.on_told is None:
            return
        client, lang, narrator = part.client, self.controller.lang, self.controller.narrator
        moves: dict[int, str] = {}
        for at, e in zip(client.acts, client.log):
            if at in client.stood_in and at not in moves and e.kind != EventKind.TURN:
                if line := narrator.event(e, part.seat):
                    moves[at] = plain(line, lang)
        lines = list(moves.values())
        text = tr("net.standin.told", lang=lang, n=len(lines)) if lines else tr("net.standin.none", lang=lang)
        shown = lines[:TOLD_LINES]
        if len(lines) > TOLD_LINES:
            shown.append(tr("net.standin.more", lang=lang, n=len(lines) - TOLD_LINES))
        self.on_told(tr("net.standin.title", lang=lang), "\n".join([text, *shown]))

    def exit(self) -> None:
        super().exit()
        self.remote.close()
        if self.hosted is not None:
            self.hosted.close()

    # ======================================================================= drawing
    def draw_foreground(self, surface: pygame.Surface) -> None:
        super().draw_foreground(surface)
        if self.layout is None:
            return
        lang = self.controller.lang
        r = self.remote
        if r.closed:
            self._notice(surface, tr("net.lost", lang=lang, why=lost_reason(r.client.error, lang)))
        elif r.status != CONNECTED:
            self._notice(surface, tr("net.reconnecting", lang=lang))
        elif self.my_stand_in():
            self._notice(surface, tr("net.standin.you", lang=lang))
        elif self.hosted is not None and self.hosted.free_seats > 0 and not r.over:
            self._invite(surface)

    def _notice(self, surface: pygame.Surface, text: str) -> None:
        """A line across the middle of the table that stays while it is true."""
        w, h = surface.get_size()
        f = style.font("bold", self.px(24))
        lines = balanced(text, min(w - self.px(80), self.px(760)), lambda s: f.size(s)[0])   # no lone last word
        box = Rect(0, 0, min(w - self.px(40), self.px(820)), len(lines) * f.get_linesize() + self.px(36))
        box.center = (w // 2, h // 2 - self.px(40))
        style.draw_panel(surface, box)
        y = box.top + self.px(18) + f.get_linesize() // 2
        for line in lines:
            style.blit_text(surface, line, f, style.GOLD_LIGHT, center=(w // 2, y))
            y += f.get_linesize()

    def _invite(self, surface: pygame.Surface) -> None:
        """How friends join: the code, the addresses, the free seats (in the centre of the table)."""
        hosted, lang = self.hosted, self.controller.lang
        lines = [tr("net.invite.title", lang=lang, code=hosted.code),
                 tr("net.invite.addresses", lang=lang, addresses=", ".join(hosted.addresses()[:3])),
                 tr("net.invite.free", lang=lang, n=hosted.free_seats)]
        if hosted.table.password:
            lines.append(tr("net.invite.password", lang=lang))
        body, title = style.font("body", self.px(19)), style.font("bold", self.px(23))
        centre = self.laid().war_stack      # empty while the table waits for its players
        width = min(self.px(560), centre.width - self.px(20))
        wrapped = [(title, ln) for ln in wrap_text(lines[0], title, width - self.px(24))]
        for text in lines[1:]:
            wrapped += [(body, ln) for ln in wrap_text(text, body, width - self.px(24))]
        height = sum(f.get_linesize() for f, _ in wrapped) + self.px(22)
        box = Rect(0, 0, width, height)
        box.center = centre.center
        style.draw_panel(surface, box)
        y = box.top + self.px(11)
        for f, text in wrapped:
            ink = style.GOLD_LIGHT if f is title else style.PARCHMENT
            style.blit_text(surface, text, f, ink, topleft=(box.left + self.px(12), y))
            y += f.get_linesize()


def plain(line: str, lang: str) -> str:
    """A log line with its card tokens as plain names (for a message box)."""
    return "".join(name_form(card, lang, form) if card is not None else text for text, card, form in segments(line))


def refusal_text(reason: str, lang: str) -> str:
    """The host's refusal in the player's words (a reason this program does not know: plainly)."""
    key = f"net.refused.{reason}"
    return tr(key, lang=lang) if has(key) else tr("net.refused.other", lang=lang, reason=reason)


def lost_reason(error: str, lang: str) -> str:
    """Why a connection closed for good, from the client's ``error`` ("reason: detail")."""
    reason = error.split(":", 1)[0].strip()
    if has(f"net.refused.{reason}"):
        return refusal_text(reason, lang)
    if reason == "replaced":
        return tr("net.lost_replaced", lang=lang)
    if reason == "bad address":
        return tr("net.bad_address", lang=lang)
    return tr("net.lost_closed", lang=lang)
