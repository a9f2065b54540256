"""
Bounded caches that games in threads share: what the rules of a game remember, kept under one lock.
"""

from __future__ import annotations

import threading
from typing import TypeVar

__all__ = ["remember"]

#: Guards every insertion into these caches: games run in threads share them.
_LOCK = threading.Lock()

_K = TypeVar("_K")
_V = TypeVar("_V")


def remember(cache: dict[_K, _V], key: _K, value: _V, limit: int) -> _V:
    """
    Keep *value* under *key* in *cache*, the oldest entries making room; return the value kept.

    Called only when a lookup missed, so a hit costs one dictionary lookup
    and no lock.  If another thread kept a value first, that one is returned
    (and shared), so every caller gets the same object.
    """
    with _LOCK:
        kept = cache.get(key)
        if kept is not None:
            return kept
        while len(cache) >= limit:
            del cache[next(iter(cache))]
        cache[key] = value
        return value
