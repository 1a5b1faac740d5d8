"""The seats this computer holds at tables elsewhere: their tokens, kept on disk.

A player whose program closed mid-game (a crash, a flat battery) opens Join a game again and
types the same address and code: the kept token gives him his own seat back, as a dropped
connection does.  The file is the player's own (``net_seats.json`` in the game's data
folder), small and bounded; a damaged one is set aside and told once, like every document.
"""
from __future__ import annotations

import logging

from knjazja.app.store import storage

from .protocol import MAX_CODE, MAX_SECRET

log = logging.getLogger("knjazja.net")
FILE = "net_seats.json"
KEPT = 20                   # the newest tables remembered (a game lasts an evening)
MAX_URL = 100


def _path():
    return storage.data_dir() / FILE


def _parse(raw: object) -> list[dict]:
    if not isinstance(raw, list) or len(raw) > 10 * KEPT:
        raise ValueError("not a list of seats")
    for e in raw:
        if not (isinstance(e, dict) and set(e) == {"url", "code", "seat", "token"}
                and isinstance(e["url"], str) and len(e["url"]) <= MAX_URL
                and isinstance(e["code"], str) and len(e["code"]) <= MAX_CODE
                and type(e["seat"]) is int and 0 <= e["seat"] < 8
                and isinstance(e["token"], str) and 0 < len(e["token"]) <= MAX_SECRET):
            raise ValueError("a seat is damaged")
    return raw


def _read() -> list[dict]:
    kept, _ = storage.load_document(_path(), _parse, "net_seats")
    return kept or []


def _write(entries: list[dict]) -> None:
    try:
        storage.write_json(_path(), entries[-KEPT:])
    except OSError as e:          # (also a damaged file left as it is) the seat is still held for this run
        log.warning("seat token not kept: %s", e)


def recall(url: str, code: str) -> tuple[int, str] | None:
    """(seat, token) held at table ``code`` of ``url``, or None."""
    for e in reversed(_read()):
        if e["url"] == url and e["code"] == code:
            return e["seat"], e["token"]
    return None


def remember(url: str, code: str, seat: int, token: str) -> None:
    if len(url) > MAX_URL or not token:
        return
    entries = [e for e in _read() if not (e["url"] == url and e["code"] == code)]
    _write(entries + [{"url": url, "code": code, "seat": seat, "token": token}])


def forget(url: str, code: str) -> None:
    entries = _read()
    kept = [e for e in entries if not (e["url"] == url and e["code"] == code)]
    if len(kept) != len(entries):
        _write(kept)
