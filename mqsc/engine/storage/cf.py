"""Coupling facility list structures: capacity, the messages on shared queues, failure,
backup and recovery (docs/qsg.md; [DOC-BACKUP] [DOC-RECOVER]).

Shared-queue messages live in the group's ``cfmsgs`` table as :class:`QueueStore` runs (the
same compact runs private queues use, without page sets). A structure's status, its
connections and its last backup are a :class:`StructureState` in ``cfstatus``.

Capacity (storage rules CF-4, CF-5 (docs/storage.md#storage-rules)): a message takes one list entry
and
``max(1536, roundup(length + 324, 256))`` bytes (324: the MQMD as stored); a structure of
SIZE KB holds that in 80 % of its size (the 25 % overhead the seed adds on top of the data),
with at most one entry per 1536 bytes of it. A put that does not fit fails with MQRC 2192.
Messages over 63 KB (64,512 bytes) need CFLEVEL(4) or more; they are offloaded, leaving a
1536-byte entry in the structure; the offload medium (a shared message data set, or Db2) is
mqsc/engine/storage/smds.py.

Recovery is exact by construction: every persistent change to a shared queue is logged by the
member that made it, with the group's LRSN; a backup is the persistent content as at an LRSN,
written to the backing-up member's log; recovery restores the last backup and replays every
member's logged changes after its LRSN, in LRSN order (storage rule BR-6
(docs/storage.md#storage-rules)).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from mqsc.engine.group import group_of
from mqsc.engine.storage import constants
from mqsc.engine.storage.queuestore import Body, QueueStore, Run

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.context import Ctx
    from mqsc.engine.log import LogRecord

# The CF figures are the storage constants' (mqsc/engine/storage/constants.py, the one table;
# storage rules CF-1, CF-4, BN-1, BN-4 of docs/storage.md#storage-rules).
CF_MQMD = constants.CF_MQMD
CF_MIN_ENTRY = constants.CF_MIN_ENTRY
CF_ELEMENT = constants.CF_ELEMENT
CF_MAX_MESSAGE = constants.CF_MAX_MESSAGE
CF_USABLE = constants.CF_USABLE
MAX_STRUCTURES = constants.CF_MAX_STRUCTURES
MAX_QUEUES = constants.CF_MAX_QUEUES
#: Log bytes per persistent shared-queue message besides its length.
LOG_PER_SHARED_MSG = constants.LOG_PER_MSG_QSG
RESTORE_SECONDS_PER_MB = constants.RESTORE_SECONDS_PER_MB


def entry_bytes(size: int) -> int:
    """CF storage one message of ``size`` data bytes takes.

    >>> entry_bytes(0), entry_bytes(1212), entry_bytes(1213), entry_bytes(4096)
    (1536, 1536, 1792, 4608)
    >>> entry_bytes(100_000)  # offloaded: only the pointer entry stays in the structure
    1536
    """
    if size > CF_MAX_MESSAGE:
        return CF_MIN_ENTRY
    return max(CF_MIN_ENTRY, math.ceil((size + CF_MQMD) / CF_ELEMENT) * CF_ELEMENT)


@dataclass(frozen=True, slots=True)
class Capacity:
    """What a structure of a given size holds."""

    size_kb: int

    @property
    def usable(self) -> int:
        return int(self.size_kb * 1024 * CF_USABLE)

    @property
    def entries(self) -> int:
        """ENTSMAX: list entries available.

        >>> Capacity(524288).entries  # 0.5 GB: the seed's ~275,000 small messages
        279620
        """
        return self.usable // CF_MIN_ENTRY


@dataclass(frozen=True, slots=True)
class Backup:
    """The last backup of a structure, as the Db2 backup table records it."""

    qmgr: str  # the member whose log holds it
    srba: int  # where it starts in that log
    erba: int  # where it ends
    lrsn: int  # the persistent content is as at this LRSN
    size: int  # bytes
    ended: str  # "yyyy-mm-dd hh.mm.ss" (BKUPDATE, BKUPTIME)
    until: str  # ISO time the backup runs until (a second BACKUP before then is refused)


@dataclass(slots=True)
class StructureState:
    """A structure's status (mutable; cloned in transactions).

    ``status``: ACTIVE, FAILED, or NOTFOUND while defined but never allocated (no member has
    used it yet). ``base`` is the LRSN from which the structure's persistent content was
    empty (its allocation, or a RECOVER TYPE(PURGE)): recovery replays from there when no
    backup is newer.
    """

    name: str
    status: str = "NOTFOUND"
    connections: list[str] = field(default_factory=list)
    failed: str = ""
    recovered: str = ""
    base: int = 0
    backup: Backup | None = None

    def clone(self) -> StructureState:
        return replace(self, connections=list(self.connections))

    def snapshot(self) -> dict[str, Any]:
        return {
            "kind": "cfstatus",
            "name": self.name,
            "status": self.status,
            "connections": list(self.connections),
            "failed": self.failed,
            "recovered": self.recovered,
            "base": self.base,
            "backup": None
            if self.backup is None
            else {f: getattr(self.backup, f) for f in Backup.__dataclass_fields__},
        }

    @classmethod
    def restore(cls, data: Mapping[str, Any]) -> StructureState:
        backup = data["backup"]
        return cls(
            data["name"],
            data["status"],
            list(data["connections"]),
            data["failed"],
            data["recovered"],
            data["base"],
            Backup(**backup) if backup is not None else None,
        )


# ---- what a structure holds ------------------------------------------------------------------
def queues_on(ctx: Ctx, structure: str) -> list[str]:
    """Names of the shared queues defined on a structure."""
    return sorted(
        name
        for name, q in ctx.txn.items("gqlocal")
        if q.get("QSGDISP") == "SHARED" and q.get("CFSTRUCT") == structure
    )


def stores_on(ctx: Ctx, structure: str) -> Iterator[QueueStore]:
    for name in queues_on(ctx, structure):
        store = ctx.txn.get("cfmsgs", name)
        if store is not None:
            yield store


def usage(ctx: Ctx, structure: str) -> tuple[int, int]:
    """(entries, bytes) the messages on a structure take now."""
    entries = used = 0
    for store in stores_on(ctx, structure):
        for run in store.runs:
            entries += run.count
            used += run.count * entry_bytes(run.size)
    return entries, used


def room(ctx: Ctx, structure: str, size: int) -> int:
    """How many more messages of ``size`` bytes the structure holds."""
    capacity = Capacity(group_of(ctx.qm).cfrm.size_kb(structure))
    entries, used = usage(ctx, structure)
    return max(0, min(capacity.entries - entries, (capacity.usable - used) // entry_bytes(size)))


# ---- the group's LRSN clock and logging -----------------------------------------------------
def next_lrsn(ctx: Ctx) -> int:
    info = ctx.txn.edit("group", None)
    info.lrsn += 1
    return info.lrsn


def now(ctx: Ctx) -> dt.datetime:
    return ctx.qm.clock()


def log_change(ctx: Ctx, kind: str, nbytes: int, records: int, **detail: object) -> None:
    """Log a persistent change to a shared queue on the issuing member's log, stamped with
    the group's LRSN and the time (recovery and backups order and select by them)."""
    ctx.log(
        kind,
        nbytes,
        records=records,
        lrsn=next_lrsn(ctx),
        time=now(ctx).isoformat(timespec="seconds"),
        **detail,
    )


