"""websockets' asyncio client, importable where Python has no TLS.

The executable leaves the ``ssl`` module out (libssl and libcrypto are a sixth of its
download), so it plays over ``ws://`` — a table on the local network, or a friend's
``knjazja serve`` — never ``wss://``.  websockets' client module imports ``ssl`` only to
make a TLS context when a ``wss://`` address is given; where ``ssl`` is missing it is
imported against a stand-in that says so, and nothing else in the program sees the stand-in
(asyncio, http and the rest keep finding no ``ssl``, as they expect).
"""
from __future__ import annotations

import sys
import types


class NoTLS(OSError):
    """A ``wss://`` address in a build without TLS."""


def _stand_in() -> types.ModuleType:
    def create_default_context(*_args: object, **_kw: object) -> None:
        raise NoTLS("this build of the game has no TLS: join with a ws:// address")
    module = types.ModuleType("ssl", "no TLS in this build (see knjazja.net.ws_client)")
    module.create_default_context = create_default_context      # type: ignore[attr-defined]
    return module


def _has_tls() -> bool:
    try:
        import ssl  # noqa: F401
    except ImportError:
        return False
    return True


HAS_TLS = _has_tls()


def _client_module() -> types.ModuleType:
    if not HAS_TLS:
        had, saved = "ssl" in sys.modules, sys.modules.get("ssl")
        sys.modules["ssl"] = _stand_in()
        try:
            import websockets.asyncio.client as client
        finally:                       # only websockets' client keeps the stand-in
            if had:
                sys.modules["ssl"] = saved      # type: ignore[assignment]
            else:
                sys.modules.pop("ssl", None)
        return client
    import websockets.asyncio.client as client
    return client


_client = _client_module()
ClientConnection = _client.ClientConnection


def connect(uri: str, **kw: object):   # -> websockets' Connect (an async context manager)
    """websockets' ``connect``; a ``wss://`` address without TLS is refused before any
    connection is tried (``NoTLS``: the player reads why, no retry can help)."""
    if not HAS_TLS and uri.strip().lower().startswith("wss:"):
        raise NoTLS("this build of the game has no TLS: join with a ws:// address")
    return _client.connect(uri, **kw)


__all__ = ["HAS_TLS", "ClientConnection", "NoTLS", "connect"]
