"""Entry point of the frozen game (PyInstaller runs this file as ``__main__``)."""
import time

_KNJAZJA_T0 = time.perf_counter()  # read by knjazja.ui.selftest where the OS cannot tell

import multiprocessing  # noqa: E402
import sys  # noqa: E402

if __name__ == "__main__":
    # First thing: a worker process of this executable (the card-face prefetcher, the Hard
    # bot's thinker, `simulate --jobs N`) runs its task here and exits, before the game loads.
    multiprocessing.freeze_support()

import knjazja.frozen  # noqa: E402 (imports nothing: the bots and the rules load when used)
from knjazja.cli import main  # noqa: E402

# freeze_support() is in place, so this executable can start the worker processes that keep
# Hard's and the hints' searches off the frame loop (otherwise the Thinker stays in a thread).
knjazja.frozen.WORKERS_OK = True

if __name__ == "__main__":
    sys.exit(main())
