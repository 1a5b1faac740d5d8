"""Packaging, without building: the PyInstaller spec, its helpers and the self-test's failures.

The real build is `python build/packaging/build.py` (and build/packaging/ci_build.sh, which also runs the built
game's `--self-test`); these checks are fast enough for every test run.
"""
from __future__ import annotations

import os
import runpy
import struct
import sys
import tomllib
from pathlib import Path, PurePath

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "installer.spec"
sys.path.insert(0, str(ROOT / "build" / "packaging"))
import spec_helpers  # noqa: E402


# --------------------------------------------------------------------------------- the spec
# The spec is run as PyInstaller runs it, with PyInstaller's classes replaced by recorders: the
# checks below are on what it hands PyInstaller (the script, the data, the exclusions, the
# executables), never on how it is written.
ENTRY = ROOT / "build" / "packaging" / "entry.py"
# what must never ship: the laboratory's heavy friends and the test tools
FORBIDDEN = ["numpy", "PIL", "tkinter", "pytest", "_pytest", "hypothesis", "setuptools", "pip",
             "knjazja_lab"]        # the laboratory stays out (the CLI imports it lazily)
# what pygame-gui's hook adds (a Latin font, a CJK one): the spec must keep one, drop the other
HOOK_DATAS = [("pygame_gui/data/NotoSans-Regular.ttf", "/site/pygame_gui/data/NotoSans-Regular.ttf", "DATA"),
              ("pygame_gui/data/NotoSansJP-Bold.otf", "/site/pygame_gui/data/NotoSansJP-Bold.otf", "DATA")]


class Recorded:
    """One of PyInstaller's build steps, as the spec called it."""

    def __init__(self, *args, **kwargs) -> None:
        self.args, self.kwargs = args, kwargs


class FakeAnalysis(Recorded):
    """What PyInstaller's Analysis gives the spec back: its data as a TOC (folders expanded,
    as PyInstaller does) with the hooks' data added."""

    def __init__(self, scripts, **kwargs) -> None:
        super().__init__(scripts, **kwargs)
        self.scripts, self.binaries, self.pure = list(scripts), [], []
        self.datas = [*_toc(kwargs.get("datas", [])), *HOOK_DATAS]


def _toc(datas) -> list[tuple[str, str, str]]:
    toc = []
    for src, dest in datas:
        src = Path(src)
        files = sorted(f for f in src.rglob("*") if f.is_file()) if src.is_dir() else [src]
        for f in files:
            rel = f.relative_to(src).as_posix() if src.is_dir() else f.name
            # the spec writes its folders with the system's separator (Windows: "knjazja\\app\\data")
            toc.append((f"{PurePath(dest).as_posix()}/{rel}".removeprefix("./"), str(f), "DATA"))
    return toc


def run_spec(monkeypatch, target: str) -> dict:
    """installer.spec's globals after running it for ``target`` (linux, windows, macos)."""
    import types

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    def collect_submodules(package, filter=lambda name: True):   # the real one imports everything
        found = [package, *(f"{package}.{m}" for m in ("asyncio.client", "sync.client", "trio.server"))]
        return [m for m in found if filter(m)]
    hooks.collect_submodules = collect_submodules
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "path", list(sys.path))          # the spec adds its helpers' folder
    monkeypatch.setattr(spec_helpers, "os_tag", lambda: target)
    monkeypatch.setattr(spec_helpers, "make_icon", lambda png, workdir, target=None: f"{png.stem}.icon")
    steps = {name: type(name, (Recorded,), {}) for name in ("PYZ", "EXE", "COLLECT", "BUNDLE")}
    return runpy.run_path(str(SPEC), init_globals={"SPECPATH": str(ROOT), "Analysis": FakeAnalysis, **steps})