# ---- replay: the persistent content from a backup and the logs ------------------------------
Content = dict[str, QueueStore]


def content_data(content: Content) -> dict[str, Any]:
    """A backup's rows: per queue, each run as [id, count, size, priority], then its
    message's data and MQMD fields and the count got from it when it has either (a backup
    holds the messages whole: IBM "BACKUP CFSTRUCT" backs up the persistent messages)."""
    return {
        q: [
            [
                r.id,
                r.count,
                r.size,
                r.priority,
                *((r.body.snapshot() if r.body else None, r.taken) if r.body or r.taken else ()),
            ]
            for r in s.runs
        ]
        for q, s in sorted(content.items())
    }


def content_of(data: Mapping[str, Any]) -> Content:
    return {
        q: QueueStore(
            q, [_backed_up_run(row) for row in runs], max((r[0] for r in runs), default=0) + 1
        )
        for q, runs in data.items()
    }


def _backed_up_run(row: list[Any]) -> Run:
    run_id, count, size, priority = row[:4]
    # Rows of backups taken before bodies were kept have four fields: data-less messages.
    body = Body.restore(row[4]) if len(row) > 4 and row[4] is not None else None
    return Run(
        run_id, count, size, True, priority, -1, body=body, taken=int(row[5]) if len(row) > 5 else 0
    )


def content_bytes(content: Content) -> int:
    """The size of a backup: each persistent message with its MQMD."""
    return sum(r.count * (r.size + CF_MQMD) for s in content.values() for r in s.runs)


