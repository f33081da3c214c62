"""Object names for completion, sorted once per change of their table.

Completion must answer within 20 ms with 50,000 queues defined, so it never scans a table:
each table's names are sorted once (upper-cased keys beside them) and a prefix is found with
two bisections. A table is re-sorted only after a command changed it; the index learns that from
the queue manager's commit listener, and checks the table's identity and size as well, so a
queue manager rebuilt behind its back (a restart) is noticed too.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from mqsc import catalog


def _rule_tables() -> dict[object, tuple[str, ...]]:
    """The state tables whose objects a kind of name names, from the catalog: a queue name
    may be any queue type's (TARGET, XMITQ, INITQ), a process name a process's..."""
    out: dict[object, tuple[str, ...]] = {}
    for objtype, family in catalog.DEFINED.items():
        spec = catalog.command_spec("DEFINE", objtype)
        rule = getattr(spec.name if spec is not None else None, "rule", None)
        if rule is not None:
            out[rule] = (*out.get(rule, ()), family.table)
    return out


#: State tables by name rule (catalog.NameRule), from the families the catalog defines.
RULE_TABLES: Mapping[object, tuple[str, ...]] = _rule_tables()
#: Which state tables hold the objects an object keyword names: each defined type its own,
#: DISPLAY QUEUE every queue type's, a status display its objects' (by its name's rule), and
#: the CSQINP1 resources by id.
OBJECT_TABLES: Mapping[str, tuple[str, ...]] = {
    **{
        spec.objtype: RULE_TABLES[spec.name.rule]
        for spec in catalog.SPECS
        if getattr(spec.name, "rule", None) in RULE_TABLES
    },
    **{objtype: (family.table,) for objtype, family in catalog.DEFINED.items()},
    "QSTATUS": (catalog.DEFINED["QLOCAL"].table,),  # the status of local queues only
    **{objtype: (resource.table,) for objtype, resource in catalog.RESOURCES.items()},
}
TABLES = (
    *(f.table for f in catalog.DEFINED.values()),
    *(resource.table for resource in catalog.RESOURCES.values()),
)


class SortedNames:
    """One table's keys as completion text, sorted, with upper-case twins for matching.

    Kept up to date in place (:meth:`add`, :meth:`remove`): with 50,000 queues a re-sort costs
    tens of milliseconds, an insertion microseconds.
    """

    __slots__ = ("texts", "keys", "folded")

    def __init__(self, texts: list[str], keys: list[Any], folded: list[str]) -> None:
        self.texts, self.keys, self.folded = texts, keys, folded

    @classmethod
    def of(cls, keys: Iterable[Any]) -> SortedNames:
        ordered = sorted(keys, key=lambda k: _text(k).upper())
        texts = [_text(k) for k in ordered]
        return cls(texts, ordered, [t.upper() for t in texts])

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

    def _find(self, key: Any) -> int:
        folded = _text(key).upper()
        at = bisect.bisect_left(self.folded, folded)
        while at < len(self.keys) and self.folded[at] == folded:
            if self.keys[at] == key:
                return at
            at += 1
        return -1

    def add(self, key: Any) -> None:
        """Insert a new key in order (nothing when it is there already).

        >>> names = SortedNames.of(["B", "D"]); names.add("C"); names.texts
        ['B', 'C', 'D']
        """
        if self._find(key) >= 0:
            return
        text = _text(key)
        at = bisect.bisect_right(self.folded, text.upper())
        self.texts.insert(at, text)
        self.keys.insert(at, key)
        self.folded.insert(at, text.upper())

    def remove(self, key: Any) -> None:
        """Remove a key (nothing when it is not there)."""
        at = self._find(key)
        if at >= 0:
            del self.texts[at], self.keys[at], self.folded[at]

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
        #: Whether :meth:`warm` has run (the console asks it once, after its first prompt).
        self.warmed = False

    def listener(
        self, _qm: object, _cmd: object, changes: Iterable[Any], _journal: object = None
    ) -> None:
        """A commit listener: apply a committed command's creations and deletions to the
        sorted names (a change of an existing object changes no name).

        The queue manager calls its listeners before the changes reach its tables, so the
        size the table will have is worked out from the changes (the same either way round).
        """
        sizes: dict[str, int] = {}
        for change in changes:
            cached = self._cache.get(change.table)
            if cached is None:
                continue
            table = self.table(change.table)
            size = sizes.get(change.table, len(table))
            if change.value is None:
                size -= change.key in table
                cached[1].remove(change.key)
            else:
                size += change.key not in table
                cached[1].add(change.key)
            sizes[change.table] = size
        for name, size in sizes.items():
            stamp, names = self._cache[name]
            if len(names) == size:
                self._cache[name] = ((id(self.table(name)), size), names)
            else:  # out of step (a change the listener did not see): sort again when asked
                del self._cache[name]

    def warm(self) -> None:
        """Sort every table's names now, so that the first completion finds them sorted."""
        for name in TABLES:
            self.names(name)
        self.warmed = True

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


def _described(what: str, detail: str = "") -> Callable[[Any], str]:
    """A describer for a type the table below does not name: its DESCR, or what it is, and
    the attribute that says most about it (an alias's TARGET)."""

    def describe(obj: Any) -> str:
        descr = str(obj.get("DESCR", "") or "").strip() or what
        value = str(obj.get(detail, "") or "").strip() if detail else ""
        return f"{descr} · {detail.lower()} {value}" if value else descr

    return describe


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


#: How the menu describes an object: the types with rules of their own by the functions above,
#: the rest of the catalog's types by their help and their family's ``detail`` attribute.
DESCRIBERS: dict[str, Callable[[Any], str]] = {
    **{
        family.table: _described(catalog.OBJECT_WORDS[objtype].help, family.detail)
        for objtype, family in catalog.DEFINED.items()
    },
    catalog.DEFINED["QLOCAL"].table: _queue,
    catalog.DEFINED["STGCLASS"].table: _stgclass,
    catalog.DEFINED["CFSTRUCT"].table: _cfstruct,
    catalog.RESOURCES["BUFFPOOL"].table: _pool,
    catalog.RESOURCES["PSID"].table: _pageset,
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
