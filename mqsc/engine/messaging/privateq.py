"""Puts and gets on private local queues, through page sets and buffer pools.

The messages themselves are runs in a :class:`~mqsc.engine.storage.queuestore.QueueStore`
(the page accounting of docs/storage.md). Puts and gets go through the page set's buffer pool
(:mod:`mqsc.engine.storage.pool`): new pages are changed buffers, gets read back pages that were
written out and stolen, freed pages leave changed buffers behind until the deferred writer drops
them. Shared queues' puts and gets are in :mod:`mqsc.engine.messaging.sharedq`.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from mqsc.catalog.mqrc import (
    MQRC_ALIAS_BASE_Q_TYPE_ERROR,
    MQRC_CF_STRUC_ERROR,
    MQRC_GET_INHIBITED,
    MQRC_MSG_TOO_BIG_FOR_Q,
    MQRC_MSG_TOO_BIG_FOR_Q_MGR,
    MQRC_NO_MSG_AVAILABLE,
    MQRC_NONE,
    MQRC_OPTION_NOT_VALID_FOR_TYPE,
    MQRC_PAGESET_ERROR,
    MQRC_PERSISTENT_NOT_ALLOWED,
    MQRC_PUT_INHIBITED,
    MQRC_Q_FULL,
    MQRC_STORAGE_CLASS_ERROR,
    MQRC_STORAGE_MEDIUM_FULL,
    MQRC_SYNCPOINT_LIMIT_REACHED,
    MQRC_UNKNOWN_ALIAS_BASE_Q,
    MQRC_UNKNOWN_OBJECT_NAME,
    MQRC_UNKNOWN_REMOTE_Q_MGR,
    MQRC_UNKNOWN_XMIT_Q,
    MQRC_XMIT_Q_TYPE_ERROR,
    MQRC_XMIT_Q_USAGE_ERROR,
)
from mqsc.catalog.queues import FAMILY as QLOCAL
from mqsc.engine import space
from mqsc.engine.messaging import events, pubsub, queuestats, sharedq, triggers
from mqsc.engine.mqobjects import Attributes, MQObject
from mqsc.engine.records import TriggerMessage, Workload
from mqsc.engine.space import report_expansions
from mqsc.engine.storage import constants
from mqsc.engine.storage.alloc import PageSetFull, SpaceEvents, allocate
from mqsc.engine.storage.copying import replacer
from mqsc.engine.storage.queuestore import (
    Body,
    QueueStore,
    Run,
    editable_store,
    list_pages,
    pages_per_message,
)

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.context import Ctx

#: Log bytes of getting one persistent message from a private queue (UNVERIFIED choice).
LOG_PER_GET = constants.LOG_RECORD_BYTES

#: dataclasses.replace of a Workload, fields read once (a put to a remote queue is one per message
#: moved).
_with = replacer(Workload)


# ---- put -------------------------------------------------------------------------------------
def put(
    ctx: Ctx,
    queue: str,
    count: int,
    size: int,
    *,
    persistent: bool | None = None,
    priority: int | None = None,
    batch: int = 0,
    dest: str = "",
    body: Body | None = None,
    triggering: bool = True,
    eventing: bool = True,
    restoring: bool = False,
) -> Workload:
    """Put ``count`` messages of ``size`` bytes; in units of work of ``batch`` (0: none).
    With a ``body`` (:mod:`mqsc.engine.messaging.bodies`): one message of ``size`` = its data
    length.

    Stops at the first failure with its MQ reason code; with units of work the failed one is
    backed out, the committed ones stay. Trigger messages follow
    (mqsc/engine/messaging/triggers.py); they trigger nothing themselves (``triggering``
    False). ``restoring``: a backout puts back messages an MQGET took, which is no MQPUT
    (MSGIN does not count them; the depth they make counts toward HIQDEPTH). Performance
    events follow (mqsc/engine/messaging/events.py); an event message's own put makes none
    (``eventing`` False).
    """
    txn = ctx.txn
    q = txn.get("qlocal", queue)
    if q is None:
        shared = sharedq.shared_queue(ctx, queue)
        if shared is not None:
            return sharedq.put(
                ctx,
                shared,
                count,
                size,
                persistent=persistent,
                priority=priority,
                batch=batch,
                body=body,
            )
        model = txn.get("qmodel", queue)
        if model is not None:
            return _put_dynamic(
                ctx,
                model,
                count,
                size,
                persistent=persistent,
                priority=priority,
                batch=batch,
                body=body,
            )
        publication = pubsub.publication(ctx, queue)
        if (
            publication is not None
        ):  # an alias of a topic: a publication (mqsc/engine/messaging/pubsub.py)
            # A publication with data gives each subscriber's copy that data.
            deliver = put if body is None else functools.partial(put, body=body)
            return pubsub.publish(
                ctx,
                publication,
                count,
                size,
                persistent=persistent,
                priority=priority,
                batch=batch,
                put=deliver,
                refusal=refusal,
            )
        target, reason = resolve(ctx, queue, "PUT")
        if target is not None:
            remote = put(
                ctx,
                target,
                count,
                size,
                persistent=persistent,
                priority=priority,
                batch=batch,
                dest=header(ctx, queue, target) or dest,
                body=body,
            )
            return _with(remote, queue=queue)
        return Workload("put", queue, count, 0, size, reason=reason, persistent=bool(persistent))
    if persistent is None:
        persistent = q.get("DEFPSIST") == "YES"
    fail = _put_check(ctx, q, size) or syncpoint_limit(ctx, batch)
    if fail:
        # The summary still says what was asked for: a refused persistent put is persistent.
        return Workload("put", queue, count, 0, size, reason=fail, persistent=persistent)
    stc = txn.get("stgclass", q.get("STGCLASS"))
    psid = stc.get("PSID")
    if priority is None:
        priority = int(q.get("DEFPRTY", 0))
    held = txn.get("messages", queue)
    trigger_before = triggers.counted(held, q) if triggering and triggers.armed(q) else -1
    room = max(0, int(q.get("MAXDEPTH")) - (held.depth if held is not None else 0))
    todo = min(count, room)
    if not todo:
        # Nothing to put (none asked for, or the queue is full): nothing changes but the
        # Queue Full event of a refused put.
        if count and eventing:
            depth_now = held.depth if held is not None else 0
            events.after_put(ctx, q, depth_now, depth_now, MQRC_Q_FULL)
        return Workload(
            "put",
            queue,
            count,
            0,
            size,
            0,
            MQRC_Q_FULL if count else MQRC_NONE,
            persistent=persistent,
        )
    store = _store(ctx, queue)
    ps = txn.edit("pageset", psid)
    pool = txn.edit("pool", ps.pool)
    run = store.tail_run(size, persistent, priority, psid, dest, body)
    space_events = SpaceEvents()
    done, pages, reason = 0, 0, MQRC_NONE
    while done < todo:
        k = todo - done
        if persistent:
            log = txn.get("log", None)
            k = min(k, log.until_checkpoint(), log.until_stop(size + constants.LOG_PER_MSG))
        try:
            taken = _allocate_messages(ctx, store, run, ps, pool, k, space_events)
        except PageSetFull:
            reason = MQRC_STORAGE_MEDIUM_FULL
            ps.stats = ps.stats.counted_full()
            taken = _fill_what_fits(ctx, store, run, ps, pool, k, space_events)
            done, pages = done + taken[0], pages + taken[1]
            break
        done, pages = done + taken[0], pages + taken[1]
    if not reason and done < count:
        reason = MQRC_Q_FULL
    backed = 0
    if reason and batch:
        backed = done % batch
        _back_out(ctx, store, run, ps, pool, backed)
        done -= backed
    _drop_empty(store)
    if not store.runs and not store.lists:
        txn.delete("messages", queue)  # nothing was put: no store, no trace
    report_expansions(ctx, space_events)
    if done:
        queuestats.put(ctx, queue, 0 if restoring else done, store.depth)
    fired = _trigger(ctx, q, trigger_before, priority, done) if trigger_before >= 0 else ()
    if eventing and (done or reason == MQRC_Q_FULL):
        events.after_put(ctx, q, store.depth - done, store.depth, reason)
    return Workload(
        "put",
        queue,
        count,
        done,
        size,
        done * size,
        reason,
        pages,
        backed,
        persistent=persistent,
        triggers=fired,
    )


def _trigger(
    ctx: Ctx, q: MQObject, before: int, priority: int, done: int
) -> tuple[TriggerMessage, ...]:
    """The trigger messages a put of ``done`` messages causes, put on the initiation queue."""
    n = triggers.fired(q, before, priority, done)
    found = triggers.target(ctx, q) if n else None
    if found is None:
        return ()
    return _write_triggers(ctx, q, *found, n)


def _write_triggers(
    ctx: Ctx, q: MQObject, initq: MQObject, process: MQObject | None, n: int
) -> tuple[TriggerMessage, ...]:
    # Nonpersistent MQTMs at the initiation queue's default priority; one it cannot take (full,
    # PUT(DISABLED), its page set full) is not written (IBM sends it to the dead-letter queue,
    # which mqsc does not model).
    written = put(ctx, initq.name, n, triggers.MQTM_LENGTH, persistent=False, triggering=False).done
    if written and q.get("TRIGTYPE") == "DEPTH":
        triggers.trigger_off(ctx, q)
    return (triggers.message(q, initq, process),) * written


def monitor(
    ctx: Ctx, initq: str, opening: bool, owner: str
) -> tuple[int, tuple[TriggerMessage, ...]]:
    """A trigger monitor run by ``owner`` opens (or closes) ``initq`` for input: (MQ reason,
    the trigger messages its opening caused for FIRST and DEPTH queues already holding
    messages). The handles of owners that have ended are dropped on the way."""
    q = ctx.txn.get("qlocal", initq)
    if q is None:
        return MQRC_UNKNOWN_OBJECT_NAME, ()
    row = ctx.txn.get("monitors", initq)
    live = list(row.live(ctx.qm.owner_alive)) if row is not None else []
    if not opening:
        if owner in live:
            live.remove(owner)
        if live:
            ctx.txn.put("monitors", initq, triggers.Monitor(tuple(live)))
        elif row is not None:
            ctx.txn.delete("monitors", initq)
        return MQRC_NONE, ()
    if q.get("GET") == "DISABLED":
        return MQRC_GET_INHIBITED, ()
    ctx.txn.put("monitors", initq, triggers.Monitor((*live, owner)))
    fired: tuple[TriggerMessage, ...] = ()
    for app in list(triggers.waiting(ctx, initq)):
        found = triggers.target(ctx, app)
        if found is not None:
            fired += _write_triggers(ctx, app, *found, 1)
    return MQRC_NONE, fired


def refusal(ctx: Ctx, queue: str, count: int, size: int) -> int:
    """The reason a put of ``count`` messages of ``size`` bytes to ``queue`` would be refused
    before any is put (its MQOPEN, the MQPUT checks, no room for them all), or 0. Shared
    queues are left to their own put."""
    txn = ctx.txn
    target = queue
    if not txn.has("qlocal", queue):
        if sharedq.shared_queue(ctx, queue) is not None:
            return MQRC_NONE
        resolved, reason = resolve(ctx, queue, "PUT")
        if resolved is None:
            return reason
        target = resolved
        if not txn.has("qlocal", target):
            return MQRC_NONE
    q = txn.get("qlocal", target)
    held = txn.get("messages", target)
    fail = _put_check(ctx, q, size)
    if fail:
        return fail
    room = int(q.get("MAXDEPTH")) - (held.depth if held is not None else 0)
    return MQRC_Q_FULL if room < count else MQRC_NONE


# ---- dynamic queues ----------------------------------------------------------------------------
#: The MQOD's default DynamicQName prefix: the queue manager completes the name.
DYNAMIC_PREFIX = "AMQ."


def open_dynamic(ctx: Ctx, model: MQObject) -> str:
    """MQOPEN of a model queue: a new local queue with the model's attributes and its DEFTYPE
    (IBM "Dynamic queues": PERMDYN stays until deleted, TEMPDYN goes at MQCLOSE), named from
    the default DynamicQName "AMQ.*" with a unique suffix (the moment and a sequence)."""
    stamp = ctx.stamp()
    name = _dynamic_name(ctx, stamp)
    values = _dynamic_attributes(model)
    values.update(QSGDISP="QMGR", DEFTYPE=model.get("DEFTYPE"))
    ctx.txn.put("qlocal", name, MQObject("QLOCAL", name, Attributes.profile(values), stamp, stamp))
    space.account_objects(ctx, constants.OBJ_BYTES_QLOCAL)
    return name


def _dynamic_attributes(model: MQObject) -> dict[str, object]:
    """A dynamic queue is a local queue with its model's attributes; those a model queue does
    not have (DEFBIND...) take a local queue's defaults, so the queue is a whole local queue
    (its MAKEDEF replays to the same definition)."""
    values = {k: v for k, v in QLOCAL.catalog_defaults.items() if k in QLOCAL.settable_set}
    values.update((k, v) for k, v in model.attrs.items() if k in QLOCAL.settable_set)
    return values


#: Every queue name space a dynamic queue's name must be new in (private and group).
_QUEUE_TABLES = (
    "qlocal",
    "qalias",
    "qremote",
    "qmodel",
    "gqlocal",
    "gqalias",
    "gqremote",
    "gqmodel",
)


def _dynamic_name(ctx: Ctx, stamp: str) -> str:
    moment = "".join(ch for ch in stamp if ch.isdigit())[-8:]
    sequence = 0
    while True:
        name = f"{DYNAMIC_PREFIX}{int(moment):08X}{sequence:08X}"
        if not any(ctx.txn.has(t, name) for t in _QUEUE_TABLES):
            return name
        sequence += 1


def open_shared_dynamic(ctx: Ctx, model: MQObject) -> tuple[str, int]:
    """MQOPEN of a DEFTYPE(SHAREDYN) model: a new shared queue (QSGDISP(SHARED), DEFTYPE
    SHAREDYN) in the model's CFSTRUCT, kept in the group's repository until deleted (IBM
    "DefinitionType": MQQDT_SHARED_DYNAMIC, "a shared permanent queue"). Returns (its name, 0),
    or ("", the reason): outside a queue sharing group, or with a structure not defined or
    failed, MQRC 2349 or 2373 (UNVERIFIED: IBM documents no reason for a queue manager outside
    a group) and nothing is created."""
    structure = str(model.get("CFSTRUCT", ""))
    if ctx.qm.group is None:
        return "", MQRC_CF_STRUC_ERROR
    reason = sharedq.structure_reason(ctx, structure)
    if reason:
        return "", reason
    stamp = ctx.stamp()
    name = _dynamic_name(ctx, stamp)
    values = _dynamic_attributes(model)
    values.update(QSGDISP="SHARED", DEFTYPE="SHAREDYN", CFSTRUCT=structure)
    ctx.txn.put("gqlocal", name, MQObject("QLOCAL", name, Attributes.profile(values), stamp, stamp))
    return name, MQRC_NONE


def close_dynamic(ctx: Ctx, name: str) -> None:
    """MQCLOSE of a temporary dynamic queue: it is deleted with its messages."""
    obj = ctx.txn.get("qlocal", name)
    purge_queue(ctx, obj)
    ctx.txn.delete("qlocal", name)
    space.account_objects(ctx, -constants.OBJ_BYTES_QLOCAL)


def _put_dynamic(
    ctx: Ctx,
    model: MQObject,
    count: int,
    size: int,
    *,
    persistent: bool | None,
    priority: int | None,
    batch: int,
    body: Body | None = None,
) -> Workload:
    """A put through a model queue: to the dynamic queue its MQOPEN creates. A temporary
    dynamic queue takes no persistent messages (MQRC 2048) and is gone when the put closes
    it, messages and all."""
    temporary = model.get("DEFTYPE") == "TEMPDYN"
    if persistent is None:
        persistent = model.get("DEFPSIST") == "YES"
    if model.get("DEFTYPE") == "SHAREDYN":
        shared, reason = open_shared_dynamic(ctx, model)
        if not shared:
            return Workload("put", model.name, count, 0, size, reason=reason, persistent=persistent)
        return sharedq.put(
            ctx,
            sharedq.shared_queue(ctx, shared),
            count,
            size,
            persistent=persistent,
            priority=priority,
            batch=batch,
            body=body,
        )
    if temporary and persistent:
        return Workload(
            "put", model.name, count, 0, size, reason=MQRC_PERSISTENT_NOT_ALLOWED, persistent=True
        )
    name = open_dynamic(ctx, model)
    done = put(
        ctx, name, count, size, persistent=persistent, priority=priority, batch=batch, body=body
    )
    if temporary:
        close_dynamic(ctx, name)
    return done


def resolve(ctx: Ctx, queue: str, op: str) -> tuple[str | None, int]:
    """The local queue an MQOPEN of ``queue`` for ``op`` (PUT or GET) resolves to through an
    alias or a remote queue definition, or None and the MQ reason code it fails with.

    IBM "Alias queues" and "Working with remote queues": an alias resolves to its TARGET (which
    must exist when it is opened, MQRC 2082, and may not be another alias, MQRC 2001); a remote
    queue definition resolves, for puts only, to its transmission queue (XMITQ, else the queue
    named RQMNAME, else the queue manager's DEFXMITQ; MQRC 2087 when there is none, MQRC 2092
    when it is not USAGE(XMITQ)), where the messages wait for a channel. A put to a topic alias
    is a publication (:mod:`mqsc.engine.messaging.pubsub`); opened for anything else it answers MQRC
    2085 here. (Model queues are opened by :func:`open_dynamic`.)
    """
    txn = ctx.txn
    alias = txn.get("qalias", queue) or _group_object(txn, "gqalias", queue)
    if alias is not None:
        if alias.get(op) == "DISABLED":
            return None, MQRC_PUT_INHIBITED if op == "PUT" else MQRC_GET_INHIBITED
        target = str(alias.get("TARGET", ""))
        if not target or alias.get("TARGTYPE") == "TOPIC":
            return None, MQRC_UNKNOWN_OBJECT_NAME
        if txn.has("qalias", target) or txn.has("qmodel", target):
            return None, MQRC_ALIAS_BASE_Q_TYPE_ERROR
        if txn.has("qlocal", target) or sharedq.shared_queue(ctx, target) is not None:
            return target, MQRC_NONE
        remote = txn.get("qremote", target)
        if remote is None:
            # IBM "2082 (MQRC_UNKNOWN_ALIAS_BASE_Q)": the alias's base queue is not known.
            return None, MQRC_UNKNOWN_ALIAS_BASE_Q
        return _transmission_queue(ctx, remote, op)
    remote = txn.get("qremote", queue) or _group_object(txn, "gqremote", queue)
    if remote is not None:
        return _transmission_queue(ctx, remote, op)
    return None, MQRC_UNKNOWN_OBJECT_NAME


def header(ctx: Ctx, queue: str, xmitq: str) -> str:
    """The transmission header a put to ``queue`` gives its messages when it resolves to the
    transmission queue ``xmitq``: "RQMNAME RNAME" of the remote queue definition (reached
    directly or through an alias), "" when the put lands on a local queue. IBM "Working with
    remote queues": the message descriptor and the MQXQH carry the destination to the channel.
    """
    txn = ctx.txn
    remote = txn.get("qremote", queue) or _group_object(txn, "gqremote", queue)
    if remote is None:
        alias = txn.get("qalias", queue) or _group_object(txn, "gqalias", queue)
        if alias is not None:
            remote = txn.get("qremote", str(alias.get("TARGET", "")))
    if remote is None:
        return ""
    target = txn.get("qlocal", xmitq)
    if target is None or target.get("USAGE") != "XMITQ":
        return ""  # RQMNAME names this queue manager: the put landed on a local queue
    rqmname = str(remote.get("RQMNAME", ""))
    rname = str(remote.get("RNAME", ""))
    return f"{rqmname} {rname}" if rqmname and rname else ""


def _group_object(txn: Any, table: str, name: str) -> Any:
    obj = txn.get(table, name)
    return obj if obj is not None and obj.get("QSGDISP") == "GROUP" else None


def _transmission_queue(ctx: Ctx, remote: Any, op: str) -> tuple[str | None, int]:
    if op != "PUT":
        return None, MQRC_OPTION_NOT_VALID_FOR_TYPE
    if remote.get("PUT") == "DISABLED":
        return None, MQRC_PUT_INHIBITED
    txn = ctx.txn
    defxmitq = str(txn.get("qmgr", None).attrs.get("DEFXMITQ", ""))
    return transmission_queue(
        remote,
        lambda name: txn.get("qlocal", name),
        ctx.qm.name,
        defxmitq,
        other=lambda name: any(txn.has(t, name) for t in ("qalias", "qremote", "qmodel")),
    )


def transmission_queue(
    remote: Any,
    local: Callable[[str], Any],
    qmgr: str,
    defxmitq: str,
    other: Callable[[str], bool] = lambda name: False,
) -> tuple[str | None, int]:
    """Where a put to remote queue definition ``remote`` goes, given the local queues
    (``local(name)``), this queue manager's name and its DEFXMITQ: (queue, MQRC_NONE), or
    (None, the MQ reason code the MQOPEN fails with). ``mqsc check`` asks the same.

    An XMITQ that is not a local queue fails the open: MQRC 2196 when no queue has the name
    (IBM "Unknown Transmission Queue": "the XmitQName attribute of the definition is not blank
    and not the name of a locally-defined queue"), MQRC 2091 when ``other(name)``, a queue of
    another type, has it (IBM "Transmission Queue Type Error")."""
    rqmname = str(remote.get("RQMNAME", ""))
    if rqmname == qmgr and remote.get("RNAME"):
        target = str(remote.get("RNAME"))
        return (
            (target, MQRC_NONE) if local(target) is not None else (None, MQRC_UNKNOWN_OBJECT_NAME)
        )
    explicit = str(remote.get("XMITQ", ""))
    if explicit and local(explicit) is None:
        return None, MQRC_XMIT_Q_TYPE_ERROR if other(explicit) else MQRC_UNKNOWN_XMIT_Q
    xmitq = explicit or rqmname
    if not xmitq or local(xmitq) is None:
        xmitq = defxmitq
    queue = local(xmitq) if xmitq else None
    if queue is None:
        return None, MQRC_UNKNOWN_REMOTE_Q_MGR
    if queue.get("USAGE") != "XMITQ":
        return None, MQRC_XMIT_Q_USAGE_ERROR
    return xmitq, MQRC_NONE


def syncpoint_limit(ctx: Ctx, batch: int) -> int:
    """MQRC_SYNCPOINT_LIMIT_REACHED when units of work of ``batch`` messages exceed the queue
    manager's MAXUMSGS (DEFINE MAXSMSGS): the put of message MAXUMSGS + 1 fails and the unit
    of work is backed out, so none of them stays (IBM MQ "2024 (07E8) (RC2024):
    MQRC_SYNCPOINT_LIMIT_REACHED")."""
    if batch <= 0:
        return MQRC_NONE
    limit = int(ctx.txn.get("qmgr", None).attrs.get("MAXUMSGS", 10000))
    return MQRC_SYNCPOINT_LIMIT_REACHED if batch > limit else MQRC_NONE


def _put_check(ctx: Ctx, q: Any, size: int) -> int:
    """The reason a put to ``q`` fails before it starts, or 0 (MQOPEN/MQPUT checks)."""
    if q.get("PUT") == "DISABLED":
        return MQRC_PUT_INHIBITED
    qm_max = ctx.txn.get("qmgr", None).attrs.get("MAXMSGL", 104_857_600)
    if size > int(qm_max):
        return MQRC_MSG_TOO_BIG_FOR_Q_MGR
    if size > int(q.get("MAXMSGL")):
        return MQRC_MSG_TOO_BIG_FOR_Q
    stc = ctx.txn.get("stgclass", q.get("STGCLASS"))
    if stc is None:
        return MQRC_STORAGE_CLASS_ERROR
    ps = ctx.txn.get("pageset", stc.get("PSID"))
    if ps is None or ps.status != "AVAILABLE":
        # The page set is not accessible: MQRC 2193 and CSQI041I on the console
        # (storage rule RC-3 (docs/storage.md#storage-rules)).
        ctx.console(
            "CSQI041I",
            csect="CSQIALLC",
            job="MQSC",
            user=ctx.qm.user,
            psid=f"{stc.get('PSID'):02d}",
        )
        return MQRC_PAGESET_ERROR
    return MQRC_NONE


def _store(ctx: Ctx, queue: str) -> QueueStore:
    return editable_store(ctx.txn, "messages", queue)


def _allocate_messages(
    ctx: Ctx, store: QueueStore, run: Run, ps: Any, pool: Any, k: int, events: SpaceEvents
) -> tuple[int, int]:
    """Allocate the pages of ``k`` more messages (all or nothing); returns (k, pages)."""
    depth = store.depth
    new_lists = list_pages(depth + k) - store.lists
    data = run.pages_for(run.count + k, run.head_used) - run.pages
    gen = ctx.gen
    if new_lists:
        if not store.lists:
            # The message list goes where the messages go now. A queue may change storage
            # class while it is empty (MQRCCF 3207 refuses it only while messages are on it),
            # so the page set its earlier messages used means nothing any more.
            store.list_psid = ps.psid
        allocate(ps, pool, store.list_owner, new_lists, persistent=False, gen=gen, events=events)
        store.lists += new_lists
    if data:
        try:
            allocate(
                ps, pool, store.owner(run), data, persistent=run.persistent, gen=gen, events=events
            )
        except PageSetFull:
            _release_lists(store, ps, pool, new_lists)
            raise
    run.count += k
    if run.persistent:
        ctx.log(
            "put",
            k * (run.size + constants.LOG_PER_MSG),
            records=k,
            queue=store.queue,
            run=run.id,
            msgsize=run.size,
            count=k,
        )
    return k, new_lists + data


def _fill_what_fits(
    ctx: Ctx, store: QueueStore, run: Run, ps: Any, pool: Any, k: int, events: SpaceEvents
) -> tuple[int, int]:
    """After a full page set: put as many of ``k`` messages as the free pages hold."""
    low, high = 0, k
    while low < high:
        mid = (low + high + 1) // 2
        need = (
            list_pages(store.depth + mid)
            - store.lists
            + run.pages_for(run.count + mid, run.head_used)
            - run.pages
        )
        if need <= ps.free_pages():
            low = mid
        else:
            high = mid - 1
    if low == 0:
        return 0, 0
    return _allocate_messages(ctx, store, run, ps, pool, low, events)


def _release_lists(store: QueueStore, ps: Any, pool: Any, n: int) -> int:
    if n > 0:
        pool.free(store.list_owner, ps.psid, n)
        ps.release(n, persistent=False)
        store.lists -= n
        if not store.lists:
            store.list_psid = -1
    return max(0, n)


def _back_out(ctx: Ctx, store: QueueStore, run: Run, ps: Any, pool: Any, n: int) -> None:
    """Back out the ``n`` newest messages of ``run`` (an uncommitted unit of work)."""
    if n <= 0:
        return
    before = run.pages
    run.count -= n
    freed = before - run.pages
    pool.free(store.owner(run), ps.psid, freed)
    ps.release(freed, run.persistent)
    _shrink_lists(store, ps, pool)
    if run.persistent:
        ctx.log(
            "backout",
            n * constants.LOG_RECORD_BYTES,
            records=n,
            queue=store.queue,
            run=run.id,
            count=n,
        )


def _shrink_lists(store: QueueStore, ps: Any, pool: Any) -> int:
    return _release_lists(store, ps, pool, store.lists - list_pages(store.depth))


def _drop_empty(store: QueueStore) -> None:
    store.runs = [r for r in store.runs if r.count]


# ---- get -------------------------------------------------------------------------------------
def get(ctx: Ctx, queue: str, count: int | None = None) -> Workload:
    """Get up to ``count`` messages (all when None), in the queue's delivery order.

    MSGDLVSQ(PRIORITY): highest priority first, FIFO within a priority; FIFO: arrival order.
    """
    txn = ctx.txn
    q = txn.get("qlocal", queue)
    wanted = count if count is not None else -1
    if q is None:
        shared = sharedq.shared_queue(ctx, queue)
        if shared is not None:
            return sharedq.get(ctx, shared, count)
        model = txn.get("qmodel", queue)
        if model is not None and model.get("DEFTYPE") == "SHAREDYN":
            name, reason = open_shared_dynamic(ctx, model)
            return Workload("get", name or queue, wanted, 0, reason=reason or MQRC_NO_MSG_AVAILABLE)
        if model is not None:
            # An MQOPEN for input makes a new, empty dynamic queue (a permanent one stays).
            name = open_dynamic(ctx, model)
            if model.get("DEFTYPE") == "TEMPDYN":
                close_dynamic(ctx, name)
            return Workload("get", name, wanted, 0, reason=MQRC_NO_MSG_AVAILABLE)
        target, reason = resolve(ctx, queue, "GET")
        if target is not None:
            return dataclasses.replace(get(ctx, target, count), queue=queue)
        return Workload("get", queue, wanted, 0, reason=reason)
    if q.get("GET") == "DISABLED":
        return Workload("get", queue, wanted, 0, reason=MQRC_GET_INHIBITED)
    if not txn.has("messages", queue) or not txn.get("messages", queue).depth:
        return Workload("get", queue, wanted, 0, reason=MQRC_NO_MSG_AVAILABLE)
    store = txn.edit("messages", queue)
    remaining = count if count is not None else store.depth
    order = store.delivery_order(q.get("MSGDLVSQ"))
    got = got_bytes = pages = 0
    for run in order:
        if remaining <= 0:
            break
        n = min(remaining, run.count)
        pages += _take(ctx, store, run, n)
        got += n
        got_bytes += n * run.size
        remaining -= n
    _drop_empty(store)
    if store.lists:
        ps = txn.edit("pageset", store.list_psid)
        pages += _shrink_lists(store, ps, txn.edit("pool", ps.pool))
    if not store.runs:
        txn.delete("messages", queue)
    queuestats.got(ctx, queue, got)
    events.after_get(ctx, queue, store.depth + got, store.depth)
    reason = MQRC_NO_MSG_AVAILABLE if count is not None and got < count else MQRC_NONE
    return Workload("get", queue, wanted, got, 0, got_bytes, reason, pages)


def get_runs(ctx: Ctx, queue: str, wanted: Mapping[int, int]) -> int:
    """Get the oldest ``n`` messages of each run ``wanted`` names (run id -> n), whatever
    arrived since: a channel's batch is exactly the messages it sent, as an MQGET under
    syncpoint locks them (IBM "Message channel agents": the batch's gets commit when the
    receiver confirms). Returns how many were got (fewer when a run has gone)."""
    txn = ctx.txn
    if not txn.has("messages", queue):
        return 0
    store = txn.edit("messages", queue)
    got = 0
    for run in list(store.runs):
        n = min(int(wanted.get(run.id, 0)), run.count)
        if n > 0:
            _take(ctx, store, run, n)
            got += n
    _drop_empty(store)
    if store.lists:
        ps = txn.edit("pageset", store.list_psid)
        _shrink_lists(store, ps, txn.edit("pool", ps.pool))
    if not store.runs:
        txn.delete("messages", queue)
    queuestats.got(ctx, queue, got)
    events.after_get(ctx, queue, store.depth + got, store.depth)
    return got


def _take(ctx: Ctx, store: QueueStore, run: Run, n: int) -> int:
    """Get the oldest ``n`` messages of a run: read back pages no longer in the pool, free the
    pages whose last record goes. Returns the pages freed.

    Gets go a chunk at a time, each chunk no bigger than the buffers a read could reuse right
    now, so the bulk behaves as message-by-message gets would: a page is read into a clean
    or freed buffer, then freed, and its buffer reused.
    """
    txn = ctx.txn
    ps = txn.edit("pageset", run.psid)
    pool = txn.edit("pool", ps.pool)
    owner = store.owner(run)
    per = run.per_page
    each = 1 if per else pages_per_message(run.size)
    total = 0
    left = n
    while left > 0:
        room = pool.reusable // 2
        step = min(left, max(1, room * per if per else room // each))
        count, head = run.after_get(step)
        freed = run.pages - run.pages_for(count, head)
        changed, clean = pool.resident(owner)
        absent = run.pages - changed - clean
        pool.read_pages(owner, ps.psid, min(freed, absent))
        pool.free(owner, ps.psid, freed)
        ps.release(freed, run.persistent)
        run.count, run.head_used = count, head
        run.taken += step
        total += freed
        left -= step
    if run.persistent:
        ctx.log("get", n * LOG_PER_GET, records=n, queue=store.queue, run=run.id, count=n)
    return total


def take_one(ctx: Ctx, queue: str, run_id: int) -> int:
    """Get the oldest message of run ``run_id`` of a private queue, wherever the run is in
    the delivery order (a get by MsgId or CorrelId, :mod:`mqsc.engine.messaging.bodies`); returns
    the
    pages freed."""
    txn = ctx.txn
    store = txn.edit("messages", queue)
    run = next(r for r in store.runs if r.id == run_id)
    pages = _take(ctx, store, run, 1)
    _drop_empty(store)
    if store.lists:
        ps = txn.edit("pageset", store.list_psid)
        pages += _shrink_lists(store, ps, txn.edit("pool", ps.pool))
    if not store.runs:
        txn.delete("messages", queue)
    # z/OS: a Queue Depth Low event also when a message "would have been removed but has
    # since expired" ("Enabling queue depth events"): expiry discards come here too.
    events.after_get(ctx, queue, store.depth + 1, store.depth)
    return pages


# ---- whole queues ----------------------------------------------------------------------------
def purge_queue(ctx: Ctx, obj: MQObject) -> int:
    """Remove every message of a queue (DELETE QLOCAL PURGE); returns how many there were."""
    store = ctx.txn.get("messages", obj.name)
    if store is None:
        return 0
    count = store.depth
    purge(ctx, obj.name)
    return count


def purge(ctx: Ctx, queue: str) -> None:
    """DELETE QLOCAL PURGE: every message goes; their buffers stay changed until dropped."""
    txn = ctx.txn
    store = txn.edit("messages", queue)
    for run in list(store.runs):
        _take(ctx, store, run, run.count)
    store.runs = []
    if store.lists:
        ps = txn.edit("pageset", store.list_psid)
        _release_lists(store, ps, txn.edit("pool", ps.pool), store.lists)
    txn.delete("messages", queue)


def discard_nonpersistent(ctx: Ctx) -> None:
    """At restart: nonpersistent messages are gone; the message lists are rebuilt for the
    persistent ones that stay (buffer pools are already empty), on the page set those are on.
    The page sets' counts are then recounted from what they hold (:func:`space.recount`)."""
    txn = ctx.txn
    for queue in list(txn.keys("messages")):
        store = txn.edit("messages", queue)
        for run in store.runs:
            if not run.persistent:
                run.count = 0
        _drop_empty(store)
        if not store.runs:
            txn.delete("messages", queue)
            continue
        store.lists = list_pages(store.depth)
        store.list_psid = store.runs[-1].psid


def depth(ctx: Ctx, name: str, disposition: str = "QMGR") -> int:
    """Messages on a queue now (a shared queue's are in its CF structure)."""
    table = "cfmsgs" if disposition == "SHARED" else "messages"
    store = ctx.txn.get(table, name)
    return store.depth if store is not None else 0
