"""The drawing check: what a captured frame (``knjazja.ui.drawn.capture``) shows that a player
would call a fault.

Checks, each on the rectangles really drawn (a text's are its letters, not its padding):

* ``covered``  something drawn later, in the same scene, over a text (a panel over the menu's
               subtitle, the deck over «Колода», a toast over «Осталось 3 хода»); a popup —
               a zoomed card, a dragged or flying card, a tooltip, an open drop-down — may lie
               over the table, but never over the prompt banner's words;
* ``overlap``  two unrelated things over each other (neither inside the other): two calls drew
               them, neither within the other (a card and the badge its ``draw_city`` put on
               its corner are related; two tabs drawn by two calls are not);
* ``crosses``  a text running over the edge of something another call drew (among the floating
               boxes too: a dialog's label off its button);
* ``cut``      a text drawn shortened with "…" (the box could wrap or shrink it);
* ``clipped``  a text cut off sideways by the surface or clip it was drawn into;
* ``wide``     a text wider than the width its font was fitted to (it hit the smallest size);
* ``gui-fit``  a widget's text wider than the room its button or label leaves it;
* ``offscreen`` anything that reaches past the window's edge.

``check(inks, size)`` returns :class:`Violation` s; ``Violation.key`` names a fault by check,
scene and the drawing calls involved (not by pixels), so one fault is one key at every size.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pygame import Rect

from knjazja.ui.drawn import DECOR, Ink

MIN_HIT = 3                      # pixels each way: less is a touch, not an overlap
TEXTS = ("text", "gui-text")
SOLID = frozenset({"text", "panel", "shape", "card", "image", "icon", "badge", "gui", "gui-text",
                   "gui-panel", "popup"})
# drawing calls whose output may lie over anything on the table (a zoomed, held or flying
# card, a glossary tooltip)...
POPUP_CALLS = ("table.zoom.", "table.overlays.draw_zoom", "table.overlays.draw_dragged", "table.anim.",
               "glossary_view.", "table.city_zoom.", "table.guide.draw_pointer")
CHROME_CALLS = ("table.prompt.draw_banner",)       # ...but never over the prompt's words
# ...and whose boxes float over the table's panels and cards, but must cover no words
FLOAT_CALLS = ("table.prompt.Toasts.", "table.choice.ChoicePanel.", "gui.UIButton[#choice]",
               "table.hand.HandFan.draw")
# ...and the labels pinned across a panel's edge on purpose (whose turn it is)
STRADDLE_CALLS = ("table.board.Board._draw_tag",)
LINE = 4                         # a shape this thin is a rule or a stripe, not a thing


@dataclass(frozen=True)
class Violation:
    check: str
    scene: str
    a: Ink
    b: Ink | None = None

    @property
    def key(self) -> str:
        other = f" / {self.b.kind}@{self.b.where}" if self.b is not None else ""
        return f"{self.check} {self.scene}: {self.a.kind}@{self.a.where}{other}"

    def describe(self) -> str:
        def one(i: Ink) -> str:
            words = f" «{i.text[:60]}»" if i.text else ""
            return f"{i.kind}{words} at {tuple(i.rect)} by {i.where}"
        text = f"{self.check} in {self.scene}: {one(self.a)}"
        if self.b is not None:
            text += f" — and {one(self.b)}"
        if self.check == "cut":
            text += f" (whole: «{self.a.full[:80]}»)"
        if self.check in ("gui-fit", "wide"):
            text += f" (needs {self.a.need or self.a.want.width} px, has {self.a.box})"
        return text


def check(inks: Iterable[Ink], size: tuple[int, int], *, every_layer: bool = False) -> list[Violation]:
    """The faults of the top scene (``every_layer``: of every scene drawn, the covered too)."""
    inks = list(inks)
    if not every_layer and inks:
        top = max(i.layer for i in inks)
        inks = [i for i in inks if i.layer == top]
    out: list[Violation] = []
    screen = Rect((0, 0), size)
    for ink in inks:
        out += _alone(ink, screen)
    for layer in sorted({i.layer for i in inks}):
        out += _pairs([i for i in inks if i.layer == layer and _solid(i)])
    return _unique(out)


def _solid(ink: Ink) -> bool:
    if ink.kind not in SOLID or ink.rect.width <= 0:
        return False
    return ink.kind in TEXTS or min(ink.want.width, ink.want.height) > LINE


def _alone(ink: Ink, screen: Rect) -> list[Violation]:
    out = []
    if ink.kind in DECOR:
        return out
    seen = ink.want.clip(ink.room) if ink.room is not None else Rect(ink.want)
    if seen.width > 0 and not screen.inflate(2, 2).contains(seen):
        out.append(Violation("offscreen", ink.scene, ink))
    if ink.kind == "text":
        if ink.full:
            out.append(Violation("cut", ink.scene, ink))
        if ink.want.width - seen.width > 2 and seen.width > 0:
            out.append(Violation("clipped", ink.scene, ink))
        if ink.box and ink.want.width > ink.box * 1.03 + 4:      # (a shadow and an outline add a little)
            out.append(Violation("wide", ink.scene, ink))
    if ink.kind in ("gui", "gui-text") and ink.text:
        if ink.box and ink.need > ink.box:
            out.append(Violation("gui-fit", ink.scene, ink))
        if ink.text.endswith("…"):
            out.append(Violation("cut", ink.scene, ink))
    return out


def _pairs(inks: list[Ink]) -> list[Violation]:
    out = []
    for j, later in enumerate(inks):
        for earlier in inks[:j]:
            hit = earlier.rect.clip(later.rect)
            if hit.width < MIN_HIT or hit.height < MIN_HIT:
                continue
            v = _judge(earlier, later)
            if v is not None:
                out.append(Violation(v, later.scene, earlier, later))
    return out


def _judge(earlier: Ink, later: Ink) -> str | None:
    """What is wrong with ``later`` drawn over ``earlier`` (they intersect), if anything."""
    if earlier.kind in TEXTS:
        if _popup(later) and not earlier.where.startswith(CHROME_CALLS):
            return None
        if _gui_owned(earlier) and _gui_owned(later) and _related(earlier, later):
            return None
        if _floats(earlier) and _related(earlier, later):
            return None
        return "covered"
    if (later.kind in TEXTS and _floats(later) and _floats(earlier) and not _inside(later, earlier)
            and not _related(earlier, later, strict=True)):
        return "crosses"                 # a float's words out of their own box (a dialog's label off its button)
    if _popup(later) or _popup(earlier) or _floats(later) or _floats(earlier):
        return None
    if later.where.startswith(STRADDLE_CALLS) and not _solid_under(earlier):
        return None
    if later.kind in TEXTS:
        if _inside(later, earlier) or _related(earlier, later, strict=True):
            return None
        return "crosses"
    if _related(earlier, later) or _inside(later, earlier) or _inside(earlier, later):
        return None
    if earlier.kind == later.kind == "card" and earlier.where == later.where:
        return None                   # cards fanned by one drawer (a hand, a row of cities)
    return "overlap"


def _solid_under(ink: Ink) -> bool:
    """Something a label pinned on a panel's edge must still not cover (not the panel)."""
    return ink.kind not in ("panel", "shape") or ink.where != "table.board.Board.draw_backdrop"


def _inside(small: Ink, big: Ink) -> bool:
    return big.rect.inflate(6, 6).contains(small.rect)


def _floats(ink: Ink) -> bool:
    return ink.where.startswith(FLOAT_CALLS)


def _popup(ink: Ink) -> bool:
    return ink.kind == "popup" or ink.where.startswith(POPUP_CALLS)


def _gui_owned(ink: Ink) -> bool:
    return ink.where.startswith("gui.")


def _related(a: Ink, b: Ink, strict: bool = False) -> bool:
    """Drawn by one call (``strict``), or one by a call within the other's."""
    if strict:
        return a.owner == b.owner
    short, long_ = (a.owner, b.owner) if len(a.owner) <= len(b.owner) else (b.owner, a.owner)
    return bool(short) and long_[:len(short)] == short


def _unique(vs: list[Violation]) -> list[Violation]:
    seen: set[tuple] = set()
    out = []
    for v in vs:
        k = (v.key, v.a.text, tuple(v.a.rect), v.b.text if v.b else "", tuple(v.b.rect) if v.b else ())
        if k not in seen:
            seen.add(k)
            out.append(v)
    return out
