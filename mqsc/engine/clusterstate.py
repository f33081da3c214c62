"""The repository manager: what a queue manager tells its clusters and learns from them.

IBM MQ's channel initiator runs a repository manager for each queue manager in a cluster. It
takes commands from SYSTEM.CLUSTER.COMMAND.QUEUE: this queue manager's own changes (a
cluster-receiver channel defined, a queue added to a cluster, SUSPEND QMGR...) and the
publications other queue managers' repository managers send there. It keeps what it knows as
messages on SYSTEM.CLUSTER.REPOSITORY.QUEUE (:mod:`mqsc.engine.repository`) and sends what
others must know as messages to their SYSTEM.CLUSTER.COMMAND.QUEUE, over the cluster-sender
channels, through the cluster transmission queue. In mqsc it runs (:func:`manage`) whenever
the network of queue managers lets channels move (after every command, put and get) and has
work: a message on the command queue, a record that falls due (republished at 27 days,
expired at 30), a cluster channel to start. Nothing runs while the channel initiator is
stopped: the commands wait on the queue, as on z/OS.

What flows (IBM "How clusters work", "Full repository and partial repository"):

* a queue manager publishes its own records (its cluster-receiver channel as a queue manager
  record, its cluster queues and topics) to the full repositories of each cluster it is in:
  those it knows, and, before it knows any, whatever its manually defined cluster-sender
  channel reaches;
* a full repository keeps every record; it forwards a record it got from its owner to the
  other full repositories, and each change to the partial repositories that subscribed to it;
  a queue manager that joins gets the full repositories' records back, a full repository that
  joins everything;
* a partial repository keeps what it asked for: an MQOPEN of a queue name it does not know
  subscribes to that name at the full repositories, which answer with its instances
  (:func:`request`).

A copy carries its owner's sequence number: one that is not newer than the copy held changes
nothing, so a record that arrives twice or over two paths is taken once.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from mqsc.catalog import product
from mqsc.engine import channelstate, repository
from mqsc.engine.channelrecords import ChannelStatus
from mqsc.engine.context import STAMP, Ctx, moment
from mqsc.engine.messaging import bodies, clusterput, privateq
from mqsc.engine.repository import (
    COMMAND_QUEUE,
    DUE,
    QMGR,
    QUEUE,
    REPOSITORY_QUEUE,
    SUB,
    SUSPENDED,
    TOPIC,
    Record,
)
from mqsc.engine.storage.queuestore import Body

#: When a full repository removed a queue manager (RESET CLUSTER): publications from it are
#: ignored for ten seconds (IBM "RESET CLUSTER": "the repository ignores any attempt to rejoin
#: the cluster within 10 seconds of a RESET CLUSTER command").
RESET_AT = "CLUSRESET"
REJOIN_SECONDS = 10

#: What a cluster queue's record carries (DISPLAY QCLUSTER's attributes of the definition).
_QUEUE_ATTRS = (
    "DEFBIND",
    "DEFPRTY",
    "DEFPSIST",
    "DEFPRESP",
    "PUT",
    "DESCR",
    "CLWLPRTY",
    "CLWLRANK",
)
_TOPIC_ATTRS = ("TOPICSTR", "CLROUTE", "DESCR", "PUB", "SUB")
_QUEUE_TYPES = (("qlocal", "QLOCAL"), ("qalias", "QALIAS"), ("qremote", "QREMOTE"))


# ---- this queue manager's own records -----------------------------------------------------------
def own_records(ctx: Ctx) -> dict[tuple[str, str, str, str], Record]:
    """The records this queue manager's definitions make: for each cluster of each of its
    cluster-receiver channels, itself (with the channel's attributes, QMTYPE and SUSPEND),
    and each queue and topic it puts in a cluster it is a member of."""
    txn = ctx.txn
    name = ctx.qm.name
    qmid = repository.qmid(name)
    repos = repository.repository_clusters(txn)
    held = repository.suspended(txn)
    found: dict[tuple[str, str, str, str], Record] = {}
    members: set[str] = set()
    for channel in repository.receivers(txn):
        for cluster in repository.clusters_of(txn, channel):
            members.add(cluster)
            attrs = {
                **repository.channel_attrs(channel),
                "CHANNEL": channel.name,
                "CONNAME": str(channel.get("CONNAME", "")),
                "QMTYPE": "REPOS" if cluster in repos else "NORMAL",
                "SUSPEND": "YES" if cluster in held else "NO",
                "VERSION": product.VERSION_ATTR,
            }
            record = Record(QMGR, cluster, name, name, qmid, attrs)
            found.setdefault(record.key, record)
    for table, clusqt in _QUEUE_TYPES:
        for obj in txn.values(table):
            if not (obj.get("CLUSTER") or obj.get("CLUSNL")):
                continue
            kind = "QMGR" if clusqt == "QREMOTE" and not obj.get("RNAME") else clusqt
            attrs = {n: obj.get(n) for n in _QUEUE_ATTRS if obj.get(n) is not None}
            attrs.update(CLUSQT=kind, ALTDATE=obj.altered[:10], ALTTIME=obj.altered[11:])
            for cluster in repository.clusters_of(txn, obj):
                if cluster in members:
                    record = Record(QUEUE, cluster, obj.name, name, qmid, attrs)
                    found[record.key] = record
                    # Hosting a cluster queue, it wants to know the queue's other instances
                    # (a local instance with CLWLUSEQ(ANY) shares the puts with them).
                    sub = Record(SUB, cluster, obj.name, name, qmid, {})
                    found.setdefault(sub.key, sub)
    for obj in txn.values("topic"):
        if obj.get("CLUSTER") and str(obj.get("CLUSTER")) in members:
            attrs = {n: obj.get(n) for n in _TOPIC_ATTRS if obj.get(n) is not None}
            record = Record(TOPIC, str(obj.get("CLUSTER")), obj.name, name, qmid, attrs)
            found[record.key] = record
    return found


def concerned(txn: Any) -> bool:
    """Whether a command's changes concern this queue manager's clusters: a cluster channel,
    a queue or topic in a cluster (before or after), a namelist (clusters are named by
    namelists), the queue manager's full repositories or suspension. Asked after every
    command that changed something (a deck of 50,000 DEFINEs asks 50,000 times): one pass
    over the tables it changed."""
    state = txn.state.tables
    pending = txn.pending
    channels = pending.get("channel")
    if channels:
        base = state["channel"]
        for key, new in channels.items():
            if _cluster_channel(new) or _cluster_channel(base.get(key)):
                return True
    info = state["qmgr"][None]
    if not info.attrs.get(repository.MEMBER):
        # In no cluster: nothing to tell until a cluster-receiver joins one, which publishes
        # everything then (a deck of 50,000 DEFINEs pays this one look-up each).
        return False
    for table, changed in pending.items():
        kind = _WATCHED.get(table)
        if kind is None or not changed:
            continue
        if kind == "clustered":
            base = state[table]
            for key, new in changed.items():
                attrs = getattr(new, "attrs", None)
                if attrs is not None and (attrs.get("CLUSTER") or attrs.get("CLUSNL")):
                    return True
                old = base.get(key)
                if old is not None and (old.attrs.get("CLUSTER") or old.attrs.get("CLUSNL")):
                    return True
        elif kind == "namelist":
            return True
        else:
            now = changed.get(None)
            if now is not None and hasattr(now, "attrs"):
                if any(now.attrs.get(k) != info.attrs.get(k) for k in _QMGR_WATCHED):
                    return True
    return False


_WATCHED = {
    "qlocal": "clustered",
    "qalias": "clustered",
    "qremote": "clustered",
    "topic": "clustered",
    "namelist": "namelist",
    "qmgr": "qmgr",
}
_QMGR_WATCHED = ("REPOS", "REPOSNL", SUSPENDED)


def _cluster_channel(obj: Any) -> bool:
    attrs = getattr(obj, "attrs", None)
    return (
        attrs is not None
        and attrs.get("CHLTYPE") in ("CLUSRCVR", "CLUSSDR")
        and bool(attrs.get("CLUSTER") or attrs.get("CLUSNL"))
    )


def note(ctx: Ctx, what: str = "LOCAL") -> None:
    """A command changed what this queue manager tells its clusters: a command message for
    the repository manager on SYSTEM.CLUSTER.COMMAND.QUEUE (it waits there while the channel
    initiator is stopped)."""
    if ctx.txn.get("qlocal", COMMAND_QUEUE) is None:
        return  # no cluster system queues (a queue manager built without CSQINP2's)
    _put_command(ctx, COMMAND_QUEUE, {"op": what, "by": ctx.spec.verb if ctx.spec else ""})


def _put_command(ctx: Ctx, queue: str, payload: Mapping[str, Any], dest: str = "") -> int:
    data = json.dumps(payload, sort_keys=True, separators=(",", ":")).encode()
    body = Body(data, bodies.new_msgid(ctx), bodies.NO_ID, put_time=ctx.stamp())
    done = privateq.put(ctx, queue, 1, len(data), persistent=True, dest=dest, body=body)
    return done.done


# ---- the repository, as the repository manager changes it ---------------------------------------
@dataclass(slots=True)
class Working:
    """The repository while the repository manager works on it: its records and the runs
    that hold them, kept up to date as records are written and removed."""

    ctx: Ctx
    records: dict[tuple[str, str, str, str], Record]
    runs: dict[tuple[str, str, str, str], int]
    changed: int = 0

    @classmethod
    def of(cls, ctx: Ctx) -> Working:
        repo = repository.view(ctx.txn)
        return cls(ctx, dict(repo.records), dict(repo.runs))

    def write(self, record: Record) -> None:
        """Keep a record: its message replaces the one that held the record before."""
        self.remove(record.key)
        data = record.encoded()
        body = Body(data, bodies.new_msgid(self.ctx), bodies.NO_ID, put_time=self.ctx.stamp())
        done = privateq.put(self.ctx, REPOSITORY_QUEUE, 1, len(data), persistent=True, body=body)
        if not done.done:
            return  # the repository queue is full or unusable: the record is not kept
        store = self.ctx.txn.get("messages", REPOSITORY_QUEUE)
        self.records[record.key] = record
        self.runs[record.key] = store.runs[-1].id
        self.changed += 1

    def remove(self, key: tuple[str, str, str, str]) -> bool:
        run = self.runs.pop(key, None)
        self.records.pop(key, None)
        if run is None:
            return False
        privateq.take_one(self.ctx, REPOSITORY_QUEUE, run)
        self.changed += 1
        return True

    def of_kind(self, kind: str, cluster: str) -> list[Record]:
        return sorted(
            (r for r in self.records.values() if r.kind == kind and r.cluster == cluster),
            key=lambda r: (r.name, r.qmname, r.qmid),
        )

    def host(self, cluster: str, qmid: str) -> Record | None:
        return next(
            (
                r
                for r in self.records.values()
                if r.kind == QMGR and r.cluster == cluster and r.qmid == qmid
            ),
            None,
        )


@dataclass(slots=True)
class Outbox:
    """Publications to send, grouped by the queue manager and channel they go to."""

    parcels: dict[tuple[str, str, str], list[Record]] = field(default_factory=dict)
    refresh: set[tuple[str, str, str]] = field(default_factory=set)

    def add(self, qmname: str, channel: str, cluster: str, records: Iterable[Record]) -> None:
        box = self.parcels.setdefault((qmname, channel, cluster), [])
        seen = {r.key for r in box}
        for record in records:
            if record.key not in seen:
                box.append(record)
                seen.add(record.key)


def _targets(ctx: Ctx, work: Working, cluster: str) -> list[tuple[str, str]]:
    """Where this queue manager sends its own publications for a cluster: the full
    repositories it knows (but itself), and, through a manually defined cluster-sender that
    leads to no queue manager it knows yet, whoever that channel reaches ("*")."""
    own = repository.qmid(ctx.qm.name)
    hosts = work.of_kind(QMGR, cluster)
    found = [
        (r.qmname, str(r.get("CHANNEL")))
        for r in hosts
        if r.get("QMTYPE") == "REPOS" and r.qmid != own
    ]
    known = {str(r.get("CHANNEL")) for r in hosts}
    for channel in sorted(ctx.txn.values("channel"), key=lambda c: c.name):
        if (
            channel.get("CHLTYPE") == "CLUSSDR"
            and cluster in repository.clusters_of(ctx.txn, channel)
            and channel.name not in known
        ):
            found.append(("*", channel.name))
    return found


def _route(work: Working, cluster: str, qmid: str) -> tuple[str, str] | None:
    host = work.host(cluster, qmid)
    if host is None or not host.get("CHANNEL"):
        return None
    return host.qmname, str(host.get("CHANNEL"))


# ---- the repository manager's turn --------------------------------------------------------------
def work_waiting(
    qm_attrs: Mapping[str, Any], tables: Mapping[str, Any], clock: Callable[[], dt.datetime]
) -> bool:
    """Whether the repository manager of a queue manager (its attributes and tables, as
    committed; ``clock``: its clock) has something to do now: commands waiting, records
    falling due, messages waiting on SYSTEM.CLUSTER.TRANSMIT.QUEUE for a channel that is not
    started. A network asks after every command, put and get, for every member: nothing is
    allocated on the way to "no"."""
    chinit = tables["qmgr"][None].chinit
    if not chinit.active:
        return False
    messages = tables["messages"]
    commands = messages.get(COMMAND_QUEUE)
    if commands is not None and commands.runs:
        return True
    due = qm_attrs.get(DUE)
    if due and str(due) <= clock().strftime(STAMP):
        return True
    sctq = messages.get(repository.TRANSMIT_QUEUE)
    if sctq is None or not sctq.runs:
        return False
    statuses = chinit.statuses
    for run in sctq.runs:
        channel = repository.dest_channel(run.dest) if run.count else ""
        if channel and channel not in statuses:
            return True
    return False


def manage(ctx: Ctx) -> None:
    """One turn of the repository manager (docs/clusters.md): the commands waiting on
    SYSTEM.CLUSTER.COMMAND.QUEUE, this queue manager's own records against its definitions,
    records falling due, publications sent, cluster-sender channels started."""
    if not channelstate.chinit_of(ctx).active:
        return
    commands = _take_commands(ctx)
    work = Working.of(ctx)
    out = Outbox()
    refreshing = any(c.get("op") == "REFRESH" for c in commands)
    publish_own(ctx, work, out, refresh=refreshing)
    for payload in commands:
        if payload.get("op") == "PUBLISH":
            receive(ctx, work, out, payload)
    _expire(ctx, work)
    _send(ctx, out)
    _start_waiting(ctx)
    _set_due(ctx, work)
    member = "YES" if repository.member_clusters(ctx.txn) else None
    if channelstate.qmgr_attrs(ctx).get(repository.MEMBER) != member:
        channelstate.set_attrs(ctx, **{repository.MEMBER: member})


def _take_commands(ctx: Ctx) -> list[dict[str, Any]]:
    """Every message on SYSTEM.CLUSTER.COMMAND.QUEUE, got, in order; those that hold no
    repository command are discarded (IBM MQ's repository manager reports them, CSQX4nn)."""
    store = ctx.txn.get("messages", COMMAND_QUEUE)
    if store is None or not store.depth:
        return []
    found: list[dict[str, Any]] = []
    wanted = {}
    for run in store.runs:
        if not run.count:
            continue
        wanted[run.id] = run.count
        if run.body is not None:
            try:
                payload = json.loads(run.body.data)
            except ValueError:
                continue
            if isinstance(payload, dict):
                found.append(payload)
    privateq.get_runs(ctx, COMMAND_QUEUE, wanted)
    return found


def publish_own(ctx: Ctx, work: Working, out: Outbox, *, refresh: bool = False) -> None:
    """This queue manager's records against its definitions: a new or changed one is kept
    with the next sequence number and published, one whose definition went is published
    deleted; at 27 days every one is published again (IBM "REFRESH CLUSTER": "at 27 day
    intervals ... the cluster objects automatically send status updates"). ``refresh``: all of
    them, asking the full repositories to send back what this queue manager subscribed to."""
    own = repository.qmid(ctx.qm.name)
    now = ctx.qm.clock()
    stamp = ctx.stamp()
    wanted = own_records(ctx)
    held = {k: r for k, r in work.records.items() if r.qmid == own}
    changed: list[Record] = []
    for key, record in wanted.items():
        old = held.get(key)
        if old is not None and old.same(record) and not refresh and not _falls_due(old, now, 27):
            continue
        new = record.renewed(
            seq=(old.seq + 1) if old else 1,
            published=stamp,
            known=old.known if old is not None and old.same(record) else stamp,
        )
        work.write(new)
        changed.append(new)
    for key, old in held.items():
        if old.kind == SUB:
            if refresh or _falls_due(old, now, 27):
                new = old.renewed(seq=old.seq + 1, published=stamp)
                work.write(new)
                changed.append(new)
            continue
        if key not in wanted:
            work.remove(key)
            changed.append(old.renewed(seq=old.seq + 1, published=stamp, deleted=True))
    by_cluster: dict[str, list[Record]] = {}
    for record in changed:
        by_cluster.setdefault(record.cluster, []).append(record)
    repos = repository.repository_clusters(ctx.txn)
    told = dict(channelstate.qmgr_attrs(ctx).get(repository.TOLD, {}))
    clusters = sorted(set(by_cluster) | {r.cluster for r in work.records.values() if r.qmid == own})
    for cluster in clusters:
        records = by_cluster.get(cluster, [])
        mine = [r for r in work.records.values() if r.qmid == own and r.cluster == cluster]
        targets = _targets(ctx, work, cluster)
        before = set(told.get(cluster, ()))
        for qmname, channel in targets:
            # A full repository not told yet (a cluster-sender just defined, one the cluster
            # just named) hears all of this queue manager's records.
            parcel = records if channel in before else mine
            if parcel:
                out.add(qmname, channel, cluster, parcel)
            if refresh:
                out.refresh.add((qmname, channel, cluster))
        now_told = sorted({channel for _, channel in targets})
        if now_told:
            told[cluster] = now_told
        else:
            told.pop(cluster, None)
        if cluster in repos and records:
            _distribute(ctx, work, out, records, origin=own)
    if told != channelstate.qmgr_attrs(ctx).get(repository.TOLD, {}):
        channelstate.set_attrs(ctx, **{repository.TOLD: told or None})


def _falls_due(record: Record, now: dt.datetime, days: int) -> bool:
    when = moment(record.published, now) if record.published else None
    return when is not None and now >= when + dt.timedelta(days=days)


def receive(ctx: Ctx, work: Working, out: Outbox, payload: Mapping[str, Any]) -> None:
    """A publication from another queue manager's repository manager."""
    own = repository.qmid(ctx.qm.name)
    sender, sender_id = str(payload.get("from", "")), str(payload.get("fromid", ""))
    sender_repos = set(payload.get("repos", ()))
    members = set(repository.member_clusters(ctx.txn))
    repos = repository.repository_clusters(ctx.txn)
    resets = channelstate.qmgr_attrs(ctx).get(RESET_AT, {})
    now = ctx.qm.clock()
    records = [Record.from_json(r) for r in payload.get("records", ())]
    by_cluster: dict[str, list[Record]] = {}
    for record in records:
        by_cluster.setdefault(record.cluster, []).append(record)
    for cluster, batch in sorted(by_cluster.items()):
        full = cluster in repos
        if cluster not in members and not full:
            continue
        if not full and cluster not in sender_repos:
            # Only a full repository takes what a queue manager publishes of itself (IBM
            # "Cluster-sender channels": a manually defined cluster-sender must lead to a full
            # repository); this one is not one for the cluster.
            ctx.console("MQSC393E", csect="CSQXREPO", qmgr=sender, cluster=cluster, me=ctx.qm.name)
            continue
        taken: list[Record] = []
        new_qmgr = False
        for record in batch:
            if record.qmid == own:
                continue  # this queue manager's own records are its definitions'
            reset = resets.get(record.qmid)
            if reset and not record.deleted and _within(reset, now, REJOIN_SECONDS):
                continue
            old = work.records.get(record.key)
            if old is not None and old.seq >= record.seq:
                continue
            if record.deleted:
                if work.remove(record.key):
                    taken.append(record)
                continue
            if old is None and record.kind == QMGR and record.qmid == sender_id:
                new_qmgr = True
            kept = record.renewed(
                known=old.known if old is not None and old.same(record) else ctx.stamp()
            )
            work.write(kept)
            taken.append(kept)
        if full:
            _distribute(ctx, work, out, taken, origin=sender_id)
            _answer(ctx, work, out, cluster, sender_id, taken, new_qmgr, payload)


def _within(stamp: str, now: dt.datetime, seconds: int) -> bool:
    when = moment(stamp, now)
    return when is not None and now < when + dt.timedelta(seconds=seconds)


def _distribute(
    ctx: Ctx, work: Working, out: Outbox, records: list[Record], *, origin: str
) -> None:
    """A full repository passes on what changed: to the other full repositories what it got
    from the owner (or made itself), and to each queue manager that must know it: a queue's
    subscribers, the queue managers that know of a queue manager's queues, every member for a
    full repository's own record or a cluster topic."""
    own = repository.qmid(ctx.qm.name)
    for record in records:
        cluster = record.cluster
        dests: set[str] = set()
        if origin in (record.qmid, own):
            dests |= {r.qmid for r in work.of_kind(QMGR, cluster) if r.get("QMTYPE") == "REPOS"}
        if record.kind == QUEUE:
            dests |= _subscribers(work, cluster, {record.name})
        elif record.kind == TOPIC or (record.kind == QMGR and record.get("QMTYPE") == "REPOS"):
            dests |= {r.qmid for r in work.of_kind(QMGR, cluster)}
        elif record.kind == QMGR:
            hosted = {r.name for r in work.of_kind(QUEUE, cluster) if r.qmid == record.qmid}
            dests |= _subscribers(work, cluster, hosted)
        for qmid in sorted(dests - {own, origin, record.qmid}):
            route = _route(work, cluster, qmid)
            if route is not None:
                out.add(route[0], route[1], cluster, [record])


def _subscribers(work: Working, cluster: str, names: set[str]) -> set[str]:
    return {r.qmid for r in work.of_kind(SUB, cluster) if r.name in names}


def _answer(
    ctx: Ctx,
    work: Working,
    out: Outbox,
    cluster: str,
    sender_id: str,
    taken: list[Record],
    joined: bool,
    payload: Mapping[str, Any],
) -> None:
    """What a full repository sends back: to a queue manager that joined (or refreshed), the
    full repositories and the cluster topics; to a full repository, everything; for each new
    subscription, the queue's instances and their queue managers."""
    route = _route(work, cluster, sender_id)
    if route is None:
        return
    refresh = bool(payload.get("refresh"))
    back: list[Record] = []
    if joined or refresh:
        back += [r for r in work.of_kind(QMGR, cluster) if r.get("QMTYPE") == "REPOS"]
        back += work.of_kind(TOPIC, cluster)
    if cluster in set(payload.get("repos", ())) and (joined or refresh):
        back += [r for r in work.records.values() if r.cluster == cluster]
    wanted = {r.name for r in taken if r.kind == SUB and r.qmid == sender_id}
    if refresh:
        wanted |= {r.name for r in work.of_kind(SUB, cluster) if r.qmid == sender_id}
    for queue in work.of_kind(QUEUE, cluster):
        if queue.name in wanted:
            back.append(queue)
            host = work.host(cluster, queue.qmid)
            if host is not None:
                back.append(host)
    back = [r for r in back if r.qmid != sender_id]
    if back:
        out.add(route[0], route[1], cluster, back)


def _expire(ctx: Ctx, work: Working) -> None:
    """Records of other queue managers not published again for 30 days go."""
    own = repository.qmid(ctx.qm.name)
    now = ctx.qm.clock()
    for key, record in list(work.records.items()):
        if record.qmid != own and _falls_due(record, now, repository.EXPIRE_DAYS):
            work.remove(key)


def _send(ctx: Ctx, out: Outbox) -> None:
    """Each parcel as one message for the target's SYSTEM.CLUSTER.COMMAND.QUEUE, on the
    cluster-sender channel's transmission queue; the channel starts if it is not running."""
    me = ctx.qm.name
    payload_base = {
        "op": "PUBLISH",
        "from": me,
        "fromid": repository.qmid(me),
        "repos": sorted(repository.repository_clusters(ctx.txn)),
    }
    for (qmname, channel, cluster), records in sorted(out.parcels.items()):
        if not records:
            continue
        xmitq = clusterput.transmission_queue(ctx, channel)
        if xmitq is None:
            continue
        payload = {
            **payload_base,
            "cluster": cluster,
            "refresh": (qmname, channel, cluster) in out.refresh,
            "records": [r.to_json() for r in records],
        }
        if _put_command(ctx, xmitq, payload, dest=f"{qmname} {COMMAND_QUEUE} {channel}"):
            clusterput.start(ctx, channel)


def _start_waiting(ctx: Ctx) -> None:
    """Cluster-sender channels with messages waiting for them, inactive, start (the channel
    initiator's answer to a triggered cluster transmission queue)."""
    statuses = channelstate.chinit_of(ctx).statuses
    for channel in sorted(repository.cluster_senders(ctx.txn)):
        if channel in statuses:
            continue
        xmitq = repository.xmitq_for(ctx.txn, channel)
        if channel in repository.waiting_for(ctx.txn.get("messages", xmitq)):
            clusterput.start(ctx, channel)


def _set_due(ctx: Ctx, work: Working) -> None:
    """When the repository manager must look again: the next republication or expiry."""
    own = repository.qmid(ctx.qm.name)
    now = ctx.qm.clock()
    times = []
    for record in work.records.values():
        when = moment(record.published, now) if record.published else None
        if when is not None:
            days = repository.REPUBLISH_DAYS if record.qmid == own else repository.EXPIRE_DAYS
            times.append(when + dt.timedelta(days=days))
    due = min(times).strftime(STAMP) if times else None
    if channelstate.qmgr_attrs(ctx).get(DUE) != due:
        channelstate.set_attrs(ctx, **{DUE: due})


# ---- an MQOPEN of a queue the repository does not know ------------------------------------------
def request(ctx: Ctx, queue: str) -> bool:
    """A partial repository subscribes to a queue name at the full repositories of each of
    its clusters (IBM: a queue manager asks a full repository for the information it needs the
    first time an application opens a cluster queue); False when there is nobody to ask, or
    it asked already."""
    if not channelstate.chinit_of(ctx).active:
        return False
    own = repository.qmid(ctx.qm.name)
    work = Working.of(ctx)
    out = Outbox()
    stamp = ctx.stamp()
    for cluster in repository.member_clusters(ctx.txn):
        key = (SUB, cluster, own, queue)
        if key in work.records:
            continue
        targets = [t for t in _targets(ctx, work, cluster) if t[0] != "*"]
        if not targets:
            continue
        record = Record(SUB, cluster, queue, ctx.qm.name, own, {}, 1, stamp, stamp)
        work.write(record)
        for qmname, channel in targets:
            out.add(qmname, channel, cluster, [record])
    if not out.parcels:
        return False
    _send(ctx, out)
    _set_due(ctx, work)
    return True


# ---- commands -----------------------------------------------------------------------------------
def require_chinit(ctx: Ctx) -> None:
    """The cluster commands need the channel initiator, which runs the repository manager:
    CSQM131I otherwise, as the absent answer (IBM "RESET CLUSTER" usage notes: "On z/OS, the
    command fails if the channel initiator has not been started")."""
    if not channelstate.chinit_of(ctx).active:
        raise ctx.fail("CSQM131I")


def member_of(ctx: Ctx, pattern: str) -> tuple[str, ...]:
    """The clusters of this queue manager a (generic) cluster name names; MQSC386E when none."""
    found = tuple(c for c in repository.member_clusters(ctx.txn) if _matches(pattern, c))
    if not found:
        raise ctx.fail("MQSC386E", qmgr=ctx.qm.name, cluster=pattern)
    return found


def _matches(pattern: str, name: str) -> bool:
    return name.startswith(pattern[:-1]) if pattern.endswith("*") else name == pattern


def suspend_command(ctx: Ctx) -> None:
    """SUSPEND QMGR / RESUME QMGR CLUSTER(name) or CLUSNL(namelist): each cluster named must
    be one this queue manager is in (MQSC386E, nothing changes)."""
    require_chinit(ctx)
    cmd = ctx.cmd
    suspending = cmd.verb == "SUSPEND"
    if cmd.get("CLUSTER") is not None:
        names: tuple[str, ...] = (str(cmd.get("CLUSTER")),)
    else:
        names = repository.names_in(ctx.txn, "", cmd.get("CLUSNL"))
        if not names:
            raise ctx.not_found("NAMELIST", cmd.get("CLUSNL"), keyword="CLUSNL")
    members = set(repository.member_clusters(ctx.txn))
    for cluster in names:
        if cluster not in members:
            raise ctx.fail("MQSC386E", qmgr=ctx.qm.name, cluster=cluster)
    mode = str(cmd.get("MODE", "QUIESCE"))
    suspend(ctx, names, mode, suspending)
    for cluster in names:
        if suspending:
            ctx.say("MQSC384I", qmgr=ctx.qm.name, cluster=cluster, mode=mode)
        else:
            ctx.say("MQSC385I", qmgr=ctx.qm.name, cluster=cluster)


def suspend(ctx: Ctx, clusters: tuple[str, ...], mode: str, suspending: bool) -> None:
    """SUSPEND QMGR / RESUME QMGR for clusters this queue manager is a member of (IBM "SUSPEND
    QMGR": "advise other queue managers in a cluster to avoid sending messages to the local
    queue manager if possible"; MODE(FORCE) "forcibly stops all inbound channels from other
    queue managers in the cluster"). Its queue manager record, published again, carries
    SUSPEND(YES) or SUSPEND(NO)."""
    held = dict(repository.suspended(ctx.txn))
    for cluster in clusters:
        if suspending:
            held[cluster] = mode
        else:
            held.pop(cluster, None)
    channelstate.set_attrs(ctx, **{SUSPENDED: held or None})
    statuses = channelstate.chinit_of(ctx).statuses
    for channel in repository.receivers(ctx.txn):
        if not set(repository.clusters_of(ctx.txn, channel)) & set(clusters):
            continue
        status = statuses.get(channel.name)
        if suspending and mode == "FORCE":
            for key in sorted(statuses):
                if key != channel.name and channelstate.channel_of(key) == channel.name:
                    channelstate.set_status(ctx, key, None)
                    ctx.console("MQSC348I", csect="CSQXRESP", channel=channel.name)
            was = status.status if status else None
            stopped = replace(status or ChannelStatus("CLUSRCVR"), status="STOPPED")
            channelstate.set_status(ctx, channel.name, stopped)
            if was not in (None, "STOPPED"):
                ctx.console("MQSC348I", csect="CSQXRESP", channel=channel.name)
        elif not suspending and status is not None and status.status == "STOPPED":
            channelstate.set_status(ctx, channel.name, None)


def refresh(ctx: Ctx, clusters: tuple[str, ...], repos: bool) -> int:
    """REFRESH CLUSTER (IBM "REFRESH CLUSTER"): what this queue manager holds of other queue
    managers' objects goes, but the full repositories' queue manager records (those too with
    REPOS(YES)); a full repository keeps every queue manager record. Records of queue
    managers messages wait for on a cluster transmission queue stay (their channels are not
    removed). Its own records are published again, asking the full repositories for what it
    subscribed to, which rebuilds the rest. Returns how many records went."""
    own = repository.qmid(ctx.qm.name)
    full = repository.repository_clusters(ctx.txn)
    waiting = repository.waiting_for(ctx.txn.get("messages", repository.TRANSMIT_QUEUE))
    work = Working.of(ctx)
    gone = 0
    for key, record in list(work.records.items()):
        if record.cluster not in clusters or record.qmid == own:
            continue
        if record.kind == QMGR:
            if record.cluster in full:
                continue
            if record.get("QMTYPE") == "REPOS" and not repos:
                continue
            if str(record.get("CHANNEL", "")) in waiting:
                continue
        work.remove(key)
        gone += 1
    _put_command(ctx, COMMAND_QUEUE, {"op": "REFRESH", "clusters": list(clusters)})
    return gone


def force_remove(ctx: Ctx, cluster: str, targets: list[Record], queues: bool) -> tuple[Record, int]:
    """RESET CLUSTER ACTION(FORCEREMOVE) on a full repository: the queue manager's record
    (and with QUEUES(YES) its queues and topics) goes here and, published deleted, from the
    other full repositories and the queue managers that know it."""
    target = targets[0]
    work = Working.of(ctx)
    out = Outbox()
    stamp = ctx.stamp()
    removed: list[Record] = []
    kinds = (QMGR, SUB, QUEUE, TOPIC) if queues else (QMGR, SUB)
    for key, record in list(work.records.items()):
        if record.cluster == cluster and record.qmid == target.qmid and record.kind in kinds:
            work.remove(key)
            removed.append(record.renewed(seq=record.seq + 1, published=stamp, deleted=True))
    _distribute(ctx, work, out, removed, origin=repository.qmid(ctx.qm.name))
    _send(ctx, out)
    resets = dict(channelstate.qmgr_attrs(ctx).get(RESET_AT, {}))
    resets[target.qmid] = stamp
    channelstate.set_attrs(ctx, **{RESET_AT: resets})
    return target, sum(1 for r in removed if r.kind in (QUEUE, TOPIC))


def negotiated(ctx: Ctx, channel: str, partner: str, partner_repos: frozenset[str]) -> None:
    """A manually defined cluster-sender channel has met its partner (the channels exchange
    their queue managers' cluster information when they start): if the partner is not a full
    repository for each cluster of the channel, the channel does not lead to a repository
    (IBM "Cluster-sender channels": a manually defined CLUSSDR "must point to a full
    repository"), which the console says once per start of the channel."""
    status = channelstate.chinit_of(ctx).statuses.get(channel)
    if status is None or status.checked:
        return
    channelstate.set_status(ctx, channel, replace(status, checked=True))
    obj = ctx.txn.get("channel", channel)
    if obj is None:
        return  # an automatically defined one leads where the cluster said
    for cluster in repository.clusters_of(ctx.txn, obj):
        if cluster not in partner_repos:
            ctx.console(
                "MQSC392E", csect="CSQXREPO", channel=channel, cluster=cluster, qmgr=partner
            )


__all__ = ["manage", "note", "refresh", "request", "suspend", "work_waiting"]
