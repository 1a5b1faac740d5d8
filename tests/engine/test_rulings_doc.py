"""docs/RULINGS.md names the tests that pin each ruling (tests/engine; the networked table's
in tests/net): they must exist."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_test_named_in_rulings_exists():
    doc = (ROOT / "docs" / "RULINGS.md").read_text(encoding="utf-8")
    defined = set()
    for f in [*(ROOT / "tests" / "engine").glob("test_*.py"), *(ROOT / "tests" / "net").glob("test_*.py")]:
        defined |= {(f.name, m) for m in re.findall(r"^def (test_\w+)", f.read_text("utf-8"), re.M)}
    current, named, missing = None, 0, []
    for cell in re.findall(r"`([^`]+)`", doc):
        for module, test in re.findall(r"(test_\w+\.py)?::(test_\w+)", cell):
            current = module or current
            named += 1
            if (current, test) not in defined:
                missing.append(f"{current}::{test}")
    assert named > 40
    assert not missing, missing
