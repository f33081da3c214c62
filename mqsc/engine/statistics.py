"""Buffer pool and page set statistics of the current interval, as plain data with the SMF 115
field names (QPST for buffer pools, QIS1 for page sets): ``mqsc stats``, the console's
``\\stats`` and the web console's charts read them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mqsc.engine.records import PAGESET_FIELDS, POOL_FIELDS

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.manager import QueueManager


def collect(qm: QueueManager) -> dict:
    """The statistics as plain data."""
    tables = qm.state.tables
    used = {ps.pool for ps in tables["pageset"].values()}
    pools = {}
    for key in sorted(used):
        pool = tables["pool"][key]
        values = {**pool.stats.as_dict(), "buffers": pool.buffers, "stealable": pool.stealable}
        if values["low"] < 0:
            values["low"] = pool.stealable
        pools[key] = {label: values[name] for label, name in POOL_FIELDS}
    pagesets = {}
    for key, ps in sorted(tables["pageset"].items()):
        io = tables["pool"][ps.pool].io.get(key)
        values = {
            "total": ps.total,
            "unused": ps.unused,
            "persistent": ps.persistent,
            "nonpersistent": ps.nonpersistent,
            "expansions": ps.expansions,
            "full": ps.stats.full,
            **(io.as_dict() if io else {}),
        }
        pagesets[key] = {label: values.get(name, 0) for label, name in PAGESET_FIELDS}
    return {"bufferPools": pools, "pageSets": pagesets}
