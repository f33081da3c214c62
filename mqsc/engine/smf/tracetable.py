"""The queue manager's trace table as state: the active traces, by trace number (table
"trace", one entity under key None). The commands that change it are in
mqsc/engine/families/trace.py; the statistics interval and the accounting tasks read it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from mqsc.catalog.trace import MAX_TRACES
from mqsc.engine.state import Txn

TABLE = "trace"


@dataclass(frozen=True, slots=True)
class Trace:
    """One active trace."""

    tno: int
    ttype: str
    classes: tuple[int, ...]
    dests: tuple[str, ...]
    #: Empty: ``*`` (not constrained).
    ifcids: tuple[int, ...] = ()
    rmids: tuple[int, ...] = ()
    userids: tuple[str, ...] = ()
    comment: str = ""
    started: str = ""

    def to_smf(self, ttype: str, number: int) -> bool:
        """Whether the trace writes class ``number`` of type ``ttype`` to SMF."""
        return self.ttype == ttype and number in self.classes and "SMF" in self.dests


@dataclass(frozen=True, slots=True)
class TraceTable:
    """The queue manager's active traces, by trace number."""

    traces: tuple[Trace, ...] = ()

    def snapshot(self) -> dict[str, Any]:
        return {"kind": "trace", "traces": [asdict(t) for t in self.traces]}

    @classmethod
    def restore(cls, data: dict[str, Any]) -> TraceTable:
        return cls(tuple(Trace(**_fields(t)) for t in data["traces"]))

    def classes(self, ttype: str) -> frozenset[int]:
        """Every class the active traces of a type collect (to SMF for STAT and ACCTG)."""
        return frozenset(
            c
            for t in self.traces
            if t.ttype == ttype and (ttype in ("GLOBAL", "CHINIT") or "SMF" in t.dests)
            for c in t.classes
        )


def table_of(txn: Txn) -> TraceTable:
    """The active traces as a transaction sees them."""
    return txn.get(TABLE, None) or TraceTable()


def add_trace(txn: Txn, trace: Trace) -> Trace:
    """Add a trace with the lowest free trace number (the caller has checked its options)."""
    table = table_of(txn)
    used = {t.tno for t in table.traces}
    tno = min(n for n in range(1, MAX_TRACES + 2) if n not in used)
    trace = replace(trace, tno=tno)
    txn.put(TABLE, None, TraceTable(tuple(sorted((*table.traces, trace), key=lambda t: t.tno))))
    return trace


def _fields(saved: dict[str, Any]) -> dict[str, Any]:
    """A saved trace's fields as the record takes them (JSON keeps tuples as lists)."""
    return {k: tuple(v) if isinstance(v, list) else v for k, v in saved.items()}