@pytest.mark.parametrize("target", ["linux", "windows", "macos"])
def test_the_spec_builds_one_folder_from_the_entry_script(monkeypatch, target):
    spec = run_spec(monkeypatch, target)
    analysis = spec["a"]
    assert [Path(s) for s in analysis.args[0]] == [ENTRY] and ENTRY.is_file()
    exes = [spec["exe"], *spec["console_exes"]]
    assert all(e.kwargs["exclude_binaries"] is True for e in exes)         # onedir: COLLECT beside
    assert spec["coll"].args[:len(exes)] == tuple(exes) and spec["coll"].kwargs["name"] == "Knjazja"
    assert spec["app"].kwargs["name"] == "Knjazja.app"
    # Windows: a windowed game and a console twin; Linux: a console program; macOS: windowed
    console = {e.kwargs["name"]: e.kwargs["console"] for e in exes}
    assert console == {"linux": {"Knjazja": True}, "macos": {"Knjazja": False},
                       "windows": {"Knjazja": False, "Knjazja-console": True}}[target]


def test_the_spec_ships_every_asset_and_data_file(monkeypatch):
    shipped = {dest: Path(src) for dest, src, _ in run_spec(monkeypatch, "linux")["a"].datas}
    wanted = {f"assets/{f.relative_to(ROOT / 'assets').as_posix()}": f
              for f in (ROOT / "assets").rglob("*") if f.is_file()}
    wanted |= {f.relative_to(ROOT).as_posix(): f for f in [*(ROOT / "knjazja").rglob("*.json"),
                                                           *(ROOT / "knjazja").rglob("*.md")]}
    wanted["LICENSE"] = ROOT / "LICENSE"
    assert len(wanted) > 20 and "knjazja/engine/data/texts.ru.json" in wanted
    missing = sorted(set(wanted) - set(shipped))
    assert not missing, missing
    assert all(shipped[d].resolve() == f.resolve() for d, f in wanted.items())


def test_the_spec_drops_the_cjk_fonts_the_hooks_add(monkeypatch):
    shipped = {Path(dest).name for dest, _, _ in run_spec(monkeypatch, "linux")["a"].datas}
    assert "NotoSans-Regular.ttf" in shipped and "NotoSansJP-Bold.otf" not in shipped


def test_the_spec_keeps_the_forbidden_modules_out(monkeypatch):
    analysis = run_spec(monkeypatch, "linux")["a"]
    excluded = set(analysis.kwargs["excludes"])
    assert set(FORBIDDEN) <= excluded
    hidden = analysis.kwargs["hiddenimports"]
    assert not [m for m in hidden if m.split(".")[0] in excluded], hidden


def test_the_spec_carries_the_network_code(monkeypatch):
    """knjazja.net comes with the game's submodules; websockets with its asyncio API (lazy
    imports), not its other front ends; TLS stays out (the table plays over ws://)."""
    analysis = run_spec(monkeypatch, "linux")["a"]
    hidden = set(analysis.kwargs["hiddenimports"])
    assert {"knjazja", "websockets", "websockets.asyncio.client"} <= hidden
    assert not {"websockets.sync.client", "websockets.trio.server"} & hidden
    assert {"ssl", "_ssl", "websockets.sync", "websockets.trio"} <= set(analysis.kwargs["excludes"])


def test_the_entry_script_supports_frozen_workers_then_runs_the_cli(monkeypatch):
    """Run as the frozen game runs it: freeze_support() first, then the Thinker may start
    worker processes, then the command line's exit code is the program's."""
    import multiprocessing

    import knjazja.cli
    import knjazja.frozen

    calls = []
    monkeypatch.setattr(multiprocessing, "freeze_support", lambda: calls.append("freeze_support"))
    monkeypatch.setattr(knjazja.frozen, "WORKERS_OK", False)

    def main() -> int:
        calls.append(("main", knjazja.frozen.WORKERS_OK))
        return 3
    monkeypatch.setattr(knjazja.cli, "main", main)
    with pytest.raises(SystemExit) as done:
        runpy.run_path(str(ENTRY), run_name="__main__")
    assert done.value.code == 3 and calls == ["freeze_support", ("main", True)]


@pytest.mark.parametrize("output", ["dist/Knjazja/Knjazja", "build/pyinstaller/Knjazja/base_library.zip",
                                    "build/pyinstaller/icons/Knjazja.ico"])
