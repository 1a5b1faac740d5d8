"""`knjazja bench attacks`: issue 60's attacks replayed against `knjazja serve` on loopback
while honest players play — a benchmark that prints figures, not a test (the tests assert the
same rules with a fake clock: tests/net/test_net_guard.py, test_net_codes.py).

Honest pairs play whole games throughout (a seeded choice among their legal moves, a short
think before each); their latency, from an action sent to its events back, is cut into the
phases: quiet, passwords guessed (from one address, then 70), connections held without a
seat (1,000 from 70 addresses, reconnecting when closed, while a newcomer from a new address
joins), 16 seated players asking for their whole log again within the message rate (at
tables of 250 actions), and a ping flood (140 connections).  Alongside: friends play 36 moves
and leave; their table closes as idle; a stranger joins its code without a token; and a
player who sits and never moves.  Each phase says what the attackers got, what the honest
players felt, and how many lines the host's log took.  The attackers come from other
addresses of the loopback network (127.0.x.y: Linux answers all of 127/8 on loopback).
"""
from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake

from knjazja.tools.netbench import _percentile as percentile
from knjazja.net.protocol import encode, join_message
from knjazja.net.ws_client import connect

PASSWORD = "4821"
HONEST_PAIRS = 4
THINK = 0.15                 # an honest player's mean pause before his move (seconds)
MOVE_LIMIT = 20              # the bench's host gives a silent player's seat to a bot after so long
FAILED = (ConnectionClosed, InvalidHandshake, OSError, TimeoutError)


def window(samples: list[tuple[float, float]], start: float, end: float) -> dict[str, Any]:
    """The honest players' moves between ``start`` and ``end`` (time.monotonic)."""
    lat = [dt for t, dt in samples if start <= t < end]
    return {"honest_moves": len(lat), "honest_p50_ms": round(percentile(lat, 0.5) * 1000, 1),
            "honest_p99_ms": round(percentile(lat, 0.99) * 1000, 1)}


def honest_process(url: str, pipe, stop) -> None:
    """The honest players until ``stop`` is set; then their samples, refusals and games
    finished go back through ``pipe`` (a process of its own)."""
    honest = Honest(url)

    async def main() -> None:
        playing = asyncio.create_task(honest.run(time.monotonic() + 3600))
        while not stop.is_set():
            await asyncio.sleep(0.2)
        playing.cancel()
        await asyncio.gather(playing, return_exceptions=True)
    asyncio.run(main())
    pipe.send((honest.samples, dict(honest.refused), honest.games))


def ws_to(url: str, address: str):
    return connect(url, max_size=1 << 22, compression=None, open_timeout=10, local_addr=(address, 0))


