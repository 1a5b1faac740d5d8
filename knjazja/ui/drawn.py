"""What the window really drew, rectangle by rectangle: the recorder behind the drawing check.

Off by default, and then it costs nothing but a test of ``drawn.active`` at the few places
that tag what they make (``style.render_text``, ``style.draw_panel``, the table's sprites).
``start()`` turns it on: from then on every surface made by ``pygame.Surface(...)`` is a
:class:`Canvas`, which keeps the list of what our code blits onto it — each blit's rectangle
as it landed (clipped), where it was meant to go, what the source was (a text and its
string, a panel, a card, a badge, a shadow, ...) and *who* drew it (the chain of our drawing
calls on the stack, so that "unrelated" can be told: a card and the badge its own
``draw_city`` put on it are related, two tabs drawn by two calls are not).  A canvas blitted
onto another hands its list on, moved and clipped, so a cached layer (the board, a toast's
panel) is seen down to its texts.  ``pygame.draw`` fills are kept as shapes.

``capture(app)`` draws one frame onto a window-sized canvas and returns its :class:`Ink`
list, each stamped with the scene of the stack that drew it, plus every visible pygame-gui
element (its rectangle, its text, and the width its text needs).  The checks themselves
live with the tests (``tests/ui/drawcheck.py``); this module only records.
"""
from __future__ import annotations

import sys
import weakref
from types import FrameType
from dataclasses import dataclass, replace
from typing import Any

import pygame

# kinds that decorate and never count as covering anything
DECOR = frozenset({"shadow", "glow", "decor", "backdrop", "layer", "line"})
_OURS = "knjazja.ui"
_ART = "knjazja.ui.art"
_HELPERS = frozenset({__name__, "knjazja.ui.style"})    # the drawer is whoever called these
_DRAWER, _HELPER, _ELSE = 1, 2, 3
_ROOTS = ("knjazja.ui.app",)  # the frame loop: every drawing lies below it


def _role(module: str, ours: tuple[str, ...] = (_OURS,)) -> int:
    if module in _HELPERS:
        return _HELPER
    if module.startswith(ours) and not module.startswith(_ART) and module not in _ROOTS:
        return _DRAWER
    return _ELSE


_ORNAMENTS = frozenset({"draw_diamond", "draw_divider"})   # style's flourishes: decoration
BACKDROP_SHARE = 0.9          # a source covering this much of its target is a backdrop


@dataclass(slots=True)
class Ink:
    """One thing drawn: ``rect`` what shows, ``want`` where it was meant to be (no clipping),
    ``room`` what its parents and clips let show (None: no limit but the window)."""
    kind: str
    rect: pygame.Rect
    want: pygame.Rect
    room: pygame.Rect | None = None
    owner: tuple[int, ...] = ()      # the drawing calls that made it, outermost first
    where: str = ""                  # the innermost of them: module.function
    text: str = ""
    full: str = ""                   # the whole text when what was drawn is cut short
    box: int = 0                     # the width the text was fitted to (0: not said)
    need: int = 0                    # a widget's text: the width it needs
    layer: int = -1                  # the scene of the stack that drew it (0: the lowest)
    scene: str = ""


@dataclass(frozen=True)
class _Tag:
    kind: str
    text: str = ""
    full: str = ""
    box: int = 0
    ink: pygame.Rect | None = None     # a text's letters within its surface (no padding)


