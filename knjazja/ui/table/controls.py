"""The table's pygame-gui widgets: the four action buttons, menu, help (?), undo, hint, skip, and the
dialog panel: the question the viewer must answer and one button per answer he holds
(``app.table.answers``)."""
from __future__ import annotations

from collections.abc import Callable

from pygame import Rect
from pygame_gui.elements import UIButton

from knjazja.app.table import answers
from knjazja.app.table import clicks as C
from knjazja.app.table.controller import TableController
from knjazja.app.wording.i18n import tr
from knjazja.engine import Action
from knjazja.engine.actions import DRAW
from knjazja.ui import style
from knjazja.ui.scenes.base import oid
from knjazja.ui.table.banner import button_rect
from knjazja.ui.table.layout import TableLayout
from knjazja.ui.table.choice import ChoicePanel, Item
from knjazja.ui.table.prompt import action_label

FIXED = ("draw", "start_war", "end_war", "pass")


def banner_button_rect(prompt: Rect, scale: float) -> Rect:
    """Where Hint and Skip sit in the prompt banner: as wide as the longer of their labels."""
    font = style.font("body", max(9, round(18 * scale)))
    labels = [tr("table.button.hint"), tr("table.button.skip")]
    return button_rect(prompt, [font.size(label)[0] for label in labels], max(10, round(16 * scale)))


