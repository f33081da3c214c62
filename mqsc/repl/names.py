"""Object names for completion, sorted once per change of their table.

Completion must answer within 20 ms with 50,000 queues defined, so it never scans a table:
each table's names are sorted once (upper-cased keys beside them) and a prefix is found with
two bisections. A table is re-sorted only after a command changed it; the index learns that from
the queue manager's commit listener, and checks the table's identity and size as well, so a
queue manager rebuilt behind its back (a restart) is noticed too.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

#: Which state table holds the objects an object keyword names.
OBJECT_TABLES = {
    "QLOCAL": "qlocal",
    "QUEUE": "qlocal",
    "STGCLASS": "stgclass",
    "CFSTRUCT": "cfstruct",
    "CFSTATUS": "cfstruct",
    "BUFFPOOL": "pool",
    "PSID": "pageset",
}
TABLES = ("qlocal", "stgclass", "cfstruct", "pool", "pageset")


@dataclass(frozen=True, slots=True)
class SortedNames:
    """One table's keys as completion text, sorted, with upper-case twins for matching."""

    texts: tuple[str, ...]
    keys: tuple[Any, ...]
    folded: tuple[str, ...]

    @classmethod
    def of(cls, keys: Iterable[Any]) -> SortedNames:
        rows = sorted((_text(k).upper(), _text(k), k) for k in keys)
        return cls(tuple(r[1] for r in rows), tuple(r[2] for r in rows),
                   tuple(r[0] for r in rows))

    def prefixed(self, prefix: str, limit: int) -> list[tuple[str, Any]]:
        """Up to ``limit`` (text, key) pairs whose text starts with ``prefix`` (any case).

        >>> SortedNames.of(["PAY.IN", "PAY.OUT", "HR.IN"]).prefixed("pay", 5)
        [('PAY.IN', 'PAY.IN'), ('PAY.OUT', 'PAY.OUT')]
        """
        folded = prefix.upper()
        lo = bisect.bisect_left(self.folded, folded)
        hi = bisect.bisect_left(self.folded, folded + "\U0010ffff", lo)
        hi = min(hi, lo + limit)
        found = list(zip(self.texts[lo:hi], self.keys[lo:hi], strict=True))
        if found and isinstance(found[0][1], int):
            found.sort(key=lambda pair: pair[1])  # ids read best in numeric order
        return found

    def __len__(self) -> int:
        return len(self.texts)


def _text(key: Any) -> str:
    return str(key)


class NameIndex:
    """Sorted names of the objects that exist, per table, for one queue manager's state.

    ``state_of`` returns the live :class:`mqsc.engine.state.State` (a callable, so the index
    follows a queue manager that is replaced, e.g. by a restart).
    """

    def __init__(self, state_of: Callable[[], Any]) -> None:
        self._state_of = state_of
        self._cache: dict[str, tuple[tuple[int, int], SortedNames]] = {}

    def listener(self, _qm: object, _cmd: object, changes: Iterable[Any]) -> None:
        """A commit listener: forget the tables a committed command changed."""
        for change in changes:
            self._cache.pop(change.table, None)

    def invalidate(self) -> None:
        """Forget every table."""
        self._cache.clear()

    def table(self, name: str) -> dict[Any, Any]:
        """The live table (read only)."""
        return self._state_of().tables[name]

    def names(self, name: str) -> SortedNames:
        """The sorted names of a table."""
        table = self.table(name)
        stamp = (id(table), len(table))
        cached = self._cache.get(name)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        names = SortedNames.of(table)
        self._cache[name] = (stamp, names)
        return names

    @property
    def qmgr(self) -> Any:
        """The queue manager's identity (name, CPF)."""
        return self._state_of().tables["qmgr"][None]

    def describe(self, name: str, key: Any) -> str:
        """A few words about one object, shown beside its name in the completion menu."""
        obj = self.table(name).get(key)
        if obj is None:
            return ""
        return DESCRIBERS[name](obj)


def _queue(obj: Any) -> str:
    descr = str(obj.get("DESCR", "") or "").strip()
    where = f"storage class {obj.get('STGCLASS', '')}"
    return f"{descr} · {where}" if descr else f"local queue · {where}"


def _stgclass(obj: Any) -> str:
    descr = str(obj.get("DESCR", "") or "").strip()
    where = f"page set {obj.get('PSID', '')}"
    return f"{descr} · {where}" if descr else f"storage class · {where}"


def _cfstruct(obj: Any) -> str:
    descr = str(obj.get("DESCR", "") or "").strip()
    return descr or "CF structure"


def _pool(pool: Any) -> str:
    return f"{pool.buffers:,} buffers, {pool.percent}% stealable, {pool.location}"


def _pageset(pageset: Any) -> str:
    return f"buffer pool {pageset.pool}, {pageset.total:,} pages, {pageset.unused:,} unused"


DESCRIBERS: dict[str, Callable[[Any], str]] = {
    "qlocal": _queue, "stgclass": _stgclass, "cfstruct": _cfstruct, "pool": _pool,
    "pageset": _pageset,
}


def lowest_stealable(index: NameIndex) -> tuple[int, int] | None:
    """(percent, pool) of the buffer pool with the lowest stealable percentage among the pools
    some page set uses; None when no page set is defined.

    A pool no page set uses holds no pages, so its 100% would only hide the one that matters.
    """
    pools = index.table("pool")
    used = {p.pool for p in index.table("pageset").values()}
    rows = [(pools[n].percent, n) for n in used if n in pools]
    return min(rows) if rows else None
