"""Which buffer pool each page set uses: the pools in use, their buffers below the bar, and
a page set attached to its pool and opened (at start, and by DEFINE PSID while running).

Shared by the buffer pool and page set families and the start-up (mqsc/engine/lifecycle.py);
the pool and page set simulation itself is :mod:`mqsc.engine.storage`.
"""

from __future__ import annotations

from mqsc.engine.context import Ctx
from mqsc.engine.storage import constants
from mqsc.engine.storage.pool import PoolState


def pools_in_use(ctx: Ctx) -> set[int]:
    """Pools some page set uses (only these hold storage)."""
    return {ps.pool for ps in ctx.txn.values("pageset")}


def below_bar_buffers(ctx: Ctx, excluding: int | None = None) -> int:
    """Buffers already taken from 31-bit storage by pools in use."""
    used = pools_in_use(ctx)
    return sum(
        p.buffers
        for p in ctx.txn.values("pool")
        if p.pool in used and p.location == "BELOW" and p.pool != excluding
    )


def attach_pool(ctx: Ctx, pool_id: int) -> None:
    """Make sure the pool a page set names exists and holds buffers."""
    pool = ctx.txn.get("pool", pool_id)
    if pool is not None:
        return
    room = constants.BELOW_BAR_BUFFERS - below_bar_buffers(ctx)
    buffers = (
        constants.NEW_POOL_BUFFERS
        if room >= constants.NEW_POOL_BUFFERS
        else constants.NEW_POOL_FALLBACK
    )
    ctx.txn.put("pool", pool_id, PoolState(pool_id, buffers, defined=False))


def open_pageset(ctx: Ctx, psid: int) -> None:
    """A page set in use: its header page is updated in its pool (storage rule DU-4
    (docs/storage.md#storage-rules))."""
    ps = ctx.txn.get("pageset", psid)
    pool = ctx.txn.edit("pool", ps.pool)
    pool.touch(("header", psid), psid, 1)