class Recorder:
    def __init__(self) -> None:
        self.tags: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self.cuts: dict[str, str] = {}         # shortened text -> the text it was cut from
        self.boxes: dict[str, int] = {}        # text -> the width a font was fitted to
        self.canvas: Canvas | None = None      # the window-sized canvas of a capture
        self.layer, self.scene = -1, ""
        self._frames: dict[int, tuple[Any, int]] = {}
        self._roles: dict[Any, int] = {}              # code object -> _DRAWER, _HELPER, _ELSE
        self._names: dict[Any, str] = {}
        self._serial = 0
        self.quiet = 0                         # >0: our own copying, not recorded
        self.helper = ""                       # the style helper the last drawing came through
        self.drawers: tuple[str, ...] = (_OURS,)     # modules whose drawing is recorded

    # -- what a source is ------------------------------------------------------------------
    def tag(self, surface: pygame.Surface, tag: _Tag) -> None:
        self.tags[surface] = tag

    def tag_of(self, surface: pygame.Surface) -> _Tag | None:
        try:
            return self.tags.get(surface)
        except TypeError:
            return None

    # -- who draws ---------------------------------------------------------------------------
    def owner(self, depth: int) -> tuple[tuple[int, ...], str] | None:
        """The chain of our drawing calls above the caller ``depth`` frames up, or None when
        the drawing is not ours (pygame-gui drawing its widgets, the art making an image)."""
        f: FrameType | None = sys._getframe(depth + 1)
        chain: list[int] = []
        where = ""
        self.helper = ""
        roles = self._roles
        while f is not None:
            code = f.f_code
            role = roles.get(code)
            if role is None:
                role = roles[code] = _role(f.f_globals.get("__name__", ""), self.drawers)
            if role == _DRAWER:
                if not where:
                    where = self._where(f)
                chain.append(self._serial_of(f))
            elif role == _HELPER:
                if not where and not self.helper:
                    self.helper = code.co_name
            elif not where:                  # the art's own images, or not our drawing at all
                return None
            else:                            # the loop, a test, the interpreter: above every drawing
                break
            f = f.f_back
        chain.reverse()
        return tuple(chain), where

    def _where(self, frame: Any) -> str:
        code = frame.f_code
        name = self._names.get(code)
        if name is None:
            module = frame.f_globals.get("__name__", "").removeprefix("knjazja.ui.")
            name = self._names[code] = f"{module}.{code.co_qualname}"
        return name

    def also_record(self, module: str) -> None:
        """Record the drawing of ``module`` too (a test's own scene)."""
        self.drawers += (module,)
        self._roles.clear()

    def ours(self, frame: Any) -> bool:
        """Whether the frame drawing is ours or a style helper's (else: pygame-gui's, the art's)."""
        role = self._roles.get(frame.f_code)
        if role is None:
            role = self._roles[frame.f_code] = _role(frame.f_globals.get("__name__", ""), self.drawers)
        return role != _ELSE or frame.f_globals.get("__name__", "") == __name__

    def _serial_of(self, frame: Any) -> int:
        known = self._frames.get(id(frame))
        if known is not None and known[0] is frame:
            return known[1]
        self._serial += 1
        self._frames[id(frame)] = (frame, self._serial)   # kept alive: its id is not reused
        return self._serial

    def frame_done(self) -> None:
        """A frame was drawn: forget the calls (new ones get new numbers) and what was said
        of texts never drawn."""
        self._frames.clear()
        self.cuts.clear()
        self.boxes.clear()

    # -- recording -------------------------------------------------------------------------
    def blitted(self, target: Canvas, source: pygame.Surface, dest: Any, area: Any,
                shown: pygame.Rect) -> None:
        if self.quiet:
            return
        who = self.owner(2)
        if who is None:
            return
        chain, where = who
        pos = _topleft(dest)
        size = pygame.Rect(area).size if area is not None else source.get_size()
        want = pygame.Rect(pos, size)
        room = _room(target, want)
        tag = self.tag_of(source)
        inks = target.inks()
        kind = tag.kind if tag is not None else "image"
        children = source.__dict__.get("_inks") if tag is None and type(source) is Canvas else None
        if children:
            kind = "layer"                   # a drawing of ours: what is on it counts
        if want.width * want.height >= BACKDROP_SHARE * target.get_width() * target.get_height():
            kind = "backdrop" if kind in ("image", "layer") else kind
        ink = Ink(kind, pygame.Rect(shown), want, room, chain, where)
        if tag is not None:
            ink.text, ink.full, ink.box = tag.text, tag.full, tag.box
            if tag.ink is not None and area is None:      # a text: its letters, not its padding
                ink.want = tag.ink.move(pos)
                ink.rect = ink.want.clip(shown)
        self._put(target, inks, ink)
        if children:
            origin = (pos[0] - (pygame.Rect(area).left if area is not None else 0),
                      pos[1] - (pygame.Rect(area).top if area is not None else 0))
            for child in children:
                self._put(target, inks, _moved(child, origin, want.clip(room) if room else want, shown))

    def shape(self, target: Canvas, rect: pygame.Rect, kind: str = "shape") -> None:
        if self.quiet or rect.width <= 0 or rect.height <= 0:
            return
        who = self.owner(2)
        if who is None:
            return
        want = pygame.Rect(rect)
        if self.helper in _ORNAMENTS:
            kind = "line"
        self._put(target, target.inks(), Ink(kind, want.clip(target.get_rect()), want, _room(target, want),
                                             who[0], who[1]))

    def _put(self, target: Canvas, inks: list[Ink], ink: Ink) -> None:
        if target is self.canvas:
            ink.layer, ink.scene = self.layer, self.scene
        inks.append(ink)

    # -- the window --------------------------------------------------------------------------
    def begin_scene(self, index: int, scene: object) -> None:
        self.layer, self.scene = index, type(scene).__name__

    def widgets(self, manager: Any) -> None:
        """The widgets a scene's manager has just drawn, in drawing order."""
        canvas = self.canvas
        if canvas is None or manager is None:
            return
        from knjazja.ui.drawn_gui import widget_inks
        for ink in widget_inks(manager, self._gui_serial):
            self._put(canvas, canvas.inks(), ink)

    def _gui_serial(self, element: object) -> int:
        return self._serial_of(element)


