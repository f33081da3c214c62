"""Page-set space inside a command: object definitions on page set 0, purged queues, and the
console messages of page set expansion.

The pure rules live in :mod:`mqsc.engine.storage`; this module applies them to the entities of
a transaction and turns their events into messages.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mqsc.engine.context import Ctx
from mqsc.engine.storage import constants
from mqsc.engine.storage.alloc import PageSetFull, SpaceEvents, allocate, release

#: Object definitions live on page set 0 (storage rule PS-5 (docs/storage.md#storage-rules)).
OBJECTS_PSID = 0
OBJECTS_OWNER = ("objects", OBJECTS_PSID)


def account_objects(ctx: Ctx, delta_bytes: int) -> None:
    """Object definitions on page set 0 grew or shrank by ``delta_bytes`` (sized by
    storage rule PS-6 (docs/storage.md#storage-rules)).

    Pages are whole: ``ceil(bytes / 4096)`` are persistent pages on page set 0.
    """
    txn = ctx.txn
    ps = txn.edit_existing("pageset", OBJECTS_PSID)
    if ps is None:
        return
    before = -(-ps.object_bytes // constants.PAGE_SIZE)  # whole pages: the ceiling, in integers
    ps.object_bytes = max(0, ps.object_bytes + delta_bytes)
    after = -(-ps.object_bytes // constants.PAGE_SIZE)
    if after == before:
        return
    pool = txn.edit("pool", ps.pool)
    if after > before:
        events = SpaceEvents()
        try:
            allocate(
                ps, pool, OBJECTS_OWNER, after - before, persistent=True, gen=ctx.gen, events=events
            )
        except PageSetFull:
            report_expansions(ctx, events)
            raise ctx.fail("MQSC639E", psid=OBJECTS_PSID) from None
        report_expansions(ctx, events)
    else:
        release(ps, pool, OBJECTS_OWNER, before - after, persistent=True)


def object_pages(ps: Any) -> int:
    """Whole pages the object definitions on a page set take: page set 0 only
    (storage rule PS-6 (docs/storage.md#storage-rules))."""
    return -(-ps.object_bytes // constants.PAGE_SIZE)


def object_bytes(tables: Mapping[str, Mapping[Any, Any]]) -> int:
    """The page set 0 bytes of the private definitions in ``tables`` (storage rule PS-6):
    those tables hold only QSGDISP(QMGR) and COPY objects, the group ones live elsewhere."""
    total = sum(len(tables.get(table, ())) * size for table, size in constants.OBJECT_BYTES.items())
    clntconn = sum(
        1 for obj in tables.get("channel", {}).values() if obj.get("CHLTYPE") == "CLNTCONN"
    )
    return total + clntconn * (constants.CLNTCONN_BYTES - constants.OBJECT_BYTES["channel"])


def private_bytes(ctx: Ctx, table: str) -> int:
    """Page set 0 bytes of the private definition the command names (0 when there is none)."""
    return definition_bytes(table, ctx.txn.get(table, ctx.cmd.name))


def account_definition(ctx: Ctx, table: str, before: int) -> None:
    """The command changed its object's private definition, which held ``before`` bytes of
    page set 0 (storage rule PS-6: QMGR and COPY objects only, sized by type): account it."""
    after = private_bytes(ctx, table)
    if after != before:
        account_objects(ctx, after - before)


def definition_bytes(table: str, obj: Any) -> int:
    """The page set 0 bytes of one private definition (0 for none): its type's size in
    storage rule PS-6, a client-connection channel's larger than other channels'."""
    if obj is None:
        return 0
    if table == "channel" and obj.get("CHLTYPE") == "CLNTCONN":
        return constants.CLNTCONN_BYTES
    return constants.OBJECT_BYTES.get(table, 0)


def reconcile_objects(tables: dict[str, dict[Any, Any]]) -> None:
    """Put page set 0's object bytes, and the persistent pages they make, right for the
    definitions a loaded state holds. A database written before the per-type sizes
    (constants.py OBJECT_BYTES) kept a running total of the old sizes: deleting its objects
    would subtract the new ones and free pages other definitions hold, or leak them."""
    pagesets = tables.get("pageset")
    ps = pagesets.get(OBJECTS_PSID) if pagesets is not None else None
    if ps is None:
        return
    want = object_bytes(tables)
    if ps.object_bytes == want:
        return
    fixed = ps.clone()
    before = object_pages(fixed)
    fixed.object_bytes = want
    fixed.persistent = max(0, fixed.persistent + object_pages(fixed) - before)
    tables["pageset"][OBJECTS_PSID] = fixed


def recount(ctx: Ctx) -> None:
    """At restart, each page set's persistent and nonpersistent pages are what it holds: the
    object definitions, the pages of the messages on it and the message lists.

    The queue manager rebuilds its view of the page sets from their contents as it restarts;
    a count that had drifted (a stale message-list page set made it drift in older
    versions) is put right here instead of failing every later START QMGR.

    Raises:
        LookupError: messages are recorded on a page set that is not defined at all (the
            state is damaged; START QMGR fails with MQSC017E and changes nothing).

    """
    txn = ctx.txn
    held = {psid: [object_pages(ps), 0] for psid, ps in txn.items("pageset")}
    for queue, store in txn.items("messages"):
        for run in store.runs:
            if run.psid not in held:
                raise LookupError(
                    f"messages of {queue} are on page set {run.psid}, which is not defined"
                )
            held[run.psid][0 if run.persistent else 1] += run.pages
        if store.lists:
            if store.list_psid not in held:
                raise LookupError(
                    f"the message list of {queue} is on page set "
                    f"{store.list_psid}, which is not defined"
                )
            held[store.list_psid][1] += store.lists
    for psid, (persistent, nonpersistent) in held.items():
        ps = txn.get("pageset", psid)
        if (ps.persistent, ps.nonpersistent) != (persistent, nonpersistent):
            ps = txn.edit("pageset", psid)
            ps.persistent, ps.nonpersistent = persistent, nonpersistent


def report_expansions(ctx: Ctx, events: SpaceEvents) -> None:
    """Console messages for the expansions an allocation made or tried."""
    for event in events.expansions:
        if event.failed:
            message = "MQSC616E" if event.failed == "extents" else "CSQP014E"
            ctx.console(message, csect="CSQPEXT1", psid=event.psid)
        else:
            ctx.console("MQSC613I", csect="CSQPEXT1", psid=event.psid)
            ctx.console("MQSC731I", csect="CSQIEXT1", psid=event.psid)
