"""The quick loop leaves out only what tests/conftest.py names as slow: each name there is a
module or folder that exists (a rename would silently make its minutes quick again), and the
quick loop still holds most of the suite."""
import importlib.util
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).parents[1]
_spec = importlib.util.spec_from_file_location("suite_lengths", TESTS / "conftest.py")
assert _spec is not None and _spec.loader is not None
conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(conftest)      # (by its path: "conftest" is a name every folder's has)


def test_every_slow_name_is_a_module_or_folder_of_the_suite():
    for name in conftest.SLOW:
        path = TESTS / name
        assert (path.is_dir() if name.endswith("/") else path.is_file()), name


def test_the_quick_loop_keeps_most_tests_and_leaves_out_the_walks():
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", "not slow",
                          "-p", "no:cacheprovider", str(TESTS / "ui" / "test_drawn.py"),
                          str(TESTS / "ui" / "test_wrap.py")],
                         capture_output=True, text=True, cwd=TESTS.parent, check=False).stdout
    assert "test_wrap.py" in out and "test_drawn.py" not in out
