"""Entry point of the frozen game (PyInstaller runs this file as ``__main__``)."""
import time

_KNJAZJA_T0 = time.perf_counter()  # read by knjazja.ui.selftest where the OS cannot tell

import multiprocessing  # noqa: E402
import sys  # noqa: E402

if __name__ == "__main__":
    # First thing: a worker process of this executable (the card-face prefetcher, the Hard
    # bot's thinker, `simulate --jobs N`) runs its task here and exits, before the game loads.
    multiprocessing.freeze_support()

from knjazja.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
