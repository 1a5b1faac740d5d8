#!/usr/bin/env bash
# CI: build the standalone game, run its self-test headless, report the archive.
#
#   build/packaging/ci_build.sh            (after .ci/run has made .venv; PYTHON=... to use another)
#
# Fails when the build or the built game's `--self-test` fails. Also prints the
# launch-to-main-menu time (median of 3), for information only.
set -euo pipefail
cd "$(dirname "$0")/../.."
PYTHON="${PYTHON:-.venv/bin/python}"
export SDL_VIDEODRIVER=dummy
export SDL_AUDIODRIVER=dummy
export PYGAME_HIDE_SUPPORT_PROMPT=1

"$PYTHON" build/packaging/build.py

EXE="$("$PYTHON" -c 'import sys; sys.path.insert(0, "build/packaging"); import build; print(build.executable())')"
ARCHIVE="$("$PYTHON" -c 'import sys; sys.path.insert(0, "build/packaging"); import build, spec_helpers as h; print(build.DISTPATH / h.archive_name(h.read_version()))')"

echo "ci_build: $EXE --self-test"
if ! "$PYTHON" build/packaging/run_selftest.py --exe "$EXE"; then
    echo "ci_build: FAILED: the built game's self-test failed" >&2
    exit 1
fi
"$PYTHON" build/packaging/startup_time.py --exe "$EXE" -n 3 || echo "ci_build: (startup timing unavailable)"

SIZE=$(wc -c < "$ARCHIVE")
echo "ci_build: archive $ARCHIVE $SIZE bytes ($((SIZE / 1000000)) MB)"
LIMIT=$((30 * 1000 * 1000))
if [ "$SIZE" -gt "$LIMIT" ]; then
    echo "ci_build: FAILED: the archive is over 30 MB" >&2
    exit 1
fi
