"""Entry point of the frozen game (PyInstaller runs this file as ``__main__``)."""
import time

_KNJAZJA_T0 = time.perf_counter()  # read by knjazja.ui.selftest where the OS cannot tell

import multiprocessing  # noqa: E402
import sys  # noqa: E402

from knjazja.cli import main  # noqa: E402

if __name__ == "__main__":
    multiprocessing.freeze_support()  # worker processes of `simulate --jobs N` in a frozen build
    sys.exit(main())
