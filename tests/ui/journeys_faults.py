"""The drawing faults the journeys met that no baseline entry knew, collected by a run of
``tests/ui/journeys`` with ``KNJAZJA_DRAWN_BASELINE=write`` (``new_faults.txt`` beside their
screenshots), for ``test_drawn`` to list as ``journeys`` lines when it writes the baseline."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def journey_keys() -> set[str]:
    folder = os.environ.get("KNJAZJA_JOURNEY_SHOTS")
    path = (Path(folder) if folder else Path(tempfile.gettempdir()) / "knjazja-journeys") / "new_faults.txt"
    if not path.exists():
        return set()
    return {line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()}
