"""The channel initiator as state of the queue manager, and the two halves of a channel
moving a batch (:func:`outgoing`, :func:`deliver`, :func:`sent`, in-doubt resolution, retries),
which a network of queue managers drives (:mod:`mqsc.network.transport`, docs/channels.md).

The channel initiator is state of the queue manager, kept with its attributes (so every
process and a restart see it, as the command server's state is): whether it is active, the
TCP/IP ports its listeners listen on, and each channel's status. There is no address space,
no dispatcher or adapter task. Its commands (START / STOP / DISPLAY CHINIT, START / STOP
LISTENER, START / STOP CHANNEL, DISPLAY CHSTATUS, RESOLVE and RESET CHANNEL) are the chinit
family's (:mod:`mqsc.engine.families.chinit`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from mqsc.catalog.channels import RECEIVER_TYPES, SENDER_TYPES
from mqsc.catalog.mqrc import (
    MQRC_NONE,
    MQRC_NOT_AUTHORIZED,
    MQRC_UNKNOWN_OBJECT_NAME,
    MQRC_UNKNOWN_REMOTE_Q_MGR,
)
from mqsc.engine import connregistry, repository, security
from mqsc.engine.channelrecords import BatchInDoubt, ChannelStatus, ChannelSync, ChinitState
from mqsc.engine.context import STAMP, Ctx
from mqsc.engine.messaging import events, privateq
from mqsc.engine.messaging.triggers import CHANNEL_INITQ
from mqsc.engine.mqobjects import MQObject, QueueManagerInfo
from mqsc.engine.records import Message, Transfer
from mqsc.engine.state import Txn
from mqsc.engine.storage.copying import replacer
from mqsc.engine.storage.queuestore import QueueStore, Run

#: dataclasses.replace of the records, fields read once: a batch replaces the channel
#: initiator's record (and so the queue manager's) five times, its two ends' statuses and
#: synchronisation records (the channel benchmark's step ratio, docs/performance.md); the
#: batch's own steps build them directly (ChannelStatus.counted, ChannelSync.begun...).
_with = replacer(QueueManagerInfo)
_chinit_with = replacer(ChinitState)
_status_with = replacer(ChannelStatus)
_sync_with = replacer(ChannelSync)

#: Channel types that send from a transmission queue, and those that receive.
SENDERS = frozenset(SENDER_TYPES)
RECEIVERS = frozenset(RECEIVER_TYPES)


class Network(Protocol):
    """The queue managers a channel can reach (mqsc/network/transport.py): the engine asks it
    whether a CONNAME leads to a partner ready to run, and tells it when work was committed
    (so running channels move what arrived)."""

    def partner(self, qm: Any, conname: str, channel: str) -> str:
        """ "" when ``conname`` leads to a queue manager whose channel initiator is active,
        with a listener on that port and a receiving channel ``channel`` not stopped; else
        why not, in words."""

    def settle(self, qm: Any) -> None:
        """Let the running channels move what they can."""

    def detach(self, qm: Any) -> None:
        """``qm`` is being closed."""


# ---- state -----------------------------------------------------------------------------------
def qmgr_attrs(ctx: Ctx) -> Mapping[str, Any]:
    return ctx.txn.get("qmgr", None).attrs


def definition(ctx: Ctx, channel: str) -> MQObject | None:
    """A channel's definition: defined here, or a cluster-sender channel the cluster
    repository defined automatically (:func:`mqsc.engine.repository.definition`)."""
    return repository.definition(ctx.txn, channel)


def instance(channel: str, sender: str, chltype: object) -> str:
    """The key of a receiving channel's status and synchronisation record: its name; for a
    cluster-receiver, which every queue manager of the cluster sends to under the same name,
    its name and the sending queue manager's (IBM MQ runs one instance of the channel per
    partner, each with its own status and sequence numbers)."""
    return f"{channel} {sender}" if chltype == repository.CLUSRCVR and sender else channel


def channel_of(key: str) -> str:
    """The channel name of a status key (:func:`instance`)."""
    return key.split(" ", 1)[0]


def chinit_of(ctx: Ctx) -> ChinitState:
    """The channel initiator's state in this transaction."""
    info: QueueManagerInfo = ctx.txn.get("qmgr", None)
    return info.chinit


def active(chinit: ChinitState) -> bool:
    """Whether a channel initiator is active."""
    return chinit.active


def statuses(chinit: ChinitState) -> Mapping[str, ChannelStatus]:
    """Each channel's status (only channels that have one: the others are INACTIVE)."""
    return chinit.statuses


def status_of(chinit: ChinitState, channel: str) -> str:
    """A channel instance's STATUS ("" when it has none: INACTIVE)."""
    found = chinit.statuses.get(channel)
    return found.status if found is not None else ""


