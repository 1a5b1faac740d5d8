"""Benchmarks of the network table: hidden cards sent (`knjazja bench leaks`) and load
(`knjazja bench serve`).

The leak benchmark plays seeded games through a ``Host`` directly: the texts its tap sees
are exactly the bytes a websocket would carry (the transport only frames them), checked
with ``leaks.LeakCheck`` at the moment each is sent.

The load benchmark runs ``knjazja serve`` in its own process on loopback and plays scripted
clients against it from this one (asyncio, two connections per table, each from its own
loopback address, random legal moves);
latency is from an action sent to the first events message back on that connection; the
server's CPU time and peak memory are read when it has stopped.
"""
from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from typing import Any
from pathlib import Path

from knjazja.net.host import Host, Limits, Link
from knjazja.net.leaks import LeakCheck
from knjazja.net.protocol import encode, join_message

STALL_SECONDS = 300.0   # a scripted player waiting this long for the host (his partner gone) gives up the game
LAYOUTS = (["remote", "remote", "easy"], ["remote", "easy", "remote", "normal"], ["remote", "remote"],
           ["easy", "remote", "remote", "remote", "easy"])


class ScriptedSeat:
    """A remote player driven in-process: its inbox is every text the host sent it."""

    def __init__(self, host: Host, name: str) -> None:
        self.inbox: list[dict] = []
        self.host = host
        self.closed = ""
        self.link = host.connect(lambda text: self.inbox.append(json.loads(text)), self._close, name)

    def _close(self, why: str) -> None:
        self.closed = why

    def send(self, text: str) -> None:
        assert self.link is not None
        self.host.receive(self.link, text)

    def last_state(self) -> dict | None:
        return next((m for m in reversed(self.inbox) if m["t"] == "state"), None)


def play_in_process(host: Host, code: str, kinds: list[str], seed: int, pick: random.Random,
                    before_move: Callable[[list[ScriptedSeat]], None] | None = None) -> list[ScriptedSeat]:
    """One whole game at a new table; its remote seats choose at random among the legal
    actions the host sent them.  Returns the seats (their inboxes) when the game is over."""
    host.create_table(code, kinds, seed=seed)
    players = []
    for i in range(kinds.count("remote")):
        p = ScriptedSeat(host, f"{code}-{i}")
        p.send(join_message(code, name=f"P{i}"))
        players.append(p)
    number = 0
    while not host.tables[code].state.over:
        moved = False
        for p in players:
            st = p.last_state()
            if st is not None and st["legal"] and st["at"] == len(host.tables[code].state.history):
                if before_move is not None:
                    before_move(players)
                number += 1
                p.send(encode("action", n=number, at=st["at"], action=pick.choice(st["legal"])))
                moved = True
        assert moved, "no remote seat could move"
    return players


def bench_leaks(games: int = 100, seed: int = 1) -> dict:
    check = LeakCheck()

    def tap(link: Link, text: str) -> None:
        check.check(text, link.table.state if link.table else None, link.seat)  # type: ignore[arg-type]

    host = Host(limits=Limits(rate=1e9, burst=10**9), tap=tap)
    started = time.perf_counter()
    actions = 0
    for g in range(games):
        kinds = LAYOUTS[g % len(LAYOUTS)]
        play_in_process(host, f"L{g}", kinds, seed + g, random.Random(seed * 7919 + g))
        actions += len(host.tables[f"L{g}"].state.history)
    return {"games": games, "actions": actions, "messages": check.messages, "bytes": check.bytes,
            "cards_checked": check.cards_checked, "hidden_cards_sent": check.hidden_sent,
            "first_leaks": check.leaks[:5], "seconds": round(time.perf_counter() - started, 2)}


# --- load ---------------------------------------------------------------------------------------
def _start_server(tables: int, folder: str, seats: str = "remote,remote") -> tuple[subprocess.Popen, int, list[int]]:
    return start_server(folder, ["--max-tables", str(tables * 4), "--max-connections", str(tables * 4),
                                 "--new-tables", seats, "--max-per-ip", str(tables * 4), "--bot-pause", "0",
                                 "--new-tables-per-ip", str(tables * 4), "--connect-rate", str(tables * 4)])