class Honest:
    """Pairs of honest players, each pair at its own table, game after game (run in a process
    of their own by ``honest_process``: the attackers' loop must not slow them down)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.samples: list[tuple[float, float]] = []      # (time.monotonic(), latency in seconds)
        self.refused: Counter[str] = Counter()
        self.games = 0

    async def run(self, until: float) -> None:
        await asyncio.gather(*(self._pair(i, until) for i in range(HONEST_PAIRS)), return_exceptions=True)

    async def _pair(self, i: int, until: float) -> None:
        game = 0
        while time.monotonic() < until:
            code = f"hon{i}g{game}"
            await asyncio.gather(*(self._player(code, f"127.0.0.{10 + 2 * i + s}", random.Random(i * 10 + s), until)
                                   for s in range(2)), return_exceptions=True)
            game += 1

    async def _player(self, code: str, address: str, rng: random.Random, until: float) -> None:
        async with asyncio.timeout(max(1.0, until - time.monotonic() + 5)), ws_to(self.url, address) as ws:
            await ws.send(join_message(code, name="honest"))
            sent, number = None, 0
            async for raw in ws:
                msg, now = json.loads(raw), time.monotonic()
                if msg["t"] == "events" and sent is not None:
                    self.samples.append((now, now - sent))
                    sent = None
                elif msg["t"] == "refused":
                    self.refused[msg["reason"]] += 1
                elif msg["t"] == "state":
                    if msg["obs"]["over"]:
                        self.games += msg["obs"]["seat"] == 0
                        return
                    if now > until:
                        return
                    if msg["legal"]:
                        await asyncio.sleep(rng.uniform(0, 2 * THINK))
                        number += 1
                        sent = time.monotonic()
                        await ws.send(encode("action", n=number, at=msg["at"], action=rng.choice(msg["legal"])))


# --- the attacks --------------------------------------------------------------------------------
async def guess_passwords(url: str, addresses: list[str], per_address: int, seconds: float) -> dict[str, Any]:
    """Joins of the password table with every password in turn, as fast as the host answers."""
    counts: Counter[str] = Counter()
    end = time.monotonic() + seconds
    guessers = [(a, k) for a in addresses for k in range(per_address)]

    async def guesser(address: str, first: int) -> None:
        guess = first
        while time.monotonic() < end:
            try:
                async with ws_to(url, address) as ws:
                    while time.monotonic() < end:
                        await ws.send(join_message("pw", name="x", password=f"{guess:04d}"))
                        msg = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, end - time.monotonic())))
                        counts["tries"] += 1
                        counts["found" if msg["t"] == "welcome" else msg.get("reason", "?")] += 1
                        guess = (guess + len(guessers)) % 10000
            except FAILED:
                counts["connections closed"] += 1
    await asyncio.gather(*(guesser(a, i) for i, (a, _) in enumerate(guessers)), return_exceptions=True)
    return {"tries": counts["tries"], "passwords_checked": counts["bad_password"], "found": counts["found"],
            "refused_unread_slow_down": counts["slow_down"], "refused_flood": counts["flood"],
            "connections_closed": counts["connections closed"]}


async def hold_connections(url: str, n: int, seconds: float) -> dict[str, Any]:
    """``n`` connections from 70 addresses that never join, opened again when closed; a
    newcomer from a new address joins a new table meanwhile."""
    state = {"open": 0, "opened": 0, "refused_1013": 0, "failed": 0}
    held: list[int] = []
    end = time.monotonic() + seconds

    async def holder(i: int) -> None:
        while time.monotonic() < end:
            try:
                async with ws_to(url, f"127.0.2.{i % 70 + 1}") as ws:
                    state["opened"] += 1
                    state["open"] += 1
                    try:
                        await asyncio.wait_for(ws.wait_closed(), max(0.1, end - time.monotonic()))
                    except TimeoutError:
                        pass
                    finally:
                        state["open"] -= 1
                    state["refused_1013"] += ws.close_code == 1013
            except FAILED:
                state["failed"] += 1
            await asyncio.sleep(0.2)

    async def sample() -> None:
        while time.monotonic() < end:
            held.append(state["open"])
            await asyncio.sleep(0.25)

    async def newcomer() -> float | None:
        await asyncio.sleep(min(3.0, seconds / 2))
        return await _join_time(url, "127.0.3.1", "newcomer")
    *_, joined = await asyncio.gather(*(holder(i) for i in range(n)), sample(), newcomer(), return_exceptions=True)
    return {"held_at_once_mean": round(sum(held) / max(1, len(held))), "held_at_once_max": max(held, default=0),
            "connections_opened": state["opened"], "closed_with_1013": state["refused_1013"],
            "handshakes_failed": state["failed"],
            "newcomer_seated_ms": round(joined * 1000, 1) if isinstance(joined, float) else f"no ({joined!r})"}


async def _join_time(url: str, address: str, code: str) -> float | None:
    """Seconds from connecting to being seated at a new table ``code`` (None: refused)."""
    started = time.monotonic()
    async with ws_to(url, address) as ws:
        await ws.send(join_message(code, name="newcomer"))
        msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
        return time.monotonic() - started if msg["t"] == "welcome" else None


async def storm_tables(url: str, pairs: int = 8, actions: int = 250) -> list:
    """The storm's 16 seats: 8 tables played to ``actions`` actions (their logs long)."""
    sockets = []
    for i in range(pairs):
        sockets += await long_table(url, f"rs{i}", (f"127.0.4.{2 * i + 1}", f"127.0.4.{2 * i + 2}"), actions)
    return sockets