def _topleft(dest: Any) -> tuple[int, int]:
    if isinstance(dest, pygame.Rect):
        return dest.topleft
    if len(dest) == 4:
        return int(dest[0]), int(dest[1])
    return int(dest[0]), int(dest[1])


def _room(target: pygame.Surface, want: pygame.Rect) -> pygame.Rect | None:
    """What the target's clip lets show (None: no clip set)."""
    clip = target.get_clip()
    return None if clip == target.get_rect() else pygame.Rect(clip)


def _moved(child: Ink, origin: tuple[int, int], room: pygame.Rect, shown: pygame.Rect) -> Ink:
    want = child.want.move(origin)
    inner = child.room.move(origin).clip(room) if child.room is not None else pygame.Rect(room)
    return replace(child, rect=child.rect.move(origin).clip(shown), want=want, room=inner)


# -- the canvas: pygame.Surface with a memory ----------------------------------------------------
_Surface = pygame.Surface
_draw_functions: dict[str, Any] = {}


class _Meta(type):
    """``isinstance(plain_surface, pygame.Surface)`` stays true while ``pygame.Surface`` is
    the canvas class."""

    def __instancecheck__(cls, obj: object) -> bool:
        return isinstance(obj, _Surface)

    def __subclasscheck__(cls, sub: type) -> bool:
        return issubclass(sub, _Surface)


class Canvas(_Surface, metaclass=_Meta):
    def inks(self) -> list[Ink]:
        inks = self.__dict__.get("_inks")
        if inks is None:
            inks = self.__dict__["_inks"] = []
        return inks

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        shown = _Surface.blit(self, source, dest, area, special_flags)
        rec = active
        if rec is not None and rec.ours(sys._getframe(1)):
            rec.blitted(self, source, dest, area, shown)
        return shown

    def blits(self, blit_sequence, doreturn=True):
        out = [self.blit(*item) for item in blit_sequence]
        return out if doreturn else None

    def fill(self, color, rect=None, special_flags=0):
        shown = _Surface.fill(self, color, rect, special_flags)
        if rect is None or pygame.Rect(rect).contains(self.get_rect()):
            if not special_flags:
                self.inks().clear()         # everything under it is gone
        elif active is not None and not special_flags and active.ours(sys._getframe(1)):
            active.shape(self, pygame.Rect(rect))
        return shown

    def _with_inks(self, other: _Surface) -> _Surface:
        if type(other) is Canvas and self.__dict__.get("_inks"):
            other.__dict__["_inks"] = list(self.__dict__["_inks"])
        return other

    def copy(self):
        return self._with_inks(_Surface.copy(self))

    def convert(self, *args):
        return self._with_inks(_Surface.convert(self, *args))

    def convert_alpha(self, *args):
        return self._with_inks(_Surface.convert_alpha(self, *args))


