"""DISPLAY USAGE: the page set report (CSQI010I) and the buffer pool report (CSQI065I)
([DOC-DISUSAGE], docs/qmz1.md)."""

from __future__ import annotations

from mqsc.engine.context import Ctx
from mqsc.engine.log import dataset as log_dataset
from mqsc.engine.log import rba as rba_text
from mqsc.engine.records import (
    BufferPoolReport,
    BufferPoolUsage,
    DataSetReport,
    DataSetUsage,
    PageSetReport,
    PageSetUsage,
)
from mqsc.engine.registry import handles
from mqsc.engine.storage import cf


@handles("DISPLAY", "USAGE")
def display_usage(ctx: Ctx) -> None:
    kind = str(ctx.cmd.get("TYPE", "PAGESET"))
    psid = ctx.cmd.get("PSID")
    if psid is not None and kind in ("DATASET", "SMDS"):
        raise ctx.fail("CSQI003I", usage_type=kind)
    if kind in ("PAGESET", "ALL"):
        pagesets = page_set_rows(ctx, psid)
        ctx.add(PageSetReport(pagesets))
        ctx.add(
            BufferPoolReport(pool_rows(ctx, {p.pool for p in pagesets if p.status == "AVAILABLE"}))
        )
    if kind in ("DATASET", "ALL"):
        usage_datasets(ctx)
    if kind == "SMDS" and not ctx.qm.info.qsg:
        raise ctx.fail("MQSC552E", qsgdisp="GROUP")


def page_set_rows(ctx: Ctx, psid: object) -> tuple[PageSetUsage, ...]:
    rows = []
    for ps in sorted(ctx.txn.values("pageset"), key=lambda p: p.psid):
        if psid not in (None, "*") and ps.psid != psid:
            continue
        rows.append(
            PageSetUsage(
                ps.psid,
                ps.pool,
                ps.total,
                ps.unused,
                ps.persistent,
                ps.nonpersistent,
                ps.expand,
                ps.expansions,
                ps.status,
            )
        )
    return tuple(rows)


def pool_rows(ctx: Ctx, pools: set[int]) -> tuple[BufferPoolUsage, ...]:
    """The pools the reported page sets use, in pool order (the lab lists only pools in use)."""
    rows = []
    for pool in sorted((ctx.txn.get("pool", p) for p in pools), key=lambda p: p.pool):
        rows.append(
            BufferPoolUsage(
                pool.pool, pool.buffers, pool.stealable, pool.percent, pool.pageclass, pool.location
            )
        )
    return tuple(rows)


def usage_datasets(ctx: Ctx) -> None:
    """DISPLAY USAGE TYPE(DATASET): the oldest log data sets each kind of recovery would
    need (MQSC770I), then the restart RBAs (MQSC724I, MQSC725I).

    Commands are atomic, so no unit of work is ever active between them.
    """
    log = ctx.txn.get("log", None)
    restart = log.restart_rba
    rows = [
        DataSetUsage("oldest with active unit of work", "", ""),
        DataSetUsage(
            "oldest for page set recovery",
            rba_text(restart),
            log_dataset(ctx.qm.name, restart, log.rba),
        ),
    ]
    cf = cf_recovery_rba(ctx)
    rows.append(
        DataSetUsage(
            "oldest for CF structure recovery",
            rba_text(cf) if cf is not None else "",
            log_dataset(ctx.qm.name, cf, log.rba) if cf is not None else "",
        )
    )
    ctx.add(DataSetReport(tuple(rows)))
    offline = [ps.offline_rba for ps in ctx.txn.values("pageset") if ps.status == "OFFLINE"]
    with_offline = min([restart, *offline])
    ctx.say("MQSC724I", csect="CSQIDUSE", rba=rba_text(restart))
    ctx.say("MQSC725I", csect="CSQIDUSE", rba=rba_text(with_offline))


def cf_recovery_rba(ctx: Ctx) -> int | None:
    """The oldest RBA of this queue manager's log that RECOVER CFSTRUCT would read for the
    structures it could recover now, or None (blank row) outside a queue sharing group or when
    no structure has a backup to recover from.

    A recovery reads the structure's last fuzzy backup from the log of the member that took it
    (from the backup's start RBA) and then every member's logged changes after the backup's
    LRSN ([DOC-RECOVER] [DOC-BACKUP]; storage rules BR-3, BR-6
    (docs/storage.md#storage-rules)). So this member's log is needed from the backup it wrote,
    and from its first change to a structure after that structure's backup, whichever is older
    (emulator inference: IBM does not spell out how the data set usage report picks the RBA,
    UNVERIFIED).
    """
    if not ctx.qm.info.qsg:
        return None
    needed = []
    for name in ctx.txn.keys("cfstatus"):
        backup = ctx.txn.get("cfstatus", name).backup
        if (
            backup is None
            or not ctx.txn.has("cfstruct", name)
            or ctx.txn.get("cfstruct", name).get("RECOVER") != "YES"
        ):
            continue
        if backup.qmgr == ctx.qm.name:
            needed.append(backup.srba)
        needed.extend(
            record.rba
            for member, record in cf.changes_by_member(ctx, name, backup.lrsn)
            if member == ctx.qm.name
        )
    return min(needed, default=None)
