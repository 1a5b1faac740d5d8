"""Play across computers: a host-authoritative table over websockets.

The host's engine is the only truth; a remote seat receives only its own observation and
the events redacted for it (``Event.for_seat``), and sends actions the host validates.

* ``protocol`` — the messages, their limits and their strict validation
* ``codec`` — events, observations and actions as JSON values (and back, checked)
* ``seats`` — seat kinds and table codes (light: the command line's parser reads them)
* ``table`` — one table: a game session, its seats, token hashes, password hash and autosave
* ``host`` — the tables and the rules of who may do what (no sockets: testable directly)
* ``server`` — the host over websockets on asyncio (heartbeats, limits, signals)
* ``client`` — a client session in its own thread, polled by a frame without blocking
* ``remote`` — a remote seat's game as the table controller reads a session (feed, legal, play)
* ``serve`` — `knjazja serve`
* ``discovery`` — tables on the local network (a UDP broadcast probe, no zeroconf) and this
  computer's own addresses
* ``leaks`` — what a seat may know, checked against every byte it was sent
* ``bench`` — the load benchmark (`knjazja bench serve`) and the leak benchmark
* ``selfcheck`` — the self-test's loopback table

No pygame here, nor anything from ``knjazja.ui`` (tests/code/test_house_rules.py).
"""