def test_build_output_is_ignored_by_git(output):
    import shutil
    import subprocess
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    ignored = subprocess.run(["git", "check-ignore", "-q", "--no-index", output], cwd=ROOT)
    assert ignored.returncode == 0, f"{output} is not ignored"
    tracked = subprocess.run(["git", "check-ignore", "-q", "--no-index", "installer.spec"], cwd=ROOT)
    assert tracked.returncode == 1


# ------------------------------------------------------------------------------ the helpers
CJK = [
    "pygame_gui/data/NotoSansJP-Regular.otf", "pygame_gui/data/NotoSansJP-Bold.otf",
    "pygame_gui/data/NotoSansSC-Regular.otf", "pygame_gui/data/NotoSansSC-Bold.otf",
    "pygame_gui/data/NotoSansKR-Regular.ttf", "pygame_gui/data/NotoSansKR-Bold.ttf",
    "fonts/NotoSansCJK-Regular.ttc", "C:\\fonts\\NotoSansTC-Bold.otf", "x/SourceHanSans-Bold.otf",
]
KEEP = [
    "pygame_gui/data/NotoSans-Regular.ttf", "pygame_gui/data/NotoSans-Bold.ttf",
    "pygame_gui/data/NotoSans-Italic.ttf", "pygame_gui/data/NotoSans-BoldItalic.ttf",
    "pygame_gui/data/FiraCode-Regular.ttf", "pygame_gui/data/NotoSansHebrew-Regular.ttf",
    "pygame_gui/data/default_theme.json", "pygame_gui/data/translations/pygame-gui.ja.json",
    "pygame_gui/data/translations/pygame-gui.zh.json",
    "assets/fonts/NotoSerif-Regular.ttf", "assets/fonts/NotoSerif-Bold.ttf",
    "assets/fonts/TriodPostnaja.ttf", "assets/fonts/OldStandard-Bold.ttf",
    "assets/fonts/OFL-NotoSerif.txt", "assets/theme.json", "NotoSansJP.txt",
]


@pytest.mark.parametrize("path", CJK)
def test_cjk_fonts_are_recognised(path):
    assert spec_helpers.is_cjk_font(path)


@pytest.mark.parametrize("path", KEEP)
def test_other_files_are_not(path):
    assert not spec_helpers.is_cjk_font(path)


def test_drop_cjk_fonts_filters_a_toc():
    toc = [(dest, f"/site-packages/{dest}", "DATA") for dest in CJK + KEEP]
    kept = spec_helpers.drop_cjk_fonts(toc)
    assert [d for d, _, _ in kept] == KEEP
    # a CJK source under an innocent destination name goes too
    assert spec_helpers.drop_cjk_fonts([("fonts/a.otf", "/x/NotoSansKR-Bold.otf", "DATA")]) == []


def test_drop_cjk_fonts_on_pygame_guis_own_hook():
    """What pygame-gui's hook would bundle: its CJK fonts go, its Latin fonts and theme stay."""
    import pygame_gui

    hook = Path(pygame_gui.__file__).parent / "__pyinstaller" / "hook-pygame_gui.py"
    if not hook.exists():
        pytest.skip("this pygame-gui has no PyInstaller hook")
    datas = runpy.run_path(str(hook))["datas"]
    toc = [(f"{dest}/{Path(src).name}", src, "DATA") for src, dest in datas]
    kept = spec_helpers.drop_cjk_fonts(toc)
    kept_sources = {src for _, src, _ in kept}
    dropped = [src for _, src, _ in toc if src not in kept_sources]
    kept_names = {Path(d).name for d, _, _ in kept}
    assert {"NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "FiraCode-Regular.ttf",
            "default_theme.json", "pygame-gui.ru.json", "pygame-gui.en.json"} <= kept_names
    assert not any("JP" in n or "SC" in n or "KR" in n for n in kept_names if n.endswith(("tf", "otf")))
    saved = sum(Path(s).stat().st_size for s in dropped)
    assert saved > 30_000_000, f"only {saved} bytes of CJK fonts dropped"


