"""Page-set space inside a command: object definitions on page set 0, purged queues, and the
console messages of page set expansion.

The pure rules live in :mod:`mqsc.engine.storage`; this module applies them to the entities of
a transaction and turns their events into messages.
"""

from __future__ import annotations

from mqsc.engine.context import Ctx
from mqsc.engine.storage import constants as C
from mqsc.engine.storage.alloc import PageSetFull, SpaceEvents, allocate, release

#: Object definitions live on page set 0 (storage-model PS-5).
OBJECTS_PSID = 0
OBJECTS_OWNER = ("objects", OBJECTS_PSID)


def account_objects(ctx: Ctx, delta_bytes: int) -> None:
    """Object definitions on page set 0 grew or shrank by ``delta_bytes`` (PS-6 sizing).

    Pages are whole: ``ceil(bytes / 4096)`` are persistent pages on page set 0.
    """
    txn = ctx.txn
    ps = txn.edit_existing("pageset", OBJECTS_PSID)
    if ps is None:
        return
    before = -(-ps.object_bytes // C.PAGE_SIZE)  # whole pages: the ceiling, in integers
    ps.object_bytes = max(0, ps.object_bytes + delta_bytes)
    after = -(-ps.object_bytes // C.PAGE_SIZE)
    if after == before:
        return
    pool = txn.edit("pool", ps.pool)
    if after > before:
        events = SpaceEvents()
        try:
            allocate(ps, pool, OBJECTS_OWNER, after - before, persistent=True,
                     gen=ctx.gen, events=events)
        except PageSetFull:
            report_expansions(ctx, events)
            raise ctx.fail("CSQP039E", psid=OBJECTS_PSID) from None
        report_expansions(ctx, events)
    else:
        release(ps, pool, OBJECTS_OWNER, before - after, persistent=True)


def report_expansions(ctx: Ctx, events: SpaceEvents) -> None:
    """Console messages for the expansions an allocation made or tried."""
    for event in events.expansions:
        if event.failed:
            message = "CSQP016E" if event.failed == "extents" else "CSQP014E"
            ctx.console(message, csect="CSQPEXT1", psid=event.psid)
        else:
            ctx.console("CSQP013I", csect="CSQPEXT1", psid=event.psid)
            ctx.console("CSQI031I", csect="CSQIEXT1", psid=event.psid)

