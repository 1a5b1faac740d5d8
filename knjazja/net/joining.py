"""A join: which table, which seat, and who may have it.

* **A code is never reused.**  A code with a table open, or with an autosave on disk behind
  it (a table closed while idle, a finished game, a file the host could not read), is never
  given to a new table: a player without that table's token is refused ``code_taken`` and
  chooses another code; one with a token that holds no seat there is refused ``bad_token``.
* **A paused table comes back only for its own players**: a table on disk reopens when one
  of its seats' tokens joins — a finished one too, so that its players can look at its end
  and its log (it closes again when the last of them leaves).
* **Passwords are limited**: each address has ``password_free_tries`` wrong passwords, each
  table ``table_free_tries`` from every address together; past them every wrong one closes
  the address (the table) for a delay that doubles.  A try while closed is refused
  ``slow_down`` without the password being read, so guessing a 4-digit password takes days.
"""
from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

from knjazja.app.wording.names import clean_name
from knjazja.engine import SaveError

from .links import Link
from .protocol import Refused, check_versions, encode
from .seats import CODE, REMOTE
from .table import Table, resume_table

if TYPE_CHECKING:
    from .host import Host

log = logging.getLogger("knjazja.net")


def on_join(host: Host, link: Link, msg: dict) -> None:
    if link.table is not None:
        raise Refused("already_joined", f"already at table {link.table.code}")
    check_versions(msg)
    table = table_for(host, link, msg)
    seat, token = seat_for(host, link, table, msg)
    old = host.seated.get((table.code, seat))
    if old is not None and old is not link:      # the same player again: the old line is dead
        host.disconnect(old, "replaced by a reconnection")
        old.close_with("replaced")
    host.seat_link(link, table, seat)
    returned = table.welcome_back(seat)
    if returned is not None:
        log.info("table %s seat %d: its player is back, the stand-in bot leaves", table.code, seat)
    log.info("%s took table %s seat %d (%s)", link.peer, table.code, seat, table.session.seats[seat].name)
    host.charge_log(link, table)
    host.send(link, encode("welcome", table=table.code, seat=seat, token=token, seats=host.seat_list(table)))
    host.tell_seats(table, but=seat)            # the others learn who sat down
    if host.seal_if_seen(table):               # his decision now: the mover before him may no longer undo
        host.changed(table)
    else:
        host.flush(link)
    if returned:
        host.send(link, encode("stood_in", acts=returned[-500:]))


def table_for(host: Host, link: Link, msg: dict) -> Table:
    code = msg["table"]
    if not CODE.match(code):
        raise Refused("bad_field", "a table code is 1-16 letters, digits, - or _")
    table = host.tables.get(code)
    if table is not None:
        return table
    saved = host.autosave_of(code)
    if msg["token"]:
        table = reopen(host, link, code, msg["token"])
        if table is not None:
            return table
        if saved is not None and saved.is_file():
            raise Refused("bad_token", "this token holds no seat at this table")
        raise Refused("no_table", f"no table {code} here")
    if saved is not None and saved.is_file():
        raise Refused("code_taken", f"the code {code} belongs to another game: choose another code")
    if host.new_table_kinds is None:
        raise Refused("no_table", f"no table {code} here")
    check_new_table(host, link)
    table = host.create_table(code, list(host.new_table_kinds), password=msg["password"], by_join=True)
    host.opened_by[code] = link.ip
    return table


def check_new_table(host: Host, link: Link) -> None:
    mine = sum(1 for code, ip in host.opened_by.items() if ip == link.ip and code in host.tables)
    if mine >= host.limits.max_new_tables_per_ip:
        raise Refused("too_many_tables", f"{mine} tables opened from your address are open already")
    if len(host.tables) >= host.limits.max_tables:
        raise Refused("too_many_tables", f"this host keeps at most {host.limits.max_tables}")


def reopen(host: Host, link: Link, code: str, token: str) -> Table | None:
    """A table closed while idle, or finished, its autosave on disk: back when one of its
    players rejoins with his token (anyone else: None)."""
    path = host.autosave_of(code)
    if path is None or not path.is_file():
        return None
    try:
        table = resume_table(path, host.writer)
    except SaveError as e:
        log.warning("not reopened: %s", e)
        return None
    if table.code != code or table.seat_of_token(token) < 0:
        return None
    check_new_table(host, link)
    host.open_resumed(table)
    host.opened_by[code] = link.ip
    log.info("table %s reopened for a returning player at action %d%s", code, len(table.state.history),
             " (the game is over: for its review)" if table.state.over else "")
    return table


def seat_for(host: Host, link: Link, table: Table, msg: dict) -> tuple[int, str]:
    if msg["token"]:
        seat = table.seat_of_token(msg["token"])
        if seat < 0 or msg["seat"] not in (-1, seat):
            raise Refused("bad_token", "this token holds no seat at this table")
        return seat, msg["token"]
    check_password(host, link, table, msg["password"])
    free = table.free_remote_seats()
    seat = msg["seat"] if msg["seat"] >= 0 else (free[0] if free else -1)
    if seat not in free:
        if 0 <= seat < table.n and table.kinds[seat] == REMOTE:
            raise Refused("seat_taken", f"seat {seat} is someone's (reconnect with its token)")
        raise Refused("table_full" if not free else "no_seat", "no free seat for a remote player")
    name = clean_name(msg["name"]) or table.session.seats[seat].name
    return seat, table.claim(seat, name)


def check_password(host: Host, link: Link, table: Table, password: str) -> None:
    """A table's password, with growing delays after wrong ones (per address and per table)."""
    if not table.password:
        return
    now = host.clock()
    wait = max(host.password_ip.wait(link.ip, now), host.password_table.wait(table.code, now))
    if wait > 0:
        raise Refused("slow_down", f"too many wrong passwords: try again in {math.ceil(wait)} s")
    if not table.password_ok(password):
        host.password_ip.failed(link.ip, now)
        host.password_table.failed(table.code, now)
        raise Refused("bad_password", f"table {table.code} needs its password")
    host.password_ip.succeeded(link.ip)
