"""A package's names loaded from their modules on first use (PEP 562), so importing the
package costs only what is asked for (the menu opens without the rules or the card painter).

    __getattr__ = lazy_attributes(__name__, globals(), {"SaveError": "save_error", ...})
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def lazy_attributes(package: str, namespace: dict[str, Any], where: dict[str, str]) -> Callable[[str], Any]:
    """The package's ``__getattr__``: ``name`` imported from ``package.where[name]``, then kept
    in ``namespace`` (the package's globals: the next lookup is a plain one)."""
    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value
    return __getattr__
