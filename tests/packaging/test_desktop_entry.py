"""The Linux applications-menu entry: the archive's knjazja.desktop starts the game beside it
wherever the archive was unpacked; --add-to-menu writes absolute Exec and Icon paths."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from knjazja import desktop_entry

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build" / "packaging"))
import spec_helpers  # noqa: E402

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux desktop entries")


def keys(text: str) -> dict[str, str]:
    lines = text.splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if line)


def split_exec(value: str) -> list[str]:
    """The Exec key as a launcher reads it (Desktop Entry spec 1.5, "The Exec key"): first the
    string escapes (\\\\ is one backslash), then arguments split on spaces, where a double-quoted
    argument takes \\" \\` \\$ \\\\ as the character itself."""
    text = value.replace("\\\\", "\\")
    args, cur, quoted, i, started = [], [], False, 0, False
    while i < len(text):
        ch = text[i]
        if quoted:
            if ch == "\\" and i + 1 < len(text) and text[i + 1] in '"`$\\':
                cur.append(text[i + 1])
                i += 1
            elif ch == '"':
                quoted = False
            else:
                cur.append(ch)
        elif ch == '"':
            quoted, started = True, True
        elif ch == " ":
            if cur or started:
                args.append("".join(cur))
            cur, started = [], False
        else:
            cur.append(ch)
        i += 1
    assert not quoted, f"unbalanced quotes in {value!r}"
    if cur or started:
        args.append("".join(cur))
    return args


def exec_argv(exec_value: str, desktop_file: Path) -> list[str]:
    """What a launcher runs: the Exec arguments with %k (this file's path) expanded."""
    return [str(desktop_file) if a == "%k" else a for a in split_exec(exec_value)]


def fake_unpacked_game(folder: Path) -> Path:
    """An unpacked Knjazja/ folder whose program only writes where it was started."""
    folder.mkdir(parents=True)
    program = folder / "Knjazja"
    program.write_text('#!/bin/sh\npwd > "$0.started"\n', encoding="utf-8")
    program.chmod(0o755)
    return program


@linux_only
def test_the_archive_entry_starts_the_game_beside_it_wherever_unpacked(tmp_path):
    for place in ("Games/Knjazja", "odd place with spaces/and $dollar/Knjazja"):
        folder = tmp_path / place
        program = fake_unpacked_game(folder)
        written = spec_helpers.write_linux_desktop_files(folder, ROOT / "assets" / "icon.png")
        entry = folder / "knjazja.desktop"
        assert entry in written
        k = keys(entry.read_text(encoding="utf-8"))
        subprocess.run(exec_argv(k["Exec"], entry), cwd=tmp_path, check=True, timeout=30)
        assert Path(str(program) + ".started").read_text().strip() == str(folder)
        assert k["Icon"] == "knjazja" and k["StartupWMClass"] == "knjazja"
        for size in desktop_entry.ICON_SIZES:
            icon = folder / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "knjazja.png"
            assert icon.read_bytes().startswith(b"\x89PNG")


@pytest.fixture
def xdg(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    return tmp_path / "share" / "applications"


@linux_only
def test_add_to_menu_points_into_the_unpacked_folder(tmp_path, xdg, monkeypatch, capsys):
    folder = tmp_path / "my games" / "Knjazja"
    program = fake_unpacked_game(folder)
    spec_helpers.write_linux_desktop_files(folder, ROOT / "assets" / "icon.png")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(program))
    from knjazja.cli import main
    assert main(["--add-to-menu"]) == 0
    entry = xdg / "knjazja.desktop"
    assert str(entry) in capsys.readouterr().out
    k = keys(entry.read_text(encoding="utf-8"))
    assert exec_argv(k["Exec"], entry) == [str(program)]
    assert k["Icon"] == str(folder / "icons" / "hicolor" / "256x256" / "apps" / "knjazja.png")
    assert Path(k["Icon"]).is_file()
    assert main(["--remove-from-menu"]) == 0 and not entry.exists()
    assert main(["--remove-from-menu"]) == 0          # nothing there: said so, no error


@linux_only
def test_add_to_menu_for_a_pip_install(xdg, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["-m"])             # python -m knjazja
    path = desktop_entry.add_to_menu()
    k = keys(path.read_text(encoding="utf-8"))
    argv = exec_argv(k["Exec"], path)
    assert argv[1:] == ["-m", "knjazja"] and Path(argv[0]).name.startswith("python")
    assert Path(k["Icon"]).name == "icon.png" and Path(k["Icon"]).is_file()


def test_add_to_menu_elsewhere_is_a_one_line_refusal(monkeypatch, capsys):
    monkeypatch.setattr(sys, "platform", "win32")
    assert desktop_entry.menu_command(add=True) == 1
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils")
def test_the_entries_are_valid(tmp_path):
    for name, text in (("archive", desktop_entry.archive_entry()),
                       ("added", desktop_entry.entry_text(
                           desktop_entry.quote_exec(Path("/opt/my games/Knjazja/Knjazja")),
                           "/opt/my games/Knjazja/icons/hicolor/256x256/apps/knjazja.png"))):
        path = tmp_path / name / "knjazja.desktop"
        path.parent.mkdir()
        path.write_text(text, encoding="utf-8")
        out = subprocess.run(["desktop-file-validate", str(path)], capture_output=True, text=True)
        assert out.returncode == 0 and not out.stdout.strip(), out.stdout
