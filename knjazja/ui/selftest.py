"""``knjazja --self-test``: check that an installation (a checkout or a frozen build) is whole.

It loads every shipped file through the same paths the game uses (``asset_path``, the
package data of ``knjazja.app.wording.i18n`` and ``knjazja.engine.cards``), draws the main menu, every
card face and (when the table scene exists) a table frame offscreen, plays one bots-only
game, has Hard decide one position in a worker process (as the game does), opens a network
table on loopback and plays a few moves through a client session, and prints ONE line::

    self-test ok: 100 cards (68 faces x 2 languages), 8 fonts, 5 sounds, 56 card pictures, ...

with every process it started (the main one, the workers: ``ui.processes``) and their
memory, peak and at the end, as PSS where the OS tells it, and what each worker imported;
and returns 0; or prints ``self-test FAILED: <what>`` and returns 1 (never a traceback).

Headless unless asked: without ``KNJAZJA_SELFTEST_DISPLAY=1`` it sets
``SDL_VIDEODRIVER=dummy`` and ``SDL_AUDIODRIVER=dummy`` (unless already set).

``KNJAZJA_STARTUP_TIMING=1`` first opens the window with the main menu the way the game does,
draws its first frame and prints ``startup_ms: N`` — the time since the process started
(from the OS where it can tell: Linux, Windows; else since the entry script started).

``KNJAZJA_SELFTEST_OUT=<file>`` also appends the lines to that file: a windowed Windows
build has no stdout.
"""
from __future__ import annotations

import io
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from knjazja.ui.processes import ProcessMeter, format_report, worker_imports
from knjazja.ui.startup_clock import process_age_s, startup_ms

if TYPE_CHECKING:
    import logging

    from knjazja.ui.app import App

__all__ = ["self_test", "SelfTestFailure", "process_age_s", "startup_ms"]

WINDOW = (1600, 900)
CARD_SIZE = (200, 280)           # wide enough (>= ZOOM_MIN_WIDTH) for the card text
GAME_SEATS = 4
GAME_SEED = 20240611
GAME_MAX_DECISIONS = 20_000      # a runaway game is a failure, not a hang
GAME_MAX_SECONDS = 120.0
# pygame-gui's own fonts for Latin/Cyrillic (the bundle drops its CJK ones)
PYGAME_GUI_FONTS = ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "NotoSans-Italic.ttf",
                    "NotoSans-BoldItalic.ttf", "FiraCode-Regular.ttf")
SAMPLE_TEXT = "Князья: Киев, Новгород — Kiev, Novgorod 0123456789"


class SelfTestFailure(Exception):
    """A check failed; the message says what is missing or broken."""


# ------------------------------------------------------------------------------- output
def _emit(line: str) -> None:
    """Print a line (when there is a stdout) and append it to $KNJAZJA_SELFTEST_OUT."""
    out = sys.stdout
    if out is not None:
        try:
            print(line, file=out, flush=True)
        except (OSError, ValueError):
            pass
    target = os.environ.get("KNJAZJA_SELFTEST_OUT")
    if target:
        try:
            with open(target, "a", encoding="utf-8") as f:
                f.write(line + "\n")
        except OSError:
            pass


def _headless() -> None:
    if os.environ.get("KNJAZJA_SELFTEST_DISPLAY") != "1":
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