def test_one_version_from_one_place():
    """knjazja.__version__ is the only place the version is written: pyproject reads it (dynamic),
    the spec and the archive name read it through spec_helpers, the menu, --version and saves
    import it."""
    import knjazja
    from knjazja.engine import saves
    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "knjazja.__version__"}
    assert spec_helpers.read_version() == knjazja.__version__
    assert spec_helpers.archive_name(spec_helpers.read_version()).startswith(f"Knjazja-{knjazja.__version__}-")
    from knjazja.ui.scenes.menu import app_version
    assert app_version() == knjazja.__version__
    from knjazja.engine import new_game
    assert saves.to_json(new_game(2, 1))["game_version"] == knjazja.__version__
    tools = [p for p in ROOT.glob("build/**/*.py")             # our build tools, not build output
             if p.relative_to(ROOT / "build").parts[0] in ("packaging", "assets", "docs", "workflows")]
    version_literals = [p for p in [*ROOT.glob("knjazja/**/*.py"), ROOT / "installer.spec", *tools]
                        if f'"{knjazja.__version__}"' in p.read_text(encoding="utf-8")]
    assert version_literals == [ROOT / "knjazja" / "__init__.py"]


def test_archive_names():
    assert spec_helpers.archive_name("1.2.3", "linux", "x86_64") == "Knjazja-1.2.3-linux-x86_64.tar.xz"
    assert spec_helpers.archive_name("1.2.3", "windows", "x86_64") == "Knjazja-1.2.3-windows-x86_64.zip"
    assert spec_helpers.archive_name("1.2.3", "macos", "arm64") == "Knjazja-1.2.3-macos-arm64.zip"
    assert spec_helpers.arch_tag("AMD64") == "x86_64" and spec_helpers.arch_tag("aarch64") == "arm64"
    assert spec_helpers.os_tag() in ("linux", "windows", "macos")


def test_build_extra_installs_pyinstaller():
    with open(ROOT / "pyproject.toml", "rb") as f:
        extras = tomllib.load(f)["project"].get("optional-dependencies", {})
    assert any(req.lower().startswith("pyinstaller") for req in extras.get("build", []))


