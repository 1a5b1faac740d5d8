"""`knjazja bench attacks`: the host of `knjazja serve` on loopback, honest players at its
tables, and the attacks of ``attacks`` one phase after another (see that module); alongside,
the wipe of issue 60 tried again and a player who sits and never moves.  Prints figures."""
from __future__ import annotations

import asyncio
import json
import random
import re
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from knjazja.tools.attacks import (FAILED, MOVE_LIMIT, PASSWORD, guess_passwords, hold_connections, honest_process,
                      long_table, ping_flood, resync_storm, storm_tables, window, ws_to)
from knjazja.tools.netbench import start_server, stop_server
from knjazja.net.protocol import encode, join_message

IDLE_MINUTES = 0.1           # the bench's host closes an idle table after 6 s (the issue's --idle-minutes)


def bench_attacks(seconds: float = 5.0) -> dict[str, Any]:
    """Each attack for ``seconds`` (the connections held: 2 s more, so that they outlive the
    host's 5 s without a seat)."""
    folder = tempfile.mkdtemp(prefix="knjazja-bench-attacks-")
    logged: list[str] = []
    proc, port, lines = start_server(folder, [
        "--table", f"pw:remote,remote:{PASSWORD}", "--new-tables", "remote,remote",
        "--idle-minutes", str(IDLE_MINUTES), "--move-limit", str(MOVE_LIMIT), "--stand-in", "600"], logged)
    started = time.monotonic()
    try:
        res = asyncio.run(_run(f"ws://127.0.0.1:{port}", Path(folder), lines, seconds))
    finally:
        stop_server(proc)
    res["seconds"] = round(time.monotonic() - started, 1)
    res["server_log_lines"] = lines[0]
    res["server_refusals_by_kind_from_its_log"] = refusals_logged(logged)
    try:
        import resource
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)      # the server, now stopped
        res["server_cpu_s"] = round(usage.ru_utime + usage.ru_stime, 2)
    except ImportError:                                             # Windows
        pass
    return res


async def _run(url: str, folder: Path, lines: list[int], seconds: float) -> dict[str, Any]:
    import multiprocessing
    context = multiprocessing.get_context("spawn")
    theirs, ours = context.Pipe()
    stop = context.Event()
    honest = context.Process(target=honest_process, args=(url, theirs, stop), daemon=True)
    honest.start()
    aside = asyncio.gather(wipe_check(url, folder), silent_player(url), return_exceptions=True)
    res: dict[str, Any] = {}
    windows: dict[str, tuple[float, float]] = {}

    async def phase(name: str, attack) -> None:
        start, logged = time.monotonic(), lines[0]
        figures = await attack
        windows[name] = (start, time.monotonic())
        res[name] = dict(figures, log_lines=lines[0] - logged)

    await asyncio.sleep(4)                      # the honest tables are under way
    await phase("quiet", _quiet(seconds))
    await phase("passwords_from_1_address", guess_passwords(url, ["127.0.1.1"], 8, seconds))
    await phase("passwords_from_70_addresses", guess_passwords(url, [f"127.0.1.{i + 2}" for i in range(70)], 2,
                                                               seconds))
    await phase("connections_held_1000_from_70", hold_connections(url, 1000, seconds + 2))
    sockets = await storm_tables(url)
    await phase("resync_storm_16_seated", resync_storm(url, sockets, seconds))
    await phase("ping_flood_140_connections", ping_flood(url, seconds))
    wipe, silent = await aside
    stop.set()
    samples, refused, games = await asyncio.to_thread(ours.recv)
    honest.join(30)
    for name, (start, end) in windows.items():
        res[name].update(window(samples, start, end))
    res["wipe_replayed"] = wipe if isinstance(wipe, dict) else repr(wipe)
    res["silent_player"] = silent if isinstance(silent, dict) else repr(silent)
    res["honest_games_finished"] = games
    res["honest_refusals"] = refused
    return res


