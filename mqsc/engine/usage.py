"""DISPLAY USAGE: the page set report (CSQI010I) and the buffer pool report (CSQI065I)
(reference §8, qmz1-lab.md)."""

from __future__ import annotations

from mqsc.engine.context import Ctx
from mqsc.engine.registry import handles
from mqsc.responses import BufferPoolReport, BufferPoolUsage, PageSetReport, PageSetUsage


@handles("DISPLAY", "USAGE")
def display_usage(ctx: Ctx) -> None:
    kind = str(ctx.cmd.get("TYPE", "PAGESET"))
    psid = ctx.cmd.get("PSID")
    if psid is not None and kind in ("DATASET", "SMDS"):
        raise ctx.fail("CSQI003I", usage_type=kind)
    if kind in ("PAGESET", "ALL"):
        pagesets = page_set_rows(ctx, psid)
        ctx.add(PageSetReport(pagesets))
        ctx.add(BufferPoolReport(pool_rows(ctx, {p.pool for p in pagesets
                                                 if p.status == "AVAILABLE"})))
    if kind in ("DATASET", "ALL"):
        ctx.qm.usage_datasets(ctx)
    if kind == "SMDS" and not ctx.qm.info.qsg:
        raise ctx.fail("CSQM152I", qsgdisp="GROUP")


def page_set_rows(ctx: Ctx, psid: object) -> tuple[PageSetUsage, ...]:
    rows = []
    for ps in sorted(ctx.txn.values("pageset"), key=lambda p: p.psid):
        if psid not in (None, "*") and ps.psid != psid:
            continue
        rows.append(PageSetUsage(ps.psid, ps.pool, ps.total, ps.unused, ps.persistent,
                                 ps.nonpersistent, ps.expand, ps.expansions, ps.status))
    return tuple(rows)


def pool_rows(ctx: Ctx, pools: set[int]) -> tuple[BufferPoolUsage, ...]:
    """The pools the reported page sets use, in pool order (the lab lists only pools in use)."""
    rows = []
    for pool in sorted((ctx.txn.get("pool", p) for p in pools), key=lambda p: p.pool):
        rows.append(BufferPoolUsage(pool.pool, pool.buffers, pool.stealable, pool.percent,
                                    pool.pageclass, pool.location))
    return tuple(rows)
