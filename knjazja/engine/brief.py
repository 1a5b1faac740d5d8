"""Bounded, one-line reprs of untrusted values, for error messages.

A save or a caller may hand the engine anything: a megabyte string, a list nested
ten thousand deep. `repr` of that is huge or raises RecursionError; `short` never is.
"""
from __future__ import annotations

import reprlib


class _Short(reprlib.Repr):
    def repr_int(self, x: int, level: int) -> str:
        # repr() of an int past 4300 digits raises ValueError; do not even try.
        if -10**18 < x < 10**18:
            return repr(x)
        return f"<{x.bit_length()}-bit integer>"


_REPR = _Short()
_REPR.maxlevel = 3
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 6
_REPR.maxstring = 40
_REPR.maxlong = 24
_REPR.maxother = 40


def short(value: object, limit: int = 80) -> str:
    """A repr of `value` of at most `limit` characters, on one line."""
    text = _REPR.repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."
