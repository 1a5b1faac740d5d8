"""The self-test's network check: a table on loopback, a client session at it, a few moves.

What the executable and the wheel must prove they can do (`knjazja --self-test`): the
server starts, the client joins and gets its seat, actions go through the host and the
client's view ends as the host's for that seat.  One line back, or RuntimeError.
"""
from __future__ import annotations

import time

from knjazja.engine import observation

from . import codec
from .client import CLOSED, ClientSession
from .host import Host, Limits
from .server import ServerThread

CHECK_SECONDS = 30.0          # far more than a slow machine needs; only a broken build waits so long


def loopback_check(moves: int = 6) -> str:
    host = Host(limits=Limits(rate=1e6, burst=10**6))
    server = ServerThread(host)
    t0 = time.perf_counter()
    port = server.start()
    table = server.call(lambda: host.create_table("selftest", ["remote", "easy"], seed=1))
    client = ClientSession(f"ws://127.0.0.1:{port}", "selftest", name="self-test", reconnect=False).start()
    made, last = 0, -1
    try:
        end = time.monotonic() + CHECK_SECONDS
        while made < moves or client.acknowledged != last:     # until the host answered the last one
            if time.monotonic() > end or client.status == CLOSED:
                raise RuntimeError(f"network table: {made} of {moves} moves in {CHECK_SECONDS:.0f} s "
                                   f"({client.status} {client.error})".rstrip())
            client.poll(block_for=0.5)
            if made < moves and client.my_decision():
                last = client.send_action(client.legal[0])
                made += 1
        seat = client.seat
        mine = server.call(lambda: codec.observation_to_json(observation(table.state, seat)))
        assert client.observation is not None
        if codec.observation_to_json(client.observation) != mine:
            raise RuntimeError("network table: the client's view differs from the host's")
    finally:
        client.close()
        server.stop()
    return f"network table: {made} moves over loopback in {time.perf_counter() - t0:.2f} s"