class Controls:
    def __init__(self) -> None:
        self.buttons: dict[str, UIButton] = {}
        self.menu: UIButton | None = None
        self.undo: UIButton | None = None
        self.help: UIButton | None = None
        self.hint: UIButton | None = None
        self.skip: UIButton | None = None
        self.results: UIButton | None = None
        self.choice = ChoicePanel()
        # what the dialog must leave the table: the centre's least height and the piles' words
        self.centre_room: Callable[[], tuple[int, tuple[Rect, ...]]] | None = None
        self.beside = False             # the dialog stands at the foot of the log's column
        self._key: tuple | None = None

    def build(self, manager, layout, scale: float = 1.0) -> None:
        L = layout
        self.buttons = {
            key: UIButton(L.buttons[key], tr(f"table.button.{key}"), manager,
                          object_id=oid("@primary" if key == "draw" else "@secondary", f"#table_{key}"))
            for key in FIXED}
        self.menu = UIButton(L.menu_button, tr("table.button.menu"), manager,
                             object_id=oid("@secondary", "#table_menu"))
        hr = Rect(L.menu_button)
        hr.width = hr.height
        hr.right = L.menu_button.left - L.margin
        self.help = UIButton(hr, tr("table.button.help"), manager, tool_tip_text=tr("table.help_tip"),
                             object_id=oid("@secondary", "#table_help"))
        ur = Rect(L.menu_button)
        ur.width = round(ur.width * 1.4)
        ur.right = hr.left - L.margin
        self.undo = UIButton(ur, tr("table.button.undo"), manager, object_id=oid("@secondary", "#table_undo"))

        sr = banner_button_rect(L.prompt, scale)
        self.skip = UIButton(sr, tr("table.button.skip"), manager, object_id=oid("@secondary", "#table_skip"))
        # Hint shares Skip's place: Skip shows only while animating, Hint only when you may act
        self.hint = UIButton(Rect(sr), tr("table.button.hint"), manager, object_id=oid("@secondary", "#table_hint"))
        block = L.buttons["draw"].unionall([L.buttons[k] for k in FIXED])
        self.results = UIButton(block, tr("table.button.results"), manager,
                                object_id=oid("@primary", "#table_results"))
        self.results.hide()
        self.hint.hide()
        self.skip.hide()
        self.undo.hide()
        self.choice.buttons = []
        self._key = None

    def invalidate(self) -> None:
        self._key = None

    def which(self, element) -> str | None:
        for key, b in self.buttons.items():
            if b is element:
                return key
        for key, button in (("menu", self.menu), ("undo", self.undo), ("skip", self.skip), ("hint", self.hint),
                            ("help", self.help), ("results", self.results)):
            if button is element:
                return key
        return None

    def update(self, c: TableController, layout: TableLayout, manager, scale: float) -> None:
        """Enable, relabel, show or hide everything for the table's current situation."""
        s = c.seen
        act = c.can_act()
        undo = c.can_undo()
        key = (s.history_len, s.decision, c.busy, act, c.pointer.mode, undo, c.lang, c.hints.thinking, c.finished)
        if key == self._key:
            return
        self._key = key
        assert self.results is not None and self.undo is not None and self.hint is not None and self.skip is not None
        for b in self.buttons.values():           # at the end the Results button takes their place
            b.hide() if c.finished else b.show()
        self.results.show() if c.finished else self.results.hide()
        enabled = C.fixed_enabled(c.session.legal() if act else [])
        for k, b in self.buttons.items():
            b.enable() if enabled[k] else b.disable()
        if enabled["draw"]:
            self.buttons["draw"].set_tooltip(action_label(Action(DRAW), c.narrator, s))
        self.buttons["start_war"].set_text(tr("table.button.cancel_war") if c.pointer.picking_war
                                           else tr("table.button.start_war"))
        self.undo.show() if undo else self.undo.hide()
        self.hint.show() if act else self.hint.hide()
        if act:
            self.hint.disable() if c.hints.thinking else self.hint.enable()
        self.skip.show() if c.busy else self.skip.hide()
        self._update_choice(c, layout, manager, scale, act)

    def _update_choice(self, c: TableController, L: TableLayout, manager, scale: float, act: bool) -> None:
        """The dialog (``app.table.answers``): on the war stack under what the centre shows (the
        war's cards at their smallest, its labels), in as many columns as that needs — from the
        deck on, if that makes it lower and leaves the piles' words in sight.  Where the centre
        has no room for it (a small window, a crowded table) it stands at the foot of the log's
        column, the log's latest lines above it; growing upwards over the war only when it fits
        neither."""
        self.beside = False
        asked = answers.dialog(c) if act else None
        if asked is None or not asked.choices:
            self.choice.hide()
            return
        need, words = self.centre_room() if self.centre_room is not None else (0, ())
        room = Rect(L.war_stack)
        if room.height - need >= 2 * L.unit:
            room.top, room.height = room.top + need, room.height - need
        wide = Rect(L.deck.left, room.top, L.war_stack.right - L.deck.left, room.height)
        items = [Item(ch.label, ch.payload, ch.enabled, main=ch.answer) for ch in asked.choices]
        self.choice.show(manager, room, asked.title, items, scale, key=None, centre_x=L.war_stack.centerx,
                         window=Rect(0, L.margin, L.size[0], L.size[1]), wider=wide, keep_clear=words)
        side = self._side_room(L)
        if self.choice.rect.top < room.top and ChoicePanel.height_in(side, asked.title, items, scale) <= side.height:
            self.choice.show(manager, side, asked.title, items, scale, key=None, window=side)
            self.beside = True

    @staticmethod
    def _side_room(L: TableLayout) -> Rect:
        """The foot of the log's column, a dialog's place when the centre has none: the log
        keeps its title and its latest lines (a third of the column) above it."""
        keep = max(L.log.height // 3, 8 * L.unit)
        return Rect(L.log.left, L.log.top + keep, L.log.width, max(0, L.log.height - keep))

    def log_room(self, L: TableLayout) -> Rect:
        """Where the log writes: its column, above the dialog when that stands at its foot."""
        if not (self.beside and self.choice.visible):
            return Rect(L.log)
        return Rect(L.log.left, L.log.top, L.log.width, max(0, self.choice.rect.top - L.margin - L.log.top))

    def rect_of(self, action: Action | str, legal: list[Action]) -> Rect | None:
        """The visible, enabled button that takes ``action`` (or a fixed button by name)."""
        if isinstance(action, str):
            b = self.buttons.get(action) or {"menu": self.menu, "undo": self.undo, "skip": self.skip,
                                             "hint": self.hint, "help": self.help,
                                             "results": self.results}.get(action)
            return Rect(b.rect) if b is not None and b.visible and b.is_enabled else None
        for k, kind in C.FIXED_BUTTONS.items():
            if action.kind == kind and action == Action(kind):
                b = self.buttons[k]
                return Rect(b.rect) if b.is_enabled and action in legal else None
        return self.choice.rect_of(action)
