"""The engine does no file I/O: it turns games into JSON text and back, and the application
(``knjazja.app.store.files``) reads and writes the files.  Its own data (card texts) it reads as
package resources, not as files on a path."""
import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "knjazja" / "engine"

# modules that write, move or remove files, or open them by path
FILE_MODULES = {"os", "tempfile", "shutil", "pathlib", "io", "fcntl", "msvcrt", "glob"}
# calls that open or change a file whatever they are reached through (``Path(...).write_text``,
# a module imported under another name); ``replace``, ``remove`` and ``rename`` are not here:
# lists and dataclasses have them too, and ``os.replace`` is caught by ``import os``
FILE_CALLS = {"open", "fdopen", "fsync", "unlink", "mkdir", "makedirs", "mkstemp",
              "write_text", "write_bytes", "touch", "rmtree"}


def file_io_in(source: str) -> list[str]:
    """What in ``source`` reaches for the file system, as ``line: what``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [f"{node.lineno}: import {a.name}" for a in node.names
                      if a.name.split(".")[0] in FILE_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] in FILE_MODULES:
                found.append(f"{node.lineno}: from {node.module} import ...")
        elif isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            through_module = (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
                              and f.value.id in FILE_MODULES)        # os.replace, shutil.move
            if name in FILE_CALLS or through_module:
                found.append(f"{node.lineno}: {name}(...)")
    return found


def test_the_engine_touches_no_files():
    found = {f"{p.name}:{what}" for p in sorted(ENGINE.rglob("*.py"))
             for what in file_io_in(p.read_text(encoding="utf-8"))}
    assert not found, sorted(found)


def test_the_check_finds_file_io():
    """The check itself sees what it looks for (so the test above cannot pass by blindness)."""
    for code in ("import os", "import tempfile", "from pathlib import Path",
                 "with open('x', 'w') as f: pass", "os.replace(a, b)", "os.fsync(fd)",
                 "p.write_text('x')", "f = tempfile.mkstemp()"):
        assert file_io_in(code), code
    assert not file_io_in("s = 'a'.replace('a', 'b')\nimport json\nx = json.dumps({})\n"
                          "cards.remove(c)")
