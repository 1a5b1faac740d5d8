"""What keeps a host up against many addresses: growing delays after wrong passwords, a cost
bucket, and refusals logged as counted summaries.

Each is a small bounded book keyed by an address or a table, driven by the host's clock
(tests inject one), with no thread and no sleep of its own.
"""
from __future__ import annotations

import logging
from collections import Counter, OrderedDict
from collections.abc import Hashable

MAX_KEYS = 4096          # addresses or tables remembered by one book (the oldest forgotten first)


class Backoff:
    """Wrong tries per key with growing delays: ``free`` wrong tries, then each one more
    closes the key for ``first`` seconds, doubling, at most ``most``; a key forgets its
    wrong tries ``forget`` seconds after the last one.  While closed a try is refused
    without being checked, so a guesser learns nothing from it and gains no guess."""

    def __init__(self, free: int, first: float, most: float, forget: float = 3600.0,
                 max_keys: int = MAX_KEYS) -> None:
        self.free, self.first, self.most, self.forget, self.max_keys = free, first, most, forget, max_keys
        self._book: OrderedDict[Hashable, tuple[int, float, float]] = OrderedDict()   # wrong, last, open at

    def wait(self, key: Hashable, now: float) -> float:
        """Seconds until ``key`` may try again (0: now)."""
        entry = self._book.get(key)
        if entry is None:
            return 0.0
        wrong, last, open_at = entry
        if now - last >= self.forget:
            del self._book[key]
            return 0.0
        return max(0.0, open_at - now)

    def failed(self, key: Hashable, now: float) -> None:
        wrong, last, _ = self._book.pop(key, (0, now, now))
        if now - last >= self.forget:
            wrong = 0
        wrong += 1
        over = wrong - self.free
        delay = 0.0 if over <= 0 else min(self.most, self.first * 2.0 ** min(over - 1, 60))
        self._book[key] = (wrong, now, now + delay)
        while len(self._book) > self.max_keys:
            self._book.popitem(last=False)

    def succeeded(self, key: Hashable) -> None:
        self._book.pop(key, None)

    def wrong(self, key: Hashable) -> int:
        return self._book.get(key, (0, 0.0, 0.0))[0]


class CostBucket:
    """A token bucket of cost (bytes to send): ``rate`` a second, ``burst`` at once.  A
    charge may take it below zero (a join is never refused for its log's size, but the
    next costly request waits the longer)."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst, self.level, self.at = rate, burst, float(burst), now

    def refill(self, now: float) -> float:
        self.level = min(self.burst, self.level + max(0.0, now - self.at) * self.rate)
        self.at = now
        return self.level

    def can(self, cost: float, now: float) -> bool:
        return self.refill(now) >= cost

    def charge(self, cost: float, now: float) -> None:
        self.refill(now)
        self.level -= cost


class CostBook:
    """A ``CostBucket`` per key, bounded (a forgotten key starts full: the overall bucket
    still holds)."""

    def __init__(self, rate: float, burst: float, max_keys: int = MAX_KEYS) -> None:
        self.rate, self.burst, self.max_keys = rate, burst, max_keys
        self._buckets: OrderedDict[Hashable, CostBucket] = OrderedDict()

    def bucket(self, key: Hashable, now: float) -> CostBucket:
        b = self._buckets.get(key)
        if b is None:
            b = self._buckets[key] = CostBucket(self.rate, self.burst, now)
            while len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        return b


class RefusalLog:
    """Refusals as counted summaries.  The first of a kind from an address in an interval is
    one line at once — at most ``loud`` such lines an interval; the rest are counted and said
    when the interval ends (``flush``, from the host's tick): one line per address and kind,
    or, when a kind came from more than ``named`` addresses, one line for all of them.  So a
    flood from any number of addresses costs a bounded number of lines an interval."""

    def __init__(self, log: logging.Logger, every: float = 10.0, loud: int = 20, named: int = 5,
                 max_keys: int = 4096) -> None:
        self.log, self.every, self.loud, self.named, self.max_keys = log, every, loud, named, max_keys
        self.counts: Counter[tuple[str, str]] = Counter()      # refusals not yet said, per kind and address
        self.said: set[tuple[str, str]] = set()                # kinds and addresses said at once
        self.lines = 0                      # lines written (the attack bench reads it)
        self.total = 0                      # refusals noted
        self._loud_left = loud
        self._since: float | None = None

    def note(self, kind: str, ip: str, line: str, now: float) -> None:
        """One refusal of ``kind`` to ``ip``; ``line`` is written if it is the first."""
        self.total += 1
        if self._since is None:
            self._since = now
        key = (kind, ip)
        if key not in self.said and key not in self.counts and self._loud_left > 0:
            self._loud_left -= 1
            self.said.add(key)
            self.lines += 1
            self.log.info("%s", line)
            return
        if key not in self.counts and len(self.counts) >= self.max_keys:
            key = (kind, "other addresses")
        self.counts[key] += 1

    def flush(self, now: float, force: bool = False) -> None:
        """At the end of an interval: the refusals not yet said, counted."""
        if self._since is None or (now - self._since < self.every and not force):
            return
        span = max(0.0, now - self._since)
        by_kind: dict[str, list[tuple[str, int]]] = {}
        for (kind, ip), n in self.counts.items():
            by_kind.setdefault(kind, []).append((ip, n))
        for kind, rows in sorted(by_kind.items()):
            rows.sort(key=lambda r: (-r[1], r[0]))
            if len(rows) <= self.named:
                for ip, n in rows:
                    self._say("refused %s %d more times from %s in the last %.0f s", kind, n, ip, span)
            else:
                self._say("refused %s %d more times from %d addresses in the last %.0f s (the most, %d, from %s)",
                          kind, sum(n for _, n in rows), len(rows), span, rows[0][1], rows[0][0])
        self.counts.clear()
        self.said.clear()
        self._loud_left = self.loud
        self._since = None

    def _say(self, fmt: str, *args: object) -> None:
        self.lines += 1
        self.log.info(fmt, *args)
