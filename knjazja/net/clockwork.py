"""The host's clock work, about once a second (``Host.tick``): nothing here sleeps; every
rule reads ``Host.clock``, so tests move a fake clock.

* **Stand-ins.**  A remote player away longer than ``stand_in_after`` whose decision holds up
  his table, or a player at the table (connected, or at the host's own window) whose
  decision has waited ``move_limit`` seconds, has a bot play his seat until he is back (he
  rejoins, or says so: ``back``).  Every seat of the table is told (``seats``: its ``bot``).
* **Connections without a seat** are closed ``join_timeout`` seconds after they opened.
* **Idle tables** opened by a new code, with nobody connected and no human activity for
  ``idle_table_after`` seconds, close: the autosave is kept once a seat was claimed and the
  game has begun (the player's token reopens it), else removed.
* Bots whose pause is over move, and the refusals counted in the interval are logged.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from .seats import LOCAL, REMOTE

if TYPE_CHECKING:
    from .host import Host
    from .table import Table

log = logging.getLogger("knjazja.net")


def tick(host: Host) -> None:
    now = host.clock()
    host.bots_due(now)
    reap(host, now)
    close_unjoined(host, now)
    stand_in_for_the_away(host, now)
    stand_in_for_the_slow(host, now)
    host.refused_log.flush(now)


def close_unjoined(host: Host, now: float) -> None:
    """Connections still without a seat ``join_timeout`` after they opened (oldest first)."""
    for link in list(host.unjoined):
        if now - link.since < host.limits.join_timeout:
            break
        host.evict(link, "took no seat in time")


def stand_in(host: Host, table: Table, seat: int, why: str) -> None:
    table.stand_in(seat, host.limits.stand_in_kind)
    log.info("table %s seat %d: %s, a %s bot plays it until he is back", table.code, seat, why,
             host.limits.stand_in_kind)
    host.tell_seats(table)
    host.run_bots(table)
    host.changed(table)


def stand_in_for_the_away(host: Host, now: float) -> None:
    wait = host.limits.stand_in_after
    if wait is None:
        return
    for (code, seat), since in list(host.away.items()):
        table = host.tables.get(code)
        if table is None or table.state.over:
            del host.away[(code, seat)]
        elif (now - since >= wait and table.session.deciding == seat and seat not in table.stand_ins
              and table.kinds[seat] == REMOTE):     # (a seat of the host's own window waits for it)
            stand_in(host, table, seat, f"away {now - since:.0f} s")


def stand_in_for_the_slow(host: Host, now: float) -> None:
    """A player at the table who does not move within ``move_limit``."""
    limit = host.limits.move_limit
    for code, table in list(host.tables.items()):
        session = table.session
        seat = session.deciding
        key = (len(table.state.history), seat)
        if host.deciding.get(code, (None, 0.0))[0] != key:
            host.deciding[code] = (key, now)        # the decision came now
            continue
        if (limit is None or table.state.over or seat < 0 or seat in table.stand_ins
                or table.kinds[seat] not in (REMOTE, LOCAL) or (code, seat) not in host.seated):
            continue
        since = host.deciding[code][1]
        if now - since >= limit:
            stand_in(host, table, seat, f"no move in {now - since:.0f} s")


def reap(host: Host, now: float) -> None:
    after = host.limits.idle_table_after
    if after is None:
        return
    busy = {code for code, _ in host.seated}
    for code, table in list(host.tables.items()):
        idle = now - host.active.setdefault(code, now)
        if not table.opened_by_join or code in busy or idle < after:
            continue
        keep = any(table.tokens) and bool(table.state.history)
        host.drop_table(code)
        if keep:
            table.flush()
        else:
            table.remove_autosave()
        log.info("table %s closed: idle %.0f s with nobody connected (autosave %s)",
                 code, idle, "kept" if keep else "removed")