def set_attrs(ctx: Ctx, **values: Any) -> None:
    """Set (None: remove) attributes of the queue manager that no MQSC command shows (the
    cluster repository manager's bookkeeping)."""
    info = ctx.txn.get("qmgr", None)
    new = dict(info.attrs)
    for key, value in values.items():
        if value is None:
            new.pop(key, None)
        else:
            new[key] = value
    ctx.txn.put("qmgr", None, _with(info, attrs=new))


def _set_chinit(ctx: Ctx, chinit: ChinitState) -> None:
    ctx.txn.put("qmgr", None, _with(ctx.txn.get("qmgr", None), chinit=chinit))


def start(ctx: Ctx) -> None:
    """The channel initiator becomes active (START CHINIT)."""
    _set_chinit(ctx, _chinit_with(chinit_of(ctx), active=True))


def set_listeners(ctx: Ctx, listening: Iterable[int]) -> None:
    """The ports its listeners listen on now (START / STOP LISTENER), in order."""
    _set_chinit(ctx, _chinit_with(chinit_of(ctx), listeners=tuple(sorted(listening))))


def set_status(
    ctx: Ctx, channel: str, status: ChannelStatus | None, *, by_user: bool = False
) -> None:
    """Record a channel's status (None: it has none, INACTIVE), with the channel events of
    the change (a channel instance that starts running, or stops running: ``by_user`` when
    STOP CHANNEL stopped it). A channel instance that starts running gets its MCA's
    connection, one that stops running loses it (mqsc/engine/connregistry.py: DISPLAY CONN
    shows running channels with CHANNEL and CONNAME)."""
    chinit = chinit_of(ctx)
    old = chinit.statuses.get(channel)
    _set_chinit(ctx, chinit.with_status(channel, status))
    _channel_events(ctx, channel, old, status, by_user)
    was = old is not None and old.status == "RUNNING"
    if status is not None and status.status == "RUNNING":
        if not was:
            _mca_connects(ctx, channel, status)
    elif was:
        connregistry.channel_ended(ctx, channel)


def _mca_connects(ctx: Ctx, key: str, status: ChannelStatus) -> None:
    # The MCA's user: the channel's MCAUSER, else the channel initiator's own. ``key`` is the
    # channel instance (a cluster-receiver's names its sending queue manager too).
    name = key.split(" ", 1)[0]
    obj = definition(ctx, name)
    mcauser = str(obj.get("MCAUSER") or "").strip().upper()[:8] if obj is not None else ""
    xmitq = status.xmitq if status.chltype in SENDERS else ""
    connregistry.channel_started(ctx, key, status.conname, mcauser, xmitq)


#: The ReasonQualifier of a Channel Stopped event by the state the channel stops in (IBM
#: "Channel Stopped": _OK "closed with either a zero return code or a warning return code",
#: _RETRY "in retry state", _DISABLED "in a stopped state").
_STOP_QUALIFIERS = {
    None: "MQRQ_CHANNEL_STOPPED_OK",
    "RETRYING": "MQRQ_CHANNEL_STOPPED_RETRY",
    "STOPPED": "MQRQ_CHANNEL_STOPPED_DISABLED",
}


def _channel_events(
    ctx: Ctx,
    channel: str,
    old: ChannelStatus | None,
    new: ChannelStatus | None,
    by_user: bool,
) -> None:
    was = old.status if old else None
    now = new.status if new else None
    if was == now:
        return
    if now == "RUNNING" and new is not None:
        events.channel_started(ctx, channel, new.chltype, new.xmitq, new.conname)
    elif was == "RUNNING" and by_user:
        events.channel_stopped_by_user(ctx, channel)
    elif was == "RUNNING" and old is not None:
        events.channel_stopped(
            ctx,
            channel,
            old.chltype,
            old.xmitq,
            old.conname,
            _STOP_QUALIFIERS.get(now, "MQRQ_CHANNEL_STOPPED_ERROR"),
        )


def shutdown(ctx: Ctx) -> None:
    """The channel initiator stops (STOP CHINIT, or with its queue manager): listeners stop,
    channels end; a STOPPED channel stays stopped (z/OS keeps that state across restarts);
    the synchronisation data stays. Its connections and its channels' end."""
    chinit = chinit_of(ctx)
    kept = {n: s for n, s in chinit.statuses.items() if s.status == "STOPPED"}
    _set_chinit(ctx, ChinitState(False, (), kept, chinit.syncs))
    connregistry.end_chinit(ctx)


def requesting(chinit: ChinitState) -> Iterator[tuple[str, str]]:
    """The requester channels waiting to call their partner: (name, CONNAME)."""
    for name, status in sorted(chinit.statuses.items()):
        if status.status == "REQUESTING":
            yield name, status.conname


