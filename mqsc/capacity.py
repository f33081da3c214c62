"""Capacity advice from the current state: what a z/OS capacity planner checks.

* each buffer pool's lowest stealable percentage in the statistics interval, and whether it
  crossed the deferred write threshold (85% changed: below 15% stealable) or the synchronous
  write threshold (95%: below 5%) (storage-model ST-4..ST-7; IBM advises keeping pools above
  15% free, [D-V6BP]);
* page sets near full, at the end of their expansion, or marked "no further expansion";
* the MEMLIMIT the above-the-bar pools need: 2 GB + their buffers x 4096 + 200 bytes per
  message held (seed 004, storage-model BP-11).

Issue 6 adds CF structure recovery advice. Pure functions of the state; front ends print them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from mqsc.engine.manager import QueueManager
from mqsc.engine.storage import constants as C

#: Below these stealable percentages a pool has crossed DWT and SPT.
DWT_PERCENT = round(100 * (1 - C.DWT))
SPT_PERCENT = round(100 * (1 - C.SPT))
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
    extra: tuple[object, ...] = field(default=())


def advise(qm: QueueManager) -> Advice:
    """Advice for ``qm`` as it is now."""
    tables = qm.state.tables
    used_pools = {ps.pool for ps in tables["pageset"].values() if ps.status == "AVAILABLE"}
    pools = tuple(_pool(tables["pool"][p]) for p in sorted(used_pools))
    pagesets = tuple(_pageset(ps) for _, ps in sorted(tables["pageset"].items()))
    held = sum(s.depth for s in tables["messages"].values())
    above = sum(tables["pool"][p].buffers for p in used_pools
                if tables["pool"][p].location == "ABOVE")
    memlimit = C.MEMLIMIT_BASE + above * C.PAGE_SIZE + held * C.MSG_CONTROL_BYTES
    return Advice(qm.name, pools, pagesets, held, above, memlimit,
                  math.ceil(memlimit / 1024**3))


def _pool(pool) -> PoolAdvice:
    lowest = pool.stats.low if pool.stats.low >= 0 else pool.stealable
    lowest_percent = 100 * lowest // pool.buffers if pool.buffers else 0
    findings = []
    if lowest_percent < SPT_PERCENT:
        findings.append(f"fell below {SPT_PERCENT}% stealable: updates were written "
                        "synchronously; enlarge the pool or move page sets")
    elif lowest_percent < DWT_PERCENT or pool.stats.dwt:
        findings.append(f"fell below {DWT_PERCENT}% stealable ({pool.stats.dwt} deferred "
                        "writes): pages went to the page set; IBM advises keeping more than "
                        "15% stealable")
    if pool.stats.sos:
        findings.append("no buffer was available for a page (QPSTSOS): severe stress")
    if pool.pending_pageclass:
        findings.append(f"PAGECLAS({pool.pending_pageclass}) waits for a restart or a "
                        "location switch")
    return PoolAdvice(pool.pool, pool.buffers, pool.location, pool.stealable, pool.percent,
                      lowest, lowest_percent, pool.stats.dwt, pool.stats.dmc, pool.stats.sos,
                      tuple(findings))


def _pageset(ps) -> PageSetAdvice:
    findings = []
    if ps.status != "AVAILABLE":
        findings.append(f"{ps.status.lower()}: puts to its queues fail with MQRC 2193")
    elif ps.total and ps.used >= NEAR_FULL * ps.total and (ps.noexpand or ps.expand == "NONE"):
        findings.append(f"{100 * ps.used // ps.total}% used and it cannot expand: puts will "
                        "fail with MQRC 2192")
    elif ps.total and ps.used >= NEAR_FULL * ps.total:
        findings.append(f"{100 * ps.used // ps.total}% used: it expands at 90%")
    if ps.noexpand and ps.status == "AVAILABLE":
        findings.append("marked 'no further expansion': ALTER PSID EXPAND resets it")
    if ps.extents >= C.MAX_EXTENTS - 10:
        findings.append(f"{ps.extents} of {C.MAX_EXTENTS} extents used")
    if ps.stats.full:
        findings.append(f"was full {ps.stats.full} time(s) (QIS1FULL)")
    return PageSetAdvice(ps.psid, ps.total, ps.used, ps.expansions, ps.extents, ps.expand,
                         tuple(findings))
