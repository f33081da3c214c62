"""Page sets: DEFINE, ALTER and DELETE PSID.

* From CSQINP1 (at start) DSN is not allowed and the last definition of a page set counts;
  while running (console, command server) DSN is required, page set 0 cannot be added, and
  the page set must not exist [DOC-DEFPSID].
* A page set naming a pool no page set uses gets that pool's CSQINP1 size; a pool never
  defined gets 1000 buffers, or 100 if storage is short [DOC-DEFPSID].
* ALTER PSID EXPAND also resets the "no further expansion" mark [DOC-ALTPSID].
* DELETE PSID (UNVERIFIED syntax): not page set 0, and nothing may use it: no storage class
  maps to it and no page of it is in use or recorded for a queue's messages or message list.
* While running, when the queue manager has a catalog of clusters (a batch job's), DSN must
  name a cluster CSQUTIL FORMAT has formatted, and the cluster's size is the page set's
  ([DOC-DEFPSID] usage notes: "freshly formatted"; mqsc/engine/vsam.py).
"""

from __future__ import annotations

from typing import cast

from mqsc.catalog import CommandSource
from mqsc.engine.context import Ctx
from mqsc.engine.pagesetpools import attach_pool, below_bar_buffers, open_pageset, pools_in_use
from mqsc.engine.registry import handles
from mqsc.engine.storage import constants
from mqsc.engine.storage.pageset import PageSetState


def storage_classes_on(ctx: Ctx, psid: int) -> list[str]:
    return [s.name for s in ctx.txn.values("stgclass") if s.get("PSID") == psid]


def queues_with_pages_on(ctx: Ctx, psid: int) -> list[str]:
    """Queues whose messages or message list are recorded on page set ``psid``."""
    return [
        queue
        for queue, store in ctx.txn.items("messages")
        if (store.lists and store.list_psid == psid) or any(run.psid == psid for run in store.runs)
    ]


@handles("DEFINE", "PSID")
def define_pageset(ctx: Ctx) -> None:
    cmd = ctx.cmd
    psid = cast(int, cmd.name)
    starting = ctx.source is CommandSource.CSQINP1
    dsn = cmd.get("DSN")
    if starting and dsn is not None:
        raise ctx.fail("MQSC637E", psid=psid, when="NOT ALLOWED FROM CSQINP1")
    if not starting:
        if dsn is None:
            raise ctx.fail("MQSC637E", psid=psid, when="REQUIRED")
        if psid == 0:
            raise ctx.fail("MQSC635E")
        existing = ctx.txn.get("pageset", psid)
        if existing is not None and existing.status != "OFFLINE":
            raise ctx.fail("MQSC632E", psid=psid)
    primary, secondary = _allocation(ctx, psid, None if starting else str(dsn))
    pool_id = int(cmd.get("BUFFPOOL", 0))
    ps = PageSetState(
        psid,
        pool_id,
        expand=str(cmd.get("EXPAND", "USER")),
        dsn=str(dsn or ""),
        physical=primary,
        secondary=secondary,
    )
    old = ctx.txn.get("pageset", psid)
    if old is not None:
        # The last DEFINE PSID of CSQINP1 counts; what the page set holds stays.
        ps.persistent, ps.nonpersistent, ps.object_bytes = (
            old.persistent,
            old.nonpersistent,
            old.object_bytes,
        )
        ps.physical, ps.extents = old.physical, old.extents
    if old is not None and old.status == "OFFLINE" and not starting:
        ps.status = "AVAILABLE"  # the same data set added back while running
    in_use_before = pools_in_use(ctx)
    attach_pool(ctx, pool_id)
    ctx.txn.put("pageset", psid, ps)
    if starting:
        ctx.qm.defined["pageset"].add(psid)
    if not starting:
        if pool_id not in in_use_before:
            _size_dynamic_pool(ctx, pool_id)
        open_pageset(ctx, psid)


def _allocation(ctx: Ctx, psid: int, dsn: str | None) -> tuple[int, int]:
    """Primary and secondary pages of the page set: its cluster's, when the queue manager
    has a catalog and the page set is added while running; else the configuration's."""
    catalog = ctx.qm.vsam
    if dsn is None or catalog is None:
        geometry = ctx.qm.config.geometry(psid)
        return geometry.primary, geometry.secondary
    cluster = catalog.page_set_data_set(dsn)
    if cluster is None:
        raise ctx.fail("MQSC640E", psid=psid, dsn=dsn)
    if not cluster.formatted:
        raise ctx.fail("MQSC641E", psid=psid, dsn=dsn)
    return cluster.pages, cluster.secondary


def _size_dynamic_pool(ctx: Ctx, pool_id: int) -> None:
    """A pool first used by a dynamically added page set: its CSQINP1 size if storage allows,
    else 1000 buffers, else 100 ([DOC-DEFPSID])."""
    pool = ctx.txn.edit("pool", pool_id)
    if pool.location != "BELOW":
        return
    room = constants.BELOW_BAR_BUFFERS - below_bar_buffers(ctx, pool_id)
    if pool.buffers > room:
        pool.buffers = (
            constants.NEW_POOL_BUFFERS
            if room >= constants.NEW_POOL_BUFFERS
            else constants.NEW_POOL_FALLBACK
        )


@handles("ALTER", "PSID")
def alter_pageset(ctx: Ctx) -> None:
    psid = cast(int, ctx.cmd.name)
    if not ctx.txn.has("pageset", psid):
        raise ctx.fail("MQSC633E", psid=psid)
    ps = ctx.txn.edit("pageset", psid)
    ps.expand = str(ctx.cmd.get("EXPAND"))
    ps.noexpand = False


@handles("DELETE", "PSID")
def delete_pageset(ctx: Ctx) -> None:
    psid = cast(int, ctx.cmd.name)
    ps = ctx.txn.get("pageset", psid)
    if ps is None:
        raise ctx.fail("MQSC633E", psid=psid)
    if psid == 0 or ps.used or storage_classes_on(ctx, psid) or queues_with_pages_on(ctx, psid):
        raise ctx.fail("MQSC631E", psid=psid)
    pool = ctx.txn.edit("pool", ps.pool)
    for owner in ("header", "spacemap", "format", "freed"):
        pool.drop((owner, psid))
    ctx.txn.delete("pageset", psid)
