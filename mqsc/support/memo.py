"""Values remembered per object, found by the object's identity.

For objects that are costly to hash or compare (catalog specs and keywords, shared attribute
profiles, immutable response records): a value made once for the object is looked up by
``id()``. Each entry holds its object, so while it is remembered its identity cannot pass to
another object; at the limit the memo starts again.
"""

from __future__ import annotations

from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class IdentityMemo(Generic[K, V]):
    """``memo.get(obj)`` is the value ``memo.put(obj, value)`` remembered for that very object
    (None if none).

    >>> memo = IdentityMemo[list, str]()
    >>> a, b = [1], [1]
    >>> memo.put(a, "a"), memo.get(a), memo.get(b)
    ('a', 'a', None)
    """

    __slots__ = ("_entries", "_limit")

    def __init__(self, limit: int = 4096) -> None:
        self._entries: dict[int, tuple[K, V]] = {}
        self._limit = limit

    def get(self, key: K) -> V | None:
        entry = self._entries.get(id(key))
        return entry[1] if entry is not None and entry[0] is key else None

    def put(self, key: K, value: V) -> V:
        """Remember ``value`` for ``key``; returns it."""
        if len(self._entries) >= self._limit:
            self._entries.clear()
        self._entries[id(key)] = (key, value)
        return value