def serve_requester(ctx: Ctx, channel: str, requester: str) -> None:
    """The partner of a requester that called: its server starts and sends to the requester
    over the caller's conversation (PARTNER); its sender calls the requester back, by its own
    CONNAME (the network's CONNAME rule)."""
    obj = ctx.txn.get("channel", channel)
    current = status_of(chinit_of(ctx), channel)
    if obj is None or current in ("RUNNING", "STOPPED"):
        return
    if obj.get("CHLTYPE") == "SVR":
        short, long = _retry_counts(obj)
        set_status(
            ctx,
            channel,
            ChannelStatus(
                "SVR",
                str(obj.get("CONNAME", "")),
                str(obj.get("XMITQ", "")),
                "RUNNING",
                msgs=0,
                batches=0,
                rqmname=requester,
                partner=requester,
                lastat=_now(ctx),
                shortrts=short,
                longrts=long,
            ),
        )
        ctx.console("MQSC347I", csect="CSQXRESP", channel=channel)
    else:
        start_sender(ctx, obj, str(obj.get("CONNAME", "")))


def requested(ctx: Ctx, channel: str, why: str, partner: str) -> None:
    """The requester's side of its call: RUNNING, bound to ``partner`` (MQSC347I), or, when
    the call found no server or sender to answer it, inactive with why (MQSC342I)."""
    status = statuses(chinit_of(ctx)).get(channel)
    if status is None or status.status != "REQUESTING":
        return
    if why:
        set_status(ctx, channel, None)
        ctx.console("MQSC342I", channel=channel, why=why)
        return
    set_status(ctx, channel, _status_with(status, status="RUNNING", rqmname=partner))
    ctx.console("MQSC347I", csect="CSQXRESP", channel=channel)


def start_sender(ctx: Ctx, obj: MQObject, conname: str) -> None:
    """A sender or server channel starts: RUNNING, or RETRYING with why."""
    name, chltype = obj.name, str(obj.get("CHLTYPE"))
    # A cluster-sender takes its transmission queue when it starts (IBM "Working with cluster
    # transmission queues and cluster-sender channels": "When any cluster-sender channel
    # starts it rechecks its association with transmission queues").
    xmitq = (
        repository.xmitq_for(ctx.txn, name)
        if chltype == repository.CLUSSDR
        else str(obj.get("XMITQ", ""))
    )
    network: Network | None = getattr(ctx.qm, "network", None)
    why = (
        network.partner(ctx.qm, conname, name)
        if network is not None
        else ("no other queue manager is reachable from this one")
    )
    short, long = _retry_counts(obj)
    status = ChannelStatus(
        chltype,
        conname,
        xmitq,
        "RETRYING" if why else "RUNNING",
        msgs=0,
        batches=0,
        rqmname="",
        shortrts=short,
        longrts=long,
        # A sender restarting with a batch in doubt resynchronises with its partner before
        # it sends anything (IBM "Channel synchronization"; the network does it, as it knows
        # the partner's last committed unit of work).
        resync=in_doubt(chinit_of(ctx), name) is not None,
    )
    if why:
        status = _next_retry(ctx, status, obj)
    else:
        status = _status_with(status, lastat=_now(ctx))
    set_status(ctx, name, status)
    if why:
        ctx.console("MQSC330I", channel=name, why=why)
    else:
        ctx.console("MQSC347I", csect="CSQXRESP", channel=name)


# ---- a channel moving a batch ------------------------------------------------------------------
def trigger(ctx: Ctx) -> None:
    """Triggered channels (IBM "Starting a channel with triggering", z/OS): a transmission
    queue with TRIGGER TRIGTYPE(FIRST) and INITQ(SYSTEM.CHANNEL.INITQ) that holds messages
    starts the sender named by its TRIGDATA (blank: the sender or server channel that uses it)
    when that channel is inactive; a STOPPED or RETRYING channel is left alone, as on z/OS,
    until START CHANNEL. Only with the channel initiator active, which serves the queue."""
    chinit = chinit_of(ctx)
    if not chinit.active:
        return
    for channel in triggered(ctx.txn, chinit.statuses):
        start_sender(ctx, channel, str(channel.get("CONNAME", "")))


