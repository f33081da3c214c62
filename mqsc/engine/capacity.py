"""Capacity advice from the current state: what a z/OS capacity planner checks.

* each buffer pool's lowest stealable percentage in the statistics interval, and whether it
  crossed the deferred write threshold (85% changed: below 15% stealable) or the synchronous
  write threshold (95%: below 5%) (storage rules ST-4, ST-5, ST-6, ST-7
  (docs/storage.md#storage-rules); IBM advises keeping pools above
  15% free, [D-V6BP]);
* page sets near full, at the end of their expansion, or marked "no further expansion";
* the MEMLIMIT the above-the-bar pools need: 2 GB + their buffers x 4096 + 200 bytes per
  message held (storage rule BP-11 (docs/storage.md#storage-rules)).

In a queue sharing group, for each CF structure: its backup, the log a recovery would read
back, and how long RECOVER CFSTRUCT would take at the seeds' read-back rates; and the backup
interval that keeps recovery within a target time (the storage model, docs/qsg.md). Pure functions
of the state; front ends print them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from mqsc.catalog import CommandSource
from mqsc.engine.context import Ctx
from mqsc.engine.manager import QueueManager
from mqsc.engine.state import Txn
from mqsc.engine.storage import cf, constants

#: Below these stealable percentages a pool has crossed DWT and SPT.
DWT_PERCENT = round(100 * (1 - constants.DWT))
SPT_PERCENT = round(100 * (1 - constants.SPT))
#: A page set in use above this share is "near full".
NEAR_FULL = 0.85


@dataclass(frozen=True)
class PoolAdvice:
    """One buffer pool's figures and findings."""

    pool: int
    buffers: int
    location: str
    stealable: int
    percent: int
    lowest: int
    lowest_percent: int
    deferred_writes: int
    synchronous: int
    shortages: int
    findings: tuple[str, ...]


@dataclass(frozen=True)
class PageSetAdvice:
    """One page set's figures and findings."""

    psid: int
    total: int
    used: int
    expansions: int
    extents: int
    expand: str
    findings: tuple[str, ...]


@dataclass(frozen=True)
class Advice:
    """Everything ``mqsc advise`` reports."""

    qmgr: str
    pools: tuple[PoolAdvice, ...]
    pagesets: tuple[PageSetAdvice, ...]
    messages_held: int
    above_bar_buffers: int
    memlimit_bytes: int
    memlimit_gb: int
    structures: tuple[StructureAdvice, ...] = field(default=())
    intervals: tuple[IntervalAdvice, ...] = field(default=())
    #: The queue sharing group ``qmgr`` belongs to; "" outside one, where there are no CF
    #: structures and so no structure backups to plan (BACKUP CFSTRUCT needs a QSG).
    qsg: str = ""


# ---- CF structure recovery (the storage model, docs/qsg.md) --------------------------------
#: Log read-back rates in MB/s, the restore of a fuzzy backup, the restore allowance when sizing
#: backup intervals and the log bytes per shared message: the storage constants
#: (mqsc/engine/storage/constants.py; storage rules BN-1, BN-2, BN-4, BN-5).
READ_RATES = constants.LOG_READ_RATES
RESTORE_SECONDS_PER_MB = constants.RESTORE_SECONDS_PER_MB
SEED_RESTORE_SECONDS = constants.CF_SIZING_RESTORE_SECONDS
SHARED_LOG_OVERHEAD = constants.LOG_PER_MSG_QSG


@dataclass(frozen=True)
class StructureAdvice:
    """One CF structure's recovery position."""

    structure: str
    status: str
    backup_qmgr: str
    backup_mb: float
    log_mb: dict[str, float]  # per member: log a recovery reads back since the backup
    restore_seconds: float
    recovery_seconds: dict[str, float]  # per read rate
    findings: tuple[str, ...]


@dataclass(frozen=True)
class IntervalAdvice:
    """How often to back up for a target recovery time (one row of the seed's table)."""

    messages_per_second: int
    message_bytes: int
    log_mb_per_second: float
    read_rate: float
    target_minutes: float
    restore_seconds: float
    minutes: int


def backup_interval(
    messages_per_second: int,
    *,
    message_bytes: int = 1024,
    target_minutes: float = 30,
    read_rate: float = 3.0,
    restore_seconds: float = SEED_RESTORE_SECONDS,
) -> IntervalAdvice:
    """The backup interval that keeps RECOVER CFSTRUCT within ``target_minutes`` when the
    busiest member logs ``messages_per_second`` persistent messages
    (storage rules BN-2, BN-3 (docs/storage.md#storage-rules)):
    the log written between backups must be read back in the target time, less the restore.

    The log rate is taken to two decimals of a MB/s, as the seed's table gives it, so the
    seed's own rows come out exactly:

    >>> [backup_interval(n).minutes for n in (400, 1200, 2200)]
    [90, 30, 16]
    """
    per_second = messages_per_second * (message_bytes + SHARED_LOG_OVERHEAD) / 2**20
    rate = math.floor(per_second * 100) / 100
    budget_mb = (target_minutes * 60 - restore_seconds) * read_rate
    minutes = round(budget_mb / rate / 60) if rate else 0
    return IntervalAdvice(
        messages_per_second,
        message_bytes,
        rate,
        read_rate,
        target_minutes,
        restore_seconds,
        minutes,
    )