def start_server(folder: str, flags: list[str],
                 keep: list[str] | None = None) -> tuple[subprocess.Popen, int, list[int]]:
    """`knjazja serve` on loopback in its own process (a free port); its log's lines are
    counted as they come (the list's one number), and kept in ``keep`` if given."""
    cmd = [sys.executable, "-m", "knjazja", "serve", "--host", "127.0.0.1", "--port", "0", "--data", folder, *flags]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in (str(Path(__file__).resolve().parents[2]),
                                                                  os.environ.get("PYTHONPATH", "")) if p))
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env)
    assert proc.stderr is not None
    stderr = proc.stderr
    for line in stderr:
        m = re.search(r"listening on \S+ port (\d+)", line)
        if m:
            lines = [0]
            threading.Thread(target=_drain, args=(stderr, lines, keep), daemon=True).start()
            return proc, int(m.group(1)), lines
    raise RuntimeError("the server did not start")


def stop_server(proc: subprocess.Popen) -> None:
    if os.name == "posix":
        proc.send_signal(signal.SIGTERM)       # a clean stop: its autosaves flushed
    else:
        proc.terminate()                       # Windows: no signal to a child without a console
    proc.wait(30)


def _drain(stream, lines: list[int], keep: list[str] | None = None) -> None:
    """Read the server's log as it comes (a full pipe would stall the server), counting lines."""
    for line in stream:
        lines[0] += 1
        if keep is not None and len(keep) < 100_000:
            keep.append(line)


def client_address(i: int) -> str:
    """The ``i``-th scripted player's own address on loopback (players come from many
    addresses, as the host's per-address limits expect: Linux answers all of 127/8; elsewhere
    they share 127.0.0.1, the limits raised by the flags above)."""
    return f"127.1.{i // 250}.{i % 250 + 1}" if sys.platform.startswith("linux") else "127.0.0.1"


async def _player(url: str, code: str, deadline: float, latencies: list[float], counts: dict,
                  pick: random.Random, think: float, address: str = "127.0.0.1", games: int = 0) -> None:
    try:
        async with asyncio.timeout(max(0.0, deadline - time.perf_counter())):
            await _games(url, code, deadline, latencies, counts, pick, think, address, games)
    except TimeoutError:             # time is up: the waiting seats stop too
        pass


async def _games(url: str, code: str, deadline: float, latencies: list[float], counts: dict,
                 pick: random.Random, think: float, address: str, games: int = 0) -> None:
    """Whole games at the tables ``code``g0, g1, ... until the deadline (or ``games`` of them:
    then a game that fails or stalls — its partner gone — is counted and the next one played)."""
    game = 0
    while time.perf_counter() < deadline and not 0 < games <= game:
        try:
            await _one_game(url, f"{code}g{game}", deadline, latencies, counts, pick, think, address)
        except Exception as exc:        # refused, closed, timed out: whatever a player may meet
            if not games:
                raise
            failures = counts.setdefault("failures", {})
            failures[type(exc).__name__] = failures.get(type(exc).__name__, 0) + 1
        game += 1