def triggered(txn: Txn, current: Mapping[str, ChannelStatus]) -> list[MQObject]:
    """The inactive senders :func:`trigger` starts now (``current``: the channels' statuses).
    It only reads, so a network asks it before opening a unit of work for the trigger (after
    every put); starting a sender changes none of what it reads."""
    # The transmission queues of inactive senders (a few channels, where a queue manager may
    # have thousands of queues): each one triggered and holding messages starts a sender.
    started: set[str] = set()
    found: list[MQObject] = []
    for channel in list(txn.values("channel")):
        if channel.get("CHLTYPE") not in SENDERS or channel.name in current:
            continue
        xmitq = str(channel.get("XMITQ", ""))
        q = txn.get("qlocal", xmitq)
        if (
            xmitq in started
            or q is None
            or q.get("USAGE") != "XMITQ"
            or not q.get("TRIGGER")
            or q.get("TRIGTYPE") != "FIRST"
            or q.get("INITQ") != CHANNEL_INITQ
        ):
            continue
        store = txn.get("messages", xmitq)
        if store is None or not store.available:
            # Messages of a unit of work not yet committed start no channel: the trigger
            # message is made available when the unit of work is resolved.
            continue
        wanted = str(q.get("TRIGDATA", "")).strip()
        if wanted and wanted != channel.name:
            continue  # the queue names another channel: that one is started when it is seen
        started.add(xmitq)
        found.append(channel)
    return found


def running_senders(chinit: ChinitState) -> Iterator[tuple[str, ChannelStatus]]:
    """The sender and server channels that are RUNNING, by name."""
    for name, status in sorted(chinit.statuses.items()):
        if status.status == "RUNNING" and status.chltype in SENDERS:
            yield name, status


def _sendable(q: MQObject | None, store: QueueStore | None) -> bool:
    # GET(DISABLED) on a transmission queue holds its messages: the channel moves nothing
    # until it is enabled again (a z/OS sender waits the same way).
    return q is not None and store is not None and q.get("GET") != "DISABLED"


def _outgoing_runs(ctx: Ctx, xmitq: str, channel: str = "") -> list[Run]:
    """The runs a sender takes from its transmission queue, in delivery order; a cluster-sender
    (``channel``) only those for it: a cluster transmission queue holds messages for every
    cluster-sender channel that uses it, each for one (IBM MQ keeps the channel's name in the
    message's CorrelId)."""
    q = ctx.txn.get("qlocal", xmitq)
    store = ctx.txn.get("messages", xmitq)
    if not _sendable(q, store):
        return []
    runs = store.delivery_order(q.get("MSGDLVSQ"))
    if channel:
        return [r for r in runs if r.available and repository.dest_channel(r.dest) == channel]
    return [run for run in runs if run.available]


def waiting(q: MQObject | None, store: QueueStore | None, channel: str = "") -> bool:
    """Whether :func:`outgoing` would list anything for a transmission queue (its
    definition and message store; ``channel``: for that cluster-sender), without listing it;
    messages of units of work not yet committed are not listed."""
    if store is None or not _sendable(q, store):
        return False
    if channel:
        return any(r.available and repository.dest_channel(r.dest) == channel for r in store.runs)
    return any(run.available for run in store.runs)


def _transfer(run: Run) -> Transfer:
    # The transmission header: "RQMNAME RNAME", and for a cluster message the cluster-sender
    # channel it is for.
    qmgr, _, rest = run.dest.partition(" ")
    queue = rest.split(" ", 1)[0]
    return Transfer(
        qmgr,
        queue,
        run.available,
        run.size,
        run.persistent,
        run.priority,
        getattr(run, "body", None),
    )


def outgoing(ctx: Ctx, xmitq: str, channel: str = "") -> tuple[Transfer, ...]:
    """What is on a transmission queue (for a cluster-sender ``channel``: what is for it), in
    the order a get takes it (nothing changes)."""
    return tuple(_transfer(run) for run in _outgoing_runs(ctx, xmitq, channel))


# ---- synchronisation: sequence numbers, units of work, in-doubt batches ---------------------
# IBM "Channel synchronization" and "In-doubt channels": the sending MCA numbers each message,
# sends a batch, and asks the receiver to confirm; the receiver commits the batch and
# records its sequence number and unit of work (LUWID); then the sender commits its gets.
# Between its request and the answer the sender is in doubt. If the conversation breaks
# there, the batch stays in doubt (DISPLAY CHSTATUS INDOUBT(YES)) until the channel restarts
# and asks its partner what it last committed (committing the gets if the partner has the
# batch, backing them out if not), or until RESOLVE CHANNEL decides.
@dataclass(frozen=True, slots=True)
class Batch:
    """A batch a sender has sent and is in doubt about: its unit of work, the sequence number
    of its last message, and its messages."""

    unit: str
    seqno: int
    transfers: tuple[Transfer, ...]


#: The synchronisation record of a channel that never moved a batch.
NO_SYNC = ChannelSync()


def sync_of(chinit: ChinitState, channel: str) -> ChannelSync:
    return chinit.syncs.get(channel, NO_SYNC)


def in_doubt(chinit: ChinitState, channel: str) -> BatchInDoubt | None:
    """The batch a sender is in doubt about, if any."""
    found = chinit.syncs.get(channel)
    return found.in_doubt if found is not None else None