def _structures(qm: QueueManager, target_minutes: float) -> tuple[StructureAdvice, ...]:

    if qm.group is None:
        return ()
    ctx = Ctx(qm, Txn(qm.state), None, None, CommandSource.SERVER)
    out = []
    for name, state in sorted(qm.state.tables["cfstatus"].items()):
        definition = qm.state.tables["cfstruct"].get(name)
        if definition is None or definition.get("RECOVER") != "YES":
            continue
        backup = state.backup
        since = backup.lrsn if backup is not None else state.base
        log_mb: dict[str, float] = {}
        for owner, record in cf.changes_by_member(ctx, name, since):
            log_mb[owner] = log_mb.get(owner, 0.0) + record.size / 2**20
        backup_mb = backup.size / 2**20 if backup is not None else 0.0
        restore = RESTORE_SECONDS_PER_MB * backup_mb
        # Members' logs are read back in parallel: the longest one dominates
        # (storage rule BR-6 (docs/storage.md#storage-rules)).
        longest = max(log_mb.values(), default=0.0)
        recovery = {label: restore + longest / rate for label, rate in READ_RATES}
        findings = []
        if backup is None:
            findings.append(
                "never backed up: after a failure its persistent messages cannot "
                "be recovered (RECOVER TYPE(NORMAL) needs a backup)"
            )
        if state.status == "FAILED":
            findings.append("FAILED: run RECOVER CFSTRUCT")
        slow = [label for label, seconds in recovery.items() if seconds > target_minutes * 60]
        if slow:
            findings.append(
                f"recovery would take longer than {target_minutes:g} minutes "
                f"({', '.join(slow)}): back up more often"
            )
        out.append(
            StructureAdvice(
                name,
                state.status,
                backup.qmgr if backup else "",
                round(backup_mb, 3),
                {k: round(v, 3) for k, v in sorted(log_mb.items())},
                round(restore, 1),
                {k: round(v, 1) for k, v in recovery.items()},
                tuple(findings),
            )
        )
    return tuple(out)


def advise(
    qm: QueueManager,
    *,
    target_minutes: float = 30,
    interval_rates: tuple[int, ...] = (),
    message_bytes: int = 1024,
    read_rate: float = 3.0,
) -> Advice:
    """Advice for ``qm`` as it is now."""
    tables = qm.state.tables
    used_pools = {ps.pool for ps in tables["pageset"].values() if ps.status == "AVAILABLE"}
    pools = tuple(_pool(tables["pool"][p]) for p in sorted(used_pools))
    pagesets = tuple(_pageset(ps) for _, ps in sorted(tables["pageset"].items()))
    held = sum(s.depth for s in tables["messages"].values())
    above = sum(
        tables["pool"][p].buffers for p in used_pools if tables["pool"][p].location == "ABOVE"
    )
    memlimit = (
        constants.MEMLIMIT_BASE + above * constants.PAGE_SIZE + held * constants.MSG_CONTROL_BYTES
    )
    qsg = qm.group.name if qm.group is not None else ""
    # Outside a queue sharing group there is no CF structure to back up: no interval table.
    intervals = (
        tuple(
            backup_interval(
                n, message_bytes=message_bytes, target_minutes=target_minutes, read_rate=read_rate
            )
            for n in interval_rates
        )
        if qsg
        else ()
    )
    return Advice(
        qm.name,
        pools,
        pagesets,
        held,
        above,
        memlimit,
        math.ceil(memlimit / 1024**3),
        _structures(qm, target_minutes),
        intervals,
        qsg,
    )


def _pool(pool) -> PoolAdvice:
    lowest = pool.stats.low if pool.stats.low >= 0 else pool.stealable
    lowest_percent = 100 * lowest // pool.buffers if pool.buffers else 0
    findings = []
    if lowest_percent < SPT_PERCENT:
        findings.append(
            f"fell below {SPT_PERCENT}% stealable: updates were written "
            "synchronously; enlarge the pool or move page sets"
        )
    elif lowest_percent < DWT_PERCENT or pool.stats.dwt:
        findings.append(
            f"fell below {DWT_PERCENT}% stealable ({pool.stats.dwt} deferred "
            "writes): pages went to the page set; IBM advises keeping more than "
            "15% stealable"
        )
    if pool.stats.sos:
        findings.append("no buffer was available for a page (QPSTSOS): severe stress")
    if pool.pending_pageclass:
        findings.append(
            f"PAGECLAS({pool.pending_pageclass}) waits for a restart or a location switch"
        )
    return PoolAdvice(
        pool.pool,
        pool.buffers,
        pool.location,
        pool.stealable,
        pool.percent,
        lowest,
        lowest_percent,
        pool.stats.dwt,
        pool.stats.dmc,
        pool.stats.sos,
        tuple(findings),
    )


def _pageset(ps) -> PageSetAdvice:
    findings = []
    if ps.status != "AVAILABLE":
        findings.append(f"{ps.status.lower()}: puts to its queues fail with MQRC 2193")
    elif ps.total and ps.used >= NEAR_FULL * ps.total and (ps.noexpand or ps.expand == "NONE"):
        findings.append(
            f"{100 * ps.used // ps.total}% used and it cannot expand: puts will fail with MQRC 2192"
        )
    elif ps.total and ps.used >= NEAR_FULL * ps.total:
        findings.append(f"{100 * ps.used // ps.total}% used: it expands at 90%")
    if ps.noexpand and ps.status == "AVAILABLE":
        findings.append("marked 'no further expansion': ALTER PSID EXPAND resets it")
    if ps.extents >= constants.MAX_EXTENTS - 10:
        findings.append(f"{ps.extents} of {constants.MAX_EXTENTS} extents used")
    if ps.stats.full:
        findings.append(f"was full {ps.stats.full} time(s) (QIS1FULL)")
    return PageSetAdvice(
        ps.psid, ps.total, ps.used, ps.expansions, ps.extents, ps.expand, tuple(findings)
    )
