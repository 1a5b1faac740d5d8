#!/usr/bin/env bash
# Build the wheel, install it into a brand-new venv outside the checkout and self-test it.
#
#   build/check_wheel.sh         (PYTHON=... picks the interpreter; default python3)
#
# Proves what a Python user gets from `pip install <wheel>`: the game finds its assets
# inside the installed package (not beside the checkout), `knjazja --self-test` passes
# and `python -m knjazja --version` answers. Fails when any step fails.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
export SDL_VIDEODRIVER=dummy
export SDL_AUDIODRIVER=dummy
export PYGAME_HIDE_SUPPORT_PROMPT=1

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
"$PYTHON" -m pip wheel --quiet --no-deps --wheel-dir "$WORK/wheel" .
WHEEL="$(ls "$WORK"/wheel/knjazja-*.whl)"
echo "check_wheel: built $(basename "$WHEEL") ($(wc -c < "$WHEEL") bytes)"
"$PYTHON" -m venv "$WORK/venv"
"$WORK/venv/bin/python" -m pip install --quiet "$WHEEL"
cd "$WORK"                      # away from the checkout: nothing may come from it
if [ -d "$WORK/venv/lib" ] && ! ls "$WORK"/venv/lib/python*/site-packages/knjazja/assets/theme.json >/dev/null; then
    echo "check_wheel: FAILED: the installed package has no assets/" >&2
    exit 1
fi
echo "check_wheel: $("$WORK/venv/bin/python" -m knjazja --version)"
if ! "$WORK/venv/bin/knjazja" --self-test; then
    echo "check_wheel: FAILED: the installed wheel's self-test failed" >&2
    exit 1
fi
