"""Packaging, without building: the PyInstaller spec, its helpers and the self-test's failures.

The real build is `python build/build.py` (and build/ci_build.sh, which also runs the built
game's `--self-test`); these checks are fast enough for every test run.
"""
from __future__ import annotations

import ast
import os
import runpy
import struct
import sys
import tomllib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "installer.spec"
sys.path.insert(0, str(ROOT / "build"))
import spec_helpers  # noqa: E402


# --------------------------------------------------------------------------------- the spec
def _spec_tree() -> ast.Module:
    return ast.parse(SPEC.read_text(encoding="utf-8"), filename=str(SPEC))


def _calls(tree: ast.Module, name: str) -> list[ast.Call]:
    return [n for n in ast.walk(tree)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name]


def _kw(call: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in call.keywords if k.arg == name), None)


def test_spec_is_python_with_a_onedir_build_and_a_mac_bundle():
    tree = _spec_tree()
    exe, console = _calls(tree, "EXE")
    assert ast.literal_eval(_kw(exe, "exclude_binaries")) is True        # onedir ...
    assert _calls(tree, "COLLECT") and _calls(tree, "BUNDLE")            # ... + .app
    assert "Knjazja" in SPEC.read_text(encoding="utf-8")
    (analysis,) = _calls(tree, "Analysis")
    script = analysis.args[0]
    assert "entry.py" in ast.unparse(script) and (ROOT / "build" / "entry.py").exists()


def test_spec_excludes_the_heavy_modules_and_filters_fonts():
    tree = _spec_tree()
    excludes = next(n.value for n in ast.walk(tree) if isinstance(n, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == "EXCLUDES" for t in n.targets))
    names = set(ast.literal_eval(excludes))
    assert {"numpy", "PIL", "tkinter", "knjazja_lab"} <= names     # the laboratory stays out
    (analysis,) = _calls(tree, "Analysis")
    assert ast.unparse(_kw(analysis, "excludes")) == "EXCLUDES"
    text = SPEC.read_text(encoding="utf-8")
    assert "a.datas = spec_helpers.drop_cjk_fonts(a.datas)" in text
    # no console window for the game on Windows; a console twin for the command line
    exe, console = _calls(tree, "EXE")
    assert ast.unparse(_kw(exe, "console")) == "TARGET == 'linux'"
    assert ast.literal_eval(_kw(console, "console")) is True
    assert ast.unparse(_kw(console, "name")) == "f'{APP}-console'"
    assert 'if TARGET == "windows":' in text and "*console_exes" in text


def test_entry_script_calls_the_cli():
    text = (ROOT / "build" / "entry.py").read_text(encoding="utf-8")
    assert "from knjazja.cli import main" in text and "sys.exit(main())" in text


def test_frozen_builds_let_hard_think_in_a_worker_process():
    """entry.py calls freeze_support() first and then allows the Thinker's worker processes."""
    text = (ROOT / "build" / "entry.py").read_text(encoding="utf-8")
    support = text.index("multiprocessing.freeze_support()")
    allowed = text.index("knjazja.bots.thinker.FROZEN_PROCESS_OK = True")
    assert support < allowed < text.index("sys.exit(main())")


def test_build_output_is_ignored_by_git():
    lines = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert "dist/" in lines and "build/pyinstaller/" in lines


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
    version_literals = [p for p in [*ROOT.glob("knjazja/**/*.py"), ROOT / "installer.spec",
                                    *ROOT.glob("build/*.py")]
                        if f'"{knjazja.__version__}"' in p.read_text(encoding="utf-8")]
    assert version_literals == [ROOT / "knjazja" / "__init__.py"]


def test_archive_names():
    assert spec_helpers.archive_name("1.2.3", "linux", "x86_64") == "Knjazja-1.2.3-linux-x86_64.tar.gz"
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
    assert "python -m pytest" in text and "build/check_wheel.py" in text


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
