"""The Linux applications-menu entry: ``knjazja.desktop`` (freedesktop.org Desktop Entry).

* The Linux archive carries ``Knjazja/knjazja.desktop`` (from :func:`archive_entry`): its
  ``Exec`` starts ``Knjazja`` from the folder the file lies in (``%k``), wherever the archive
  was unpacked, and its icons lie in ``Knjazja/icons/hicolor/<n>x<n>/apps/knjazja.png``.
* ``Knjazja --add-to-menu`` (or ``knjazja --add-to-menu`` after a pip install) writes the entry
  into ``$XDG_DATA_HOME/applications`` with ``Exec`` and ``Icon`` as absolute paths into the
  folder the game runs from (run it again after moving the folder); ``--remove-from-menu``
  takes it out again.

The window's WM_CLASS / Wayland app id is ``knjazja`` (knjazja.ui.window), which is this
file's name and its ``StartupWMClass``: the task bar shows the entry's icon and name.
No pygame here.
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from knjazja.app.wording.i18n import tr

APP_ID = "knjazja"
FILE_NAME = f"{APP_ID}.desktop"
ICON_SIZES = (48, 128, 256)
# Exec of the archive's own entry: the game beside this .desktop file (%k is its path)
ARCHIVE_EXEC = 'sh -c "cd \\\\"\\\\$(dirname \\\\"\\\\$1\\\\")\\\\" && exec ./Knjazja" sh %k'


def entry_text(exec_line: str, icon: str) -> str:
    """A Desktop Entry for the game; ``exec_line`` already quoted for the Exec key."""
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.4",
        "Name=Knjaz'ja",
        "Name[ru]=Князья",
        f"GenericName={tr('desktop.generic_name', lang='en')}",
        f"GenericName[ru]={tr('desktop.generic_name', lang='ru')}",
        f"Comment={tr('desktop.comment', lang='en')}",
        f"Comment[ru]={tr('desktop.comment', lang='ru')}",
        f"Exec={exec_line}",
        f"Icon={icon}",
        "Terminal=false",
        "Categories=Game;CardGame;",
        f"Keywords={tr('desktop.keywords', lang='en')}{tr('desktop.keywords', lang='ru')}",
        f"StartupWMClass={APP_ID}",
        "",
    ])


def archive_entry() -> str:
    """The entry inside the Linux archive: relative to where the archive is unpacked."""
    return entry_text(ARCHIVE_EXEC, APP_ID)


def quote_exec(path: Path) -> str:
    """A path as one Exec argument (Desktop Entry spec: double quotes, \\ " ` $ escaped)."""
    text = str(path)
    for ch in ("\\", '"', "`", "$"):
        text = text.replace(ch, "\\" + ch)
    quoted = f'"{text}"'
    return quoted.replace("\\", "\\\\")      # the string-value escape layer on top


def _installed_paths() -> tuple[list[str], Path]:
    """(the command that starts this game, an icon file) for this installation."""
    if getattr(sys, "frozen", False):                # the unpacked archive
        folder = Path(sys.executable).resolve().parent
        icon = folder / "icons" / "hicolor" / "256x256" / "apps" / f"{APP_ID}.png"
        return [str(Path(sys.executable).resolve())], icon
    from knjazja.ui.art.resources import asset_path
    script = Path(sys.argv[0]).resolve() if sys.argv and sys.argv[0] else None
    if script is not None and script.name == "knjazja" and script.is_file():
        command = [str(script)]
    else:                                            # python -m knjazja
        command = [str(Path(sys.executable).absolute()), "-m", "knjazja"]
    return command, asset_path("icon.png")


def applications_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "applications"


def add_to_menu() -> Path:
    """Write the menu entry for this installation; returns its path. Raises OSError."""
    command, icon = _installed_paths()
    if not icon.is_file():
        raise FileNotFoundError(f"the icon {icon} is missing (an incomplete installation)")
    exec_line = " ".join(quote_exec(Path(c)) if i == 0 or os.sep in c else c
                         for i, c in enumerate(command))
    target = applications_dir() / FILE_NAME
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(entry_text(exec_line, str(icon)), encoding="utf-8")
    _refresh(target.parent)
    return target


def remove_from_menu() -> Path | None:
    """Remove the menu entry; returns the path removed, or None if there was none."""
    target = applications_dir() / FILE_NAME
    if not target.exists():
        return None
    target.unlink()
    _refresh(target.parent)
    return target


def _refresh(folder: Path) -> None:
    """Menus watch the folder; update-desktop-database (where installed) refreshes caches."""
    tool = shutil.which("update-desktop-database")
    if tool:
        import subprocess
        subprocess.run([tool, str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=False, timeout=30)


def menu_command(add: bool) -> int:
    """``--add-to-menu`` / ``--remove-from-menu``: one line, exit status 0 or 1."""
    if not sys.platform.startswith("linux"):
        print("knjazja: the applications menu entry is for Linux; on Windows and macOS start "
              "the game from its folder (or drag Knjazja.app to Applications)", file=sys.stderr)
        return 1
    try:
        if add:
            print(f"added to the applications menu: {add_to_menu()}")
        else:
            removed = remove_from_menu()
            print(f"removed {removed}" if removed else "the game was not in the applications menu")
    except OSError as exc:
        print(f"knjazja: cannot change the applications menu: {exc}", file=sys.stderr)
        return 1
    return 0
