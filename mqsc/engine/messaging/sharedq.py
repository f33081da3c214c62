"""Puts and gets on shared queues: messages in a coupling facility structure, not in a page
set (docs/qsg.md).

The MQI checks are those of private queues (PUT/GET DISABLED, MAXMSGL, MAXDEPTH) plus the
structure's: a failed structure answers MQRC 2373; a persistent message needs a structure
with RECOVER(YES) (MQRC 2048, IBM's RC2048 page: "you cannot put persistent messages to a
shared queue if the CFSTRUCT that the queue uses is defined with RECOVER(NO)"); a message over
63 KB needs CFLEVEL(4) (MQRC 2030); a full structure answers MQRC 2192
(storage rule CF-5 (docs/storage.md#storage-rules)).

A queue manager connects to a structure the first time it uses it (CSQE005I); the structure is
allocated then. Persistent puts and gets are logged on the member's own log with the group's
LRSN (length + 1.5 KB per message put, storage rule BN-4 (docs/storage.md#storage-rules)), so that
RECOVER CFSTRUCT can
replay them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mqsc.catalog.mqrc import (
    MQRC_CF_STRUC_ERROR,
    MQRC_CF_STRUC_FAILED,
    MQRC_GET_INHIBITED,
    MQRC_MSG_TOO_BIG_FOR_Q,
    MQRC_MSG_TOO_BIG_FOR_Q_MGR,
    MQRC_NO_MSG_AVAILABLE,
    MQRC_NONE,
    MQRC_PERSISTENT_NOT_ALLOWED,
    MQRC_PUT_INHIBITED,
    MQRC_Q_FULL,
    MQRC_STORAGE_MEDIUM_FULL,
)
from mqsc.engine.group import group_of
from mqsc.engine.messaging import queuestats
from mqsc.engine.records import Workload
from mqsc.engine.storage import cf, constants, smds
from mqsc.engine.storage.queuestore import Body, QueueStore, editable_store

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.context import Ctx


def shared_queue(ctx: Ctx, name: str) -> Any:
    """The shared queue of that name, if the group has one."""
    q = ctx.txn.get("gqlocal", name)
    return q if q is not None and q.get("QSGDISP") == "SHARED" else None


def _structure(ctx: Ctx, q: Any) -> tuple[Any, Any, int]:
    """(definition, state, reason) of a queue's structure; reason 0 when usable."""
    name = str(q.get("CFSTRUCT"))
    definition = ctx.txn.get("cfstruct", name)
    state = ctx.txn.get("cfstatus", name)
    if definition is None or state is None:
        return definition, state, MQRC_CF_STRUC_ERROR
    if state.status == "FAILED":
        return definition, state, MQRC_CF_STRUC_FAILED
    return definition, state, MQRC_NONE


def structure_reason(ctx: Ctx, structure: str) -> int:
    """Why a queue in ``structure`` could not be used now (0: it can): MQRC 2349 when the
    structure is not defined, 2373 when it has failed."""
    definition = ctx.txn.get("cfstruct", structure) if structure else None
    state = ctx.txn.get("cfstatus", structure) if structure else None
    if definition is None or state is None:
        return MQRC_CF_STRUC_ERROR
    return MQRC_CF_STRUC_FAILED if state.status == "FAILED" else MQRC_NONE


def connect(ctx: Ctx, structure: str) -> None:
    """This queue manager's first use of a structure: connect (and allocate it)."""
    state = ctx.txn.get("cfstatus", structure)
    qmgr = ctx.qm.name
    if qmgr in state.connections and state.status != "NOTFOUND":
        return
    state = ctx.txn.edit("cfstatus", structure)
    if state.status == "NOTFOUND":
        state.status = "ACTIVE"
        state.base = ctx.txn.get("group", None).lrsn
    if qmgr not in state.connections:
        state.connections.append(qmgr)
    smds.ensure(ctx, structure)  # its shared message data set, if it offloads to them
    ctx.console("CSQE005I", struc=structure, conn=connection_name(ctx, qmgr), version=1)


def connection_name(ctx: Ctx, qmgr: str) -> str:
    """The XES connection name of a member (CSQE + group + queue manager + 01; UNVERIFIED
    form)."""
    return f"CSQE{group_of(ctx.qm).name}{qmgr}01"


