"""Re-run the identity commands of hashes.json and say whether every game is the same.

    python -m knjazja_lab.identity.check [NAME ...]      # all runs, or the named ones

Each run is `knjazja simulate ARGS --json` (the CLI itself, so its flags count too); exit
status 1 when a hash differs.  A few minutes on a quiet machine (Hard's run is the longest).
"""
from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

HASHES = Path(__file__).with_name("hashes.json")


def actions_hash(args: str) -> str:
    out = subprocess.run([sys.executable, "-m", "knjazja", "simulate", *shlex.split(args), "--json"],
                         check=True, capture_output=True, text=True)
    return json.loads(out.stdout)["actions_sha256"]


def main(names: list[str]) -> int:
    runs = json.loads(HASHES.read_text(encoding="utf-8"))["runs"]
    differ = 0
    for name, run in runs.items():
        if names and name not in names:
            continue
        got = actions_hash(run["args"])
        same = got == run["actions_sha256"]
        differ += not same
        print(f"{name:9} {'same' if same else 'DIFFERS'} {got}  ({run['args']})", flush=True)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
