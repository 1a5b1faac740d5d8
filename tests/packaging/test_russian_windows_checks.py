"""The Windows leg's Russian-Windows checks run their first-start snippet in a new process:
it must at least import and answer on this system too, so a moved module fails here, in the
suite, not only under Wine at the end of CI (it had named knjazja.app.settings after the
settings moved to knjazja.app.store)."""
import ast
import os
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "build" / "packaging" / "windows" / "russian_windows.py"


def _first_start() -> str:
    for node in ast.parse(SCRIPT.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "FIRST_START" for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError("FIRST_START not found")


def test_the_first_start_snippet_runs_and_says_a_language(tmp_path):
    env = dict(os.environ, KNJAZJA_HOME=str(tmp_path), LANGUAGE="ru")
    out = subprocess.run([sys.executable, "-c", _first_start()], env=env, capture_output=True,
                         text=True, check=False, cwd=SCRIPT.parents[3])
    assert out.returncode == 0, out.stderr
    language, exists = out.stdout.split()
    assert language in ("ru", "en") and exists in ("True", "False")