def apply(content: Content, record: LogRecord) -> None:
    """Replay one logged change onto persistent content."""
    detail = record.detail
    queue = str(detail["queue"])
    if record.kind == "cfput":
        store = content.setdefault(queue, QueueStore(queue))
        run_id = int(detail["run"])
        last = store.runs[-1] if store.runs else None
        if last is not None and last.id == run_id:
            last.count += int(detail["count"])
        else:
            # A message put with data logs it (detail "body"): recovery brings it back whole.
            body = Body.restore(detail["body"]) if detail.get("body") else None
            store.runs.append(
                Run(
                    run_id,
                    int(detail["count"]),
                    int(detail["msgsize"]),
                    True,
                    int(detail["priority"]),
                    -1,
                    body=body,
                )
            )
        store.next_id = max(store.next_id, run_id + 1)
    elif record.kind == "cfget":
        got = content.get(queue)
        if got is None:
            return
        store = got
        taken = {int(i): int(n) for i, n in detail["runs"]}
        for run in store.runs:
            if run.id in taken:
                run.count -= taken[run.id]
                run.taken += taken[run.id]
        store.runs = [r for r in store.runs if r.count > 0]
        if not store.runs:
            del content[queue]


def changes_since(ctx: Ctx, structure: str, after: int, upto: int | None = None) -> list[LogRecord]:
    """Every member's logged persistent changes to ``structure`` with LRSN in (after, upto],
    in LRSN order (members' logs merged, as recovery reads them)."""
    return [record for _, record in changes_by_member(ctx, structure, after, upto)]


def changes_by_member(
    ctx: Ctx, structure: str, after: int, upto: int | None = None
) -> list[tuple[str, LogRecord]]:
    """The same, each with the member whose log holds it."""
    found = []
    for name, member in group_of(ctx.qm).members.items():
        for record in log_of(ctx, member):
            if record.kind not in ("cfput", "cfget"):
                continue
            detail = record.detail
            lrsn = int(detail.get("lrsn", 0))
            if (
                detail.get("structure") == structure
                and lrsn > after
                and (upto is None or lrsn <= upto)
            ):
                found.append((name, record))
    found.sort(key=lambda pair: int(pair[1].detail["lrsn"]))
    return found


def log_of(ctx: Ctx, member: Any) -> list[LogRecord]:
    """A member's whole recovery log as far as it is kept: the state store's copy, or the
    in-memory journal of a queue manager without one, plus this command's own records."""
    gate = member.gate
    if gate is not None and hasattr(gate, "log_records"):
        records = list(gate.log_records(member.name))
    else:
        records = list(member.state.journal)
    if member is ctx.qm:
        records += ctx.txn.journal
    return records


def log_members(ctx: Ctx, structure: str, after: int) -> list[str]:
    """Members whose logs hold changes a recovery from LRSN ``after`` needs (LOGS)."""
    return sorted({name for name, _ in changes_by_member(ctx, structure, after)})


def backup_record(ctx: Ctx, backup: Backup) -> LogRecord | None:
    """The log record holding a backup's content."""
    member = group_of(ctx.qm).member(backup.qmgr)
    if member is None:
        return None
    for record in log_of(ctx, member):
        if record.kind == "cfbackup" and record.rba == backup.srba:
            return record
    return None


def recovered_content(ctx: Ctx, state: StructureState, upto: int | None = None) -> Content:
    """The persistent content as at LRSN ``upto`` (None: everything logged): the last backup
    (or empty from the structure's base) plus the changes logged after it."""
    content: Content = {}
    start = state.base
    backup = state.backup
    if backup is not None:
        record = backup_record(ctx, backup)
        if record is not None:
            content = content_of(record.detail["content"])
            start = backup.lrsn
    for record in changes_since(ctx, state.name, start, upto):
        apply(content, record)
    return content


def lrsn_before(ctx: Ctx, structure: str, moment: dt.datetime, floor: int) -> int:
    """The last LRSN logged for ``structure`` at or before ``moment`` (not below ``floor``):
    a backup with EXCLINT leaves out what is newer (storage rule BR-4
    (docs/storage.md#storage-rules))."""
    best = floor
    for record in changes_since(ctx, structure, floor):
        if dt.datetime.fromisoformat(str(record.detail["time"])) <= moment:
            best = max(best, int(record.detail["lrsn"]))
    return best
