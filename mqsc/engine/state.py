"""The queue manager's state as tables of entities, and transactions over it.

A :class:`State` holds one dict per table. A :class:`Txn` overlays a command's changes on the
state: reads see the overlay, nothing touches the state until :meth:`Txn.commit`, so a command
that fails simply drops its transaction and leaves no trace. Immutable entities (object
definitions) are replaced; mutable ones (buffer pools, page sets, message stores) are cloned on
first :meth:`Txn.edit` and the clone is edited.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from mqsc.catalog import DEFINED

#: The tables a queue manager owns: its own entities ("qmgr" and "log" hold a single entity
#: under key None), then one per object family the catalog defines (page set 0's objects).
PRIVATE_TABLES = (
    "qmgr",
    "pool",
    "pageset",
    *(f.table for f in DEFINED.values() if not f.group_wide),
    "messages",
    "log",
    "topicstr",
    "substatus",
    "trace",
    "smf",
    "conn",
    "indoubt",
    "ended",
    "qstats",
    "retained",
    "smdsconn",
    "svctimer",
    "sysparm",
    "bsds",
    "security",
    "secprofiles",
    "secusers",
)
#: The tables of its queue sharing group, shared by every member (the Db2 shared repository
#: and the coupling facility, mqsc/engine/group.py): GROUP and SHARED definitions, CF
#: structures, their status and backups, the messages on shared queues, and the group's own
#: entity (its LRSN clock) under key None. Outside a group they stay empty.
GROUP_TABLES = (
    "group",
    *(f.group_table for f in DEFINED.values() if f.group_table),
    *(f.table for f in DEFINED.values() if f.group_wide),
    "cfstatus",
    "cfmsgs",
    "gtopicstr",
    "smds",
)
#: "topicstr" and "gtopicstr" are indexes, not objects: topic string -> the topic object that
#: has it (private and group topic objects), kept by mqsc/engine/messaging/topictree.py in the same
#: transactions as the topics, so the uniqueness of TOPICSTR is one look-up. "substatus" holds
#: what publications did to each subscription (DISPLAY SBSTATUS;
#: mqsc/engine/messaging/topictree.py); "conn" the connections (trigger monitors and the channel
#: initiator's among them), "indoubt" the units of recovery left in doubt and "ended" the final
#: records of ended connections for accounting (mqsc/engine/connregistry.py); "qstats" each
#: queue's MSGIN, MSGOUT and HIQDEPTH (mqsc/engine/messaging/queuestats.py); "retained" the retained
#: publication of each topic string (mqsc/engine/messaging/pubsub.py); "smds" (the group's)
#: and "smdsconn" (each member's) the shared message data sets (mqsc/engine/storage/smds.py);
#: "svctimer" each queue's service timer (mqsc/engine/messaging/events.py).
#: "trace" the active traces (mqsc/engine/smf/tracetable.py) and "smf" the statistics interval
#: in progress (mqsc/engine/smf/interval.py). "sysparm" holds the system parameters in effect
#: (mqsc/engine/sysparm.py) and "bsds" the log's data sets and archives (mqsc/engine/bsds.py),
#: each one entity under key None. "security", "secprofiles" and "secusers" the security
#: switches, MQ's in-storage profiles and signed-on users (mqsc/engine/security.py).
#: Every table a queue manager sees.
TABLES = PRIVATE_TABLES + GROUP_TABLES


class _Deleted:
    __slots__ = ()

    def __repr__(self) -> str:
        return "DELETED"


DELETED = _Deleted()


@dataclass(frozen=True, slots=True)
class Change:
    """One committed change: a table, a key, and the new entity (None when deleted)."""

    table: str
    key: Any
    value: Any


class State:
    """All tables of one queue manager, and its log records (append-only)."""

    __slots__ = ("tables", "journal")

    def __init__(self) -> None:
        self.tables: dict[str, dict[Any, Any]] = {t: {} for t in TABLES}
        self.journal: list[Any] = []

    def table(self, name: str) -> dict[Any, Any]:
        """The live dict of a table (read it; change it only through a :class:`Txn`)."""
        return self.tables[name]

    def copy(self, tables: tuple[str, ...] = TABLES) -> State:
        """An independent copy of ``tables`` (the others start empty): immutable entities
        shared, mutable ones cloned."""
        other = State()
        for name in tables:
            other.tables[name] = copy_table(self.tables[name])
        other.journal = list(self.journal)
        return other


def copy_table(table: dict[Any, Any]) -> dict[Any, Any]:
    """An independent copy of one table."""
    return {k: (v.clone() if hasattr(v, "clone") else v) for k, v in table.items()}


class Txn:
    """A command's view of the state, with its own pending changes and log records."""

    __slots__ = ("state", "pending", "journal")

    def __init__(self, state: State) -> None:
        self.state = state
        self.pending: dict[str, dict[Any, Any]] = {}
        self.journal: list[Any] = []

    def get(self, table: str, key: Any, default: Any = None) -> Any:
        """The entity under ``key`` as this transaction sees it."""
        pending = self.pending.get(table)
        if pending is not None and key in pending:
            value = pending[key]
            return default if value is DELETED else value
        return self.state.tables[table].get(key, default)

    def has(self, table: str, key: Any) -> bool:
        """Whether ``key`` exists as this transaction sees it."""
        # Not through get(): a DEFINE of a queue asks six tables (one name space for every
        # queue type, private and group), 7% of the 50,000-DEFINE deck when it went through get.
        pending = self.pending.get(table)
        if pending is not None and key in pending:
            return pending[key] is not DELETED
        return key in self.state.tables[table]

    def has_any(self, tables: tuple[str, ...], key: Any) -> bool:
        """Whether ``key`` exists in any of ``tables`` as this transaction sees it (one call
        for a name space that spans tables: a queue DEFINE asks the other queue types')."""
        pending, base = self.pending, self.state.tables
        for table in tables:
            changed = pending.get(table)
            if changed is not None and key in changed:
                if changed[key] is not DELETED:
                    return True
            elif key in base[table]:
                return True
        return False

    def put(self, table: str, key: Any, value: Any) -> None:
        """Create or replace an entity (the value must not be shared with the state)."""
        self.pending.setdefault(table, {})[key] = value

    def delete(self, table: str, key: Any) -> None:
        """Remove an entity."""
        self.pending.setdefault(table, {})[key] = DELETED

    def edit(self, table: str, key: Any) -> Any:
        """A private, mutable copy of a mutable entity, registered as this txn's change.

        Raises:
            KeyError: the entity does not exist (or this transaction deleted it).

        """
        value = self.edit_existing(table, key)
        if value is None:
            raise KeyError((table, key))
        return value

    def edit_existing(self, table: str, key: Any) -> Any:
        """:meth:`edit` of an entity that may not exist: None when it does not."""
        pending = self.pending.get(table)
        if pending is not None and key in pending:
            value = pending[key]
            return None if value is DELETED else value
        original = self.state.tables[table].get(key)
        if original is None:
            return None
        copy = original.clone()
        self.pending.setdefault(table, {})[key] = copy
        return copy

    def items(self, table: str) -> Iterator[tuple[Any, Any]]:
        """Every (key, entity) of a table as this transaction sees it."""
        base = self.state.tables[table]
        pending = self.pending.get(table)
        if not pending:
            yield from base.items()
            return
        for key, value in base.items():
            if key not in pending:
                yield key, value
        for key, value in pending.items():
            if value is not DELETED:
                yield key, value

    def values(self, table: str) -> Iterator[Any]:
        """Every entity of a table as this transaction sees it."""
        if not self.pending.get(table):
            return iter(self.state.tables[table].values())  # nothing changed: the table's own
        return (v for _, v in self.items(table))

    def keys(self, table: str) -> Iterator[Any]:
        """Every key of a table as this transaction sees it."""
        if not self.pending.get(table):
            return iter(self.state.tables[table])
        return (k for k, _ in self.items(table))

    @property
    def changed(self) -> bool:
        """Whether anything is pending."""
        return any(self.pending.values())

    def changes(self) -> list[Change]:
        """The pending changes, not yet applied."""
        return [
            Change(table, key, None if value is DELETED else value)
            for table, pending in self.pending.items()
            for key, value in pending.items()
        ]

    def commit(self) -> list[Change]:
        """Apply the pending changes and log records to the state and return the changes."""
        changes = self.changes()
        self.apply()
        return changes

    def apply(self) -> None:
        """:meth:`commit` without building the list of changes (nobody listening)."""
        tables = self.state.tables
        for table, pending in self.pending.items():
            target = tables[table]
            for key, value in pending.items():
                if value is DELETED or value is None:
                    target.pop(key, None)
                else:
                    target[key] = value
        self.state.journal.extend(self.journal)
        self.pending = {}
        self.journal = []