def set_sync(ctx: Ctx, channel: str, record: ChannelSync) -> None:
    _set_chinit(ctx, chinit_of(ctx).with_sync(channel, record))


def unit_of_work(qmgr: str, channel: str, number: int) -> str:
    """A batch's LUWID: 16 hexadecimal digits, the same for the same batch on every run (the
    golden files show them), different for every batch a channel ever sends."""
    return hashlib.sha256(f"{qmgr} {channel} {number}".encode()).hexdigest()[:16].upper()


def _next_seqno(seqno: int, count: int, obj: MQObject | None) -> int:
    """The sequence number ``count`` messages after ``seqno``; numbers run 1 to SEQWRAP, then
    start again at 1 (IBM "DEFINE CHANNEL", SEQWRAP)."""
    wrap = int(obj.get("SEQWRAP", 999_999_999)) if obj is not None else 999_999_999
    return (seqno + count - 1) % wrap + 1 if count else seqno


def begin(ctx: Ctx, channel: str, owner: str) -> Batch | None:
    """The sending end sends a batch: what waits on the transmission queue, numbered, with a
    new unit of work; from this commit until :func:`sent` (or a resolution) the channel is in
    doubt about it. ``owner`` names the process and thread sending it (another leaves it
    alone while that one lives).
    None when there is nothing to send or a batch is in doubt already."""
    chinit = chinit_of(ctx)
    status = chinit.statuses.get(channel)
    if status is None or status.status != "RUNNING" or in_doubt(chinit, channel):
        return None
    xmitq = status.xmitq
    clustered = status.chltype == repository.CLUSSDR
    runs = _outgoing_runs(ctx, xmitq, channel if clustered else "")
    if not runs:
        return None
    record = sync_of(chinit, channel)
    count = sum(run.available for run in runs)
    number = (record.batchno or 0) + 1
    obj = definition(ctx, channel)
    batch = Batch(
        unit_of_work(ctx.qm.name, channel, number),
        _next_seqno(record.seqno or 0, count, obj),
        tuple(_transfer(run) for run in runs),
    )
    # NPMSPEED(FAST) (the default): nonpersistent messages travel outside the batch's unit
    # of work (IBM "Fast, nonpersistent messages"): a batch that fails after they left is
    # not resent for them: they are delivered or lost, never sent twice.
    fast = obj is None or obj.get("NPMSPEED", "FAST") == "FAST"
    doubt = BatchInDoubt(
        batch.unit,
        batch.seqno,
        count,
        xmitq,
        owner,
        tuple((run.id, run.available) for run in runs if run.persistent or not fast),
        tuple((run.id, run.available) for run in runs if fast and not run.persistent),
    )
    set_sync(ctx, channel, record.begun(doubt))
    return batch


class Refused(Exception):
    """A channel step that cannot be done: nothing changes, and the message says why."""

    def message(self) -> Message:
        raise NotImplementedError


class BatchGone(Refused):
    """The messages of a batch the receiver committed are no longer all on the transmission
    queue (got from it by an application meanwhile): the batch stays in doubt."""

    def __init__(self, channel: str, xmitq: str, got: int, count: int) -> None:
        super().__init__(channel, xmitq, got, count)
        self.channel, self.xmitq, self.got, self.count = channel, xmitq, got, count

    def message(self) -> Message:
        return Message(
            "MQSC339E",
            {"channel": self.channel, "xmitq": self.xmitq, "got": self.got, "count": self.count},
            unsolicited=True,
        )


def sent(ctx: Ctx, channel: str, unit: str, batchsz: int, rqmname: str) -> None:
    """The sending end of a batch its receiver committed: exactly the batch's messages leave
    the transmission queue (pages freed through the buffer pool, persistent gets logged), the
    sequence number and unit of work become the last committed ones, and the channel counts
    them (MSGS, BATCHES). A batch resolved meanwhile (RESOLVE CHANNEL) is left as resolved;
    one whose messages are no longer all there is refused (:class:`BatchGone`)."""
    doubt = in_doubt(chinit_of(ctx), channel)
    if doubt is None or doubt.luwid != unit:
        return
    _commit(ctx, channel, strict=True)
    _count(ctx, channel, doubt.count, batchsz, rqmname)


def _commit(ctx: Ctx, channel: str, *, strict: bool) -> int:
    """The in-doubt batch's gets commit: its messages leave the transmission queue."""
    record = sync_of(chinit_of(ctx), channel)
    doubt = record.in_doubt
    assert doubt is not None  # callers look first
    wanted = dict((*doubt.runs, *doubt.fast))
    got = privateq.get_runs(ctx, doubt.xmitq, wanted) if wanted else 0
    if strict and got < doubt.count:
        raise BatchGone(channel, doubt.xmitq, got, doubt.count)
    connregistry.channel_got(ctx, channel, doubt.xmitq, got)
    set_sync(ctx, channel, record.committed(doubt.seqno, doubt.luwid))
    return got