def put(
    ctx: Ctx,
    q: Any,
    count: int,
    size: int,
    *,
    persistent: bool | None,
    priority: int | None,
    batch: int,
    body: Body | None = None,
    unit_end: bool = False,
) -> Workload:
    """Put ``count`` messages of ``size`` bytes on a shared queue (one with a ``body``).
    ``unit_end``: messages a unit of work's end brings (its puts at a commit, its gets at a
    backout): they were on the queue on z/OS already, so neither PUT(DISABLED) nor MAXDEPTH
    refuses them, and MSGIN counted the puts at their MQPUT (a reinstated get is no put)."""
    name = q.name
    persistent = q.get("DEFPSIST") == "YES" if persistent is None else persistent
    priority = int(q.get("DEFPRTY", 0)) if priority is None else priority
    structure = str(q.get("CFSTRUCT"))

    def failed(reason: int) -> Workload:
        return Workload(
            "put", name, count, 0, size, reason=reason, persistent=persistent, structure=structure
        )

    if q.get("PUT") == "DISABLED" and not unit_end:
        return failed(MQRC_PUT_INHIBITED)
    if size > int(ctx.txn.get("qmgr", None).attrs.get("MAXMSGL", 104_857_600)):
        return failed(MQRC_MSG_TOO_BIG_FOR_Q_MGR)
    if size > int(q.get("MAXMSGL")):
        return failed(MQRC_MSG_TOO_BIG_FOR_Q)
    definition, state, reason = _structure(ctx, q)
    if reason:
        return failed(reason)
    level = int(definition.get("CFLEVEL"))
    if size > cf.CF_MAX_MESSAGE and level < 4:
        return failed(MQRC_MSG_TOO_BIG_FOR_Q)
    if persistent and (definition.get("RECOVER") != "YES" or level < 3):
        return failed(MQRC_PERSISTENT_NOT_ALLOWED)
    connect(ctx, structure)
    large = size > cf.CF_MAX_MESSAGE  # offloaded: to this member's SMDS, or Db2
    if large:
        reason = smds.writable(ctx, structure)
        if reason:
            return failed(reason)
    store = editable_store(ctx.txn, "cfmsgs", name)
    todo = count if unit_end else min(count, max(0, int(q.get("MAXDEPTH")) - store.depth))
    fits = cf.room(ctx, structure, size)
    done = min(todo, fits)
    reason = MQRC_NONE
    if done < count:
        reason = MQRC_STORAGE_MEDIUM_FULL if fits < todo else MQRC_Q_FULL
    backed = done % batch if reason and batch else 0
    done -= backed
    if done:
        run = store.tail_run(size, persistent, priority, -1, body=body)
        run.count += done
        if persistent:
            cf.log_change(
                ctx,
                "cfput",
                done * (size + cf.LOG_PER_SHARED_MSG),
                done,
                structure=structure,
                queue=name,
                run=run.id,
                msgsize=size,
                priority=priority,
                count=done,
                **({"body": body.snapshot()} if body is not None else {}),
            )
    store.runs = [r for r in store.runs if r.count]
    if large:
        smds.record(ctx, structure, done, size)
    queuestats.put(ctx, name, 0 if unit_end else done, store.depth)
    if not store.runs:
        ctx.txn.delete("cfmsgs", name)
    return Workload(
        "put",
        name,
        count,
        done,
        size,
        done * size,
        reason,
        0,
        backed,
        persistent=persistent,
        structure=structure,
        cf_bytes=done * cf.entry_bytes(size),
    )


