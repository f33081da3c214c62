"""Buffer pools: DEFINE (CSQINP1 only), ALTER and DELETE BUFFPOOL.

* BUFFERS: 100-500,000 BELOW, 100-999,999,999 ABOVE (CSQP005I) [DOC-DEFBP].
* PAGECLAS(FIXED4KB) only with LOCATION(ABOVE) (storage rule BP-5 (docs/storage.md#storage-rules),
  the lab).
* DEFINE BUFFPOOL comes only from CSQINP1; several for one pool: the last one counts.
* ALTER BUFFPOOL runs asynchronously: MQSC624I, the completion, then CSQP023I on the console
  [DOC-ALTBP]. A PAGECLAS change without a location switch waits for the next restart
  (storage rule BP-6 (docs/storage.md#storage-rules)).
  If storage is short, as many buffers as possible are added.
* DELETE BUFFPOOL fails while a page set uses the pool [DOC-DELBP].
"""

from __future__ import annotations

from typing import cast

from mqsc.engine.context import Ctx
from mqsc.engine.pagesetpools import below_bar_buffers, pools_in_use
from mqsc.engine.registry import handles
from mqsc.engine.storage import constants
from mqsc.engine.storage.pool import PoolState

#: BUFFERS ranges by location ([DOC-DEFBP], CSQP005I).
RANGES = {"BELOW": (100, 500_000), "ABOVE": (100, 999_999_999)}


def check_buffers(ctx: Ctx, buffers: int, location: str, pageclass: str) -> None:
    low, high = RANGES[location]
    if not low <= buffers <= high:
        raise ctx.fail("CSQP005I")
    if pageclass == "FIXED4KB" and location != "ABOVE":
        raise ctx.fail("MQSC636E", pool=ctx.cmd.name)


@handles("DEFINE", "BUFFPOOL")
def define_bufferpool(ctx: Ctx) -> None:
    """DEFINE BUFFPOOL in CSQINP1. At a restart, a pool's attributes come from the log
    (so ALTER BUFFPOOL changes survive) unless the definition says REPLACE; the last
    definition of a pool in CSQINP1 is the one that counts ([DOC-MANAGEBP],
    storage rule BP-7 (docs/storage.md#storage-rules))."""
    cmd = ctx.cmd
    buffers = int(cmd.get("BUFFERS", 1000))
    location = str(cmd.get("LOCATION", "BELOW"))
    pageclass = str(cmd.get("PAGECLAS", "4KB"))
    check_buffers(ctx, buffers, location, pageclass)
    logged = ctx.qm.logged_pools.get(cast(int, cmd.name))
    if logged is not None and not cmd.get("REPLACE", False):
        buffers, location, pageclass = logged
    old = ctx.txn.get("pool", cmd.name)
    pool = old.clone() if old is not None else PoolState(cast(int, cmd.name), buffers)
    pool.buffers = buffers
    pool.location = location
    pool.pageclass = pageclass
    pool.pending_pageclass = None
    pool.replace = bool(cmd.get("REPLACE", False))
    pool.defined = True
    ctx.txn.put("pool", cmd.name, pool)
    ctx.qm.defined["pool"].add(cast(int, cmd.name))


@handles("ALTER", "BUFFPOOL")
def alter_bufferpool(ctx: Ctx) -> None:
    cmd = ctx.cmd
    if not ctx.txn.has("pool", cmd.name):
        raise ctx.fail("MQSC634E", pool=cmd.name)
    pool = ctx.txn.edit("pool", cmd.name)
    location = str(cmd.get("LOCATION", pool.location))
    pageclass = str(cmd.get("PAGECLAS", pool.pending_pageclass or pool.pageclass))
    buffers = int(cmd.get("BUFFERS", pool.buffers))
    check_buffers(ctx, buffers, location, pageclass)
    switching = location != pool.location
    if location == "BELOW" and cmd.name in pools_in_use(ctx):
        # Add as many buffers as 31-bit storage allows ([DOC-ALTBP] usage notes).
        buffers = max(
            100, min(buffers, constants.BELOW_BAR_BUFFERS - below_bar_buffers(ctx, cmd.name))
        )
    pool.location = location
    if switching:
        pool.pageclass = pageclass
        pool.pending_pageclass = None
    elif pageclass != pool.pageclass:
        pool.pending_pageclass = pageclass
    else:
        pool.pending_pageclass = None
    ctx.say("MQSC624I", pool=cmd.name)
    pool.resize(buffers)
    ctx.console("CSQP023I", pool=cmd.name, buffers=pool.buffers)


@handles("DELETE", "BUFFPOOL")
def delete_bufferpool(ctx: Ctx) -> None:
    cmd = ctx.cmd
    if not ctx.txn.has("pool", cmd.name):
        raise ctx.fail("MQSC634E", pool=cmd.name)
    for ps in ctx.txn.values("pageset"):
        if ps.pool == cmd.name:
            raise ctx.fail("MQSC630E", pool=cmd.name, psid=ps.psid)
    ctx.txn.delete("pool", cmd.name)