def test_icons_are_written_with_pygame(tmp_path):
    import pygame

    png = tmp_path / "icon.png"
    surf = pygame.Surface((300, 200), pygame.SRCALPHA)
    surf.fill((200, 30, 30, 255))
    pygame.image.save(surf, str(png))

    ico = spec_helpers.write_ico(png, tmp_path / "K.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", ico)
    assert (reserved, kind, count) == (0, 1, len(spec_helpers.ICO_SIZES))
    w, h, _, _, planes, bpp, size, offset = struct.unpack_from("<BBBBHHII", ico, 6)
    assert (w, h, planes, bpp) == (16, 16, 1, 32)
    assert ico[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + size <= len(ico)

    icns = spec_helpers.write_icns(png, tmp_path / "K.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert icns[8:12] == b"ic11" and icns[16:24] == b"\x89PNG\r\n\x1a\n"

    assert spec_helpers.make_icon(png, tmp_path / "w", target="linux") is None
    assert spec_helpers.make_icon(tmp_path / "nope.png", tmp_path / "w", target="windows") is None
    assert spec_helpers.make_icon(png, tmp_path / "w", target="windows").endswith("Knjazja.ico")


# -------------------------------------------------------------------------- the self-test
@pytest.fixture
def fresh_caches():
    """The failing runs below must not leave fallback fonts in the game's caches."""
    from knjazja.ui import style
    from knjazja.ui.art import resources

    def clear():
        for fn in (getattr(resources, "_load_font", None), getattr(resources, "load_font", None),
                   style.font, style.table_background):
            if hasattr(fn, "cache_clear"):
                fn.cache_clear()

    clear()
    yield
    clear()


def test_self_test_reports_a_missing_asset(monkeypatch, capsys, fresh_caches):
    from knjazja.ui import selftest
    from knjazja.ui.art import resources

    def missing(*parts):
        raise resources.MissingAssetError(Path("/nowhere/assets").joinpath(*parts))

    monkeypatch.setattr(resources, "asset_path", missing)
    code = selftest.self_test()
    out = capsys.readouterr()
    assert code == 1
    lines = out.out.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("self-test FAILED: missing game file")
    assert "/nowhere/assets" in lines[0].replace("\\", "/")
    assert "Traceback" not in out.out + out.err


def test_self_test_fails_when_a_sound_file_is_removed(tmp_path, monkeypatch, capsys, fresh_caches):
    """A copy of assets/ without one of the game's sounds: the self-test fails and names it."""
    from knjazja.ui import selftest
    from knjazja.ui.art import resources

    real = resources.assets_root()
    copy = tmp_path / "assets"
    for src in real.rglob("*"):
        if src.is_file() and src.name != "click.wav":
            dst = copy / src.relative_to(real)
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_bytes(src.read_bytes())
    monkeypatch.setenv("KNJAZJA_ASSETS", str(copy))
    # skip the slow parts: the sounds come before the cards
    monkeypatch.setattr(selftest._Run, "cards", lambda self, langs: pytest.fail("went past sounds"))
    code = selftest.self_test()
    out = capsys.readouterr().out.strip()
    assert code == 1
    assert out.startswith("self-test FAILED: missing game file") and out.endswith("click.wav")


def test_self_test_reports_a_broken_theme(tmp_path, monkeypatch, capsys, fresh_caches):
    from knjazja.ui import selftest
    from knjazja.ui.art import resources

    real = resources.assets_root()
    copy = tmp_path / "assets"
    for src in real.rglob("*"):
        if src.is_file():
            dst = copy / src.relative_to(real)
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_bytes(src.read_bytes())
    (copy / "theme.json").write_text("{ not json", encoding="utf-8")
    monkeypatch.setenv("KNJAZJA_ASSETS", str(copy))
    code = selftest.self_test()
    out = capsys.readouterr().out.strip()
    assert code == 1 and out.startswith("self-test FAILED: damaged game file") and "theme.json" in out
    assert "not valid JSON" in out and len(out.splitlines()) == 1


def test_self_test_never_raises(monkeypatch, capsys, fresh_caches):
    from knjazja.ui import selftest

    def boom(self):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(selftest._Run, "run", boom)
    assert selftest.self_test() == 1
    out = capsys.readouterr().out
    assert out.startswith("self-test FAILED: RuntimeError: kaboom")


def test_startup_clock_counts_from_process_start():
    from knjazja.ui import selftest

    age, source = selftest.process_age_s()
    assert 0 <= age < 3600 and source


# ------------------------------------------------------------------------------ workflows
WORKFLOWS = ROOT / ".github" / "workflows"


def _jobs(text: str) -> dict[str, str]:
    """The workflow's jobs as {name: its text} (top-level keys under `jobs:`)."""
    body = text.split("\njobs:\n", 1)[1]
    jobs, name = {}, None
    for line in body.splitlines():
        if line.startswith("  ") and not line.startswith("   ") and line.rstrip().endswith(":"):
            name = line.strip()[:-1]
            jobs[name] = ""
        elif name is not None:
            jobs[name] += line + "\n"
    return jobs


def test_tests_run_on_windows_macos_and_linux_on_every_push():
    text = (WORKFLOWS / "tests.yml").read_text(encoding="utf-8")
    assert "\n  push:" in text and "\n  pull_request:" in text and "workflow_call:" in text
    assert "os: [ubuntu-latest, windows-latest, macos-latest]" in text
    assert 'python: ["3.11", "3.15"]' in text
    assert "python -m pytest" in text and "build/packaging/check_wheel.py" in text


def test_one_publish_job_after_the_three_builds():
    text = (WORKFLOWS / "release.yml").read_text(encoding="utf-8")
    jobs = _jobs(text)
    assert set(jobs) == {"tests", "build", "publish"}
    assert "uses: ./.github/workflows/tests.yml" in jobs["tests"]
    assert "needs: tests" in jobs["build"]
    assert "os: [ubuntu-latest, windows-latest, macos-latest]" in jobs["build"]
    assert "action-gh-release" not in jobs["build"]           # the builds do not publish
    assert text.count("action-gh-release") == 1 and "action-gh-release" in jobs["publish"]
    assert "needs: build" in jobs["publish"] and "contents: write" in jobs["publish"]
    assert "permissions:\n  contents: read" in text           # nothing else may write