async def _one_game(url: str, code: str, deadline: float, latencies: list[float], counts: dict,
                    pick: random.Random, think: float, address: str) -> None:
    from websockets.exceptions import ConnectionClosedOK

    from knjazja.net.ws_client import connect
    async with connect(url, max_size=1 << 20, compression=None, local_addr=(address, 0)) as ws:
        await ws.send(join_message(code, name="bench"))
        sent_at = None
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), STALL_SECONDS)
            except ConnectionClosedOK:  # the host closed the table: this game is over for him
                return
            msg = json.loads(raw)
            if msg["t"] == "events" and sent_at is not None:
                latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            elif msg["t"] == "state":
                if msg["obs"]["over"]:
                    counts["games"] += msg["obs"]["seat"] == 0
                    return
                if msg["legal"] and time.perf_counter() < deadline:
                    if think:            # a player's pause before he moves (never in a test)
                        await asyncio.sleep(pick.uniform(0, 2 * think))
                    sent_at = time.perf_counter()
                    counts["actions"] += 1
                    await ws.send(encode("action", n=counts["actions"], at=msg["at"],
                                         action=pick.choice(msg["legal"])))
                elif time.perf_counter() >= deadline:
                    return


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class _MemoryWatch:
    """The server's memory (PSS where the OS tells it), sampled every ``every`` seconds from
    a thread of this process: its peak, and what it held as each tenth of the games ended."""

    def __init__(self, pid: int, counts: dict, games: int, every: float = 0.5) -> None:
        from knjazja.ui.processes import memory_mb
        self.pid, self.counts, self.games, self.every, self.memory_mb = pid, counts, games, every, memory_mb
        self.peak, self.kind = 0.0, "RSS"
        self.first: float | None = None
        self.by_tenth: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="bench-serve-memory")
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            mb, self.kind = self.memory_mb(self.pid)
            if mb is None:
                continue
            self.first = mb if self.first is None else self.first
            self.peak = max(self.peak, mb)
            tenths = 10 * self.counts["games"] // self.games if self.games else 0
            while len(self.by_tenth) < min(10, tenths):
                self.by_tenth.append(round(mb, 1))

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)


def bench_serve(tables: int = 200, seconds: float = 30.0, think: float = 0.0, seats: str = "remote,remote",
                games: int = 0) -> dict:
    """``think``: the mean pause before a scripted player moves (0: at once, a saturated host);
    ``seats``: each table's (two of them ``remote``: the scripted players; a bot answers at
    once, held ``BOT_FLOOR`` as at every served table); ``games``: each table plays so many
    games, one after another (then ``seconds`` is only a limit), and the server's memory is
    followed as they end."""
    folder = tempfile.mkdtemp(prefix="knjazja-bench-serve-")
    proc, port, log_lines = _start_server(tables, folder, seats)
    latencies: list[float] = []
    counts = {"actions": 0, "games": 0}
    url = f"ws://127.0.0.1:{port}"
    watch = _MemoryWatch(proc.pid, counts, tables * games)

    async def main() -> None:
        deadline = time.perf_counter() + seconds
        players = [_player(url, f"t{t}", deadline, latencies, counts, random.Random(t * 2 + s), think,
                           client_address(t * 2 + s), games) for t in range(tables) for s in range(2)]
        results = await asyncio.gather(*players, return_exceptions=True)
        counts["errors"] = sum(isinstance(r, BaseException) for r in results)

    started = time.perf_counter()
    try:
        asyncio.run(main())
    finally:
        watch.stop()
        stop_server(proc)
    elapsed = time.perf_counter() - started
    res: dict[str, Any] = {"tables": tables, "connections": tables * 2, "think_s": think, "seconds": round(elapsed, 1),
           "actions": counts["actions"], "games_finished": counts["games"], "client_errors": counts["errors"],
           "actions_per_s": round(counts["actions"] / elapsed, 1),
           "latency_ms_p50": round(_percentile(latencies, 0.5) * 1000, 2),
           "latency_ms_p99": round(_percentile(latencies, 0.99) * 1000, 2), "server_log_lines": log_lines[0],
           "seats": seats, "games_per_table": games, "memory": watch.kind,
           "server_mb_start": round(watch.first or 0.0, 1), "server_mb_peak": round(watch.peak, 1),
           "server_mb_peak_per_table": round((watch.peak - (watch.first or 0.0)) / max(1, tables), 2),
           "server_mb_as_games_ended": watch.by_tenth, "games_failed": counts.get("failures", {})}
    try:
        import resource
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)     # the server, now stopped
        res["server_cpu_s"] = round(usage.ru_utime + usage.ru_stime, 2)
        res["server_peak_rss_mb"] = round(usage.ru_maxrss / 1024, 1)      # Linux: kilobytes
        res["server_cpu_ms_per_action"] = round(1000 * res["server_cpu_s"] / max(1, counts["actions"]), 2)
    except ImportError:                                                    # Windows
        pass
    return res