class ChildTxn(Txn):
    """A unit of work nested in another transaction: it sees its parent's pending changes,
    and its own reach the parent only by :meth:`merge` (dropping it backs them all out).
    Used where MQ makes a group of puts all-or-nothing inside one operation (a publication
    under PMSGDLV/NPMSGDLV ALL or ALLDUR, mqsc/engine/messaging/pubsub.py)."""

    __slots__ = ("parent",)

    def __init__(self, parent: Txn) -> None:
        super().__init__(parent.state)
        self.parent = parent

    def get(self, table: str, key: Any, default: Any = None) -> Any:
        pending = self.pending.get(table)
        if pending is not None and key in pending:
            value = pending[key]
            return default if value is DELETED else value
        return self.parent.get(table, key, default)

    def has(self, table: str, key: Any) -> bool:
        pending = self.pending.get(table)
        if pending is not None and key in pending:
            return pending[key] is not DELETED
        return self.parent.has(table, key)

    def edit_existing(self, table: str, key: Any) -> Any:
        pending = self.pending.get(table)
        if pending is not None and key in pending:
            value = pending[key]
            return None if value is DELETED else value
        original = self.parent.get(table, key)
        if original is None:
            return None
        copy = original.clone()  # the parent's (maybe pending) entity stays as it was
        self.pending.setdefault(table, {})[key] = copy
        return copy

    def items(self, table: str) -> Iterator[tuple[Any, Any]]:
        pending = self.pending.get(table)
        if not pending:
            yield from self.parent.items(table)
            return
        for key, value in self.parent.items(table):
            if key not in pending:
                yield key, value
        for key, value in pending.items():
            if value is not DELETED:
                yield key, value

    def values(self, table: str) -> Iterator[Any]:
        return (v for _, v in self.items(table))

    def keys(self, table: str) -> Iterator[Any]:
        return (k for k, _ in self.items(table))

    def merge(self) -> None:
        """Hand the pending changes and log records to the parent transaction."""
        for table, pending in self.pending.items():
            self.parent.pending.setdefault(table, {}).update(pending)
        self.parent.journal.extend(self.journal)
        self.pending = {}
        self.journal = []

    def apply(self) -> None:
        self.merge()