def get(ctx: Ctx, q: Any, count: int | None) -> Workload:
    """Get up to ``count`` messages (all when None) from a shared queue, in delivery order."""
    name = q.name
    wanted = count if count is not None else -1
    structure = str(q.get("CFSTRUCT"))
    if q.get("GET") == "DISABLED":
        return Workload("get", name, wanted, 0, reason=MQRC_GET_INHIBITED, structure=structure)
    _, _, reason = _structure(ctx, q)
    if reason:
        return Workload("get", name, wanted, 0, reason=reason, structure=structure)
    connect(ctx, structure)
    if not ctx.txn.has("cfmsgs", name):
        return Workload("get", name, wanted, 0, reason=MQRC_NO_MSG_AVAILABLE, structure=structure)
    if any(r.size > cf.CF_MAX_MESSAGE for r in ctx.txn.get("cfmsgs", name).runs):
        reason = smds.readable(ctx, structure)
        if reason:
            return Workload("get", name, wanted, 0, reason=reason, structure=structure)
    store = ctx.txn.edit("cfmsgs", name)
    got, got_bytes, freed, taken = _take(store, q, count)
    if taken:
        cf.log_change(
            ctx,
            "cfget",
            sum(n for _, n in taken) * constants.LOG_RECORD_BYTES,
            sum(n for _, n in taken),
            structure=structure,
            queue=name,
            runs=[[i, n] for i, n in taken],
        )
    if not store.runs:
        ctx.txn.delete("cfmsgs", name)
    queuestats.got(ctx, name, got)
    reason = MQRC_NO_MSG_AVAILABLE if count is not None and got < count else MQRC_NONE
    return Workload(
        "get", name, wanted, got, 0, got_bytes, reason, 0, structure=structure, cf_bytes=freed
    )


def take_one(ctx: Ctx, q: Any, run_id: int) -> Workload:
    """Get the oldest message of run ``run_id`` of a shared queue, wherever the run is in the
    delivery order (a get by MsgId or CorrelId, :mod:`mqsc.engine.messaging.bodies`). The caller has
    checked the queue can be got from and holds the run."""
    name = q.name
    structure = str(q.get("CFSTRUCT"))
    connect(ctx, structure)
    store = ctx.txn.edit("cfmsgs", name)
    run = next(r for r in store.runs if r.id == run_id)
    run.count -= 1
    run.taken += 1
    if run.persistent:
        cf.log_change(
            ctx,
            "cfget",
            constants.LOG_RECORD_BYTES,
            1,
            structure=structure,
            queue=name,
            runs=[[run.id, 1]],
        )
    store.runs = [r for r in store.runs if r.count]
    if not store.runs:
        ctx.txn.delete("cfmsgs", name)
    return Workload(
        "get",
        name,
        1,
        1,
        run.size,
        run.size,
        MQRC_NONE,
        0,
        structure=structure,
        cf_bytes=cf.entry_bytes(run.size),
    )


def structure_problem(ctx: Ctx, q: Any) -> int:
    """The reason a get from shared queue ``q`` fails before it starts, or 0."""
    if q.get("GET") == "DISABLED":
        return MQRC_GET_INHIBITED
    return _structure(ctx, q)[2]


def _take(
    store: QueueStore, q: Any, count: int | None
) -> tuple[int, int, int, list[tuple[int, int]]]:
    """Take messages in delivery order: (messages, bytes, CF bytes freed, persistent runs
    taken as (run id, count))."""
    remaining = count if count is not None else store.depth
    order = store.delivery_order(q.get("MSGDLVSQ"))
    got = got_bytes = freed = 0
    taken = []
    for run in order:
        if remaining <= 0:
            break
        n = min(remaining, run.count)
        run.count -= n
        run.taken += n
        got += n
        got_bytes += n * run.size
        freed += n * cf.entry_bytes(run.size)
        remaining -= n
        if run.persistent and n:
            taken.append((run.id, n))
    store.runs = [r for r in store.runs if r.count]
    return got, got_bytes, freed, taken


def purge(ctx: Ctx, name: str) -> None:
    """DELETE QLOCAL ... QSGDISP(SHARED) PURGE: the messages go; the persistent ones are
    logged as got, so a later recovery does not bring them back."""
    store = ctx.txn.get("cfmsgs", name)
    if store is None:
        return
    q = shared_queue(ctx, name)
    store = ctx.txn.edit("cfmsgs", name)
    _, _, _, taken = _take(store, q, None)
    if taken:
        cf.log_change(
            ctx,
            "cfget",
            constants.LOG_RECORD_BYTES,
            1,
            structure=str(q.get("CFSTRUCT")),
            queue=name,
            runs=[[i, n] for i, n in taken],
        )
    ctx.txn.delete("cfmsgs", name)
