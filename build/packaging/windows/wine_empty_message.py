"""Why the Windows leg sets its Wine prefix to Windows 10: a reproduction outside the game.

    wine python.exe build/packaging/windows/wine_empty_message.py

A process pool wakes its manager thread with an empty message on a pipe.  CPython 3.11's
``multiprocessing.connection`` handles a zero-length message one way on Windows 8 and later
and another on older Windows (it asks ``sys.getwindowsversion()``).  Wine 8 reports Windows 7
unless told otherwise, yet hands the message over the way Windows 8+ does, so the manager
thread, told that a message is waiting, waits for it for ever: every ``ProcessPoolExecutor``
(``simulate --jobs``, Hard's root-parallel search) hangs.  Real Windows running Python 3.11
is 8.1 or later, so it never takes that path.  Prints the Windows version and the outcome.
"""
import multiprocessing
import sys
import threading

reader, writer = multiprocessing.Pipe(duplex=False)
writer.send_bytes(b"")
ready = reader.poll(5)
got: list[bytes] = []
thread = threading.Thread(target=lambda: got.append(reader.recv_bytes()), daemon=True)
thread.start()
thread.join(5)
version = ".".join(map(str, sys.getwindowsversion()[:2]))
if got:
    print(f"Windows {version}: poll() said {ready}, the empty message was received: recv returned")
else:
    print(f"Windows {version}: poll() said {ready}, then recv_bytes() waited 5 s for nothing: HANGS")
