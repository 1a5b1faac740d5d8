"""`knjazja serve`: a headless host for friends elsewhere (no window, no pygame).

Tables come from ``--table CODE:SEATS[:PASSWORD]`` or from the first player who joins with a
new code (seated as ``--new-tables``); every table autosaves into ``--data`` and is resumed
from there when the host starts again.  Connections, refusals and games go to the log.
One address may hold ``--max-per-ip`` connections and have ``--new-tables-per-ip`` tables
it opened open at once; a table opened by a new code closes after ``--idle-minutes`` with
nobody there; the bots wait ``--bot-pause`` seconds before answering a player's move that
he may still take back.  A player away ``--stand-in`` seconds, or at the table without
moving for ``--move-limit`` seconds, has a bot play his seat until he is back.  A code whose
game is kept on disk (finished, or closed while idle) is never given to a new table.
"""
from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from .seats import CODE, parse_seats

DEFAULT_PORT = 7654
MOVE_LIMIT = 300.0          # seconds a player at the table may take over one decision (then a bot plays)
BOT_FLOOR = 0.35            # seconds a host bot's move is held at least (its speed must not tell its hand)
log = logging.getLogger("knjazja.net")


def table_option(text: str) -> tuple[str, list[str], str]:
    """``CODE:SEATS[:PASSWORD]`` -> (code, seat kinds, password); a one-line error if not."""
    parts = text.split(":", 2)
    if len(parts) < 2 or not CODE.match(parts[0]):
        raise argparse.ArgumentTypeError(
            f"expected CODE:SEATS such as friday:remote,remote,normal (a code is 1-16 letters, digits, - or _), "
            f"got {text!r}")
    try:
        kinds = parse_seats(parts[1])
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return parts[0], kinds, parts[2] if len(parts) == 3 else ""


def seats_option(text: str) -> list[str] | None:
    if text.strip().lower() == "none":
        return None
    try:
        return parse_seats(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def port_option(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    if not 0 <= v <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 0..65535, not {v}")
    return v


def seconds_option(text: str) -> float:
    """A number of seconds (or minutes), 0 or more; a one-line error if not."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not 0 <= v < 10**7:              # also NaN and infinity
        raise argparse.ArgumentTypeError(f"expected a number from 0 to 10000000, got {text!r}")
    return v


def add_arguments(p: argparse.ArgumentParser, positive) -> None:
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (0.0.0.0: every network; "
                                                     "127.0.0.1: this computer only)")
    p.add_argument("--port", type=port_option, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT})")
    p.add_argument("--max-tables", type=positive, default=200)
    p.add_argument("--max-connections", type=positive, default=1000)
    p.add_argument("--max-per-ip", type=positive, default=16, metavar="N",
                   help="connections one address may hold at once (default 16)")
    p.add_argument("--connect-rate", type=seconds_option, default=2.0, metavar="PER_SECOND",
                   help="new connections one address may open a second (5 times as many at once; the rest "
                        "are answered 503 before their handshake; default 2)")
    p.add_argument("--new-tables-per-ip", type=positive, default=4, metavar="N",
                   help="tables one address may have opened with new codes, open at once (default 4)")
    p.add_argument("--idle-minutes", type=seconds_option, default=10.0, metavar="MINUTES",
                   help="a table opened with a new code closes after so long with nobody connected and no "
                        "move (its autosave kept once the game has begun); 0: never (default 10)")
    p.add_argument("--bot-pause", type=seconds_option, default=1.0, metavar="SECONDS",
                   help="a bot waits so long before answering a player's move, so he may take it back "
                        "(default 1; 0: bots answer at once and a move is taken back only before "
                        "another player's decision)")
    p.add_argument("--table", type=table_option, action="append", default=[], metavar="CODE:SEATS[:PASSWORD]",
                   help="open a table, e.g. friday:remote,remote,normal (seats: remote, easy, normal, hard, "
                        "random); may be repeated")
    p.add_argument("--new-tables", type=seats_option, default="remote,remote,normal", metavar="SEATS",
                   help="the seats of a table opened by the first player joining with a new code "
                        "('none': only the --table ones)")
    p.add_argument("--data", type=Path, default=None,
                   help="folder of the tables' autosaves (default: the game's data folder, tables/)")
    p.add_argument("--stand-in", type=seconds_option, default=120.0, metavar="SECONDS",
                   help="a Normal bot plays an absent player's seat when his decision has waited so long "
                        "(until he rejoins); 0: wait for him forever")
    p.add_argument("--move-limit", type=seconds_option, default=MOVE_LIMIT, metavar="SECONDS",
                   help="a Normal bot plays the seat of a player at the table who has not moved for so long "
                        f"(until he says he is back); 0: no limit (default {MOVE_LIMIT:.0f})")
    p.add_argument("--seed", type=int, default=None,
                   help="deal the --table games from this seed (tests only: a seed anyone may know deals "
                        "cards anyone may compute)")


def run(args: argparse.Namespace) -> int:
    from .host import Host, Limits
    from .protocol import Refused
    from .server import NetServer, run_until_signal
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s", stream=sys.stderr)
    logging.getLogger("knjazja.net.ws").setLevel(logging.WARNING)      # the host logs connections itself
    folder = args.data
    if folder is None:
        from knjazja.app.store.storage import data_dir
        folder = data_dir() / "tables"
    new_kinds = args.new_tables if not isinstance(args.new_tables, str) else parse_seats(args.new_tables)
    limits = Limits(max_tables=args.max_tables, max_connections=args.max_connections,
                    stand_in_after=args.stand_in if args.stand_in > 0 else None,
                    move_limit=args.move_limit if args.move_limit > 0 else None,
                    max_connections_per_ip=args.max_per_ip, max_unjoined_per_ip=max(1, args.max_per_ip // 2),
                    connect_rate=args.connect_rate, connect_burst=max(1, round(5 * args.connect_rate)),
                    max_new_tables_per_ip=args.new_tables_per_ip,
                    idle_table_after=args.idle_minutes * 60 if args.idle_minutes > 0 else None,
                    bot_pause=args.bot_pause, bot_floor=BOT_FLOOR)
    host = Host(folder, limits, new_kinds, background_bots=True)
    resumed = host.resume()
    if resumed:
        log.info("resumed %d table(s) from %s", resumed, folder)
    if args.seed is not None and args.table:
        log.warning("--seed: the --table games are dealt from a known seed (for tests: their cards can be computed)")
    for i, (code, kinds, password) in enumerate(args.table):
        if code in host.tables:
            log.info("table %s is already open (resumed)", code)
            continue
        try:
            host.create_table(code, kinds, seed=None if args.seed is None else args.seed + i, password=password)
        except Refused as e:           # its game is over (or its file unreadable): kept for its players
            print(f"knjazja serve: table {code}: a game is kept under this code in {folder} "
                  f"(over, or unreadable): choose another code ({e.reason})", file=sys.stderr)
            return 2
    try:
        run_until_signal(NetServer(host, args.host, args.port))
    except OSError as e:                       # the port is taken, the address is not this machine's
        print(f"knjazja serve: cannot listen on {args.host} port {args.port}: {e.strerror or e}", file=sys.stderr)
        return 2
    return 0