def back_out(ctx: Ctx, channel: str, unit: str) -> None:
    """The batch ``unit`` was not delivered (refused, or its partner could not be reached):
    its gets back out, its messages stay on the transmission queue to be sent again."""
    record = sync_of(chinit_of(ctx), channel)
    if record.in_doubt is not None and record.in_doubt.luwid == unit:
        set_sync(ctx, channel, _sync_with(record, in_doubt=None))


def resolve(ctx: Ctx, channel: str, commit: bool, how: str) -> None:
    """Resolve the batch in doubt: COMMIT (its messages leave the transmission queue: the
    partner has them) or BACKOUT (they stay, and are sent again), with MQSC338I saying which.
    ``how``: by whom (the resynchronisation with the partner, or RESOLVE CHANNEL)."""
    doubt = in_doubt(chinit_of(ctx), channel)
    if doubt is None:
        return
    if commit:
        _commit(ctx, channel, strict=False)
    else:
        back_out(ctx, channel, doubt.luwid)
        if doubt.fast:
            # Its NPMSPEED(FAST) messages were sent outside the unit of work and did not
            # arrive: they are lost, as on z/OS, not sent again.
            privateq.get_runs(ctx, doubt.xmitq, dict(doubt.fast))
    ctx.console(
        "MQSC338I",
        channel=channel,
        count=doubt.count,
        luwid=doubt.luwid,
        outcome="committed" if commit else "backed out",
        how=how,
    )


def resync(ctx: Ctx, channel: str, partner_unit: str, partner: str) -> None:
    """A restarted sender asks its partner for the unit of work it last committed: the batch
    in doubt commits if it is that one, else it backs out (IBM "Channel synchronization")."""
    status = statuses(chinit_of(ctx)).get(channel)
    doubt = in_doubt(chinit_of(ctx), channel)
    if status is not None and status.resync:
        set_status(ctx, channel, _status_with(status, resync=False))
    if doubt is not None:
        resolve(ctx, channel, partner_unit == doubt.luwid, f"resynchronized with {partner}")


def broken(ctx: Ctx, channel: str) -> None:
    """The process sending a batch ended before the answer came (killed): the channel ends
    with the batch in doubt, RETRYING; it resynchronises when it runs again."""
    doubt = in_doubt(chinit_of(ctx), channel)
    if doubt is not None:
        ctx.console("MQSC341I", channel=channel, count=doubt.count, luwid=doubt.luwid)
    stop_for(ctx, channel, "RETRYING")