def _recording_draw(name: str, width_at: int):
    real = _draw_functions[name]

    def draw(surface, *args, **kwargs):
        rect = real(surface, *args, **kwargs)
        if active is not None and type(surface) is Canvas and active.ours(sys._getframe(1)):
            width = kwargs.get("width", args[width_at] if len(args) > width_at else 0)
            active.shape(surface, pygame.Rect(rect), "shape" if not width else "line")
        return rect
    return draw


_WIDTH_ARG = {"rect": 2, "ellipse": 2, "polygon": 2, "circle": 3}   # after (surface, colour)


# -- on and off ----------------------------------------------------------------------------
active: Recorder | None = None


def start() -> Recorder:
    """Record from now on (tests): new surfaces are canvases, draws are noted."""
    global active
    if active is not None:
        return active
    from knjazja.ui import caches
    caches.clear_all()           # what was drawn before carries no tags
    active = Recorder()
    pygame.Surface = Canvas  # type: ignore[misc]
    for name, at in _WIDTH_ARG.items():
        _draw_functions[name] = getattr(pygame.draw, name)
        setattr(pygame.draw, name, _recording_draw(name, at))
    return active


def stop() -> None:
    global active
    active = None
    pygame.Surface = _Surface  # type: ignore[misc]
    for name, real in _draw_functions.items():
        setattr(pygame.draw, name, real)
    _draw_functions.clear()


def capture(app: Any) -> list[Ink]:
    """Draw one frame of ``app`` onto a recording canvas (then onto the window) and return
    what was drawn, lowest first."""
    rec = active
    if rec is None:
        raise RuntimeError("drawn.start() first")
    canvas = Canvas(app.size)
    canvas.__dict__["_inks"] = []
    rec.canvas = canvas
    try:
        app.draw(canvas)
    finally:
        rec.canvas, rec.layer, rec.scene = None, -1, ""
        rec.frame_done()
    rec.quiet += 1
    try:
        app.screen.blit(canvas, (0, 0))
    finally:
        rec.quiet -= 1
    return list(canvas.inks())


# -- what the drawing code tells the recorder ---------------------------------------------------
def tag(surface: pygame.Surface, kind: str, text: str = "", box: int = 0) -> pygame.Surface:
    """Say what ``surface`` is (no-op when off); a text's box is the width it was fitted to."""
    rec = active
    if rec is not None:
        # a cut or a fitting said just before this text is drawn is this text's (said once)
        full = rec.cuts.pop(text, "") if text else ""
        box = box or (rec.boxes.pop(text, 0) if text else 0)
        letters = surface.get_bounding_rect() if kind == "text" else None
        rec.tag(surface, _Tag(kind, text, full, box, letters))
    return surface


def retag(source: pygame.Surface, copy: pygame.Surface) -> pygame.Surface:
    """``copy`` (a converted ``source``) is what ``source`` was."""
    rec = active
    if rec is not None:
        t = rec.tag_of(source)
        if t is not None:
            rec.tag(copy, t)
    return copy


def cut(shown: str, full: str) -> None:
    """``shown`` is ``full`` cut short to fit (ellipsised)."""
    rec = active
    if rec is not None and shown != full:
        rec.cuts[shown] = full


def fitted(text: str, width: int) -> None:
    """A font was chosen for ``text`` to fit ``width`` pixels."""
    rec = active
    if rec is not None:
        rec.boxes[text] = width