# --------------------------------------------------------------------------------- checks
class _Run:
    """One self-test run: the checks in order, collecting the numbers for the summary."""

    def __init__(self, timing: bool) -> None:
        self.timing = timing
        self.app: App | None = None
        self.notes: list[str] = []
        self.warnings: list[str] = []
        self.meter = ProcessMeter()
        self.imported: dict[str, dict] = {}

    # -- helpers ---------------------------------------------------------------------------
    @staticmethod
    def _resources():
        # through the module, so the paths are the game's own (and tests can patch them)
        from knjazja.ui.art import resources

        return resources

    def asset(self, *parts: str) -> Path:
        return Path(self._resources().asset_path(*parts))

    # -- the app and the menu --------------------------------------------------------------
    def open_menu(self) -> str:
        """Open the window as the game does and draw the main menu's first frame."""

        from knjazja.app.store import storage
        from knjazja.app.store.settings import Settings
        from knjazja.ui.app import App
        from knjazja.ui.scenes.menu import MenuScene

        self.app = app = App(Settings(), persist=False, size=WINDOW)
        app.stack.push(MenuScene(has_saves=storage.has_saves))
        app.step([], 1 / 60)
        from knjazja.ui.window import desktop_size, fit_window_size
        if app.window_points != fit_window_size(WINDOW, desktop_size()):  # WINDOW headless
            raise SelfTestFailure(f"main menu frame has size {app.screen.get_size()}")
        return "menu frame {}x{}".format(*app.size)

    # -- files -----------------------------------------------------------------------------
    def fonts(self) -> int:
        import pygame

        resources = self._resources()
        load_font = resources.load_font
        for role, name in resources.FONT_FILES.items():
            self.asset("fonts", name)
            try:
                font = load_font(role, 24)
            except (pygame.error, OSError) as exc:
                raise SelfTestFailure(f"font {name} cannot be loaded ({exc})") from None
            missing = sorted({ch for ch in SAMPLE_TEXT if not ch.isspace()
                              and font.metrics(ch)[0] is None})
            if missing:
                raise SelfTestFailure(f"font {name} lacks the glyphs {''.join(missing)!r}")
            if font.render(SAMPLE_TEXT, True, (0, 0, 0)).get_width() < 50:
                raise SelfTestFailure(f"font {name} renders nothing")
        # pygame-gui's default fonts, read the way pygame-gui reads them
        from importlib.resources import files

        for name in PYGAME_GUI_FONTS:
            res = files("pygame_gui.data") / name
            try:
                data = res.read_bytes()
                pygame.font.Font(io.BytesIO(data), 14)
            except (OSError, pygame.error) as exc:
                raise SelfTestFailure(f"pygame-gui font {name} is missing ({exc})") from None
        return len(resources.FONT_FILES) + len(PYGAME_GUI_FONTS)

    def theme(self) -> str:
        """assets/theme.json parses and its fonts exist; the UI theme builds and loads."""
        import pygame
        import pygame_gui

        from knjazja.ui import gui_theme

        gui_theme._raw_theme_file.cache_clear()
        gui_theme.load_theme_file()      # resolves every font path through asset_path
        manager = pygame_gui.UIManager(WINDOW, theme_path=gui_theme.build_theme(1.0),
                                       enable_live_theme_updates=False)
        manager.draw_ui(pygame.Surface(WINDOW, pygame.SRCALPHA))
        return "theme"

    def sounds(self) -> int:
        """Every sound the game plays, found by its name as the game finds it."""
        import pygame

        from knjazja.ui.sound import SOUND_NAMES, sound_path

        mixer_ok = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except pygame.error as exc:
            mixer_ok = False
            self.notes.append(f"no audio device ({exc}): sounds checked as files")
        for name in SOUND_NAMES:
            path = sound_path(name)           # MissingAssetError names the file
            try:
                length = pygame.mixer.Sound(str(path)).get_length() if mixer_ok else _wav_length(path)
            except (pygame.error, OSError, EOFError, ValueError) as exc:
                raise SelfTestFailure(f"sound {path.name} cannot be loaded ({exc})") from None
            if length <= 0:
                raise SelfTestFailure(f"sound {path.name} is empty")
        return len(SOUND_NAMES)

    def icon(self) -> str:
        import pygame

        resources = self._resources()
        path = resources.asset_path(resources.ICON_FILE)
        try:
            image = pygame.image.load(str(path))
        except pygame.error as exc:
            raise SelfTestFailure(f"{path.name} cannot be loaded ({exc})") from None
        w, h = image.get_size()
        if min(w, h) < 32:
            raise SelfTestFailure(f"{path.name} is only {w}x{h}")
        return f"icon {w}x{h}"

    def pictures(self) -> int:
        """Every card's own picture: each SVG file under assets/cards loads and draws."""
        from knjazja.ui.art.pictures import PictureError, check_pictures

        try:
            return check_pictures()
        except PictureError as exc:
            raise SelfTestFailure(str(exc)) from None

    def languages(self) -> list[str]:
        """The UI strings, card texts and rules of every language, as the game reads them."""
        from knjazja.app.wording import i18n, rulebook
        from knjazja.engine import cards

        for lang in i18n.LANGUAGES:
            try:
                table = i18n.strings(lang)
                texts = cards.texts(lang)
                rules = rulebook.parse_rules(rulebook.rules_path(lang).read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise SelfTestFailure(f"the {lang!r} texts cannot be read ({exc})") from None
            if not table or not rules:
                raise SelfTestFailure(f"the {lang!r} UI strings or rules are empty")
            missing = [sp.id for sp in cards.SPECS if not texts.get(sp.id, {}).get("name")]
            if missing:
                raise SelfTestFailure(f"card texts for {lang!r} lack {', '.join(missing[:5])}")
        return list(i18n.LANGUAGES)

    # -- drawing ---------------------------------------------------------------------------
    def cards(self, langs: list[str]) -> tuple[int, int]:
        from knjazja.engine import cards
        from knjazja.ui.art import render_card, render_card_back

        for sp in cards.SPECS:
            for lang in langs:
                face = render_card(sp.id, lang, CARD_SIZE)
                if face.get_size() != CARD_SIZE:
                    raise SelfTestFailure(f"card {sp.id} ({lang}) rendered at {face.get_size()}")
        render_card_back(CARD_SIZE)
        return cards.N_CARDS, len(cards.SPECS)

    def table(self) -> str:
        """One frame of the game table, offscreen."""
        from knjazja.app.session import GameSession, Seat
        from knjazja.ui.table.scene import TableScene

        session = GameSession([Seat("Human", "human")] + [Seat(f"Bot {i}", "easy") for i in (1, 2, 3)],
                              seed=GAME_SEED)
        app = self.app
        assert app is not None, "open_menu() opened the window"
        app.stack.push(TableScene(session))
        app.step([], 1 / 60)
        w, h = app.screen.get_size()
        self.meter.sample()                 # the face worker runs while the table is open
        self.imported.update(worker_imports())
        app.stack.pop()
        return f"table frame {w}x{h}"

    # -- a game ----------------------------------------------------------------------------
    def game(self) -> str:
        from knjazja.app.session import GameSession, Seat

        session = GameSession([Seat(f"Bot {i + 1}", "easy") for i in range(GAME_SEATS)],
                              seed=GAME_SEED)
        t0 = time.perf_counter()
        decisions = 0
        while not session.over:
            if decisions >= GAME_MAX_DECISIONS or time.perf_counter() - t0 > GAME_MAX_SECONDS:
                raise SelfTestFailure(f"the bots' game did not end after {decisions} decisions")
            if session.bot_step(background=False) is None:
                raise SelfTestFailure("a bot did not move")
            decisions += 1
        turns = session.state.turn_no + 1
        return f"game of {turns} turns in {time.perf_counter() - t0:.2f} s"

    def worker(self) -> str:
        """Hard decides one position in a worker process (started from this executable);
        what that worker and the card-face worker imported is noted, then the worker ends."""
        from knjazja.bots.thinker import check_worker, shutdown_worker
        try:
            line = "Hard decided in worker process {} in {:.1f} s".format(*check_worker(keep=True))
            self.meter.sample()
            self.imported.update(worker_imports())
        except RuntimeError as exc:
            raise SelfTestFailure(str(exc)) from None
        finally:
            shutdown_worker()           # the check leaves no process behind
        return line

    def processes(self) -> str:
        """Every process the self-test started, their memory (peak, end, total) and what
        each worker imported."""
        self.meter.sample()
        told = []
        for role, what in sorted(self.imported.items()):
            heavy = [m for m in ("pygame", "pygame_gui", "knjazja.ui", "knjazja.app") if what[m]]
            told.append(f"{role} worker {what['modules']} modules"
                        + (f" ({', '.join(heavy)})" if heavy else " (no pygame)"))
        return "processes " + format_report(self.meter.report()) + (", " if told else "") + ", ".join(told)

    def network(self) -> str:
        """A table on loopback: the host, a client session at it, a few moves through it."""
        from knjazja.net.selfcheck import loopback_check
        try:
            return loopback_check()
        except (RuntimeError, OSError) as exc:
            raise SelfTestFailure(str(exc)) from None

    # -- all -------------------------------------------------------------------------------
    def run(self) -> str:
        import warnings

        t0 = time.perf_counter()
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            import pygame

            pygame.display.init()
            pygame.font.init()
            menu = self.open_menu()
            if self.timing:
                ms, source = startup_ms()
                cpu = round(time.process_time() * 1000)
                _emit(f"startup_ms: {ms}  (launch to main menu drawn, from {source}; "
                      f"cpu {cpu} ms)")
            n_fonts = self.fonts()
            self.theme()
            n_sounds = self.sounds()
            icon = self.icon()
            n_pictures = self.pictures()
            langs = self.languages()
            n_cards, n_faces = self.cards(langs)
            table = self.table()
            game = self.game()
            worker = self.worker()
            network = self.network()
            processes = self.processes()
        # pygame-gui only warns when a theme's font or image fails to load (it falls back)
        self.warnings = [str(w.message) for w in caught if _is_load_failure(str(w.message))]
        if self.warnings:
            raise SelfTestFailure(f"pygame-gui: {self.warnings[0]}")
        parts = [f"{n_cards} cards ({n_faces} faces x {len(langs)} languages)", f"{n_fonts} fonts",
                 f"{n_sounds} sounds", icon, f"{n_pictures} card pictures", f"{len(langs)} languages",
                 menu, table, game, worker, network, processes, f"total {time.perf_counter() - t0:.1f} s"]
        line = "self-test ok: " + ", ".join(parts)
        if self.notes:
            line += " [" + "; ".join(self.notes) + "]"
        return line

    def close(self) -> None:
        # close the window only: fonts stay valid for whoever shares the process (tests)
        import pygame

        if self.app is not None:
            self.app.stack.clear()
        pygame.display.quit()


def _is_load_failure(message: str) -> bool:
    text = message.lower()
    return (any(w in text for w in ("font", "theme", "image"))
            and any(w in text for w in ("unable", "not found", "missing", "failed", "error",
                                        "could not", "cannot", "can't", "no such", "no paths")))


def _wav_length(path: Path) -> float:
    if path.suffix.lower() != ".wav":
        return 1.0  # cannot decode without a mixer; existence was checked
    import wave

    with wave.open(str(path), "rb") as w:
        return w.getnframes() / float(w.getframerate())


def _describe(exc: BaseException) -> str:
    from knjazja.ui.art.resources import BrokenAssetError, MissingAssetError

    if isinstance(exc, MissingAssetError):
        return f"missing game file {exc.path}"
    if isinstance(exc, BrokenAssetError):
        return str(exc)
    if isinstance(exc, SelfTestFailure):
        return str(exc)
    if isinstance(exc, FileNotFoundError) and exc.filename:
        return f"missing file {exc.filename}"
    if isinstance(exc, ModuleNotFoundError):
        return f"missing module {exc.name}"
    where = ""
    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is not None:
        where = f" (at {Path(tb.tb_frame.f_code.co_filename).name}:{tb.tb_lineno})"
    return f"{type(exc).__name__}: {exc}{where}"


class _QuietLogs:
    """Collect the ``knjazja`` loggers' records instead of printing them (unless
    ``KNJAZJA_SELFTEST_VERBOSE=1``), so the self-test prints one line."""

    def __init__(self) -> None:
        import logging

        self.logger = logging.getLogger("knjazja")
        self.records: list[logging.LogRecord] = []
        self.handler: logging.Handler | None = None
        if os.environ.get("KNJAZJA_SELFTEST_VERBOSE") == "1":
            return
        records = self.records

        class Collect(logging.Handler):
            def emit(self, record: logging.LogRecord) -> None:
                records.append(record)

        self.handler = Collect(logging.WARNING)
        self.propagate = self.logger.propagate
        self.logger.addHandler(self.handler)
        self.logger.propagate = False

    def restore(self) -> None:
        if self.handler is not None:
            self.logger.removeHandler(self.handler)
            self.logger.propagate = self.propagate
            self.handler = None


def self_test() -> int:
    """Run every check; print one summary line; 0 when all is well, 1 otherwise."""
    _headless()
    timing = os.environ.get("KNJAZJA_STARTUP_TIMING") == "1"
    run = _Run(timing)
    quiet = _QuietLogs()  # the game's fallback warnings: the checks report what matters
    try:
        line = run.run()
    except Exception as exc:  # a self-test reports, it never crashes
        try:
            what = _describe(exc)
        except Exception:
            what = f"{type(exc).__name__}: {exc}"
        _emit(f"self-test FAILED: {what}")
        return 1
    finally:
        run.close()
        quiet.restore()
    _emit(line)
    return 0