def refusals_logged(lines: list[str]) -> dict[str, int]:
    """The refusals the host's log accounts for, by kind: its first lines and its counted ones."""
    counts: Counter[str] = Counter()
    for line in lines:
        if m := re.search(r"refused (\S+) (\d+) more times", line):
            counts[m.group(1)] += int(m.group(2))
        elif m := re.search(r"refused (\S+) from ", line):
            counts[m.group(1)] += 1
        elif m := re.search(r"refused connection from ", line):
            counts["connection"] += 1
    return dict(counts.most_common())


async def _quiet(seconds: float) -> dict[str, Any]:
    await asyncio.sleep(seconds)
    return {}


def _saved_actions(path: Path) -> int | None:
    try:
        return len(json.loads(path.read_text(encoding="utf-8"))["actions"])
    except (OSError, ValueError, KeyError):
        return None


async def wipe_check(url: str, folder: Path) -> dict[str, Any]:
    """The issue's wipe: friends play 36 moves and leave, the table closes as idle, a stranger
    joins its code without a token; then a friend comes back with his."""
    tokens: list[str] = []
    for code in ("wipe", "wipe2", "wipe3"):             # (a deal may end early, with an Invasion)
        sockets = await long_table(url, code, ("127.0.5.1", "127.0.5.2"), 36, tokens)
        for ws in sockets:
            await ws.close()
        await asyncio.sleep(1)
        if _saved_actions(folder / f"table-{code}.json") == 36:
            break
    await asyncio.sleep(IDLE_MINUTES * 60 + 3)          # idle, then closed at the host's next tick
    path = folder / f"table-{code}.json"
    before = _saved_actions(path)
    async with ws_to(url, "127.0.5.66") as ws:
        await ws.send(join_message(code, name="stranger"))
        stranger = json.loads(await asyncio.wait_for(ws.recv(), 10))
    await asyncio.sleep(1.5)                             # (the host's autosave writer's turn)
    after = _saved_actions(path)
    async with ws_to(url, "127.0.5.1") as ws:
        await ws.send(join_message(code, name="friend", token=tokens[0]))
        back = json.loads(await asyncio.wait_for(ws.recv(), 10))
        state = None
        while state is None or state["t"] != "state":
            state = json.loads(await asyncio.wait_for(ws.recv(), 10))
    return {"friends_moves": before, "stranger_got": stranger.get("reason", stranger["t"]),
            "autosave_actions_after": after, "intact": before == after == state["at"],
            "friend_back_with_token": back["t"] == "welcome"}


async def silent_player(url: str) -> dict[str, Any]:
    """One sits and never moves; the other plays when it is his turn: how long until a bot
    plays the silent seat (the host's --move-limit)."""
    waited_since = None
    async with ws_to(url, "127.0.7.1") as silent, ws_to(url, "127.0.7.2") as other:
        await silent.send(join_message("silent", name="silent"))
        await other.send(join_message("silent", name="other"))
        rng, number, end = random.Random(5), 0, time.monotonic() + MOVE_LIMIT * 3
        while time.monotonic() < end:
            for ws in (silent, other):
                try:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 0.05))
                except TimeoutError:
                    continue
                except FAILED:
                    return {"stand_in": "connection lost"}
                if msg["t"] == "state" and msg["legal"] and ws is silent and waited_since is None:
                    waited_since = time.monotonic()
                elif msg["t"] == "state" and msg["legal"] and ws is other:
                    number += 1
                    await other.send(encode("action", n=number, at=msg["at"], action=rng.choice(msg["legal"])))
                elif msg["t"] == "seats" and ws is silent and any(s["bot"] for s in msg["seats"]):
                    return {"move_limit_s": MOVE_LIMIT,
                            "bot_took_the_seat_after_s": round(time.monotonic() - (waited_since or end), 1)}
    return {"stand_in": "never"}