async def resync_storm(url: str, sockets: list, seconds: float) -> dict[str, Any]:
    """Seated players ask for their whole log again 30 times a second each — within the
    message rate."""
    counts: Counter[str] = Counter()
    end = time.monotonic() + seconds

    async def ask(ws) -> None:
        while time.monotonic() < end:
            await ws.send(encode("resync"))
            await asyncio.sleep(1 / 30)

    async def read(ws) -> None:
        while time.monotonic() < end:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.1, end - time.monotonic()))
            except TimeoutError:
                return
            msg = json.loads(raw)
            counts["bytes"] += len(raw)
            counts["whole_logs"] += msg["t"] == "events" and msg.get("seq") == 0
            counts["refused_slow_down"] += msg["t"] == "refused" and msg["reason"] == "slow_down"
            counts["refused_flood"] += msg["t"] == "refused" and msg["reason"] == "flood"
    started = time.monotonic()
    await asyncio.gather(*(f(ws) for ws in sockets for f in (ask, read)), return_exceptions=True)
    span = time.monotonic() - started
    for ws in sockets:
        await ws.close()
    return {"resyncs_asked": round(len(sockets) * 30 * span), "whole_logs_sent": counts["whole_logs"],
            "refused_slow_down": counts["refused_slow_down"], "refused_flood": counts["refused_flood"],
            "kib_sent_per_s": round(counts["bytes"] / 1024 / max(span, 0.1))}


async def long_table(url: str, code: str, addresses: tuple[str, str], actions: int,
                     tokens: list[str] | None = None) -> list:
    """Two seats at a new table ``code``, whoever decides playing at once until ``actions``
    (or the end); their open sockets, and their tokens in ``tokens``."""
    sockets = [await ws_to(url, a).__aenter__() for a in addresses]
    for ws in sockets:
        await ws.send(join_message(code, name="storm"))
    rng, number, last = random.Random(code), 0, [None, None]
    held = tokens if tokens is not None else []
    held[:] = ["", ""]

    async def drain(k: int, ws) -> None:
        try:
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 0.05))
                if msg["t"] == "state":
                    last[k] = msg
                elif msg["t"] == "welcome":
                    held[k] = msg["token"]
        except TimeoutError:
            return
    end = time.monotonic() + 30
    while time.monotonic() < end:
        for k, ws in enumerate(sockets):
            await drain(k, ws)
        st = next((m for m in last if m is not None and m["legal"]), None)
        if st is None:
            if any(m is not None and (m["obs"]["over"] or m["at"] >= actions) for m in last):
                break
            continue
        if st["at"] >= actions:
            break
        number += 1
        await sockets[last.index(st)].send(encode("action", n=number, at=st["at"], action=rng.choice(st["legal"])))
        last[last.index(st)] = None
    return sockets


async def ping_flood(url: str, seconds: float, addresses: int = 70, per_address: int = 2) -> dict[str, Any]:
    """Connections that send pings as fast as they can (a few hundred at a time, never
    reading the pongs), reconnecting when cut off."""
    counts: Counter[str] = Counter()
    end = time.monotonic() + seconds

    async def flooder(address: str) -> None:
        n = 0
        while time.monotonic() < end:
            try:
                async with ws_to(url, address) as ws:
                    counts["connections"] += 1
                    reader = asyncio.create_task(_count_replies(ws, counts))
                    while time.monotonic() < end:
                        n += 1
                        await ws.send(encode("ping", n=n % 2**31))
                        counts["pings"] += 1
                        if n % 256 == 0:
                            await asyncio.sleep(0)
                    reader.cancel()
            except FAILED:
                counts["cut_off"] += 1
    await asyncio.gather(*(flooder(f"127.0.6.{a + 1}") for a in range(addresses) for _ in range(per_address)),
                         return_exceptions=True)
    return {"pings_sent": counts["pings"], "pongs": counts["pong"], "refused_flood": counts["refused"],
            "connections": counts["connections"], "cut_off": counts["cut_off"]}


async def _count_replies(ws, counts: Counter[str]) -> None:
    async for raw in ws:
        counts[json.loads(raw)["t"]] += 1