def _count(ctx: Ctx, channel: str, count: int, batchsz: int, rqmname: str) -> None:
    status = statuses(chinit_of(ctx)).get(channel)
    if status is None:
        return
    batches = -(-count // max(1, batchsz))
    set_status(ctx, channel, status.counted(count, batches, rqmname, _now(ctx)))


class Undeliverable(Refused):
    """A batch the receiving end cannot take: the channel stops, the batch is backed out."""

    def __init__(self, channel: str, qmgr: str, transfer: Transfer, reason: int) -> None:
        super().__init__(channel, qmgr, transfer, reason)
        self.channel, self.qmgr, self.transfer, self.reason = channel, qmgr, transfer, reason

    def message(self) -> Message:
        """MQSC332E: the channel stops, the messages stay on the transmission queue."""
        return Message(
            "MQSC332E",
            {
                "channel": self.channel,
                "count": self.transfer.count,
                "queue": self.transfer.queue or "(none)",
                "qmgr": self.qmgr,
                "reason": self.reason,
            },
            unsolicited=True,
        )


def deliver(
    ctx: Ctx,
    channel: str,
    batch: tuple[Transfer, ...],
    sender: str,
    seqno: int | None = None,
    unit: str = "",
) -> None:
    """The receiving end of a batch: each message goes to the queue its transmission header
    names on this queue manager; what cannot be put there (MQRC 2085 unknown queue, 2053 queue
    full...) goes to the dead-letter queue (DEADQ of ALTER QMGR) with that reason, as IBM
    "Using the dead-letter queue" describes; when that fails too the whole batch is refused
    (:class:`Undeliverable`: the transaction is dropped, nothing changes here)."""
    own = ctx.qm.name
    dlq = str(qmgr_attrs(ctx).get("DEADQ", "") or "")
    total = 0
    made: list[tuple[str, int, int]] = []  # what the receiving MCA put, queue by queue
    # The MCA puts as its user (MCAUSER, CHLAUTH, or the channel initiator's): a queue it
    # may not open for output takes the message to the dead-letter queue with MQRC 2035, as
    # any put the MCA cannot make (IBM MQ for z/OS, "Security of the channel initiator").
    secured = security.settings_of(ctx.qm).active
    mca = security.channel_user(ctx, channel, sender) if secured else None
    if secured and mca is None and batch:
        raise Undeliverable(channel, own, batch[0], MQRC_NOT_AUTHORIZED)
    for t in batch:
        # A cluster-sender's first publications go to whichever queue manager its CONNAME
        # reaches, before the cluster has said who is there ("*").
        to_us = t.qmgr == own or (t.qmgr == "*" and t.queue == repository.COMMAND_QUEUE)
        done, reason = 0, MQRC_UNKNOWN_REMOTE_Q_MGR if not to_us else MQRC_NONE
        if not t.queue:
            reason = MQRC_UNKNOWN_OBJECT_NAME
        if not reason and mca is not None and not _may_put(ctx, t.queue, mca):
            reason = MQRC_NOT_AUTHORIZED
        if not reason:
            outcome = privateq.put(
                ctx,
                t.queue,
                t.count,
                t.size,
                persistent=t.persistent,
                priority=t.priority,
                body=t.body,
            )
            done, reason = outcome.done, outcome.reason
            made.append((t.queue, done, t.size))
        rest = t.count - done
        if rest:
            if not dlq or (mca is not None and not _may_put(ctx, dlq, mca)):
                raise Undeliverable(channel, own, t, reason)
            outcome = privateq.put(
                ctx, dlq, rest, t.size, persistent=t.persistent, priority=t.priority, body=t.body
            )
            if outcome.done < rest:
                raise Undeliverable(channel, own, t, reason)
            made.append((dlq, rest, t.size))
            ctx.console(
                "MQSC331I",
                channel=channel,
                count=rest,
                queue=t.queue or "(none)",
                dlq=dlq,
                qmgr=own,
                reason=reason,
            )
        total += t.count
    obj = definition(ctx, channel)
    key = instance(channel, sender, obj.get("CHLTYPE") if obj is not None else "")
    if status_of(chinit_of(ctx), key) != "RUNNING":
        receiver = ChannelStatus(
            str(obj.get("CHLTYPE")) if obj is not None else "RCVR",
            "",
            "",
            "RUNNING",
            msgs=0,
            batches=0,
            rqmname=sender,
        )
        set_status(ctx, key, receiver)
        ctx.console("MQSC347I", csect="CSQXRESP", channel=channel)
    for queue, count, size in made:
        connregistry.channel_put(ctx, key, queue, count, size)
    if unit:
        # Committed with the batch: the sequence number and unit of work a restarting sender
        # asks for to resolve a batch it is in doubt about.
        record = sync_of(chinit_of(ctx), key)
        last = seqno if seqno is not None else (record.seqno or 0) + total
        set_sync(ctx, key, record.received(last, unit))
    _count(ctx, key, total, int(obj.get("BATCHSZ", 50)) if obj is not None else 50, sender)


def _may_put(ctx: Ctx, queue: str, user: str) -> bool:
    """Whether the MCA's user may open ``queue`` for output; RACF's ICH408I go to the console."""
    decided = security.api_check(ctx.qm, "queue", queue, "UPDATE", user, signed=True)
    ctx.later.extend(decided.messages)
    return decided.granted


def stop_for(ctx: Ctx, channel: str, status: str) -> None:
    """A running channel ends on its own (its partner went, a batch could not be delivered):
    RETRYING (its retries start again from SHORTRTY) or STOPPED, with MQSC348I."""
    old = statuses(chinit_of(ctx)).get(channel)
    if old is None or old.status == status:
        return
    new = _status_with(old, status=status)
    if status == "RETRYING":
        obj = definition(ctx, channel)
        short, long = _retry_counts(obj)
        new = _next_retry(ctx, _status_with(new, shortrts=short, longrts=long), obj)
    set_status(ctx, channel, new)
    ctx.console("MQSC348I", csect="CSQXRESP", channel=channel)


# ---- retrying on the simulated clock ------------------------------------------------------------
# IBM "DEFINE CHANNEL" (SHORTRTY, SHORTTMR, LONGRTY, LONGTMR): a sender that cannot reach its
# partner tries again SHORTRTY times every SHORTTMR seconds, then LONGRTY times every LONGTMR
# seconds; when those are used up it stops (STOPPED, until START CHANNEL). The times are the
# queue manager's clock (a scenario's "% time +SECONDS"), and a retry falls due at the first
# command or put after its moment: nothing runs between commands.


def _retry_counts(obj: MQObject | None) -> tuple[int, int]:
    """The short and long retries of a channel (SHORTRTY, LONGRTY) that starts afresh."""
    if obj is None:
        return 10, 999_999_999
    return int(obj.get("SHORTRTY", 10)), int(obj.get("LONGRTY", 999_999_999))


def _next_retry(ctx: Ctx, status: ChannelStatus, obj: MQObject | None) -> ChannelStatus:
    """The status after a failed attempt: the next retry's moment and the retries left, or
    STOPPED when none is left."""
    get = (lambda n, d: int(obj.get(n, d))) if obj is not None else (lambda n, d: d)
    short, long = status.shortrts or 0, status.longrts or 0
    if short > 0:
        wait, status = get("SHORTTMR", 60), _status_with(status, shortrts=short - 1)
    elif long > 0:
        wait, status = get("LONGTMR", 1200), _status_with(status, longrts=long - 1)
    else:
        ctx.console("MQSC348I", csect="CSQXRESP", channel=obj.name if obj is not None else "")
        return _status_with(status, status="STOPPED", retryat="")
    moment = ctx.qm.clock() + dt.timedelta(seconds=wait)
    return _status_with(status, retryat=moment.strftime(STAMP))


def _now(ctx: Ctx) -> str:
    return ctx.qm.clock().strftime(STAMP)


def idle_due(status: ChannelStatus, definition: MQObject | None, now: dt.datetime) -> bool:
    """Whether a running sender with nothing to send has waited its disconnect interval
    (IBM "DEFINE CHANNEL", DISCINT: "the channel closes if no message arrives on the
    transmission queue within this time"; 0: never), by the queue manager's clock."""
    discint = int(definition.get("DISCINT", 6000)) if definition is not None else 6000
    since = status.lastat
    if not discint or not since:
        return False
    # Stamps of one format compare as strings: no parsing on every look.
    return since <= (now - dt.timedelta(seconds=discint)).strftime(STAMP)


def disconnect(ctx: Ctx, channel: str) -> None:
    """DISCINT passed with an empty transmission queue: the channel ends normally, INACTIVE
    (MQSC348I); its receiver ends with it. A trigger or START CHANNEL starts it again."""
    chinit = chinit_of(ctx)
    if status_of(chinit, channel) != "RUNNING" or in_doubt(chinit, channel):
        return
    set_status(ctx, channel, None)
    ctx.console("MQSC348I", csect="CSQXRESP", channel=channel)


def retries_due(chinit: ChinitState, now: dt.datetime) -> list[str]:
    """The RETRYING senders (of a channel initiator) whose next attempt has come by ``now``
    (the queue manager's clock)."""
    retrying = [(name, s) for name, s in sorted(chinit.statuses.items()) if s.status == "RETRYING"]
    if not retrying:
        return []
    stamp = now.strftime(STAMP)
    return [name for name, s in retrying if s.chltype in SENDERS and (s.retryat or "") <= stamp]


def retry(ctx: Ctx, channel: str, why: str) -> None:
    """One retry of a sender: RUNNING (MQSC347I) when its partner is ready now, else the next
    retry is scheduled (or the channel stops when its retries are used up)."""
    chinit = chinit_of(ctx)
    status = chinit.statuses.get(channel)
    if status is None or status.status != "RETRYING":
        return
    if not why:
        short, long = _retry_counts(definition(ctx, channel))
        running = _status_with(
            status,
            status="RUNNING",
            retryat="",
            lastat=_now(ctx),
            shortrts=short,
            longrts=long,
            resync=status.resync or in_doubt(chinit, channel) is not None,
        )
        set_status(ctx, channel, running)
        ctx.console("MQSC347I", csect="CSQXRESP", channel=channel)
        return
    set_status(ctx, channel, _next_retry(ctx, status, definition(ctx, channel)))


def running_receivers(chinit: ChinitState) -> Iterator[tuple[str, str]]:
    """The receiving channels that are RUNNING: (status key, the queue manager sending to
    it); a cluster-receiver's key names its sender too (:func:`instance`)."""
    for name, status in sorted(chinit.statuses.items()):
        if status.status == "RUNNING" and status.chltype in RECEIVERS:
            yield name, status.rqmname or ""


def end_receiver(ctx: Ctx, key: str) -> None:
    """A receiver whose sender is no longer running ends with it (inactive, MQSC348I), as a
    z/OS receiving MCA ends when its partner closes the conversation."""
    if status_of(chinit_of(ctx), key) != "RUNNING":
        return
    set_status(ctx, key, None)
    ctx.console("MQSC348I", csect="CSQXRESP", channel=channel_of(key))


def receiver_ready(chinit: ChinitState, channel: MQObject | None) -> str:
    """ "" when a receiving channel (its definition, or None) can be bound by this channel
    initiator; else why not."""
    if channel is None:
        return "no receiver channel of that name on the partner"
    if str(channel.get("CHLTYPE")) not in RECEIVERS:
        return "the partner's channel of that name is not a receiver"
    if status_of(chinit, channel.name) == "STOPPED":
        return "the partner's receiver channel is stopped"
    return ""
