"""Puts to cluster queues: which instance each message goes to, and how it gets there.

An MQOPEN of a queue name this queue manager does not define, but its cluster repository
knows instances of (or of a local queue with CLWLUSEQ(ANY) that has instances elsewhere, or of
a remote queue definition whose RQMNAME is a cluster queue manager), resolves through the
cluster. IBM "The cluster workload management algorithm" chooses the destination, at MQOPEN
for DEFBIND(OPEN) and at every MQPUT for DEFBIND(NOTFIXED); the messages for a remote
instance are put, with a transmission header naming that queue manager, the queue and the
cluster-sender channel chosen, on the channel's cluster transmission queue
(SYSTEM.CLUSTER.TRANSMIT.QUEUE, or its own under DEFCLXQ(CHANNEL)), and the channel moves
them (docs/clusters.md).

The algorithm's steps, in IBM's order (each removes destinations, never all of them):

1. instances in clusters this queue manager is not in, and routes (cluster-receiver
   channels) not in the queue's cluster, are not destinations;
2. channels whose CLWLRANK is below the highest, then queues whose CLWLRANK is below the
   highest, go;
3. put-disabled instances go when a put-enabled one remains (none: MQRC 2268,
   MQRC_CLUSTER_PUT_INHIBITED);
4. the local instance is the choice when CLWLUSEQ says LOCAL (the queue's, or the queue
   manager's for CLWLUSEQ(QMGR));
5. suspended queue managers go when one that is not suspended remains;
6. channels by state: INACTIVE or RUNNING first, else BINDING, INITIALIZING, STARTING or
   STOPPING, else RETRYING, else REQUESTING, PAUSED, STOPPED or SWITCHING;
7. for each queue manager, its channels of the highest NETPRTY; then channels of the highest
   CLWLPRTY, then queues of the highest CLWLPRTY;
8. only the CLWLMRUC most recently used channels;
9. the least recently used: the lowest destination sequence factor (DestSeqFactor), then the
   lowest destination sequence number; the choice's factor grows by 1000/CLWLWGHT and its
   number becomes the latest. The factors go back to zero when a destination appears or its
   workload attributes change.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from mqsc.catalog.mqrc import (
    MQRC_CLUSTER_PUT_INHIBITED,
    MQRC_NONE,
    MQRC_UNKNOWN_ALIAS_BASE_Q,
    MQRC_UNKNOWN_OBJECT_NAME,
)
from mqsc.engine import channelstate, repository, space
from mqsc.engine.channelrecords import ChannelStatus
from mqsc.engine.context import Ctx
from mqsc.engine.messaging import privateq, sharedq
from mqsc.engine.mqobjects import MQObject
from mqsc.engine.records import Workload
from mqsc.engine.repository import Record
from mqsc.engine.storage import constants
from mqsc.engine.storage.queuestore import Body

#: The destination key of the local instance (a channel name otherwise).
LOCAL = ""
#: Channel states by preference (IBM "The cluster workload management algorithm").
_TIERS = (
    frozenset(("INACTIVE", "RUNNING")),
    frozenset(("BINDING", "INITIALIZING", "STARTING", "STOPPING")),
    frozenset(("RETRYING",)),
    frozenset(("REQUESTING", "PAUSED", "STOPPED", "SWITCHING")),
)
#: "increased by the queue manager, by approximately 1000/(Channel weight)": in millionths.
_FACTOR_UNIT = 1_000_000


@dataclass(frozen=True, slots=True)
class Destination:
    """One place a message can go: the local instance (``key`` ""), or a queue manager over
    one of its cluster-receiver channels (``key``: the channel's name)."""

    key: str
    qmname: str
    qmid: str
    cluster: str
    queue: Record | None
    weight: int
    channel_rank: int
    channel_priority: int
    netprty: int
    queue_rank: int
    queue_priority: int
    put_enabled: bool
    suspended: bool
    status: str

    @property
    def local(self) -> bool:
        return self.key == LOCAL

    @property
    def signature(self) -> str:
        """Its workload attributes: when they change, every factor starts again."""
        return (
            f"{self.weight},{self.channel_rank},{self.channel_priority},{self.netprty},"
            f"{self.queue_rank},{self.queue_priority}"
        )


@dataclass(frozen=True, slots=True)
class Plan:
    """What an MQOPEN of a cluster queue resolved to: the queue's name at its destinations,
    where it can go, its binding, and for a remote queue definition naming a cluster queue
    manager the message's header is that queue manager's."""

    queue: str
    destinations: tuple[Destination, ...]
    bind: str
    inhibited: bool = False


# ---- MQOPEN: what a name resolves to ----------------------------------------------------------
def plan(ctx: Ctx, queue: str) -> Plan | None:
    """The cluster resolution of an MQOPEN of ``queue`` for output, or None when it does not
    resolve through the cluster (the local or remote definition decides, as without one)."""
    txn = ctx.txn
    local = txn.get("qlocal", queue)
    if local is not None:
        if not (local.get("CLUSTER") or local.get("CLUSNL")) or _useq(txn, local) != "ANY":
            return None
        return _queue_plan(ctx, queue, local)
    if txn.get("messages", repository.REPOSITORY_QUEUE) is None:
        return None  # no repository: nothing is known of any cluster
    remote = txn.get("qremote", queue)
    if remote is not None:
        return _qmgr_plan(ctx, remote)
    alias = txn.get("qalias", queue)
    if alias is not None:
        target = str(alias.get("TARGET", ""))
        if alias.get("PUT") == "DISABLED" or alias.get("TARGTYPE") == "TOPIC" or not target:
            return None
        if any(txn.has(t, target) for t in ("qlocal", "qalias", "qremote", "qmodel")):
            return None
        return _queue_plan(ctx, target, None)
    if any(txn.has(t, queue) for t in ("qmodel", "gqlocal", "gqalias", "gqremote", "gqmodel")):
        return None
    if sharedq.shared_queue(ctx, queue) is not None:
        return None
    return _queue_plan(ctx, queue, None)


@dataclass(frozen=True, slots=True)
class Target:
    """What an MQOPEN of a queue name reaches: the local queue (``name``, its QSGDISP), or the
    cluster (``cluster``: the plan the puts follow; ``name`` the queue name at its
    destinations), or nothing (``reason``: the MQ reason code the MQOPEN fails with)."""

    name: str
    qsgdisp: str = "QMGR"
    reason: int = MQRC_NONE
    cluster: Plan | None = None


def target(ctx: Ctx, queue: str, op: str) -> Target:
    """The one resolution of an MQOPEN of ``queue`` for ``op`` (PUT or GET), in IBM's order
    ("Queue name resolution"): a local queue, an alias's or a remote definition's target, and
    for output a cluster queue (:func:`plan`). MQOPEN, MQPUT1 and a put in syncpoint all
    resolve through here, so a name reaches the same queue whichever call opens it. A cluster
    queue whose instances are all put-inhibited fails the MQOPEN with MQRC 2268 (IBM
    "2268 (08DC) (RC2268): MQRC_CLUSTER_PUT_INHIBITED")."""
    found = plan(ctx, queue) if op == "PUT" else None
    if found is not None:
        if not _eligible_for(ctx, queue, found):
            return Target("", "", MQRC_CLUSTER_PUT_INHIBITED)
        return Target(found.queue, "QMGR", MQRC_NONE, found)
    if ctx.txn.has("qlocal", queue):
        return Target(queue)
    if sharedq.shared_queue(ctx, queue) is not None:
        return Target(queue, "SHARED")
    name, reason = privateq.resolve(ctx, queue, op)
    if name is None:
        return Target("", "", reason)
    return Target(name, "SHARED" if sharedq.shared_queue(ctx, name) is not None else "QMGR")


def unknown_name(txn: Any, queue: str, reason: int) -> str:
    """The queue name an MQOPEN that failed with ``reason`` would find in the cluster if the
    full repositories knew it, for a partial repository to ask them (docs/clusters.md): the
    name itself when nothing here defines it (MQRC 2085), an alias's TARGET that nothing here
    defines (MQRC 2082: IBM "2001 (07D1) (RC2001): MQRC_ALIAS_BASE_Q_TYPE_ERROR" lists a
    cluster queue among an alias's bases); "" when the cluster cannot help."""
    tables = ("qlocal", "qalias", "qremote", "qmodel")
    if reason == MQRC_UNKNOWN_OBJECT_NAME and not any(txn.has(t, queue) for t in tables):
        return queue
    alias = txn.get("qalias", queue)
    if reason == MQRC_UNKNOWN_ALIAS_BASE_Q and alias is not None:
        base = str(alias.get("TARGET", ""))
        if base and alias.get("TARGTYPE") != "TOPIC" and not any(txn.has(t, base) for t in tables):
            return base
    return ""


def _eligible_for(ctx: Ctx, queue: str, found: Plan) -> list[Destination]:
    """The destinations a put to ``queue`` (resolved to ``found``) chooses among."""
    txn = ctx.txn
    local = txn.get("qlocal", found.queue) if queue == found.queue else None
    return eligible(found.destinations, local is not None and _useq(txn, local) == "LOCAL")


def _useq(txn: Any, local: Any) -> str:
    """CLWLUSEQ of a local instance: the queue's, or the queue manager's for QMGR."""
    useq = str(local.get("CLWLUSEQ", "QMGR"))
    if useq == "QMGR":
        return str(txn.get("qmgr", None).attrs.get("CLWLUSEQ", "LOCAL"))
    return useq


def _queue_plan(ctx: Ctx, queue: str, local: Any) -> Plan | None:
    txn = ctx.txn
    repo = repository.view(txn)
    own = repository.qmid(ctx.qm.name)
    members = set(repository.member_clusters(txn))
    statuses = txn.get("qmgr", None).chinit.statuses
    found: dict[str, Destination] = {}
    for record in repo.queues(queue):
        if record.qmid == own or record.cluster not in members:
            continue
        host = repo.qmgr(record.cluster, record.qmid)
        if host is None:
            continue  # no route to it: its queue manager is not known here (yet)
        destination = _remote(host, record, statuses)
        if destination.key and destination.key not in found:
            found[destination.key] = destination
    if not found:
        return None
    destinations = list(found.values())
    if local is not None:
        destinations.insert(0, _local(ctx, local))
    first = min(destinations, key=lambda d: (d.qmname, d.key))
    bind = str(local.get("DEFBIND", "OPEN")) if local is not None else _bind_of(first)
    return Plan(queue, tuple(destinations), bind)


def _bind_of(destination: Destination) -> str:
    record = destination.queue
    return str(record.get("DEFBIND", "OPEN")) if record is not None else "OPEN"


def _qmgr_plan(ctx: Ctx, remote: Any) -> Plan | None:
    """A remote queue definition whose queue manager is a cluster queue manager and that
    names no transmission queue of its own, where no transmission queue has that queue
    manager's name: the message goes over the cluster (IBM "Queue manager aliases and
    clusters"; before DEFXMITQ, as queue name resolution looks at the cluster first)."""
    txn = ctx.txn
    rqmname, rname = str(remote.get("RQMNAME", "")), str(remote.get("RNAME", ""))
    if (
        not rqmname
        or not rname
        or remote.get("XMITQ")
        or rqmname == ctx.qm.name
        or txn.has("qlocal", rqmname)
        or remote.get("PUT") == "DISABLED"
    ):
        return None
    repo = repository.view(txn)
    members = set(repository.member_clusters(txn))
    statuses = txn.get("qmgr", None).chinit.statuses
    found: dict[str, Destination] = {}
    for host in repo.qmgrs():
        if host.qmname == rqmname and host.cluster in members:
            destination = _remote(host, None, statuses)
            if destination.key and destination.key not in found:
                found[destination.key] = destination
    if not found:
        return None
    return Plan(rname, tuple(found.values()), str(remote.get("DEFBIND", "OPEN")))


def _remote(
    host: Record, queue: Record | None, statuses: Mapping[str, ChannelStatus]
) -> Destination:
    channel = str(host.get("CHANNEL", ""))
    return Destination(
        channel,
        host.qmname,
        host.qmid,
        host.cluster,
        queue,
        int(host.get("CLWLWGHT", 50)),
        int(host.get("CLWLRANK", 0)),
        int(host.get("CLWLPRTY", 0)),
        int(host.get("NETPRTY", 0)),
        int(queue.get("CLWLRANK", 0)) if queue is not None else 0,
        int(queue.get("CLWLPRTY", 0)) if queue is not None else 0,
        queue is None or queue.get("PUT", "ENABLED") != "DISABLED",
        host.get("SUSPEND") == "YES",
        statuses[channel].status if channel in statuses else "INACTIVE",
    )


def _local(ctx: Ctx, local: Any) -> Destination:
    """The local instance: its weight is this queue manager's cluster-receiver's (IBM:
    "Specify this attribute on the cluster-receiver channel at the target queue manager")."""
    txn = ctx.txn
    clusters = repository.clusters_of(txn, local)
    receiver = next(
        (
            c
            for c in repository.receivers(txn)
            if set(repository.clusters_of(txn, c)) & set(clusters)
        ),
        None,
    )
    get = (lambda n, d: int(receiver.get(n, d))) if receiver is not None else (lambda n, d: d)
    held = repository.suspended(txn)
    return Destination(
        LOCAL,
        ctx.qm.name,
        repository.qmid(ctx.qm.name),
        clusters[0] if clusters else "",
        None,
        get("CLWLWGHT", 50),
        get("CLWLRANK", 0),
        get("CLWLPRTY", 0),
        get("NETPRTY", 0),
        int(local.get("CLWLRANK", 0)),
        int(local.get("CLWLPRTY", 0)),
        local.get("PUT") != "DISABLED",
        any(c in held for c in clusters),
        "RUNNING",
    )


# ---- the algorithm ------------------------------------------------------------------------------
def eligible(destinations: Iterable[Destination], useq_local: bool = False) -> list[Destination]:
    """Steps 2 to 7: the destinations a choice is made among (empty: none is put-enabled)."""
    left = list(destinations)
    left = _keep_max(left, lambda d: d.channel_rank, remote_only=True)
    left = _keep_max(left, lambda d: d.queue_rank)
    if any(d.put_enabled for d in left):
        left = [d for d in left if d.put_enabled]
    else:
        return []
    if useq_local and any(d.local for d in left):
        return [d for d in left if d.local]
    if len({d.qmid for d in left}) > 1 and any(not d.suspended for d in left):
        left = [d for d in left if not d.suspended]
    for tier in _TIERS:
        chosen = [d for d in left if d.local or d.status in tier]
        if chosen:
            left = chosen
            break
    best_net: dict[str, int] = {}
    for d in left:
        best_net[d.qmid] = max(best_net.get(d.qmid, 0), d.netprty)
    left = [d for d in left if d.local or d.netprty == best_net[d.qmid]]
    left = _keep_max(left, lambda d: d.channel_priority, remote_only=True)
    return _keep_max(left, lambda d: d.queue_priority)


def _keep_max(left: list[Destination], value, remote_only: bool = False) -> list[Destination]:
    considered = [d for d in left if not (remote_only and d.local)]
    if not considered:
        return left
    top = max(value(d) for d in considered)
    return [d for d in left if (remote_only and d.local) or value(d) == top]


@dataclass(frozen=True, slots=True)
class Choices:
    """The choices of ``count`` messages (destination key -> how many, in first-chosen order)
    and the workload state after them."""

    counts: tuple[tuple[str, int], ...]
    state: Mapping[str, Any]


def choose(
    destinations: list[Destination], state: Mapping[str, Any], mruc: int, count: int
) -> Choices:
    """Steps 8 and 9, ``count`` times (one MQPUT each): the least recently used destination,
    by DestSeqFactor then DestSeqNumber, among the CLWLMRUC most recently used."""
    last = int(state.get("N", 0))
    table = {k: list(v) for k, v in state.get("D", {}).items()}
    if any(
        d.key not in table or (len(table[d.key]) > 2 and table[d.key][2] != d.signature)
        for d in destinations
    ):
        # "The destination sequence factors of all destinations are reset to zero if the
        # cluster workload attributes of available destinations are altered, or if new
        # cluster destinations become available."
        for entry in table.values():
            entry[0] = 0
    for d in destinations:
        entry = table.setdefault(d.key, [0, 0, d.signature])
        while len(entry) < 3:
            entry.append(d.signature)
        entry[2] = d.signature
    steps = {d.key: max(1, round(_FACTOR_UNIT / max(1, d.weight))) for d in destinations}
    order = sorted(destinations, key=lambda d: (d.qmname, d.key))
    counts: dict[str, int] = {}
    if len(order) <= mruc:
        last = _runs(order, table, steps, counts, last, count)
    else:
        for _ in range(count):
            pool = sorted(order, key=lambda d: -table[d.key][1])[:mruc]
            pick = min(pool, key=lambda d: (table[d.key][0], table[d.key][1]))
            entry = table[pick.key]
            entry[0] += steps[pick.key]
            last += 1
            entry[1] = last
            counts[pick.key] = counts.get(pick.key, 0) + 1
    return Choices(tuple(counts.items()), {"N": last, "D": table})


def _runs(
    order: list[Destination],
    table: dict[str, list[Any]],
    steps: Mapping[str, int],
    counts: dict[str, int],
    last: int,
    count: int,
) -> int:
    """Step 9, ``count`` times, a run at a time: the least recently used destination is
    chosen again and again while its factor stays below the next one's (after its first
    choice it is the most recently used, so a tie goes to the other); the same choices as one
    at a time, in a few passes (a put of 1,000 messages to two instances is two or three
    hundred runs, not a thousand choices)."""
    keys = [d.key for d in order]
    factors = [table[k][0] for k in keys]
    numbers = [table[k][1] for k in keys]
    increments = [steps[k] for k in keys]
    chosen = [0] * len(keys)
    first: list[int] = []  # in the order first chosen (a put's summary says so)
    left = count
    while left:
        best = second = -1
        for j in range(len(keys)):
            if best < 0 or (factors[j], numbers[j]) < (factors[best], numbers[best]):
                best, second = j, best
            elif second < 0 or (factors[j], numbers[j]) < (factors[second], numbers[second]):
                second = j
        run = left
        if second >= 0:
            gap = factors[second] - factors[best]
            run = min(left, max(1, -(-gap // increments[best])))
        factors[best] += run * increments[best]
        last += run
        numbers[best] = last
        if not chosen[best]:
            first.append(best)
        chosen[best] += run
        left -= run
    for j, key in enumerate(keys):
        table[key][0], table[key][1] = factors[j], numbers[j]
    for j in first:
        counts[keys[j]] = chosen[j]
    return last


# ---- MQPUT --------------------------------------------------------------------------------------
def put(
    ctx: Ctx,
    queue: str,
    count: int,
    size: int,
    *,
    persistent: bool | None = None,
    priority: int | None = None,
    batch: int = 0,
    body: Body | None = None,
    uow: str = "",
    pending: list[privateq.Pending] | None = None,
) -> Workload:
    """MQOPEN and MQPUTs of ``count`` messages: through the cluster when ``queue`` resolves
    there (:func:`plan`), else as any put (:func:`mqsc.engine.messaging.privateq.put`);
    ``uow``/``pending``: in that connection's unit of work, as there."""
    found = plan(ctx, queue)
    if found is None:
        return privateq.put(
            ctx,
            queue,
            count,
            size,
            persistent=persistent,
            priority=priority,
            batch=batch,
            body=body,
            uow=uow,
            pending=pending,
        )
    attrs = ctx.txn.get("qmgr", None).attrs
    left = _eligible_for(ctx, queue, found)
    if not left:
        return Workload(
            "put",
            queue,
            count,
            0,
            size,
            reason=MQRC_CLUSTER_PUT_INHIBITED,
            persistent=bool(persistent),
        )
    state = attrs.get(repository.WORKLOAD, {})
    mruc = int(attrs.get("CLWLMRUC", 999_999_999))
    # DEFBIND(OPEN): one choice at MQOPEN for every put of the handle. GROUP: the messages of
    # mqsc's puts are in no group, which IBM treats as NOTFIXED.
    per_message = found.bind in ("NOTFIXED", "GROUP") and body is None
    choices = choose(left, state, mruc, count if per_message else 1)
    counts = choices.counts if per_message else ((choices.counts[0][0], count),)
    _set_state(ctx, choices.state)
    by_key = {d.key: d for d in left}
    total: Workload | None = None
    routed: list[tuple[str, int]] = []
    for key, n in counts:
        destination = by_key[key]
        done = _put_to(
            ctx, destination, found.queue, n, size, persistent, priority, batch, body, uow, pending
        )
        routed.append((destination.qmname, done.done))
        total = done if total is None else total.plus(done)
        if done.reason:
            break
    assert total is not None
    return replace(total, queue=queue, requested=count, routed=tuple(routed))


def _put_to(
    ctx: Ctx,
    destination: Destination,
    queue: str,
    count: int,
    size: int,
    persistent: bool | None,
    priority: int | None,
    batch: int,
    body: Body | None,
    uow: str = "",
    pending: list[privateq.Pending] | None = None,
) -> Workload:
    if destination.local:
        return privateq.put(
            ctx,
            queue,
            count,
            size,
            persistent=persistent,
            priority=priority,
            batch=batch,
            body=body,
            uow=uow,
            pending=pending,
        )
    record = destination.queue
    if persistent is None and record is not None:
        persistent = record.get("DEFPSIST", "NO") == "YES"
    if priority is None and record is not None:
        priority = int(record.get("DEFPRTY", 0))
    channel = destination.key
    xmitq = transmission_queue(ctx, channel)
    if xmitq is None:
        return Workload("put", queue, count, 0, size, reason=MQRC_UNKNOWN_OBJECT_NAME)
    done = privateq.put(
        ctx,
        xmitq,
        count,
        size,
        persistent=bool(persistent),
        priority=priority,
        batch=batch,
        dest=f"{destination.qmname} {queue} {channel}",
        body=body,
        uow=uow,
        pending=pending,
    )
    if done.done:
        start(ctx, channel)
    return done


def _set_state(ctx: Ctx, state: Mapping[str, Any]) -> None:
    info = ctx.txn.get("qmgr", None)
    ctx.txn.put("qmgr", None, replace(info, attrs={**info.attrs, repository.WORKLOAD: state}))


def transmission_queue(ctx: Ctx, channel: str) -> str | None:
    """The cluster transmission queue messages for ``channel`` go on: the one the running
    channel took when it started, else the one it would take now; a channel's own
    SYSTEM.CLUSTER.TRANSMIT.channel is defined now if it is not yet (IBM "Adding a queue
    manager to a cluster: separate transmission queues": the queue manager creates it)."""
    txn = ctx.txn
    status = txn.get("qmgr", None).chinit.statuses.get(channel)
    name = status.xmitq if status else ""
    if not name:
        name = repository.xmitq_for(txn, channel)
    if txn.get("qlocal", name) is None:
        if not name.startswith(repository.TRANSMIT_PREFIX):
            return None
        model = txn.get("qlocal", repository.TRANSMIT_QUEUE)
        if model is None:
            return None
        stamp = ctx.stamp()
        changes = {"DESCR": f"Cluster transmission queue for {channel}", "CLCHNAME": channel}
        txn.put(
            "qlocal", name, MQObject("QLOCAL", name, model.attrs.updated(changes), stamp, stamp)
        )
        space.account_objects(ctx, constants.OBJ_BYTES_QLOCAL)
    return name


def start(ctx: Ctx, channel: str) -> None:
    """A cluster-sender channel with messages to send starts when it is inactive, while the
    channel initiator is active (IBM MQ starts cluster-sender channels as messages for them
    arrive on the cluster transmission queue); a RETRYING or STOPPED one is left as it is."""
    chinit = ctx.txn.get("qmgr", None).chinit
    if not chinit.active or channel in chinit.statuses:
        return
    obj = repository.definition(ctx.txn, channel)
    if obj is not None:
        channelstate.start_sender(ctx, obj, str(obj.get("CONNAME", "")))


__all__ = ["MQRC_NONE", "Plan", "Target", "choose", "eligible", "plan", "put", "target"]
